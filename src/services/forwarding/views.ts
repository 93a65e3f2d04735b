import { DAY_MS } from '../time';
import type { DeliveryEntity, ForwardingDestinationEntity } from '../../../entities';
import type { DeliveryAttempt } from '../../../entities/delivery.entity';
import type { DeliveryState } from './delivery-state';
import { isPending } from './delivery-state';
import type { Page } from '../paging';

/** Dashboard label (docs/api-contract.md#forwarding). */
export type DestinationStatus = 'Active' | 'Idle' | 'Failing' | 'Disabled';

export interface DeliveryCounts {
  queued: number;
  retrying: number;
  delivered: number;
  failed: number;
}

/** A destination as every read returns it: the header value itself never appears. */
export interface ForwardingDestinationView {
  destination_id: string;
  org_id: string;
  url: string;
  auth_header_name: string | null;
  auth_header_configured: boolean;
  enabled: boolean;
  status: DestinationStatus;
  last_error: string | null;
  last_error_at: string | null;
  deliveries: DeliveryCounts;
  created_at: string;
  updated_at: string;
}

export interface DestinationTestView {
  ok: boolean;
  /** The HTTP status of the answer; null when none came (DNS, refused, TLS, time-out). */
  status_code: number | null;
  /** Null when ok; otherwise what went wrong, with a hint. */
  error: string | null;
  duration_ms: number;
}

export interface RedeliverView {
  destination_id: string;
  requeued: number;
  /** True when more dead-lettered deliveries matched than one call re-queues. */
  more: boolean;
}

export interface DeliveryView {
  delivery_id: string;
  destination_id: string;
  preflight_id: string;
  state: DeliveryState;
  attempts: number;
  next_attempt_at: string | null;
  last_status_code: number | null;
  last_error: string | null;
  last_attempt_at: string | null;
  delivered_at: string | null;
  created_at: string;
  attempt_log: DeliveryAttempt[];
}

export type DeliveryPageView = Page<DeliveryView>;

/** ISO 8601 with an explicit UTC offset (docs/api-contract.md#resources). */
export function isoOffset(d: Date): string;
export function isoOffset(d: Date | null | undefined): string | null;
export function isoOffset(d: Date | null | undefined): string | null {
  return d ? d.toISOString().replace(/Z$/, '+00:00') : null;
}


/** The latest delivery that had an attempt, as far as status is concerned. */
export interface LatestAttempt {
  state: string;
  deliveredAt: Date | null;
}

/**
 * Disabled when not enabled; Failing when its latest finished attempt failed (retrying or
 * dead-lettered); Active when that attempt delivered within 24 h; Idle otherwise.
 */
export function destinationStatus(enabled: boolean, latest: LatestAttempt | null, now: Date): DestinationStatus {
  if (!enabled) return 'Disabled';
  if (!latest) return 'Idle';
  if (latest.state !== 'delivered') return 'Failing';
  return latest.deliveredAt && now.getTime() - latest.deliveredAt.getTime() < DAY_MS ? 'Active' : 'Idle';
}

export function destinationView(
  d: ForwardingDestinationEntity,
  counts: DeliveryCounts,
  latest: LatestAttempt | null,
  now: Date,
): ForwardingDestinationView {
  return {
    destination_id: d.id,
    org_id: d.orgId,
    url: d.url,
    auth_header_name: d.authHeaderName,
    auth_header_configured: !!d.authHeaderValueEnc,
    enabled: d.enabled,
    status: destinationStatus(d.enabled, latest, now),
    last_error: d.lastError,
    last_error_at: isoOffset(d.lastErrorAt),
    deliveries: counts,
    created_at: isoOffset(d.createdAt),
    updated_at: isoOffset(d.updatedAt),
  };
}

export function deliveryView(d: DeliveryEntity): DeliveryView {
  return {
    delivery_id: d.id,
    destination_id: d.destinationId,
    preflight_id: d.recordId,
    state: d.state as DeliveryState,
    attempts: d.attempts,
    next_attempt_at: isPending(d.state) ? isoOffset(d.nextAttemptAt) : null,
    last_status_code: d.lastStatusCode,
    last_error: d.lastError,
    last_attempt_at: isoOffset(d.lastAttemptAt),
    delivered_at: isoOffset(d.deliveredAt),
    created_at: isoOffset(d.createdAt),
    attempt_log: d.attemptLog ?? [],
  };
}
