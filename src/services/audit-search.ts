import crypto from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { PreflightRecordEntity } from '../../entities';
import { DAY_MS, dayOf } from './time';
import { insertStatements, type BatchWrites, type RecordListener } from './preflight/record-writer';

/**
 * The audit search index (docs/decisions.md#audit-search). A free-text search matches a record
 * when the term is contained, case-insensitively, in its id, summary, policy name, decision or
 * destination. Apart from the id, those four columns take few distinct values per organization
 * (summaries are sentences built from finding labels, counts and rule names), so:
 * - `audit_search_texts` holds each distinct (organization, summary, policy name, decision,
 *   destination) once, under `text_key` (a hash of the five, so a key names its organization);
 * - `audit_search_chunks` holds, per (text_key, UTC day), the records' ids and times as two
 *   strings (`ids`: each id and a comma; `ats`: each record's ms of its day as 8 digits, in the
 *   same order), their number `n` and how many of the ids are not service-shaped (`other_ids`:
 *   only those can hold capitals, so a chunk without them is searched as stored), in chunks of
 *   at most CHUNK_ENTRIES records (`seq` tells the chunks of a day apart). A total is a sum of `n` over the matching texts' days; a page is
 *   read from the strings of the days that hold it; an id fragment ("3a9c") is looked for in the
 *   `ids` strings (a few kB per row, not a row per record);
 * - `audit_search_ids` holds the records whose id is not shaped like the service's own (client
 *   libraries' ids), so a term that can only be in such ids compares those alone, in SQL.
 * All three are written with the records, in the record writer's transaction: one upsert row per
 * distinct text and day of a batch, appending to the chunk the writer has open for it.
 */
export const SEARCH_TEXT_COLUMNS = ['summary', 'policy_name', 'decision', 'destination'] as const;

/** Records per chunk row a writer appends to before it opens the next (its strings stay within a database page or two). */
export const CHUNK_ENTRIES = 128;

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
const ID_COLUMNS = ['org_id', 'created_at', 'id', 'text_key'];
const CHUNK_COLUMNS = ['text_key', 'day', 'seq', 'org_id', 'n', 'other_ids', 'ids', 'ats'];

/**
 * A writer's memory: the texts it has committed (their INSERT is skipped) and the chunk it
 * appends to per (text, day). Only cost depends on it: a text inserted twice is ignored, and two
 * writers appending to one chunk make it longer, not wrong. Chunk numbers start at random so
 * that writers in other processes (or after a restart) open chunks of their own.
 */
export interface SearchWriterState {
  known: Set<string>;
  open: Map<string, { seq: number; n: number }>;
  nextSeq: number;
}

export const newWriterState = (): SearchWriterState => ({ known: new Set(), open: new Map(), nextSeq: crypto.randomInt(0, 2 ** 30) });

/** Texts and open chunks remembered (both are forgotten when they grow past this). */
const REMEMBERED = 20_000;

/** A record's ms of its UTC day, as the fixed-width entry of `ats`. */
const atOfDay = (createdAt: number, day: number) => String(createdAt - day * DAY_MS).padStart(8, '0');

/**
 * The index rows for these records: texts not stored yet (INSERT ignoring duplicates), the
 * records whose id is not service-shaped, and one chunk upsert row per distinct text and day
 * (appending ids and times; in key order so concurrent writers lock in the same order).
 */
export function searchWrites(sources: readonly SearchSource[], mysql: boolean, state: SearchWriterState, keyed?: (index: number, key: string) => void): BatchWrites {
  const texts = new Map<string, unknown[]>();
  const groups = new Map<string, { key: string; day: number; orgId: string; ids: string[]; ats: string[]; other: boolean[] }>();
  const ids: unknown[][] = [];
  sources.forEach((s, i) => {
    const key = textKey(s);
    keyed?.(i, key);
    if (!texts.has(key) && !state.known.has(key)) texts.set(key, [s.orgId, key, s.summary, s.policyName, s.decision, s.destination]);
    const other = !SERVICE_ID.test(s.id);
    if (other) ids.push([s.orgId, s.createdAt, s.id, key]);
    const day = dayOf(s.createdAt);
    const groupKey = `${key}:${day}`;
    let g = groups.get(groupKey);
    if (!g) groups.set(groupKey, (g = { key, day, orgId: s.orgId, ids: [], ats: [], other: [] }));
    g.ids.push(`${s.id},`);
    g.other.push(other);
    g.ats.push(atOfDay(s.createdAt, day));
  });
  if (state.open.size > REMEMBERED) state.open.clear();
  const chunks: unknown[][] = [];
  for (const [groupKey, g] of groups) {
    for (let i = 0; i < g.ids.length; i += CHUNK_ENTRIES) {
      const n = Math.min(CHUNK_ENTRIES, g.ids.length - i);
      let open = state.open.get(groupKey);
      if (!open || open.n + n > CHUNK_ENTRIES) {
        state.open.set(groupKey, (open = { seq: state.nextSeq, n: 0 }));
        state.nextSeq = (state.nextSeq + 1) % 2 ** 31;
      }
      open.n += n;
      const others = g.other.slice(i, i + n).filter(Boolean).length;
      chunks.push([g.key, g.day, open.seq, g.orgId, n, others, g.ids.slice(i, i + n).join(''), g.ats.slice(i, i + n).join('')]);
    }
  }
  chunks.sort((a, b) => (a[0]! < b[0]! ? -1 : a[0]! > b[0]! ? 1 : (a[1] as number) - (b[1] as number) || (a[2] as number) - (b[2] as number)));
  const ignore = mysql ? 'INSERT IGNORE INTO' : 'INSERT OR IGNORE INTO';
  const statements = [...insertStatements([{ table: 'audit_search_texts', columns: TEXT_COLUMNS, rows: [...texts.values()] }])].map(
    ([sql, params]) => ({ sql: sql.replace(/^INSERT INTO/, ignore), params }),
  );
  const append = mysql
    ? ' ON DUPLICATE KEY UPDATE n = n + VALUES(n), other_ids = other_ids + VALUES(other_ids), ids = CONCAT(ids, VALUES(ids)), ats = CONCAT(ats, VALUES(ats))'
    : ' ON CONFLICT (text_key, day, seq) DO UPDATE SET n = n + excluded.n, other_ids = other_ids + excluded.other_ids, ids = ids || excluded.ids, ats = ats || excluded.ats';
  for (const [sql, params] of insertStatements([{ table: 'audit_search_chunks', columns: CHUNK_COLUMNS, rows: chunks }])) {
    statements.push({ sql: sql + append, params });
  }
  return { inserts: [{ table: 'audit_search_ids', columns: ID_COLUMNS, rows: ids }], statements };
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
  const state = newWriterState();
  const keys = new WeakMap<PreflightRecordEntity, string>();
  return {
    name: 'audit-search',
    writesFor: async (records) => searchWrites(records.map(sourceOf), mysql, state, (i, key) => keys.set(records[i], key)),
    afterCommit(records) {
      // A text is only deleted with its organization, whose records stop.
      if (state.known.size > REMEMBERED) state.known.clear();
      for (const r of records) {
        const key = keys.get(r);
        if (key) state.known.add(key);
      }
    },
  };
}

const BACKFILL_CHUNK = 5000;

/**
 * Indexes records stored before the index existed (the migration that creates it): each
 * organization's records in time order, so a chunk fills with one text's records of one day.
 */
export async function backfillAuditSearch(em: Pick<EntityManager, 'query'>, mysql: boolean): Promise<number> {
  const state = newWriterState();
  let done = 0;
  const orgs: Array<{ org_id: string }> = await em.query('SELECT DISTINCT org_id FROM preflight_records ORDER BY org_id');
  for (const { org_id: orgId } of orgs) {
    let after: [number, string] = [-1, ''];
    for (;;) {
      const rows: Array<Record<string, unknown>> = await em.query(
        'SELECT id, org_id, created_at, summary, policy_name, decision, destination FROM preflight_records ' +
          'WHERE org_id = ? AND created_at >= ? AND NOT (created_at = ? AND id <= ?) ORDER BY created_at, id LIMIT ?',
        [orgId, after[0], after[0], after[1], BACKFILL_CHUNK],
      );
      if (!rows.length) break;
      const keys: string[] = [];
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
        state,
        (_, key) => keys.push(key),
      );
      for (const [sql, params] of insertStatements(w.inserts!)) await em.query(sql, params);
      for (const s of w.statements!) await em.query(s.sql, s.params);
      for (const key of keys) state.known.add(key);
      done += rows.length;
      const last = rows[rows.length - 1];
      after = [Number(last.created_at), String(last.id)];
      if (rows.length < BACKFILL_CHUNK) break;
    }
  }
  return done;
}

/** One entry of a chunk: a record's id and time. */
export interface ChunkEntry {
  id: string;
  at: number;
}

/** The entries of a chunk row (its `ids` and `ats` strings, of UTC day `day`). */
export function chunkEntries(day: number, ids: string, ats: string): ChunkEntry[] {
  const list = ids.split(',');
  list.pop();
  const base = day * DAY_MS;
  return list.map((id, i) => ({ id, at: base + Number(ats.slice(i * 8, i * 8 + 8)) }));
}

/** How many of the comma-terminated ids in `ids` (lowercased) contain `term` (lowercase, without a comma). */
export function idsContaining(ids: string, term: string): number {
  let n = 0;
  for (let from = 0; ; ) {
    const at = ids.indexOf(term, from);
    if (at < 0) return n;
    n++;
    from = ids.indexOf(',', at) + 1;
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
