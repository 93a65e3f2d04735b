import type { PreflightRecordEntity } from '../../../entities';

export const EVENT_DATASET = 'service.preflight';
export const TEST_EVENT_DATASET = 'service.audit_stream.test';

/** The forwarded audit event (docs/forwarding.md#the-event): nested ECS-shaped JSON. Counts and ids only, never content. */
export interface AuditEvent {
  '@timestamp': string;
  event: {
    id: string;
    kind: 'event';
    category: ['data_protection', 'preflight'];
    type: string[];
    action: 'preflight_check';
    outcome: 'success';
    dataset: string;
  };
  service: {
    preflight_id: string;
    decision: string;
    destination: string;
    summary: string;
    policy_version: string;
    policy_id: string;
    source_type: string;
    input_type: string;
    input_size_bytes: number;
    finding_counts_by_type: Record<string, number>;
    actor_id: string | null;
  };
  organization: { id: string };
}

/** The record fields an event is made of (read back from raw rows, so the enum columns arrive as strings). */
type EventColumns = 'id' | 'orgId' | 'policyId' | 'policyVersion' | 'sourceType' | 'actorId' | 'inputSizeBytes' | 'findingCounts' | 'summary' | 'createdAt';
export type EventSource = Pick<PreflightRecordEntity, EventColumns> & Record<'decision' | 'destination' | 'inputType', string>;

/** ISO 8601 with microseconds and an explicit UTC offset: 2026-11-22T10:00:00.123000+00:00. */
export function ecsTimestamp(d: Date): string {
  return d.toISOString().replace(/\.(\d{3})Z$/, '.$1000+00:00');
}

/** The one event builder: from a stored preflight record (never from content) to the body sent. */
export function buildAuditEvent(r: EventSource, dataset: string = EVENT_DATASET): AuditEvent {
  return {
    '@timestamp': ecsTimestamp(r.createdAt),
    event: {
      id: r.id,
      kind: 'event',
      category: ['data_protection', 'preflight'],
      type: [r.decision.toLowerCase()],
      action: 'preflight_check',
      outcome: 'success',
      dataset,
    },
    service: {
      preflight_id: r.id,
      decision: r.decision,
      destination: r.destination,
      summary: r.summary,
      policy_version: r.policyVersion,
      policy_id: r.policyId,
      source_type: r.sourceType,
      input_type: r.inputType,
      input_size_bytes: Number(r.inputSizeBytes),
      finding_counts_by_type: { ...r.findingCounts },
      actor_id: r.actorId ?? null,
    },
    organization: { id: r.orgId },
  };
}

/** The synthetic event of the test operation: same shape, dataset service.audit_stream.test. */
export function buildTestEvent(orgId: string, eventId: string, at: Date): AuditEvent {
  return buildAuditEvent(
    {
      id: eventId,
      orgId,
      policyId: 'pol_test',
      policyVersion: '0',
      decision: 'ALLOWED',
      destination: 'AI_TOOL',
      sourceType: 'api',
      actorId: null,
      inputType: 'text',
      inputSizeBytes: 0,
      findingCounts: {},
      summary: 'Test event from Preflight: the destination is reachable and accepts events.',
      createdAt: at,
    },
    TEST_EVENT_DATASET,
  );
}
