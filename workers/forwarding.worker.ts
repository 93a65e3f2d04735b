import { UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { safeErrorFields } from '../src/lib/logger';
import { FORWARDING_BACKOFF, JOB_PAYLOADS, QUEUES, type ForwardingJobName, type JobResult } from './jobs';
import { checkJobRegistry, type JobHandler, type JobRegistry } from './registry';

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

export interface ForwardingWorkerOptions {
  connection: Redis;
  prefix: string;
  concurrency: number;
  /** Lock time and stalled-check interval: how soon a crashed worker's job is taken over. */
  stalledMs: number;
  /** The delay before the retry after the n-th failure, when a job failed without saying (the configured schedule). */
  fallbackDelayMs: (attemptsMade: number) => number;
  /** One handler per job name (checked here: a missing one throws). */
  registry: JobRegistry;
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
 * The `forwarding-delivery` worker. Each job runs its registry handler, and the worker only
 * translates the handler's verdict: retry -> throw RetryScheduledError (BullMQ retries after the
 * delay the custom backoff strategy returns), dead-lettered -> throw UnrecoverableError. The failed
 * listener tells the last failure from the others and calls the handler's onGiveUp, so a job BullMQ
 * gives up on is dead-lettered in the outbox and never retried after that.
 */
export function createForwardingWorker(o: ForwardingWorkerOptions): Worker {
  checkJobRegistry(o.registry);
  const handlers = o.registry as Record<string, JobHandler<unknown>>;
  const parse = (job: Job) => (JOB_PAYLOADS as Record<string, (d: unknown) => unknown>)[job.name]?.(job.data);
  const worker = new Worker(
    QUEUES.forwarding,
    async (job: Job) => {
      const handler = handlers[job.name as ForwardingJobName];
      if (!handler) throw new UnrecoverableError('unknown job name');
      const data = parse(job);
      if (!data) throw new UnrecoverableError('malformed job payload');
      let r: JobResult;
      try {
        r = await handler.run(data);
      } catch (err) {
        // Driver or database errors: logged without their message, and a fixed text goes to Redis.
        o.logger.error({ job: job.name, job_id: job.id, ...safeErrorFields(err) }, 'job failed unexpectedly');
        throw new Error('internal error while delivering');
      }
      if (r.kind === 'retry') throw new RetryScheduledError(r.delayMs, r.error);
      if (r.kind === 'dead_lettered') throw new UnrecoverableError(r.error);
      return r.kind;
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
          return err instanceof RetryScheduledError ? err.delayMs : o.fallbackDelayMs(attemptsMade);
        },
      },
    },
  );
  worker.on('failed', (job, err) => {
    if (!job || !isFinalFailure(job, err)) return;
    const handler = handlers[job.name];
    const data = parse(job);
    if (!handler || !data) return;
    handler.onGiveUp(data, giveUpReason(err)).catch((e) =>
      o.logger.error({ job: job.name, job_id: job.id, ...safeErrorFields(e) }, 'giving up on a failed job failed'),
    );
  });
  worker.on('error', (err) => o.logger.error({ queue: QUEUES.forwarding, ...safeErrorFields(err) }, 'forwarding worker error'));
  return worker;
}
