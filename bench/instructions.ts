/**
 * Machine instructions one scan executes (local pass, or full with `--pass full`), counted by valgrind's callgrind: a speed
 * figure that the load of a shared machine does not move. On two busy vCPUs the CPU time of a
 * scan moves by 5-10 % from run to run, so a change worth 0.5-3 % cannot be told from noise by
 * timing; this count repeats to within 0.05 %. It is a proxy (cache misses and branch
 * mispredictions cost time, not instructions): confirm a real gain with compare-engines.
 *
 *   npx tsc -p tsconfig.json
 *   node dist/bench/instructions.js [--old /path/to/other/checkout/dist] [--text dense|mixed|real|records] [--pass local|full] [--kb 500] [--warm 10] [--runs 2] [--top 0]
 *
 * Each build runs in its own node under valgrind, single-threaded (TurboFan compiles on the main
 * thread, so its work is counted apart and left out): `--warm` scans first, with
 * instrumentation off, then `--runs` scans counted (switched on and off by callgrind_control).
 * `--top N` names the N costliest functions (JIT code by node's perf map; regexes by their
 * source, cut short); a few interpreted or baseline functions show up that are optimized in a
 * normal run. Needs valgrind (callgrind) on the PATH; prints counts and names only.
 */
import { execFileSync, execSync, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { denseText, mixedText, recordsText } from './corpus';
import { realText } from './real-text';
import { numberArg } from './stats';

const TEXTS: Record<string, (bytes: number) => string> = { mixed: mixedText, dense: denseText, real: realText, records: recordsText };

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}

/** Under valgrind: warm-up scans, then the counted ones between two callgrind_control calls. */
function child(dist: string, text: string, bytes: number, warm: number, runs: number, pass: 'local' | 'full'): void {
  const { scan } = require(path.join(dist, 'src/detection')) as typeof import('../src/detection');
  const t = TEXTS[text](bytes);
  for (let i = 0; i < warm; i++) scan(t, { pass });
  execSync(`callgrind_control -i on ${process.pid}`, { stdio: 'ignore' });
  for (let i = 0; i < runs; i++) scan(t, { pass });
  execSync(`callgrind_control -i off ${process.pid}`, { stdio: 'ignore' });
}

interface Count {
  total: number;
  compiler: number;
  top: [string, number][];
}

/** Runs `dist` under callgrind; the instructions counted, those of the optimizing compiler, and the costliest functions. */
function measure(dist: string, text: string, bytes: number, warm: number, runs: number, top: number, pass: string): Count {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'instructions-'));
  const out = path.join(dir, 'callgrind.out');
  const nodeArgs = ['--single-threaded', ...(top > 0 ? ['--perf-basic-prof'] : []), __filename, '--child', dist, text, String(bytes), String(warm), String(runs), pass];
  const run = spawnSync('valgrind', ['--tool=callgrind', `--callgrind-out-file=${out}`, '--instr-atstart=no', process.execPath, ...nodeArgs], {
    stdio: ['ignore', 'ignore', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
  const pid = /==(\d+)==/.exec(run.stderr.toString())?.[1];
  if (run.status !== 0 || !fs.existsSync(out)) {
    // The child's own error (valgrind's lines start with ==pid==): a missing build or corpus.
    const said = run.stderr.toString().split('\n').filter((l) => l.trim() !== '' && !l.startsWith('=='));
    throw new Error(`valgrind failed (status ${run.status}): ${said.slice(0, 3).join(' | ')}`);
  }
  const listing = execFileSync('callgrind_annotate', ['--threshold=100', out], { maxBuffer: 256 * 1024 * 1024 }).toString();
  const map = pid !== undefined && top > 0 ? perfMap(`/tmp/perf-${pid}.map`) : null;
  let total = 0;
  let compiler = 0;
  const byName = new Map<string, number>();
  for (const line of listing.split('\n')) {
    const m = /^\s*([\d,]+)\s+\([^)]*\)\s+(.*)$/.exec(line);
    if (!m) continue;
    const ir = Number(m[1].replace(/,/g, ''));
    if (m[2].includes('PROGRAM TOTALS')) {
      total = ir;
      continue;
    }
    if (/compiler::|turboshaft|maglev::/.test(m[2])) compiler += ir;
    else if (map) {
      const name = nameOf(m[2], map);
      byName.set(name, (byName.get(name) ?? 0) + ir);
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
  if (pid !== undefined) fs.rmSync(`/tmp/perf-${pid}.map`, { force: true });
  return { total, compiler, top: [...byName].sort((a, b) => b[1] - a[1]).slice(0, top) };
}

interface PerfMap {
  starts: number[];
  ends: number[];
  names: string[];
}

/** Node's perf map: JIT code ranges and their names, sorted by address. */
function perfMap(file: string): PerfMap {
  const rows = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n') : [];
  const entries = rows
    .map((r) => /^([0-9a-f]+) ([0-9a-f]+) (.*)$/.exec(r))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ start: parseInt(m[1], 16), end: parseInt(m[1], 16) + parseInt(m[2], 16), name: m[3] }))
    .sort((a, b) => a.start - b.start);
  return { starts: entries.map((e) => e.start), ends: entries.map((e) => e.end), names: entries.map((e) => e.name) };
}

/** A callgrind function name, with JIT code named from the perf map; file paths and long regex sources cut. */
function nameOf(fn: string, map: PerfMap): string {
  const addr = /^\?\?\?:0x([0-9a-f]+)/.exec(fn);
  let name = fn.replace(/\s*\[[^\]]*\]$/, '').replace(/^\?\?\?:/, '');
  if (addr) {
    const a = parseInt(addr[1], 16);
    let lo = 0;
    let hi = map.starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (map.starts[mid] <= a) lo = mid + 1;
      else hi = mid;
    }
    name = lo > 0 && a < map.ends[lo - 1] ? map.names[lo - 1] : 'JIT code (unnamed)';
  }
  return name.replace(/\S*\/(src|bench)\//, '$1/').slice(0, 100);
}

function main(): void {
  if (process.argv[2] === '--child') {
    const [dist, text, bytes, warm, runs, pass] = process.argv.slice(3);
    child(dist, text, Number(bytes), Number(warm), Number(runs), pass === 'full' ? 'full' : 'local');
    return;
  }
  if (spawnSync('valgrind', ['--version']).status !== 0) {
    console.error('valgrind is not installed: this bench needs callgrind');
    process.exit(1);
  }
  const text = arg('text', 'dense');
  const bytes = numberArg('kb', 500) * 1000;
  const warm = numberArg('warm', 10);
  const runs = numberArg('runs', 2);
  const top = numberArg('top', 0);
  const old = arg('old', '');
  const pass = arg('pass', 'local') === 'full' ? 'full' : 'local';
  const builds: [string, string][] = [['new', path.resolve(__dirname, '..')]];
  if (old) builds.unshift(['old', path.resolve(old)]);
  console.log(`${text}, ${bytes / 1000} KB, ${runs} counted scans after ${warm} warm-up scans (${pass} pass); millions of instructions per MB`);
  const counts: number[] = [];
  for (const [label, dist] of builds) {
    const c = measure(dist, text, bytes, warm, runs, top, pass);
    const mb = (runs * bytes) / 1e6;
    const work = (c.total - c.compiler) / mb;
    counts.push(work);
    console.log(`  ${label}: ${(work / 1e6).toFixed(1)} M/MB (TurboFan, left out: ${(c.compiler / mb / 1e6).toFixed(1)} M/MB)`);
    for (const [name, ir] of c.top) console.log(`    ${((100 * ir) / (c.total - c.compiler)).toFixed(1).padStart(5)} %  ${name}`);
  }
  if (counts.length === 2) console.log(`  new / old: ${(counts[1] / counts[0]).toFixed(4)}`);
}

main();
