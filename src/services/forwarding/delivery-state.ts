/**
 * THE delivery state machine (docs/decisions.md#one-state-machine-for-deliveries). Both drivers (the in-process poller
 * and the BullMQ worker) only decide *when* an attempt runs; what an attempt's outcome does to a
 * delivery is decided here, and nowhere else.
 *
 *   queued --2xx--> delivered
 *   queued|retrying --failure, attempts < max--> retrying (next attempt after backoff[attempts-1])
 *   queued|retrying --failure, attempts = max--> failed (dead-lettered; destination.last_error set)
 *   queued|retrying --destination deleted or disabled, record gone--> removed (row deleted, nothing sent)
 *   queued|retrying --the queue gave up (stalled too often, internal error)--> failed (dead-lettered)
 *   failed --redeliver--> queued (attempts 0, due now)
 *
 * Each transition is a value here (`from` states and the columns it sets); the service and the
 * drivers turn it into SQL and never write a delivery's state themselves.
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

/** Everything one attempt's verdict writes to its outbox row (times in epoch ms). */
export interface AttemptWrite {
  id: string;
  /** The attempts count the verdict was computed from: the write applies only while it is unchanged, so a racing duplicate is a no-op. */
  prevAttempts: number;
  state: DeliveryState;
  attempts: number;
  nextAttemptAt: number;
  lastStatusCode: number | null;
  lastError: string | null;
  lastAttemptAt: number;
  deliveredAt: number | null;
  /** JSON of the bounded attempt log. */
  attemptLog: string;
  updatedAt: number;
}

/** The row write of an attempt's transition (`at`: when the attempt started; `now`: when it ended). */
export function attemptWrite(
  d: { id: string; attempts: number; nextAttemptAt: number },
  t: Transition,
  outcome: AttemptOutcome,
  attemptLog: string,
  at: number,
  now: number,
): AttemptWrite {
  return {
    id: d.id,
    prevAttempts: d.attempts,
    state: t.state,
    attempts: t.attempts,
    nextAttemptAt: t.state === 'retrying' ? now + t.delayMs : d.nextAttemptAt,
    lastStatusCode: outcome.statusCode,
    lastError: outcome.error,
    lastAttemptAt: at,
    deliveredAt: t.state === 'delivered' ? now : null,
    attemptLog,
    updatedAt: now,
  };
}

/** A transition outside an attempt: the states it applies to and the columns it sets. */
export interface StateChange {
  from: readonly DeliveryState[];
  set: {
    state: DeliveryState;
    attempts?: number;
    nextAttemptAt?: Date;
    lastError?: string;
    deliveredAt?: null;
    lockedUntil: null;
    leaseToken: null;
    updatedAt: Date;
  };
}

/** The queue gave up on a pending delivery outside the machine's own last attempt: dead-lettered with that reason. */
export function deadLetter(reason: string, now: Date): StateChange {
  return { from: PENDING_STATES, set: { state: 'failed', lastError: reason, lockedUntil: null, leaseToken: null, updatedAt: now } };
}

/** An operator re-queues a dead-lettered delivery: it starts over, due now. */
export function redeliver(now: Date): StateChange {
  return {
    from: ['failed'],
    set: { state: 'queued', attempts: 0, nextAttemptAt: now, lockedUntil: null, leaseToken: null, deliveredAt: null, updatedAt: now },
  };
}

/** Destination deleted or disabled, or record gone: pending rows are deleted and nothing is sent. */
export const DROP_FROM: readonly DeliveryState[] = PENDING_STATES;

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
