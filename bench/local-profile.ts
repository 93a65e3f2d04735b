/**
 * Where the local pass spends its time, recognizer by recognizer, on one text (dense by default):
 * the keyword pass, the anchor passes, then each recognizer's CPU time, its placement kind, how
 * many regex executions it made, how many of them matched (candidates) and how many candidates
 * became findings. Counts only, never values.
 *
 *   npx tsc -p tsconfig.json && node dist/bench/local-profile.js [--mb 1] [--runs 20] [--text dense|mixed|real|records] [--top 30]
 *
 * Timing runs and counting runs are separate: executions are counted by wrapping
 * `RegExp.prototype.exec`, which slows every call, in one last scan.
 */
import * as os from 'os';
import { compileRecognizer } from '../src/detection/compile';
import { locate, plan, runRecognizer } from '../src/detection/placement';
import { recognizers } from '../src/detection/recognizers';
import { ScanState } from '../src/detection/scoring';
import type { Finding } from '../src/detection/types';
import { validators } from '../src/detection/validators';
import { denseText, mixedText, recordsText } from './corpus';
import { realText } from './real-text';
import { numberArg } from './stats';

function cpuMs(fn: () => void): number {
  const c0 = process.cpuUsage();
  fn();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
}

function main(): void {
  const mb = numberArg('mb', 1);
  const runs = numberArg('runs', 20);
  const top = numberArg('top', 30);
  const textArg = process.argv.indexOf('--text');
  const name = textArg >= 0 ? process.argv[textArg + 1] : 'dense';
  const builders: Record<string, (bytes: number) => string> = { mixed: mixedText, dense: denseText, real: realText, records: recordsText };
  const text = builders[name](mb * 1_000_000);
  const bytes = Buffer.byteLength(text, 'utf8');
  const compiled = recognizers.map((rec, order) => compileRecognizer(rec, order, validators));
  const p = plan(compiled.filter((c) => c.rec.pass === 'local'));
  const n = p.recs.length;
  const recMs = new Float64Array(n);
  let keywordMs = 0;
  let locateMs = 0;
  const found = new Int32Array(n);
  const scanOnce = (timed: boolean) => {
    const state = new ScanState();
    const out: Finding[] = [];
    let where!: ReturnType<typeof locate>;
    const t = cpuMs(() => (where = locate(text, p)));
    if (timed) locateMs += t;
    for (let r = 0; r < n; r++) {
      const before = out.length;
      const ms = cpuMs(() => runRecognizer(text, p, where, r, state, out));
      if (timed) recMs[r] += ms;
      found[r] = out.length - before;
    }
  };
  scanOnce(false);
  scanOnce(false);
  for (let i = 0; i < runs; i++) {
    scanOnce(true);
    keywordMs += cpuMs(() => p.matcher.scan(text, () => undefined));
  }
  // Counting run: which regex belongs to whom, then every exec counted.
  const owner = new Map<RegExp, number>();
  p.recs.forEach((cr, r) => cr.patterns.forEach((pt) => [pt.re, pt.sticky, pt.indices].forEach((re) => re && owner.set(re, r))));
  const execs = new Float64Array(n + 1);
  const matches = new Float64Array(n + 1);
  // Characters a global regex is set to scan (a whole text or joined windows), per recognizer.
  const scanned = new Float64Array(n + 1);
  const original = RegExp.prototype.exec;
  RegExp.prototype.exec = function (this: RegExp, s: string) {
    const r = owner.get(this) ?? n;
    if (this.global && this.lastIndex === 0) scanned[r] += s.length;
    const m = original.call(this, s);
    execs[r]++;
    if (m !== null) matches[r]++;
    return m;
  };
  try {
    scanOnce(false);
  } finally {
    RegExp.prototype.exec = original;
  }
  const perMb = (x: number) => x / (bytes / 1e6);
  const total = locateMs + recMs.reduce((a, b) => a + b, 0);
  console.log(`${name}: ${(bytes / 1e6).toFixed(2)} MB, ${runs} timed scans; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  console.log(`local pass (without overlap resolution): ${(total / runs).toFixed(1)} ms CPU per scan, ${((bytes / 1e6) / (total / runs / 1000)).toFixed(1)} MB/s`);
  console.log(`  keyword + anchor passes (locate): ${(locateMs / runs).toFixed(2)} ms (${((100 * locateMs) / total).toFixed(1)} %), of which the keyword automaton alone ~${(keywordMs / runs).toFixed(2)} ms`);
  const byKind = new Map<string, { ms: number; execs: number; scanned: number; matches: number; found: number; recs: number }>();
  for (let r = 0; r < n; r++) {
    const kind = p.recs[r].placement.kind + (p.recs[r].placement.kind === 'anchor' && p.recs[r].keywords.length > 0 ? '+window' : '');
    const k = byKind.get(kind) ?? { ms: 0, execs: 0, scanned: 0, matches: 0, found: 0, recs: 0 };
    k.ms += recMs[r];
    k.execs += execs[r];
    k.scanned += scanned[r];
    k.matches += matches[r];
    k.found += found[r];
    k.recs++;
    byKind.set(kind, k);
  }
  console.log('\nby placement kind: ms/scan, % of pass, recognizers, regex execs/MB, characters scanned by global regexes/MB, matches/MB, findings/MB');
  for (const [kind, k] of [...byKind].sort((a, b) => b[1].ms - a[1].ms)) {
    console.log(
      `  ${kind.padEnd(15)} ${(k.ms / runs).toFixed(2).padStart(7)} ${((100 * k.ms) / total).toFixed(1).padStart(5)} % ${String(k.recs).padStart(4)} ` +
        `${perMb(k.execs).toFixed(0).padStart(9)} ${perMb(k.scanned).toFixed(0).padStart(9)} ${perMb(k.matches).toFixed(0).padStart(8)} ${perMb(k.found).toFixed(0).padStart(7)}`,
    );
  }
  console.log(`  (regex execs outside recognizer patterns, i.e. anchors and context words: ${perMb(execs[n]).toFixed(0)}/MB)`);
  console.log(`\ntop ${top} recognizers: ms/scan, % of pass, kind, regex execs/MB, characters scanned/MB, matches/MB, findings/MB`);
  console.log('  (a joined window text is built by the first recognizer that uses it, which is charged for it)');
  const order = [...Array(n).keys()].sort((a, b) => recMs[b] - recMs[a]);
  for (const r of order.slice(0, top)) {
    const cr = p.recs[r];
    console.log(
      `  ${cr.rec.id.padEnd(34)} ${(recMs[r] / runs).toFixed(2).padStart(7)} ${((100 * recMs[r]) / total).toFixed(1).padStart(5)} % ` +
        `${cr.placement.kind.padEnd(10)} ${perMb(execs[r]).toFixed(0).padStart(8)} ${perMb(scanned[r]).toFixed(0).padStart(8)} ${perMb(matches[r]).toFixed(0).padStart(7)} ${perMb(found[r]).toFixed(0).padStart(6)}`,
    );
  }
}

main();
