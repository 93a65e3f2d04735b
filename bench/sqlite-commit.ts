/**
 * What one group commit costs on this disk, by SQLite `synchronous` mode (the record writer's
 * PREFLIGHT_SQLITE_SYNCHRONOUS): transactions of BENCH_ROWS (12, about the batch at 32
 * connections) rows of about 1 KB in a WAL database in a temporary directory, FULL and NORMAL
 * alternating in blocks of 100 (so both see the same disk weather), a PASSIVE checkpoint every
 * 200 ms as the checkpointer thread does. Prints mean, p50, p90, p99, p99.9 and max per mode.
 *
 *   node dist/bench/sqlite-commit.js            # BENCH_COMMITS=2000 per mode
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';

const COMMITS = Number(process.env.BENCH_COMMITS ?? 2000);
const ROWS = Number(process.env.BENCH_ROWS ?? 12);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'preflight-commit-bench-'));
const file = path.join(dir, 'bench.sqlite');
const db = new Database(file);
db.pragma('journal_mode = WAL');
db.pragma('wal_autocheckpoint = 0');
db.exec('CREATE TABLE r (id TEXT PRIMARY KEY, org TEXT, body TEXT, created INTEGER)');
const checkpointer = new Database(file);
const insert = db.prepare('INSERT INTO r VALUES (?, ?, ?, ?)');
const body = 'x'.repeat(1000);
let n = 0;
const batch = db.transaction(() => {
  for (let i = 0; i < ROWS; i++) insert.run(`r${n++}`, 'org', body, Date.now());
});
let lastCheckpoint = performance.now();
const times: Record<'FULL' | 'NORMAL', number[]> = { FULL: [], NORMAL: [] };
for (let block = 0; times.NORMAL.length < COMMITS; block++) {
  const mode = block % 2 === 0 ? 'FULL' : 'NORMAL';
  db.pragma(`synchronous = ${mode}`);
  for (let i = 0; i < 100; i++) {
    const t = performance.now();
    batch.immediate();
    times[mode].push(performance.now() - t);
    if (performance.now() - lastCheckpoint > 200) {
      checkpointer.pragma('wal_checkpoint(PASSIVE)');
      lastCheckpoint = performance.now();
    }
  }
}
/**
 * The wait for its record of a check that arrives at a random moment while commits follow each
 * other without a gap (the writer under load): the rest of the commit in progress, then the whole
 * next commit, which carries it. A long commit is more likely to be in progress (time-weighted).
 */
function recordWaits(d: number[]): number[] {
  const ends: number[] = [];
  let sum = 0;
  for (const x of d) ends.push((sum += x));
  const waits: number[] = [];
  for (let k = 0; k < 100_000; k++) {
    const at = Math.random() * ends[ends.length - 2];
    let lo = 0;
    let hi = ends.length - 2;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (ends[mid] < at) lo = mid + 1;
      else hi = mid;
    }
    waits.push(ends[lo] - at + d[lo + 1]);
  }
  return waits;
}

const quantiles = (t: number[]) => {
  const s = [...t].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))].toFixed(2);
  return `mean ${(s.reduce((a, b) => a + b, 0) / s.length).toFixed(2)} ms  p50 ${q(0.5)}  p90 ${q(0.9)}  p99 ${q(0.99)}  p99.9 ${q(0.999)}  max ${s[s.length - 1].toFixed(2)} ms`;
};
for (const [mode, t] of Object.entries(times)) {
  console.log(`synchronous=${mode.padEnd(6)} ${t.length} commits of ${ROWS} rows: ${quantiles(t)}  load=${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log(`                    a check's wait for its record, commits back to back: ${quantiles(recordWaits(t))}`);
}
db.close();
checkpointer.close();
fs.rmSync(dir, { recursive: true, force: true });
