import crypto from 'node:crypto';
import type { DataSource } from 'typeorm';
import { PreflightRecordEntity } from '../../entities';
import type { Runtime } from '../../src/runtime';
import { insertRows } from '../../src/services/analytics/rollup-store';
import { newWriterState, searchWrites, type SearchWriterState } from '../../src/services/audit-search';

/** Synthetic preflight records: metadata only (no content, no detected values). */
export interface RecordSpec {
  orgId: string;
  orgName?: string;
  policyId?: string;
  policyName?: string;
  policyVersion?: string;
  decision?: 'ALLOWED' | 'ALLOWED_WITH_MASKING' | 'BLOCKED';
  destination?: 'AI_TOOL' | 'VENDOR' | 'CUSTOMER';
  sourceType?: string;
  inputType?: 'text' | 'file';
  inputSizeBytes?: number;
  findingCounts?: Record<string, number>;
  summary?: string;
  createdAt: Date | number | string;
  id?: string;
}

export const newRecordId = () => `pf_${crypto.randomBytes(12).toString('hex')}`;

/** A record entity as the check path builds one. */
export function recordEntity(ds: DataSource, s: RecordSpec): PreflightRecordEntity {
  const counts = s.findingCounts ?? {};
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  const decision = s.decision ?? (total ? 'ALLOWED_WITH_MASKING' : 'ALLOWED');
  return ds.getRepository(PreflightRecordEntity).create({
    id: s.id ?? newRecordId(),
    orgId: s.orgId,
    orgName: s.orgName ?? 'Fixture org',
    policyId: s.policyId ?? 'pol_fixture',
    policyName: s.policyName ?? 'Fixture policy',
    policyVersion: s.policyVersion ?? '1',
    decision,
    destination: s.destination ?? 'AI_TOOL',
    sourceType: s.sourceType ?? 'api',
    actorId: null,
    inputType: s.inputType ?? 'text',
    inputSizeBytes: s.inputSizeBytes ?? 100,
    findingCounts: counts,
    findingsTotal: total,
    detected: Object.entries(counts).map(([type, count]) => ({ type, count, sample: null })),
    summary: s.summary ?? `${decision}: ${total} finding(s)`,
    maskedContentEnc: null,
    contentExpiresAt: null,
    maskedFileId: null,
    createdAt: new Date(s.createdAt),
  });
}

/**
 * Inserts records the way the preflight service does: the record and, in the same transaction,
 * the analytics hook (finding counts, roll-up invalidation).
 */
export async function insertRecords(rt: Runtime, specs: RecordSpec[]): Promise<PreflightRecordEntity[]> {
  const records = specs.map((s) => recordEntity(rt.ds, s));
  await rt.services.recordWriter.write(records.map((record) => ({ record })));
  return records;
}

const RECORD_COLUMNS = [
  'id', 'org_id', 'org_name', 'policy_id', 'policy_name', 'policy_version', 'decision', 'destination', 'source_type',
  'actor_id', 'input_type', 'input_size_bytes', 'finding_counts', 'findings_total', 'detected', 'summary',
  'masked_content_enc', 'content_expires_at', 'masked_file_id', 'created_at',
];

const bulkStates = new WeakMap<DataSource, SearchWriterState>();

/**
 * Bulk load for benchmarks: multi-row INSERTs of records, their finding counts and search index
 * rows (what the record writer writes), one transaction per call. Records must be dated before any roll-up ran (no invalidation here).
 */
export async function bulkInsertRecords(ds: DataSource, specs: RecordSpec[]): Promise<void> {
  const records = specs.map((s) => recordEntity(ds, s));
  await ds.transaction(async (em) => {
    await insertRows(
      em,
      'preflight_records',
      RECORD_COLUMNS,
      records.map((r) => [
        r.id, r.orgId, r.orgName, r.policyId, r.policyName, r.policyVersion, r.decision, r.destination, r.sourceType,
        null, r.inputType, r.inputSizeBytes, JSON.stringify(r.findingCounts), r.findingsTotal, JSON.stringify(r.detected),
        r.summary, null, null, null, r.createdAt.getTime(),
      ]),
    );
    await insertRows(
      em,
      'preflight_finding_counts',
      ['preflight_id', 'finding_type', 'org_id', 'finding_count', 'created_at'],
      records.flatMap((r) => Object.entries(r.findingCounts).map(([t, n]) => [r.id, t, r.orgId, n, r.createdAt.getTime()])),
    );
    // The search index rows the record writer's listener writes with every batch (one writer's
    // memory over the whole load, so chunks fill as under steady traffic).
    const state = bulkStates.get(ds) ?? newWriterState();
    bulkStates.set(ds, state);
    const keys: string[] = [];
    const w = searchWrites(
      records.map((r) => ({ id: r.id, orgId: r.orgId, createdAt: r.createdAt.getTime(), summary: r.summary, policyName: r.policyName, decision: r.decision, destination: r.destination })),
      ds.options.type === 'mysql',
      state,
      (_, key) => keys.push(key),
    );
    for (const t of w.inserts ?? []) await insertRows(em, t.table, t.columns, t.rows);
    for (const st of w.statements ?? []) await em.query(st.sql, st.params);
    for (const key of keys) state.known.add(key);
  });
}

export const DAY = 86_400_000;
/** Midnight UTC of the day of `d`, plus `hours`. */
export const utcDay = (d: Date | number, hours = 0) => Math.floor(new Date(d).getTime() / DAY) * DAY + hours * 3_600_000;
