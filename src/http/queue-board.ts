import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Express, NextFunction, Request, RequestHandler, Response } from 'express';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { DomainError, forbidden } from '../errors';
import type { Services } from '../services';
import { bearerOrSession, sessionToken } from './session';

export const QUEUE_BOARD_PATH = '/admin/queues';

/**
 * The BullMQ board for operators (docs/api-contract.md#surfaces), behind the operator key: as a bearer
 * token, as the password of HTTP Basic auth (any user name), or the operator's console session.
 * Read-only: the delivery outbox is the source of truth, so retrying a job here would not
 * redeliver a dead-lettered event (POST .../forwarding-destinations/{id}/redeliver does).
 */
export function mountQueueBoard(app: Express, services: Services): void {
  const guard = async (req: Request, res: Response, next: NextFunction) => {
    try {
      const header = req.get('authorization');
      if (!header && sessionToken(req)) {
        const principal = await bearerOrSession(req, services);
        if (principal.kind !== 'operator') throw forbidden('The queue board needs the operator key');
        return next();
      }
      const basic = header && /^Basic\s+(\S+)\s*$/i.exec(header);
      let bearer = header;
      if (basic) {
        const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
        bearer = `Bearer ${decoded.slice(decoded.indexOf(':') + 1)}`;
      }
      const principal = await services.auth.fromBearer(bearer);
      if (principal.kind !== 'operator') throw forbidden('The queue board needs the operator key');
      next();
    } catch (err) {
      if (err instanceof DomainError && err.code === 'unauthenticated') {
        res.set('WWW-Authenticate', 'Basic realm="Preflight queues", charset="UTF-8"');
      }
      next(err);
    }
  };
  if (services.forwarding.driverKind !== 'bullmq') {
    app.use(QUEUE_BOARD_PATH, guard, (_req: Request, _res: Response, next: NextFunction) =>
      next(new DomainError('not_found', 'The queue board needs REDIS_URL: without it deliveries are scheduled in-process')),
    );
    return;
  }
  // Built on the first authorized request, so the queues are not opened for nothing.
  let board: RequestHandler | undefined;
  app.use(QUEUE_BOARD_PATH, guard, (req: Request, res: Response, next: NextFunction) => {
    if (!board) {
      const serverAdapter = new ExpressAdapter();
      serverAdapter.setBasePath(QUEUE_BOARD_PATH);
      createBullBoard({
        queues: services.forwarding.queues().map((q) => new BullMQAdapter(q, { readOnlyMode: true })),
        serverAdapter,
        options: { uiConfig: { boardTitle: 'Preflight queues' } },
      });
      serverAdapter.setViewsPath(localFontViews());
      board = serverAdapter.getRouter() as RequestHandler;
    }
    // Nothing outside this host: the console must work on an air-gapped network.
    res.set('Content-Security-Policy', "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:");
    board(req, res, next);
  });
}

/**
 * The board's page template without its link to an outside font host (the board falls back to
 * system fonts), written once to a temporary folder the board renders from.
 */
function localFontViews(): string {
  const uiDist = path.join(path.dirname(require.resolve('@bull-board/ui/package.json')), 'dist');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'preflight-queue-board-'));
  const template = fs.readFileSync(path.join(uiDist, 'index.ejs'), 'utf8');
  fs.writeFileSync(path.join(dir, 'index.ejs'), template.replace(/<link[^>]+https?:\/\/fonts\.[^>]*>\s*/g, ''));
  return dir;
}
