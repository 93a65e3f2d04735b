/**
 * Audit log and analytics at a million records, on SQLite and MariaDB/MySQL.
 *
 *   npm run build
 *   node dist/bench/audit-query.js sqlite
 *   BENCH_DATABASE_URL=mysql://root@127.0.0.1:3306/test node dist/bench/audit-query.js mysql
 *
 * BENCH_RECORDS (default 1,000,000) records over the last BENCH_DAYS (default 120) days, spread over
 * 20 organizations with a skewed share (the largest holds 40%), are bulk-loaded with multi-row
 * INSERTs into a fresh database (dropped afterwards). Then every scenario runs BENCH_ITERATIONS
 * (default 200) times through the services (no HTTP) and prints p50/p95/p99/max in ms.
 * Target: p95 < 50 ms for a page and for analytics.
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
import { bulkInsertRecords, RecordSpec } from '../test/support/audit-fixtures';

const ENGINE = (process.argv[2] ?? 'sqlite') as 'sqlite' | 'mysql';
const RECORDS = Number(process.env.BENCH_RECORDS ?? 1_000_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 120);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);
const ORGS = 20;
const BATCH = 5000;
const TARGET_MS = 50;
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

async function freshDatabase(): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'preflight-bench-'));
  const env: Record<string, string> = { PREFLIGHT_DATA_DIR: dataDir, PREFLIGHT_LOG_LEVEL: 'silent', PREFLIGHT_RUN_WORKER: 'false' };
  if (ENGINE === 'sqlite') return { env, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  const base = new URL(process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/test');
  const name = `pf_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = () =>
    mysql.createConnection({ host: base.hostname, port: Number(base.port || 3306), user: decodeURIComponent(base.username), password: decodeURIComponent(base.password) });
  const c = await admin();
  await c.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await c.end();
  const url = new URL(base.toString());
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  return {
    env,
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
    for (let i = 0; i < ORGS; i++) {
      const o = await rt.services.orgs.create(operator, { name: `Bench org ${i}` });
      orgs.push({ id: o.org_id, name: o.name, count: 0 });
    }
    const now = Date.now();
    const start = now - DAYS * DAY;
    console.log(`engine=${ENGINE} records=${RECORDS} days=${DAYS} orgs=${ORGS} iterations=${ITERATIONS}`);

    const loadStart = performance.now();
    let seq = 0;
    for (let done = 0; done < RECORDS; done += BATCH) {
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
    const loadMs = performance.now() - loadStart;
    console.log(`\rloaded ${RECORDS} records in ${(loadMs / 1000).toFixed(1)} s (${Math.round(RECORDS / (loadMs / 1000))} records/s)`);
    if (ENGINE === 'mysql') await rt.ds.query('ANALYZE TABLE preflight_records, preflight_finding_counts');
    else await rt.ds.query('ANALYZE');

    const big = orgs[0];
    const small = orgs[ORGS - 1];
    console.log(`largest organization: ${big.count} records; smallest: ${small.count}`);
    const bigKey: Principal = { kind: 'org', orgId: big.id, keyId: 'bench' };

    const rollStart = performance.now();
    await rt.services.rollups.rollUpAll();
    console.log(`first roll-up of all organizations (one-off, then daily): ${((performance.now() - rollStart) / 1000).toFixed(2)} s`);

    const iso = (ms: number) => new Date(ms).toISOString();
    const someId = (await rt.services.audit.list(bigKey, { offset: '777' })).items[0].preflight_id;
    const scenarios: Array<{ name: string; target: boolean; run: () => Promise<unknown> }> = [
      { name: 'audit page 1, largest org, default 30 days', target: true, run: () => rt.services.audit.list(bigKey, {}) },
      { name: 'audit page 1, operator, every org, 30 days', target: true, run: () => rt.services.audit.list(operator, {}) },
      { name: 'audit page 1 of 500, largest org', target: true, run: () => rt.services.audit.list(bigKey, { limit: '500' }) },
      { name: 'audit page at offset 2000, largest org', target: true, run: () => rt.services.audit.list(bigKey, { offset: '2000' }) },
      {
        name: 'audit page, largest org, from/to date-times (partial days)',
        target: true,
        run: () => rt.services.audit.list(bigKey, { from: iso(now - 40 * DAY + 3_600_000), to: iso(now - 10 * DAY - 3_600_000) }),
      },
      { name: 'audit page, smallest org, 30 days', target: true, run: () => rt.services.audit.list({ kind: 'org', orgId: small.id, keyId: 'b' }, {}) },
      { name: 'analytics 30d, largest org', target: true, run: () => rt.services.analytics.organization(bigKey, big.id, { period: '30d' }) },
      { name: 'analytics 90d, largest org', target: true, run: () => rt.services.analytics.organization(bigKey, big.id, { period: '90d' }) },
      { name: 'time series 90d, largest org', target: true, run: () => rt.services.analytics.timeSeries(bigKey, big.id, { period: '90d' }) },
      { name: 'detection breakdown 90d, largest org', target: true, run: () => rt.services.analytics.detections(bigKey, big.id, { period: '90d' }) },
      { name: 'audit search by a whole preflight id, largest org', target: true, run: () => rt.services.audit.list(bigKey, { search: someId }) },
      { name: 'audit search "finance" (full scan of the window), largest org', target: false, run: () => rt.services.audit.list(bigKey, { search: 'finance' }) },
      { name: 'audit search by preflight id fragment, largest org', target: false, run: () => rt.services.audit.list(bigKey, { search: 'pf_00' }) },
    ];

    const rows: string[] = [];
    let failed = 0;
    for (const s of scenarios) {
      const n = s.target ? ITERATIONS : Math.max(10, Math.floor(ITERATIONS / 10));
      for (let i = 0; i < 3; i++) await s.run(); // warm-up
      const times: number[] = [];
      for (let i = 0; i < n; i++) {
        const t = performance.now();
        await s.run();
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      const p95 = percentile(times, 0.95);
      const verdict = s.target ? (p95 < TARGET_MS ? 'ok' : 'OVER') : 'info';
      if (verdict === 'OVER') failed++;
      rows.push(
        `${s.name.padEnd(64)} n=${String(n).padStart(3)}  p50 ${percentile(times, 0.5).toFixed(1).padStart(7)}  p95 ${p95.toFixed(1).padStart(7)}  ` +
          `p99 ${percentile(times, 0.99).toFixed(1).padStart(7)}  max ${times[times.length - 1].toFixed(1).padStart(7)} ms  ${verdict}`,
      );
      console.log(rows[rows.length - 1]);
    }
    console.log(failed ? `${failed} scenario(s) over the ${TARGET_MS} ms p95 target` : `every targeted scenario under ${TARGET_MS} ms p95`);
    process.exitCode = failed ? 1 : 0;
  } finally {
    await rt.close();
    await db.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(2);
});
