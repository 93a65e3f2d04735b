/**
 * THE delivery state machine (contract section 7, spec 3.1). Both drivers (the in-process poller
 * and the BullMQ worker) only decide *when* an attempt runs; what an attempt's outcome does to a
 * delivery is decided here, and nowhere else.
 *
 *   queued --2xx--> delivered
 *   queued|retrying --failure, attempts < max--> retrying (next attempt after backoff[attempts-1])
 *   queued|retrying --failure, attempts = max--> failed (dead-lettered; destination.last_error set)
 *   queued|retrying --destination deleted or disabled--> removed (row deleted, nothing sent)
 */

export const DELIVERY_STATES = ['queued', 'retrying', 'delivered', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** States in which a delivery still waits for an attempt. */
export const PENDING_STATES: readonly DeliveryState[] = ['queued', 'retrying'];

export function isPending(state: string): boolean {
  return state === 'queued' || state === 'retrying';
}

export interface RetryPolicy {
  /** Attempts in all, the first included (3 by default). */
  maxAttempts: number;
  /** Delay before the retry after the 1st, 2nd, ... failure; the last entry repeats. */
  backoffMs: readonly number[];
}

/** What one HTTP attempt gave. */
export interface AttemptOutcome {
  ok: boolean;
  statusCode: number | null;
  /** Safe description of the failure (never a header value, URL query or body). */
  error: string | null;
  durationMs: number;
}

export type Transition =
  | { state: 'delivered'; attempts: number }
  | { state: 'retrying'; attempts: number; delayMs: number }
  | { state: 'failed'; attempts: number };

/** Delay before the retry that follows the n-th failed attempt (n >= 1). */
export function backoffDelay(failedAttempts: number, schedule: readonly number[]): number {
  if (schedule.length === 0) return 0;
  const i = Math.min(Math.max(failedAttempts, 1), schedule.length) - 1;
  return schedule[i];
}

/** The next state of a pending delivery after one attempt, given how many attempts came before it. */
export function transition(attemptsBefore: number, outcome: AttemptOutcome, policy: RetryPolicy): Transition {
  const attempts = attemptsBefore + 1;
  if (outcome.ok) return { state: 'delivered', attempts };
  if (attempts >= policy.maxAttempts) return { state: 'failed', attempts };
  return { state: 'retrying', attempts, delayMs: backoffDelay(attempts, policy.backoffMs) };
}

/** 2xx only: 1xx never reaches us, 3xx is not followed (a redirect could point anywhere). */
export function isSuccessStatus(status: number): boolean {
  return status >= 200 && status < 300;
}
