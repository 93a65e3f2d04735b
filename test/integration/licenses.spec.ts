import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { createLocalJWKSet, decodeProtectedHeader, importSPKI, jwtVerify } from 'jose';
import { ADMIN_KEY, ENGINES, TestApp, createOrg, createOrgKey, createPolicy, startApp } from '../support/app';
import { DAY_MS, RULES, expectError, expectLogsFreeOf, movableClock } from './helpers';

const VALIDATE_PATHS = ['/v1/license/validate', '/api/license/validate'];

for (const engine of ENGINES) {
  describe(`licenses (${engine})`, () => {
    const clock = movableClock();
    let app: TestApp;
    before(async () => {
      app = await startApp(engine, { now: clock.now });
    });
    after(async () => app?.close());

    describe('list', () => {
      it('lists an organization’s trial license with the key redacted', async () => {
        const org = await createOrg(app);
        const key = await createOrgKey(app, org.org_id);
        for (const token of [ADMIN_KEY, key.key]) {
          const res = await app.api('GET', `/api/orgs/${org.org_id}/licenses`, { token });
          expect(res.status, res.text).to.equal(200);
          expect(res.body).to.have.length(1);
          const l = res.body[0];
          expect(l).to.include({
            license_id: org.license_id,
            org_id: org.org_id,
            license_key: `pfl_…${org.license_key.slice(-4)}`,
            license_type: 'trial',
            status: 'active',
            max_checks_per_month: 10_000,
            default_policy_group: 'default',
          });
          expect(Date.parse(l.expires_at) - Date.parse(l.created_at)).to.equal(30 * DAY_MS);
          expect(res.text).to.not.include(org.license_key);
        }
      });

      it('lists every license for the operator only', async () => {
        const a = await createOrg(app);
        const b = await createOrg(app);
        const res = await app.api('GET', '/api/licenses', { token: ADMIN_KEY });
        expect(res.status).to.equal(200);
        const ids = res.body.map((l: { license_id: string }) => l.license_id);
        expect(ids).to.include.members([a.license_id, b.license_id]);
        expect(res.text).to.not.include(a.license_key).and.not.include(b.license_key);
        const aKey = await createOrgKey(app, a.org_id);
        expectError(await app.api('GET', '/api/licenses', { token: aKey.key }), 403, 'forbidden');
        expectError(await app.api('GET', '/api/licenses', { token: a.license_key }), 403, 'forbidden');
        expectError(await app.api('GET', '/api/licenses'), 401, 'unauthenticated');
        expectError(await app.api('GET', `/api/orgs/${b.org_id}/licenses`, { token: aKey.key }), 403, 'forbidden');
        expectError(await app.api('GET', `/api/orgs/${a.org_id}/licenses`, { token: a.license_key }), 403, 'forbidden');
        expectError(await app.api('GET', '/api/orgs/nobody/licenses', { token: ADMIN_KEY }), 404, 'not_found');
      });
    });

    describe('validate', () => {
      for (const method of ['POST', 'GET']) {
        for (const p of VALIDATE_PATHS) {
          it(`${method} ${p} returns the license fields and a token that verifies with the served keys`, async () => {
            const org = await createOrg(app);
            const active = await createPolicy(app, org.org_id, { name: 'Active', rules: RULES });
            const inactive = await createPolicy(app, org.org_id, { name: 'Inactive', is_active: false, policy_group: 'beta' });
            const res = await app.api(method, p, { token: org.license_key });
            expect(res.status, res.text).to.equal(200);
            const v = res.body;
            expect(v.valid).to.equal(true);
            expect(v.org_id).to.equal(org.org_id);
            expect(v.expires).to.be.a('string');
            expect(new Date(v.expires).toISOString()).to.equal(v.expires);
            expect(v.policy_version).to.be.a('string').and.not.equal('');
            expect(v.policy_groups).to.be.an('array').that.includes('default');
            expect(v.default_policy_group).to.equal('default');
            expect(v.policy_config).to.be.an('object');
            const ids = v.policy_config.policies.map((x: { policy_id: string }) => x.policy_id);
            expect(ids).to.deep.equal([active.policy_id]);
            expect(ids).to.not.include(inactive.policy_id);
            expect(v.policy_config.policies[0]).to.deep.include({ version: '1', name: 'Active' });
            expect(v.policy_config.policies[0].rules).to.have.length(2);
            expect(v.policy_config.policies[0]).to.not.have.any.keys('api_key');
            expect(res.text).to.not.include(active.api_key);
            expect(v.jwt_token).to.be.a('string');

            const pk = await app.api('GET', '/v1/license/public-key');
            expect(pk.status).to.equal(200);
            expect(pk.body.alg).to.equal('RS256');
            expect(pk.body.pem).to.match(/^-----BEGIN PUBLIC KEY-----/);
            expect(pk.body.jwk.kid).to.equal(pk.body.kid);
            expect(pk.body.jwk).to.not.have.any.keys('d', 'p', 'q', 'dp', 'dq', 'qi');
            const jwks = await app.api('GET', '/.well-known/jwks.json');
            expect(jwks.status).to.equal(200);
            for (const k of jwks.body.keys) expect(k).to.not.have.any.keys('d', 'p', 'q');

            const header = decodeProtectedHeader(v.jwt_token);
            expect(header.alg).to.equal('RS256');
            expect(header.kid).to.equal(pk.body.kid);
            const byPem = await jwtVerify(v.jwt_token, await importSPKI(pk.body.pem, 'RS256'), {
              algorithms: ['RS256'],
              currentDate: clock.now(),
            });
            const byJwks = await jwtVerify(v.jwt_token, createLocalJWKSet(jwks.body), { algorithms: ['RS256'], currentDate: clock.now() });
            for (const { payload } of [byPem, byJwks]) {
              expect(payload).to.include({ org_id: org.org_id, license_id: org.license_id, policy_version: v.policy_version });
              expect(payload.exp).to.be.a('number');
              expect(payload.exp! * 1000).to.be.at.most(Date.parse(v.expires));
              expect(payload.exp! * 1000).to.be.greaterThan(clock.now().getTime());
            }
            expectLogsFreeOf(app, [org.license_key, v.jwt_token]);
          });
        }
      }

      it('GraphQL validateLicense returns the same fields and token', async () => {
        const org = await createOrg(app);
        const res = await app.gql('{ validateLicense { valid org_id license_id status policy_version policy_groups default_policy_group expires jwt_token policy_config } }', {}, { token: org.license_key });
        expect(res.body.errors, res.text).to.equal(undefined);
        const v = res.body.data!.validateLicense;
        expect(v).to.include({ valid: true, org_id: org.org_id, license_id: org.license_id, status: 'active' });
        const pk = await app.gql('{ licensePublicKey { kid alg pem jwk } }');
        expect(pk.body.errors, pk.text).to.equal(undefined);
        const { payload, protectedHeader } = await jwtVerify(v.jwt_token, await importSPKI(pk.body.data!.licensePublicKey.pem, 'RS256'), { currentDate: clock.now() });
        expect(protectedHeader.kid).to.equal(pk.body.data!.licensePublicKey.kid);
        expect(payload.org_id).to.equal(org.org_id);
      });

      it('moves policy_version when a policy’s rules change', async () => {
        const org = await createOrg(app);
        const p = await createPolicy(app, org.org_id, { rules: RULES });
        const v1 = (await app.api('POST', VALIDATE_PATHS[0], { token: org.license_key })).body;
        await app.api('PATCH', `/api/orgs/${org.org_id}/policies/${p.policy_id}`, { token: ADMIN_KEY, body: { name: 'Renamed only' } });
        const same = (await app.api('POST', VALIDATE_PATHS[0], { token: org.license_key })).body;
        expect(same.policy_version).to.equal(v1.policy_version);
        await app.api('PATCH', `/api/orgs/${org.org_id}/policies/${p.policy_id}`, { token: ADMIN_KEY, body: { rules: RULES.slice(0, 1) } });
        const v2 = (await app.api('POST', VALIDATE_PATHS[0], { token: org.license_key })).body;
        expect(v2.policy_version).to.not.equal(v1.policy_version);
        expect(v2.policy_config.policies[0].version).to.equal('2');
      });

      it('answers 401 for a missing or unknown key and 403 for other credentials', async () => {
        const org = await createOrg(app);
        const p = await createPolicy(app, org.org_id);
        for (const path of VALIDATE_PATHS) {
          expectError(await app.api('POST', path), 401, 'unauthenticated');
          expectError(await app.api('POST', path, { token: 'pfl_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }), 401, 'unauthenticated');
          expectError(await app.api('GET', path, { token: 'garbage' }), 401, 'unauthenticated');
          expectError(await app.api('POST', path, { token: ADMIN_KEY }), 403, 'forbidden');
          expectError(await app.api('POST', path, { token: p.api_key }), 403, 'forbidden');
        }
      });

      it('an expired license validates as 200 valid:false with no token, and lists as expired', async () => {
        const org = await createOrg(app);
        try {
          clock.advance(29 * DAY_MS + 23 * 3600_000);
          // Less than a day left: the token expires with the license, not later.
          const late = (await app.api('POST', VALIDATE_PATHS[0], { token: org.license_key })).body;
          expect(late.valid).to.equal(true);
          const { payload } = await jwtVerify(late.jwt_token, await importSPKI((await app.api('GET', '/v1/license/public-key')).body.pem, 'RS256'), {
            currentDate: clock.now(),
          });
          expect(payload.exp! * 1000).to.be.at.most(Date.parse(late.expires));
          expect(payload.exp! * 1000).to.be.at.least(Date.parse(late.expires) - 1000);

          clock.advance(2 * DAY_MS);
          for (const method of ['POST', 'GET']) {
            const res = await app.api(method, VALIDATE_PATHS[1], { token: org.license_key });
            expect(res.status, res.text).to.equal(200);
            expect(res.body.valid).to.equal(false);
            expect(res.body.status).to.equal('expired');
            expect(res.body).to.not.have.property('jwt_token');
          }
          const list = await app.api('GET', `/api/orgs/${org.org_id}/licenses`, { token: ADMIN_KEY });
          expect(list.body[0].status).to.equal('expired');
        } finally {
          clock.reset();
        }
      });
    });

    describe('revoke', () => {
      it('revokes (204): status revoked, every policy of the organization inactive, validation valid:false', async () => {
        const org = await createOrg(app);
        const other = await createOrg(app);
        const p1 = await createPolicy(app, org.org_id);
        const p2 = await createPolicy(app, org.org_id, { name: 'Second' });
        const otherPolicy = await createPolicy(app, other.org_id);
        const res = await app.api('POST', `/api/licenses/${org.license_id}/revoke`, { token: ADMIN_KEY });
        expect(res.status, res.text).to.equal(204);
        expect(res.text).to.equal('');
        const list = await app.api('GET', `/api/orgs/${org.org_id}/licenses`, { token: ADMIN_KEY });
        expect(list.body[0].status).to.equal('revoked');
        for (const p of [p1, p2]) {
          const got = await app.api('GET', `/api/orgs/${org.org_id}/policies/${p.policy_id}`, { token: ADMIN_KEY });
          expect(got.body.is_active).to.equal(false);
        }
        const untouched = await app.api('GET', `/api/orgs/${other.org_id}/policies/${otherPolicy.policy_id}`, { token: ADMIN_KEY });
        expect(untouched.body.is_active).to.equal(true);
        const v = await app.api('POST', VALIDATE_PATHS[0], { token: org.license_key });
        expect(v.status, v.text).to.equal(200);
        expect(v.body).to.include({ valid: false, status: 'revoked' });
        expect(v.body).to.not.have.property('jwt_token');
        const otherV = await app.api('POST', VALIDATE_PATHS[0], { token: other.license_key });
        expect(otherV.body.valid).to.equal(true);
      });

      it('is operator-only (403 for organization keys, even its own) and 404 for an unknown license', async () => {
        const org = await createOrg(app);
        const key = await createOrgKey(app, org.org_id);
        expectError(await app.api('POST', `/api/licenses/${org.license_id}/revoke`, { token: key.key }), 403, 'forbidden');
        expectError(await app.api('POST', `/api/licenses/${org.license_id}/revoke`, { token: org.license_key }), 403, 'forbidden');
        expectError(await app.api('POST', `/api/licenses/${org.license_id}/revoke`), 401, 'unauthenticated');
        expectError(await app.api('POST', '/api/licenses/lic_nope/revoke', { token: ADMIN_KEY }), 404, 'not_found');
        const v = await app.api('POST', VALIDATE_PATHS[0], { token: org.license_key });
        expect(v.body.valid).to.equal(true);
      });
    });
  });

  describe(`license signing key (${engine})`, () => {
    it('is kept in the data directory: tokens verify after a restart', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-lic-'));
      let app = await startApp(engine, { env: { PREFLIGHT_DATA_DIR: dir } });
      try {
        const org = await createOrg(app);
        const token = (await app.api('POST', VALIDATE_PATHS[0], { token: org.license_key })).body.jwt_token as string;
        const kid = (await app.api('GET', '/v1/license/public-key')).body.kid;
        expect(fs.statSync(path.join(dir, 'license-signing-key.pem')).mode & 0o777).to.equal(0o600);
        await app.close();
        app = await startApp(engine, { env: { PREFLIGHT_DATA_DIR: dir } });
        const pk = await app.api('GET', '/v1/license/public-key');
        expect(pk.body.kid).to.equal(kid);
        const jwks = (await app.api('GET', '/.well-known/jwks.json')).body;
        const { payload } = await jwtVerify(token, createLocalJWKSet(jwks));
        expect(payload.org_id).to.equal(org.org_id);
        if (engine === 'sqlite') {
          // Same data directory, same database: the license still validates with the same key.
          const again = await app.api('POST', VALIDATE_PATHS[0], { token: org.license_key });
          expect(again.body.valid).to.equal(true);
          expect(decodeProtectedHeader(again.body.jwt_token).kid).to.equal(kid);
        }
      } finally {
        await app.close();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });

    it('uses PREFLIGHT_LICENSE_PRIVATE_KEY when configured (escaped newlines accepted)', async () => {
      const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
      const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      const app = await startApp(engine, { env: { PREFLIGHT_LICENSE_PRIVATE_KEY: pem.replace(/\n/g, '\\n') } });
      try {
        const pk = await app.api('GET', '/v1/license/public-key');
        expect(pk.body.pem.trim()).to.equal(publicKey.export({ type: 'spki', format: 'pem' }).toString().trim());
        const org = await createOrg(app);
        const token = (await app.api('POST', VALIDATE_PATHS[0], { token: org.license_key })).body.jwt_token;
        await jwtVerify(token, publicKey);
        expect(fs.existsSync(path.join(app.dataDir, 'license-signing-key.pem'))).to.equal(false);
        expect(app.logs.text()).to.not.include(pem.split('\n')[1]);
      } finally {
        await app.close();
      }
    });
  });
}
