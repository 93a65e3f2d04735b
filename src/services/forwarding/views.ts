import { DAY_MS } from '../time';
import type { DeliveryEntity, ForwardingDestinationEntity } from '../../../entities';
import { z } from '../../lib/zod-openapi';
import { pageSchemaOf } from '../views';
import { DELIVERY_STATES, isPending, type DeliveryState } from './delivery-state';

const iso = z.string().openapi({ format: 'date-time', example: '2026-11-22T10:00:00.123+00:00' });

/** Dashboard label (docs/api-contract.md#forwarding). */
export const DESTINATION_STATUSES = ['Active', 'Idle', 'Failing', 'Disabled'] as const;
export type DestinationStatus = (typeof DESTINATION_STATUSES)[number];

export const deliveryCountsSchema = z
  .object({ queued: z.number().int(), retrying: z.number().int(), delivered: z.number().int(), failed: z.number().int() })
  .openapi('DeliveryCounts', { description: 'Deliveries of this destination by state (failed = dead-lettered)' });
export type DeliveryCounts = z.infer<typeof deliveryCountsSchema>;

/** A destination as every read returns it: the header value itself never appears. */
export const forwardingDestinationSchema = z
  .object({
    destination_id: z.string().openapi({ example: 'fwd_5f0c2d1e9a7b3c4d5e6f7a8b' }),
    org_id: z.string(),
    url: z.string().openapi({ example: 'https://es.example.com/preflight-audit/_doc' }),
    auth_header_name: z.string().nullable().openapi({ example: 'Authorization' }),
    auth_header_configured: z.boolean().openapi({ description: 'True when a header value is stored; the value itself is never returned' }),
    enabled: z.boolean(),
    status: z.enum(DESTINATION_STATUSES).openapi({
      description: 'Disabled: not enabled. Failing: the latest finished attempt failed or was dead-lettered. Active: delivered within 24 h. Idle: otherwise.',
    }),
    last_error: z.string().nullable().openapi({ description: 'The failure that dead-lettered the latest dead-lettered delivery' }),
    last_error_at: iso.nullable(),
    deliveries: deliveryCountsSchema,
    created_at: iso,
    updated_at: iso,
  })
  .openapi('ForwardingDestination');
export type ForwardingDestinationView = z.infer<typeof forwardingDestinationSchema>;

export const destinationListSchema = z.object({ items: z.array(forwardingDestinationSchema) }).openapi('ForwardingDestinationList');
export type DestinationListView = z.infer<typeof destinationListSchema>;

export const destinationTestSchema = z
  .object({
    ok: z.boolean().openapi({ description: 'True when the destination answered 2xx within the test time-out' }),
    status_code: z.number().int().nullable().openapi({ description: 'HTTP status of the answer; null when none came (DNS, refused, TLS, time-out)' }),
    error: z.string().nullable().openapi({ example: 'HTTP 401 Unauthorized: the collector rejected the credential: check auth_header_name and auth_header_value' }),
    duration_ms: z.number().int(),
  })
  .openapi('ForwardingTestResult');
export type DestinationTestView = z.infer<typeof destinationTestSchema>;

export const redeliverResultSchema = z
  .object({ destination_id: z.string(), requeued: z.number().int(), more: z.boolean().openapi({ description: 'More matched than one call re-queues (10,000): call again' }) })
  .openapi('RedeliverResult');
export type RedeliverView = z.infer<typeof redeliverResultSchema>;

const attemptSchema = z
  .object({ at: iso, status_code: z.number().int().nullable(), error: z.string().nullable(), duration_ms: z.number().int() })
  .openapi('DeliveryAttempt');

export const deliverySchema = z
  .object({
    delivery_id: z.string(),
    destination_id: z.string(),
    preflight_id: z.string().openapi({ description: 'The event id (event.id) this delivery carries' }),
    state: z.enum(DELIVERY_STATES),
    attempts: z.number().int(),
    next_attempt_at: iso.nullable(),
    last_status_code: z.number().int().nullable(),
    last_error: z.string().nullable(),
    last_attempt_at: iso.nullable(),
    delivered_at: iso.nullable(),
    created_at: iso,
    attempt_log: z.array(attemptSchema),
  })
  .openapi('Delivery');
export type DeliveryView = z.infer<typeof deliverySchema>;

export const deliveryPageSchema = pageSchemaOf(deliverySchema, 'DeliveryPage');
export type DeliveryPageView = z.infer<typeof deliveryPageSchema>;

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
