/** Errors only the `Preflight` client throws: the service's answers, transport failures, a blocked `protect()`. */
import { nameErrors, PreflightError } from './errors';

/** 401 or 403: the API key or license key is missing, wrong, or outside its reach. */
export class PreflightAuthenticationError extends PreflightError {}

/** 422: the request did not validate; `details` names each field and problem. */
export class PreflightValidationError extends PreflightError {
  readonly details: Array<{ field: string; problem: string }>;
  constructor(message: string, opts: ConstructorParameters<typeof PreflightError>[1] & { details?: Array<{ field: string; problem: string }> }) {
    super(message, opts);
    this.details = opts.details ?? [];
  }
}

/** 429: rate limited or monthly allowance used; `retryAfter` in seconds when the service said. */
export class PreflightRateLimitError extends PreflightError {
  readonly retryAfter?: number;
  constructor(message: string, opts: ConstructorParameters<typeof PreflightError>[1] & { retryAfter?: number }) {
    super(message, opts);
    this.retryAfter = opts.retryAfter;
  }
}

/** Any other answer of the service that is not a success (5xx after the retries, 404, 409, ...). */
export class PreflightAPIError extends PreflightError {}

/** The service could not be reached (DNS, refused, reset, offline). */
export class PreflightConnectionError extends PreflightError {}

/** No answer within `timeoutMs`. */
export class PreflightTimeoutError extends PreflightConnectionError {}

/** `protect()` / `guardMessages()`: the content may not be sent. `result` says what was found (never values). */
export class PreflightBlockedError extends PreflightError {
  readonly result: unknown;
  constructor(result: { summary: string }) {
    super(result.summary, { code: 'blocked' });
    this.result = result;
  }
}

nameErrors({
  PreflightAuthenticationError,
  PreflightValidationError,
  PreflightRateLimitError,
  PreflightAPIError,
  PreflightConnectionError,
  PreflightTimeoutError,
  PreflightBlockedError,
});
