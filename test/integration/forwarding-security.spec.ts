import crypto from 'node:crypto';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { ForwardingDestinationEntity } from '../../entities';
import { loadConfig } from '../../src/config';
import { Cipher } from '../../src/lib/secrets';
import { createLogger } from '../../src/lib/logger';
import { createRuntime } from '../../src/runtime';
import { ADMIN_KEY, ENGINES, LogCapture, createOrg, startApp, type TestApp } from '../support/app';
import { HttpsReceiver } from '../support/https-receiver';
import { fakeCredential, insertRecord } from '../support/records';
import { deliveriesOf, dropQueueKeys, eventually, forwardingEnv, sleep } from './forwarding-helpers';
import { expectInvalid } from './helpers';

const WORKER_MAIN = path.resolve(__dirname, '../../src/worker-main.js');
const key = () => crypto.randomBytes(32).toString('base64');

for (const engine of ENGINES) {
  describe(`forwarding security (${engine})`, function () {
    this.timeout(30_000);
    let receiver: HttpsReceiver;
    const apps: TestApp[] = [];

    before(async () => {
      receiver = await HttpsReceiver.start();
    });

    after(async () => {
      for (const app of apps) {
        await app.close();
        await dropQueueKeys(app);
      }
      await receiver?.close();
    });

    async function start(env: Record<string, string>): Promise<TestApp> {
      const app = await startApp(engine, { env });
      apps.push(app);
      await app.rt.start();
      return app;
    }

    it('refuses private, loopback and plain-http URLs at create and update (default flags)', async () => {
      const app = await start({ PREFLIGHT_FORWARD_BACKOFF_MS: '100,100', PREFLIGHT_FORWARD_INTERVAL_MS: '100' });
      const org = await createOrg(app);
      const base = `/api/orgs/${org.org_id}/forwarding-destinations`;
      for (const url of [receiver.url('/x'), `https://127.0.0.1:${receiver.port}/x`, 'https://[::1]/x', 'https://169.254.169.254/latest', 'http://collector.example.com/x']) {
        expectInvalid(await app.api('POST', base, { token: ADMIN_KEY, body: { url } }), 'url');
      }
      const ok = await app.api('POST', base, { token: ADMIN_KEY, body: { url: 'https://collector.example.com/in', enabled: false } });
      expect(ok.status, ok.text).to.equal(201);
      expectInvalid(await app.api('PATCH', `${base}/${ok.body.destination_id}`, { token: ADMIN_KEY, body: { url: 'https://10.0.0.8/in' } }), 'url');
    });

    it('refuses at delivery time a saved name that now resolves to a loopback address (DNS rebinding)', async () => {
      const app = await start({ PREFLIGHT_FORWARD_BACKOFF_MS: '100,100', PREFLIGHT_FORWARD_INTERVAL_MS: '100' });
      const org = await createOrg(app);
      // As if the name had resolved to a public address when it was saved.
      const p = `/rebind/${engine}`;
      const dest = app.rt.ds.getRepository(ForwardingDestinationEntity).create({
        id: `fwd_${crypto.randomBytes(12).toString('hex')}`,
        orgId: org.org_id,
        url: receiver.url(p),
        authHeaderName: null,
        authHeaderValueEnc: null,
        enabled: true,
        lastError: null,
        lastErrorAt: null,
        createdAt: new Date(),
        updatedAt: new Date(),
      });
      await app.rt.ds.getRepository(ForwardingDestinationEntity).insert(dest);
      await insertRecord(app.rt, org.org_id);
      const row = await eventually(async () => {
        const [r] = await deliveriesOf(app, dest.id);
        return r?.state === 'failed' && r;
      }, 8000, 'dead-letter');
      expect(row.lastError).to.match(/^refused: the destination address is private, loopback or link-local/);
      const test = await app.api('POST', `/api/orgs/${org.org_id}/forwarding-destinations/${dest.id}/test`, { token: ADMIN_KEY });
      expect(test.body).to.include({ ok: false, status_code: null });
      expect(test.body.error).to.match(/private, loopback or link-local/);
      expect(receiver.requests(p)).to.have.length(0);
    });

    it('reports an untrusted certificate as a TLS failure', async () => {
      // Private addresses allowed, but no CA file: the receiver's self-signed certificate is not trusted.
      const app = await start({ PREFLIGHT_ALLOW_PRIVATE_DESTINATIONS: 'true' });
      const org = await createOrg(app);
      const res = await app.api('POST', `/api/orgs/${org.org_id}/forwarding-destinations`, { token: ADMIN_KEY, body: { url: receiver.url('/tls') } });
      const test = await app.api('POST', `/api/orgs/${org.org_id}/forwarding-destinations/${res.body.destination_id}/test`, { token: ADMIN_KEY });
      expect(test.body).to.include({ ok: false, status_code: null });
      expect(test.body.error).to.match(/^TLS handshake failed \((DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_VERIFY_LEAF_SIGNATURE)\)/);
      expect(receiver.requests('/tls')).to.have.length(0);
    });

    it('rotates the encryption key: old values still work, re-encryption moves them to the new key', async () => {
      const oldKey = key();
      const newKey = key();
      const app = await start({ ...forwardingEnv(receiver), PREFLIGHT_ENCRYPTION_KEY: oldKey });
      const org = await createOrg(app);
      const secret = fakeCredential();
      const p = `/rotate/${engine}`;
      const res = await app.api('POST', `/api/orgs/${org.org_id}/forwarding-destinations`, {
        token: ADMIN_KEY,
        body: { url: receiver.url(p), auth_header_name: 'Authorization', auth_header_value: secret },
      });
      const repo = app.rt.ds.getRepository(ForwardingDestinationEntity);
      const before = (await repo.findOneByOrFail({ id: res.body.destination_id })).authHeaderValueEnc!;
      const oldId = Cipher.keyId(Buffer.from(oldKey, 'base64'));
      const newId = Cipher.keyId(Buffer.from(newKey, 'base64'));
      expect(before.split(':')[1]).to.equal(oldId);

      // `npm run worker -- --reencrypt` with PREFLIGHT_ENCRYPTION_KEY=new,old on the same database.
      const env: Record<string, string> = {
        PATH: process.env.PATH ?? '',
        PREFLIGHT_DATA_DIR: app.dataDir,
        PREFLIGHT_ENCRYPTION_KEY: `${newKey},${oldKey}`,
        PREFLIGHT_QUEUE_PREFIX: app.rt.config.queuePrefix,
        PREFLIGHT_LOG_LEVEL: 'info',
      };
      if (app.rt.config.databaseUrl) env.DATABASE_URL = app.rt.config.databaseUrl;
      if (app.rt.config.redisUrl) env.REDIS_URL = app.rt.config.redisUrl;
      const { stdout } = await promisify(execFile)(process.execPath, [WORKER_MAIN, '--reencrypt'], { env });
      expect(stdout).to.include('"reencrypted":1');
      expect(stdout).not.to.include(secret.slice(7));
      const after = (await repo.findOneByOrFail({ id: res.body.destination_id })).authHeaderValueEnc!;
      expect(after.split(':')[1]).to.equal(newId);

      // A process with only the new key delivers with the same header value.
      const logs = new LogCapture();
      const config = loadConfig({ ...env, ...forwardingEnv(receiver), PREFLIGHT_ENCRYPTION_KEY: newKey });
      const rt = await createRuntime(config, { logger: createLogger('debug', logs) });
      try {
        const t = await rt.services.forwarding.test({ kind: 'operator' }, org.org_id, res.body.destination_id);
        expect(t).to.include({ ok: true, status_code: 200 });
        expect(receiver.requests(p).at(-1)!.headers.authorization).to.equal(secret);

        // The old-key-only process now cannot decrypt it, and says so without the value.
        const stale = await app.api('POST', `/api/orgs/${org.org_id}/forwarding-destinations/${res.body.destination_id}/test`, { token: ADMIN_KEY });
        expect(stale.body).to.include({ ok: false, status_code: null });
        expect(stale.body.error).to.match(/cannot be decrypted.*PREFLIGHT_ENCRYPTION_KEY/);

        // A value written with the old key is re-encrypted on first use by a process holding both keys.
        const second = await app.api('POST', `/api/orgs/${org.org_id}/forwarding-destinations`, {
          token: ADMIN_KEY,
          body: { url: receiver.url(p), auth_header_name: 'Authorization', auth_header_value: secret },
        });
        const both = await createRuntime(loadConfig({ ...env, ...forwardingEnv(receiver) }), { logger: createLogger('debug', logs) });
        try {
          expect((await both.services.forwarding.test({ kind: 'operator' }, org.org_id, second.body.destination_id)).ok).to.equal(true);
          await sleep(50);
          expect((await repo.findOneByOrFail({ id: second.body.destination_id })).authHeaderValueEnc!.split(':')[1]).to.equal(newId);
        } finally {
          await both.close();
        }
        expect(logs.text()).not.to.include(secret.slice(7));
      } finally {
        await rt.close();
      }
    });
  });
}
