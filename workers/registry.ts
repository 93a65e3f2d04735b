import { JOBS, type ForwardingJobName, type JobPayloads, type JobResult } from './jobs';

/** The service code behind one job name. */
export interface JobHandler<T> {
  /** One run of the job; its result says whether BullMQ retries it, gives up or is done. */
  run(data: T): Promise<JobResult>;
  /** Called once when BullMQ gives up on the job (its last attempt, stalled too often, unrecoverable). */
  onGiveUp(data: T, reason: string): Promise<unknown>;
}

/** One handler per job name; the process that runs the worker builds it from its services. */
export type JobRegistry = { [N in ForwardingJobName]: JobHandler<JobPayloads[N]> };

/**
 * Checked when a worker starts: every job name has a handler and every handler a job name, so a
 * job added to workers/jobs.ts without its handler stops the worker at start-up instead of
 * failing each job of that name at run time.
 */
export function checkJobRegistry(registry: Record<string, Partial<JobHandler<never>> | undefined>): asserts registry is JobRegistry {
  const names: string[] = Object.values(JOBS.forwarding);
  for (const name of names) {
    const h = registry[name];
    if (typeof h?.run !== 'function' || typeof h.onGiveUp !== 'function') throw new Error(`job registry: no handler for job "${name}"`);
  }
  for (const name of Object.keys(registry)) {
    if (!names.includes(name)) throw new Error(`job registry: handler for unknown job "${name}"`);
  }
}
