import crypto from 'node:crypto';
import { PreflightRecordEntity } from '../../entities';
import { newId } from '../../src/lib/secrets';
import type { Runtime } from '../../src/runtime';
import { insertStatements } from '../../src/services/preflight/record-writer';

/** A stored preflight record as the preflight service writes it (metadata and counts only). */
export function buildRecord(orgId: string, overrides: Partial<PreflightRecordEntity> = {}): PreflightRecordEntity {
  const r = new PreflightRecordEntity();
  Object.assign(r, {
    id: newId('pf'),
    orgId,
    orgName: 'Test org',
    policyId: 'pol_0123456789abcdef01234567',
    policyName: 'Default',
    policyVersion: '3',
    decision: 'ALLOWED_WITH_MASKING',
    destination: 'AI_TOOL',
    sourceType: 'api',
    actorId: 'user-42',
    inputType: 'text',
    inputSizeBytes: 120,
    findingCounts: { EMAIL: 2, PHONE_NUMBER: 1 },
    findingsTotal: 3,
    detected: [],
    summary: 'Allowed with masking: found 2 × e-mail address, 1 × phone number; masked by rule "Mask personal data".',
    maskedContentEnc: null,
    contentExpiresAt: null,
    maskedFileId: null,
    createdAt: new Date(),
    ...overrides,
  });
  return r;
}

/**
 * Inserts a record and its deliveries the way the preflight service does (the record writer:
 * record and outbox rows in one transaction, then the hand-off to the queue), or, with
 * `crashBeforeHandOff`, the same transaction without the hand-off (a process that died between).
 */
export async function insertRecord(
  rt: Runtime,
  orgId: string,
  overrides: Partial<PreflightRecordEntity> = {},
  opts: { crashBeforeHandOff?: boolean } = {},
): Promise<PreflightRecordEntity> {
  const record = buildRecord(orgId, overrides);
  if (!opts.crashBeforeHandOff) {
    await rt.services.recordWriter.write([{ record }]);
    return record;
  }
  // The record writer's transaction without the hand-off that follows its commit.
  const { inserts = [] } = await rt.services.forwarding.recordListener.writesFor([record]);
  await rt.ds.transaction(async (em) => {
    await em.getRepository(PreflightRecordEntity).insert(record);
    for (const [sql, params] of insertStatements(inserts)) await em.query(sql, params);
  });
  return record;
}

/** A distinctive fake credential: easy to search for in logs and responses. */
export function fakeCredential(): string {
  return `Bearer sekrit-${crypto.randomBytes(12).toString('hex')}`;
}
