import crypto from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { PreflightRecordEntity } from '../../entities';
import { dayOf } from './time';
import { insertStatements, type BatchWrites, type RecordListener } from './preflight/record-writer';

/**
 * The audit search index (docs/decisions.md#audit-search). A free-text search matches a record
 * when the term is contained, case-insensitively, in its id, summary, policy name, decision or
 * destination. Apart from the id, those four columns take few distinct values per organization
 * (summaries are sentences built from finding labels, counts and rule names), so:
 * - `audit_search_texts` holds each distinct (organization, summary, policy name, decision,
 *   destination) once, under `text_key` (a hash of the five, so a key names its organization);
 * - `audit_search_days` counts the records per (text_key, UTC day): a search's total is a sum
 *   over the matching texts' days, not a scan of the window;
 * - `audit_search_rows` holds (org_id, created_at, id, hex_id, text_key) for every record, with
 *   an index on (text_key, created_at, id) from which a page of matching records is read once the
 *   day counts say which days hold it (hex_id: the id has the service's own shape, see idScope);
 * - `audit_search_ids` holds the records whose id is not shaped like the service's own (client
 *   libraries' ids), so a word search compares those ids only, never the service's `pf_` ids.
 * All four are written with the records, in the record writer's transaction.
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
export function textKey(s: Omit<SearchSource, 'id' | 'createdAt'>): string {
  return crypto
    .createHash('sha256')
    .update(JSON.stringify([s.orgId, s.summary, s.policyName, s.decision, s.destination]))
    .digest('hex')
    .slice(0, 32);
}

const TEXT_COLUMNS = ['org_id', 'text_key', ...SEARCH_TEXT_COLUMNS];
const ROW_COLUMNS = ['org_id', 'created_at', 'id', 'hex_id', 'text_key'];
const ID_COLUMNS = ['org_id', 'created_at', 'id', 'text_key'];

/**
 * The index rows for these records: texts not stored yet (INSERT ignoring duplicates; `known`
 * skips the texts committed before), one row per record, the day counts added to (one upsert
 * row per distinct text and day, in key order so concurrent writers lock in the same order),
 * and the records whose id is not service-shaped.
 */
export function searchWrites(
  sources: readonly SearchSource[],
  mysql: boolean,
  known?: ReadonlySet<string>,
  keyed?: (index: number, key: string) => void,
): BatchWrites {
  const texts = new Map<string, unknown[]>();
  const days = new Map<string, [string, number, string, number]>();
  const rows: unknown[][] = [];
  const ids: unknown[][] = [];
  sources.forEach((s, i) => {
    const key = textKey(s);
    keyed?.(i, key);
    if (!texts.has(key) && !known?.has(key)) texts.set(key, [s.orgId, key, s.summary, s.policyName, s.decision, s.destination]);
    const hex = SERVICE_ID.test(s.id);
    rows.push([s.orgId, s.createdAt, s.id, hex ? 1 : 0, key]);
    if (!hex) ids.push([s.orgId, s.createdAt, s.id, key]);
    const day = dayOf(s.createdAt);
    const dayKey = `${key}:${day}`;
    const d = days.get(dayKey);
    if (d) d[3]++;
    else days.set(dayKey, [key, day, s.orgId, 1]);
  });
  const ignore = mysql ? 'INSERT IGNORE INTO' : 'INSERT OR IGNORE INTO';
  const statements = [...insertStatements([{ table: 'audit_search_texts', columns: TEXT_COLUMNS, rows: [...texts.values()] }])].map(
    ([sql, params]) => ({ sql: sql.replace(/^INSERT INTO/, ignore), params }),
  );
  const dayRows = [...days.values()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
  const upsert = mysql ? ' ON DUPLICATE KEY UPDATE n = n + VALUES(n)' : ' ON CONFLICT (text_key, day) DO UPDATE SET n = n + excluded.n';
  for (const [sql, params] of insertStatements([{ table: 'audit_search_days', columns: ['text_key', 'day', 'org_id', 'n'], rows: dayRows }])) {
    statements.push({ sql: sql + upsert, params });
  }
  return {
    inserts: [
      { table: 'audit_search_rows', columns: ROW_COLUMNS, rows },
      { table: 'audit_search_ids', columns: ID_COLUMNS, rows: ids },
    ],
    statements,
  };
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

/** Texts remembered as committed, so later batches skip their INSERT (cleared when it grows past this). */
const KNOWN_TEXTS = 20_000;

/** The record writer's listener: every stored record is searchable once its batch commits. */
export function auditSearchListener(mysql: boolean): RecordListener {
  // Keys whose text is committed. A text is only deleted with its organization, whose records stop.
  const known = new Set<string>();
  const keys = new WeakMap<PreflightRecordEntity, string>();
  return {
    name: 'audit-search',
    writesFor: async (records) => searchWrites(records.map(sourceOf), mysql, known, (i, key) => keys.set(records[i], key)),
    afterCommit(records) {
      if (known.size > KNOWN_TEXTS) known.clear();
      for (const r of records) {
        const key = keys.get(r);
        if (key) known.add(key);
      }
    },
  };
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
    for (const [sql, params] of insertStatements(w.inserts!)) await em.query(sql, params);
    for (const s of w.statements!) await em.query(s.sql, s.params);
    done += rows.length;
    after = String(rows[rows.length - 1].id);
    if (rows.length < BACKFILL_CHUNK) return done;
  }
}

/** The service's own record ids: `pf_` and 24 lowercase hex digits. */
export const SERVICE_ID = /^pf_[0-9a-f]{24}$/;

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

/**
 * The id prefix a term amounts to in a service id, when it holds the id's `_` and at least two
 * hex digits after it (`pf_` occurs only at the start of such an id, and hex digits are never
 * followed by `_`): "pf_3a9", "f_3a9" and "_3a9" are all in exactly the ids starting "pf_3a9".
 * Null for any other term.
 */
export function servicePrefix(term: string): string | null {
  const m = /^(?:pf|f)?_([0-9a-f]{2,24})$/.exec(term.toLowerCase());
  return m ? `pf_${m[1]}` : null;
}
