import http from 'node:http';
import zlib from 'node:zlib';
import { expect } from 'chai';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRuntime, type Runtime } from '../../src/runtime';
import { createHttpApp, type HttpApp } from '../../src/http/app';
import { createLogger } from '../../src/lib/logger';
import { ADMIN_KEY, ENGINES, TestApp, createOrg, createPolicy, startApp } from '../support/app';
import { buildRecord } from '../support/records';

const TEXT = { text: 'Please call me back at +1 415 555 0134 or write to me, I am available most afternoons.', destination: 'AI_TOOL' };

/** Another API process on the same database (and Redis): its own runtime, caches and port. */
async function startReplica(app: TestApp): Promise<{ rt: Runtime; http: HttpApp; url: string; close(): Promise<void> }> {
  const rt = await createRuntime(app.rt.config, { logger: createLogger('silent') });
  const httpApp = await createHttpApp(rt);
  const server: Server = await new Promise((resolve) => {
    const s = http.createServer(httpApp.handler).listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    rt,
    http: httpApp,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections?.();
      await new Promise<void>((r) => server.close(() => r()));
      await httpApp.stop();
      await rt.close();
    },
  };
}

async function checkAt(url: string, key: string, body: unknown = TEXT) {
  const res = await fetch(`${url}/api/preflight/text`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-Service-API-Key': key },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** Waits until the Redis invalidation channel of a runtime is subscribed (no-op without Redis). */
/** The cache's flush counter (private): it moves when the cache drops its rows. */
const epochOf = (rt: Runtime) => (rt.services.lookups as unknown as { epoch: number }).epoch;

/**
 * Waits (at most 2 s) until the other process has dropped its cached rows since `before`: with
 * Redis the invalidation reaches it as a pub/sub message, asynchronously; without Redis the
 * check itself compares the generation, so there is nothing to wait for.
 */
async function flushedSince(rt: Runtime, before: number): Promise<void> {
  if (!rt.config.redisUrl) return;
  for (let i = 0; i < 200 && epochOf(rt) === before; i++) await new Promise((r) => setTimeout(r, 10));
  expect(epochOf(rt), 'invalidation message received').to.be.greaterThan(before);
}

async function subscribed(rt: Runtime): Promise<void> {
  if (!rt.config.redisUrl) return;
  const lookups = rt.services.lookups as unknown as { subscribed: boolean };
  for (let i = 0; i < 200 && !lookups.subscribed; i++) await new Promise((r) => setTimeout(r, 10));
  expect(lookups.subscribed, 'redis subscription').to.equal(true);
}

for (const engine of ENGINES) {
  describe(`check path: cached lookups, admission first, group commit (${engine})`, function () {
    this.timeout(60_000);
    let app: TestApp;

    before(async () => {
      app = await startApp(engine, { env: { PREFLIGHT_RATE_LIMIT_POLICY_PER_MINUTE: '1000', PREFLIGHT_RATE_LIMIT_ORG_PER_MINUTE: '1000' } });
    });
    after(async () => app?.close());

    it('a rotated or deactivated policy key stops working at once in this process, and in another one on the same database once the invalidation reaches it', async () => {
      const org = await createOrg(app);
      const policy = await createPolicy(app, org.org_id);
      const replica = await startReplica(app);
      try {
        await subscribed(app.rt);
        await subscribed(replica.rt);
        // Both processes have the key cached.
        expect((await checkAt(app.url, policy.api_key)).status).to.equal(200);
        expect((await checkAt(replica.url, policy.api_key)).status).to.equal(200);

        let seen = epochOf(replica.rt);
        const rotated = await app.api('POST', `/api/orgs/${org.org_id}/policies/${policy.policy_id}/regenerate-key`, { token: ADMIN_KEY });
        expect(rotated.status).to.equal(200);
        await flushedSince(replica.rt, seen);
        const newKey = rotated.body.api_key as string;
        for (const url of [app.url, replica.url]) {
          const old = await checkAt(url, policy.api_key);
          expect(old.status, `old key at ${url === app.url ? 'this' : 'the other'} process`).to.equal(401);
          expect((await checkAt(url, newKey)).status).to.equal(200);
        }

        // A rule change shows in the next check on the other process once the invalidation reached it.
        seen = epochOf(replica.rt);
        const patched = await app.api('PATCH', `/api/orgs/${org.org_id}/policies/${policy.policy_id}`, {
          token: ADMIN_KEY,
          body: { rules: [{ name: 'Block personal data', dataTypes: ['PII'], destinations: ['AI_TOOL'], action: 'BLOCK' }] },
        });
        expect(patched.status).to.equal(200);
        await flushedSince(replica.rt, seen);
        const after = await checkAt(replica.url, newKey);
        expect(after.body.decision).to.equal('BLOCKED');
        expect(after.body.policy_version).to.equal(patched.body.version);

        seen = epochOf(replica.rt);
        const off = await app.api('PATCH', `/api/orgs/${org.org_id}/policies/${policy.policy_id}`, { token: ADMIN_KEY, body: { is_active: false } });
        expect(off.status).to.equal(200);
        await flushedSince(replica.rt, seen);
        expect((await checkAt(replica.url, newKey)).status).to.equal(403);
      } finally {
        await replica.close();
      }
    });

    it('client-decision ingest reads its organization and policy through the same cache as checks', async () => {
      const org = await createOrg(app);
      const policy = await createPolicy(app, org.org_id);
      let n = 0;
      const ingest = async () => {
        const decision = {
          preflight_id: `pfc_cache${String(++n).padStart(12, '0')}`, created_at: new Date().toISOString(), decision: 'ALLOWED', destination: 'AI_TOOL',
          policy_version: '1', finding_counts_by_type: {}, input_type: 'text', input_size_bytes: 1, source_type: 'sdk',
        };
        const res = await app.api('POST', '/api/preflight/events', { headers: { 'x-service-api-key': policy.api_key }, body: { decisions: [decision] } });
        expect(res.status, res.text).to.equal(200);
        const [row] = await app.rt.ds.query('SELECT org_name, policy_name FROM preflight_records WHERE id = ?', [decision.preflight_id]);
        return { org: row.org_name as string, policy: row.policy_name as string };
      };
      const first = await ingest();
      // Renamed behind the cache's back (no entity event, no generation bump): a cached read still sees the old names.
      await app.rt.ds.query('UPDATE organizations SET name = ? WHERE id = ?', ['Renamed in SQL', org.org_id]);
      await app.rt.ds.query('UPDATE policies SET name = ? WHERE id = ?', ['Renamed in SQL', policy.policy_id]);
      expect(await ingest()).to.deep.equal(first);
      // A change through the service invalidates the cache: the next decision sees it.
      const renamed = await app.api('PATCH', `/api/orgs/${org.org_id}`, { token: ADMIN_KEY, body: { name: 'Renamed by the API' } });
      expect(renamed.status).to.equal(200);
      expect((await ingest()).org).to.equal('Renamed by the API');
    });

    it('refuses an unauthenticated upload before reading its body', async () => {
      const url = new URL(app.url);
      const status = await new Promise<number>((resolve, reject) => {
        const req = http.request({
          host: url.hostname,
          port: url.port,
          method: 'POST',
          path: '/api/preflight',
          headers: { 'content-type': 'multipart/form-data; boundary=xyz', 'content-length': String(10 * 1024 * 1024) },
        });
        req.on('response', (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
          req.destroy();
        });
        req.on('error', (err) => ((err as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(err)));
        // Only the first 64 KB of the announced 10 MB are ever sent: the answer must come without the rest.
        req.write(`--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\n${'a'.repeat(64 * 1024)}`);
      });
      expect(status).to.equal(401);
    });

    it('answers a text check the same at its exact path (direct dispatch) and at other spellings of it (Express)', async () => {
      const org = await createOrg(app);
      const policy = await createPolicy(app, org.org_id);
      for (const path of ['/api/preflight/text', '/v1/preflight/text?trace=1', '/api/preflight/text/', '/API/Preflight/Text']) {
        const res = await app.api('POST', path, { body: TEXT, headers: { 'X-Service-API-Key': policy.api_key } });
        expect(res.status, path).to.equal(200);
        expect(res.body.decision, path).to.equal('ALLOWED_WITH_MASKING');
        expect(res.headers.get('x-ratelimit-limit'), path).to.equal('1000');
        const refused = await app.api('POST', path, { body: TEXT, headers: { 'X-Service-API-Key': 'pfp_not-a-key' } });
        expect(refused.status, path).to.equal(401);
        expect(refused.body.error.code, path).to.equal('unauthenticated');
      }
      const metrics = (await app.api('GET', '/metrics')).text;
      expect(metrics).to.match(/^preflight_http_requests_total\{method="POST",route="\/api\/preflight\/text",status="200"\} [1-9]/m);
      expect(metrics).to.match(/^preflight_http_requests_total\{method="POST",route="\/v1\/preflight\/text",status="401"\} [1-9]/m);
    });

    it("reads a text check's body by the rules of the shared JSON parser (as /api/orgs reads its own)", async () => {
      const org = await createOrg(app);
      const key = (await createPolicy(app, org.org_id)).api_key;
      const body = JSON.stringify(TEXT);
      const cases: Array<[string, string | Uint8Array, Record<string, string>, number, string | undefined]> = [
        ['a leading byte-order mark', `\ufeff${body}`, {}, 200, undefined],
        ['charset="UTF-8"', body, { 'content-type': 'application/json; charset="UTF-8"' }, 200, undefined],
        ['gzip', new Uint8Array(zlib.gzipSync(body)), { 'content-encoding': 'gzip' }, 200, undefined],
        ['truncated JSON', '{"text":', {}, 400, 'malformed_json'],
        ['a bare number', '1', {}, 400, 'malformed_json'],
        ['only spaces', '   ', {}, 400, 'malformed_json'],
        ['an empty body', '', {}, 422, 'validation_failed'],
        ['JSON nested 40 levels', '{"a":'.repeat(40) + '1' + '}'.repeat(40), {}, 422, 'validation_failed'],
        ['a body over PREFLIGHT_MAX_BODY_BYTES', JSON.stringify({ text: 'x'.repeat(11 * 1024 * 1024) }), {}, 413, 'payload_too_large'],
        ['charset latin1', body, { 'content-type': 'application/json; charset=latin1' }, 415, 'unsupported_media_type'],
      ];
      for (const [what, raw, headers, status, code] of cases) {
        const res = await app.api('POST', '/api/preflight/text', { raw, headers: { 'content-type': 'application/json', 'X-Service-API-Key': key, ...headers } });
        expect(res.status, what).to.equal(status);
        expect(res.body.error?.code, what).to.equal(code);
        if (code === undefined) continue;
        const shared = await app.api('POST', '/api/orgs', { raw, headers: { 'content-type': 'application/json', authorization: `Bearer ${ADMIN_KEY}`, ...headers } });
        expect([shared.status, shared.body.error?.code], `${what} on /api/orgs`).to.deep.equal([status, code]);
      }
    });

    it('answers a key over its rate limit 429 before parsing its file, and the refusal costs nothing', async () => {
      const limited = await startApp(engine, { env: { PREFLIGHT_RATE_LIMIT_POLICY_PER_MINUTE: '1' } });
      try {
        const org = await createOrg(limited);
        const policy = await createPolicy(limited, org.org_id);
        const upload = (content: string, name: string) => {
          const form = new FormData();
          form.set('destination', 'AI_TOOL');
          form.set('file', new Blob([content]), name);
          return fetch(`${limited.url}/api/preflight`, { method: 'POST', headers: { 'X-Service-API-Key': policy.api_key }, body: form });
        };
        expect((await upload('plain text', 'a.txt')).status).to.equal(200);
        // Not a PDF at all: parsing it would answer 4xx about the file; admission answers first.
        const refused = await upload('%PDF-1.7 this is not a pdf', 'broken.pdf');
        expect(refused.status).to.equal(429);
        expect(((await refused.json()) as any).error.code).to.equal('rate_limited');
        const [row] = await limited.rt.ds.query('SELECT COUNT(*) AS n FROM preflight_records WHERE org_id = ?', [org.org_id]);
        expect(Number(row.n)).to.equal(1);
      } finally {
        await limited.close();
      }
    });

    it('does not spend a policy key\'s points on checks the organization limit refused', async () => {
      const limited = await startApp(engine, { env: { PREFLIGHT_RATE_LIMIT_POLICY_PER_MINUTE: '3', PREFLIGHT_RATE_LIMIT_ORG_PER_MINUTE: '2' } });
      try {
        const org = await createOrg(limited);
        const policy = await createPolicy(limited, org.org_id);
        const send = () => limited.api('POST', '/api/preflight/text', { body: TEXT, headers: { 'X-Service-API-Key': policy.api_key } });
        expect((await send()).status).to.equal(200);
        expect((await send()).status).to.equal(200);
        // The organization's limit (2) is reached; the key's (3) is not, and refusals must not use it up.
        for (let i = 0; i < 4; i++) {
          const refused = await send();
          expect(refused.status).to.equal(429);
          expect(refused.body.error.message, `refusal ${i + 1}`).to.contain('organization');
          expect(refused.body.error.message).not.to.contain('policy key');
        }
      } finally {
        await limited.close();
      }
    });

    it('gives an admitted check that fails validation back to the allowance', async () => {
      const org = await createOrg(app);
      const policy = await createPolicy(app, org.org_id);
      const first = await app.api('POST', '/api/preflight/text', { body: TEXT, headers: { 'X-Service-API-Key': policy.api_key } });
      const before = Number(first.headers.get('x-ratelimit-remaining'));
      for (let i = 0; i < 3; i++) {
        const bad = await app.api('POST', '/api/preflight/text', { body: { text: '' }, headers: { 'X-Service-API-Key': policy.api_key } });
        expect(bad.status).to.equal(422);
      }
      const next = await app.api('POST', '/api/preflight/text', { body: TEXT, headers: { 'X-Service-API-Key': policy.api_key } });
      expect(Number(next.headers.get('x-ratelimit-remaining'))).to.equal(before - 1);
    });

    it('writes the records of concurrent callers in one transaction, each caller answered after the commit', async () => {
      const org = await createOrg(app);
      const metric = async () => {
        const text = (await app.api('GET', '/metrics')).text;
        const count = Number(/^preflight_record_batch_size_count (\d+)/m.exec(text)?.[1] ?? 0);
        const sum = Number(/^preflight_record_batch_size_sum (\d+)/m.exec(text)?.[1] ?? 0);
        return { count, sum };
      };
      const before = await metric();
      const records = Array.from({ length: 50 }, () => buildRecord(org.org_id));
      await Promise.all(records.map((record) => app.rt.services.recordWriter.write([{ record }])));
      const after = await metric();
      expect(after.sum - before.sum).to.equal(50);
      expect(after.count - before.count, 'transactions').to.equal(1);
      const [row] = await app.rt.ds.query('SELECT COUNT(*) AS n FROM preflight_records WHERE org_id = ?', [org.org_id]);
      expect(Number(row.n)).to.equal(50);
    });

    it('fails every caller of a batch that cannot commit, and stores none of its records', async () => {
      const org = await createOrg(app);
      const good = buildRecord(org.org_id);
      // A NOT NULL column left empty: the batch's transaction fails as a whole.
      const broken = buildRecord(org.org_id, { decision: null as unknown as 'BLOCKED' });
      const results = await Promise.allSettled([app.rt.services.recordWriter.write([{ record: good }]), app.rt.services.recordWriter.write([{ record: broken }])]);
      expect(results.map((r) => r.status)).to.deep.equal(['rejected', 'rejected']);
      const [row] = await app.rt.ds.query('SELECT COUNT(*) AS n FROM preflight_records WHERE org_id = ?', [org.org_id]);
      expect(Number(row.n)).to.equal(0);
    });

    it('fails only the caller whose record id is already stored (a client decision sent twice at once)', async () => {
      const org = await createOrg(app);
      const a = buildRecord(org.org_id);
      const clash = buildRecord(org.org_id, { id: a.id });
      const other = buildRecord(org.org_id);
      const writer = app.rt.services.recordWriter;
      const results = await Promise.allSettled([writer.write([{ record: a }]), writer.write([{ record: clash }]), writer.write([{ record: other }])]);
      expect(results.map((r) => r.status)).to.deep.equal(['fulfilled', 'rejected', 'fulfilled']);
      const [row] = await app.rt.ds.query('SELECT COUNT(*) AS n FROM preflight_records WHERE org_id = ?', [org.org_id]);
      expect(Number(row.n)).to.equal(2);
    });

    it('exposes checks by decision, destination and source, findings by type and time per stage on /metrics', async () => {
      const org = await createOrg(app);
      const policy = await createPolicy(app, org.org_id);
      const res = await app.api('POST', '/api/preflight/text', { body: TEXT, headers: { 'X-Service-API-Key': policy.api_key, 'X-Service-Source': 'sdk' } });
      expect(res.status).to.equal(200);
      const text = (await app.api('GET', '/metrics')).text;
      expect(text).to.match(/^preflight_checks_total\{decision="ALLOWED_WITH_MASKING",destination="AI_TOOL",source="sdk"\} [1-9]/m);
      expect(text).to.match(/^preflight_findings_total\{type="PHONE"\} [1-9]/m);
      for (const stage of ['admission', 'detection', 'record']) {
        expect(text).to.match(new RegExp(`^preflight_check_stage_seconds_count\\{stage="${stage}"\\} [1-9]`, 'm'));
      }
      expect(text).to.match(/^preflight_scan_queue_depth \d+/m);
      expect(text).to.match(/^preflight_record_batch_seconds_count [1-9]/m);
      expect(text).not.to.contain('555 0134');
    });
  });
}
