import { z } from 'zod';
import type { EntityManager } from 'typeorm';
import type { PreflightRecordEntity } from '../../entities';
import { findingTypes, labelFor } from '../detection';
import { safeErrorFields } from '../lib/logger';
import type { ServiceDeps } from './deps';
import type { OrganizationService } from './organization.service';
import { Principal, requireOrgManager } from './principal';
import { parseInput } from './validation';

export const DAY_MS = 86_400_000;

/** Analytics periods (docs/api-contract.md#resources): whole UTC days ending today. */
export const PERIOD_DAYS = { '7d': 7, '30d': 30, '90d': 90 } as const;
export type Period = keyof typeof PERIOD_DAYS;

export const analyticsQuerySchema = z.strictObject({
  period: z.enum(['7d', '30d', '90d'], { error: 'must be one of 7d, 30d, 90d' }).default('30d'),
});
export type AnalyticsQueryInput = z.input<typeof analyticsQuerySchema>;

/**
 * A UTC day is rolled up once it ended this long ago, so checks that started before midnight and
 * commit just after it are in the records before their day is summed.
 */
const SEAL_GRACE_MS = 10 * 60_000;
/** Roll-ups are computed (and committed) this many days at a time. */
const ROLL_CHUNK_DAYS = 31;
const INSERT_BATCH = 400;

/** Figures of one organization and one UTC day (or a sum of days). */
export interface DayStats {
  checks_total: number;
  allowed: number;
  masked: number;
  blocked: number;
  bytes_processed: number;
  bytes_protected: number;
  findings_total: number;
  prevented_exposures: number;
}

const STAT_COLUMNS: Array<keyof DayStats> = [
  'checks_total',
  'allowed',
  'masked',
  'blocked',
  'bytes_processed',
  'bytes_protected',
  'findings_total',
  'prevented_exposures',
];

const emptyStats = (): DayStats => ({
  checks_total: 0,
  allowed: 0,
  masked: 0,
  blocked: 0,
  bytes_processed: 0,
  bytes_protected: 0,
  findings_total: 0,
  prevented_exposures: 0,
});

/** Organization analytics. */
export interface AnalyticsView {
  org_id: string;
  org_name: string;
  period: Period;
  total_checks: number;
  /** Bytes of checks that were masked or blocked. */
  bytes_protected: number;
  allowed: number;
  masked: number;
  blocked: number;
  /** Findings in checks that were masked or blocked. */
  prevented_exposures: number;
  /** Percent of checks allowed or masked, one decimal; 0 when there were no checks. */
  safe_share_rate: number;
  from_date: string;
  to_date: string;
}

export interface TimeSeriesPoint {
  date: string;
  checks_total: number;
  allowed: number;
  masked: number;
  blocked: number;
  bytes_processed: number;
}

export interface TimeSeriesView {
  org_id: string;
  period: Period;
  from_date: string;
  to_date: string;
  /** One entry per UTC day of the period, oldest first, zero-filled. */
  data: TimeSeriesPoint[];
}

export interface DetectionTypeView {
  type: string;
  label: string;
  count: number;
  /** Share of all detections of the period, percent, one decimal. */
  percentage: number;
}

/** One entry of the finding-type catalogue as the API shows it. */
export interface FindingTypeView {
  type: string;
  label: string;
  data_types: string[];
}

export interface DetectionBreakdownView {
  org_id: string;
  period: Period;
  total_detections: number;
  types: DetectionTypeView[];
  from_date: string;
  to_date: string;
}

type Row = Record<string, unknown>;
const num = (v: unknown): number => (v == null ? 0 : Number(v));
const round1 = (v: number): number => Math.round(v * 10) / 10;
export const dayOf = (ms: number): number => Math.floor(ms / DAY_MS);
export const dateOfDay = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** Same SQL on SQLite and MySQL: times are epoch ms in BIGINT, a UTC day is floor(ms / 86400000). */
const DAY_EXPR = 'FLOOR(created_at / 86400000)';

class RollConflict extends Error {}


/**
 * Analytics over the preflight records: organization totals, a zero-filled daily series and the
 * detection breakdown. Every figure is the sum of daily roll-ups for sealed days (before the
 * organization's `rolled_until_day`) and a live aggregate of the records after it, so reads cost
 * O(days), not O(records), and always agree with the records (and the audit log).
 */
export class AnalyticsService {
  private readonly rolling = new Map<string, Promise<number>>();

  constructor(
    private readonly deps: ServiceDeps,
    private readonly orgs: OrganizationService,
  ) {
    orgs.registerOwned(async (em, orgId) => {
      for (const t of ['preflight_finding_counts', 'analytics_daily', 'analytics_daily_findings', 'analytics_rollup_state']) {
        await em.query(`DELETE FROM ${t} WHERE org_id = ?`, [orgId]);
      }
    });
  }

  /** Organization analytics for 7d, 30d or 90d (default 30d). */
  async organization(p: Principal, org: string, input: unknown = {}): Promise<AnalyticsView> {
    const o = await this.orgs.resolve(p, org);
    requireOrgManager(p, o.id);
    const { period } = parseInput(analyticsQuerySchema, input);
    const w = this.window(period);
    const days = await this.dailyStats(o.id, w.fromDay, w.toDay + 1);
    const t = emptyStats();
    for (const d of days.values()) for (const k of STAT_COLUMNS) t[k] += d[k];
    return {
      org_id: o.id,
      org_name: o.name,
      period,
      total_checks: t.checks_total,
      bytes_protected: t.bytes_protected,
      allowed: t.allowed,
      masked: t.masked,
      blocked: t.blocked,
      prevented_exposures: t.prevented_exposures,
      safe_share_rate: t.checks_total ? round1(((t.allowed + t.masked) / t.checks_total) * 100) : 0,
      from_date: dateOfDay(w.fromDay),
      to_date: dateOfDay(w.toDay),
    };
  }

  /** Checks per UTC day of the period, zero-filled. */
  async timeSeries(p: Principal, org: string, input: unknown = {}): Promise<TimeSeriesView> {
    const o = await this.orgs.resolve(p, org);
    requireOrgManager(p, o.id);
    const { period } = parseInput(analyticsQuerySchema, input);
    const w = this.window(period);
    const days = await this.dailyStats(o.id, w.fromDay, w.toDay + 1);
    const data: TimeSeriesPoint[] = [];
    for (let day = w.fromDay; day <= w.toDay; day++) {
      const s = days.get(day) ?? emptyStats();
      data.push({
        date: dateOfDay(day),
        checks_total: s.checks_total,
        allowed: s.allowed,
        masked: s.masked,
        blocked: s.blocked,
        bytes_processed: s.bytes_processed,
      });
    }
    return { org_id: o.id, period, from_date: dateOfDay(w.fromDay), to_date: dateOfDay(w.toDay), data };
  }

  /** Every built-in finding type with its label and data types (the one catalogue). */
  findingTypes(): FindingTypeView[] {
    return findingTypes.map((t) => ({ type: t.type, label: t.label, data_types: [...t.dataTypes] }));
  }

  /** Detections per finding type in the period, most frequent first. */
  async detections(p: Principal, org: string, input: unknown = {}): Promise<DetectionBreakdownView> {
    const o = await this.orgs.resolve(p, org);
    requireOrgManager(p, o.id);
    const { period } = parseInput(analyticsQuerySchema, input);
    const w = this.window(period);
    const counts = await this.findingCounts(o.id, w.fromDay, w.toDay + 1);
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    const types = [...counts]
      .filter(([, n]) => n > 0)
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([type, count]) => ({ type, label: labelFor(type), count, percentage: round1((count / total) * 100) }));
    return { org_id: o.id, period, total_detections: total, types, from_date: dateOfDay(w.fromDay), to_date: dateOfDay(w.toDay) };
  }

  /**
   * Called by the preflight service inside the transaction that inserts the record: stores its
   * finding counts (for SQL breakdowns) and, for a record dated on a day that may already be rolled
   * up (a back-fill or a check that straddled midnight), sends that day back to the live side.
   */
  async recordFindings(em: EntityManager, record: PreflightRecordEntity): Promise<void> {
    const createdAt = record.createdAt.getTime();
    const rows = Object.entries(record.findingCounts ?? {})
      .filter(([, n]) => Number(n) > 0)
      .map(([type, n]) => [record.id, type, record.orgId, Number(n), createdAt]);
    await insertRows(em, 'preflight_finding_counts', ['preflight_id', 'finding_type', 'org_id', 'finding_count', 'created_at'], rows);
    const day = dayOf(createdAt);
    if (day < dayOf(this.deps.now().getTime())) await this.invalidate(em, record.orgId, day);
  }

  /**
   * Number of records of one organization (or all, for null) created in [fromMs, toMs); roll-ups
   * answer the whole sealed days inside the range, the records the rest. Used for audit totals.
   */
  async countChecks(orgId: string | null, fromMs: number, toMs: number | null): Promise<number> {
    const rolled = orgId ? await this.rolledUntil(orgId) : await this.rolledUntilAll();
    const firstWholeDay = Math.ceil(fromMs / DAY_MS);
    const endWholeDay = Math.min(toMs === null ? Infinity : Math.floor(toMs / DAY_MS), rolled);
    if (firstWholeDay >= endWholeDay) return this.liveCount(orgId, fromMs, toMs);
    const orgCond = orgId ? 'org_id = ? AND ' : '';
    const params = orgId ? [orgId] : [];
    const [rolledSum] = await this.deps.ds.query(
      `SELECT SUM(checks_total) AS n FROM analytics_daily WHERE ${orgCond}day_number >= ? AND day_number < ?`,
      [...params, firstWholeDay, endWholeDay],
    );
    const before = fromMs < firstWholeDay * DAY_MS ? await this.liveCount(orgId, fromMs, firstWholeDay * DAY_MS) : 0;
    const after = await this.liveCount(orgId, endWholeDay * DAY_MS, toMs);
    return num(rolledSum?.n) + before + after;
  }

  /** Rolls up every organization's sealed days (background task; reads also roll lazily). */
  async rollUpAll(): Promise<{ organizations: number }> {
    const until = this.sealedUntil();
    const rows: Row[] = await this.deps.ds.query(
      'SELECT o.id AS id FROM organizations o LEFT JOIN analytics_rollup_state s ON s.org_id = o.id ' +
        'WHERE s.org_id IS NULL OR s.rolled_until_day < ?',
      [until],
    );
    for (const r of rows) await this.rolledUntil(String(r.id));
    return { organizations: rows.length };
  }

  /** Removes roll-ups and finding counts of days before `day` (the audit retention sweeper calls this). */
  async forgetBefore(day: number): Promise<void> {
    await this.deps.ds.query('DELETE FROM analytics_daily WHERE day_number < ?', [day]);
    await this.deps.ds.query('DELETE FROM analytics_daily_findings WHERE day_number < ?', [day]);
  }

  private window(period: Period): { fromDay: number; toDay: number } {
    const today = dayOf(this.deps.now().getTime());
    return { fromDay: today - PERIOD_DAYS[period] + 1, toDay: today };
  }

  /** Days before this one are sealed (ended at least SEAL_GRACE_MS ago). */
  private sealedUntil(): number {
    return dayOf(this.deps.now().getTime() - SEAL_GRACE_MS);
  }

  /** Per-day figures of [fromDay, toDay): roll-ups below the rolled mark, live aggregate above it. */
  private async dailyStats(orgId: string, fromDay: number, toDay: number): Promise<Map<number, DayStats>> {
    const rolled = await this.rolledUntil(orgId);
    const out = new Map<number, DayStats>();
    if (fromDay < rolled) {
      const rows: Row[] = await this.deps.ds.query(
        `SELECT day_number, ${STAT_COLUMNS.join(', ')} FROM analytics_daily WHERE org_id = ? AND day_number >= ? AND day_number < ?`,
        [orgId, fromDay, Math.min(rolled, toDay)],
      );
      for (const r of rows) {
        const s = emptyStats();
        for (const k of STAT_COLUMNS) s[k] = num(r[k]);
        out.set(num(r.day_number), s);
      }
    }
    if (toDay > rolled) {
      const live = await this.aggregateRecords(orgId, Math.max(fromDay, rolled) * DAY_MS, toDay * DAY_MS);
      for (const [day, s] of live) out.set(day, s);
    }
    return out;
  }

  private async findingCounts(orgId: string, fromDay: number, toDay: number): Promise<Map<string, number>> {
    const rolled = await this.rolledUntil(orgId);
    const out = new Map<string, number>();
    const add = (rows: Row[]) => {
      for (const r of rows) out.set(String(r.finding_type), (out.get(String(r.finding_type)) ?? 0) + num(r.n));
    };
    if (fromDay < rolled) {
      add(
        await this.deps.ds.query(
          'SELECT finding_type, SUM(finding_count) AS n FROM analytics_daily_findings ' +
            'WHERE org_id = ? AND day_number >= ? AND day_number < ? GROUP BY finding_type',
          [orgId, fromDay, Math.min(rolled, toDay)],
        ),
      );
    }
    if (toDay > rolled) {
      add(
        await this.deps.ds.query(
          'SELECT finding_type, SUM(finding_count) AS n FROM preflight_finding_counts ' +
            'WHERE org_id = ? AND created_at >= ? AND created_at < ? GROUP BY finding_type',
          [orgId, Math.max(fromDay, rolled) * DAY_MS, toDay * DAY_MS],
        ),
      );
    }
    return out;
  }

  /** Per-day figures straight from the records (covering index idx_preflight_org_stats). */
  private async aggregateRecords(orgId: string, fromMs: number, toMs: number): Promise<Map<number, DayStats>> {
    const rows: Row[] = await this.deps.ds.query(
      `SELECT ${DAY_EXPR} AS day_number, decision, COUNT(*) AS n, SUM(input_size_bytes) AS bytes, SUM(findings_total) AS findings ` +
        `FROM preflight_records WHERE org_id = ? AND created_at >= ? AND created_at < ? GROUP BY ${DAY_EXPR}, decision`,
      [orgId, fromMs, toMs],
    );
    const out = new Map<number, DayStats>();
    for (const r of rows) {
      const day = num(r.day_number);
      const s = out.get(day) ?? emptyStats();
      const n = num(r.n);
      const bytes = num(r.bytes);
      const findings = num(r.findings);
      s.checks_total += n;
      s.bytes_processed += bytes;
      s.findings_total += findings;
      if (r.decision === 'ALLOWED') s.allowed += n;
      else {
        if (r.decision === 'ALLOWED_WITH_MASKING') s.masked += n;
        else if (r.decision === 'BLOCKED') s.blocked += n;
        s.bytes_protected += bytes;
        s.prevented_exposures += findings;
      }
      out.set(day, s);
    }
    return out;
  }

  private async liveCount(orgId: string | null, fromMs: number, toMs: number | null): Promise<number> {
    if (toMs !== null && toMs <= fromMs) return 0;
    const conds = [...(orgId ? ['org_id = ?'] : []), 'created_at >= ?', ...(toMs !== null ? ['created_at < ?'] : [])];
    const params = [...(orgId ? [orgId] : []), fromMs, ...(toMs !== null ? [toMs] : [])];
    const [row] = await this.deps.ds.query(`SELECT COUNT(*) AS n FROM preflight_records WHERE ${conds.join(' AND ')}`, params);
    return num(row?.n);
  }

  /** The organization's roll-up mark, rolling sealed days first when behind (0 when nothing is rolled). */
  private async rolledUntil(orgId: string): Promise<number> {
    const until = this.sealedUntil();
    const state = await this.readState(orgId);
    if (state && state.w >= until) return until;
    let pending = this.rolling.get(orgId);
    if (!pending) {
      pending = this.roll(orgId, until)
        .catch(async (err) => {
          // Another replica rolling the same organization, or a back-fill moving the mark: answer
          // from what is committed; the next read or the background task finishes the roll.
          if (!(err instanceof RollConflict)) this.deps.logger.warn({ org_id: orgId, ...safeErrorFields(err) }, 'analytics roll-up failed');
          return (await this.readState(orgId))?.w ?? 0;
        })
        .finally(() => this.rolling.delete(orgId));
      this.rolling.set(orgId, pending);
    }
    return Math.min(await pending, until);
  }

  /** The mark every organization is rolled up to (operator-wide counts). */
  private async rolledUntilAll(): Promise<number> {
    await this.rollUpAll();
    const until = this.sealedUntil();
    const rows: Row[] = await this.deps.ds.query(
      'SELECT MIN(COALESCE(s.rolled_until_day, 0)) AS w, COUNT(*) AS n FROM organizations o LEFT JOIN analytics_rollup_state s ON s.org_id = o.id',
    );
    if (!num(rows[0]?.n)) return until;
    return Math.min(num(rows[0]?.w), until);
  }

  private async readState(orgId: string): Promise<{ w: number; generation: number } | null> {
    const rows: Row[] = await this.deps.ds.query(
      'SELECT rolled_until_day AS w, generation AS g FROM analytics_rollup_state WHERE org_id = ?',
      [orgId],
    );
    return rows.length ? { w: num(rows[0].w), generation: num(rows[0].g) } : null;
  }

  /**
   * Rolls [mark, until) up in chunks. Each chunk commits only if the state row is still what this
   * roll read (mark and generation): a concurrent back-fill bumps the generation and wins.
   */
  private async roll(orgId: string, until: number): Promise<number> {
    const state = await this.readState(orgId);
    const [minRow] = await this.deps.ds.query('SELECT MIN(created_at) AS m FROM preflight_records WHERE org_id = ?', [orgId]);
    const minDay = minRow?.m == null ? until : dayOf(num(minRow.m));
    let mark = state?.w ?? 0;
    const generation = state?.generation ?? 0;
    let exists = !!state;
    let start = Math.max(mark, Math.min(minDay, until));
    if (start >= until && exists) return mark;
    do {
      const end = Math.max(start, Math.min(start + ROLL_CHUNK_DAYS, until));
      const [stats, findings] = await Promise.all([
        this.aggregateRecords(orgId, start * DAY_MS, end * DAY_MS),
        this.deps.ds.query(
          `SELECT ${DAY_EXPR} AS day_number, finding_type, SUM(finding_count) AS n FROM preflight_finding_counts ` +
            `WHERE org_id = ? AND created_at >= ? AND created_at < ? GROUP BY ${DAY_EXPR}, finding_type`,
          [orgId, start * DAY_MS, end * DAY_MS],
        ) as Promise<Row[]>,
      ]);
      const from = mark;
      const expect = { exists, mark, generation };
      await this.deps.ds.transaction(async (em) => {
        await em.query('DELETE FROM analytics_daily WHERE org_id = ? AND day_number >= ? AND day_number < ?', [orgId, from, end]);
        await em.query('DELETE FROM analytics_daily_findings WHERE org_id = ? AND day_number >= ? AND day_number < ?', [orgId, from, end]);
        await insertRows(
          em,
          'analytics_daily',
          ['org_id', 'day_number', ...STAT_COLUMNS],
          [...stats].map(([day, s]) => [orgId, day, ...STAT_COLUMNS.map((k) => s[k])]),
        );
        await insertRows(
          em,
          'analytics_daily_findings',
          ['org_id', 'day_number', 'finding_type', 'finding_count'],
          findings.map((r) => [orgId, num(r.day_number), String(r.finding_type), num(r.n)]),
        );
        if (expect.exists) {
          const changed = await affected(
            em,
            'UPDATE analytics_rollup_state SET rolled_until_day = ? WHERE org_id = ? AND rolled_until_day = ? AND generation = ?',
            [end, orgId, expect.mark, expect.generation],
          );
          if (changed !== 1) throw new RollConflict();
        } else {
          // A concurrent first roll (another replica) or back-fill inserted the row first: theirs wins.
          await em
            .query('INSERT INTO analytics_rollup_state (org_id, rolled_until_day, generation) VALUES (?, ?, 0)', [orgId, end])
            .catch(() => {
              throw new RollConflict();
            });
        }
      });
      mark = end;
      exists = true;
      start = end;
    } while (start < until);
    return mark;
  }

  /** Moves an organization's mark back to `day` and bumps its generation (a record landed on a rolled day). */
  private async invalidate(em: EntityManager, orgId: string, day: number): Promise<void> {
    const changed = await affected(
      em,
      'UPDATE analytics_rollup_state SET rolled_until_day = CASE WHEN rolled_until_day > ? THEN ? ELSE rolled_until_day END, ' +
        'generation = generation + 1 WHERE org_id = ?',
      [day, day, orgId],
    );
    if (changed) return;
    // No state yet: an initial roll may be running; a row at 0 (nothing rolled) makes it conflict.
    await em.query('INSERT INTO analytics_rollup_state (org_id, rolled_until_day, generation) VALUES (?, 0, 1)', [orgId]).catch(() => undefined);
  }
}

/** Multi-row INSERT with positional parameters: the same SQL on SQLite and MySQL. */
export async function insertRows(em: EntityManager, table: string, columns: string[], rows: unknown[][]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    const batch = rows.slice(i, i + INSERT_BATCH);
    const tuple = `(${columns.map(() => '?').join(', ')})`;
    await em.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${batch.map(() => tuple).join(', ')}`, batch.flat());
  }
}

async function affected(em: EntityManager, sql: string, params: unknown[]): Promise<number> {
  if (!em.queryRunner) throw new Error('affected() needs a transactional entity manager');
  const r = await em.queryRunner.query(sql, params, true);
  return r.affected ?? 0;
}
