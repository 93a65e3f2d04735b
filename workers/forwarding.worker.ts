import { UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { safeErrorFields } from '../src/lib/logger';
import { backoffDelay } from '../src/services/forwarding/delivery-state';
import type { ProcessResult } from '../src/services/forwarding/delivery-processor';
import { FORWARDING_BACKOFF, JOBS, QUEUES, parseDeliverJob, type DeliverJobData } from './jobs';

/** Thrown by the processor after a failed attempt the state machine wants retried; carries its delay. */
export class RetryScheduledError extends Error {
  constructor(
    readonly delayMs: number,
    /** Safe text (status line or error class): shown on the board as the job's failedReason. */
    reason: string,
  ) {
    super(reason);
    this.name = 'RetryScheduledError';
  }
}

/** What the worker calls: one service method per job name, plus the dead-letter for give-ups. */
export interface ForwardingJobHandlers {
  deliver(deliveryId: string): Promise<ProcessResult>;
  deadLetter(deliveryId: string, reason: string): Promise<boolean>;
}

export interface ForwardingWorkerOptions {
  connection: Redis;
  prefix: string;
  concurrency: number;
  /** Lock time and stalled-check interval: how soon a crashed worker's job is taken over. */
  stalledMs: number;
  backoffMs: readonly number[];
  handlers: ForwardingJobHandlers;
  logger: Logger;
}

/** True when BullMQ will not run this job again: its last attempt, or a non-retryable failure. */
export function isFinalFailure(job: Pick<Job, 'attemptsMade' | 'opts' | 'finishedOn'>, err: Error | undefined): boolean {
  return job.attemptsMade >= (job.opts.attempts ?? 1) || job.finishedOn != null || err?.name === 'UnrecoverableError';
}

/** The reason recorded when BullMQ gives up on a job; never an arbitrary error's message. */
function giveUpReason(err: Error | undefined): string {
  if (err instanceof RetryScheduledError || err?.name === 'UnrecoverableError') return err.message;
  return 'internal error while delivering (see the service logs)';
}

/**
 * The `forwarding-delivery` worker. The processor calls the state machine (through
 * handlers.deliver) and only translates its verdict: retry -> throw RetryScheduledError (BullMQ
 * retries after the delay the custom backoff strategy returns), dead-lettered -> throw
 * UnrecoverableError. The failed listener tells the last failure from the others and makes sure a
 * job BullMQ gives up on is dead-lettered in the outbox, so it is never retried after that.
 */
export function createForwardingWorker(o: ForwardingWorkerOptions): Worker<DeliverJobData> {
  const processors: Record<string, (job: Job<DeliverJobData>) => Promise<string>> = {
    [JOBS.forwarding.deliver]: async (job) => {
      const data = parseDeliverJob(job.data);
      if (!data) throw new UnrecoverableError('malformed job payload');
      let r: ProcessResult;
      try {
        r = await o.handlers.deliver(data.deliveryId);
      } catch (err) {
        // Driver or database errors: logged without their message, and a fixed text goes to Redis.
        o.logger.error({ delivery_id: data.deliveryId, ...safeErrorFields(err) }, 'delivery job failed unexpectedly');
        throw new Error('internal error while delivering');
      }
      if (r.kind === 'retry') throw new RetryScheduledError(r.delayMs, r.error);
      if (r.kind === 'dead_lettered') throw new UnrecoverableError(r.error);
      return r.kind;
    },
  };
  // Every job name has exactly one processor, checked at start-up.
  for (const name of Object.values(JOBS.forwarding)) {
    if (typeof processors[name] !== 'function') throw new Error(`no processor for job ${name}`);
  }
  const worker = new Worker<DeliverJobData>(
    QUEUES.forwarding,
    async (job) => {
      const run = processors[job.name];
      if (!run) throw new UnrecoverableError('unknown job name');
      return run(job);
    },
    {
      connection: o.connection,
      prefix: o.prefix,
      concurrency: o.concurrency,
      lockDuration: o.stalledMs,
      stalledInterval: o.stalledMs,
      maxStalledCount: 2,
      autorun: false,
      settings: {
        backoffStrategy: (attemptsMade: number, type?: string, err?: Error) => {
          if (type !== FORWARDING_BACKOFF) return -1;
          // The state machine computed the delay from the configured schedule; fall back to the same schedule.
          return err instanceof RetryScheduledError ? err.delayMs : backoffDelay(attemptsMade, o.backoffMs);
        },
      },
    },
  );
  worker.on('failed', (job, err) => {
    if (!job) return;
    if (!isFinalFailure(job, err)) return;
    const data = parseDeliverJob(job.data);
    if (!data) return;
    o.handlers.deadLetter(data.deliveryId, giveUpReason(err)).catch((e) =>
      o.logger.error({ delivery_id: data.deliveryId, ...safeErrorFields(e) }, 'dead-lettering a failed job failed'),
    );
  });
  worker.on('error', (err) => o.logger.error({ queue: QUEUES.forwarding, ...safeErrorFields(err) }, 'forwarding worker error'));
  return worker;
}
