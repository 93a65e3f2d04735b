import { z } from 'zod';
import { findingTypes, labelFor } from '../detection';
import type { ServiceDeps } from './deps';
import type { OrganizationService } from './organization.service';
import type { Principal } from './principal';
import { parseInput } from './validation';
import { dayOf, dateOfDay } from './time';
import { emptyStats, STAT_COLUMNS, type RollupStore } from './analytics/rollup-store';
import { CheckCounter } from './analytics/check-counter';
import type { AnalyticsView, TimeSeriesView, TimeSeriesPoint, FindingTypeView, DetectionBreakdownView } from './views';

/** Analytics periods (docs/api-contract.md#resources): whole UTC days ending today. */
export const PERIOD_DAYS = { '7d': 7, '30d': 30, '90d': 90 } as const;
export type Period = keyof typeof PERIOD_DAYS;

export const analyticsQuerySchema = z.strictObject({
  period: z.enum(['7d', '30d', '90d'], { error: 'must be one of 7d, 30d, 90d' }).default('30d'),
});
export type AnalyticsQueryInput = z.input<typeof analyticsQuerySchema>;

const round1 = (v: number): number => Math.round(v * 10) / 10;


/**
 * Analytics views of an organization: totals, a zero-filled daily series and the detection
 * breakdown, read from the roll-up store (roll-ups for sealed days plus the live records after
 * them), so reads cost O(days), not O(records), and always agree with the records.
 */
export class AnalyticsService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly orgs: OrganizationService,
    private readonly rollups: RollupStore,
  ) {}

  /** Checks counted this UTC month (the number the monthly allowance is measured against). */
  async monthToDate(p: Principal, org: string): Promise<{ org_id: string; month: string; checks: number }> {
    const o = await this.orgs.resolve(p, org);
    const now = this.deps.now();
    const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
    return { org_id: o.id, month: new Date(start).toISOString().slice(0, 7), checks: await new CheckCounter(this.deps, this.rollups).countChecks(o.id, start, null) };
  }

  /** Organization analytics for 7d, 30d or 90d (default 30d). */
  async organization(p: Principal, org: string, input: unknown = {}): Promise<AnalyticsView> {
    const o = await this.orgs.resolve(p, org);
    const { period } = parseInput(analyticsQuerySchema, input);
    const w = this.window(period);
    const days = await this.rollups.dailyStats(o.id, w.fromDay, w.toDay + 1);
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
    const { period } = parseInput(analyticsQuerySchema, input);
    const w = this.window(period);
    const days = await this.rollups.dailyStats(o.id, w.fromDay, w.toDay + 1);
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
    const { period } = parseInput(analyticsQuerySchema, input);
    const w = this.window(period);
    const counts = await this.rollups.findingCounts(o.id, w.fromDay, w.toDay + 1);
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    const types = [...counts]
      .filter(([, n]) => n > 0)
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([type, count]) => ({ type, label: labelFor(type), count, percentage: round1((count / total) * 100) }));
    return { org_id: o.id, period, total_detections: total, types, from_date: dateOfDay(w.fromDay), to_date: dateOfDay(w.toDay) };
  }

  private window(period: Period): { fromDay: number; toDay: number } {
    const today = dayOf(this.deps.now().getTime());
    return { fromDay: today - PERIOD_DAYS[period] + 1, toDay: today };
  }
}
