import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';
import { performance } from 'node:perf_hooks';
import { isSuccessStatus, type AttemptOutcome } from './delivery-state';
import { checkDestinationUrl, DestinationRefusedError, guardedLookup, isBlockedAddress, type GuardOptions } from './url-guard';

/** Why an attempt failed, for metrics, logs and hints (never carries a value). */
export type FailureKind = 'dns' | 'refused' | 'tls' | 'timeout' | 'http' | 'blocked' | 'network';

export interface SendResult extends AttemptOutcome {
  kind?: FailureKind;
}

export interface SendInput {
  url: string;
  /** The JSON body, serialized once by the caller. */
  body: string;
  /** The destination's one auth header, decrypted just before the call. */
  header?: { name: string; value: string };
  timeoutMs: number;
}

export interface SenderOptions extends GuardOptions {
  /** Sockets kept per destination origin. */
  maxSockets: number;
  /** Extra trusted CA certificates (PEM); replaces Node's default store, so it is merged with it. */
  ca?: string[];
}

/** Builds the trust list: none (Node's default store, which honours NODE_EXTRA_CA_CERTS) unless a CA file is configured. */
export function trustedCas(caFile: string | undefined, nodeExtraCaFile: string | undefined): string[] | undefined {
  if (!caFile) return undefined;
  // Passing `ca` replaces Node's store (and with it NODE_EXTRA_CA_CERTS), so both are merged back.
  const extra = [caFile, nodeExtraCaFile].filter((f): f is string => !!f).map((f) => fs.readFileSync(f, 'utf8'));
  return [...tls.rootCertificates, ...extra];
}

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME', 'ENODATA', 'ESERVFAIL']);
const TLS_CODE = /CERT|SELF_SIGNED|UNABLE_TO_|^ERR_TLS_|^ERR_SSL_|^EPROTO$|HANDSHAKE|SSL/;

class TimeoutError extends Error {
  readonly code = 'ETIMEDOUT_PREFLIGHT';
}

const HINTS: Record<number, string> = {
  400: 'the collector rejected the event',
  401: 'the collector rejected the credential: check auth_header_name and auth_header_value',
  403: 'the credential is not allowed to send events here',
  404: 'check the URL path',
  405: 'check the URL path (the collector does not accept POST there)',
  413: 'the collector refused the event size',
  429: 'the collector is rate limiting',
};

/** A safe line for a non-2xx answer: the status, its reason phrase and a hint; never the body. */
export function describeStatus(status: number): string {
  const reason = http.STATUS_CODES[status] ?? 'Unknown status';
  const hint = HINTS[status] ?? (status >= 500 ? 'the collector failed to accept the event' : undefined);
  return `HTTP ${status} ${reason}${hint ? `: ${hint}` : ''}`;
}

/** Maps a transport error to a failure kind and a safe message (host and port only; never the URL's path or query). */
export function describeError(err: unknown, url: URL, timeoutMs: number): { kind: FailureKind; error: string } {
  const e = err as NodeJS.ErrnoException & { reason?: string };
  const code = typeof e?.code === 'string' ? e.code : '';
  const host = url.hostname;
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  if (err instanceof DestinationRefusedError) return { kind: 'blocked', error: `refused: ${err.message}` };
  if (err instanceof TimeoutError) return { kind: 'timeout', error: `timed out: no answer within ${timeoutMs} ms` };
  if (DNS_CODES.has(code)) return { kind: 'dns', error: `DNS lookup failed: ${host} does not resolve (${code})` };
  if (code === 'ECONNREFUSED') return { kind: 'refused', error: `connection refused by ${host}:${port}` };
  if (TLS_CODE.test(code)) return { kind: 'tls', error: `TLS handshake failed (${code}): the certificate of ${host} is not trusted or not valid for it` };
  if (code === 'ECONNRESET') return { kind: 'network', error: `connection reset by ${host}:${port}` };
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return { kind: 'network', error: `${host} is unreachable (${code})` };
  if (code === 'ETIMEDOUT') return { kind: 'timeout', error: `connecting to ${host}:${port} timed out` };
  return { kind: 'network', error: `network error (${code || (e?.name ?? 'unknown')})` };
}

/**
 * Sends one event: an HTTP(S) POST with exactly Content-Type, the one auth header, and what HTTP
 * itself needs (Host, Content-Length, Connection). Keep-alive agents per origin, each with the
 * SSRF-guarded DNS lookup. Redirects are not followed. Never throws: every failure is an outcome.
 */
export class HttpSender {
  private readonly agents = new Map<string, http.Agent>();
  /** Built once: a `ca` option would be re-parsed per connection and hashed into every request's agent key. */
  private readonly secureContext: tls.SecureContext | undefined;

  constructor(private readonly opts: SenderOptions) {
    this.secureContext = opts.ca ? tls.createSecureContext({ ca: opts.ca }) : undefined;
  }

  async send(input: SendInput): Promise<SendResult> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    let url: URL;
    try {
      url = checkDestinationUrl(input.url, this.opts);
    } catch (err) {
      const d = err instanceof DestinationRefusedError ? `refused: ${err.message}` : 'not a valid URL';
      return { ok: false, statusCode: null, error: d, durationMs: 0, kind: 'blocked' };
    }
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    // Address literals never reach the agent's lookup, so they are checked here.
    if (!this.opts.allowPrivate && net.isIP(literal) && isBlockedAddress(literal)) {
      return { ok: false, statusCode: null, ...describeError(new DestinationRefusedError('the destination address is private, loopback or link-local'), url, input.timeoutMs), durationMs: 0 };
    }
    const headers: Record<string, string | number> = {
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(input.body),
    };
    if (input.header) headers[input.header.name] = input.header.value;
    const mod = url.protocol === 'https:' ? https : http;
    return new Promise<SendResult>((resolve) => {
      let settled = false;
      const finish = (r: SendResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(r);
      };
      const req = mod.request(url, { method: 'POST', headers, agent: this.agent(url) });
      const timer = setTimeout(() => req.destroy(new TimeoutError('timeout')), input.timeoutMs);
      req.on('response', (res) => {
        const status = res.statusCode ?? 0;
        // The body is drained (so the socket is reused) and never read: it could echo anything.
        res.resume();
        res.on('end', () =>
          finish(
            isSuccessStatus(status)
              ? { ok: true, statusCode: status, error: null, durationMs: elapsed() }
              : { ok: false, statusCode: status, error: describeStatus(status), durationMs: elapsed(), kind: 'http' },
          ),
        );
        res.on('error', (err) => finish({ ok: false, statusCode: status, ...describeError(err, url, input.timeoutMs), durationMs: elapsed() }));
      });
      req.on('error', (err) => finish({ ok: false, statusCode: null, ...describeError(err, url, input.timeoutMs), durationMs: elapsed() }));
      req.end(input.body);
    });
  }

  private agent(url: URL): http.Agent {
    const key = `${url.protocol}//${url.host}`;
    let agent = this.agents.get(key);
    if (!agent) {
      const common = {
        keepAlive: true,
        maxSockets: this.opts.maxSockets,
        maxFreeSockets: this.opts.maxSockets,
        // Idle keep-alive sockets are dropped before common server idle time-outs (5 s in Node),
        // so an attempt rarely lands on a socket the server is closing. Only idle sockets time out.
        timeout: 4000,
        lookup: guardedLookup(this.opts) as never,
      };
      agent = url.protocol === 'https:' ? new https.Agent({ ...common, secureContext: this.secureContext }) : new http.Agent(common);
      this.agents.set(key, agent);
    }
    return agent;
  }

  /** Closes idle keep-alive sockets. */
  close(): void {
    for (const a of this.agents.values()) a.destroy();
    this.agents.clear();
  }
}
