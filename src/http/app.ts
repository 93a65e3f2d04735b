import express, { Express, Router } from 'express';
import swaggerUi from 'swagger-ui-express';
import { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import type { Runtime } from '../runtime';
import { mount, RouteDef } from '../rest/route';
import { buildOpenApiDocument, type OpenApiDocument } from '../rest/openapi';
import { restRoutes } from '../rest/routes';
import { createMetrics } from './metrics';
import { errorHandler, notFoundHandler } from './errors';
import { mountGraphql } from './graphql';
import { mountQueueBoard } from './queue-board';
import { mountConsole } from './console';
import { jsonBody } from './transport';

export interface HttpApp {
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
  const api = Router();
  const defs = [...restRoutes(rt.services, rt.config), ...extraRoutes];
  // Checks are admitted before their body is read: their routes parse their own bodies.
  const admitFirst = new Set(defs.filter((d) => d.admitFirst).flatMap((d) => d.paths));
  const json = jsonBody(rt.config.maxBodyBytes);
  api.use((req, res, next) => (admitFirst.has(req.path) ? next() : json(req, res, next)));
  for (const def of defs) mount(api, registry, rt.services, def);
  const openapi = buildOpenApiDocument(registry);
  app.get('/openapi.json', (_req, res) => void res.json(openapi));
  app.use('/docs', swaggerUi.serve, swaggerUi.setup({ ...openapi }, { customSiteTitle: 'Preflight API' }));
  mountQueueBoard(app, rt.services);
  app.use(api);
  mountConsole(app);

  app.use(notFoundHandler);
  app.use(errorHandler(rt.logger));
  return {
    app,
    openapi,
    async stop() {
      await apollo.stop();
    },
  };
}
