import {
  PreflightAPIError,
  PreflightAuthenticationError,
  PreflightConnectionError,
  PreflightRateLimitError,
  PreflightTimeoutError,
  PreflightValidationError,
} from './client-errors';
import { PreflightError } from './errors';

export interface TransportOptions {
  baseUrl: string;
  timeoutMs: number;
  maxRetries: number;
  fetch: typeof fetch;
  /** Injectable for tests: waits `ms` before the next attempt. */
  sleep?: (ms: number) => Promise<void>;
  /** Injectable for tests: a number in [0, 1) for the jitter. */
  random?: () => number;
}

export interface RequestSpec {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  /** A JSON value (sent as application/json) or FormData (multipart). */
  body?: unknown;
}

const INITIAL_DELAY_MS = 500;
const MAX_DELAY_MS = 8_000;
/** Longest Retry-After honoured; a longer one is answered at once with the error. */
const MAX_RETRY_AFTER_MS = 60_000;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, at - Date.now()) : undefined;
}

/** Exponential backoff with full jitter: [d/2, d) for d = 500 ms × 2^attempt, at most 8 s. */
export function backoffMs(attempt: number, random: () => number): number {
  const d = Math.min(MAX_DELAY_MS, INITIAL_DELAY_MS * 2 ** attempt);
  return d / 2 + random() * (d / 2);
}

function errorFor(status: number, body: unknown, headers: Headers): PreflightError {
  const e = (body as { error?: { code?: string; message?: string; details?: Array<{ field: string; problem: string }> } } | null)?.error;
  const opts = { status, code: e?.code ?? `http_${status}`, requestId: headers.get('x-request-id') ?? undefined };
  const message = e?.message ?? `The service answered ${status}`;
  if (status === 401 || status === 403) return new PreflightAuthenticationError(message, opts);
  if (status === 422) return new PreflightValidationError(message, { ...opts, details: e?.details });
  if (status === 429) {
    const ms = parseRetryAfter(headers.get('retry-after'));
    return new PreflightRateLimitError(message, { ...opts, retryAfter: ms === undefined ? undefined : Math.ceil(ms / 1000) });
  }
  return new PreflightAPIError(message, opts);
}

/** Retried: connection errors, time-outs, 5xx and 429. Never another 4xx. */
export function isRetryable(err: unknown): boolean {
  if (err instanceof PreflightConnectionError) return true;
  return err instanceof PreflightError && err.status !== undefined && (err.status === 429 || err.status >= 500);
}

/** The service is away (what `cloud_with_fallback` falls back on): connection error, time-out, 5xx. */
export function isUnavailable(err: unknown): boolean {
  if (err instanceof PreflightConnectionError) return true;
  return err instanceof PreflightAPIError && err.status !== undefined && err.status >= 500;
}

/** HTTP with retries, per-attempt time-out and typed errors; fetch only, so it runs in browsers. */
export class Transport {
  constructor(private readonly o: TransportOptions) {}

  async request<T>(spec: RequestSpec): Promise<T> {
    const sleep = this.o.sleep ?? defaultSleep;
    const random = this.o.random ?? Math.random;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.once<T>(spec);
      } catch (err) {
        if (attempt >= this.o.maxRetries || !isRetryable(err)) throw err;
        const retryAfter = err instanceof PreflightRateLimitError && err.retryAfter !== undefined ? err.retryAfter * 1000 : (err as { retryAfterMs?: number }).retryAfterMs;
        if (retryAfter !== undefined && retryAfter > MAX_RETRY_AFTER_MS) throw err;
        await sleep(retryAfter ?? backoffMs(attempt, random));
      }
    }
  }

  private async once<T>(spec: RequestSpec): Promise<T> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.o.timeoutMs);
    const headers: Record<string, string> = { accept: 'application/json', ...spec.headers };
    let body: BodyInit | undefined;
    if (spec.body instanceof FormData) body = spec.body;
    else if (spec.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(spec.body);
    }
    try {
      let res: Response;
      try {
        res = await this.o.fetch(`${this.o.baseUrl.replace(/\/+$/, '')}${spec.path}`, { method: spec.method, headers, body, signal: controller.signal });
      } catch (e) {
        if (timedOut) throw new PreflightTimeoutError(`No answer within ${this.o.timeoutMs} ms`, { code: 'timeout', cause: e });
        throw new PreflightConnectionError('The service could not be reached', { code: 'connection_error', cause: e });
      }
      let parsed: unknown = null;
      try {
        const text = await res.text();
        parsed = text ? JSON.parse(text) : null;
      } catch (e) {
        if (timedOut) throw new PreflightTimeoutError(`No answer within ${this.o.timeoutMs} ms`, { code: 'timeout', cause: e });
        if (res.ok) throw new PreflightAPIError('The service answered with a body that is not JSON', { status: res.status, code: 'bad_response' });
      }
      if (res.ok) return parsed as T;
      const err = errorFor(res.status, parsed, res.headers);
      // 503 service_busy also carries Retry-After.
      const ra = parseRetryAfter(res.headers.get('retry-after'));
      if (res.status >= 500 && ra !== undefined) Object.assign(err, { retryAfterMs: ra });
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }
}
