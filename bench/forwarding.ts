/**
 * Forwarding benchmark: audit events delivered per second to a local HTTPS receiver.
 *
 *   npx tsc -p tsconfig.json && node dist/bench/forwarding.js [--events 5000] [--concurrency 64] [--driver redis|in-process|both]
 *     [--workers N] [--profile <dir>]
 *
 * What is measured: N preflight records with their outbox rows are written first (the preflight
 * transaction's share, timed separately); then the deliveries are handed to the driver (BullMQ
 * adds, as afterCommit does) and the worker is started; the clock runs from the worker's start
 * until every delivery row is `delivered` (receiver answered 2xx and the state was written).
 * The receiver runs in a child process (its own core) and answers 200 at once over keep-alive TLS.
 * --workers N (redis only) adds N-1 `npm run worker` processes on the same database and queue,
 * the way the service scales out; "worker CPU" then counts this process only.
 *
 * The redis driver runs on MySQL/MariaDB + Redis: BENCH_DATABASE_URL (default
 * mysql://root@127.0.0.1:3306/test, a fresh database is created and dropped) and BENCH_REDIS_URL
 * (default redis://127.0.0.1:6379, a fresh key prefix, deleted afterwards). The in-process driver
 * runs on a temporary SQLite file. Target: >= 1,000 events/s with Redis.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import inspector from 'node:inspector';
import os from 'node:os';
import path from 'node:path';
import IORedis from 'ioredis';
import mysql from 'mysql2/promise';
import { DeliveryEntity, PreflightRecordEntity } from '../entities';
import { loadConfig } from '../src/config';
import { createLogger } from '../src/lib/logger';
import { createRuntime, type Runtime } from '../src/runtime';
import { makeCertificate } from '../test/support/https-receiver';
import { buildRecord } from '../test/support/records';
import { insertStatements } from '../src/services/preflight/record-writer';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

/** Child process: an HTTPS receiver that answers 200 and reports how many requests (and distinct event ids) it saw. */
function runReceiver(): void {
  const server = https.createServer({ key: fs.readFileSync(process.env.BENCH_KEY!), cert: fs.readFileSync(process.env.BENCH_CERT!), keepAliveTimeout: 60_000 });
  let count = 0;
  const ids = new Set<string>();
  server.on('request', (req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      count++;
      const m = /"event":\{"id":"([^"]+)"/.exec(body);
      if (m) ids.add(m[1]);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as { port: number }).port }));
  setInterval(() => {
    const u = process.cpuUsage();
    process.send!({ count, distinct: ids.size, cpuMs: (u.user + u.system) / 1000 });
  }, 100);
  process.on('disconnect', () => process.exit(0));
}

interface ReceiverHandle {
  port: number;
  child: ChildProcess;
  last: { count: number; distinct: number; cpuMs: number };
}

async function startReceiver(cert: { keyFile: string; certFile: string }): Promise<ReceiverHandle> {
  const child = fork(__filename, ['--receiver'], { env: { ...process.env, BENCH_KEY: cert.keyFile, BENCH_CERT: cert.certFile } });
  const handle: ReceiverHandle = { port: 0, child, last: { count: 0, distinct: 0, cpuMs: 0 } };
  await new Promise<void>((resolve) => {
    child.on('message', (m: { port?: number; count?: number; distinct?: number; cpuMs?: number }) => {
      if (m.port) {
        handle.port = m.port;
        resolve();
      } else handle.last = { count: m.count ?? 0, distinct: m.distinct ?? 0, cpuMs: m.cpuMs ?? 0 };
    });
  });
  return handle;
}

/** --profile <dir>: a V8 CPU profile of the delivery phase only (open it in Chrome DevTools). */
async function startProfile(): Promise<((name: string) => Promise<void>) | undefined> {
  const dir = arg('profile', '');
  if (!dir) return undefined;
  const session = new inspector.Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<any>((resolve, reject) => session.post(method, params ?? {}, (err, res) => (err ? reject(err) : resolve(res))));
  await post('Profiler.enable');
  await post('Profiler.start');
  return async (name) => {
    const { profile } = await post('Profiler.stop');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `node dist/src/worker-main.js` with the benchmark's environment; resolves once it has started. */
async function startWorkerProcess(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.resolve(__dirname, '../src/worker-main.js')], {
    env: { PATH: process.env.PATH ?? '', ...env, PREFLIGHT_LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString('utf8');
      if (out.includes('preflight worker started')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
  });
  return child;
}

async function runOne(
  driver: 'redis' | 'in-process',
  events: number,
  concurrency: number,
  cert: { certFile: string; keyFile: string },
  extraWorkers = 0,
) {
  const workers: ChildProcess[] = [];
  const receiver = await startReceiver(cert);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'preflight-bench-'));
  const env: Record<string, string> = {
    PREFLIGHT_DATA_DIR: dataDir,
    PREFLIGHT_LOG_LEVEL: 'warn',
    PREFLIGHT_ALLOW_PRIVATE_DESTINATIONS: 'true',
    PREFLIGHT_FORWARD_CA_FILE: cert.certFile,
    PREFLIGHT_FORWARD_CONCURRENCY: String(concurrency),
    PREFLIGHT_FORWARD_INTERVAL_MS: '1000',
    PREFLIGHT_QUEUE_PREFIX: `pfbench${crypto.randomBytes(4).toString('hex')}`,
  };
  let dropDb: (() => Promise<void>) | undefined;
  if (driver === 'redis') {
    const base = new URL(process.env.BENCH_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/test');
    const name = `pf_bench_${crypto.randomBytes(4).toString('hex')}`;
    const conn = { host: base.hostname, port: Number(base.port || 3306), user: decodeURIComponent(base.username), password: decodeURIComponent(base.password) };
    const admin = await mysql.createConnection(conn);
    await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4`);
    await admin.end();
    base.pathname = `/${name}`;
    env.DATABASE_URL = base.toString();
    env.REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
    dropDb = async () => {
      const c = await mysql.createConnection(conn);
      await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await c.end();
    };
  }
  const config = loadConfig(env);
  let rt: Runtime | undefined;
  try {
    rt = await createRuntime(config, { logger: createLogger('warn') });
    const op = { kind: 'operator' } as const;
    const org = await rt.services.orgs.create(op, { name: 'Bench' });
    const dest = await rt.services.forwarding.create(op, org.org_id, {
      url: `https://localhost:${receiver.port}/bench`,
      auth_header_name: 'Authorization',
      auth_header_value: 'Bearer bench-token',
    });

    // Phase 1: the preflight transactions' share (records + outbox rows), 250 checks per transaction.
    const t0 = Date.now();
    const batches: PreflightRecordEntity[][] = [];
    for (let i = 0; i < events; i += 250) {
      const batch = Array.from({ length: Math.min(250, events - i) }, () => buildRecord(org.org_id));
      const { inserts = [] } = await rt.services.forwarding.recordListener.writesFor(batch);
      await rt.ds.transaction(async (em) => {
        await em.getRepository(PreflightRecordEntity).insert(batch);
        for (const [sql, params] of insertStatements(inserts)) await em.query(sql, params);
      });
      batches.push(batch);
    }
    const enqueueMs = Date.now() - t0;

    // Extra `npm run worker` processes on the same database and queue (Redis only), held by a paused queue.
    const queue = rt.services.forwarding.queues()[0];
    if (queue && extraWorkers > 0) {
      await queue.pause();
      for (let i = 0; i < extraWorkers; i++) workers.push(await startWorkerProcess(env));
    }

    // Phase 2: the hand-off (afterCommit: BullMQ adds; in-process: nothing to do).
    const th = Date.now();
    for (const batch of batches) rt.services.forwarding.recordListener.afterCommit!(batch);
    if (queue) {
      // BullMQ 6 keeps the jobs of a paused queue in its waiting list.
      while ((await queue.getJobCounts('waiting')).waiting < events) await sleep(20);
    }
    const handOffMs = Date.now() - th;

    // Phase 3: delivery, from the worker's start until every row is `delivered`.
    const t1 = Date.now();
    const cpu0 = process.cpuUsage();
    const receiverCpu0 = receiver.last.cpuMs;
    const profiler = await startProfile();
    if (queue && extraWorkers > 0) await queue.resume();
    await rt.start();
    const repo = rt.ds.getRepository(DeliveryEntity);
    let delivered = 0;
    const deadline = Date.now() + Math.max(120_000, events * 20);
    for (;;) {
      if (receiver.last.count >= events || Date.now() > deadline) {
        delivered = await repo.countBy({ destinationId: dest.destination_id, state: 'delivered' });
        if (delivered >= events || Date.now() > deadline) break;
      }
      await sleep(receiver.last.count >= events ? 20 : 100);
    }
    const deliverMs = Date.now() - t1;
    const cpu = process.cpuUsage(cpu0);
    await sleep(150);
    const receiverCpuMs = receiver.last.cpuMs - receiverCpu0;
    await profiler?.(`forwarding-${driver}`);
    const failed = await repo.countBy({ destinationId: dest.destination_id, state: 'failed' });
    return {
      driver: driver === 'redis' ? `BullMQ + Redis, MariaDB, ${1 + extraWorkers} worker process${extraWorkers ? 'es' : ''}` : 'in-process, SQLite',
      events,
      concurrency,
      enqueue_per_s: Math.round((events / enqueueMs) * 1000),
      hand_off_per_s: queue ? Math.round((events / Math.max(handOffMs, 1)) * 1000) : undefined,
      delivered,
      failed,
      received: receiver.last.count,
      distinct_events_received: receiver.last.distinct,
      seconds: deliverMs / 1000,
      delivered_per_s: Math.round((delivered / deliverMs) * 1000),
      /** CPU of this process (worker + its database and Redis clients) per delivered event. */
      cpu_ms_per_event: (cpu.user + cpu.system) / 1000 / Math.max(delivered, 1),
      receiver_cpu_ms_per_event: receiverCpuMs / Math.max(delivered, 1),
    };
  } finally {
    for (const w of workers) {
      w.kill('SIGTERM');
      await new Promise((r) => w.once('exit', r));
    }
    await rt?.close();
    receiver.child.disconnect();
    receiver.child.kill();
    if (env.REDIS_URL) {
      const redis = new IORedis(env.REDIS_URL);
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${env.PREFLIGHT_QUEUE_PREFIX}:*`, 'COUNT', 1000);
        cursor = next;
        if (keys.length) await redis.del(...keys);
      } while (cursor !== '0');
      redis.disconnect();
    }
    await dropDb?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const events = Number(arg('events', '5000'));
  const concurrency = Number(arg('concurrency', '64'));
  const which = arg('driver', 'both');
  const processes = Math.max(1, Number(arg('workers', '1')));
  const drivers: Array<'redis' | 'in-process'> = which === 'both' ? ['redis', 'in-process'] : [which as 'redis' | 'in-process'];
  const cert = makeCertificate();
  try {
    for (const d of drivers) {
      const r = await runOne(d, events, concurrency, cert, d === 'redis' ? processes - 1 : 0);
      console.log(
        `${r.driver}: ${r.delivered}/${r.events} delivered in ${r.seconds.toFixed(2)} s = ${r.delivered_per_s} events/s ` +
          `(concurrency ${r.concurrency}; worker CPU ${r.cpu_ms_per_event.toFixed(2)} ms/event, receiver CPU ${r.receiver_cpu_ms_per_event.toFixed(2)} ms/event; receiver saw ${r.received} requests, ${r.distinct_events_received} distinct events; ` +
          `${r.failed} dead-lettered; outbox writes ${r.enqueue_per_s} checks/s` +
          `${r.hand_off_per_s ? `; hand-off to Redis ${r.hand_off_per_s} jobs/s` : ''})`,
      );
    }
  } finally {
    fs.rmSync(cert.dir, { recursive: true, force: true });
  }
}

if (process.argv.includes('--receiver')) runReceiver();
else
  main()
    .then(() => process.exit(0))
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
