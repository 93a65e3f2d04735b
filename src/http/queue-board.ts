import type { Express, NextFunction, Request, RequestHandler, Response } from 'express';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { DomainError, forbidden } from '../errors';
import type { Services } from '../services';

export const QUEUE_BOARD_PATH = '/admin/queues';

/**
 * The BullMQ board for operators (docs/api-contract.md#surfaces), behind the operator key: as a bearer
 * token, or as the password of HTTP Basic auth (any user name) so a browser can open it.
 * Read-only: the delivery outbox is the source of truth, so retrying a job here would not
 * redeliver a dead-lettered event (POST .../forwarding-destinations/{id}/redeliver does).
 */
export function mountQueueBoard(app: Express, services: Services): void {
  const guard = async (req: Request, res: Response, next: NextFunction) => {
    try {
      const header = req.get('authorization');
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
      board = serverAdapter.getRouter() as RequestHandler;
    }
    board(req, res, next);
  });
}
