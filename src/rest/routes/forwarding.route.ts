import type { Services } from '../../services';
import {
  createDestinationSchema,
  deliveriesQuerySchema,
  redeliverSchema,
  updateDestinationSchema,
} from '../../services/forwarding/forwarding.service';
import { DELIVERY_STATES } from '../../services/forwarding/delivery-state';
import type { RouteDef } from '../route';
import { z } from '../zod-openapi';
import { pageSchemaOf } from '../schemas';

const BASE = '/api/orgs/{org}/forwarding-destinations';
const ONE = `${BASE}/{destination_id}`;
const iso = z.string().openapi({ format: 'date-time', example: '2026-11-22T10:00:00.123+00:00' });

const deliveryCountsSchema = z
  .object({ queued: z.number().int(), retrying: z.number().int(), delivered: z.number().int(), failed: z.number().int() })
  .openapi('DeliveryCounts', { description: 'Deliveries of this destination by state (failed = dead-lettered)' });

export const forwardingDestinationSchema = z
  .object({
    destination_id: z.string().openapi({ example: 'fwd_5f0c2d1e9a7b3c4d5e6f7a8b' }),
    org_id: z.string(),
    url: z.string().openapi({ example: 'https://es.example.com/preflight-audit/_doc' }),
    auth_header_name: z.string().nullable().openapi({ example: 'Authorization' }),
    auth_header_configured: z.boolean().openapi({ description: 'True when a header value is stored; the value itself is never returned' }),
    enabled: z.boolean(),
    status: z.enum(['Active', 'Idle', 'Failing', 'Disabled']).openapi({
      description: 'Disabled: not enabled. Failing: the latest finished attempt failed or was dead-lettered. Active: delivered within 24 h. Idle: otherwise.',
    }),
    last_error: z.string().nullable().openapi({ description: 'The failure that dead-lettered the latest dead-lettered delivery' }),
    last_error_at: iso.nullable(),
    deliveries: deliveryCountsSchema,
    created_at: iso,
    updated_at: iso,
  })
  .openapi('ForwardingDestination');

const destinationListSchema = z.object({ items: z.array(forwardingDestinationSchema) }).openapi('ForwardingDestinationList');

const testResultSchema = z
  .object({
    ok: z.boolean().openapi({ description: 'True when the destination answered 2xx within the test time-out' }),
    status_code: z.number().int().nullable().openapi({ description: 'HTTP status of the answer; null when none came (DNS, refused, TLS, time-out)' }),
    error: z.string().nullable().openapi({ example: 'HTTP 401 Unauthorized: the collector rejected the credential: check auth_header_name and auth_header_value' }),
    duration_ms: z.number().int(),
  })
  .openapi('ForwardingTestResult');

const redeliverResultSchema = z
  .object({ destination_id: z.string(), requeued: z.number().int(), more: z.boolean().openapi({ description: 'More matched than one call re-queues (10,000): call again' }) })
  .openapi('RedeliverResult');

const attemptSchema = z
  .object({ at: iso, status_code: z.number().int().nullable(), error: z.string().nullable(), duration_ms: z.number().int() })
  .openapi('DeliveryAttempt');

const deliverySchema = z
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

const deliveryPageSchema = pageSchemaOf(deliverySchema, 'DeliveryPage');

/** Forwarding destinations (docs/forwarding.md, docs/api-contract.md#forwarding). Bearer: the operator or that organization's key. */
export function forwardingRoutes(s: Services): RouteDef[] {
  const tag = 'Forwarding';
  return [
    {
      method: 'get', paths: [BASE], tag, auth: 'bearer', status: 200,
      summary: "List an organization's forwarding destinations", response: destinationListSchema,
      handle: async ({ principal, params }) => ({ items: (await s.forwarding.list(principal, params.org, 'all')).items }),
    },
    {
      method: 'post', paths: [BASE], tag, auth: 'bearer', status: 201,
      summary: 'Create a forwarding destination (HTTPS URL and at most one auth header)',
      description: 'auth_header_value is write-only: stored AES-256-GCM encrypted, never returned or logged. Provider prefixes (Bearer, ApiKey, Splunk) are part of the value. enabled defaults to true.',
      body: createDestinationSchema, response: forwardingDestinationSchema,
      handle: ({ principal, params, body }) => s.forwarding.create(principal, params.org, body),
    },
    {
      method: 'get', paths: [ONE], tag, auth: 'bearer', status: 200,
      summary: 'Get a forwarding destination', response: forwardingDestinationSchema,
      handle: ({ principal, params }) => s.forwarding.get(principal, params.org, params.destination_id),
    },
    {
      method: 'patch', paths: [ONE], tag, auth: 'bearer', status: 200,
      summary: 'Update a forwarding destination (partial)',
      description: 'enabled: false stops forwarding and drops pending deliveries. auth_header_value: a new value rotates it, "" clears it. auth_header_name: "" removes the header.',
      body: updateDestinationSchema, response: forwardingDestinationSchema,
      handle: ({ principal, params, body }) => s.forwarding.update(principal, params.org, params.destination_id, body),
    },
    {
      method: 'delete', paths: [ONE], tag, auth: 'bearer', status: 204,
      summary: 'Delete a forwarding destination; its queued events are cleared',
      handle: ({ principal, params }) => s.forwarding.remove(principal, params.org, params.destination_id),
    },
    {
      method: 'post', paths: [`${ONE}/test`], tag, auth: 'bearer', status: 200,
      summary: 'Send one synthetic event (dataset service.audit_stream.test) and report the answer',
      description: 'Synchronous; ok is true when the destination answers 2xx within PREFLIGHT_FORWARD_TEST_TIMEOUT_MS (10 s). error names DNS failures, refused connections, TLS failures, time-outs and non-2xx answers.',
      response: testResultSchema,
      handle: ({ principal, params }) => s.forwarding.test(principal, params.org, params.destination_id),
    },
    {
      method: 'post', paths: [`${ONE}/redeliver`], tag, auth: 'bearer', status: 200,
      summary: 'Re-queue dead-lettered deliveries (optionally only events since a time)',
      description: 'Body optional: {"since": "<ISO 8601 date-time>"}. Each re-queued delivery gets 3 fresh attempts. 409 when the destination is disabled.',
      body: redeliverSchema.optional(), response: redeliverResultSchema,
      handle: ({ principal, params, body }) => s.forwarding.redeliver(principal, params.org, params.destination_id, body ?? {}),
    },
    {
      method: 'get', paths: [`${ONE}/deliveries`], tag, auth: 'bearer', status: 200,
      summary: "List a destination's deliveries (newest first) with their attempts",
      query: deliveriesQuerySchema, response: deliveryPageSchema,
      handle: ({ principal, params, query }) => s.forwarding.listDeliveries(principal, params.org, params.destination_id, query),
    },
  ];
}
