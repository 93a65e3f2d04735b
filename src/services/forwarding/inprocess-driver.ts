import crypto from 'node:crypto';
import { DeliveryEntity } from '../../../entities';
import type { BackgroundTask } from '../../lib/background';
import { safeErrorFields } from '../../lib/logger';
import type { ServiceDeps } from '../deps';
import type { DeliveryProcessor } from './delivery-processor';
import { PENDING_STATES } from './delivery-state';
import type { DeliveryDriver } from './driver';

/**
 * Without Redis: a poller over the outbox table, every PREFLIGHT_FORWARD_INTERVAL_MS (and at once
 * when a new delivery is committed in this process). Rows are claimed with a lease
 * (locked_until), so several processes on one database share the work and a crashed process's
 * claims are taken over when the lease ends.
 */
export class InProcessDriver implements DeliveryDriver {
  readonly kind = 'in-process' as const;
  private timer: NodeJS.Timeout | undefined;
  private started = false;
  private stopping = false;
  private loop: Promise<void> | undefined;
  private again = false;

  constructor(
    private readonly deps: ServiceDeps,
    private readonly processor: DeliveryProcessor,
  ) {}

  async dispatch(): Promise<void> {
    this.wake();
  }

  async forget(): Promise<void> {
    // Nothing is scheduled outside the table: removed rows are simply not found.
  }

  /** Runs a drain now unless one is running (which then goes round once more). */
  wake(): void {
    if (!this.started || this.stopping) return;
    if (this.loop) {
      this.again = true;
      return;
    }
    this.loop = this.drain()
      .catch((err) => this.deps.logger.error({ task: 'forwarding-poller', ...safeErrorFields(err) }, 'delivery poll failed'))
      .finally(() => (this.loop = undefined));
  }

  private async drain(): Promise<void> {
    const { concurrency } = this.deps.config.forwarding;
    do {
      this.again = false;
      while (!this.stopping) {
        const ids = await this.claim(concurrency * 4);
        if (ids.length === 0) break;
        await this.runAll(ids, concurrency);
      }
    } while (this.again && !this.stopping);
  }

  /** Runs claimed deliveries, at most `limit` at once; on stop, unstarted claims are released. */
  private async runAll(ids: string[], limit: number): Promise<void> {
    let next = 0;
    const lane = async () => {
      while (next < ids.length && !this.stopping) {
        const id = ids[next++];
        await this.processor
          .process(id)
          .catch((err) => this.deps.logger.error({ delivery_id: id, ...safeErrorFields(err) }, 'delivery failed unexpectedly'));
      }
    };
    await Promise.all(Array.from({ length: Math.min(limit, ids.length) }, lane));
    if (next < ids.length) await this.release(ids.slice(next));
  }

  /** Claims due rows: one UPDATE stamps a lease token on free rows, then the stamped ones are read back. */
  private async claim(limit: number): Promise<string[]> {
    const { ds, config } = this.deps;
    const now = this.deps.now().getTime();
    const due = await ds
      .getRepository(DeliveryEntity)
      .createQueryBuilder('d')
      .select('d.id', 'id')
      .where('d.state IN (:...pending) AND d.next_attempt_at <= :now AND (d.locked_until IS NULL OR d.locked_until < :now)', {
        pending: [...PENDING_STATES],
        now,
      })
      .orderBy('d.next_attempt_at', 'ASC')
      .limit(limit)
      .getRawMany<{ id: string }>();
    if (due.length === 0) return [];
    const token = crypto.randomBytes(12).toString('hex');
    const ids = due.map((r) => r.id);
    await ds
      .createQueryBuilder()
      .update(DeliveryEntity)
      .set({ leaseToken: token, lockedUntil: new Date(now + config.forwarding.deliveryTimeoutMs + config.forwarding.stalledMs) })
      .where('id IN (:...ids) AND state IN (:...pending) AND (locked_until IS NULL OR locked_until < :now)', {
        ids,
        pending: [...PENDING_STATES],
        now,
      })
      .execute();
    const mine = await ds
      .getRepository(DeliveryEntity)
      .createQueryBuilder('d')
      .select('d.id', 'id')
      .where('d.id IN (:...ids) AND d.lease_token = :token', { ids, token })
      .orderBy('d.next_attempt_at', 'ASC')
      .getRawMany<{ id: string }>();
    return mine.map((r) => r.id);
  }

  private async release(ids: string[]): Promise<void> {
    await this.deps.ds
      .createQueryBuilder()
      .update(DeliveryEntity)
      .set({ leaseToken: null, lockedUntil: null })
      .where('id IN (:...ids)', { ids })
      .execute()
      .catch((err) => this.deps.logger.warn({ ...safeErrorFields(err) }, 'releasing delivery claims failed'));
  }

  tasks(): BackgroundTask[] {
    return [
      {
        name: 'forwarding-poller',
        start: () => {
          this.started = true;
          this.stopping = false;
          this.timer ??= setInterval(() => this.wake(), this.deps.config.forwarding.intervalMs);
          this.timer.unref();
          this.wake();
        },
        stop: async () => {
          this.stopping = true;
          if (this.timer) clearInterval(this.timer);
          this.timer = undefined;
          await this.loop;
          this.started = false;
        },
      },
    ];
  }

  async jobCounts(): Promise<undefined> {
    return undefined;
  }

  readinessProbes(): Record<string, () => Promise<boolean>> {
    return {};
  }

  queues(): [] {
    return [];
  }

  async close(): Promise<void> {
    this.stopping = true;
    await this.loop;
  }
}
