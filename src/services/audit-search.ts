import crypto from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { PreflightRecordEntity } from '../../entities';
import { insertStatements, type BatchWrites, type RecordListener } from './preflight/record-writer';

/**
 * The audit search index (docs/decisions.md#audit-search). A free-text search matches a record
 * when the term is contained, case-insensitively, in its id, summary, policy name, decision or
 * destination. Apart from the id, those four columns take few distinct values per organization
 * (summaries are sentences built from finding labels, counts and rule names), so:
 * - `audit_search_texts` holds each distinct (organization, summary, policy name, decision,
 *   destination) once, under `text_key` (a hash of the five);
 * - `audit_search_rows` holds (org_id, created_at, id, hex_id, text_key) for every record
 *   (hex_id: the id has the service's own shape, see idScope).
 * A search runs the LIKE over the organization's texts (small), then counts and pages the
 * records whose text_key matched (or whose id matches) from audit_search_rows alone, an
 * index-only range scan of the date window with no row reads, whatever the term's length.
 * Both tables are written with the records, in the record writer's transaction.
 */
export const SEARCH_TEXT_COLUMNS = ['summary', 'policy_name', 'decision', 'destination'] as const;

/** What the index needs of a record. */
export interface SearchSource {
  id: string;
  orgId: string;
  createdAt: number;
  summary: string;
  policyName: string;
  decision: string;
  destination: string;
}

/** 128 bits of SHA-256 over the five values, as 32 hex digits (the same on both engines). */
export function textKey(s: SearchSource): string {
  return crypto
    .createHash('sha256')
    .update(JSON.stringify([s.orgId, s.summary, s.policyName, s.decision, s.destination]))
    .digest('hex')
    .slice(0, 32);
}

const TEXT_COLUMNS = ['org_id', 'text_key', ...SEARCH_TEXT_COLUMNS];
const ROW_COLUMNS = ['org_id', 'created_at', 'id', 'hex_id', 'text_key'];

/** The index rows for these records: texts not stored yet (INSERT ignoring duplicates) and one row per record. */
export function searchWrites(sources: readonly SearchSource[], mysql: boolean): BatchWrites {
  const texts = new Map<string, unknown[]>();
  const rows: unknown[][] = [];
  for (const s of sources) {
    const key = textKey(s);
    if (!texts.has(key)) texts.set(key, [s.orgId, key, s.summary, s.policyName, s.decision, s.destination]);
    rows.push([s.orgId, s.createdAt, s.id, SERVICE_ID.test(s.id) ? 1 : 0, key]);
  }
  const ignore = mysql ? 'INSERT IGNORE INTO' : 'INSERT OR IGNORE INTO';
  const statements = [...insertStatements([{ table: 'audit_search_texts', columns: TEXT_COLUMNS, rows: [...texts.values()] }])].map(
    ([sql, params]) => ({ sql: sql.replace(/^INSERT INTO/, ignore), params }),
  );
  return { inserts: [{ table: 'audit_search_rows', columns: ROW_COLUMNS, rows }], statements };
}

const sourceOf = (r: PreflightRecordEntity): SearchSource => ({
  id: r.id,
  orgId: r.orgId,
  createdAt: r.createdAt.getTime(),
  summary: r.summary,
  policyName: r.policyName,
  decision: r.decision,
  destination: r.destination,
});

/** The record writer's listener: every stored record is searchable once its batch commits. */
export function auditSearchListener(mysql: boolean): RecordListener {
  return { name: 'audit-search', writesFor: async (records) => searchWrites(records.map(sourceOf), mysql) };
}

const BACKFILL_CHUNK = 5000;

/** Indexes records stored before the index existed (the migration that creates it), in primary-key order. */
export async function backfillAuditSearch(em: Pick<EntityManager, 'query'>, mysql: boolean): Promise<number> {
  let after = '';
  let done = 0;
  for (;;) {
    const rows: Array<Record<string, unknown>> = await em.query(
      'SELECT id, org_id, created_at, summary, policy_name, decision, destination FROM preflight_records WHERE id > ? ORDER BY id LIMIT ?',
      [after, BACKFILL_CHUNK],
    );
    if (!rows.length) return done;
    const w = searchWrites(
      rows.map((r) => ({
        id: String(r.id),
        orgId: String(r.org_id),
        createdAt: Number(r.created_at),
        summary: String(r.summary),
        policyName: String(r.policy_name),
        decision: String(r.decision),
        destination: String(r.destination),
      })),
      mysql,
    );
    const ignoreRows = mysql ? 'INSERT IGNORE INTO' : 'INSERT OR IGNORE INTO';
    for (const [sql, params] of insertStatements(w.inserts!)) await em.query(sql.replace(/^INSERT INTO/, ignoreRows), params);
    for (const s of w.statements!) await em.query(s.sql, s.params);
    done += rows.length;
    after = String(rows[rows.length - 1].id);
    if (rows.length < BACKFILL_CHUNK) return done;
  }
}

/** The service's own record ids: `pf_` and 24 lowercase hex digits. */
const SERVICE_ID = /^pf_[0-9a-f]{24}$/;

/**
 * Which record ids could contain `term`: none, only ids not shaped like the service's own
 * (`hex_id` = 0: client libraries' ids, letters, digits, `_` and `-`, see
 * docs/api-contract.md#preflight-checks), or all. A term with a character outside those
 * matches no id on SQLite (its LIKE folds ASCII letters only and compares everything else
 * exactly); MySQL collations may equate non-ASCII letters with ASCII ones (and ignore some
 * control characters), so there only a printable-ASCII term is decided here.
 */
export function idScope(term: string, mysql: boolean): 'none' | 'other' | 'all' {
  const lower = term.toLowerCase();
  if (mysql && !/^[\x20-\x7e]*$/.test(lower)) return 'all';
  if (!/^[a-z0-9_-]{0,40}$/.test(lower)) return 'none';
  return /^[pf_0-9a-f]{0,27}$/.test(lower) ? 'all' : 'other';
}
