import type { Services } from '../../services';
import {
  createDestinationSchema,
  deliveriesQuerySchema,
  redeliverSchema,
  updateDestinationSchema,
} from '../../services/forwarding/forwarding.service';
import {
  deliveryPageSchema,
  destinationListSchema,
  destinationTestSchema,
  forwardingDestinationSchema,
  redeliverResultSchema,
} from '../../services/forwarding/views';
import type { RouteDef } from '../route';

const BASE = '/api/orgs/{org}/forwarding-destinations';
const ONE = `${BASE}/{destination_id}`;

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
      response: destinationTestSchema,
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
