/**
 * Time from `npm start` to the first answer of /healthz, on a fresh data directory and then on
 * restarts of the same one (the service starts from dist/ and never compiles).
 *
 *   npm run build && node dist/bench/startup.js
 *
 * Runs `npm start` (BENCH_ITERATIONS restarts, default 5, after the first start, which also
 * creates and migrates the SQLite database), polls /healthz every 20 ms, then stops the process
 * with SIGTERM and waits for it to exit. Prints each time, the median of the restarts and the
 * machine load. Target: a restart answers within 5 s.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { median } from './stats';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 5);
const ROOT = path.resolve(__dirname, '../..');
const TIMEOUT_MS = 60_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** One `npm start`: milliseconds until /healthz answers 200, then a clean stop. */
async function startOnce(dataDir: string): Promise<number> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: String(port), HOST: '127.0.0.1', PREFLIGHT_DATA_DIR: dataDir, PREFLIGHT_LOG_LEVEL: 'warn' },
    stdio: 'ignore',
    detached: true,
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let alive = true;
  void exited.then(() => (alive = false));
  try {
    while (alive && performance.now() - t0 < TIMEOUT_MS) {
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false);
      if (ok) return performance.now() - t0;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(alive ? 'no answer from /healthz within 60 s' : 'the service exited before answering /healthz');
  } finally {
    // npm runs node in its own process group: signal the group, as a terminal's Ctrl-C would.
    if (alive) process.kill(-child.pid!, 'SIGTERM');
    await exited;
    // npm may exit before the service has finished its shutdown: wait for the whole group to be gone.
    while (groupAlive(child.pid!)) await new Promise((r) => setTimeout(r, 20));
  }
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'preflight-bench-startup-'));
  try {
    const first = await startOnce(dataDir);
    console.log(`first start (new database, migrations): ${first.toFixed(0)} ms`);
    const restarts: number[] = [];
    for (let i = 0; i < ITERATIONS; i++) {
      restarts.push(await startOnce(dataDir));
      console.log(`restart ${i + 1}: ${restarts[i].toFixed(0)} ms`);
    }
    const m = median(restarts);
    console.log(`restart to /healthz: median ${m.toFixed(0)} ms over ${ITERATIONS} (target < 5000 ms): ${m < 5000 ? 'ok' : 'MISSED'}`);
    console.log(`machine: ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
