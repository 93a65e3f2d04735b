import { z } from 'zod';
import { forbidden } from '../errors';
import type { CheckCounter } from './analytics/check-counter';
import type { RollupStore } from './analytics/rollup-store';
import { DAY_MS, dayOf } from './time';
import type { ServiceDeps } from './deps';
import type { OrganizationService } from './organization.service';
import type { Principal } from './principal';
import { pageFields } from './paging';
import { parseInput } from './validation';
import { DECISIONS, DESTINATIONS } from '../policy/types';
import { auditItemSchema, type AuditItemView, type AuditPageView } from './views';
import { chunkEntries, idScope, idsContaining, SEARCH_TEXT_COLUMNS, SERVICE_ID, servicePrefix, type ChunkEntry } from './audit-search';

/** The console shows the last 30 days unless from or to says otherwise (docs/api-contract.md#resources). */
export const DEFAULT_WINDOW_DAYS = 30;
const SWEEP_BATCH = 1000;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?([Zz]|[+-]\d{2}:?\d{2})?$/;
const BOUND_PROBLEM = 'must be a date (2026-11-01) or an ISO 8601 date-time (2026-11-01T10:00:00Z)';

/**
 * A from/to bound as epoch ms: a date is its whole UTC day (from: its start; to: the start of the
 * next day, exclusive); a date-time is that instant (to: inclusive, so +1 ms exclusive). A
 * date-time without an offset is UTC. Calendar-invalid values (2026-02-30) are rejected.
 */
export function parseBound(value: string, side: 'from' | 'to'): number | null {
  const d = DATE.exec(value);
  if (d) {
    const ms = utc(+d[1], +d[2], +d[3], 0, 0, 0);
    if (ms === null) return null;
    return side === 'from' ? ms : ms + DAY_MS;
  }
  const t = DATE_TIME.exec(value);
  if (!t) return null;
  const base = utc(+t[1], +t[2], +t[3], +t[4], +t[5], +(t[6] ?? 0));
  if (base === null) return null;
  const fraction = t[7] ? Math.floor(Number(`0.${t[7]}`) * 1000) : 0;
  let offsetMin = 0;
  if (t[8] && t[8].toUpperCase() !== 'Z') {
    const m = /^([+-])(\d{2}):?(\d{2})$/.exec(t[8])!;
    if (+m[2] > 23 || +m[3] > 59) return null;
    offsetMin = (m[1] === '-' ? -1 : 1) * (+m[2] * 60 + +m[3]);
  }
  const ms = base + fraction - offsetMin * 60_000;
  return side === 'from' ? ms : ms + 1;
}

function utc(y: number, mo: number, d: number, h: number, mi: number, s: number): number | null {
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return null;
  const ms = Date.UTC(y, mo - 1, d, h, mi, s);
  return new Date(ms).getUTCDate() === d ? ms : null;
}

const bound = (side: 'from' | 'to') =>
  z
    .string({ error: BOUND_PROBLEM })
    .trim()
    .transform((v, ctx) => {
      const ms = parseBound(v, side);
      if (ms === null) {
        ctx.addIssue({ code: 'custom', message: BOUND_PROBLEM });
        return z.NEVER;
      }
      return ms;
    })
    .optional();

/** Audit list filters (docs/api-contract.md#resources); REST query strings and GraphQL arguments both land here. */
export const auditQuerySchema = z
  .strictObject({
    ...pageFields,
    org_id: z.string({ error: 'must be an organization id or slug' }).trim().min(1).max(100).optional(),
    search: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z.string({ error: 'must be a string' }).trim().max(200, 'must be at most 200 characters').optional(),
    ),
    from: bound('from'),
    to: bound('to'),
    decision: z.enum(DECISIONS, { error: 'must be one of ALLOWED, ALLOWED_WITH_MASKING, BLOCKED' }).optional(),
    destination: z.enum(DESTINATIONS, { error: 'must be one of AI_TOOL, VENDOR, CUSTOMER' }).optional(),
  })
  .superRefine((q, ctx) => {
    if (q.from !== undefined && q.to !== undefined && q.to <= q.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
    }
  });

type Row = Record<string, unknown>;

const ITEM_COLUMNS = [
  'id', 'created_at', 'destination', 'decision', 'summary', 'policy_version', 'policy_id', 'policy_name', 'org_id',
  'org_name', 'source_type', 'input_type', 'input_size_bytes', 'findings_total', 'finding_counts',
].map((c) => `r.${c}`).join(', ');

function itemView(r: Row): AuditItemView {
  let counts: Record<string, number> = {};
  try {
    counts = JSON.parse(String(r.finding_counts ?? '{}'));
  } catch {
    counts = {};
  }
  // Raw rows are strings and numbers: parsing checks the enums instead of asserting them.
  return auditItemSchema.parse({
    preflight_id: String(r.id),
    created_at: new Date(Number(r.created_at)).toISOString(),
    destination: String(r.destination),
    decision: String(r.decision),
    summary: String(r.summary),
    policy_version: String(r.policy_version),
    policy_id: String(r.policy_id),
    policy_name: String(r.policy_name),
    org_id: String(r.org_id),
    org_name: String(r.org_name),
    source_type: String(r.source_type),
    input_type: String(r.input_type),
    input_size_bytes: Number(r.input_size_bytes),
    findings_total: Number(r.findings_total),
    finding_counts: counts,
  });
}

/** The characters of lowered record ids (docs/api-contract.md#preflight-checks). */
const ID_CHARS = [...'abcdefghijklmnopqrstuvwxyz0123456789_-'];
/** A search on MySQL passes up to this many texts' keys as parameters, else selects them by subquery. */
const MAX_LISTED_TEXTS = 5000;
/** LIKE pattern for a contains-search; `!` escapes the wildcards on both engines. */
const likePattern = (term: string) => `%${term.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;

/** The audit log over preflight records: tenant-scoped listing and the retention sweeper. */
export class AuditService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly orgs: OrganizationService,
    private readonly counter: CheckCounter,
    private readonly rollups: RollupStore,
  ) {
    orgs.registerOwned(async (em, orgId) => {
      await em.query('DELETE FROM audit_search_chunks WHERE text_key IN (SELECT text_key FROM audit_search_texts WHERE org_id = ?)', [orgId]);
      for (const t of ['audit_search_ids', 'audit_search_texts']) await em.query(`DELETE FROM ${t} WHERE org_id = ?`, [orgId]);
    });
  }

  /**
   * Lists audit items newest first (created_at, then id, descending). The operator sees every
   * organization (optionally one, by org_id); an organization key only its own.
   */
  async list(p: Principal, input: unknown = {}): Promise<AuditPageView> {
    const q = parseInput(auditQuerySchema, input);
    if (p.kind !== 'operator' && p.kind !== 'org') throw forbidden('The audit log needs an organization API key or the operator key');
    const orgId = q.org_id ? (await this.orgs.resolve(p, q.org_id)).id : p.kind === 'org' ? p.orgId : null;
    const now = this.deps.now().getTime();
    const fromMs = q.from ?? (q.to === undefined ? now - DEFAULT_WINDOW_DAYS * DAY_MS : null);
    const toMs = q.to ?? null;

    const conds: string[] = [];
    const params: unknown[] = [];
    const filter = (sql: string, ...values: unknown[]) => {
      conds.push(sql);
      params.push(...values);
    };
    if (orgId) filter('org_id = ?', orgId);
    if (fromMs !== null) filter('created_at >= ?', fromMs);
    if (toMs !== null) filter('created_at < ?', toMs);
    const idSearch = q.search && SERVICE_ID.test(q.search.toLowerCase()) ? q.search : null;
    if (q.search && !idSearch) {
      const found = await this.search(q, q.search, orgId, { from: fromMs ?? 0, to: toMs });
      // Null: every text of the organization contains the term, so every record matches.
      if (found) return found;
    }
    if (q.decision) filter('decision = ?', q.decision);
    if (q.destination) filter('destination = ?', q.destination);
    // A whole preflight id (pasted from a result or an event) is a primary-key lookup, not a scan.
    if (idSearch) filter('id = ?', idSearch.toLowerCase());
    const where = conds.length ? `WHERE ${conds.join(' AND ')}` : '';
    // Deferred join: the page's ids come from an index alone (skipped rows cost no row reads), then
    // only the page's rows are read. Without it MariaDB may walk the organization's newest rows
    // one primary-key lookup at a time before it reaches a `to` bound.
    const rows = await this.page('preflight_records', where, params, q);
    let total: number;
    if (idSearch || q.decision || q.destination) {
      const [c] = await this.deps.ds.query(`SELECT COUNT(*) AS n FROM preflight_records ${where}`, params);
      total = Number(c?.n ?? 0);
    } else {
      // Without a text search or a decision/destination filter the total comes from the daily roll-ups plus the live edges.
      total = await this.counter.countChecks(orgId, fromMs ?? 0, toMs);
    }
    return { items: rows.map(itemView), limit: q.limit, offset: q.offset, total };
  }

  /** The page's records, newest first: ids from `source` (an index alone), then only those rows. */
  private page(source: string, where: string, params: unknown[], q: { limit: number; offset: number }): Promise<Row[]> {
    return this.deps.ds.query(
      `SELECT ${ITEM_COLUMNS} FROM preflight_records r ` +
        `JOIN (SELECT id FROM ${source} ${where} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?) page ON page.id = r.id ` +
        'ORDER BY r.created_at DESC, r.id DESC',
      [...params, q.limit, q.offset],
    );
  }

  /**
   * Free-text search through the search index (src/services/audit-search.ts): the same LIKE as
   * on the records, applied to the organization's distinct texts. The total is the sum of the
   * matching texts' chunk counts over the window's whole days (the days it cuts counted from the
   * chunks' times), plus the records whose id matches and whose text does not (or is filtered
   * out): ids found in the other texts' chunk strings, client ids of `audit_search_ids`, or the
   * primary-key range of a service-id prefix. The page is read from the chunks of the days that
   * hold it. Null when every text of the scope matches (every record does).
   */
  private async search(
    q: { limit: number; offset: number; decision?: string; destination?: string },
    term: string,
    orgId: string | null,
    window: { from: number; to: number | null },
  ): Promise<AuditPageView | null> {
    const db = this.deps.ds;
    const mysql = db.options.type === 'mysql';
    const pattern = likePattern(term);
    const like = (c: string) => `LOWER(${c}) LIKE ? ESCAPE '!'`;
    const textLike = `(${SEARCH_TEXT_COLUMNS.map(like).join(' OR ')})`;
    const likeParams = SEARCH_TEXT_COLUMNS.map(() => pattern);
    const filters: string[] = [];
    const filterParams: unknown[] = [];
    if (orgId) filters.push('org_id = ?'), filterParams.push(orgId);
    if (q.decision) filters.push('decision = ?'), filterParams.push(q.decision);
    if (q.destination) filters.push('destination = ?'), filterParams.push(q.destination);
    const textWhere = filters.length ? filters.join(' AND ') : '1 = 1';
    // How many of the scope's texts match; on MySQL also their keys (see `texts` below).
    const [t] = await db.query(`SELECT COUNT(*) AS n, SUM(CASE WHEN ${textLike} THEN 1 ELSE 0 END) AS m FROM audit_search_texts WHERE ${textWhere}`, [
      ...likeParams,
      ...filterParams,
    ]);
    const matchingTexts = Number(t?.m ?? 0);
    if (matchingTexts > 0 && matchingTexts === Number(t.n)) return null;
    // Ids are ASCII. On MySQL a term with other characters is compared with them as its ASCII
    // equivalent under the ids' collation (null: a character equals several id characters).
    const idTerm = mysql && !/^[\x20-\x7e]*$/.test(term) ? await this.asciiEquivalent(term.toLowerCase()) : term.toLowerCase();
    const scope = idTerm === null ? 'all' : idScope(idTerm, false);
    const prefix = scope === 'all' && idTerm !== null ? servicePrefix(idTerm) : null;
    const lowered = idTerm ?? '';
    // Where ids are compared: nowhere; client ids in SQL; a service-id prefix by primary key (and
    // client ids); every id in the other texts' chunk strings (as LIKE compares ASCII); or, for a
    // term without an ASCII equivalent, in SQL (chunks picked by the collation, their ids compared as records).
    const idMode = scope === 'none' ? 'none' : scope === 'other' ? 'other' : prefix ? 'prefix' : idTerm !== null ? 'chunks' : 'records';
    if (!matchingTexts && idMode === 'none') return { items: [], limit: q.limit, offset: q.offset, total: 0 };
    const listed: Row[] | null =
      mysql && Number(t.n) <= MAX_LISTED_TEXTS
        ? await db.query(`SELECT text_key, CASE WHEN ${textLike} THEN 1 ELSE 0 END AS m FROM audit_search_texts WHERE ${textWhere}`, [...likeParams, ...filterParams])
        : null;

    // The chunks of the matching texts, or of the others. A subquery on SQLite (its plan seeks each
    // key's days); MySQL joins a subquery by key alone and reads every day of each text, so there
    // the keys are passed as a list (a range of its primary key each), while they are not too many.
    const texts = (match: boolean) => {
      if (!listed) {
        return { sql: `text_key IN (SELECT text_key FROM audit_search_texts WHERE ${textWhere} AND ${match ? '' : 'NOT '}${textLike})`, params: [...filterParams, ...likeParams] };
      }
      const keys = listed.filter((r) => Number(r.m) === (match ? 1 : 0)).map((r) => String(r.text_key));
      return { sql: keys.length ? `text_key IN (${keys.map(() => '?').join(', ')})` : '1 = 0', params: keys };
    };
    const matched = texts(true);
    const others = texts(false);
    const { from, to } = window;
    const firstDay = dayOf(from);
    const lastDay = to === null ? null : dayOf(to - 1);
    const daysSql = (a: number, b: number | null) => ({ sql: b === null ? 'day >= ?' : 'day >= ? AND day <= ?', params: b === null ? [a] : [a, b] });
    const cutDays = [...new Set([firstDay * DAY_MS < from ? firstDay : null, lastDay !== null && (lastDay + 1) * DAY_MS > to! ? lastDay : null])].filter(
      (d): d is number => d !== null,
    );
    const inWindow = (at: number) => at >= from && (to === null || at < to);
    // Service ids are lowercase: a chunk of them alone is searched as stored (no lowered copy).
    const idHas = `(other_ids > 0 OR ${mysql ? 'LOCATE(?, ids)' : 'instr(ids, ?)'} > 0)`;
    const lowerIds = (r: Row) => (Number(r.other_ids) ? String(r.ids).toLowerCase() : String(r.ids));
    const counts = new Map<number, number>();
    const add = (day: number, n: number) => n && counts.set(day, (counts.get(day) ?? 0) + n);
    const window0 = daysSql(firstDay, lastDay);

    if (matchingTexts) {
      const days: Row[] = await db.query(`SELECT day, SUM(n) AS n FROM audit_search_chunks WHERE ${matched.sql} AND ${window0.sql} GROUP BY day`, [
        ...matched.params,
        ...window0.params,
      ]);
      for (const d of days) if (!cutDays.includes(Number(d.day))) add(Number(d.day), Number(d.n));
      if (cutDays.length) {
        const rows: Row[] = await db.query(`SELECT day, ids, ats FROM audit_search_chunks WHERE ${matched.sql} AND day IN (${cutDays.map(() => '?').join(', ')})`, [
          ...matched.params,
          ...cutDays,
        ]);
        for (const r of rows) add(Number(r.day), chunkEntries(Number(r.day), String(r.ids), String(r.ats)).filter((e) => inWindow(e.at)).length);
      }
    }
    if (idMode === 'chunks') {
      // The other texts' chunks whose ids hold the term; the days the window cuts need the times.
      const cut = cutDays.length ? `CASE WHEN day IN (${cutDays.map(() => '?').join(', ')}) THEN ats ELSE '' END` : "''";
      const rows: Row[] = await db.query(`SELECT day, other_ids, ids, ${cut} AS ats FROM audit_search_chunks WHERE ${others.sql} AND ${window0.sql} AND ${idHas}`, [
        ...cutDays,
        ...others.params,
        ...window0.params,
        lowered,
      ]);
      for (const r of rows) {
        const day = Number(r.day);
        if (!cutDays.includes(day)) add(day, idsContaining(lowerIds(r), lowered));
        else add(day, chunkEntries(day, String(r.ids), String(r.ats)).filter((e) => inWindow(e.at) && e.id.toLowerCase().includes(lowered)).length);
      }
    }
    // Records matched by their id only, found in SQL: client ids, a service-id prefix, or (records) any id.
    const extras: ChunkEntry[] = [];
    const windowSql = ['created_at >= ?', ...(to === null ? [] : ['created_at < ?'])].join(' AND ');
    const windowParams = [from, ...(to === null ? [] : [to])];
    if (idMode === 'other' || idMode === 'prefix') {
      const found: Row[] = await db.query(
        `SELECT id, created_at FROM audit_search_ids WHERE ${orgId ? 'org_id = ? AND ' : ''}${windowSql} AND ${like('id')} AND ${others.sql}`,
        [...(orgId ? [orgId] : []), ...windowParams, pattern, ...others.params],
      );
      for (const r of found) extras.push({ id: String(r.id), at: Number(r.created_at) });
    }
    if (idMode === 'prefix') {
      // A service id holds `pf_` only at its start: a prefix term is a primary-key range.
      const found: Row[] = await db.query(
        `SELECT id, created_at FROM preflight_records WHERE id >= ? AND id < ? AND ${windowSql}${filters.length ? ` AND ${textWhere}` : ''} AND NOT ${textLike}`,
        [prefix, `${prefix}g`, ...windowParams, ...filterParams, ...likeParams],
      );
      for (const r of found) {
        const id = String(r.id);
        // The range, compared by the collation, may hold client ids (found above) besides service ids.
        if (SERVICE_ID.test(id) && id.startsWith(prefix!)) extras.push({ id, at: Number(r.created_at) });
      }
    }
    if (idMode === 'records') {
      // The other texts' chunks whose id strings hold the term under the records' id collation
      // (an id that holds it is in such a string), then those chunks' ids compared by the records.
      const { charset, collation } = await this.idCollation();
      const rows: Row[] = await db.query(
        `SELECT ids FROM audit_search_chunks WHERE ${others.sql} AND ${window0.sql} AND LOWER(CONVERT(ids USING ${charset}) COLLATE ${collation}) LIKE ? ESCAPE '!'`,
        [...others.params, ...window0.params, pattern],
      );
      const candidates = rows.flatMap((r) => String(r.ids).split(',').slice(0, -1));
      for (let i = 0; i < candidates.length; i += MAX_LISTED_TEXTS) {
        const part = candidates.slice(i, i + MAX_LISTED_TEXTS);
        const found: Row[] = await db.query(
          `SELECT id, created_at FROM preflight_records WHERE id IN (${part.map(() => '?').join(', ')}) AND ${like('id')} AND ${windowSql}`,
          [...part, pattern, ...windowParams],
        );
        for (const r of found) extras.push({ id: String(r.id), at: Number(r.created_at) });
      }
    }
    for (const e of extras) add(dayOf(e.at), 1);

    // The days holding matches offset .. offset + limit - 1, newest first.
    const ordered = [...counts.entries()].sort((a, b) => b[0] - a[0]);
    const total = ordered.reduce((sum, [, n]) => sum + n, 0);
    let seen = 0;
    let newest: number | undefined;
    let oldest: number | undefined;
    let skip = 0;
    for (const [day, n] of ordered) {
      if (newest === undefined && seen + n > q.offset) (newest = day), (skip = q.offset - seen);
      seen += n;
      if (newest !== undefined) oldest = day;
      if (newest !== undefined && seen >= q.offset + q.limit) break;
    }
    if (newest === undefined || oldest === undefined) return { items: [], limit: q.limit, offset: q.offset, total };
    const pageDays = daysSql(oldest, newest);
    const entries = extras.filter((e) => dayOf(e.at) >= oldest! && dayOf(e.at) <= newest!);
    if (matchingTexts) {
      const rows: Row[] = await db.query(`SELECT day, ids, ats FROM audit_search_chunks WHERE ${matched.sql} AND ${pageDays.sql}`, [...matched.params, ...pageDays.params]);
      for (const r of rows) for (const e of chunkEntries(Number(r.day), String(r.ids), String(r.ats))) if (inWindow(e.at)) entries.push(e);
    }
    if (idMode === 'chunks') {
      const rows: Row[] = await db.query(`SELECT day, other_ids, ids, ats FROM audit_search_chunks WHERE ${others.sql} AND ${pageDays.sql} AND ${idHas}`, [
        ...others.params,
        ...pageDays.params,
        lowered,
      ]);
      for (const r of rows) {
        for (const e of chunkEntries(Number(r.day), String(r.ids), String(r.ats))) if (inWindow(e.at) && e.id.toLowerCase().includes(lowered)) entries.push(e);
      }
    }
    // Newest first by time; records of one ms are ordered by the database (its collation orders
    // the ids), so every record with the page's first or last time is handed to it.
    entries.sort((a, b) => b.at - a.at);
    if (skip >= entries.length) return { items: [], limit: q.limit, offset: q.offset, total };
    const end = Math.min(skip + q.limit, entries.length);
    const [hi, lo] = [entries[skip].at, entries[end - 1].at];
    const before = entries.filter((e) => e.at > hi).length;
    const ids = entries.filter((e) => e.at <= hi && e.at >= lo).map((e) => e.id);
    const rows: Row[] = await db.query(
      `SELECT ${ITEM_COLUMNS} FROM preflight_records r WHERE r.id IN (${ids.map(() => '?').join(', ')}) ORDER BY r.created_at DESC, r.id DESC LIMIT ? OFFSET ?`,
      [...ids, end - skip, skip - before],
    );
    return { items: rows.map(itemView), limit: q.limit, offset: q.offset, total };
  }

  private idCollationOf?: Promise<{ charset: string; collation: string }>;
  /** Non-ASCII characters and the one id character each equals under the ids' collation ('' none, null several). */
  private readonly idCharOf = new Map<string, string | null>();

  /**
   * The term with each non-ASCII character replaced by the one (lowercase) id character MySQL's
   * LIKE equals it to under the records' id collation (LIKE compares character by character), or
   * a space (in no id) when it equals none; null when it equals several.
   */
  private async asciiEquivalent(lowered: string): Promise<string | null> {
    let out = '';
    for (const ch of lowered) {
      let eq: string | null | undefined = /^[\x20-\x7e]$/.test(ch) ? ch : this.idCharOf.get(ch);
      if (eq === undefined) {
        const { charset, collation } = await this.idCollation();
        const rows: Row[] = await this.deps.ds.query(
          `SELECT c FROM (${ID_CHARS.map(() => 'SELECT ? AS c').join(' UNION ALL ')}) a WHERE LOWER(CONVERT(c USING ${charset}) COLLATE ${collation}) LIKE ? ESCAPE '!'`,
          [...ID_CHARS, ch],
        );
        eq = rows.length === 1 ? String(rows[0].c) : rows.length ? null : ' ';
        if (this.idCharOf.size < 10_000) this.idCharOf.set(ch, eq);
      }
      if (eq === null) return null;
      out += eq;
    }
    return out;
  }

  /** The character set and collation of the records' id column (MySQL), looked up once. */
  private idCollation(): Promise<{ charset: string; collation: string }> {
    this.idCollationOf ??= this.deps.ds
      .query(
        "SELECT CHARACTER_SET_NAME AS cs, COLLATION_NAME AS co FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'preflight_records' AND COLUMN_NAME = 'id'",
      )
      .then(([c]: Row[]) => {
        const [charset, collation] = [String(c?.cs), String(c?.co)];
        if (!/^\w+$/.test(charset) || !/^\w+$/.test(collation)) throw new Error('preflight_records.id has no character set and collation');
        return { charset, collation };
      });
    return this.idCollationOf;
  }

  /**
   * Purges records older than the audit retention (PREFLIGHT_AUDIT_RETENTION_DAYS, whole UTC days)
   * with their finding counts and roll-ups, in small batches so no lock is held for long.
   */
  async sweep(): Promise<{ records: number }> {
    const cutoffDay = dayOf(this.deps.now().getTime() - this.deps.config.auditRetentionDays * DAY_MS);
    const cutoff = cutoffDay * DAY_MS;
    let removed = 0;
    for (;;) {
      const ids: string[] = (
        await this.deps.ds.query('SELECT id FROM preflight_records WHERE created_at < ? ORDER BY created_at LIMIT ?', [cutoff, SWEEP_BATCH])
      ).map((r: Row) => String(r.id));
      if (!ids.length) break;
      const marks = ids.map(() => '?').join(', ');
      await this.deps.ds.transaction(async (em) => {
        await em.query(`DELETE FROM preflight_finding_counts WHERE preflight_id IN (${marks})`, ids);
        await em.query(`DELETE FROM audit_search_ids WHERE created_at < ? AND id IN (${marks})`, [cutoff, ...ids]);
        await em.query(`DELETE FROM preflight_records WHERE id IN (${marks})`, ids);
      });
      removed += ids.length;
      if (ids.length < SWEEP_BATCH) break;
    }
    await this.deps.ds.query('DELETE FROM audit_search_chunks WHERE day < ?', [cutoffDay]);
    await this.rollups.forgetBefore(cutoffDay);
    if (removed) this.deps.logger.info({ records: removed, retention_days: this.deps.config.auditRetentionDays }, 'audit records purged');
    return { records: removed };
  }
}
