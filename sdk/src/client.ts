import type { JSONWebKeySet } from 'jose';
import type { MaskSpan } from '../../src/detection/masking';
import {
  CLIENT_ID_RE,
  FINDING_TYPE_RE,
  IDENT_RE,
  MAX_CLIENT_DECISIONS,
  type ClientDecision,
  type ClientSourceType,
} from '../../src/policy/client-decision';
import { verifyPolicyBundle, type PinnedKey } from './bundle';
import { PreflightBlockedError } from './client-errors';
import { PreflightError, PreflightPolicyError } from './errors';
import { checkLocal, type CheckOptions, type PreflightResult } from './local-check';
import { resolvePolicy, type PolicyBundlePayload, type PolicyObject, type ResolvedPolicy } from './policy';
import { restoreChunks, restoreText, tokenMap } from './restore';
import { isUnavailable, Transport } from './transport';

export type Mode = 'local' | 'cloud' | 'cloud_with_fallback' | 'auto';

export interface PreflightOptions {
  /** `auto` (default): `local` without an API key, `cloud_with_fallback` with one. */
  mode?: Mode;
  /** Policy API key (sent as X-Service-API-Key) for the cloud modes. */
  apiKey?: string;
  /** Service URL, for example `http://127.0.0.1:3000`. */
  baseUrl?: string;
  /** License key: fetches (and refreshes) the signed policy used when falling back. Never used in `local` mode. */
  licenseKey?: string;
  /** A signed policy bundle (compact JWS) or a plain policy object (one policy or a bundle payload). */
  policy?: string | PolicyObject | PolicyBundlePayload;
  /** Pins the key that signed the bundle (JWK or SPKI PEM); otherwise the service's JWKS is used. */
  publicKey?: PinnedKey;
  /** Per-attempt time-out (default 10 000 ms). */
  timeoutMs?: number;
  /** Retries after the first attempt on connection errors, time-outs, 5xx and 429 (default 2). */
  maxRetries?: number;
  /** A fetch implementation (default: the global one). */
  fetch?: typeof fetch;
  /** Reported as source_type (default `sdk`). */
  sourceType?: ClientSourceType;
  /** Most fallback decisions kept for sending (default 1000); the oldest is dropped beyond it. */
  maxQueuedDecisions?: number;
  /** For tests: waits between retries. */
  sleep?: (ms: number) => Promise<void>;
}

export interface FileCheckOptions extends CheckOptions {
  filename: string;
  /** MIME type; guessed by the service from the name when absent. */
  contentType?: string;
}

/** A check whose masked content may be sent; `restore` puts the original values back into a reply. */
export interface Protected {
  result: PreflightResult;
  masked_content: string;
  /** Puts the original values back in place of `[TYPE_n]` tokens. */
  restore(reply: string): string;
  /** Same, for a streamed reply; tokens split across chunks are handled. */
  restoreStream(chunks: AsyncIterable<string> | Iterable<string>): AsyncGenerator<string>;
}

/** A chat message in the OpenAI shape: content as a string or as parts. */
export interface ChatMessage {
  role: string;
  content: string | Array<{ type: string; text?: string; [k: string]: unknown }> | null;
  [k: string]: unknown;
}

export interface GuardedMessages<M extends ChatMessage> extends Omit<Protected, 'masked_content'> {
  messages: M[];
}

type SignedBundle = { payload: PolicyBundlePayload; expiresAt: number };

const SEPARATOR = '\n\n';
const encoder = new TextEncoder();

/**
 * The Preflight client. One instance per configuration; safe to share. See sdk/README.md for
 * each mode with an example.
 */
export class Preflight {
  /** The mode in effect (`auto` resolved). */
  readonly mode: Exclude<Mode, 'auto'>;
  /** Fallback decisions dropped because the queue was full. */
  droppedDecisions = 0;
  private readonly transport?: Transport;
  private readonly queue: ClientDecision[] = [];
  private readonly maxQueued: number;
  private readonly sourceType: ClientSourceType;
  private plainPolicy?: ResolvedPolicy;
  private signed?: SignedBundle;
  private verifying?: Promise<void>;
  private jwks?: JSONWebKeySet;
  private boundPolicyId?: string;
  private flushing?: Promise<void>;

  constructor(private readonly opts: PreflightOptions = {}) {
    const mode = opts.mode ?? 'auto';
    this.mode = mode === 'auto' ? (opts.apiKey ? 'cloud_with_fallback' : 'local') : mode;
    this.sourceType = opts.sourceType ?? 'sdk';
    this.maxQueued = opts.maxQueuedDecisions ?? 1000;
    if (this.mode !== 'local') {
      if (!opts.apiKey || !opts.baseUrl) throw new PreflightError(`Mode ${this.mode} needs apiKey and baseUrl`, { code: 'configuration' });
      const f = opts.fetch ?? globalThis.fetch;
      this.transport = new Transport({
        baseUrl: opts.baseUrl,
        timeoutMs: opts.timeoutMs ?? 10_000,
        maxRetries: opts.maxRetries ?? 2,
        fetch: (input, init) => f(input, init),
        sleep: opts.sleep,
      });
    }
    if (opts.policy !== undefined && typeof opts.policy !== 'string') this.plainPolicy = resolvePolicy(opts.policy);
  }

  /** Queued fallback decisions not yet sent. */
  get queuedDecisions(): number {
    return this.queue.length;
  }

  /** Checks text: decision, findings (types, counts, obscured samples) and masked text. */
  async checkText(text: string, options: CheckOptions): Promise<PreflightResult> {
    return this.check(text, options, false);
  }

  /** Checks a file. Cloud: any format the service reads. Local: text formats (UTF-8), masked as text. */
  async checkFile(data: Uint8Array | ArrayBuffer | Blob, options: FileCheckOptions): Promise<PreflightResult> {
    const local = async (degraded: boolean) => {
      const bytes = data instanceof Blob ? new Uint8Array(await data.arrayBuffer()) : new Uint8Array(data as ArrayBuffer);
      let text: string;
      try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      } catch {
        throw new PreflightError('Only text files (UTF-8) can be checked locally', { code: 'unsupported_file' });
      }
      const r = checkLocal(text, await this.localPolicy(degraded), { ...options, sourceType: this.sourceType, inputType: 'file', degraded });
      if (degraded) this.enqueue(r, bytes.length, options.actorId);
      return r;
    };
    if (this.mode === 'local') return local(false);
    const form = new FormData();
    const blob = data instanceof Blob ? data : new Blob([data as ArrayBuffer], { type: options.contentType ?? 'application/octet-stream' });
    form.append('file', blob, options.filename);
    for (const [k, v] of Object.entries(this.wireFields(options))) if (v !== undefined) form.append(k, String(v));
    return this.cloudOr(() => this.post('/api/preflight', form), local);
  }

  /**
   * Checks text and returns what may be sent, with `restore` for the reply. Throws
   * PreflightBlockedError when the policy blocks the content.
   */
  async protect(text: string, options: CheckOptions): Promise<Protected> {
    const result = await this.check(text, options, true);
    if (result.decision === 'BLOCKED') throw new PreflightBlockedError(result);
    return { result, masked_content: result.masked_content ?? text, ...restorer(tokenMap(text, result.spans ?? [])) };
  }

  /**
   * Protects a conversation in one check (so tokens are numbered once across messages) and
   * returns masked copies of the messages; throws PreflightBlockedError when blocked.
   */
  async guardMessages<M extends ChatMessage>(messages: M[], options: CheckOptions): Promise<GuardedMessages<M>> {
    const pieces: Array<{ msg: number; part: number | null; start: number; end: number }> = [];
    let joined = '';
    messages.forEach((m, i) => {
      const add = (text: string, part: number | null) => {
        if (joined) joined += SEPARATOR;
        pieces.push({ msg: i, part, start: joined.length, end: joined.length + text.length });
        joined += text;
      };
      if (typeof m.content === 'string') add(m.content, null);
      else if (Array.isArray(m.content)) m.content.forEach((p, j) => typeof p.text === 'string' && add(p.text, j));
    });
    if (!joined) return { messages: messages.map((m) => ({ ...m })), result: undefined as never, ...restorer(new Map()) };
    const p = await this.protect(joined, options);
    const spans = p.result.spans ?? [];
    const out = messages.map((m) => ({ ...m, content: Array.isArray(m.content) ? m.content.map((c) => ({ ...c })) : m.content }));
    for (const piece of pieces) {
      const masked = maskSegment(joined, piece.start, piece.end, spans);
      const m = out[piece.msg];
      if (piece.part === null) m.content = masked;
      else (m.content as Array<{ text?: string }>)[piece.part].text = masked;
    }
    return { messages: out, result: p.result, restore: p.restore, restoreStream: p.restoreStream };
  }

  /** Sends the queued fallback decisions (batches of 500); resolves when the queue is empty. */
  async flush(): Promise<void> {
    if (!this.transport) return;
    if (!this.flushing) {
      this.flushing = (async () => {
        while (this.queue.length) {
          const batch = this.queue.slice(0, MAX_CLIENT_DECISIONS);
          await this.post('/api/preflight/events', { decisions: batch });
          this.queue.splice(0, batch.length);
        }
      })().finally(() => (this.flushing = undefined));
    }
    return this.flushing;
  }

  /** Fetches and verifies the signed policy of `licenseKey` now (it is otherwise fetched on first cloud use). */
  async refreshPolicy(): Promise<void> {
    if (!this.transport || !this.opts.licenseKey) throw new PreflightError('refreshPolicy needs licenseKey and baseUrl in a cloud mode', { code: 'configuration' });
    const v = await this.transport.request<{ policy_bundle?: string }>({
      method: 'POST',
      path: '/v1/license/validate',
      headers: { authorization: `Bearer ${this.opts.licenseKey}` },
    });
    if (!v.policy_bundle) throw new PreflightPolicyError('The license is not valid: no policy bundle was issued', { code: 'license_invalid' });
    await this.adopt(v.policy_bundle);
  }

  private async check(text: string, options: CheckOptions, spans: boolean): Promise<PreflightResult> {
    const local = async (degraded: boolean) => {
      const r = checkLocal(text, await this.localPolicy(degraded), { ...options, sourceType: this.sourceType, degraded });
      if (degraded) this.enqueue(r, encoder.encode(text).length, options.actorId);
      if (!spans) delete r.spans;
      return r;
    };
    if (this.mode === 'local') return local(false);
    const body = { text, ...this.wireFields(options), ...(spans ? { include_spans: true } : {}) };
    return this.cloudOr(() => this.post('/api/preflight/text', body), local);
  }

  /** Cloud call; in cloud_with_fallback, the same call answered locally when the service is away. */
  private async cloudOr(cloud: () => Promise<unknown>, local: (degraded: boolean) => Promise<PreflightResult>): Promise<PreflightResult> {
    if (this.mode === 'cloud_with_fallback') this.prepareFallback();
    try {
      const r = (await cloud()) as PreflightResult;
      this.boundPolicyId = r.policy_id;
      if (this.queue.length) this.flush().catch(() => undefined); // sent again on the next success or flush()
      return { ...r, mode_used: 'cloud', degraded: false };
    } catch (err) {
      if (this.mode !== 'cloud_with_fallback' || !isUnavailable(err)) throw err;
      await this.verifying;
      if (!this.signed && !this.plainPolicy) throw err;
      return local(true);
    }
  }

  /** Starts fetching or verifying the signed policy once, in the background, so a fallback finds it ready. */
  private prepareFallback(): void {
    const stale = this.signed && this.signed.expiresAt - Date.now() < 3_600_000;
    if (this.verifying || (this.signed && !stale)) return;
    const work =
      typeof this.opts.policy === 'string' && !this.signed
        ? this.adopt(this.opts.policy)
        : this.opts.licenseKey
          ? this.refreshPolicy()
          : Promise.resolve();
    this.verifying = work.catch(() => undefined).finally(() => (this.verifying = undefined));
  }

  private async adopt(bundle: string): Promise<void> {
    let pinned = this.opts.publicKey;
    if (pinned === undefined && !this.jwks) {
      if (!this.transport) throw new PreflightPolicyError('A signed policy in local mode needs publicKey', { code: 'configuration' });
      this.jwks = await this.transport.request<JSONWebKeySet>({ method: 'GET', path: '/.well-known/jwks.json' });
    }
    const payload = await verifyPolicyBundle(bundle, { pinned, jwks: this.jwks });
    this.signed = { payload, expiresAt: (payload.exp ?? 0) * 1000 };
  }

  /** The policy for a local decision: the plain one, or the last verified signed one while unexpired. */
  private async localPolicy(degraded: boolean): Promise<ResolvedPolicy> {
    if (this.mode === 'local' && typeof this.opts.policy === 'string' && !this.signed) await this.adopt(this.opts.policy);
    if (this.signed) {
      if (this.signed.expiresAt <= Date.now()) throw new PreflightPolicyError('The signed policy has expired', { code: 'policy_expired' });
      return resolvePolicy(this.signed.payload, this.boundPolicyId);
    }
    if (this.plainPolicy) return this.plainPolicy;
    throw new PreflightPolicyError(degraded ? 'No verified policy to fall back on' : 'Local mode needs a policy', { code: 'policy_missing' });
  }

  private enqueue(r: PreflightResult, bytes: number, actorId?: string): void {
    const counts: Record<string, number> = {};
    for (const d of r.detected) if (FINDING_TYPE_RE.test(d.type)) counts[d.type] = d.count;
    const decision: ClientDecision = {
      preflight_id: r.preflight_id,
      created_at: r.created_at,
      decision: r.decision,
      destination: r.destination as ClientDecision['destination'],
      policy_version: IDENT_RE.test(r.policy_version) ? r.policy_version.slice(0, 20) : 'unknown',
      finding_counts_by_type: counts,
      input_type: r.input_type,
      input_size_bytes: bytes,
      source_type: this.sourceType,
      ...(actorId && IDENT_RE.test(actorId) && actorId.length <= 200 ? { actor_id: actorId } : {}),
    };
    if (!CLIENT_ID_RE.test(decision.preflight_id)) return;
    this.queue.push(decision);
    while (this.queue.length > this.maxQueued) {
      this.queue.shift();
      this.droppedDecisions++;
    }
  }

  private wireFields(o: CheckOptions) {
    return {
      destination: o.destination,
      destination_region: o.destinationRegion,
      destination_scc_verified: o.sccVerified,
      actor_id: o.actorId,
      source_type: this.sourceType,
    };
  }

  private post(path: string, body: unknown): Promise<unknown> {
    return this.transport!.request({ method: 'POST', path, headers: { 'x-service-api-key': this.opts.apiKey! }, body });
  }
}

function restorer(map: Map<string, string>): Pick<Protected, 'restore' | 'restoreStream'> {
  return { restore: (reply) => restoreText(reply, map), restoreStream: (chunks) => restoreChunks(chunks, map) };
}

/** The masked rendition of text[start, end) given the spans of the whole text. */
function maskSegment(text: string, start: number, end: number, spans: readonly MaskSpan[]): string {
  let out = '';
  let pos = start;
  for (const s of spans) {
    if (s.end <= start || s.start >= end) continue;
    // A finding across two messages is masked where it starts; its rest is dropped from the next.
    if (s.start >= pos) out += text.slice(pos, s.start) + s.token;
    pos = Math.max(pos, Math.min(end, s.end));
  }
  return out + text.slice(pos, end);
}
