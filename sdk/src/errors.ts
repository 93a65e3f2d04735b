/** Base class of every error the client library throws. */
export class PreflightError extends Error {
  /** HTTP status when the service answered; undefined for local and transport errors. */
  readonly status?: number;
  /** The service's error code (`validation_failed`, `rate_limited`, ...) or the library's own. */
  readonly code: string;
  /** X-Request-Id of the failed request, when the service sent one. */
  readonly requestId?: string;

  constructor(message: string, opts: { status?: number; code: string; requestId?: string; cause?: unknown }) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.status = opts.status;
    this.code = opts.code;
    this.requestId = opts.requestId;
  }
}

/** A policy bundle failed verification (bad signature, wrong key, expired) or no usable policy is at hand. */
export class PreflightPolicyError extends PreflightError {}

/**
 * Names survive minification (bundlers rename classes): set them on the prototypes. A side effect
 * bundlers keep, which is why the errors only the `Preflight` client throws are in
 * client-errors.ts, out of the `@preflight/sdk/local` bundle.
 */
export function nameErrors(types: Record<string, { prototype: Error }>): void {
  for (const [name, type] of Object.entries(types)) {
    Object.defineProperty(type.prototype, 'name', { value: name, writable: true, configurable: true });
  }
}

nameErrors({ PreflightError, PreflightPolicyError });
