import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import Database from 'better-sqlite3';
import mysql from 'mysql2/promise';
import { ADMIN_KEY, ENGINES, freshMysqlDatabase } from '../support/app';

const MAIN = path.join(__dirname, '..', '..', 'src', 'main.js');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/** The real server (`node dist/src/main.js`) as its own process; resolves once /healthz answers. */
async function startServer(env: Record<string, string>, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [MAIN], { env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: 'ignore' });
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`server exited with ${code}`))));
  const ready = (async () => {
    for (let i = 0; i < 600; i++) {
      if (await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false)) return child;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('server did not answer /healthz');
  })();
  try {
    return await Promise.race([ready, exited]);
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
}

async function call(port: number, method: string, p: string, body?: unknown) {
  const res = await fetch(`http://127.0.0.1:${port}${p}`, {
    method,
    headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as any;
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

for (const engine of ENGINES) {
  describe(`durability of answered checks when the process is killed under load (${engine})`, function () {
    this.timeout(180_000);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'preflight-crash-'));
    const env: Record<string, string> = {
      PREFLIGHT_DATA_DIR: dataDir,
      PREFLIGHT_ADMIN_KEY: ADMIN_KEY,
      PREFLIGHT_LOG_LEVEL: 'silent',
      PREFLIGHT_QUEUE_PREFIX: `pfcrash${crypto.randomBytes(3).toString('hex')}`,
      PREFLIGHT_ALLOW_PRIVATE_DESTINATIONS: 'true',
      PREFLIGHT_ALLOW_INSECURE_DESTINATIONS: 'true',
      // Deliveries to the unreachable destination stay pending for the whole test.
      PREFLIGHT_FORWARD_INTERVAL_MS: '600000',
      PREFLIGHT_FORWARD_BACKOFF_MS: '600000',
    };
    let dropDb: (() => Promise<void>) | undefined;
    let server: ChildProcess | undefined;

    before(async () => {
      if (engine === 'mysql') {
        const db = await freshMysqlDatabase();
        env.DATABASE_URL = db.url;
        dropDb = db.drop;
        if (process.env.TEST_REDIS_URL) env.REDIS_URL = process.env.TEST_REDIS_URL;
      }
    });
    after(async () => {
      server?.kill('SIGKILL');
      await dropDb?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    /** Record ids and delivery counts per record, read straight from the database. */
    async function stored(ids: string[]): Promise<{ records: Set<string>; deliveries: Map<string, number> }> {
      const records = new Set<string>();
      const deliveries = new Map<string, number>();
      const rowsOf = async (sql: string): Promise<Array<Record<string, unknown>>> => {
        if (engine === 'sqlite') {
          const db = new Database(path.join(dataDir, 'preflight.sqlite'), { readonly: true });
          try {
            return db.prepare(sql).all() as Array<Record<string, unknown>>;
          } finally {
            db.close();
          }
        }
        const c = await mysql.createConnection(env.DATABASE_URL);
        try {
          return (await c.query(sql))[0] as Array<Record<string, unknown>>;
        } finally {
          await c.end();
        }
      };
      for (const r of await rowsOf('SELECT id FROM preflight_records')) records.add(String(r.id));
      for (const r of await rowsOf('SELECT record_id, COUNT(*) AS n FROM forwarding_deliveries GROUP BY record_id')) deliveries.set(String(r.record_id), Number(r.n));
      expect(ids.length).to.be.greaterThan(0);
      return { records, deliveries };
    }

    it('finds, after a restart, the record and outbox rows of every check answered 200 before SIGKILL', async () => {
      const port = await freePort();
      server = await startServer(env, port);
      const org = await call(port, 'POST', '/api/orgs', { name: 'Crash org' });
      const policy = await call(port, 'POST', `/api/orgs/${org.org_id}/policies`, {
        name: 'Crash policy',
        rules: [{ name: 'Mask personal data', dataTypes: ['PII'], destinations: ['AI_TOOL'], action: 'MASK' }],
      });
      for (const p of ['a', 'b']) {
        await call(port, 'POST', `/api/orgs/${org.org_id}/forwarding-destinations`, { url: `http://127.0.0.1:9/${p}` });
      }

      const answered: string[] = [];
      let failures = 0;
      const body = JSON.stringify({ text: 'Call Jane Doe at jane.doe@example.com or +1 415 555 0134. '.repeat(30), destination: 'AI_TOOL' });
      let stop = false;
      const client = async () => {
        // Bounded: at most 2,000 checks per client, and it stops at the first refused connection.
        for (let i = 0; i < 2000 && !stop; i++) {
          try {
            const res = await fetch(`http://127.0.0.1:${port}/api/preflight/text`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'X-Service-API-Key': policy.api_key },
              body,
            });
            const json = (await res.json()) as any;
            if (res.status === 200) answered.push(json.preflight_id);
          } catch {
            failures++;
            return;
          }
        }
      };
      let running = 16;
      const clients = Array.from({ length: 16 }, () => client().finally(() => running--));
      // Kill in the middle of the run: once a few hundred checks were answered.
      while (answered.length < 300 && failures === 0 && running > 0) await new Promise((r) => setTimeout(r, 5));
      expect(answered.length, 'checks answered 200 before the kill').to.be.at.least(300);
      server.kill('SIGKILL');
      await Promise.all(clients);
      stop = true;
      const killedAt = answered.length;
      expect(failures, 'in-flight requests cut by the kill').to.be.greaterThan(0);

      server = await startServer(env, port);
      const { records, deliveries } = await stored(answered);
      const missing = answered.filter((id) => !records.has(id));
      expect(missing, `records missing of ${killedAt} answered`).to.deep.equal([]);
      const withoutOutbox = answered.filter((id) => deliveries.get(id) !== 2);
      expect(withoutOutbox, 'checks without their two outbox rows').to.deep.equal([]);
      // The restarted process serves the stored results.
      const one = await fetch(`http://127.0.0.1:${port}/api/preflight/${answered[answered.length - 1]}`, { headers: { 'X-Service-API-Key': policy.api_key } });
      expect(one.status).to.equal(200);
      // Graceful shutdown is tested elsewhere; here the process only has to go.
      const exited = new Promise((r) => server!.once('exit', r));
      server.kill('SIGKILL');
      await exited;
      server = undefined;
    });
  });
}
