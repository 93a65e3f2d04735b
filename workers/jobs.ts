/**
 * Queue names, job names and job payloads. Payloads carry ids only: BullMQ keeps job data in
 * clear text in Redis, so no event body, URL or header value ever goes there.
 */

/** Queue names (kebab-case); the Redis key prefix comes from PREFLIGHT_QUEUE_PREFIX. */
export const QUEUES = {
  forwarding: 'forwarding-delivery',
} as const;

/** Job names of each queue. */
export const JOBS = {
  forwarding: { deliver: 'deliver' },
} as const;

/** The name of the custom backoff strategy (`backoff: { type }`), served by the worker's settings.backoffStrategy. */
export const FORWARDING_BACKOFF = 'preflight';

/** `deliver`: one attempt of one outbox row. */
export interface DeliverJobData {
  deliveryId: string;
  /** Kept so an operator can see on the board which destination a job is for. */
  destinationId: string;
}

const ID = /^[a-z]{2,5}_[0-9a-f]{8,40}$/;

/** Validates a job payload read back from Redis (anything else is a bug or tampering: unrecoverable). */
export function parseDeliverJob(data: unknown): DeliverJobData | undefined {
  const d = data as Partial<DeliverJobData> | undefined;
  if (!d || typeof d.deliveryId !== 'string' || typeof d.destinationId !== 'string') return undefined;
  if (!ID.test(d.deliveryId) || !ID.test(d.destinationId)) return undefined;
  return { deliveryId: d.deliveryId, destinationId: d.destinationId };
}

/** The job names of the forwarding queue. */
export type ForwardingJobName = (typeof JOBS.forwarding)[keyof typeof JOBS.forwarding];

/** The payload of each job name. */
export interface JobPayloads {
  deliver: DeliverJobData;
}

/** Payload parsers by job name: job data read back from Redis is untrusted. */
export const JOB_PAYLOADS: { [N in ForwardingJobName]: (data: unknown) => JobPayloads[N] | undefined } = {
  deliver: parseDeliverJob,
};

/** What one run of a job reports; the worker maps it onto BullMQ (retry after a delay, give up, done). */
export type JobResult =
  | { kind: 'retry'; delayMs: number; error: string }
  | { kind: 'dead_lettered'; error: string }
  | { kind: 'delivered' }
  | { kind: 'dropped' }
  | { kind: 'skipped' };
