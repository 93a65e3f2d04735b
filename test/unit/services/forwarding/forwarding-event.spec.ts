import { expect } from 'chai';
import { buildAuditEvent, buildTestEvent, ecsTimestamp } from '../../../../src/services/forwarding/event';
import { buildRecord } from '../../../support/records';

describe('forwarding: ECS event builder', () => {
  it('pins the exact event built from a stored record (docs/forwarding.md#the-event)', () => {
    const record = buildRecord('org_00112233445566778899aabb', {
      id: 'pf_0123456789abcdef01234567',
      policyId: 'pol_0123456789abcdef01234567',
      policyVersion: '7',
      decision: 'ALLOWED_WITH_MASKING',
      destination: 'VENDOR',
      sourceType: 'browser_extension',
      actorId: 'alice@example.com',
      inputType: 'file',
      inputSizeBytes: 2048,
      findingCounts: { EMAIL: 2, IBAN: 1 },
      summary: 'Allowed with masking: found 2 × e-mail address, 1 × IBAN; masked by rule "Mask".',
      createdAt: new Date('2026-11-22T10:00:00.123Z'),
    });
    expect(JSON.stringify(buildAuditEvent(record))).to.equal(
      JSON.stringify({
        '@timestamp': '2026-11-22T10:00:00.123000+00:00',
        event: {
          id: 'pf_0123456789abcdef01234567',
          kind: 'event',
          category: ['data_protection', 'preflight'],
          type: ['allowed_with_masking'],
          action: 'preflight_check',
          outcome: 'success',
          dataset: 'service.preflight',
        },
        service: {
          preflight_id: 'pf_0123456789abcdef01234567',
          decision: 'ALLOWED_WITH_MASKING',
          destination: 'VENDOR',
          summary: 'Allowed with masking: found 2 × e-mail address, 1 × IBAN; masked by rule "Mask".',
          policy_version: '7',
          policy_id: 'pol_0123456789abcdef01234567',
          source_type: 'browser_extension',
          input_type: 'file',
          input_size_bytes: 2048,
          finding_counts_by_type: { EMAIL: 2, IBAN: 1 },
          actor_id: 'alice@example.com',
        },
        organization: { id: 'org_00112233445566778899aabb' },
      }),
    );
  });

  it('never carries stored content, samples or the masked text', () => {
    const record = buildRecord('org_1', {
      detected: [{ type: 'EMAIL', count: 1, sample: 'j***@example.com' }],
      maskedContentEnc: 'v1:abcd:iv:tag:ciphertext',
    });
    const body = JSON.stringify(buildAuditEvent(record));
    expect(body).not.to.include('j***@example.com');
    expect(body).not.to.include('ciphertext');
    expect(body).not.to.include('detected');
  });

  it('writes @timestamp with microseconds and an explicit UTC offset', () => {
    expect(ecsTimestamp(new Date('2026-01-02T03:04:05.006Z'))).to.equal('2026-01-02T03:04:05.006000+00:00');
  });

  it('gives the test event the same shape with dataset service.audit_stream.test', () => {
    const e = buildTestEvent('org_1', 'pf_test', new Date('2026-11-22T10:00:00Z'));
    expect(e.event.dataset).to.equal('service.audit_stream.test');
    expect(e.event.type).to.deep.equal(['allowed']);
    expect(e.organization.id).to.equal('org_1');
    expect(Object.keys(e.service)).to.deep.equal(Object.keys(buildAuditEvent(buildRecord('org_1')).service));
  });

  it('sends actor_id as null when the check had no actor', () => {
    expect(buildAuditEvent(buildRecord('org_1', { actorId: null })).service.actor_id).to.equal(null);
  });
});
