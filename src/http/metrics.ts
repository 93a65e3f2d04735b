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
  /** Labels use the route pattern, never the raw URL (ids and tokens stay out of metrics). */
  function middleware(req: Request, res: Response, next: NextFunction): void {
    const end = latency.startTimer();
    res.on('finish', () => {
      // Inside app.use('/graphql', ...) req.path is '/' (the mount path is stripped), so test originalUrl.
      const route = req.route?.path
        ? `${req.baseUrl}${req.route.path}`
        : req.originalUrl.split('?')[0] === '/graphql'
          ? '/graphql'
          : 'unmatched';
      end({ method: req.method, route });
      requests.inc({ method: req.method, route, status: String(res.statusCode) });
    });
    next();
  }
  return { registry, middleware };
}
