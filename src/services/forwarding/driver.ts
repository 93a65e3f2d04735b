import type { Queue } from 'bullmq';
import type { BackgroundTask } from '../../lib/background';

/** A delivery to hand to the scheduler; its outbox row is already committed. */
export interface DispatchItem {
  deliveryId: string;
  destinationId: string;
  /** Run no earlier than this many ms from now (0: at once). */
  delayMs?: number;
}

/**
 * A scheduler of deliveries. Drivers decide when an attempt runs; the attempt itself and what
 * it does to the delivery belong to DeliveryProcessor and the state machine.
 */
export interface DeliveryDriver {
  readonly kind: 'in-process' | 'bullmq';
  /** New deliveries (replace: re-queued ones whose earlier job may still exist). */
  dispatch(items: DispatchItem[], opts?: { replace?: boolean }): Promise<void>;
  /** Removed deliveries: drop whatever is scheduled for them. */
  forget(deliveryIds: string[]): Promise<void>;
  /** The worker and sweepers; empty when PREFLIGHT_RUN_WORKER=false. */
  tasks(): BackgroundTask[];
  /** Job counts by state (BullMQ only). */
  jobCounts(): Promise<Record<string, number> | undefined>;
  readinessProbes(): Record<string, () => Promise<boolean>>;
  /** BullMQ queues, for the operators' board. */
  queues(): Queue[];
  close(): Promise<void>;
}
