import { Queue, type JobsOptions } from 'bullmq';
import IORedis, { type Redis } from 'ioredis';
import { In, LessThanOrEqual } from 'typeorm';
import { DeliveryEntity } from '../../../entities';
import type { BackgroundTask } from '../../lib/background';
import { safeErrorFields } from '../../lib/logger';
import { FORWARDING_BACKOFF, JOBS, QUEUES, type DeliverJobData } from '../../../workers/jobs';
import type { ServiceDeps } from '../deps';
import type { DeliveryProcessor } from './delivery-processor';
import { PENDING_STATES } from './delivery-state';
import type { DeliveryDriver, DispatchItem } from './driver';

const SWEEP_BATCH = 500;
const STARTUP_SWEEP_PAGES = 200;

/**
 * With REDIS_URL: BullMQ. One job per delivery, job id = delivery id (so adding twice is a
 * no-op), payload = ids only. The outbox table stays the source of truth: a sweeper re-adds
 * pending deliveries whose job is missing (a crash between commit and add, a Redis flush) and
 * dead-letters those whose job BullMQ already gave up on (stalled too often). The driver owns the
 * queue only: the process that runs the worker builds it from the job registry (src/queue-worker.ts).
 */
export class BullmqDriver implements DeliveryDriver {
  readonly kind = 'bullmq' as const;
  private readonly connection: Redis;
  private queueInstance: Queue<DeliverJobData> | undefined;
  private readonly jobOptions: JobsOptions;
  private sweepOffset = 0;

  constructor(
    private readonly deps: ServiceDeps,
    private readonly processor: DeliveryProcessor,
  ) {
    const { config } = deps;
    this.connection = new IORedis(config.redisUrl!, { maxRetriesPerRequest: null, connectionName: 'preflight-forwarding' });
    this.connection.on('error', (err) => deps.logger.warn({ ...safeErrorFields(err) }, 'redis connection error'));
    this.jobOptions = {
      attempts: config.forwarding.maxAttempts,
      backoff: { type: FORWARDING_BACKOFF },
      // The outbox keeps the history; Redis keeps a window for the board.
      removeOnComplete: { age: 3600, count: 1000 },
      removeOnFail: { age: 7 * 86_400, count: 10_000 },
    };
  }

  /** Created on first use: a Queue writes its meta key to Redis, which a process that never forwards should not leave behind. */
  get queue(): Queue<DeliverJobData> {
    if (!this.queueInstance) {
      this.queueInstance = new Queue<DeliverJobData>(QUEUES.forwarding, {
        connection: this.connection,
        prefix: this.deps.config.queuePrefix,
        defaultJobOptions: this.jobOptions,
      });
      this.queueInstance.on('error', (err) => this.deps.logger.warn({ queue: QUEUES.forwarding, ...safeErrorFields(err) }, 'forwarding queue error'));
    }
    return this.queueInstance;
  }

  async dispatch(items: DispatchItem[], opts: { replace?: boolean } = {}): Promise<void> {
    if (items.length === 0) return;
    if (opts.replace) await this.forget(items.map((i) => i.deliveryId));
    await this.queue.addBulk(
      items.map((i) => ({
        name: JOBS.forwarding.deliver,
        data: { deliveryId: i.deliveryId, destinationId: i.destinationId },
        opts: { ...this.jobOptions, jobId: i.deliveryId, delay: Math.max(0, i.delayMs ?? 0) },
      })),
    );
  }

  /** Removes the jobs of removed deliveries (an active job cannot be removed: its processor drops it). */
  async forget(deliveryIds: string[]): Promise<void> {
    if (deliveryIds.length === 0) return;
    for (const id of deliveryIds) {
      await this.queue.remove(id).catch(() => 0);
    }
  }

  /**
   * Repairs the outbox/queue pairing: a pending delivery due for longer than the grace period
   * (all of them at start-up) without a live job gets one; one whose job BullMQ already failed is
   * dead-lettered.
   */
  async sweep(graceMs: number): Promise<{ added: number; deadLettered: number; checked: number }> {
    const now = this.deps.now().getTime();
    // A rotating window, so a long backlog of live jobs does not hide the rows behind it.
    const rows = await this.deps.ds.getRepository(DeliveryEntity).find({
      select: { id: true, destinationId: true, nextAttemptAt: true, state: true },
      where: { state: In([...PENDING_STATES]), ...(graceMs >= 0 ? { nextAttemptAt: LessThanOrEqual(new Date(now - graceMs)) } : {}) },
      order: { nextAttemptAt: 'ASC', id: 'ASC' },
      skip: this.sweepOffset,
      take: SWEEP_BATCH,
    });
    this.sweepOffset = rows.length < SWEEP_BATCH ? 0 : this.sweepOffset + SWEEP_BATCH;
    let missing: DispatchItem[] = [];
    let deadLettered = 0;
    for (const r of rows) {
      const state = await this.queue.getJobState(r.id);
      if (state === 'unknown' || state === 'completed') {
        missing.push({ deliveryId: r.id, destinationId: r.destinationId, delayMs: r.nextAttemptAt.getTime() - now });
      } else if (state === 'failed') {
        if (await this.processor.deadLetter(r.id, 'the delivery worker stopped during delivery too many times')) deadLettered++;
      }
    }
    if (missing.length) {
      // Read again: a job that finished between the first read and its state check is not missing.
      const still = await this.deps.ds.getRepository(DeliveryEntity).find({
        select: { id: true },
        where: { id: In(missing.map((m) => m.deliveryId)), state: In([...PENDING_STATES]) },
      });
      const pending = new Set(still.map((r) => r.id));
      missing = missing.filter((m) => pending.has(m.deliveryId));
    }
    if (missing.length) await this.dispatch(missing, { replace: true });
    if (missing.length || deadLettered) {
      this.deps.logger.info({ queue: QUEUES.forwarding, re_added: missing.length, dead_lettered: deadLettered }, 'forwarding sweep repaired deliveries');
    }
    return { added: missing.length, deadLettered, checked: rows.length };
  }

  /** At start-up: every pending delivery (up to a bound), whatever its due time. */
  private async sweepAll(): Promise<void> {
    this.sweepOffset = 0;
    for (let page = 0; page < STARTUP_SWEEP_PAGES; page++) {
      const r = await this.sweep(-1);
      if (r.checked < SWEEP_BATCH || this.sweepOffset === 0) break;
    }
    this.sweepOffset = 0;
  }

  tasks(): BackgroundTask[] {
    const { config, logger } = this.deps;
    // Overdue by more than a stalled job would be: under a backlog, rows are late but their jobs are alive.
    const graceMs = Math.max(3 * config.forwarding.intervalMs, config.forwarding.stalledMs);
    let sweepTimer: NodeJS.Timeout | undefined;
    let sweeping: Promise<unknown> | undefined;
    const sweep = (grace: number) => {
      if (sweeping) return;
      sweeping = (grace < 0 ? this.sweepAll() : this.sweep(grace))
        .catch((err) => logger.error({ task: 'forwarding-sweeper', ...safeErrorFields(err) }, 'forwarding sweep failed'))
        .finally(() => (sweeping = undefined));
    };
    return [
      {
        name: 'forwarding-sweeper',
        start: () => {
          if (sweepTimer) return;
          sweep(-1);
          sweepTimer = setInterval(() => sweep(graceMs), Math.max(config.forwarding.intervalMs, 1000));
          sweepTimer.unref();
        },
        stop: async () => {
          if (sweepTimer) clearInterval(sweepTimer);
          sweepTimer = undefined;
          await sweeping;
        },
      },
    ];
  }

  async jobCounts(): Promise<Record<string, number> | undefined> {
    // A process that has neither queued a job nor runs the worker has nothing to report.
    if (!this.queueInstance && !this.deps.config.forwarding.runWorker) return undefined;
    return this.queue.getJobCounts('waiting', 'delayed', 'active', 'completed', 'failed', 'prioritized');
  }

  readinessProbes(): Record<string, () => Promise<boolean>> {
    return {
      redis: async () => {
        const pong = await Promise.race([this.connection.ping(), new Promise<string>((r) => setTimeout(() => r('timeout'), 2000).unref())]);
        return pong === 'PONG';
      },
    };
  }

  queues(): Queue[] {
    return [this.queue as unknown as Queue];
  }

  async close(): Promise<void> {
    await this.queueInstance?.close().catch(() => undefined);
    await this.connection.quit().catch(() => undefined);
  }
}
