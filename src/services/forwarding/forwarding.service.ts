import { z } from 'zod';
import { In, IsNull, MoreThanOrEqual, Not } from 'typeorm';
import type { Queue } from 'bullmq';
import { DeliveryEntity, ForwardingDestinationEntity, type PreflightRecordEntity } from '../../../entities';
import { DomainError, notFound } from '../../errors';
import type { BackgroundTask } from '../../lib/background';
import { safeErrorFields } from '../../lib/logger';
import { newId } from '../../lib/secrets';
import type { ServiceDeps } from '../deps';
import type { LookupCache } from '../lookup-cache';
import { entityRows, type RecordListener } from '../preflight/record-writer';
import type { OrganizationService } from '../organization.service';
import type { Principal } from '../principal';
import { findPage, mapPage, pageFields, type Page, type PageRequest } from '../paging';
import { parseInput } from '../validation';
import { BullmqDriver } from './bullmq-driver';
import { DeliveryProcessor, applyChange, destinationHeader, type ProcessResult } from './delivery-processor';
import { DELIVERY_STATES, DROP_FROM, PENDING_STATES, redeliver } from './delivery-state';
import type { DeliveryDriver, DispatchItem } from './driver';
import { buildTestEvent } from './event';
import { HttpSender, trustedCas } from './http-sender';
import { InProcessDriver } from './inprocess-driver';
import { createForwardingMetrics, type ForwardingMetrics } from './metrics';
import { checkDestinationUrl, checkResolvedHost, DestinationRefusedError } from './url-guard';
import {
  deliveryView,
  destinationView,
  type DeliveryCounts,
  type DeliveryPageView,
  type DestinationTestView,
  type ForwardingDestinationView,
  type LatestAttempt,
  type RedeliverView,
} from './views';

/** Headers HTTP itself owns, or that docs/api-contract.md#forwarding fixes: never the auth header. */
const RESERVED_HEADERS = new Set([
  'host', 'content-length', 'content-type', 'connection', 'transfer-encoding', 'keep-alive', 'upgrade', 'te',
  'trailer', 'expect', 'proxy-connection', 'cookie',
]);

const headerName = z
  .string()
  .max(256)
  .regex(/^[!#$%&'*+\-.^_`|~0-9A-Za-z]*$/, 'must be an HTTP header name (letters, digits and !#$%&\'*+-.^_`|~)')
  .refine((n) => !RESERVED_HEADERS.has(n.toLowerCase()), 'is a header the service sets itself');

// Printable ASCII and tab only: anything else cannot travel in an HTTP header. The message never echoes the value.
const headerValue = z.string().max(8192, 'must be at most 8192 characters').regex(/^[\t\x20-\x7e]*$/, 'must be printable ASCII');

const url = z.string().trim().min(1, 'is required').max(2048, 'must be at most 2048 characters');

export const createDestinationSchema = z.strictObject({
  url,
  auth_header_name: headerName.optional(),
  auth_header_value: headerValue.optional(),
  enabled: z.boolean().default(true),
});

export const updateDestinationSchema = z.strictObject({
  url: url.optional(),
  /** An empty string removes the header (name and value). */
  auth_header_name: headerName.optional(),
  /** A new value rotates it; an empty string clears it. */
  auth_header_value: headerValue.optional(),
  enabled: z.boolean().optional(),
});

export const redeliverSchema = z.strictObject({
  since: z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date-time' }).optional(),
});

export const deliveriesQuerySchema = z.object({
  state: z.enum(DELIVERY_STATES).optional(),
  ...pageFields,
});

export type RedeliverInput = z.input<typeof redeliverSchema>;

const REDELIVER_MAX = 10_000;
const HAND_OFF_MAX = 10_000;
const CHUNK = 500;

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Audit forwarding (docs/forwarding.md): destinations, the delivery outbox and its driver (in-process poller
 * without Redis, BullMQ with it), the synchronous test and redelivery.
 */
export class ForwardingService {
  private readonly sender: HttpSender;
  private readonly metrics: ForwardingMetrics;
  private readonly processor: DeliveryProcessor;
  private readonly driver: DeliveryDriver;
  /** Deliveries written with a batch of records and not yet handed off, by record id. */
  private readonly handOff = new Map<string, DispatchItem[]>();
  private depthCache: { at: number; value: Promise<{ queued: number; retrying: number; jobs?: Record<string, number> }> } | undefined;

  constructor(
    private readonly deps: ServiceDeps,
    private readonly orgs: OrganizationService,
    private readonly cache: LookupCache,
  ) {
    const f = deps.config.forwarding;
    this.sender = new HttpSender({
      allowPrivate: f.allowPrivate,
      allowInsecure: f.allowInsecure,
      maxSockets: Math.max(f.concurrency, 4),
      ca: trustedCas(f.caFile, f.nodeExtraCaFile),
    });
    this.metrics = createForwardingMetrics(deps.metrics, () => this.depth());
    this.processor = new DeliveryProcessor(deps, this.sender, this.metrics);
    this.driver = deps.config.redisUrl ? new BullmqDriver(deps, this.processor) : new InProcessDriver(deps, this.processor);
    orgs.registerOwned(async (em, orgId) => {
      const ids = (await em.getRepository(ForwardingDestinationEntity).find({ select: { id: true }, where: { orgId } })).map((d) => d.id);
      for (const part of chunks(ids)) await em.getRepository(DeliveryEntity).delete({ destinationId: In(part) });
      await em.getRepository(ForwardingDestinationEntity).delete({ orgId });
    });
  }

  /** Which scheduler runs deliveries in this process. */
  get driverKind(): DeliveryDriver['kind'] {
    return this.driver.kind;
  }

  // ---------------------------------------------------------------- destinations

  /** Lists an organization's destinations, oldest first, each with status and delivery counters. */
  async list(p: Principal, org: string, page: PageRequest): Promise<Page<ForwardingDestinationView>> {
    const o = await this.orgs.resolve(p, org);
    const rows = await findPage(this.repo(), { where: { orgId: o.id }, order: { createdAt: 'ASC', id: 'ASC' } }, page);
    return { ...rows, items: await this.views(rows.items) };
  }

  /** Reads one destination. */
  async get(p: Principal, org: string, destinationId: string): Promise<ForwardingDestinationView> {
    return (await this.views([await this.find(p, org, destinationId)]))[0];
  }

  /** Creates a destination (enabled unless `enabled: false`); the header value is stored encrypted and never returned. */
  async create(p: Principal, org: string, input: unknown): Promise<ForwardingDestinationView> {
    const o = await this.orgs.resolve(p, org);
    const data = parseInput(createDestinationSchema, input);
    const checkedUrl = await this.checkUrl(data.url);
    if (data.auth_header_value && !data.auth_header_name) {
      throw new DomainError('validation_failed', 'Validation failed', [{ field: 'auth_header_value', problem: 'needs auth_header_name' }]);
    }
    const now = this.deps.now();
    const dest = this.repo().create({
      id: newId('fwd'),
      orgId: o.id,
      url: checkedUrl,
      authHeaderName: data.auth_header_name || null,
      authHeaderValueEnc: data.auth_header_value ? this.deps.cipher.encrypt(data.auth_header_value) : null,
      enabled: data.enabled,
      lastError: null,
      lastErrorAt: null,
      createdAt: now,
      updatedAt: now,
    });
    await this.repo().insert(dest);
    this.deps.logger.info({ org_id: o.id, destination_id: dest.id, auth_header: !!dest.authHeaderValueEnc }, 'forwarding destination created');
    return (await this.views([dest]))[0];
  }

  /**
   * Partial update. `auth_header_value` rotates the value ("" clears it); `auth_header_name` ""
   * removes the header; `enabled: false` stops forwarding and drops the destination's pending deliveries.
   */
  async update(p: Principal, org: string, destinationId: string, input: unknown): Promise<ForwardingDestinationView> {
    const dest = await this.find(p, org, destinationId);
    const data = parseInput(updateDestinationSchema, input);
    if (data.url !== undefined) dest.url = await this.checkUrl(data.url);
    if (data.auth_header_name !== undefined) {
      dest.authHeaderName = data.auth_header_name || null;
      if (!dest.authHeaderName) dest.authHeaderValueEnc = null;
    }
    if (data.auth_header_value !== undefined) {
      if (data.auth_header_value && !dest.authHeaderName) {
        throw new DomainError('validation_failed', 'Validation failed', [{ field: 'auth_header_value', problem: 'needs auth_header_name' }]);
      }
      dest.authHeaderValueEnc = data.auth_header_value ? this.deps.cipher.encrypt(data.auth_header_value) : null;
    }
    const disabling = data.enabled === false && dest.enabled;
    if (data.enabled !== undefined) dest.enabled = data.enabled;
    dest.updatedAt = this.deps.now();
    await this.repo().save(dest);
    if (disabling) await this.dropPending(dest.id);
    this.deps.logger.info(
      {
        org_id: dest.orgId,
        destination_id: dest.id,
        enabled: dest.enabled,
        auth_header: data.auth_header_value === undefined && data.auth_header_name === undefined ? 'unchanged' : dest.authHeaderValueEnc ? 'set' : 'cleared',
      },
      'forwarding destination updated',
    );
    return (await this.views([dest]))[0];
  }

  /** Deletes a destination with all its deliveries; queued and retrying events are cleared. */
  async remove(p: Principal, org: string, destinationId: string): Promise<void> {
    const dest = await this.find(p, org, destinationId);
    const pending = await this.pendingIds(dest.id);
    await this.deps.ds.transaction(async (em) => {
      await em.getRepository(DeliveryEntity).delete({ destinationId: dest.id });
      await em.getRepository(ForwardingDestinationEntity).delete({ id: dest.id });
    });
    await this.driver.forget(pending).catch((err) => this.deps.logger.warn({ destination_id: dest.id, ...safeErrorFields(err) }, 'removing queued jobs failed'));
    this.deps.logger.info({ org_id: dest.orgId, destination_id: dest.id, cleared: pending.length }, 'forwarding destination deleted');
  }

  /**
   * Sends one synthetic event (dataset service.audit_stream.test) now and reports whether the
   * destination answered 2xx within the test time-out. Works on disabled destinations too.
   */
  async test(p: Principal, org: string, destinationId: string): Promise<DestinationTestView> {
    const dest = await this.find(p, org, destinationId);
    const { header, error } = await destinationHeader(this.deps, dest);
    if (error) return { ok: false, status_code: null, error, duration_ms: 0 };
    const event = buildTestEvent(dest.orgId, newId('pf'), this.deps.now());
    const r = await this.sender.send({ url: dest.url, body: JSON.stringify(event), header, timeoutMs: this.deps.config.forwarding.testTimeoutMs });
    this.deps.logger.info(
      { org_id: dest.orgId, destination_id: dest.id, ok: r.ok, status_code: r.statusCode, failure: r.kind, duration_ms: r.durationMs },
      'forwarding destination tested',
    );
    return { ok: r.ok, status_code: r.statusCode, error: r.error, duration_ms: r.durationMs };
  }

  /** Re-queues the destination's dead-lettered deliveries (of events created since `since`, when given). */
  async redeliver(p: Principal, org: string, destinationId: string, input: unknown = {}): Promise<RedeliverView> {
    const dest = await this.find(p, org, destinationId);
    const data = parseInput(redeliverSchema, input ?? {});
    if (!dest.enabled) throw new DomainError('conflict', 'The destination is disabled: enable it before redelivering');
    const rows = await this.deliveries().find({
      select: { id: true },
      where: { destinationId: dest.id, state: 'failed', ...(data.since ? { createdAt: MoreThanOrEqual(new Date(data.since)) } : {}) },
      order: { createdAt: 'ASC' },
      take: REDELIVER_MAX + 1,
    });
    const ids = rows.slice(0, REDELIVER_MAX).map((r) => r.id);
    const now = this.deps.now();
    for (const part of chunks(ids)) await applyChange(this.deps.ds.manager, part, redeliver(now));
    for (const part of chunks(ids)) {
      await this.driver.dispatch(part.map((id) => ({ deliveryId: id, destinationId: dest.id })), { replace: true });
    }
    this.deps.logger.info({ org_id: dest.orgId, destination_id: dest.id, requeued: ids.length }, 'dead-lettered deliveries re-queued');
    return { destination_id: dest.id, requeued: ids.length, more: rows.length > REDELIVER_MAX };
  }

  /** Lists a destination's deliveries, newest first, with their recorded attempts. */
  async listDeliveries(p: Principal, org: string, destinationId: string, query: unknown = {}): Promise<DeliveryPageView> {
    const dest = await this.find(p, org, destinationId);
    const { state, ...page } = parseInput(deliveriesQuerySchema, query ?? {});
    const where = { destinationId: dest.id, ...(state ? { state } : {}) };
    return mapPage(await findPage(this.deliveries(), { where, order: { createdAt: 'DESC', id: 'DESC' } }, page), deliveryView);
  }

  // ---------------------------------------------------------------- the preflight hook

  /**
   * The outbox side of every stored check (a record listener of the record writer): a queued
   * delivery per enabled destination, written in the records' transaction, handed to the driver
   * (BullMQ add / wake the poller) once it has committed.
   */
  readonly recordListener: RecordListener = {
    name: 'forwarding-outbox',
    writesFor: async (records) => {
      const now = this.deps.now();
      const rows: DeliveryEntity[] = [];
      for (const record of records) {
        const dests = await this.cache.enabledDestinations(record.orgId);
        if (dests.length === 0) continue;
        const items = dests.map((destinationId) => ({ deliveryId: newId('dlv'), destinationId }));
        for (const { deliveryId, destinationId } of items) rows.push(queuedDelivery(deliveryId, destinationId, record, now));
        // Remembered for afterCommit, so the hand-off needs no query; a rolled-back batch's entries age out.
        this.handOff.set(record.id, items);
        if (this.handOff.size > HAND_OFF_MAX) this.handOff.delete(this.handOff.keys().next().value!);
      }
      return { inserts: rows.length ? [entityRows(this.deps.ds, DeliveryEntity, rows)] : [] };
    },
    afterCommit: (records) => {
      const ids = records.map((r) => r.id).filter((id) => this.handOff.has(id));
      if (ids.length) this.afterCommit(ids);
    },
  };

  /** After the records committed: hand their deliveries to the driver. */
  private afterCommit(recordIds: string[]): void {
    void this.dispatchRecords(recordIds).catch((err) =>
      // The rows are committed: the sweeper (BullMQ) or the next poll (in-process) picks them up.
      this.deps.logger.warn({ records: recordIds.length, ...safeErrorFields(err) }, 'handing deliveries to the queue failed; the sweeper will retry'),
    );
  }

  private async dispatchRecords(recordIds: string[]): Promise<void> {
    const items: DispatchItem[] = [];
    for (const id of recordIds) {
      items.push(...(this.handOff.get(id) ?? []));
      this.handOff.delete(id);
    }
    if (this.driver.kind === 'in-process') return this.driver.dispatch([]);
    await this.driver.dispatch(items);
  }

  // ---------------------------------------------------------------- operations

  /**
   * Re-encrypts stored header values written with an older key (after PREFLIGHT_ENCRYPTION_KEY=new,old).
   * Values no configured key can decrypt are counted and left alone.
   */
  async reencryptStaleHeaders(): Promise<{ checked: number; reencrypted: number; undecryptable: number }> {
    const { cipher } = this.deps;
    const rows = await this.repo().find({ select: { id: true, authHeaderValueEnc: true }, where: { authHeaderValueEnc: Not(IsNull()) } });
    let reencrypted = 0;
    let undecryptable = 0;
    for (const r of rows) {
      const enc = r.authHeaderValueEnc!;
      if (!cipher.isStale(enc)) continue;
      let plain: string;
      try {
        plain = cipher.decrypt(enc);
      } catch {
        undecryptable++;
        continue;
      }
      const res = await this.repo().update({ id: r.id, authHeaderValueEnc: enc }, { authHeaderValueEnc: cipher.encrypt(plain) });
      if (res.affected) reencrypted++;
    }
    if (reencrypted || undecryptable) {
      this.deps.logger.info({ checked: rows.length, reencrypted, undecryptable }, 'destination header values re-encrypted');
    }
    return { checked: rows.length, reencrypted, undecryptable };
  }

  /** The delivery driver (unless PREFLIGHT_RUN_WORKER=false) and a start-up re-encryption of stale header values. */
  backgroundTasks(): BackgroundTask[] {
    if (!this.deps.config.forwarding.runWorker) return [];
    let once: Promise<unknown> | undefined;
    return [
      ...this.driver.tasks(),
      {
        name: 'forwarding-reencrypt',
        start: () => {
          once ??= this.reencryptStaleHeaders().catch((err) =>
            this.deps.logger.error({ task: 'forwarding-reencrypt', ...safeErrorFields(err) }, 'header re-encryption failed'),
          );
        },
        stop: async () => {
          await once;
        },
      },
    ];
  }

  /** One attempt of one delivery (the queue worker's `deliver` job). */
  deliver(deliveryId: string): Promise<ProcessResult> {
    return this.processor.process(deliveryId);
  }

  /** Dead-letters a delivery the queue gave up on (the worker's give-up of a `deliver` job). */
  deadLetter(deliveryId: string, reason: string): Promise<boolean> {
    return this.processor.deadLetter(deliveryId, reason);
  }

  readinessProbes(): Record<string, () => Promise<boolean>> {
    return this.driver.readinessProbes();
  }

  /** BullMQ queues for the operators' board (none without Redis). */
  queues(): Queue[] {
    return this.driver.queues();
  }

  async close(): Promise<void> {
    await this.driver.close();
    this.sender.close();
  }

  // ---------------------------------------------------------------- helpers

  private repo() {
    return this.deps.ds.getRepository(ForwardingDestinationEntity);
  }

  private deliveries() {
    return this.deps.ds.getRepository(DeliveryEntity);
  }

  /** The caller's reach first (403 for another organization), then 404 for a destination not in it. */
  private async find(p: Principal, org: string, destinationId: string): Promise<ForwardingDestinationEntity> {
    const o = await this.orgs.resolve(p, org);
    const dest = await this.repo().findOneBy({ id: destinationId, orgId: o.id });
    if (!dest) throw notFound('Forwarding destination');
    return dest;
  }

  private async checkUrl(raw: string): Promise<string> {
    const opts = this.deps.config.forwarding;
    try {
      const u = checkDestinationUrl(raw, opts);
      await checkResolvedHost(u.hostname, opts);
      return u.toString();
    } catch (err) {
      if (err instanceof DestinationRefusedError) {
        throw new DomainError('validation_failed', 'Validation failed', [{ field: 'url', problem: err.message }]);
      }
      throw err;
    }
  }

  private async pendingIds(destinationId: string): Promise<string[]> {
    const rows = await this.deliveries().find({ select: { id: true }, where: { destinationId, state: In([...PENDING_STATES]) } });
    return rows.map((r) => r.id);
  }

  /** Disabling: pending deliveries are removed (events stop forwarding; nothing is sent later). */
  private async dropPending(destinationId: string): Promise<void> {
    const ids = await this.pendingIds(destinationId);
    for (const part of chunks(ids)) await this.deliveries().delete({ id: In(part), state: In([...DROP_FROM]) });
    await this.driver.forget(ids).catch((err) => this.deps.logger.warn({ destination_id: destinationId, ...safeErrorFields(err) }, 'removing queued jobs failed'));
  }

  private async views(rows: ForwardingDestinationEntity[]): Promise<ForwardingDestinationView[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const grouped = await this.deliveries()
      .createQueryBuilder('d')
      .select('d.destination_id', 'destination_id')
      .addSelect('d.state', 'state')
      .addSelect('COUNT(*)', 'n')
      .where('d.destination_id IN (:...ids)', { ids })
      .groupBy('d.destination_id')
      .addGroupBy('d.state')
      .getRawMany<{ destination_id: string; state: string; n: string | number }>();
    const counts = new Map<string, DeliveryCounts>(ids.map((id) => [id, { queued: 0, retrying: 0, delivered: 0, failed: 0 }]));
    for (const g of grouped) {
      const c = counts.get(g.destination_id);
      if (c && g.state in c) c[g.state as keyof DeliveryCounts] = Number(g.n);
    }
    const now = this.deps.now();
    return Promise.all(
      rows.map(async (r) => {
        const latest = await this.deliveries().findOne({
          select: { id: true, state: true, deliveredAt: true },
          where: { destinationId: r.id, lastAttemptAt: Not(IsNull()) },
          order: { lastAttemptAt: 'DESC' },
        });
        return destinationView(r, counts.get(r.id)!, latest as LatestAttempt | null, now);
      }),
    );
  }

  /** Queue depth for /metrics, read at most once a second. */
  private depth(): Promise<{ queued: number; retrying: number; jobs?: Record<string, number> }> {
    const at = Date.now();
    if (this.depthCache && at - this.depthCache.at < 1000) return this.depthCache.value;
    const value = (async () => {
      const grouped = await this.deliveries()
        .createQueryBuilder('d')
        .select('d.state', 'state')
        .addSelect('COUNT(*)', 'n')
        .where('d.state IN (:...pending)', { pending: [...PENDING_STATES] })
        .groupBy('d.state')
        .getRawMany<{ state: string; n: string | number }>();
      const by = Object.fromEntries(grouped.map((g) => [g.state, Number(g.n)]));
      const jobs = await this.driver.jobCounts().catch(() => undefined);
      return { queued: by.queued ?? 0, retrying: by.retrying ?? 0, jobs };
    })();
    this.depthCache = { at, value };
    value.catch(() => (this.depthCache = undefined));
    return value;
  }
}

/** A new delivery of a record to a destination: queued, due now, never attempted. */
export function queuedDelivery(id: string, destinationId: string, record: Pick<PreflightRecordEntity, 'id' | 'orgId'>, now: Date): DeliveryEntity {
  return Object.assign(new DeliveryEntity(), {
    id,
    orgId: record.orgId,
    destinationId,
    recordId: record.id,
    state: 'queued',
    attempts: 0,
    nextAttemptAt: now,
    lockedUntil: null,
    leaseToken: null,
    lastStatusCode: null,
    lastError: null,
    lastAttemptAt: null,
    deliveredAt: null,
    attemptLog: [],
    createdAt: now,
    updatedAt: now,
  });
}
