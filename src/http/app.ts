import type { RequestListener } from 'node:http';
import express, { Express, Router } from 'express';
import swaggerUi from 'swagger-ui-express';
import { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import type { Runtime } from '../runtime';
import { mount, type DirectRoutes, type RouteDef } from '../rest/route';
import { buildOpenApiDocument, type OpenApiDocument } from '../rest/openapi';
import { restRoutes } from '../rest/routes';
import { createMetrics } from './metrics';
import { errorHandler, notFoundHandler, writeError } from './errors';
import { mountGraphql } from './graphql';
import { mountQueueBoard } from './queue-board';
import { mountConsole } from './console';
import { jsonBody } from './transport';

export interface HttpApp {
  /** What the server listens with: check routes dispatched directly, everything else through `app`. */
  handler: RequestListener;
  app: Express;
  openapi: OpenApiDocument;
  stop(): Promise<void>;
}

/** Builds the HTTP surface: REST, GraphQL, OpenAPI, docs, health and metrics over one service layer. */
export async function createHttpApp(rt: Runtime, extraRoutes: RouteDef[] = []): Promise<HttpApp> {
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'extended');
  const metrics = createMetrics(rt.deps.metrics);
  app.use(metrics.middleware);

  app.get('/healthz', (_req, res) => void res.json({ status: 'ok' }));
  app.get('/readyz', async (_req, res) => {
    const checks: Record<string, string> = {};
    try {
      await rt.ds.query('SELECT 1');
      checks.database = 'ok';
    } catch {
      checks.database = 'unreachable';
    }
    for (const [name, probe] of Object.entries(rt.readinessProbes)) {
      checks[name] = (await probe().catch(() => false)) ? 'ok' : 'unreachable';
    }
    const ready = Object.values(checks).every((v) => v === 'ok');
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not_ready', checks });
  });
  app.get('/metrics', async (_req, res) => {
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });

  const apollo = await mountGraphql(app, rt.services, rt.logger, rt.config.maxBodyBytes);

  const registry = new OpenAPIRegistry();
  // Checks are admitted before their body is read: their routes parse their own bodies, so they
  // come before the shared JSON parser.
  const checks = Router();
  const api = Router();
  api.use(jsonBody(rt.config.maxBodyBytes));
  const direct: DirectRoutes = new Map();
  for (const def of [...restRoutes(rt.services, rt.config), ...extraRoutes]) mount(def.admitFirst ? checks : api, registry, rt.services, def, direct);
  const openapi = buildOpenApiDocument(registry);
  app.get('/openapi.json', (_req, res) => void res.json(openapi));
  app.use('/docs', swaggerUi.serve, swaggerUi.setup({ ...openapi }, { customSiteTitle: 'Preflight API' }));
  mountQueueBoard(app, rt.services);
  app.use(checks);
  app.use(api);
  mountConsole(app);

  app.use(notFoundHandler);
  app.use(errorHandler(rt.logger));
  /**
   * The check routes' exact paths skip Express: its per-request set-up and router walk cost more
   * than a whole check's HTTP handling (bench/README.md, http-load). Other spellings of those
   * paths (a trailing slash, capitals) reach the same handlers through Express.
   */
  const handler: RequestListener = (req, res) => {
    const url = req.url ?? '';
    const q = url.indexOf('?');
    const route = direct.get(`${req.method} ${q < 0 ? url : url.slice(0, q)}`);
    if (!route) return void app(req, res);
    metrics.track(req, res, route.pattern);
    route.handle(req, res, (err) => writeError(rt.logger, err, req, res, route.pattern));
  };
  return {
    handler,
    app,
    openapi,
    async stop() {
      await apollo.stop();
    },
  };
}
