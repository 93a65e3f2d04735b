import { In, type EntityManager } from 'typeorm';
import { DeliveryEntity, ForwardingDestinationEntity } from '../../../entities';
import type { DeliveryAttempt } from '../../../entities/delivery.entity';
import { safeErrorFields } from '../../lib/logger';
import type { ServiceDeps } from '../deps';
import { DROP_FROM, attemptWrite, deadLetter, isPending, transition, type AttemptOutcome, type AttemptWrite, type RetryPolicy, type StateChange } from './delivery-state';
import { buildAuditEvent, type EventSource } from './event';
import type { HttpSender } from './http-sender';
import type { ForwardingMetrics } from './metrics';
import { MicroBatch } from './micro-batch';

/** What one run of a delivery did; the drivers map it onto their own scheduling. */
export type ProcessResult =
  | { kind: 'delivered' }
  | { kind: 'retry'; delayMs: number; error: string }
  | { kind: 'dead_lettered'; error: string }
  /** Destination deleted or disabled, or record gone: the row is removed and nothing was sent. */
  | { kind: 'dropped' }
  /** Not pending any more (delivered, failed, removed, or another worker finished it first). */
  | { kind: 'skipped' };

const ATTEMPT_LOG_MAX = 20;

/** Decrypts a destination's header; a value written with an older key is re-encrypted (rotation). */
export async function destinationHeader(
  deps: ServiceDeps,
  dest: Pick<ForwardingDestinationEntity, 'id' | 'authHeaderName' | 'authHeaderValueEnc'>,
): Promise<{ header?: { name: string; value: string }; error?: string }> {
  if (!dest.authHeaderName || !dest.authHeaderValueEnc) return {};
  let value: string;
  try {
    value = deps.cipher.decrypt(dest.authHeaderValueEnc);
  } catch {
    return { error: 'the stored auth header value cannot be decrypted: the key it was written with is not in PREFLIGHT_ENCRYPTION_KEY' };
  }
  if (deps.cipher.isStale(dest.authHeaderValueEnc)) {
    const fresh = deps.cipher.encrypt(value);
    await deps.ds
      .getRepository(ForwardingDestinationEntity)
      .update({ id: dest.id, authHeaderValueEnc: dest.authHeaderValueEnc }, { authHeaderValueEnc: fresh })
      .catch((err) => deps.logger.warn({ destination_id: dest.id, ...safeErrorFields(err) }, 'auth header re-encryption failed'));
  }
  return { header: { name: dest.authHeaderName, value } };
}

/** The outbox row's fields an attempt needs. */
interface LoadedDelivery {
  id: string;
  state: string;
  attempts: number;
  destinationId: string;
  /** Epoch ms. */
  nextAttemptAt: number;
  attemptLog: DeliveryAttempt[];
}

type LoadedDestination = Pick<ForwardingDestinationEntity, 'id' | 'url' | 'authHeaderName' | 'authHeaderValueEnc' | 'enabled'>;

// The hot path of both drivers is these two statements, written out: the query builder cost
// more CPU per delivery than the HTTPS request itself. Plain `?` placeholders suit both engines.
const LOAD_SQL = `SELECT d.id AS d_id, d.state AS d_state, d.attempts AS d_attempts, d.destination_id AS d_destination_id,
  d.next_attempt_at AS d_next_attempt_at, d.attempt_log AS d_attempt_log,
  f.id AS f_id, f.url AS f_url, f.auth_header_name AS f_auth_header_name, f.auth_header_value_enc AS f_auth_header_value_enc, f.enabled AS f_enabled,
  r.id AS r_id, r.org_id AS r_org_id, r.policy_id AS r_policy_id, r.policy_version AS r_policy_version, r.decision AS r_decision,
  r.destination AS r_destination, r.source_type AS r_source_type, r.actor_id AS r_actor_id, r.input_type AS r_input_type,
  r.input_size_bytes AS r_input_size_bytes, r.finding_counts AS r_finding_counts, r.summary AS r_summary, r.created_at AS r_created_at
FROM forwarding_deliveries d
LEFT JOIN forwarding_destinations f ON f.id = d.destination_id
LEFT JOIN preflight_records r ON r.id = d.record_id
WHERE d.id IN `;

/** The columns an attempt's verdict sets, each with its AttemptWrite field: the one place a verdict becomes SQL. */
const SET_COLUMNS = [
  ['state', 'state'],
  ['attempts', 'attempts'],
  ['next_attempt_at', 'nextAttemptAt'],
  ['last_status_code', 'lastStatusCode'],
  ['last_error', 'lastError'],
  ['last_attempt_at', 'lastAttemptAt'],
  ['delivered_at', 'deliveredAt'],
  ['attempt_log', 'attemptLog'],
  ['updated_at', 'updatedAt'],
] as const satisfies ReadonlyArray<readonly [string, keyof AttemptWrite]>;
const PENDING_SQL = `state IN (${DROP_FROM.map((s) => `'${s}'`).join(', ')})`;

/** One verdict: the columns, then the row's id and the attempts count it was computed from. */
const APPLY_SQL = `UPDATE forwarding_deliveries SET ${SET_COLUMNS.map(([c]) => `${c} = ?`).join(', ')}, locked_until = NULL, lease_token = NULL
WHERE id = ? AND attempts = ? AND ${PENDING_SQL}`;
const applyParams = (w: AttemptWrite): unknown[] => [...SET_COLUMNS.map(([, f]) => w[f]), w.id, w.prevAttempts];

const json = <T>(v: unknown, fallback: T): T => (typeof v === 'string' ? (JSON.parse(v) as T) : ((v as T) ?? fallback));

interface Loaded {
  delivery: LoadedDelivery;
  destination: LoadedDestination | null;
  record: EventSource | null;
}

/** One round trip for several deliveries, each with its destination and its record. */
async function loadDeliveries(em: EntityManager, ids: string[]): Promise<Map<string, Loaded>> {
  const rows = (await em.query(`${LOAD_SQL}(${ids.map(() => '?').join(', ')})`, ids)) as Array<Record<string, unknown>>;
  return new Map(rows.map((r) => [String(r.d_id), toLoaded(r)]));
}

function toLoaded(r: Record<string, unknown>): Loaded {
  return {
    delivery: {
      id: String(r.d_id),
      state: String(r.d_state),
      attempts: Number(r.d_attempts),
      destinationId: String(r.d_destination_id),
      nextAttemptAt: Number(r.d_next_attempt_at),
      attemptLog: json<DeliveryAttempt[]>(r.d_attempt_log, []),
    },
    destination:
      r.f_id == null
        ? null
        : {
            id: String(r.f_id),
            url: String(r.f_url),
            authHeaderName: (r.f_auth_header_name as string | null) ?? null,
            authHeaderValueEnc: (r.f_auth_header_value_enc as string | null) ?? null,
            enabled: Boolean(Number(r.f_enabled)),
          },
    record:
      r.r_id == null
        ? null
        : {
            id: String(r.r_id),
            orgId: String(r.r_org_id),
            policyId: String(r.r_policy_id),
            policyVersion: String(r.r_policy_version),
            decision: String(r.r_decision),
            destination: String(r.r_destination),
            sourceType: String(r.r_source_type),
            actorId: (r.r_actor_id as string | null) ?? null,
            inputType: String(r.r_input_type),
            inputSizeBytes: Number(r.r_input_size_bytes),
            findingCounts: json<Record<string, number>>(r.r_finding_counts, {}),
            summary: String(r.r_summary),
            createdAt: new Date(Number(r.r_created_at)),
          },
  };
}

/**
 * Many verdicts in one MySQL statement: a multi-table UPDATE joined to the new values, with the
 * same condition as APPLY_SQL per row. Returns 1 or 0 per verdict (written or not).
 */
export async function applyMany(em: EntityManager, batch: AttemptWrite[]): Promise<Map<AttemptWrite, number>> {
  const out = new Map<AttemptWrite, number>();
  if (batch.length === 1) {
    out.set(batch[0], await affected(em, APPLY_SQL, applyParams(batch[0])));
    return out;
  }
  const row = [...SET_COLUMNS.map(([c]) => `? AS ${c}`), '? AS id', '? AS prev_attempts'].join(', ');
  const values = batch.map((_, i) => (i === 0 ? `SELECT ${row}` : `SELECT ${applyParams(batch[0]).map(() => '?').join(', ')}`)).join(' UNION ALL ');
  const sql = `UPDATE forwarding_deliveries d JOIN (${values}) v ON d.id = v.id AND d.attempts = v.prev_attempts
SET ${SET_COLUMNS.map(([c]) => `d.${c} = v.${c}`).join(', ')}, d.locked_until = NULL, d.lease_token = NULL
WHERE d.${PENDING_SQL}`;
  const n = await affected(em, sql, batch.flatMap(applyParams));
  if (n === batch.length) {
    for (const w of batch) out.set(w, 1);
    return out;
  }
  // Some rows raced (another worker, a delete): tell which ones carry this batch's values.
  const ids = batch.map((w) => w.id);
  const rows = (await em.query(
    `SELECT id, state, attempts, updated_at FROM forwarding_deliveries WHERE id IN (${ids.map(() => '?').join(', ')})`,
    ids,
  )) as Array<{ id: string; state: string; attempts: number | string; updated_at: number | string }>;
  const now = new Map(rows.map((r) => [r.id, r]));
  for (const w of batch) {
    const r = now.get(w.id);
    out.set(w, r && r.state === w.state && Number(r.attempts) === w.attempts && Number(r.updated_at) === w.updatedAt ? 1 : 0);
  }
  return out;
}

/** Applies a transition outside an attempt to the rows still in one of its `from` states; returns the rows changed. */
export async function applyChange(em: EntityManager, ids: string[], change: StateChange): Promise<number> {
  if (ids.length === 0) return 0;
  const res = await em
    .createQueryBuilder()
    .update(DeliveryEntity)
    .set(change.set)
    .where('id IN (:...ids) AND state IN (:...from)', { ids, from: [...change.from] })
    .execute();
  return res.affected ?? 0;
}

/** Runs a write and returns the rows it changed (both drivers report it through the structured result). */
async function affected(em: EntityManager, sql: string, params: unknown[]): Promise<number> {
  const own = !em.queryRunner;
  const qr = em.queryRunner ?? em.connection.createQueryRunner();
  try {
    const res = await qr.query(sql, params, true);
    return res.affected ?? 0;
  } finally {
    if (own) await qr.release();
  }
}

/** Runs one attempt of one delivery and applies the state machine's verdict to the outbox row. */
export class DeliveryProcessor {
  private readonly policy: RetryPolicy;
  /** Reads of attempts started within 2 ms of each other share one query. */
  private readonly loads = new MicroBatch<string, Loaded>(2, 64, (ids) => loadDeliveries(this.deps.ds.manager, ids));
  /**
   * MySQL: verdicts written within 2 ms of each other go in one statement (one round trip, one
   * commit). Not on SQLite, where a single write is already cheap and synchronous.
   */
  private readonly writes: MicroBatch<AttemptWrite, number> | undefined =
    this.deps.ds.options.type === 'mysql' ? new MicroBatch<AttemptWrite, number>(2, 64, (batch) => applyMany(this.deps.ds.manager, batch)) : undefined;

  constructor(
    private readonly deps: ServiceDeps,
    private readonly sender: HttpSender,
    private readonly metrics: ForwardingMetrics,
  ) {
    this.policy = { maxAttempts: deps.config.forwarding.maxAttempts, backoffMs: deps.config.forwarding.backoffMs };
  }

  /** Idempotent: a delivery that is no longer pending is skipped, so a re-run job never sends twice after success. */
  async process(deliveryId: string): Promise<ProcessResult> {
    const { ds, logger } = this.deps;
    const loaded = await this.loads.load(deliveryId);
    if (!loaded || !isPending(loaded.delivery.state)) return { kind: 'skipped' };
    const { delivery: d, destination: dest, record } = loaded;
    if (!dest || !dest.enabled || !record) {
      await ds.getRepository(DeliveryEntity).delete({ id: d.id, state: In([...DROP_FROM]) });
      this.metrics.dropped.inc();
      logger.info({ delivery_id: d.id, destination_id: d.destinationId, reason: !dest ? 'deleted' : !dest.enabled ? 'disabled' : 'record_gone' }, 'delivery dropped');
      return { kind: 'dropped' };
    }
    const at = this.deps.now();
    const { header, error: headerError } = await destinationHeader(this.deps, dest);
    const outcome: AttemptOutcome & { kind?: string } = headerError
      ? { ok: false, statusCode: null, error: headerError, durationMs: 0, kind: 'config' }
      : await this.sender.send({
          url: dest.url,
          body: JSON.stringify(buildAuditEvent(record)),
          header,
          timeoutMs: this.deps.config.forwarding.deliveryTimeoutMs,
        });
    this.metrics.attemptSeconds.observe({ outcome: outcome.ok ? 'success' : 'failure' }, outcome.durationMs / 1000);
    return this.apply(d, outcome, at);
  }

  /** Writes one attempt's verdict; the conditional update makes a racing duplicate a no-op. */
  private async apply(d: LoadedDelivery, outcome: AttemptOutcome & { kind?: string }, at: Date): Promise<ProcessResult> {
    const { ds, logger } = this.deps;
    const t = transition(d.attempts, outcome, this.policy);
    const now = this.deps.now();
    const attempt: DeliveryAttempt = { at: at.toISOString(), status_code: outcome.statusCode, error: outcome.error, duration_ms: outcome.durationMs };
    const w = attemptWrite(d, t, outcome, JSON.stringify([...d.attemptLog, attempt].slice(-ATTEMPT_LOG_MAX)), at.getTime(), now.getTime());
    const write = async (em: EntityManager) => {
      if (!(await affected(em, APPLY_SQL, applyParams(w)))) return false;
      if (t.state === 'failed') {
        await em.getRepository(ForwardingDestinationEntity).update({ id: d.destinationId }, { lastError: outcome.error, lastErrorAt: now });
      }
      return true;
    };
    // Only a dead-letter touches two rows; the hot path is one conditional UPDATE.
    const written =
      t.state === 'failed' ? await ds.transaction(write) : this.writes ? (await this.writes.load(w)) === 1 : await write(ds.manager);
    if (!written) return { kind: 'skipped' };
    const log = { delivery_id: d.id, destination_id: d.destinationId, attempt: t.attempts, status_code: outcome.statusCode, failure: outcome.kind };
    switch (t.state) {
      case 'delivered':
        this.metrics.delivered.inc();
        logger.debug({ delivery_id: d.id, destination_id: d.destinationId, attempt: t.attempts, duration_ms: outcome.durationMs }, 'event delivered');
        return { kind: 'delivered' };
      case 'retrying':
        this.metrics.retried.inc({ reason: outcome.kind ?? 'http' });
        logger.info({ ...log, retry_in_ms: t.delayMs }, 'delivery attempt failed; retry scheduled');
        return { kind: 'retry', delayMs: t.delayMs, error: outcome.error ?? 'failed' };
      case 'failed':
        this.metrics.deadLettered.inc();
        logger.warn(log, 'delivery dead-lettered after its last attempt');
        return { kind: 'dead_lettered', error: outcome.error ?? 'failed' };
    }
  }

  /**
   * Dead-letters a delivery the queue gave up on outside the state machine's own last attempt
   * (a job that stalled too often, or failed on an internal error): state failed, last_error set.
   * Returns false when the delivery was not pending (already dead-lettered or delivered).
   */
  async deadLetter(deliveryId: string, reason: string): Promise<boolean> {
    const { ds, logger } = this.deps;
    const now = this.deps.now();
    const done = await ds.transaction(async (em) => {
      const d = await em.getRepository(DeliveryEntity).findOneBy({ id: deliveryId });
      if (!d || !isPending(d.state)) return false;
      if (!(await applyChange(em, [d.id], deadLetter(reason, now)))) return false;
      await em.getRepository(ForwardingDestinationEntity).update({ id: d.destinationId }, { lastError: reason, lastErrorAt: now });
      logger.warn({ delivery_id: d.id, destination_id: d.destinationId, attempt: d.attempts }, 'delivery dead-lettered by the queue');
      return true;
    });
    if (done) this.metrics.deadLettered.inc();
    return done;
  }
}
