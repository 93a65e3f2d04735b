/**
 * One check of a text holding very many findings, as a scanning thread runs it (the hostile-files
 * case "a 10 MB text with ~700 k findings"): CPU time of the scan and of `decide` (verdicts,
 * masking, counts, summary), the heap each leaves live, and the garbage collector's pauses over the
 * runs. Its GC pauses are what competes with the event loop for the cores while such a check runs.
 *
 *   npx tsc -p tsconfig.json && node --expose-gc dist/bench/many-findings.js [--runs 3] [--mb 10]
 */
import * as os from 'os';
import { PerformanceObserver, constants } from 'perf_hooks';
import { scan } from '../src/detection';
import { decide } from '../src/policy/outcome';
import type { Rule } from '../src/policy/types';
import { median, numberArg } from './stats';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');

const RULES: Rule[] = [
  { id: 'b', name: 'Block secrets', enabled: true, dataTypes: ['SECRETS'], destinations: ['AI_TOOL'], action: 'BLOCK', conditions: [] },
  { id: 'm', name: 'Mask personal data', enabled: true, dataTypes: ['PII', 'FINANCIAL'], destinations: ['AI_TOOL'], action: 'MASK', conditions: [] },
];

/** CPU milliseconds of `fn` and the heap it leaves live (after a full collection), in MB. */
function measure<T>(fn: () => T): { value: T; ms: number; liveMb: number } {
  gc!();
  const heap0 = process.memoryUsage().heapUsed;
  const c0 = process.cpuUsage();
  const value = fn();
  const c = process.cpuUsage(c0);
  gc!();
  return { value, ms: (c.user + c.system) / 1000, liveMb: (process.memoryUsage().heapUsed - heap0) / 1e6 };
}

async function main(): Promise<void> {
  const runs = numberArg('runs', 3);
  const unit = 'id 10.0.0.1 ';
  const text = unit.repeat(Math.floor((numberArg('mb', 10) * 1024 * 1024) / unit.length));
  console.log(`machine: ${os.cpus()[0]?.model ?? 'unknown'} x${os.cpus().length}, node ${process.version}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);

  const pauses: { kind: number; ms: number }[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const { kind, flags } = (e as unknown as { detail: { kind: number; flags: number } }).detail;
      // The bench's own full collections (around each measurement) are not the scan's.
      if (!(flags & constants.NODE_PERFORMANCE_GC_FLAGS_FORCED)) pauses.push({ kind, ms: e.duration });
    }
  });
  const scanMs: number[] = [];
  const decideMs: number[] = [];
  for (let r = 0; r < runs; r++) {
    const s = measure(() => scan(text, { pass: 'full' }));
    if (r === 0) observer.observe({ entryTypes: ['gc'] }); // from the second scan on: the first one builds start-up tables
    const d = measure(() => decide(text, s.value, RULES, { destination: 'AI_TOOL' }, { withSpans: false }));
    scanMs.push(s.ms);
    decideMs.push(d.ms);
    await new Promise((resolve) => setImmediate(resolve)); // lets the observer take this run's entries
    console.log(`run ${r + 1}: ${(text.length / 1e6).toFixed(1)} M chars, ${s.value.length} findings; scan ${s.ms.toFixed(0)} ms CPU (${s.liveMb.toFixed(0)} MB live after), decide ${d.ms.toFixed(0)} ms CPU (${d.liveMb.toFixed(0)} MB live after)`);
  }
  observer.disconnect();
  console.log(`median: scan ${median(scanMs).toFixed(0)} ms, decide ${median(decideMs).toFixed(0)} ms CPU`);
  const kinds: [number, string][] = [
    [constants.NODE_PERFORMANCE_GC_MINOR, 'scavenge'],
    [constants.NODE_PERFORMANCE_GC_MAJOR, 'mark-compact'],
    [constants.NODE_PERFORMANCE_GC_INCREMENTAL, 'incremental marking'],
  ];
  for (const [kind, name] of kinds) {
    const ms = pauses.filter((p) => p.kind === kind).map((p) => p.ms);
    if (ms.length) console.log(`gc ${name}: ${ms.length} pauses after run 1, ${ms.reduce((a, b) => a + b, 0).toFixed(0)} ms in all, longest ${Math.max(...ms).toFixed(0)} ms`);
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
