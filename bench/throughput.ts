/**
 * Throughput of the detection engine, single thread, local and full passes, on three texts of
 * about 10 MB each:
 * - mixed: PII records, secrets snippets, number vectors in sentences and filler prose
 *   (bench/corpus.ts `mixedText`);
 * - dense: PII records, secrets snippets and number sentences only, no filler (`denseText`);
 * - real: real code and prose read in place from this machine (bench/real-text.ts);
 * - records (only when asked for with `--text`): the Presidio synthetic PII records alone,
 *   repeated (`recordsText`), to check that a speed-up is not tuned to the dense text.
 *
 *   npx tsc -p tsconfig.json && node dist/bench/throughput.js [--mb 10] [--runs 5] [--text mixed,dense,real,records]
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof dist/bench/throughput.js --runs 1   # profile
 *
 * MB/s counts 10^6 bytes of UTF-8 input per second; each figure is the median of the runs after
 * two warm-up scans per pass, so it is the steady state of a running service. Two figures per
 * pass: wall clock, and CPU time of this process (user + system). Beside them, a bare
 * `charCodeAt` loop over the same text, timed in the same run, is the floor of any per-character
 * work in JavaScript: on a shared machine the ratio to it ("x baseline") moves far less than the
 * absolute figures, so it is printed too, with the load average. Only counts per finding type
 * are printed, never values.
 */
import * as os from 'os';
import { scan } from '../src/detection';
import { denseText, mixedText, recordsText } from './corpus';
import { realText } from './real-text';
import { median, numberArg } from './stats';

const TARGETS = { local: 50, full: 15 };

/** The floor: one pass reading every UTF-16 unit, as the keyword matcher does. */
function baseline(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (h + text.charCodeAt(i)) | 0;
  return h;
}

function timeIt(runs: number, fn: () => unknown): { wall: number[]; cpu: number[]; last: unknown } {
  const wall: number[] = [];
  const cpu: number[] = [];
  let last: unknown;
  for (let r = 0; r < runs; r++) {
    const start = process.hrtime.bigint();
    const cpu0 = process.cpuUsage();
    last = fn();
    const c = process.cpuUsage(cpu0);
    wall.push(Number(process.hrtime.bigint() - start) / 1e6);
    cpu.push((c.user + c.system) / 1000);
    if (wall[wall.length - 1] > 20_000) break;
  }
  return { wall, cpu, last };
}

function main(): void {
  const mb = numberArg('mb', 10);
  const runs = Math.max(1, Math.min(9, numberArg('runs', 5)));
  const textArg = process.argv.indexOf('--text');
  const wanted = textArg >= 0 ? process.argv[textArg + 1].split(',') : ['mixed', 'dense', 'real'];
  const builders: Record<string, (bytes: number) => string> = { mixed: mixedText, dense: denseText, real: realText, records: recordsText };
  console.log(`machine: ${os.cpus()[0]?.model ?? 'unknown'} x${os.cpus().length}, node ${process.version}`);
  const summary: string[] = [];
  for (const name of wanted) {
    const text = builders[name](mb * 1_000_000);
    const bytes = Buffer.byteLength(text, 'utf8');
    const rate = (ms: number) => bytes / 1e6 / (ms / 1000);
    console.log(`\n${name}: ${(bytes / 1e6).toFixed(2)} MB (${text.length} UTF-16 units); load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    baseline(text);
    const base = timeIt(runs, () => baseline(text));
    const baseMs = median(base.cpu);
    console.log(`  charCodeAt baseline: ${rate(median(base.wall)).toFixed(0)} MB/s wall, ${rate(baseMs).toFixed(0)} MB/s CPU (${baseMs.toFixed(1)} ms)`);
    for (const pass of ['local', 'full'] as const) {
      scan(text, { pass });
      scan(text, { pass });
      const t = timeIt(runs, () => scan(text, { pass }));
      const wall = rate(median(t.wall));
      const cpu = rate(median(t.cpu));
      const verdict = (r: number) => (r >= TARGETS[pass] ? 'meets' : 'BELOW');
      const counts: Record<string, number> = {};
      for (const f of t.last as { type: string }[]) counts[f.type] = (counts[f.type] ?? 0) + 1;
      console.log(
        `  ${pass.padEnd(5)} pass: ${wall.toFixed(1)} MB/s wall (${t.wall.map((x) => x.toFixed(0)).join(', ')} ms), ` +
          `${cpu.toFixed(1)} MB/s CPU (${t.cpu.map((x) => x.toFixed(0)).join(', ')} ms), ${(median(t.cpu) / baseMs).toFixed(0)}x baseline; ` +
          `${verdict(cpu)} the ${TARGETS[pass]} MB/s target by CPU time`,
      );
      const top = Object.entries(counts).sort((a, b) => b[1] - a[1]);
      console.log(`         findings: ${top.map(([ty, n]) => `${ty}=${n}`).join(' ')}`);
      summary.push(`${name.padEnd(5)} ${pass.padEnd(5)} ${cpu.toFixed(1).padStart(6)} MB/s CPU  ${wall.toFixed(1).padStart(6)} MB/s wall  ${verdict(cpu)} ${TARGETS[pass]}`);
    }
  }
  console.log(`\nsummary (load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}):`);
  for (const line of summary) console.log(`  ${line}`);
}

main();
