import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { decodeJwt } from 'jose';
import { Preflight, PreflightPolicyError } from '@preflight/sdk';
import { PreflightRecordEntity } from '../../entities';
import { ADMIN_KEY, ENGINES, createOrg, createPolicy, startApp, type TestApp } from '../support/app';
import { HttpsReceiver } from '../support/https-receiver';
import { EMAIL, OTHER_EMAIL } from '../fixtures/values';
import { fakeToken } from '../unit/sdk/fixtures';
import { forwardingEnv, dropQueueKeys } from './forwarding-helpers';

/**
 * The service's own HTTP stack on a port the test opens and closes: closing it is the service
 * going away for the client (connection refused) while its storage and forwarding keep running.
 */
class Listener {
  private server?: http.Server;
  port = 0;
  constructor(private readonly app: TestApp) {}
  async open(): Promise<void> {
    const server = http.createServer(this.app.http.handler);
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', () => resolve()));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }
  async close(): Promise<void> {
    const s = this.server;
    this.server = undefined;
    if (!s) return;
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }
  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }
}

const SDK_DIR = path.resolve(__dirname, '../../../sdk');

/** The `// -> ...` lines of an example: its expected output ('...' stands for any id; a trailing (note) is ignored). */
function expectedOutput(source: string): RegExp[] {
  return [...source.matchAll(/^\s*\/\/ -> (.*)$/gm)].map((m) => {
    const line = m[1].replace(/\s{2,}\(.*\)$/, '');
    return new RegExp(`^${line.split('...').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\S*')}$`);
  });
}

for (const engine of ENGINES) {
  describe(`sdk against a running service (${engine})`, function () {
    this.timeout(30_000);
    let receiver: HttpsReceiver;
    let app: TestApp;
    let listener: Listener;
    let clockOffsetMs = 0;

    before(async () => {
      receiver = await HttpsReceiver.start();
      app = await startApp(engine, { env: forwardingEnv(receiver), now: () => new Date(Date.now() + clockOffsetMs) });
      await app.rt.start();
      listener = new Listener(app);
      await listener.open();
    });

    after(async () => {
      await listener?.close();
      if (app) {
        await app.close();
        await dropQueueKeys(app);
      }
      await receiver?.close();
    });

    it('cloud_with_fallback: answers locally while the service is stopped, then the queued decisions reach the audit log and the forwarding destination', async () => {
      const org = await createOrg(app);
      const policy = await createPolicy(app, org.org_id);
      const path = `/sdk/${engine}/events`;
      const dest = await app.api('POST', `/api/orgs/${org.org_id}/forwarding-destinations`, { token: ADMIN_KEY, body: { url: receiver.url(path) } });
      expect(dest.status, dest.text).to.equal(201);

      const pf = new Preflight({ apiKey: policy.api_key, licenseKey: org.license_key, baseUrl: listener.url, maxRetries: 1, timeoutMs: 3000 });
      expect(pf.mode).to.equal('cloud_with_fallback');
      const cloud = await pf.checkText(`Mail ${EMAIL}`, { destination: 'AI_TOOL' });
      expect(cloud).to.include({ mode_used: 'cloud', degraded: false, decision: 'ALLOWED_WITH_MASKING', masked_content: 'Mail [EMAIL_1]', source_type: 'sdk' });
      await pf.refreshPolicy();

      await listener.close();
      const masked = await pf.checkText(`Write to ${EMAIL} and ${OTHER_EMAIL}`, { destination: 'VENDOR', actorId: 'user-7' });
      expect(masked).to.include({ mode_used: 'local', degraded: true, decision: 'ALLOWED_WITH_MASKING', masked_content: 'Write to [EMAIL_1] and [EMAIL_2]', policy_id: policy.policy_id });
      const blocked = await pf.checkText(`deploy with ${fakeToken()}`, { destination: 'AI_TOOL' });
      expect(blocked).to.include({ mode_used: 'local', degraded: true, decision: 'BLOCKED' });
      expect(pf.queuedDecisions).to.equal(2);

      await listener.open();
      expect((await pf.checkText('all clear', { destination: 'AI_TOOL' })).mode_used).to.equal('cloud');
      await pf.flush();
      expect(pf.queuedDecisions).to.equal(0);

      const audit = await app.api('GET', `/api/audit?org_id=${org.org_id}&limit=50`, { token: ADMIN_KEY });
      expect(audit.status, audit.text).to.equal(200);
      const byId = new Map<string, any>(audit.body.items.map((i: any) => [i.preflight_id, i]));
      expect(byId.get(masked.preflight_id)).to.include({ decision: 'ALLOWED_WITH_MASKING', destination: 'VENDOR', source_type: 'sdk', policy_id: policy.policy_id, findings_total: 2 });
      expect(byId.get(masked.preflight_id).finding_counts).to.deep.equal({ EMAIL: 2 });
      expect(byId.get(blocked.preflight_id)).to.include({ decision: 'BLOCKED', source_type: 'sdk' });
      const stored = await app.rt.ds.getRepository(PreflightRecordEntity).findOneByOrFail({ id: masked.preflight_id });
      expect(stored).to.include({ actorId: 'user-7', maskedContentEnc: null });
      expect(JSON.stringify(stored)).not.to.include(EMAIL);

      const delivered = await receiver.waitFor(path, 4);
      const forwarded = delivered.map((r) => JSON.parse(r.body));
      const ids = forwarded.map((b) => JSON.stringify(b));
      expect(ids.some((b) => b.includes(masked.preflight_id))).to.equal(true);
      expect(ids.some((b) => b.includes(blocked.preflight_id))).to.equal(true);
      expect(delivered.map((r) => r.body).join('\n')).not.to.include(EMAIL);
    });

    it('records client decisions idempotently and refuses bodies with anything but counts', async () => {
      const org = await createOrg(app);
      const policy = await createPolicy(app, org.org_id);
      const send = (body: unknown) => app.api('POST', '/v1/preflight/events', { headers: { 'x-service-api-key': policy.api_key }, body });
      const decision = {
        preflight_id: 'pfc_0123456789abcdef01234567',
        created_at: new Date().toISOString(),
        decision: 'ALLOWED',
        destination: 'AI_TOOL',
        policy_version: '1',
        finding_counts_by_type: {},
        input_type: 'text',
        input_size_bytes: 12,
        source_type: 'browser_extension',
      };
      const first = await send({ decisions: [decision, decision] });
      expect(first.status, first.text).to.equal(200);
      expect(first.body).to.deep.equal({ recorded: 1, duplicates: 1 });
      expect((await send({ decisions: [decision] })).body).to.deep.equal({ recorded: 0, duplicates: 1 });

      const refused: Array<[string, unknown]> = [
        ['a free-text field', { decisions: [{ ...decision, preflight_id: 'pfc_aaaaaaaaaaaaaaaa', text: 'hello' }] }],
        ['a value in actor_id', { decisions: [{ ...decision, preflight_id: 'pfc_bbbbbbbbbbbbbbbb', actor_id: 'Jane Doe lives here' }] }],
        ['a non-count', { decisions: [{ ...decision, preflight_id: 'pfc_cccccccccccccccc', finding_counts_by_type: { EMAIL: 'x@y.z' } }] }],
        ['501 decisions', { decisions: Array.from({ length: 501 }, (_, i) => ({ ...decision, preflight_id: `pfc_${String(i).padStart(16, '0')}` })) }],
        ['an extra top-level field', { decisions: [decision], note: 'x' }],
        ['source api', { decisions: [{ ...decision, preflight_id: 'pfc_dddddddddddddddd', source_type: 'api' }] }],
      ];
      for (const [what, body] of refused) {
        const res = await send(body);
        expect(res.status, what).to.equal(422);
        expect(res.body.error.code, what).to.equal('validation_failed');
      }
      const org2 = await app.api('POST', '/api/preflight/events', { token: ADMIN_KEY, body: { decisions: [decision] } });
      expect(org2.status).to.equal(401);
    });

    it('client decisions are counted against the monthly allowance; a 429 stops the batch after those recorded', async () => {
      const small = await startApp(engine, { env: { PREFLIGHT_TRIAL_MAX_CHECKS: '2' } });
      try {
        const org = await createOrg(small);
        const policy = await createPolicy(small, org.org_id);
        const decisions = [1, 2, 3].map((i) => ({
          preflight_id: `pfc_quota${i}quota${i}quota${i}`,
          created_at: new Date().toISOString(),
          decision: 'ALLOWED',
          destination: 'AI_TOOL',
          policy_version: '1',
          finding_counts_by_type: { EMAIL: i },
          input_type: 'text',
          input_size_bytes: 10,
          source_type: 'sdk',
        }));
        const res = await small.api('POST', '/api/preflight/events', { headers: { 'x-service-api-key': policy.api_key }, body: { decisions } });
        expect(res.status, res.text).to.equal(429);
        expect(res.body.error.code).to.equal('quota_exceeded');
        const stored = await small.rt.ds.getRepository(PreflightRecordEntity).find({ where: { orgId: org.org_id } });
        expect(stored.map((r) => r.id).sort()).to.deep.equal([decisions[0].preflight_id, decisions[1].preflight_id]);
        const check = await small.api('POST', '/api/preflight/text', { headers: { 'x-service-api-key': policy.api_key }, body: { text: 'x', destination: 'AI_TOOL' } });
        expect(check.status).to.equal(429);
      } finally {
        await small.close();
      }
    });

    it('text checks with include_spans return offsets and tokens, never values', async () => {
      const org = await createOrg(app);
      const policy = await createPolicy(app, org.org_id);
      const text = `a ${EMAIL} b ${EMAIL}`;
      const res = await app.api('POST', '/api/preflight/text', { headers: { 'x-service-api-key': policy.api_key }, body: { text, destination: 'AI_TOOL', include_spans: true } });
      expect(res.status, res.text).to.equal(200);
      expect(res.body.spans).to.deep.equal([
        { type: 'EMAIL', start: 2, end: 2 + EMAIL.length, token: '[EMAIL_1]' },
        { type: 'EMAIL', start: text.lastIndexOf(EMAIL), end: text.length, token: '[EMAIL_1]' },
      ]);
      const without = await app.api('POST', '/api/preflight/text', { headers: { 'x-service-api-key': policy.api_key }, body: { text, destination: 'AI_TOOL' } });
      expect(without.body).not.to.have.property('spans');
      const gql = await app.gql(
        'mutation ($input: PreflightTextInput!) { preflightText(input: $input) { decision masked_content spans { type start end token } } }',
        { input: { text, destination: 'AI_TOOL', include_spans: true } },
        { headers: { 'x-service-api-key': policy.api_key } },
      );
      expect(gql.body.errors, gql.text).to.equal(undefined);
      expect(gql.body.data.preflightText.spans).to.deep.equal(res.body.spans);

      const pf = new Preflight({ mode: 'cloud', apiKey: policy.api_key, baseUrl: listener.url });
      const p = await pf.protect(text, { destination: 'AI_TOOL' });
      expect(p.result.mode_used).to.equal('cloud');
      expect(p.restore('ok [EMAIL_1]')).to.equal(`ok ${EMAIL}`);
    });

    it('the examples of sdk/README.md run as written and print what their comments say', async function () {
      if (engine !== 'sqlite') this.skip(); // the examples do not depend on the storage engine: run them once
      const readme = fs.readFileSync(path.join(SDK_DIR, 'README.md'), 'utf8');
      const org = await createOrg(app);
      const policy = await createPolicy(app, org.org_id);
      const env = { ...process.env, PREFLIGHT_URL: listener.url, PREFLIGHT_API_KEY: policy.api_key, PREFLIGHT_LICENSE_KEY: org.license_key };
      for (const name of ['local', 'signed-local', 'cloud', 'fallback', 'protect']) {
        const file = path.join(SDK_DIR, 'examples', `${name}.mjs`);
        const source = fs.readFileSync(file, 'utf8');
        expect(readme, `${name}.mjs is in the README`).to.include(source.trimEnd());
        const { stdout } = await promisify(execFile)(process.execPath, [file], { env, cwd: SDK_DIR });
        const lines = stdout.trimEnd().split('\n');
        const expected = expectedOutput(source);
        expect(lines, name).to.have.length(expected.length);
        lines.forEach((line, i) => expect(line, `${name}.mjs line ${i + 1}`).to.match(expected[i]));
      }
    });

    it('the signed policy bundle verifies with the served JWKS, and is refused when tampered or expired', async () => {
      const org = await createOrg(app);
      const policy = await createPolicy(app, org.org_id);
      const v = await app.api('POST', '/v1/license/validate', { token: org.license_key });
      expect(v.status, v.text).to.equal(200);
      const bundle: string = v.body.policy_bundle;
      const claims = decodeJwt(bundle);
      expect(claims.exp! * 1000).to.be.at.most(Date.parse(v.body.expires));
      expect((claims.policies as any[]).map((p) => p.policy_id)).to.deep.equal([policy.policy_id]);
      const viaGql = await app.gql('{ validateLicense { valid policy_bundle } }', {}, { token: org.license_key });
      expect(viaGql.body.data.validateLicense.policy_bundle, viaGql.text).to.be.a('string');
      const jwks = (await app.api('GET', '/.well-known/jwks.json')).body;
      const publicKey = jwks.keys[0];

      const local = new Preflight({ mode: 'local', policy: bundle, publicKey, fetch: (() => { throw new Error('no network in local mode'); }) as any });
      expect(await local.checkText(`to ${EMAIL}`, { destination: 'AI_TOOL' })).to.include({ decision: 'ALLOWED_WITH_MASKING', policy_id: policy.policy_id, org_id: org.org_id });

      const [h, body, sig] = bundle.split('.');
      const loosened = JSON.parse(Buffer.from(body, 'base64url').toString());
      loosened.policies[0].rules = [];
      const tampered = `${h}.${Buffer.from(JSON.stringify(loosened)).toString('base64url')}.${sig}`;
      const err1 = await new Preflight({ mode: 'local', policy: tampered, publicKey }).checkText('x', { destination: 'AI_TOOL' }).catch((e) => e);
      expect(err1).to.be.instanceOf(PreflightPolicyError);
      expect(err1.code).to.equal('policy_invalid');

      // A bundle issued two days ago has expired (it lives at most a day).
      clockOffsetMs = -48 * 3600_000;
      let old: string;
      try {
        const org2 = await createOrg(app);
        await createPolicy(app, org2.org_id);
        old = (await app.api('POST', '/v1/license/validate', { token: org2.license_key })).body.policy_bundle;
      } finally {
        clockOffsetMs = 0;
      }
      const err2 = await new Preflight({ mode: 'local', policy: old, publicKey }).checkText('x', { destination: 'AI_TOOL' }).catch((e) => e);
      expect(err2).to.be.instanceOf(PreflightPolicyError);
      expect(err2.code).to.equal('policy_expired');
    });
  });
}
