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
import { idScope, SEARCH_TEXT_COLUMNS, SERVICE_ID, servicePrefix, textKey } from './audit-search';

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

/** LIKE pattern for a contains-search; `!` escapes the wildcards on both engines. */
const likePattern = (term: string) => `%${term.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;
/** Matching search texts passed as parameters up to this many (SQLite takes 32,766 parameters). */
const MAX_LISTED_KEYS = 5000;
/** A term that may be in any service id compares the ids of at most this many records by text, else scans the window. */
const MAX_ID_COMPARED = 50_000;
/** A search reads up to this many matches in one scan; a term with more is counted separately. */
const FIRST_MATCHES = 1000;

/** The audit log over preflight records: tenant-scoped listing and the retention sweeper. */
export class AuditService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly orgs: OrganizationService,
    private readonly counter: CheckCounter,
    private readonly rollups: RollupStore,
  ) {
    orgs.registerOwned(async (em, orgId) => {
      for (const t of ['audit_search_rows', 'audit_search_ids', 'audit_search_days', 'audit_search_texts']) await em.query(`DELETE FROM ${t} WHERE org_id = ?`, [orgId]);
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
      const found = await this.search(q, q.search, orgId, { from: fromMs ?? 0, to: toMs }, conds, params);
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
   * on the records, applied to the organization's distinct texts. The total is a sum of the
   * matching texts' day counts (the window's cut edge days counted from their rows), plus the
   * records whose id matches and whose text does not; the page is read from the matching texts'
   * rows of the days that hold it. A term that can be inside a service id other than as its
   * `pf_` prefix falls back to one scan of the window (searchByScan).
   */
  private async search(
    q: { limit: number; offset: number; decision?: string; destination?: string },
    term: string,
    orgId: string | null,
    window: { from: number; to: number | null },
    conds: string[],
    params: unknown[],
  ): Promise<AuditPageView | null> {
    const pattern = likePattern(term);
    const like = (c: string) => `LOWER(${c}) LIKE ? ESCAPE '!'`;
    const mysql = this.deps.ds.options.type === 'mysql';
    const textConds: string[] = [];
    const textParams: unknown[] = [];
    if (orgId) textConds.push('org_id = ?'), textParams.push(orgId);
    if (q.decision) textConds.push('decision = ?'), textParams.push(q.decision);
    if (q.destination) textConds.push('destination = ?'), textParams.push(q.destination);
    /** The keys of the texts that pass `extra`, or null when there are too many to pass as parameters. */
    const keysOf = async (extra: string | null, extraParams: unknown[]): Promise<string[] | null> => {
      const textWhere = extra ? [...textConds, extra] : textConds;
      const rows: Row[] = await this.deps.ds.query(
        `SELECT text_key FROM audit_search_texts${textWhere.length ? ` WHERE ${textWhere.join(' AND ')}` : ''} LIMIT ${MAX_LISTED_KEYS + 1}`,
        [...textParams, ...extraParams],
      );
      return rows.length > MAX_LISTED_KEYS ? null : rows.map((r) => String(r.text_key));
    };
    const matching = await keysOf(`(${SEARCH_TEXT_COLUMNS.map(like).join(' OR ')})`, SEARCH_TEXT_COLUMNS.map(() => pattern));
    const allowed = q.decision || q.destination ? await keysOf(null, []) : undefined;
    if (matching?.length) {
      // Every text of the organization contains the term: every record matches.
      const [texts] = await this.deps.ds.query(
        `SELECT COUNT(*) AS n FROM audit_search_texts${textConds.length ? ` WHERE ${textConds.join(' AND ')}` : ''}`,
        textParams,
      );
      if (matching.length === Number(texts?.n)) return null;
    }
    const scope = idScope(term, mysql);
    const prefix = scope === 'all' ? servicePrefix(term) : null;
    const texts = { sql: textConds.length ? textConds.join(' AND ') : '1 = 1', params: textParams };
    if (!matching || allowed === null) return this.searchByScan(q, term, orgId, texts, matching, allowed, conds, params);
    // A term that may be anywhere in a service id, when most texts match ("a", "e", a digit): only
    // the records of the other texts need their id compared, read by text from the (text, time) index.
    let otherKeys: string[] | null = null;
    if (scope === 'all' && !prefix) {
      const all = allowed ?? (await keysOf(null, []));
      const matched = new Set(matching);
      otherKeys = all?.filter((k) => !matched.has(k)) ?? null;
      if (!matching.length || !otherKeys?.length) return this.searchByScan(q, term, orgId, texts, matching, allowed, conds, params);
      const toDay = window.to === null ? null : dayOf(window.to - 1);
      const [est] = await this.deps.ds.query(
        `SELECT SUM(n) AS n FROM audit_search_days WHERE text_key IN (${otherKeys.map(() => '?').join(', ')}) AND day >= ?${toDay === null ? '' : ' AND day <= ?'}`,
        [...otherKeys, dayOf(window.from), ...(toDay === null ? [] : [toDay])],
      );
      if (Number(est?.n ?? 0) > MAX_ID_COMPARED) return this.searchByScan(q, term, orgId, texts, matching, allowed, conds, params);
    }

    const keys = new Set(matching);
    const allowedKeys = allowed && new Set(allowed);
    const passes = (key: string) => !keys.has(key) && (!allowedKeys || allowedKeys.has(key));
    const windowConds = ['created_at >= ?', ...(window.to === null ? [] : ['created_at < ?'])];
    const windowParams = [window.from, ...(window.to === null ? [] : [window.to])];
    // Records matched by their id only (their text does not match): client libraries' ids of the
    // window (as many as such records), and the service ids starting with a prefix term.
    const extras: Array<{ id: string; at: number }> = [];
    if (scope !== 'none' && !otherKeys) {
      const found: Row[] = await this.deps.ds.query(
        `SELECT id, created_at, text_key FROM audit_search_ids WHERE ${[...(orgId ? ['org_id = ?'] : []), ...windowConds, like('id')].join(' AND ')}`,
        [...(orgId ? [orgId] : []), ...windowParams, pattern],
      );
      for (const r of found) if (passes(String(r.text_key))) extras.push({ id: String(r.id), at: Number(r.created_at) });
    }
    if (prefix) {
      // A service id holds `pf_` only at its start: the term is a prefix, a primary-key range.
      const filters = [...(orgId ? ['org_id = ?'] : []), ...windowConds];
      const filterParams: unknown[] = [...(orgId ? [orgId] : []), ...windowParams];
      if (q.decision) filters.push('decision = ?'), filterParams.push(q.decision);
      if (q.destination) filters.push('destination = ?'), filterParams.push(q.destination);
      const found: Row[] = await this.deps.ds.query(
        `SELECT id, created_at, org_id, summary, policy_name, decision, destination FROM preflight_records WHERE id >= ? AND id < ? AND ${filters.join(' AND ')}`,
        [prefix, `${prefix}g`, ...filterParams],
      );
      for (const r of found) {
        const id = String(r.id);
        if (!SERVICE_ID.test(id) || !id.startsWith(prefix)) continue;
        const key = textKey({ orgId: String(r.org_id), summary: String(r.summary), policyName: String(r.policy_name), decision: String(r.decision), destination: String(r.destination) });
        if (!keys.has(key)) extras.push({ id, at: Number(r.created_at) });
      }
    }
    if (extras.length > MAX_LISTED_KEYS) return this.searchByScan(q, term, orgId, texts, matching, allowed, conds, params);
    if (!matching.length && !extras.length) return { items: [], limit: q.limit, offset: q.offset, total: 0 };

    // Matches per interval of the window: its whole UTC days, and the parts of the days it cuts.
    const { from, to } = window;
    const firstWhole = Math.ceil(from / DAY_MS);
    const endWhole = to === null ? Infinity : Math.floor(to / DAY_MS);
    const buckets = new Map<number, { start: number; end: number; n: number }>();
    const bucketOf = (t: number) => {
      let start: number, end: number;
      if (firstWhole >= endWhole) [start, end] = [from, to!];
      else if (t < firstWhole * DAY_MS) [start, end] = [from, firstWhole * DAY_MS];
      else if (t >= endWhole * DAY_MS) [start, end] = [endWhole * DAY_MS, to!];
      else [start, end] = [dayOf(t) * DAY_MS, (dayOf(t) + 1) * DAY_MS];
      let b = buckets.get(start);
      if (!b) buckets.set(start, (b = { start, end, n: 0 }));
      return b;
    };
    const keyList = `text_key IN (${matching.map(() => '?').join(', ')})`;
    const countRows = async (a: number, b: number) => {
      if (a >= b || !matching.length) return;
      const [c] = await this.deps.ds.query(`SELECT COUNT(*) AS n FROM audit_search_rows WHERE ${keyList} AND created_at >= ? AND created_at < ?`, [...matching, a, b]);
      bucketOf(a).n += Number(c?.n ?? 0);
    };
    if (firstWhole >= endWhole) await countRows(from, to!);
    else {
      if (matching.length) {
        const days: Row[] = await this.deps.ds.query(
          `SELECT day, SUM(n) AS n FROM audit_search_days WHERE ${keyList} AND day >= ?${to === null ? '' : ' AND day < ?'} GROUP BY day`,
          [...matching, firstWhole, ...(to === null ? [] : [endWhole])],
        );
        for (const d of days) bucketOf(Number(d.day) * DAY_MS).n += Number(d.n);
      }
      await countRows(from, firstWhole * DAY_MS);
      if (to !== null) await countRows(endWhole * DAY_MS, to);
    }
    for (const e of extras) bucketOf(e.at).n++;
    const otherList = otherKeys ? `text_key IN (${otherKeys.map(() => '?').join(', ')}) AND ${mysql ? like('id') : "id LIKE ? ESCAPE '!'"}` : '';
    if (otherKeys) {
      const days: Row[] = await this.deps.ds.query(
        `SELECT created_at ${mysql ? 'DIV' : '/'} ${DAY_MS} AS day, COUNT(*) AS n FROM audit_search_rows ` +
          `WHERE ${otherList} AND ${windowConds.join(' AND ')} GROUP BY created_at ${mysql ? 'DIV' : '/'} ${DAY_MS}`,
        [...otherKeys, pattern, ...windowParams],
      );
      for (const d of days) bucketOf(Math.max(from, Number(d.day) * DAY_MS)).n += Number(d.n);
    }

    // The intervals holding matches offset .. offset + limit - 1, newest first.
    const ordered = [...buckets.values()].filter((b) => b.n > 0).sort((a, b) => b.start - a.start);
    const total = ordered.reduce((sum, b) => sum + b.n, 0);
    let seen = 0;
    let newest: (typeof ordered)[number] | undefined;
    let oldest: (typeof ordered)[number] | undefined;
    let skip = 0;
    for (const b of ordered) {
      if (!newest && seen + b.n > q.offset) (newest = b), (skip = q.offset - seen);
      seen += b.n;
      if (newest) oldest = b;
      if (newest && seen >= q.offset + q.limit) break;
    }
    if (!newest || !oldest) return { items: [], limit: q.limit, offset: q.offset, total };
    const parts: string[] = [];
    const partParams: unknown[] = [];
    if (matching.length) {
      parts.push(`SELECT id, created_at FROM audit_search_rows WHERE ${keyList} AND created_at >= ? AND created_at < ?`);
      partParams.push(...matching, oldest.start, newest.end);
    }
    if (otherKeys) {
      parts.push(`SELECT id, created_at FROM audit_search_rows WHERE ${otherList} AND created_at >= ? AND created_at < ?`);
      partParams.push(...otherKeys, pattern, oldest.start, newest.end);
    }
    const inRange = extras.filter((e) => e.at >= oldest!.start && e.at < newest!.end).map((e) => e.id);
    if (inRange.length) {
      parts.push(`SELECT id, created_at FROM preflight_records WHERE id IN (${inRange.map(() => '?').join(', ')})`);
      partParams.push(...inRange);
    }
    const rows = await this.page(`(${parts.join(' UNION ALL ')}) u`, '', partParams, { limit: q.limit, offset: skip });
    return { items: rows.map(itemView), limit: q.limit, offset: q.offset, total };
  }

  /**
   * The search as one scan of the window's index rows (audit_search_rows, in time order): for a
   * term that may be inside a service id anywhere (a fragment of hex digits), which no index
   * answers, or when the matching texts are too many to list.
   */
  private async searchByScan(
    q: { limit: number; offset: number },
    term: string,
    orgId: string | null,
    texts: { sql: string; params: unknown[] },
    matching: string[] | null,
    allowed: string[] | null | undefined,
    conds: string[],
    params: unknown[],
  ): Promise<AuditPageView> {
    const pattern = likePattern(term);
    const mysql = this.deps.ds.options.type === 'mysql';
    const scope = idScope(term, mysql);
    // SQLite's LIKE folds ASCII case as its LOWER() does (and nothing else), so over the window
    // the id is compared without building a lowered copy of every id.
    const likeId = mysql ? "LOWER(id) LIKE ? ESCAPE '!'" : "id LIKE ? ESCAPE '!'";
    const keysSql = (keys: string[] | null, textWhere: string, textParams: unknown[]) =>
      keys
        ? { sql: keys.length ? `text_key IN (${keys.map(() => '?').join(', ')})` : '1 = 0', params: keys }
        : { sql: `text_key IN (SELECT text_key FROM audit_search_texts WHERE ${textWhere})`, params: textParams };
    const cols = SEARCH_TEXT_COLUMNS.map((c) => `LOWER(${c}) LIKE ? ESCAPE '!'`).join(' OR ');
    const m = keysSql(matching, `${texts.sql} AND (${cols})`, [...texts.params, ...SEARCH_TEXT_COLUMNS.map(() => pattern)]);
    const matches = [m.sql];
    const matchParams = [...m.params];
    if (scope !== 'none') {
      const idMatch = scope === 'other' ? `hex_id = 0 AND ${likeId}` : likeId;
      if (allowed !== undefined) {
        const a = keysSql(allowed, texts.sql, texts.params);
        matches.push(`(${idMatch} AND ${a.sql})`), matchParams.push(pattern, ...a.params);
      } else matches.push(`(${idMatch})`), matchParams.push(pattern);
    }
    const scanConds = [...conds];
    const scanParams = [...params];
    if (!orgId) {
      // The rows are in (org_id, created_at) order: every organization's range of the window.
      const orgs: Row[] = await this.deps.ds.query('SELECT DISTINCT org_id FROM audit_search_texts');
      if (!orgs.length) return { items: [], limit: q.limit, offset: q.offset, total: 0 };
      scanConds.unshift(`org_id IN (${orgs.map(() => '?').join(', ')})`);
      scanParams.unshift(...orgs.map((o) => String(o.org_id)));
    }
    const where = `WHERE ${[...scanConds, `(${matches.join(' OR ')})`].join(' AND ')}`;
    const all = [...scanParams, ...matchParams];
    const end = q.offset + q.limit;
    if (end > FIRST_MATCHES) {
      const rows = await this.page('audit_search_rows', where, all, q);
      const [c] = await this.deps.ds.query(`SELECT COUNT(*) AS n FROM audit_search_rows ${where}`, all);
      return { items: rows.map(itemView), limit: q.limit, offset: q.offset, total: Number(c?.n ?? 0) };
    }
    // One scan of the window for a rare term: its first matches are all of them, and their number
    // is the total. Only a term with more matches is counted by a second scan.
    const first: Row[] = await this.deps.ds.query(
      `SELECT id FROM audit_search_rows ${where} ORDER BY created_at DESC, id DESC LIMIT ${FIRST_MATCHES + 1}`,
      all,
    );
    let total = first.length;
    if (total > FIRST_MATCHES) total = Number((await this.deps.ds.query(`SELECT COUNT(*) AS n FROM audit_search_rows ${where}`, all))[0]?.n ?? 0);
    const ids = first.slice(q.offset, end).map((r) => String(r.id));
    const rows: Row[] = ids.length
      ? await this.deps.ds.query(
          `SELECT ${ITEM_COLUMNS} FROM preflight_records r WHERE r.id IN (${ids.map(() => '?').join(', ')}) ORDER BY r.created_at DESC, r.id DESC`,
          ids,
        )
      : [];
    return { items: rows.map(itemView), limit: q.limit, offset: q.offset, total };
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
        await em.query(`DELETE FROM audit_search_rows WHERE created_at < ? AND id IN (${marks})`, [cutoff, ...ids]);
        await em.query(`DELETE FROM audit_search_ids WHERE created_at < ? AND id IN (${marks})`, [cutoff, ...ids]);
        await em.query(`DELETE FROM preflight_records WHERE id IN (${marks})`, ids);
      });
      removed += ids.length;
      if (ids.length < SWEEP_BATCH) break;
    }
    await this.deps.ds.query('DELETE FROM audit_search_days WHERE day < ?', [cutoffDay]);
    await this.rollups.forgetBefore(cutoffDay);
    if (removed) this.deps.logger.info({ records: removed, retention_days: this.deps.config.auditRetentionDays }, 'audit records purged');
    return { records: removed };
  }
}
