/**
 * The one error table. Services throw DomainError with a code from here; the REST error handler
 * maps it to an HTTP status through ERROR_CODES and Apollo's formatError puts the same code in
 * `extensions.code` (with the status in `extensions.http_status`). Services import nothing from HTTP.
 */
export const ERROR_CODES = {
  bad_request: { status: 400 },
  malformed_json: { status: 400 },
  /** A GraphQL request over the depth, alias, directive, token or cost limits (README, Operations). */
  query_too_complex: { status: 400 },
  unauthenticated: { status: 401 },
  forbidden: { status: 403 },
  license_inactive: { status: 403 },
  not_found: { status: 404 },
  conflict: { status: 409 },
  payload_too_large: { status: 413 },
  unsupported_media_type: { status: 415 },
  validation_failed: { status: 422 },
  file_too_complex: { status: 422 },
  quota_exceeded: { status: 429 },
  rate_limited: { status: 429 },
  internal: { status: 500 },
  unavailable: { status: 503 },
  service_busy: { status: 503, retryAfterSeconds: 2 },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** Seconds a client should wait before retrying, for codes that say so (sent as Retry-After). */
export function retryAfterFor(code: ErrorCode): number | undefined {
  const entry = ERROR_CODES[code];
  return 'retryAfterSeconds' in entry ? entry.retryAfterSeconds : undefined;
}

/** One problem with one input field (422 details). */
export interface FieldProblem {
  field: string;
  problem: string;
}

/** Extra data some errors carry: rate-limit headers and retry_after. */
export interface RateLimitInfo {
  retryAfterSeconds: number;
  limit: number;
  remaining: number;
  resetAtUnix: number;
}

/** A business error: a code from the table, a message safe to show (never content or secrets). */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: FieldProblem[],
    readonly rateLimit?: RateLimitInfo,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  get status(): number {
    return ERROR_CODES[this.code].status;
  }
}

/** Error body (docs/api-contract.md#errors): {"error": {code, message, details?}}, plus retry_after on 429. */
export function errorBody(err: DomainError): Record<string, unknown> {
  const body: Record<string, unknown> = {
    error: { code: err.code, message: err.message, ...(err.details?.length ? { details: err.details } : {}) },
  };
  if (err.rateLimit) body.retry_after = err.rateLimit.retryAfterSeconds;
  return body;
}

/** Maps anything thrown to a DomainError; unknown errors become a 500 whose message is hidden. */
export function toDomainError(err: unknown): DomainError {
  if (err instanceof DomainError) return err;
  return new DomainError('internal', 'Internal server error');
}

export const validationFailed = (details: FieldProblem[], message = 'Validation failed') =>
  new DomainError('validation_failed', message, details);
export const notFound = (what: string) => new DomainError('not_found', `${what} not found`);
export const forbidden = (message = 'This credential cannot access that resource') =>
  new DomainError('forbidden', message);
export const unauthenticated = (message = 'Missing or invalid credential') =>
  new DomainError('unauthenticated', message);
