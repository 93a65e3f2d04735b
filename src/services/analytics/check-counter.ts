import type { ServiceDeps } from '../deps';
import { DAY_MS } from '../time';
import type { RollupStore } from './rollup-store';

/** Record counts for the audit log's totals, from the roll-ups where whole sealed days allow. */
export class CheckCounter {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly rollups: RollupStore,
  ) {}

  /**
   * Number of records of one organization (or all, for null) created in [fromMs, toMs); roll-ups
   * answer the whole sealed days inside the range, the records the rest. Used for audit totals.
   */
  async countChecks(orgId: string | null, fromMs: number, toMs: number | null): Promise<number> {
    const rolled = orgId ? await this.rollups.rolledUntil(orgId) : await this.rollups.rolledUntilAll();
    const firstWholeDay = Math.ceil(fromMs / DAY_MS);
    const endWholeDay = Math.min(toMs === null ? Infinity : Math.floor(toMs / DAY_MS), rolled);
    if (firstWholeDay >= endWholeDay) return this.rollups.liveCount(orgId, fromMs, toMs);
    const orgCond = orgId ? 'org_id = ? AND ' : '';
    const params = orgId ? [orgId] : [];
    const [rolledSum] = await this.deps.ds.query(
      `SELECT SUM(checks_total) AS n FROM analytics_daily WHERE ${orgCond}day_number >= ? AND day_number < ?`,
      [...params, firstWholeDay, endWholeDay],
    );
    const before = fromMs < firstWholeDay * DAY_MS ? await this.rollups.liveCount(orgId, fromMs, firstWholeDay * DAY_MS) : 0;
    const after = await this.rollups.liveCount(orgId, endWholeDay * DAY_MS, toMs);
    return Number(rolledSum?.n ?? 0) + before + after;
  }
}
