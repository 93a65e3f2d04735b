import Redis from 'ioredis';
import type { EntitySubscriberInterface, InsertEvent, QueryRunner, RemoveEvent, TransactionCommitEvent, UpdateEvent } from 'typeorm';
import { ForwardingDestinationEntity, LicenseEntity, OrganizationEntity, PolicyEntity } from '../../entities';
import { safeErrorFields } from '../lib/logger';
import type { ServiceDeps } from './deps';

/** What a check needs of its policy, read once and kept until the policy changes. */
export type CachedPolicy = Pick<PolicyEntity, 'id' | 'orgId' | 'name' | 'version' | 'isActive' | 'rules' | 'customPatterns'>;
export type CachedOrganization = Pick<OrganizationEntity, 'id' | 'name' | 'slug' | 'settings'>;

/** Each map is cleared when it grows past this (the working set of a gateway is far smaller). */
const MAX_ENTRIES = 10_000;
const WATCHED = new Set<unknown>([PolicyEntity, OrganizationEntity, LicenseEntity, ForwardingDestinationEntity]);
/** Destination columns the delivery worker writes on failures: not read by the check path. */
const DESTINATION_NOISE = new Set(['lastError', 'lastErrorAt', 'updatedAt']);

/**
 * Rows the check path reads on every check (policy key → policy, organization, licenses, enabled
 * forwarding destinations), cached in the process and dropped on every change of any of them:
 * - in this process, by a TypeORM subscriber, at the change and again after its commit;
 * - in every other process on the same database: the change moves `cache_generation` in its own
 *   transaction and publishes on Redis (REDIS_URL). A process with a live Redis subscription
 *   flushes on the message; without one it compares the generation before each check (a prepared
 *   point read on SQLite; one primary-key read on MySQL).
 * A fill that raced with a flush is not stored (the epoch moved), so no stale row survives a change.
 */
export class LookupCache {
  private readonly byKeyHash = new Map<string, { policyId: string; orgId: string }>();
  private readonly policies = new Map<string, CachedPolicy>();
  private readonly orgs = new Map<string, CachedOrganization>();
  private readonly licenses = new Map<string, LicenseEntity[]>();
  private readonly destinations = new Map<string, string[]>();
  private epoch = 0;
  private seenGeneration: number | undefined;
  private checkedThisTurn = false;
  private readonly dirty = new WeakSet<QueryRunner>();
  private readonly channel: string;
  private pub?: Redis;
  private sub?: Redis;
  private subscribed = false;
  private readGenerationSync?: () => number;

  constructor(private readonly deps: ServiceDeps) {
    this.channel = `${deps.config.queuePrefix}:cache-invalidate`;
    deps.ds.subscribers.push(this.subscriber());
    if (deps.ds.options.type === 'better-sqlite3') {
      // The driver's own connection: a prepared statement costs microseconds, no query builder.
      const db = (deps.ds.driver as unknown as { databaseConnection: import('better-sqlite3').Database }).databaseConnection;
      const stmt = db.prepare('SELECT generation FROM cache_generation WHERE id = 1');
      this.readGenerationSync = () => Number((stmt.get() as { generation: number } | undefined)?.generation ?? 0);
    }
    if (deps.config.redisUrl) {
      const opts = { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false } as const;
      this.pub = new Redis(deps.config.redisUrl, { ...opts, connectionName: 'preflight-cache-pub' });
      this.sub = new Redis(deps.config.redisUrl, { ...opts, connectionName: 'preflight-cache-sub' });
      for (const r of [this.pub, this.sub]) r.on('error', (err) => deps.logger.debug({ ...safeErrorFields(err) }, 'cache redis connection error'));
      // Messages missed while unsubscribed are covered by the generation check meanwhile; a new
      // subscription starts from an empty cache.
      this.sub.on('ready', () => {
        this.sub!.subscribe(this.channel).then(
          () => {
            this.flush();
            this.subscribed = true;
          },
          () => undefined,
        );
      });
      this.sub.on('close', () => {
        this.subscribed = false;
      });
      this.sub.on('message', () => this.flush());
    }
  }

  /** Before a check reads cached rows: drops them if another process changed any since. */
  async fresh(): Promise<void> {
    if (this.subscribed || this.checkedThisTurn) return;
    // Once per turn of the event loop: the checks handled in one turn arrived together.
    this.checkedThisTurn = true;
    setImmediate(() => {
      this.checkedThisTurn = false;
    });
    const g = this.readGenerationSync
      ? this.readGenerationSync()
      : Number((await this.deps.ds.query('SELECT generation FROM cache_generation WHERE id = 1'))[0]?.generation ?? 0);
    if (g !== this.seenGeneration) {
      this.flush();
      this.seenGeneration = g;
    }
  }

  async policyForKey(keyHash: string): Promise<{ policyId: string; orgId: string } | null> {
    const hit = this.byKeyHash.get(keyHash);
    if (hit) return hit;
    return this.fill(this.byKeyHash, keyHash, async () => {
      const p = await this.deps.ds.getRepository(PolicyEntity).findOne({ select: { id: true, orgId: true }, where: { apiKeyHash: keyHash } });
      return p ? { policyId: p.id, orgId: p.orgId } : null;
    });
  }

  async policy(policyId: string): Promise<CachedPolicy | null> {
    return (
      this.policies.get(policyId) ??
      this.fill(this.policies, policyId, () =>
        this.deps.ds.getRepository(PolicyEntity).findOne({
          select: { id: true, orgId: true, name: true, version: true, isActive: true, rules: true, customPatterns: true },
          where: { id: policyId },
        }),
      )
    );
  }

  async organization(orgId: string): Promise<CachedOrganization | null> {
    return (
      this.orgs.get(orgId) ??
      this.fill(this.orgs, orgId, () =>
        this.deps.ds.getRepository(OrganizationEntity).findOne({ select: { id: true, name: true, slug: true, settings: true }, where: { id: orgId } }),
      )
    );
  }

  /** The organization's licenses, newest first. */
  async licensesOf(orgId: string): Promise<LicenseEntity[]> {
    return (
      this.licenses.get(orgId) ??
      (await this.fill(this.licenses, orgId, () =>
        this.deps.ds.getRepository(LicenseEntity).find({ where: { orgId }, order: { createdAt: 'DESC', id: 'DESC' } }),
      )) ??
      []
    );
  }

  /** Ids of the organization's enabled forwarding destinations. */
  async enabledDestinations(orgId: string): Promise<string[]> {
    return (
      this.destinations.get(orgId) ??
      (await this.fill(this.destinations, orgId, async () =>
        (await this.deps.ds.getRepository(ForwardingDestinationEntity).find({ select: { id: true }, where: { orgId, enabled: true } })).map((d) => d.id),
      )) ??
      []
    );
  }

  /** Drops every cached row of this process. */
  flush(): void {
    this.epoch++;
    for (const m of [this.byKeyHash, this.policies, this.orgs, this.licenses, this.destinations]) m.clear();
  }

  async close(): Promise<void> {
    const i = this.deps.ds.subscribers.indexOf(this.subscriberInstance!);
    if (i >= 0) this.deps.ds.subscribers.splice(i, 1);
    for (const r of [this.sub, this.pub]) if (r) await r.quit().catch(() => r.disconnect());
  }

  private async fill<T>(map: Map<string, T>, key: string, load: () => Promise<T | null>): Promise<T | null> {
    const epoch = this.epoch;
    const value = await load();
    if (value !== null && epoch === this.epoch) {
      if (map.size >= MAX_ENTRIES) map.clear();
      map.set(key, value);
    }
    return value;
  }

  /** A change committed (or, outside a transaction, executed): flush here and tell the others. */
  private changed(): void {
    this.flush();
    this.pub?.publish(this.channel, '1').catch(() => undefined);
  }

  private subscriberInstance?: EntitySubscriberInterface;

  private subscriber(): EntitySubscriberInterface {
    const onChange = async (qr: QueryRunner | undefined, target: unknown, values?: object) => {
      if (!WATCHED.has(target)) return;
      if (target === ForwardingDestinationEntity && values && Object.keys(values).every((k) => DESTINATION_NOISE.has(k))) return;
      this.flush();
      if (!qr) return this.changed();
      await qr.query('UPDATE cache_generation SET generation = generation + 1 WHERE id = 1');
      if (qr.isTransactionActive) this.dirty.add(qr);
      else this.changed();
    };
    this.subscriberInstance = {
      afterInsert: (e: InsertEvent<object>) => onChange(e.queryRunner, e.metadata.target),
      afterUpdate: (e: UpdateEvent<object>) =>
        onChange(e.queryRunner, e.metadata.target, e.updatedColumns?.length ? Object.fromEntries(e.updatedColumns.map((c) => [c.propertyName, 1])) : e.entity ?? undefined),
      afterRemove: (e: RemoveEvent<object>) => onChange(e.queryRunner, e.metadata.target),
      afterTransactionCommit: (e: TransactionCommitEvent) => {
        if (!this.dirty.has(e.queryRunner)) return;
        this.dirty.delete(e.queryRunner);
        this.changed();
      },
      afterTransactionRollback: (e) => {
        this.dirty.delete(e.queryRunner);
      },
    };
    return this.subscriberInstance;
  }
}
