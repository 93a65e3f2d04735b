import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { PreflightRecordEntity } from '../../../entities';
import { scanQueueDepth } from '../../scanner/pool';

export type CheckStage = 'admission' | 'detection' | 'record';

/**
 * What an operator watches on the check path: checks by decision, destination and source,
 * findings by type, time per stage, and the scanning pool's queue. Label values are closed sets
 * (decisions, destinations, source types, finding types), never ids or content.
 */
export function createCheckMetrics(registry: Registry) {
  const get = <T>(name: string, make: () => T): T => (registry.getSingleMetric(name) as T | undefined) ?? make();
  const checks = get(
    'preflight_checks_total',
    () =>
      new Counter({
        name: 'preflight_checks_total',
        help: 'Preflight checks answered, by decision, destination and source type',
        labelNames: ['decision', 'destination', 'source'] as const,
        registers: [registry],
      }),
  );
  const findings = get(
    'preflight_findings_total',
    () => new Counter({ name: 'preflight_findings_total', help: 'Findings in answered checks, by finding type', labelNames: ['type'] as const, registers: [registry] }),
  );
  const stages = get(
    'preflight_check_stage_seconds',
    () =>
      new Histogram({
        name: 'preflight_check_stage_seconds',
        help: 'Time a check spends in admission (credential, license, limits), detection (scan, decision, masking) and record (group commit)',
        labelNames: ['stage'] as const,
        buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
        registers: [registry],
      }),
  );
  get(
    'preflight_scan_queue_depth',
    () =>
      new Gauge({
        name: 'preflight_scan_queue_depth',
        help: 'Scans waiting for a thread of the scanning pool',
        registers: [registry],
        collect() {
          this.set(scanQueueDepth());
        },
      }),
  );
  // Children per label set, looked up once: prom-client hashes a labels object on every call.
  const stageChild = children((stage: string) => stages.labels(stage));
  const checkChild = children((decision: string, destination: string, source: string) => checks.labels(decision, destination, source));
  const findingChild = children((type: string) => findings.labels(type));
  return {
    stage(stage: CheckStage, startedMs: number): void {
      stageChild(stage).observe((performance.now() - startedMs) / 1000);
    },
    checked(record: PreflightRecordEntity, counts: ReadonlyMap<string, number>): void {
      checkChild(record.decision, record.destination, record.sourceType).inc();
      for (const [type, n] of counts) findingChild(type).inc(n);
    },
  };
}
/**
 * A metric's children by label values, made once per label set. Label values here are closed sets
 * (see createCheckMetrics), so the map stays small.
 */
export function children<A extends string[], C>(make: (...values: A) => C): (...values: A) => C {
  const made = new Map<string, C>();
  return (...values: A): C => {
    const key = values.join('\u0000');
    let c = made.get(key);
    if (c === undefined) {
      c = make(...values);
      made.set(key, c);
    }
    return c;
  };
}

export type CheckMetrics = ReturnType<typeof createCheckMetrics>;
