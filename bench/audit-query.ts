/**
 * Audit log and analytics at a million records, on SQLite and MariaDB/MySQL.
 *
 *   npm run build
 *   node dist/bench/audit-query.js sqlite
 *   BENCH_DATABASE_URL=mysql://root@127.0.0.1:3306/test node dist/bench/audit-query.js mysql
 *
 * BENCH_RECORDS (default 1,000,000) records over the last BENCH_DAYS (default 120) days, spread over
 * 20 organizations with a skewed share (the largest holds 40%), are bulk-loaded with multi-row
 * INSERTs into a fresh database (dropped afterwards), with the search index rows the record
 * writer writes with every record. Then every scenario runs BENCH_ITERATIONS (default 200) times
 * through the services (no HTTP) and prints p50/p95/p99/max in ms, and the median CPU time of this
 * process per run (all of SQLite's work; MySQL's server time is not in it). Targets: p95 < 50 ms for a
 * page, p95 < 100 ms for analytics and free-text search. Last, the record writer's throughput
 * (BENCH_WRITES records as 32 concurrent single-record writes, and as writes of 1,000) with and without
 * the audit search listener, into the loaded database; and the search index's back-fill (what its
 * migration does) over every record, unless BENCH_BACKFILL=0.
 *
 * BENCH_KEEP=1 keeps the loaded database and prints how to reuse it; BENCH_REUSE=<that> runs the
 * scenarios on it without loading again (a SQLite data directory, or a MySQL database name on
 * the BENCH_DATABASE_URL server). BENCH_ONLY=<regex> runs only the scenarios whose names match.
 * MySQL databases are named BENCH_DATABASE_PREFIX (default pf_bench_) and random hex.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import mysql from 'mysql2/promise';
import { loadConfig } from '../src/config';
import { createLogger } from '../src/lib/logger';
import { createRuntime } from '../src/runtime';
import type { Principal } from '../src/services/principal';
import { RecordWriter, type RecordListener } from '../src/services/preflight/record-writer';
import { auditSearchListener, backfillAuditSearch } from '../src/services/audit-search';
import { bulkInsertRecords, recordEntity, RecordSpec } from '../test/support/audit-fixtures';

const ENGINE = (process.argv[2] ?? 'sqlite') as 'sqlite' | 'mysql';
const RECORDS = Number(process.env.BENCH_RECORDS ?? 1_000_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 120);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);
const ORGS = 20;
const BATCH = 5000;
const WRITES = Number(process.env.BENCH_WRITES ?? 20_000);
const PAGE_TARGET_MS = 50;
const TARGET_MS = 100;
const DAY = 86_400_000;

const DECISIONS = ['ALLOWED', 'ALLOWED', 'ALLOWED_WITH_MASKING', 'BLOCKED'] as const;
const DESTINATIONS = ['AI_TOOL', 'VENDOR', 'CUSTOMER'] as const;
const TYPES = ['EMAIL', 'PHONE', 'PERSON', 'CREDIT_CARD', 'IBAN', 'SSN', 'AWS_ACCESS_KEY', 'PHI'];
const POLICIES = ['Default', 'Finance outbound', 'Support AI', 'Engineering secrets'];

/** Organization index for the i-th record: 40% to the first, the rest spread by a 1/k curve. */
function orgIndex(r: number): number {
  if (r < 0.4) return 0;
  const weights = Array.from({ length: ORGS - 1 }, (_, k) => 1 / (k + 1));
  const sum = weights.reduce((a, b) => a + b, 0);
  let x = ((r - 0.4) / 0.6) * sum;
  for (let k = 0; k < weights.length; k++) {
    x -= weights[k];
    if (x <= 0) return k + 1;
  }
  return ORGS - 1;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
}

const REUSE = process.env.BENCH_REUSE;
const KEEP = process.env.BENCH_KEEP === '1' || Boolean(REUSE);

async function freshDatabase(): Promise<{ env: Record<string, string>; reuse: string; drop(): Promise<void> }> {
  const dataDir = ENGINE === 'sqlite' && REUSE ? REUSE : fs.mkdtempSync(path.join(os.tmpdir(), 'preflight-bench-'));
  const env: Record<string, string> = { PREFLIGHT_DATA_DIR: dataDir, PREFLIGHT_LOG_LEVEL: 'silent', PREFLIGHT_RUN_WORKER: 'false' };
  if (ENGINE === 'sqlite') return { env, reuse: dataDir, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  const base = new URL(process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/test');
  const name = REUSE ?? `${process.env.BENCH_DATABASE_PREFIX ?? 'pf_bench_'}${crypto.randomBytes(4).toString('hex')}`;
  const admin = () =>
    mysql.createConnection({ host: base.hostname, port: Number(base.port || 3306), user: decodeURIComponent(base.username), password: decodeURIComponent(base.password) });
  if (!REUSE) {
    const c = await admin();
    await c.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await c.end();
  }
  const url = new URL(base.toString());
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  return {
    env,
    reuse: name,
    async drop() {
      const d = await admin();
      await d.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await d.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function main(): Promise<void> {
  const db = await freshDatabase();
  const rt = await createRuntime(loadConfig(db.env), { logger: createLogger('silent') });
  const operator: Principal = { kind: 'operator' };
  try {
    const orgs: Array<{ id: string; name: string; count: number }> = [];
    const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
    let now = Date.now();
    let start = now - DAYS * DAY;
    if (REUSE) {
      // The loaded database: its organizations by name, the period its records span.
      for (let i = 0; i < ORGS; i++) {
        const [o] = await rt.ds.query('SELECT id, name FROM organizations WHERE name = ?', [`Bench org ${i}`]);
        const [c] = await rt.ds.query('SELECT COUNT(*) AS n FROM preflight_records WHERE org_id = ?', [o.id]);
        orgs.push({ id: String(o.id), name: String(o.name), count: Number(c.n) });
      }
      const [span] = await rt.ds.query('SELECT MIN(created_at) AS a, MAX(created_at) AS b FROM preflight_records');
      [start, now] = [Number(span.a), Math.max(Number(span.b), now - DAY)];
      console.log(`engine=${ENGINE} reusing ${REUSE} iterations=${ITERATIONS} load average ${load()}`);
    } else {
      for (let i = 0; i < ORGS; i++) {
        const o = await rt.services.orgs.create(operator, { name: `Bench org ${i}` });
        orgs.push({ id: o.org_id, name: o.name, count: 0 });
      }
      console.log(`engine=${ENGINE} records=${RECORDS} days=${DAYS} orgs=${ORGS} iterations=${ITERATIONS} load average ${load()}`);
    }
    // The bulk load's connection (not the record writer's) gets a bigger page cache: the random
    // primary keys otherwise make every insert a cache miss.
    if (ENGINE === 'sqlite') await rt.ds.query('PRAGMA cache_size = -262144');

    const loadStart = performance.now();
    let seq = 0;
    for (let done = 0; done < (REUSE ? 0 : RECORDS); done += BATCH) {
      const specs: RecordSpec[] = [];
      for (let i = 0; i < Math.min(BATCH, RECORDS - done); i++, seq++) {
        const org = orgs[orgIndex(Math.random())];
        org.count++;
        const decision = DECISIONS[seq % DECISIONS.length];
        const counts: Record<string, number> = {};
        if (decision !== 'ALLOWED' || seq % 3 === 0) {
          counts[TYPES[seq % TYPES.length]] = 1 + (seq % 4);
          if (seq % 5 === 0) counts[TYPES[(seq + 3) % TYPES.length]] = 1;
        }
        const policyName = POLICIES[seq % POLICIES.length];
        specs.push({
          orgId: org.id,
          orgName: org.name,
          policyId: `pol_bench_${seq % POLICIES.length}`,
          policyName,
          decision,
          destination: DESTINATIONS[seq % DESTINATIONS.length],
          inputSizeBytes: 200 + (seq % 5000),
          findingCounts: counts,
          summary: `${decision === 'BLOCKED' ? 'Blocked' : 'Checked'}: ${Object.keys(counts).join(', ') || 'no findings'}; rule "${policyName}".`,
          // Spread evenly over the period, in insertion order (like real traffic).
          createdAt: Math.floor(start + ((seq + Math.random()) / RECORDS) * (now - start)),
        });
      }
      await bulkInsertRecords(rt.ds, specs);
      if ((done / BATCH) % 20 === 0) process.stdout.write(`\r  loaded ${done + specs.length}`);
    }
    if (!REUSE) {
      const loadMs = performance.now() - loadStart;
      console.log(`\rloaded ${RECORDS} records in ${(loadMs / 1000).toFixed(1)} s (${Math.round(RECORDS / (loadMs / 1000))} records/s)`);
      if (ENGINE === 'mysql') await rt.ds.query('ANALYZE TABLE preflight_records, preflight_finding_counts, audit_search_chunks, audit_search_texts');
      else await rt.ds.query('ANALYZE');
    }
    const [chunks] = await rt.ds.query('SELECT COUNT(*) AS n, SUM(n) AS records FROM audit_search_chunks');
    console.log(`search index: ${chunks.n} chunk rows for ${chunks.records} records`);

    const big = orgs[0];
    const small = orgs[ORGS - 1];
    console.log(`largest organization: ${big.count} records; smallest: ${small.count}`);
    const bigKey: Principal = { kind: 'org', orgId: big.id, keyId: 'bench' };

    const rollStart = performance.now();
    await rt.services.rollups.rollUpAll();
    if (!REUSE) console.log(`first roll-up of all organizations (one-off, then daily): ${((performance.now() - rollStart) / 1000).toFixed(2)} s`);

    const iso = (ms: number) => new Date(ms).toISOString();
    const someId = (await rt.services.audit.list(bigKey, { offset: '777' })).items[0].preflight_id;
    const smallKey: Principal = { kind: 'org', orgId: small.id, keyId: 'b' };
    const idFragment = someId.slice(9, 17);
    const all = { from: iso(start), to: iso(now + DAY) };
    const scenarios: Array<{ name: string; target: number; run: () => Promise<unknown> }> = [
      { name: 'audit page 1, largest org, default 30 days', target: PAGE_TARGET_MS, run: () => rt.services.audit.list(bigKey, {}) },
      { name: 'audit page 1, operator, every org, 30 days', target: PAGE_TARGET_MS, run: () => rt.services.audit.list(operator, {}) },
      { name: 'audit page 1 of 500, largest org', target: PAGE_TARGET_MS, run: () => rt.services.audit.list(bigKey, { limit: '500' }) },
      { name: 'audit page at offset 2000, largest org', target: PAGE_TARGET_MS, run: () => rt.services.audit.list(bigKey, { offset: '2000' }) },
      {
        name: 'audit page, largest org, from/to date-times (partial days)',
        target: PAGE_TARGET_MS,
        run: () => rt.services.audit.list(bigKey, { from: iso(now - 40 * DAY + 3_600_000), to: iso(now - 10 * DAY - 3_600_000) }),
      },
      { name: 'audit page, smallest org, 30 days', target: PAGE_TARGET_MS, run: () => rt.services.audit.list(smallKey, {}) },
      { name: 'analytics 30d, largest org', target: TARGET_MS, run: () => rt.services.analytics.organization(bigKey, big.id, { period: '30d' }) },
      { name: 'analytics 90d, largest org', target: TARGET_MS, run: () => rt.services.analytics.organization(bigKey, big.id, { period: '90d' }) },
      { name: 'time series 90d, largest org', target: TARGET_MS, run: () => rt.services.analytics.timeSeries(bigKey, big.id, { period: '90d' }) },
      { name: 'detection breakdown 90d, largest org', target: TARGET_MS, run: () => rt.services.analytics.detections(bigKey, big.id, { period: '90d' }) },
      { name: 'search by a whole preflight id, largest org', target: TARGET_MS, run: () => rt.services.audit.list(bigKey, { search: someId }) },
      { name: 'search "finance" (a quarter of the records), largest org', target: TARGET_MS, run: () => rt.services.audit.list(bigKey, { search: 'finance' }) },
      { name: 'search "blocked" (decision and summary), largest org', target: TARGET_MS, run: () => rt.services.audit.list(bigKey, { search: 'blocked' }) },
      { name: 'search "a" (one letter, most records), largest org', target: TARGET_MS, run: () => rt.services.audit.list(bigKey, { search: 'a' }) },
      { name: 'search "pf_00" (id prefix fragment), largest org', target: TARGET_MS, run: () => rt.services.audit.list(bigKey, { search: 'pf_00' }) },
      { name: 'search an 8-hex id fragment (one record), largest org', target: TARGET_MS, run: () => rt.services.audit.list(bigKey, { search: idFragment }) },
      { name: 'search "nothing like this" (no match), largest org', target: TARGET_MS, run: () => rt.services.audit.list(bigKey, { search: 'nothing like this' }) },
      { name: 'search "100%" (literal %, no match), largest org', target: TARGET_MS, run: () => rt.services.audit.list(bigKey, { search: '100%' }) },
      { name: 'search "finance" + decision BLOCKED, largest org', target: TARGET_MS, run: () => rt.services.audit.list(bigKey, { search: 'finance', decision: 'BLOCKED' }) },
      { name: 'search "finance", largest org, whole 120 days', target: TARGET_MS, run: () => rt.services.audit.list(bigKey, { search: 'finance', ...all }) },
      { name: 'search "finance", operator, every org, 30 days', target: TARGET_MS, run: () => rt.services.audit.list(operator, { search: 'finance' }) },
      { name: 'search "finance", operator, every org, whole 120 days', target: TARGET_MS, run: () => rt.services.audit.list(operator, { search: 'finance', ...all }) },
      { name: 'search "finance" page of 500 at offset 5000, largest org, 120 days', target: TARGET_MS, run: () => rt.services.audit.list(bigKey, { search: 'finance', limit: '500', offset: '5000', ...all }) },
      { name: 'search "blocked", largest org, partial days (40..10 days ago)', target: TARGET_MS, run: () => rt.services.audit.list(bigKey, { search: 'blocked', from: iso(now - 40 * DAY + 3_600_000), to: iso(now - 10 * DAY - 3_600_000) }) },
      { name: 'search an id prefix (pf_ + 6 hex), largest org, 120 days', target: TARGET_MS, run: () => rt.services.audit.list(bigKey, { search: someId.slice(0, 9), ...all }) },
      { name: 'search an id fragment, largest org, whole 120 days', target: TARGET_MS, run: () => rt.services.audit.list(bigKey, { search: idFragment, ...all }) },
      { name: 'search an id fragment, operator, every org, 30 days', target: TARGET_MS, run: () => rt.services.audit.list(operator, { search: idFragment }) },
      { name: 'search an id fragment, operator, every org, whole 120 days', target: TARGET_MS, run: () => rt.services.audit.list(operator, { search: idFragment, ...all }) },
      // Shorter fragments from the middle of an id: a hex digit no text contains is in 4 ids of 5.
      { name: 'search a 1-hex id fragment ("7"), largest org, 30 days', target: TARGET_MS, run: () => rt.services.audit.list(bigKey, { search: '7' }) },
      { name: 'search a 2-hex id fragment, largest org, 30 days', target: TARGET_MS, run: () => rt.services.audit.list(bigKey, { search: someId.slice(12, 14) }) },
      { name: 'search a 2-hex id fragment, largest org, whole 120 days', target: TARGET_MS, run: () => rt.services.audit.list(bigKey, { search: someId.slice(12, 14), ...all }) },
      { name: 'search a 3-hex id fragment, operator, every org, 30 days', target: TARGET_MS, run: () => rt.services.audit.list(operator, { search: someId.slice(20, 23) }) },
      { name: 'search a 4-hex id fragment, largest org, whole 120 days', target: TARGET_MS, run: () => rt.services.audit.list(bigKey, { search: someId.slice(15, 19), ...all }) },
      { name: 'search "pf_" + 1 hex, largest org, 30 days', target: TARGET_MS, run: () => rt.services.audit.list(bigKey, { search: someId.slice(0, 4) }) },
      { name: 'search "7", largest org, partial days (40..10 days ago)', target: TARGET_MS, run: () => rt.services.audit.list(bigKey, { search: '7', from: iso(now - 40 * DAY + 3_600_000), to: iso(now - 10 * DAY - 3_600_000) }) },
      // Non-ASCII: on MySQL the collation folds "café" to the hex fragment "cafe" and "dé" to "de".
      { name: 'search "café" (non-ASCII), largest org, 30 days', target: TARGET_MS, run: () => rt.services.audit.list(bigKey, { search: 'café' }) },
      { name: 'search "dé" (non-ASCII), largest org, 30 days', target: TARGET_MS, run: () => rt.services.audit.list(bigKey, { search: 'dé' }) },
      { name: 'search "support", smallest org, 30 days', target: TARGET_MS, run: () => rt.services.audit.list(smallKey, { search: 'support' }) },
    ];

    const rows: string[] = [];
    let failed = 0;
    const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
    for (const s of scenarios.filter((x) => !only || only.test(x.name))) {
      const n = ITERATIONS;
      for (let i = 0; i < 3; i++) await s.run(); // warm-up
      const times: number[] = [];
      const cpu: number[] = [];
      for (let i = 0; i < n; i++) {
        const t = performance.now();
        const c = process.cpuUsage();
        await s.run();
        times.push(performance.now() - t);
        const d = process.cpuUsage(c);
        cpu.push((d.user + d.system) / 1000);
      }
      times.sort((a, b) => a - b);
      cpu.sort((a, b) => a - b);
      const p95 = percentile(times, 0.95);
      const verdict = p95 < s.target ? 'ok' : `OVER ${s.target}`;
      if (verdict !== 'ok') failed++;
      rows.push(
        `${s.name.padEnd(64)} n=${String(n).padStart(3)}  p50 ${percentile(times, 0.5).toFixed(1).padStart(7)}  p95 ${p95.toFixed(1).padStart(7)}  ` +
          `p99 ${percentile(times, 0.99).toFixed(1).padStart(7)}  max ${times[times.length - 1].toFixed(1).padStart(7)} ms  cpu p50 ${percentile(cpu, 0.5).toFixed(1).padStart(6)} ms  ${verdict}`,
      );
      console.log(rows[rows.length - 1]);
    }
    console.log(failed ? `${failed} scenario(s) over their p95 target` : 'every scenario under its p95 target');
    console.log(`load average ${load()}`);
    if (process.env.BENCH_WRITES !== '0') {
      await writerThroughput(rt, big);
      console.log(`load average ${load()}`);
    }
    if (process.env.BENCH_BACKFILL !== '0') {
      // What the migration that creates the search index does on an existing database.
      for (const t of ['audit_search_chunks', 'audit_search_ids', 'audit_search_texts']) await rt.ds.query(`DELETE FROM ${t}`);
      const t = performance.now();
      const n = await rt.ds.transaction((em) => backfillAuditSearch(em, ENGINE === 'mysql'));
      const s = (performance.now() - t) / 1000;
      console.log(`search index back-fill (the migration) of ${n} records: ${s.toFixed(1)} s (${Math.round(n / s)} records/s); load average ${load()}`);
    }
    process.exitCode = failed ? 1 : 0;
  } finally {
    await rt.close();
    if (KEEP) console.log(`kept the database: BENCH_REUSE=${db.reuse}`);
    else await db.drop();
  }
}

/**
 * Records/s of the record writer into the loaded database: rounds of 32 concurrent single-record
 * writes (one group commit each), alternating a writer with every listener and one without the
 * audit search listener, three times each.
 */
async function writerThroughput(rt: Awaited<ReturnType<typeof createRuntime>>, org: { id: string; name: string }): Promise<void> {
  const base: RecordListener[] = [rt.services.rollups.recordListener, rt.services.forwarding.recordListener];
  const variants: Array<{ name: string; listeners: RecordListener[] }> = [
    { name: 'with the search index', listeners: [...base, auditSearchListener(ENGINE === 'mysql')] },
    { name: 'without the search index', listeners: base },
  ];
  // The SQLite writer thread does not hold the process open (the HTTP server does in the service).
  const keepAlive = setInterval(() => undefined, 1000);
  let seq = 0;
  const newRecord = () => {
    seq++;
    return recordEntity(rt.ds, {
      orgId: org.id,
      orgName: org.name,
      policyName: POLICIES[seq % POLICIES.length],
      decision: DECISIONS[seq % DECISIONS.length],
      findingCounts: seq % 2 ? { EMAIL: 1 + (seq % 3) } : {},
      summary: `Checked: ${seq % 7} findings; rule "${POLICIES[seq % POLICIES.length]}".`,
      createdAt: Date.now(),
    });
  };
  // 32 concurrent single-record writes (a group commit as under load: fsync-bound), and writes of
  // 1,000 records at once (the writer's CPU per record).
  for (const [label, callers, perCall] of [['batches of 32', 32, 1], ['batches of 1,000', 1, 1000]] as const) {
    const rates = new Map<string, number[]>(variants.map((v) => [v.name, []]));
    for (let round = 0; round < 3; round++) {
      for (const v of variants) {
        const writer = new RecordWriter(rt.deps, v.listeners);
        const n = Math.floor(WRITES / 3);
        const t = performance.now();
        for (let done = 0; done < n; done += callers * perCall) {
          await Promise.all(Array.from({ length: callers }, () => writer.write(Array.from({ length: perCall }, () => ({ record: newRecord() })))));
        }
        rates.get(v.name)!.push(n / ((performance.now() - t) / 1000));
        await writer.close();
      }
    }
    for (const [name, r] of rates) {
      const median = Math.round([...r].sort((a, b) => a - b)[1]);
      console.log(`record writer, ${label.padEnd(16)} ${name.padEnd(26)} ${r.map((x) => Math.round(x)).join(', ')} records/s (median ${median})`);
    }
  }
  clearInterval(keepAlive);
}

main().catch((err) => {
  console.error(err);
  process.exit(2);
});
