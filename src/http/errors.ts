import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { DomainError, errorBody, toDomainError } from '../errors';
import { safeErrorFields } from '../lib/logger';

/** Body-parser and multipart failures carry a `type` or `code`; map them to the codes of docs/api-contract.md#errors. */
function fromTransportError(err: unknown): DomainError | undefined {
  const e = err as { type?: string; code?: string; status?: number };
  if (e?.type === 'entity.parse.failed') return new DomainError('malformed_json', 'The request body is not valid JSON');
  if (e?.type === 'entity.too.large' || e?.code === 'LIMIT_FILE_SIZE')
    return new DomainError('payload_too_large', 'The request body or file is larger than the configured limit');
  if (e?.type === 'encoding.unsupported' || e?.type === 'charset.unsupported')
    return new DomainError('unsupported_media_type', 'Unsupported request encoding');
  if (typeof e?.code === 'string' && e.code.startsWith('LIMIT_')) return new DomainError('bad_request', 'Malformed multipart request');
  return undefined;
}

/** The one REST error handler: the error body of docs/api-contract.md#errors, rate-limit headers, hidden 500s. */
export function errorHandler(logger: Logger) {
  return (err: unknown, req: Request, res: Response, _next: NextFunction): void => {
    const domain = err instanceof DomainError ? err : (fromTransportError(err) ?? toDomainError(err));
    if (domain.code === 'internal') {
      logger.error({ ...safeErrorFields(err), method: req.method, route: req.route?.path ?? 'unmatched' }, 'unhandled error');
    }
    if (domain.rateLimit) {
      const r = domain.rateLimit;
      res.set({
        'Retry-After': String(r.retryAfterSeconds),
        'X-RateLimit-Limit': String(r.limit),
        'X-RateLimit-Remaining': String(r.remaining),
        'X-RateLimit-Reset': String(r.resetAtUnix),
      });
    }
    if (res.headersSent) return void res.end();
    res.status(domain.status).json(errorBody(domain));
  };
}

export function notFoundHandler(_req: Request, _res: Response, next: NextFunction): void {
  next(new DomainError('not_found', 'No such route'));
}
