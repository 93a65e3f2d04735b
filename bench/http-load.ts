/**
 * The check path under HTTP load: the real service (`dist/src/main.js`, or several processes with
 * PREFLIGHT_API_PROCESSES) answering POST /api/preflight/text, driven by wrk on the same machine.
 *
 *   npm run bench:http
 *   DATABASE_URL=mysql://root@127.0.0.1:3306/test REDIS_URL=redis://127.0.0.1:6379 npm run bench:http
 *
 * SQLite in a temporary data directory by default; DATABASE_URL (a fresh database is created on
 * that server and dropped afterwards) and REDIS_URL are honoured. Creates an organization and a
 * two-rule policy, then runs wrk (/usr/bin/wrk, or BENCH_WRK) for BENCH_SECONDS (default 10) at
 * 1, 8 and 32 connections (BENCH_CONNECTIONS) with a 2 KB and a 20 KB text, and prints checks/s,
 * p50/p90/p99, the server's CPU time per check (every thread; a figure a busy machine disturbs
 * less than throughput), non-200 answers and, at the end, how many records were stored. Loop counts and
 * time are bounded; only 127.0.0.1 is addressed. The server gets the node flags of `npm start`;
 * BENCH_NODE_ARGS passes more node flags to it
 * (`--cpu-prof --cpu-prof-dir=/tmp/prof` writes a CPU profile when it stops); BENCH_PORT fixes its port.
 */
import http from 'node:http';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import Database from 'better-sqlite3';
import { freshMysqlDatabase } from '../test/support/app';

const WRK = process.env.BENCH_WRK ?? '/usr/bin/wrk';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '1,8,32').split(',').map(Number);
const SIZES_KB = (process.env.BENCH_SIZES_KB ?? '2,20').split(',').map(Number);
/** The node flags `npm start` gives the service (package.json's start script): the bench runs it as users do. */
const START_ARGS = (JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8')).scripts.start as string)
  .split(' ')
  .filter((word) => word.startsWith('--'));
/** Extra node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile under load. */
const NODE_ARGS = [...START_ARGS, ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean)];
const ADMIN_KEY = 'bench-operator-key-0123456789';

/** A support ticket with an e-mail address and a phone number, repeated to the wanted size. */
function ticket(bytes: number): string {
  const para =
    'Hello support team, my order #48213 arrived damaged and the replacement never shipped. ' +
    'Please call me back at +1 415 555 0134 or write to jane.doe@example.com, I am available ' +
    'most afternoons. The tracking page has shown "label created" for nine days now, and the ' +
    'chat assistant keeps closing my ticket without an answer. I would like a refund or a new ' +
    'unit sent with express shipping; the invoice number is INV-2026-00731. Thanks, Jane.\n';
  let s = '';
  while (s.length < bytes) s += para;
  return s.slice(0, bytes);
}

async function freshEnv(): Promise<{ env: Record<string, string>; dataDir: string; count(): Promise<number>; drop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'preflight-http-bench-'));
  const env: Record<string, string> = {
    PREFLIGHT_DATA_DIR: dataDir,
    PREFLIGHT_ADMIN_KEY: ADMIN_KEY,
    PREFLIGHT_LOG_LEVEL: 'warn',
    PREFLIGHT_TRIAL_MAX_CHECKS: '100000000',
    PREFLIGHT_RATE_LIMIT_POLICY_PER_MINUTE: '100000000',
    PREFLIGHT_RATE_LIMIT_ORG_PER_MINUTE: '100000000',
    PREFLIGHT_QUEUE_PREFIX: `pfbench${crypto.randomBytes(3).toString('hex')}`,
  };
  if (process.env.REDIS_URL) env.REDIS_URL = process.env.REDIS_URL;
  if (!process.env.DATABASE_URL) {
    return {
      env,
      dataDir,
      async count() {
        const db = new Database(path.join(dataDir, 'preflight.sqlite'), { readonly: true });
        try {
          return Number((db.prepare('SELECT COUNT(*) AS n FROM preflight_records').get() as { n: number }).n);
        } finally {
          db.close();
        }
      },
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const db = await freshMysqlDatabase(process.env.DATABASE_URL);
  env.DATABASE_URL = db.url;
  return {
    env,
    dataDir,
    async count() {
      const d = await mysql.createConnection(db.url);
      try {
        const [rows] = await d.query('SELECT COUNT(*) AS n FROM preflight_records');
        return Number((rows as Array<{ n: number }>)[0].n);
      } finally {
        await d.end();
      }
    },
    async drop() {
      await db.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function startServer(env: Record<string, string>, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...NODE_ARGS, path.join(__dirname, '..', 'src', 'main.js')], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false);
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error('server did not answer /healthz within 60 s');
}

/** User + system time in ms from the fields of a /proc stat line after the command name (clock ticks, 100 per second). */
const ticksMs = (fields: string[], user: number, system: number) => ((Number(fields[user]) + Number(fields[system])) * 1000) / 100;

/** CPU time of the main thread (the event loop) of a process, in ms: the figure that bounds one process's throughput. */
function mainThreadCpuMs(pid: number | undefined): number {
  try {
    return ticksMs(fs.readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8').split(') ')[1].split(' '), 11, 12);
  } catch {
    return 0;
  }
}

/**
 * CPU time (ms) of each thread of one process, summed by thread name: the main thread as
 * `event loop`, the service's own threads by the names they give themselves (src/lib/thread-name.ts:
 * pf-scan-small, pf-scan, pf-record-write, pf-checkpoint), every other thread (V8's platform
 * threads: the parallel and concurrent garbage collector, compiler; libuv's pool) as `V8+libuv`.
 */
function threadCpuMs(pid: number | undefined): Map<string, number> {
  const byName = new Map<string, number>();
  let tids: string[] = [];
  try {
    tids = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return byName;
  }
  for (const tid of tids) {
    try {
      const comm = fs.readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
      const ms = ticksMs(fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1].split(' '), 11, 12);
      const name = tid === String(pid) ? 'event loop' : comm.startsWith('pf-') ? comm.slice(3) : 'V8+libuv';
      byName.set(name, (byName.get(name) ?? 0) + ms);
    } catch {
      // the thread ended meanwhile
    }
  }
  return byName;
}

/** Per-check CPU of each thread group between two threadCpuMs snapshots, largest first. */
function threadSplit(a: Map<string, number>, b: Map<string, number>, checks: number): string {
  return [...b.entries()]
    .map(([name, ms]): [string, number] => [name, (ms - (a.get(name) ?? 0)) / checks])
    .sort((x, y) => y[1] - x[1])
    .map(([name, ms]) => `${name} ${ms.toFixed(3)}`)
    .join(', ');
}

/** CPU time of the finished children of this process (wrk, once spawnSync has reaped it), in ms. */
function reapedChildrenCpuMs(): number {
  return ticksMs(fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' '), 13, 14);
}

/** CPU time (user + system, every thread) a process and its children (cluster workers) have used, in ms (Linux /proc). */
function cpuMs(pid: number | undefined): number {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ');
      // fields[1] is the parent pid; [11], [12] user and system time in clock ticks (100 per second).
      if (Number(entry) === pid || Number(fields[1]) === pid) total += ticksMs(fields, 11, 12);
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

async function call(port: number, method: string, p: string, body: unknown): Promise<any> {
  const res = await fetch(`http://127.0.0.1:${port}${p}`, {
    method,
    headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** The server's /metrics, as series → value. */
async function scrape(port: number): Promise<Map<string, number>> {
  // A connection of its own (no keep-alive): a pooled one may have been closed by the server during the run.
  const text = await new Promise<string>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/metrics', agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (c: string) => (body += c)).on('end', () => resolve(body)).on('error', reject);
      })
      .on('error', reject);
  });
  const m = new Map<string, number>();
  for (const line of text.split('\n')) {
    const i = line.lastIndexOf(' ');
    if (i > 0 && !line.startsWith('#')) m.set(line.slice(0, i), Number(line.slice(i + 1)));
  }
  return m;
}

/**
 * Between two scrapes, a histogram's mean and the upper bound of the bucket holding its q-quantile
 * (`series` is the metric name, `labels` the other labels inside the braces, e.g. 'stage="record",').
 */
function histogramDelta(a: Map<string, number>, b: Map<string, number>, series: string, labels = '', q = 0.99): { mean: number; upper: number; count: number; over(le: number): number } {
  const d = (k: string) => (b.get(k) ?? 0) - (a.get(k) ?? 0);
  const count = d(`${series}_count${labels ? `{${labels.replace(/,$/, '')}}` : ''}`);
  const sum = d(`${series}_sum${labels ? `{${labels.replace(/,$/, '')}}` : ''}`);
  const buckets = [...b.keys()]
    .filter((k) => k.startsWith(`${series}_bucket{`) && k.includes(labels.replace(/,$/, '')))
    .map((k) => ({ le: Number(/le="([^"]+)"/.exec(k)![1]), n: d(k) }))
    .sort((x, y) => x.le - y.le);
  const upper = buckets.find((x) => x.n >= q * count)?.le ?? Infinity;
  // The share of observations above a bucket bound.
  const over = (le: number) => (count ? 1 - (buckets.find((x) => x.le === le)?.n ?? 0) / count : 0);
  return { mean: count ? sum / count : 0, upper, count, over };
}

interface WrkResult {
  rps: number;
  p50: string;
  p90: string;
  p99: string;
  requests: number;
  non2xx: number;
  errors: string;
}

function runWrk(port: number, apiKey: string, text: string, connections: number): WrkResult {
  const script = path.join(os.tmpdir(), `preflight-wrk-${process.pid}.lua`);
  fs.writeFileSync(
    script,
    [
      'wrk.method = "POST"',
      `wrk.body = ${JSON.stringify(JSON.stringify({ text, destination: 'AI_TOOL' }))}`,
      'wrk.headers["Content-Type"] = "application/json"',
      `wrk.headers["X-Service-API-Key"] = ${JSON.stringify(apiKey)}`,
    ].join('\n'),
  );
  const args = ['-t', String(Math.min(2, connections)), '-c', String(connections), '-d', `${SECONDS}s`, '--latency', '-s', script, `http://127.0.0.1:${port}/api/preflight/text`];
  const out = spawnSync(WRK, args, { encoding: 'utf8', timeout: (SECONDS + 30) * 1000 });
  fs.rmSync(script, { force: true });
  if (out.status !== 0) throw new Error(`wrk failed: ${out.stderr || out.error}`);
  const s = out.stdout;
  const pct = (p: string) => new RegExp(`^\\s+${p}%\\s+(\\S+)`, 'm').exec(s)?.[1] ?? '?';
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(s)?.[1] ?? 0),
    p50: pct('50'),
    p90: pct('90'),
    p99: pct('99'),
    requests: Number(/(\d+) requests in/.exec(s)?.[1] ?? 0),
    non2xx: Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(s)?.[1] ?? 0),
    errors: /Socket errors:.*$/m.exec(s)?.[0] ?? '',
  };
}

async function main(): Promise<void> {
  if (!fs.existsSync(WRK)) throw new Error(`${WRK} not found (apt-get install wrk, or set BENCH_WRK)`);
  const processes = Number(process.env.PREFLIGHT_API_PROCESSES ?? 1);
  const db = await freshEnv();
  const port = Number(process.env.BENCH_PORT ?? 20_000 + Math.floor(Math.random() * 20_000));
  let server: ChildProcess | undefined;
  try {
    server = await startServer(db.env, port);
    const org = await call(port, 'POST', '/api/orgs', { name: 'Bench org' });
    const policy = await call(port, 'POST', `/api/orgs/${org.org_id}/policies`, {
      name: 'Bench policy',
      rules: [
        { name: 'Block secrets', dataTypes: ['SECRETS'], destinations: ['AI_TOOL', 'VENDOR', 'CUSTOMER'], action: 'BLOCK' },
        { name: 'Mask personal data', dataTypes: ['PII', 'FINANCIAL'], destinations: ['AI_TOOL', 'VENDOR', 'CUSTOMER'], action: 'MASK' },
      ],
    });
    const engine = `${db.env.DATABASE_URL ? 'mysql' : 'sqlite'}${db.env.REDIS_URL ? '+redis' : ''}`;
    console.log(
      `engine=${engine} api processes=${processes} seconds=${SECONDS} cpus=${os.cpus().length} (${os.cpus()[0]?.model ?? '?'}) load=${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`,
    );
    let answered = 0;
    for (const kb of SIZES_KB) {
      const text = ticket(kb * 1024);
      // Warm-up: JIT, statement caches, the policy cache.
      runWrk(port, policy.api_key, text, 8);
      for (const c of CONNECTIONS) {
        const metrics0 = processes > 1 ? undefined : await scrape(port);
        const [cpu0, main0, wrk0, threads0] = [cpuMs(server.pid), mainThreadCpuMs(server.pid), reapedChildrenCpuMs(), threadCpuMs(server.pid)];
        const r = runWrk(port, policy.api_key, text, c);
        const n = Math.max(1, r.requests);
        const perCheck = (cpuMs(server.pid) - cpu0) / n;
        const mainPerCheck = (mainThreadCpuMs(server.pid) - main0) / n;
        const wrkPerCheck = (reapedChildrenCpuMs() - wrk0) / n;
        const threads = processes > 1 ? '' : `\n          CPU ms/check by thread: ${threadSplit(threads0, threadCpuMs(server.pid), n)}`;
        answered += r.requests - r.non2xx;
        let commits = '';
        if (metrics0) {
          // Group commit as the server saw it: records per batch, and the 99th percentile (bucket
          // bound) of a batch's write and of a check's wait for its record.
          const metrics1 = await scrape(port);
          const size = histogramDelta(metrics0, metrics1, 'preflight_record_batch_size');
          const write = histogramDelta(metrics0, metrics1, 'preflight_record_batch_seconds');
          const wait = histogramDelta(metrics0, metrics1, 'preflight_check_stage_seconds', 'stage="record",');
          const ms = (s: number) => (Number.isFinite(s) ? `${s * 1000}ms` : '>1s');
          commits = `\n          batches ${write.count} of ${size.mean.toFixed(1)} records, batch write mean ${(write.mean * 1000).toFixed(2)}ms p99 <= ${ms(write.upper)}, record wait mean ${(wait.mean * 1000).toFixed(2)}ms p99 <= ${ms(wait.upper)} (over 10ms: ${(wait.over(0.01) * 100).toFixed(1)}%, over 25ms: ${(wait.over(0.025) * 100).toFixed(1)}%)`;
        }
        console.log(
          `${String(kb).padStart(3)} KB  c=${String(c).padStart(2)}  ${r.rps.toFixed(0).padStart(6)} checks/s  ` +
            `p50 ${r.p50.padStart(8)}  p90 ${r.p90.padStart(8)}  p99 ${r.p99.padStart(8)}  server CPU ${perCheck.toFixed(2)} ms/check (main thread ${processes > 1 ? '-' : mainPerCheck.toFixed(2)}, wrk ${wrkPerCheck.toFixed(2)})  non-200 ${r.non2xx}  ${r.errors}${threads}${commits}`,
        );
      }
    }
    console.log(`records stored: ${await db.count()} (timed runs answered 200: ${answered}, plus warm-ups)  load=${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server!.once('exit', r));
      server.kill('SIGTERM');
      // A process that does not stop within 15 s is killed (the figures are taken already).
      const timer = setTimeout(() => server!.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    await db.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(2);
});
