import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { Counter, Histogram, Registry } from 'prom-client';

/** HTTP metrics in the runtime's registry (one per runtime: tests build many in one process). */
export function createMetrics(registry: Registry) {
  const requests = new Counter({
    name: 'preflight_http_requests_total',
    help: 'HTTP requests by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'preflight_http_request_duration_seconds',
    help: 'HTTP request latency by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  /** Counts the request when its answer is sent; `route` gives its route pattern once known. */
  function track(req: IncomingMessage, res: ServerResponse, route: string | (() => string)): void {
    const started = performance.now();
    res.once('finish', () => {
      const r = typeof route === 'string' ? route : route();
      const method = req.method ?? '';
      latency.observe({ method, route: r }, (performance.now() - started) / 1000);
      requests.inc({ method, route: r, status: String(res.statusCode) });
    });
  }
  /** Labels use the route pattern, never the raw URL (ids and tokens stay out of metrics). */
  function middleware(req: Request, res: Response, next: NextFunction): void {
    track(req, res, () =>
      // Inside app.use('/graphql', ...) req.path is '/' (the mount path is stripped), so test originalUrl.
      req.route?.path
        ? `${req.baseUrl}${req.route.path}`
        : req.originalUrl.split('?')[0] === '/graphql'
          ? '/graphql'
          : 'unmatched',
    );
    next();
  }
  return { registry, middleware, track };
}
