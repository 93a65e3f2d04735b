import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { DomainError, errorBody, retryAfterFor, toDomainError, type RateLimitInfo } from '../errors';
import { safeErrorFields } from '../lib/logger';
import { fromTransportError } from './transport';

/** The 429 headers (docs/api-contract.md#errors), for REST and GraphQL alike. */
export function rateLimitHeaders(r: RateLimitInfo): Record<string, string> {
  return {
    'Retry-After': String(r.retryAfterSeconds),
    'X-RateLimit-Limit': String(r.limit),
    'X-RateLimit-Remaining': String(r.remaining),
    'X-RateLimit-Reset': String(r.resetAtUnix),
  };
}

/** The one REST error handler: the error body of docs/api-contract.md#errors, rate-limit headers, hidden 500s. */
export function errorHandler(logger: Logger) {
  return (err: unknown, req: Request, res: Response, _next: NextFunction): void => {
    const domain = err instanceof DomainError ? err : (fromTransportError(err) ?? toDomainError(err));
    if (domain.code === 'internal') {
      logger.error({ ...safeErrorFields(err), method: req.method, route: req.route?.path ?? 'unmatched' }, 'unhandled error');
    }
    if (domain.rateLimit) res.set(rateLimitHeaders(domain.rateLimit));
    const retryAfter = retryAfterFor(domain.code);
    if (retryAfter !== undefined) res.set('Retry-After', String(retryAfter));
    if (res.headersSent) return void res.end();
    res.status(domain.status).json(errorBody(domain));
  };
}

export function notFoundHandler(_req: Request, _res: Response, next: NextFunction): void {
  next(new DomainError('not_found', 'No such route'));
}
