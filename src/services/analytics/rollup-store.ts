import type { EntityManager } from 'typeorm';
import { safeErrorFields } from '../../lib/logger';
import type { ServiceDeps } from '../deps';
import type { OrganizationService } from '../organization.service';
import { insertStatements, type BatchStatement, type RecordListener } from '../preflight/record-writer';
import { DAY_MS, dayOf } from '../time';

/**
 * A UTC day is rolled up once it ended this long ago, so checks that started before midnight and
 * commit just after it are in the records before their day is summed.
 */
const SEAL_GRACE_MS = 10 * 60_000;
/** Roll-ups are computed (and committed) this many days at a time. */
const ROLL_CHUNK_DAYS = 31;

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

export const STAT_COLUMNS: Array<keyof DayStats> = [
  'checks_total',
  'allowed',
  'masked',
  'blocked',
  'bytes_processed',
  'bytes_protected',
  'findings_total',
  'prevented_exposures',
];

export const emptyStats = (): DayStats => ({
  checks_total: 0,
  allowed: 0,
  masked: 0,
  blocked: 0,
  bytes_processed: 0,
  bytes_protected: 0,
  findings_total: 0,
  prevented_exposures: 0,
});

type Row = Record<string, unknown>;
const num = (v: unknown): number => (v == null ? 0 : Number(v));

/** Same SQL on SQLite and MySQL: times are epoch ms in BIGINT, a UTC day is floor(ms / 86400000). */
const DAY_EXPR = `FLOOR(created_at / ${DAY_MS})`;

class RollConflict extends Error {}

/** A duplicate primary key on either engine (another replica inserted the row first). */
function isDuplicateKey(err: unknown): boolean {
  const e = err as { code?: string; errno?: number };
  return e.code === 'ER_DUP_ENTRY' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.errno === 1062;
}

/**
 * The analytics roll-up store: per-record finding counts (written with the records), daily
 * roll-ups per organization for sealed UTC days, and the live aggregate of the records after an
 * organization's `rolled_until_day`. Every figure is roll-ups plus live aggregate, so reads cost
 * O(days), not O(records), and always agree with the records.
 */
export class RollupStore {
  private readonly rolling = new Map<string, Promise<number>>();

  constructor(
    private readonly deps: ServiceDeps,
    orgs: OrganizationService,
  ) {
    orgs.registerOwned(async (em, orgId) => {
      for (const t of ['preflight_finding_counts', 'analytics_daily', 'analytics_daily_findings', 'analytics_rollup_state']) {
        await em.query(`DELETE FROM ${t} WHERE org_id = ?`, [orgId]);
      }
    });
  }

  /**
   * Written with every batch of records, in its transaction (a record listener of the record
   * writer): each record's finding counts (for SQL breakdowns) and, for a record dated on a day
   * that may already be rolled up (a back-fill or a check that straddled midnight), that day sent
   * back to the live side (mark moved back, generation bumped so a concurrent roll conflicts).
   */
  readonly recordListener: RecordListener = {
    name: 'analytics-finding-counts',
    writesFor: async (records) => {
      const rows: unknown[][] = [];
      const statements: BatchStatement[] = [];
      const today = dayOf(this.deps.now().getTime());
      const sendBack = new Map<string, number>();
      for (const record of records) {
        const createdAt = record.createdAt.getTime();
        for (const [type, n] of Object.entries(record.findingCounts ?? {})) {
          if (Number(n) > 0) rows.push([record.id, type, record.orgId, Number(n), createdAt]);
        }
        const day = dayOf(createdAt);
        if (day < today) sendBack.set(record.orgId, Math.min(day, sendBack.get(record.orgId) ?? day));
      }
      const ignore = this.deps.ds.options.type === 'mysql' ? 'INSERT IGNORE' : 'INSERT OR IGNORE';
      for (const [orgId, day] of sendBack) {
        // No state yet: an initial roll may be running; a row at 0 (nothing rolled) makes it conflict.
        statements.push({ sql: `${ignore} INTO analytics_rollup_state (org_id, rolled_until_day, generation) VALUES (?, 0, 0)`, params: [orgId] });
        statements.push({
          sql:
            'UPDATE analytics_rollup_state SET rolled_until_day = CASE WHEN rolled_until_day > ? THEN ? ELSE rolled_until_day END, ' +
            'generation = generation + 1 WHERE org_id = ?',
          params: [day, day, orgId],
        });
      }
      return { inserts: [{ table: 'preflight_finding_counts', columns: ['preflight_id', 'finding_type', 'org_id', 'finding_count', 'created_at'], rows }], statements };
    },
  };

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

  /** Days before this one are sealed (ended at least SEAL_GRACE_MS ago). */
  sealedUntil(): number {
    return dayOf(this.deps.now().getTime() - SEAL_GRACE_MS);
  }

  /** Per-day figures of [fromDay, toDay): roll-ups below the rolled mark, live aggregate above it. */
  async dailyStats(orgId: string, fromDay: number, toDay: number): Promise<Map<number, DayStats>> {
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

  async findingCounts(orgId: string, fromDay: number, toDay: number): Promise<Map<string, number>> {
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

  /** The organization's roll-up mark, rolling sealed days first when behind (0 when nothing is rolled). */
  async rolledUntil(orgId: string): Promise<number> {
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
  async rolledUntilAll(): Promise<number> {
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
            .catch((err) => {
              throw isDuplicateKey(err) ? new RollConflict() : err;
            });
        }
      });
      mark = end;
      exists = true;
      start = end;
    } while (start < until);
    return mark;
  }
  async liveCount(orgId: string | null, fromMs: number, toMs: number | null): Promise<number> {
    if (toMs !== null && toMs <= fromMs) return 0;
    const conds = [...(orgId ? ['org_id = ?'] : []), 'created_at >= ?', ...(toMs !== null ? ['created_at < ?'] : [])];
    const params = [...(orgId ? [orgId] : []), fromMs, ...(toMs !== null ? [toMs] : [])];
    const [row] = await this.deps.ds.query(`SELECT COUNT(*) AS n FROM preflight_records WHERE ${conds.join(' AND ')}`, params);
    return num(row?.n);
  }
}

/** Multi-row INSERT with positional parameters: the same SQL on SQLite and MySQL. */
export async function insertRows(em: EntityManager, table: string, columns: string[], rows: unknown[][]): Promise<void> {
  for (const [sql, params] of insertStatements([{ table, columns, rows }])) await em.query(sql, params);
}

async function affected(em: EntityManager, sql: string, params: unknown[]): Promise<number> {
  if (!em.queryRunner) throw new Error('affected() needs a transactional entity manager');
  const r = await em.queryRunner.query(sql, params, true);
  return r.affected ?? 0;
}
