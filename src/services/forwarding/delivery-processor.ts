import { In, type EntityManager } from 'typeorm';
import { DeliveryEntity, ForwardingDestinationEntity, PreflightRecordEntity } from '../../../entities';
import type { DeliveryAttempt } from '../../../entities/delivery.entity';
import { safeErrorFields } from '../../lib/logger';
import type { ServiceDeps } from '../deps';
import { PENDING_STATES, isPending, transition, type AttemptOutcome, type RetryPolicy } from './delivery-state';
import { buildAuditEvent } from './event';
import type { HttpSender } from './http-sender';
import type { ForwardingMetrics } from './metrics';

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
  dest: ForwardingDestinationEntity,
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

/** Runs one attempt of one delivery and applies the state machine's verdict to the outbox row. */
export class DeliveryProcessor {
  private readonly policy: RetryPolicy;

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
    const repo = ds.getRepository(DeliveryEntity);
    // One round trip for the delivery, its destination and its record (the hot path of both drivers).
    const d = (await repo
      .createQueryBuilder('d')
      .leftJoinAndMapOne('d.destination', ForwardingDestinationEntity, 'f', 'f.id = d.destination_id')
      .leftJoinAndMapOne('d.record', PreflightRecordEntity, 'r', 'r.id = d.record_id')
      .where('d.id = :id', { id: deliveryId })
      .getOne()) as (DeliveryEntity & { destination?: ForwardingDestinationEntity | null; record?: PreflightRecordEntity | null }) | null;
    if (!d || !isPending(d.state)) return { kind: 'skipped' };
    const dest = d.destination ?? null;
    const record = d.record ?? null;
    if (!dest || !dest.enabled || !record) {
      await repo.delete({ id: d.id, state: In([...PENDING_STATES]) });
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
  private async apply(d: DeliveryEntity, outcome: AttemptOutcome & { kind?: string }, at: Date): Promise<ProcessResult> {
    const { ds, logger } = this.deps;
    const t = transition(d.attempts, outcome, this.policy);
    const now = this.deps.now();
    const attempt: DeliveryAttempt = { at: at.toISOString(), status_code: outcome.statusCode, error: outcome.error, duration_ms: outcome.durationMs };
    const changes: Partial<DeliveryEntity> = {
      state: t.state,
      attempts: t.attempts,
      nextAttemptAt: t.state === 'retrying' ? new Date(now.getTime() + t.delayMs) : d.nextAttemptAt,
      lockedUntil: null,
      leaseToken: null,
      lastStatusCode: outcome.statusCode,
      lastError: outcome.error,
      lastAttemptAt: at,
      deliveredAt: t.state === 'delivered' ? now : null,
      attemptLog: [...(d.attemptLog ?? []), attempt].slice(-ATTEMPT_LOG_MAX),
      updatedAt: now,
    };
    const write = async (em: EntityManager) => {
      const res = await em
        .createQueryBuilder()
        .update(DeliveryEntity)
        .set(changes)
        .where('id = :id AND attempts = :attempts AND state IN (:...pending)', { id: d.id, attempts: d.attempts, pending: [...PENDING_STATES] })
        .execute();
      if (!res.affected) return false;
      if (t.state === 'failed') {
        await em.getRepository(ForwardingDestinationEntity).update({ id: d.destinationId }, { lastError: outcome.error, lastErrorAt: now });
      }
      return true;
    };
    // Only a dead-letter touches two rows; the hot path is one conditional UPDATE.
    const written = t.state === 'failed' ? await ds.transaction(write) : await write(ds.manager);
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
      const res = await em
        .createQueryBuilder()
        .update(DeliveryEntity)
        .set({ state: 'failed', lastError: reason, lockedUntil: null, leaseToken: null, updatedAt: now })
        .where('id = :id AND state IN (:...pending)', { id: d.id, pending: [...PENDING_STATES] })
        .execute();
      if (!res.affected) return false;
      await em.getRepository(ForwardingDestinationEntity).update({ id: d.destinationId }, { lastError: reason, lastErrorAt: now });
      logger.warn({ delivery_id: d.id, destination_id: d.destinationId, attempt: d.attempts }, 'delivery dead-lettered by the queue');
      return true;
    });
    if (done) this.metrics.deadLettered.inc();
    return done;
  }
}
