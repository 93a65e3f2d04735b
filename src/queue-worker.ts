import IORedis, { type Redis } from 'ioredis';
import type { Worker } from 'bullmq';
import type { Logger } from 'pino';
import { createForwardingWorker } from '../workers/forwarding.worker';
import type { JobRegistry } from '../workers/registry';
import type { Config } from './config';
import type { BackgroundTask } from './lib/background';
import { safeErrorFields } from './lib/logger';
import type { Services } from './services';
import { backoffDelay } from './services/forwarding/delivery-state';

/** The services behind each job name (workers/jobs.ts); createForwardingWorker checks it is complete. */
export function jobRegistry(services: { forwarding: Pick<Services['forwarding'], 'deliver' | 'deadLetter'> }): JobRegistry {
  return {
    deliver: {
      run: (job) => services.forwarding.deliver(job.deliveryId),
      onGiveUp: (job, reason) => services.forwarding.deadLetter(job.deliveryId, reason),
    },
  };
}

/**
 * The BullMQ worker of a process that runs the background side (API with PREFLIGHT_RUN_WORKER, or
 * `npm run worker`) and has Redis; without Redis the in-process poller of the forwarding service
 * does the work. Its own connection: a worker blocks on Redis while it waits for jobs.
 */
export function queueWorkerTasks(config: Readonly<Config>, logger: Logger, services: Pick<Services, 'forwarding'>): BackgroundTask[] {
  if (!config.redisUrl || !config.forwarding.runWorker) return [];
  const registry = jobRegistry(services);
  let connection: Redis | undefined;
  let worker: Worker | undefined;
  return [
    {
      name: 'forwarding-worker',
      start: () => {
        if (worker) return;
        connection = new IORedis(config.redisUrl!, { maxRetriesPerRequest: null, connectionName: 'preflight-forwarding-worker' });
        connection.on('error', (err) => logger.warn({ ...safeErrorFields(err) }, 'redis connection error'));
        worker = createForwardingWorker({
          connection,
          prefix: config.queuePrefix,
          concurrency: config.forwarding.concurrency,
          stalledMs: config.forwarding.stalledMs,
          fallbackDelayMs: (attemptsMade) => backoffDelay(attemptsMade, config.forwarding.backoffMs),
          registry,
          logger,
        });
        void worker.run().catch((err) => logger.error({ ...safeErrorFields(err) }, 'forwarding worker stopped'));
      },
      stop: async () => {
        // Graceful: waits for the deliveries in flight, takes no new ones.
        await worker?.close();
        worker = undefined;
        await connection?.quit().catch(() => undefined);
        connection = undefined;
      },
    },
  ];
}
