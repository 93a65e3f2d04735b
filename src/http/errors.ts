import type { IncomingMessage, ServerResponse } from 'node:http';
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

/** A JSON answer on Node's response (what Express's res.json sends, without an ETag: answers to POSTs are not cached). */
export function sendJson(res: ServerResponse, status: number, value: unknown): void {
  if (status === 204) {
    res.statusCode = 204;
    res.end();
    return;
  }
  const body = JSON.stringify(value);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}

/**
 * The one REST error writer: the error body of docs/api-contract.md#errors, rate-limit headers,
 * hidden 500s. `route` is the route pattern (never the raw URL) for the log line.
 */
export function writeError(logger: Logger, err: unknown, req: IncomingMessage, res: ServerResponse, route: string): void {
  const domain = err instanceof DomainError ? err : (fromTransportError(err) ?? toDomainError(err));
  if (domain.code === 'internal') {
    logger.error({ ...safeErrorFields(err), method: req.method, route }, 'unhandled error');
  }
  if (res.headersSent) return void res.end();
  if (domain.rateLimit) for (const [name, value] of Object.entries(rateLimitHeaders(domain.rateLimit))) res.setHeader(name, value);
  const retryAfter = retryAfterFor(domain.code);
  if (retryAfter !== undefined) res.setHeader('Retry-After', String(retryAfter));
  sendJson(res, domain.status, errorBody(domain));
}

/** writeError as Express's error handler. */
export function errorHandler(logger: Logger) {
  return (err: unknown, req: Request, res: Response, _next: NextFunction): void =>
    writeError(logger, err, req, res, req.route?.path ?? 'unmatched');
}

export function notFoundHandler(_req: Request, _res: Response, next: NextFunction): void {
  next(new DomainError('not_found', 'No such route'));
}
