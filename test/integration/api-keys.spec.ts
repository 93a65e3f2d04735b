import { expect } from 'chai';
import { ADMIN_KEY, ENGINES, TestApp, createOrg, createOrgKey, startApp } from '../support/app';
import { expectError, expectInvalid, expectLogsFreeOf } from './helpers';

for (const engine of ENGINES) {
  describe(`organization API keys (${engine})`, () => {
    let app: TestApp;
    before(async () => {
      app = await startApp(engine);
    });
    after(async () => app?.close());

    it('creates a named key (201) shown in full only in the create response', async () => {
      const org = await createOrg(app);
      const res = await app.api('POST', `/api/orgs/${org.org_id}/api-keys`, { token: ADMIN_KEY, body: { name: 'Build server' } });
      expect(res.status, res.text).to.equal(201);
      const k = res.body;
      expect(k.key_id).to.match(/^key_/);
      expect(k).to.include({ org_id: org.org_id, name: 'Build server', rotated_at: null, last_used_at: null });
      expect(k.key).to.match(/^pfk_[A-Za-z0-9_-]{43}$/);
      expect(k.key_preview).to.equal(`pfk_…${k.key.slice(-4)}`);

      const list = await app.api('GET', `/api/orgs/${org.org_id}/api-keys`, { token: ADMIN_KEY });
      expect(list.status).to.equal(200);
      expect(list.body).to.have.length(1);
      expect(list.body[0]).to.not.have.property('key');
      expect(list.body[0].key_preview).to.equal(k.key_preview);
      expect(list.text).to.not.include(k.key);

      const gql = await app.gql('query($org: String!) { apiKeys(org: $org) { items { key_id key key_preview } } }', { org: org.org_id }, { token: ADMIN_KEY });
      expect(gql.body.errors, gql.text).to.equal(undefined);
      expect(gql.body.data.apiKeys.items).to.deep.equal([{ key_id: k.key_id, key: null, key_preview: k.key_preview }]);
      expectLogsFreeOf(app, [k.key]);
    });

    it('a key reaches its organization and records when it was last used', async () => {
      const org = await createOrg(app);
      const key = await createOrgKey(app, org.org_id);
      const res = await app.api('GET', `/api/orgs/${org.org_id}`, { token: key.key });
      expect(res.status, res.text).to.equal(200);
      let lastUsed: string | null = null;
      for (let i = 0; i < 20 && !lastUsed; i++) {
        const list = await app.api('GET', `/api/orgs/${org.org_id}/api-keys`, { token: ADMIN_KEY });
        lastUsed = list.body.find((k: { key_id: string }) => k.key_id === key.key_id).last_used_at;
        if (!lastUsed) await new Promise((r) => setTimeout(r, 25));
      }
      expect(lastUsed).to.be.a('string');
    });

    it('an organization key may create and list more keys of its own organization', async () => {
      const org = await createOrg(app);
      const key = await createOrgKey(app, org.org_id, 'first');
      const res = await app.api('POST', `/api/orgs/${org.slug}/api-keys`, { token: key.key, body: { name: 'second' } });
      expect(res.status, res.text).to.equal(201);
      const list = await app.api('GET', `/api/orgs/${org.org_id}/api-keys`, { token: res.body.key });
      expect(list.body.map((k: { name: string }) => k.name)).to.deep.equal(['first', 'second']);
    });

    it('rotates a key (200): the new key is shown once and the old one stops working (401)', async () => {
      const org = await createOrg(app);
      const key = await createOrgKey(app, org.org_id);
      const res = await app.api('POST', `/api/orgs/${org.org_id}/api-keys/${key.key_id}/rotate`, { token: ADMIN_KEY });
      expect(res.status, res.text).to.equal(200);
      expect(res.body.key_id).to.equal(key.key_id);
      expect(res.body.key).to.match(/^pfk_/).and.not.equal(key.key);
      expect(res.body.key_preview).to.equal(`pfk_…${res.body.key.slice(-4)}`);
      expect(res.body.rotated_at).to.be.a('string');
      expectError(await app.api('GET', `/api/orgs/${org.org_id}`, { token: key.key }), 401, 'unauthenticated');
      expect((await app.api('GET', `/api/orgs/${org.org_id}`, { token: res.body.key })).status).to.equal(200);
      const list = await app.api('GET', `/api/orgs/${org.org_id}/api-keys`, { token: ADMIN_KEY });
      expect(list.body[0]).to.not.have.property('key');
      expect(list.body[0].key_preview).to.equal(res.body.key_preview);
      expect(list.text).to.not.include(res.body.key);
      expectLogsFreeOf(app, [key.key, res.body.key]);
    });

    it('a key may rotate itself', async () => {
      const org = await createOrg(app);
      const key = await createOrgKey(app, org.org_id);
      const res = await app.api('POST', `/api/orgs/${org.org_id}/api-keys/${key.key_id}/rotate`, { token: key.key });
      expect(res.status, res.text).to.equal(200);
      expectError(await app.api('GET', `/api/orgs/${org.org_id}`, { token: key.key }), 401, 'unauthenticated');
    });

    it('revokes a key (204): it stops authenticating and leaves the list', async () => {
      const org = await createOrg(app);
      const keep = await createOrgKey(app, org.org_id, 'keep');
      const drop = await createOrgKey(app, org.org_id, 'drop');
      const res = await app.api('DELETE', `/api/orgs/${org.org_id}/api-keys/${drop.key_id}`, { token: keep.key });
      expect(res.status).to.equal(204);
      expect(res.text).to.equal('');
      expectError(await app.api('GET', `/api/orgs/${org.org_id}`, { token: drop.key }), 401, 'unauthenticated');
      const list = await app.api('GET', `/api/orgs/${org.org_id}/api-keys`, { token: keep.key });
      expect(list.body.map((k: { key_id: string }) => k.key_id)).to.deep.equal([keep.key_id]);
      expectError(await app.api('DELETE', `/api/orgs/${org.org_id}/api-keys/${drop.key_id}`, { token: keep.key }), 404, 'not_found');
    });

    it('answers 404 for an unknown key id and for another organization’s key under this organization', async () => {
      const a = await createOrg(app);
      const b = await createOrg(app);
      const bKey = await createOrgKey(app, b.org_id);
      for (const token of [ADMIN_KEY, (await createOrgKey(app, a.org_id)).key]) {
        expectError(await app.api('POST', `/api/orgs/${a.org_id}/api-keys/key_nope/rotate`, { token }), 404, 'not_found');
        expectError(await app.api('DELETE', `/api/orgs/${a.org_id}/api-keys/key_nope`, { token }), 404, 'not_found');
        expectError(await app.api('POST', `/api/orgs/${a.org_id}/api-keys/${bKey.key_id}/rotate`, { token }), 404, 'not_found');
        expectError(await app.api('DELETE', `/api/orgs/${a.org_id}/api-keys/${bKey.key_id}`, { token }), 404, 'not_found');
      }
      // B's key still works: nothing was rotated or revoked.
      expect((await app.api('GET', `/api/orgs/${b.org_id}`, { token: bKey.key })).status).to.equal(200);
    });

    it('answers 422 for a missing or empty name and for unknown fields', async () => {
      const org = await createOrg(app);
      expectInvalid(await app.api('POST', `/api/orgs/${org.org_id}/api-keys`, { token: ADMIN_KEY, body: {} }), 'name');
      expectInvalid(await app.api('POST', `/api/orgs/${org.org_id}/api-keys`, { token: ADMIN_KEY, body: { name: '' } }), 'name');
      expectError(await app.api('POST', `/api/orgs/${org.org_id}/api-keys`, { token: ADMIN_KEY, body: { name: 'x', key: 'pfk_mine' } }), 422, 'validation_failed');
    });

    it('answers 401 without a credential and 403 with another organization’s key', async () => {
      const a = await createOrg(app);
      const b = await createOrg(app);
      const aKey = await createOrgKey(app, a.org_id);
      const bKey = await createOrgKey(app, b.org_id);
      expectError(await app.api('GET', `/api/orgs/${a.org_id}/api-keys`), 401, 'unauthenticated');
      expectError(await app.api('POST', `/api/orgs/${a.org_id}/api-keys`, { body: { name: 'x' } }), 401, 'unauthenticated');
      expectError(await app.api('GET', `/api/orgs/${b.org_id}/api-keys`, { token: aKey.key }), 403, 'forbidden');
      expectError(await app.api('POST', `/api/orgs/${b.org_id}/api-keys`, { token: aKey.key, body: { name: 'x' } }), 403, 'forbidden');
      expectError(await app.api('POST', `/api/orgs/${b.org_id}/api-keys/${bKey.key_id}/rotate`, { token: aKey.key }), 403, 'forbidden');
      expectError(await app.api('DELETE', `/api/orgs/${b.org_id}/api-keys/${bKey.key_id}`, { token: aKey.key }), 403, 'forbidden');
      expect((await app.api('GET', `/api/orgs/${b.org_id}`, { token: bKey.key })).status).to.equal(200);
    });
  });
}
