/**
 * Finding-by-finding comparison of this build of the engine with another build (another
 * checkout's compiled `dist`), for speed changes that must not change what is found: both
 * passes, and each contextual detector's own findings before overlap resolution, on the first MB
 * of the three throughput texts (bench/throughput.ts). Prints counts, offsets, types and scores
 * of differing findings only, never values. Exits 1 when anything differs.
 *
 * With `--runs N` it then times both builds in this one process, alternately (A B B A ...), so
 * that both see the same load: CPU time of the local pass, of the full pass and of the contextual detectors alone,
 * median of the runs after two warm-up rounds, with the load average.
 *
 *   npx tsc -p tsconfig.json
 *   node dist/bench/compare-engines.js --old /path/to/other/checkout/dist [--mb 1] [--text mixed,dense,real,records] [--runs 8]
 */
import * as os from 'os';
import * as path from 'path';
import { lowerSameLength, scan } from '../src/detection/engine';
import { contextualDetectors } from '../src/detection/contextual';
import { endScan } from '../src/detection/contextual/shared';
import type { ContextualDetector, DetectContext, Finding } from '../src/detection/types';
import { denseText, mixedText, recordsText } from './corpus';
import { realText } from './real-text';
import { median, numberArg } from './stats';

interface Build {
  scan: typeof scan;
  detectors: ContextualDetector[];
  /** Ends a scan's shared detector state as the engine's contextual pass does (builds that have it). */
  endScan?: (ctx: DetectContext) => void;
}

function key(f: Finding): string {
  return `${f.start}-${f.end} ${f.type} ${f.score} ${f.recognizer}`;
}

/** Number of findings in `a` that `b` lacks and the reverse, with the first few of each (no values). */
function diff(a: Finding[], b: Finding[]): { onlyOld: string[]; onlyNew: string[] } {
  const inB = new Set(b.map(key));
  const inA = new Set(a.map(key));
  return { onlyOld: a.map(key).filter((k) => !inB.has(k)), onlyNew: b.map(key).filter((k) => !inA.has(k)) };
}

function detectorFindings(build: Build, text: string): Map<string, Finding[]> {
  const ctx = { lower: lowerSameLength(text), findings: build.scan(text, { pass: 'local' }) };
  const out = new Map<string, Finding[]>();
  for (const d of build.detectors) out.set(d.id, d.detect(text, ctx));
  return out;
}

function cpuMs(fn: () => unknown): number {
  const c0 = process.cpuUsage();
  fn();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
}

/** Times both builds alternately on `text`; prints MB/s by CPU time. */
function timeBoth(old: Build, cur: Build, text: string, runs: number): void {
  const bytes = Buffer.byteLength(text, 'utf8') / 1e6;
  const builds = [
    { name: 'old', b: old, local: [] as number[], full: [] as number[], ctx: [] as number[] },
    { name: 'new', b: cur, local: [] as number[], full: [] as number[], ctx: [] as number[] },
  ];
  for (let r = 0; r < runs + 2; r++) {
    for (const t of r % 2 ? builds.slice().reverse() : builds) {
      const local = cpuMs(() => t.b.scan(text, { pass: 'local' }));
      const full = cpuMs(() => t.b.scan(text, { pass: 'full' }));
      const ctx = cpuMs(() => {
        const c = { lower: '', findings: [] };
        for (const d of t.b.detectors) d.detect(text, c);
        // As the engine does after its contextual pass: the scan's token arrays go to the next scan.
        t.b.endScan?.(c);
      });
      if (r >= 2) {
        t.local.push(local);
        t.full.push(full);
        t.ctx.push(ctx);
      }
    }
  }
  const rate = (ms: number) => (bytes / (ms / 1000)).toFixed(1);
  for (const t of builds) {
    const l = median(t.local);
    const f = median(t.full);
    const c = median(t.ctx);
    console.log(`  ${t.name}: local pass ${l.toFixed(1)} ms (${rate(l)} MB/s), full pass ${f.toFixed(0)} ms (${rate(f)} MB/s), contextual detectors ${c.toFixed(0)} ms (${rate(c)} MB/s), CPU time`);
  }
  console.log(`  load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
}

function main(): void {
  const oldArg = process.argv.indexOf('--old');
  if (oldArg < 0) throw new Error('usage: compare-engines.js --old /path/to/other/dist [--mb 1] [--text mixed,dense,real]');
  const oldDist = path.resolve(process.argv[oldArg + 1]);
  const old: Build = {
    scan: require(path.join(oldDist, 'src/detection')).scan,
    detectors: require(path.join(oldDist, 'src/detection/contextual')).contextualDetectors,
    endScan: require(path.join(oldDist, 'src/detection/contextual/shared')).endScan,
  };
  const cur: Build = { scan, detectors: contextualDetectors, endScan };
  const mb = numberArg('mb', 1);
  const textArg = process.argv.indexOf('--text');
  const wanted = textArg >= 0 ? process.argv[textArg + 1].split(',') : ['mixed', 'dense', 'real'];
  const builders: Record<string, (bytes: number) => string> = { mixed: mixedText, dense: denseText, real: realText, records: recordsText };
  let differing = 0;
  const report = (label: string, a: Finding[], b: Finding[]): void => {
    const d = diff(a, b);
    const same = d.onlyOld.length === 0 && d.onlyNew.length === 0 && a.length === b.length;
    if (!same) differing++;
    console.log(`  ${label.padEnd(26)} old ${String(a.length).padStart(6)}  new ${String(b.length).padStart(6)}  ${same ? 'identical' : `DIFFER: ${d.onlyOld.length} only old, ${d.onlyNew.length} only new`}`);
    for (const k of d.onlyOld.slice(0, 5)) console.log(`      only old: ${k}`);
    for (const k of d.onlyNew.slice(0, 5)) console.log(`      only new: ${k}`);
  };
  for (const name of wanted) {
    const text = builders[name](mb * 1_000_000);
    console.log(`${name}: ${(Buffer.byteLength(text, 'utf8') / 1e6).toFixed(2)} MB`);
    for (const pass of ['local', 'full'] as const) report(`${pass} pass`, old.scan(text, { pass }), cur.scan(text, { pass }));
    const a = detectorFindings(old, text);
    const b = detectorFindings(cur, text);
    for (const [id, found] of a) report(`detector ${id}`, found, b.get(id) ?? []);
    for (const id of b.keys()) if (!a.has(id)) report(`detector ${id}`, [], b.get(id)!);
  }
  console.log(differing === 0 ? '\nall findings identical' : `\n${differing} comparisons differ`);
  const runs = numberArg('runs', 0);
  if (runs > 0) {
    for (const name of wanted) {
      console.log(`\ntiming ${name}, ${mb} MB, ${runs} runs per build (after two warm-up rounds):`);
      timeBoth(old, cur, builders[name](mb * 1_000_000), runs);
    }
  }
  process.exitCode = differing === 0 ? 0 : 1;
}

main();
