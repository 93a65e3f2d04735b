import { expect } from 'chai';
import { ADMIN_KEY, ENGINES, TestApp, createOrg, createOrgKey, createPolicy, startApp } from '../support/app';
import { DAY_MS, expectError, expectInvalid, expectLogsFreeOf } from './helpers';

for (const engine of ENGINES) {
  describe(`organizations (${engine})`, () => {
    let app: TestApp;
    before(async () => {
      app = await startApp(engine);
    });
    after(async () => app?.close());

    describe('create', () => {
      it('returns 201 with the organization and its trial license, full license key included', async () => {
        const before = Date.now();
        const res = await app.api('POST', '/api/orgs', {
          token: ADMIN_KEY,
          body: { name: 'Acme Health', slug: 'acme-health', settings: { data_region: 'EU', admin_email: 'dpo@acme.example' } },
        });
        expect(res.status, res.text).to.equal(201);
        const o = res.body;
        expect(o.org_id).to.match(/^org_/);
        expect(o).to.include({ name: 'Acme Health', slug: 'acme-health', license_type: 'trial' });
        expect(o.settings).to.deep.equal({ data_region: 'EU', admin_email: 'dpo@acme.example' });
        expect(new Date(o.created_at).toISOString()).to.equal(o.created_at);
        expect(o.updated_at).to.equal(o.created_at);
        expect(o.license_id).to.match(/^lic_/);
        expect(o.license_key).to.match(/^pfl_[A-Za-z0-9_-]{43}$/);
        const expires = Date.parse(o.license_expires_at);
        expect(expires).to.be.within(before + 30 * DAY_MS - 5000, Date.now() + 30 * DAY_MS + 5000);
        // The full key really is the license key: it validates.
        const v = await app.api('POST', '/v1/license/validate', { token: o.license_key });
        expect(v.status, v.text).to.equal(200);
        expect(v.body.valid).to.equal(true);
        expectLogsFreeOf(app, [o.license_key]);
      });

      it('derives a unique slug from the name when none is given', async () => {
        const a = await app.api('POST', '/api/orgs', { token: ADMIN_KEY, body: { name: 'Ünïcode Café & Co' } });
        expect(a.status, a.text).to.equal(201);
        expect(a.body.slug).to.equal('unicode-cafe-co');
        const b = await app.api('POST', '/api/orgs', { token: ADMIN_KEY, body: { name: 'Unicode Cafe Co' } });
        expect(b.status, b.text).to.equal(201);
        expect(b.body.slug).to.equal('unicode-cafe-co-2');
        expect(b.body.settings).to.deep.equal({});
      });

      it('answers 409 on a duplicate slug', async () => {
        await createOrg(app, { slug: 'dup-slug' });
        const res = await app.api('POST', '/api/orgs', { token: ADMIN_KEY, body: { name: 'Other', slug: 'dup-slug' } });
        expectError(res, 409, 'conflict');
        expect(res.body.error.details).to.deep.equal([{ field: 'slug', problem: 'already taken' }]);
      });

      it('concurrent creates: derived slugs stay unique and a contested explicit slug is one 201 and 409s, never a 500', async () => {
        const same = await Promise.all(
          Array.from({ length: 5 }, () => app.api('POST', '/api/orgs', { token: ADMIN_KEY, body: { name: 'Racing Org' } })),
        );
        expect(same.map((r) => r.status), same.map((r) => r.text).join('\n')).to.deep.equal([201, 201, 201, 201, 201]);
        expect(new Set(same.map((r) => r.body.slug)).size).to.equal(5);
        const contested = await Promise.all(
          Array.from({ length: 4 }, () => app.api('POST', '/api/orgs', { token: ADMIN_KEY, body: { name: 'X', slug: 'contested' } })),
        );
        expect(contested.map((r) => r.status).sort()).to.deep.equal([201, 409, 409, 409]);
        for (const r of contested.filter((x) => x.status === 409)) expectError(r, 409, 'conflict');
      });

      it('answers 422 with field details for a missing or empty name and a bad slug', async () => {
        expectInvalid(await app.api('POST', '/api/orgs', { token: ADMIN_KEY, body: {} }), 'name');
        expectInvalid(await app.api('POST', '/api/orgs', { token: ADMIN_KEY, body: { name: '   ' } }), 'name');
        expectInvalid(await app.api('POST', '/api/orgs', { token: ADMIN_KEY, body: { name: 'X', slug: 'Not A Slug' } }), 'slug');
        expectInvalid(await app.api('POST', '/api/orgs', { token: ADMIN_KEY, body: { name: 42 } }), 'name');
      });

      const badSettings: Array<[string, unknown]> = [
        ['primary_color', 'blue'],
        ['primary_color', '#12345'],
        ['admin_email', 'not-an-email'],
        ['data_region', 'MARS'],
        ['retention_mode', 'FOREVER'],
        ['retention_days', 0],
        ['retention_days', -3],
        ['retention_days', 1.5],
        ['retention_days', '30'],
      ];
      for (const [key, value] of badSettings) {
        it(`answers 422 for settings.${key} = ${JSON.stringify(value)}`, async () => {
          const res = await app.api('POST', '/api/orgs', { token: ADMIN_KEY, body: { name: 'Bad', settings: { [key]: value } } });
          expectInvalid(res, `settings.${key}`);
        });
      }

      it('rejects retention_days with retention_mode METADATA', async () => {
        const res = await app.api('POST', '/api/orgs', {
          token: ADMIN_KEY,
          body: { name: 'Meta', settings: { retention_mode: 'METADATA', retention_days: 30 } },
        });
        expectInvalid(res, 'settings.retention_days');
      });

      it('refuses settings larger than 32 KiB of JSON (422), on create and on update', async () => {
        const huge = { notes: 'x'.repeat(40 * 1024) };
        expectInvalid(await app.api('POST', '/api/orgs', { token: ADMIN_KEY, body: { name: 'Huge', settings: huge } }), 'settings');
        const org = await createOrg(app);
        expectInvalid(await app.api('PATCH', `/api/orgs/${org.org_id}`, { token: ADMIN_KEY, body: { settings: huge } }), 'settings');
        const ok = await app.api('PATCH', `/api/orgs/${org.org_id}`, { token: ADMIN_KEY, body: { settings: { notes: 'é'.repeat(8000) } } });
        expect(ok.status, ok.text).to.equal(200);
        expect((await app.api('GET', `/api/orgs/${org.org_id}`, { token: ADMIN_KEY })).body.settings.notes).to.have.length(8000);
      });

      it('accepts every valid setting and keeps unknown keys', async () => {
        const settings = {
          primary_color: '#1A2b3C',
          admin_email: 'admin@example.org',
          data_region: 'APAC',
          retention_mode: 'FULL',
          retention_days: 90,
          dashboard_theme: 'dark',
          nested: { a: [1, 2] },
        };
        const res = await app.api('POST', '/api/orgs', { token: ADMIN_KEY, body: { name: 'Valid', settings } });
        expect(res.status, res.text).to.equal(201);
        expect(res.body.settings).to.deep.equal(settings);
        const got = await app.api('GET', `/api/orgs/${res.body.org_id}`, { token: ADMIN_KEY });
        expect(got.body.settings).to.deep.equal(settings);
      });

      it('is operator-only: 401 without or with an unknown credential, 403 for an organization key', async () => {
        expectError(await app.api('POST', '/api/orgs', { body: { name: 'X' } }), 401, 'unauthenticated');
        expectError(await app.api('POST', '/api/orgs', { token: 'pfk_unknown', body: { name: 'X' } }), 401, 'unauthenticated');
        expectError(
          await app.api('POST', '/api/orgs', { body: { name: 'X' }, headers: { authorization: 'Basic Zm9vOmJhcg==' } }),
          401,
          'unauthenticated',
        );
        const org = await createOrg(app);
        const key = await createOrgKey(app, org.org_id);
        expectError(await app.api('POST', '/api/orgs', { token: key.key, body: { name: 'X' } }), 403, 'forbidden');
      });
    });

    describe('read', () => {
      it('gets an organization by id and by slug, for the operator and for its own key', async () => {
        const org = await createOrg(app, { slug: 'readable', settings: { data_region: 'US' } });
        const key = await createOrgKey(app, org.org_id);
        for (const token of [ADMIN_KEY, key.key]) {
          for (const ref of [org.org_id, 'readable']) {
            const res = await app.api('GET', `/api/orgs/${ref}`, { token });
            expect(res.status, res.text).to.equal(200);
            expect(res.body).to.include({ org_id: org.org_id, slug: 'readable' });
            expect(res.body.settings).to.deep.equal({ data_region: 'US' });
            expect(res.body).to.not.have.any.keys('license_key', 'license_id');
          }
        }
      });

      it('answers 404 for an unknown id or slug (operator)', async () => {
        expectError(await app.api('GET', '/api/orgs/org_000000000000000000000000', { token: ADMIN_KEY }), 404, 'not_found');
        expectError(await app.api('GET', '/api/orgs/no-such-slug', { token: ADMIN_KEY }), 404, 'not_found');
      });

      it('lists every organization for the operator and only its own for an organization key', async () => {
        const a = await createOrg(app);
        const b = await createOrg(app);
        const all = await app.api('GET', '/api/orgs', { token: ADMIN_KEY });
        expect(all.status).to.equal(200);
        const ids = all.body.map((o: { org_id: string }) => o.org_id);
        expect(ids).to.include.members([a.org_id, b.org_id]);
        for (const o of all.body) expect(o).to.not.have.any.keys('license_key');
        const key = await createOrgKey(app, a.org_id);
        const own = await app.api('GET', '/api/orgs', { token: key.key });
        expect(own.status).to.equal(200);
        expect(own.body.map((o: { org_id: string }) => o.org_id)).to.deep.equal([a.org_id]);
      });

      it('refuses policy and license keys on organization routes (403)', async () => {
        const org = await createOrg(app);
        const policy = await createPolicy(app, org.org_id);
        for (const token of [policy.api_key, org.license_key]) {
          expectError(await app.api('GET', `/api/orgs/${org.org_id}`, { token }), 403, 'forbidden');
          expectError(await app.api('GET', '/api/orgs', { token }), 403, 'forbidden');
          expectError(await app.api('PATCH', `/api/orgs/${org.org_id}`, { token, body: { name: 'x' } }), 403, 'forbidden');
          expectError(await app.api('GET', `/api/orgs/${org.org_id}/api-keys`, { token }), 403, 'forbidden');
        }
      });
    });

    describe('update', () => {
      it('is partial: omitted fields and settings keys stay, unknown keys are kept', async () => {
        const org = await createOrg(app, {
          name: 'Before',
          settings: { primary_color: '#000000', admin_email: 'a@example.com', retention_mode: 'FULL', retention_days: 30, custom_flag: true },
        });
        const created = await app.api('GET', `/api/orgs/${org.org_id}`, { token: ADMIN_KEY });
        await new Promise((r) => setTimeout(r, 5));
        const r1 = await app.api('PATCH', `/api/orgs/${org.org_id}`, { token: ADMIN_KEY, body: { name: 'After' } });
        expect(r1.status, r1.text).to.equal(200);
        expect(r1.body.name).to.equal('After');
        expect(r1.body.slug).to.equal(org.slug);
        expect(r1.body.settings).to.deep.equal(created.body.settings);
        expect(Date.parse(r1.body.updated_at)).to.be.greaterThan(Date.parse(created.body.updated_at));
        expect(r1.body.created_at).to.equal(created.body.created_at);

        const r2 = await app.api('PATCH', `/api/orgs/${org.slug}`, {
          token: ADMIN_KEY,
          body: { settings: { admin_email: 'b@example.com', another: 'kept' } },
        });
        expect(r2.status, r2.text).to.equal(200);
        expect(r2.body.name).to.equal('After');
        expect(r2.body.settings).to.deep.equal({
          primary_color: '#000000',
          admin_email: 'b@example.com',
          retention_mode: 'FULL',
          retention_days: 30,
          custom_flag: true,
          another: 'kept',
        });
        const got = await app.api('GET', `/api/orgs/${org.org_id}`, { token: ADMIN_KEY });
        expect(got.body).to.deep.equal(r2.body);
      });

      it('switching retention_mode to METADATA drops retention_days', async () => {
        const org = await createOrg(app, { settings: { retention_mode: 'FULL', retention_days: 30 } });
        const res = await app.api('PATCH', `/api/orgs/${org.org_id}`, { token: ADMIN_KEY, body: { settings: { retention_mode: 'METADATA' } } });
        expect(res.status, res.text).to.equal(200);
        expect(res.body.settings).to.deep.equal({ retention_mode: 'METADATA' });
        // retention_days alone on a METADATA organization is refused, reported under settings.
        const bad = await app.api('PATCH', `/api/orgs/${org.org_id}`, { token: ADMIN_KEY, body: { settings: { retention_days: 7 } } });
        expectInvalid(bad, 'settings.retention_days');
        const back = await app.api('PATCH', `/api/orgs/${org.org_id}`, {
          token: ADMIN_KEY,
          body: { settings: { retention_mode: 'FULL', retention_days: 7 } },
        });
        expect(back.status, back.text).to.equal(200);
        expect(back.body.settings).to.deep.equal({ retention_mode: 'FULL', retention_days: 7 });
      });

      it('an organization key may update its own organization', async () => {
        const org = await createOrg(app);
        const key = await createOrgKey(app, org.org_id);
        const res = await app.api('PATCH', `/api/orgs/${org.org_id}`, { token: key.key, body: { settings: { data_region: 'EU' } } });
        expect(res.status, res.text).to.equal(200);
        expect(res.body.settings.data_region).to.equal('EU');
      });

      it('validates settings and answers 422 with details', async () => {
        const org = await createOrg(app);
        for (const [k, v] of [
          ['primary_color', 'red'],
          ['admin_email', 'nope'],
          ['data_region', 'EU-WEST'],
          ['retention_mode', 'NONE'],
          ['retention_days', 0],
        ] as const) {
          expectInvalid(await app.api('PATCH', `/api/orgs/${org.org_id}`, { token: ADMIN_KEY, body: { settings: { [k]: v } } }), `settings.${k}`);
        }
        expectInvalid(await app.api('PATCH', `/api/orgs/${org.org_id}`, { token: ADMIN_KEY, body: { name: '' } }), 'name');
        const unchanged = await app.api('GET', `/api/orgs/${org.org_id}`, { token: ADMIN_KEY });
        expect(unchanged.body.settings).to.deep.equal({});
      });

      it('answers 409 when changing the slug to a taken one and 404 for an unknown organization', async () => {
        const a = await createOrg(app);
        const b = await createOrg(app);
        expectError(await app.api('PATCH', `/api/orgs/${a.org_id}`, { token: ADMIN_KEY, body: { slug: b.slug } }), 409, 'conflict');
        expectError(await app.api('PATCH', '/api/orgs/nobody', { token: ADMIN_KEY, body: { name: 'x' } }), 404, 'not_found');
        expectError(await app.api('PATCH', `/api/orgs/${a.org_id}`, { body: { name: 'x' } }), 401, 'unauthenticated');
      });
    });

    describe('delete', () => {
      it('answers 204 and removes everything the organization owns', async () => {
        const org = await createOrg(app);
        const other = await createOrg(app);
        const key = await createOrgKey(app, org.org_id);
        const policy = await createPolicy(app, org.org_id);
        const otherPolicy = await createPolicy(app, other.org_id);

        const res = await app.api('DELETE', `/api/orgs/${org.org_id}`, { token: ADMIN_KEY });
        expect(res.status).to.equal(204);
        expect(res.text).to.equal('');

        expectError(await app.api('GET', `/api/orgs/${org.org_id}`, { token: ADMIN_KEY }), 404, 'not_found');
        // Its keys, policy keys and license keys stop authenticating.
        expectError(await app.api('GET', `/api/orgs/${org.org_id}`, { token: key.key }), 401, 'unauthenticated');
        expectError(await app.api('GET', '/api/orgs', { token: policy.api_key }), 401, 'unauthenticated');
        expectError(await app.api('POST', '/v1/license/validate', { token: org.license_key }), 401, 'unauthenticated');
        const licenses = await app.api('GET', '/api/licenses', { token: ADMIN_KEY });
        expect(licenses.body.map((l: { org_id: string }) => l.org_id)).to.not.include(org.org_id);
        expect(licenses.body.map((l: { org_id: string }) => l.org_id)).to.include(other.org_id);
        // Rows are gone, not just unreachable.
        const { ds } = app.rt;
        for (const table of ['api_keys', 'policies', 'licenses']) {
          const rows = await ds.query(`SELECT COUNT(*) AS n FROM ${table} WHERE org_id = ?`, [org.org_id]);
          expect(Number(rows[0].n), table).to.equal(0);
        }
        // The other organization is untouched.
        const p = await app.api('GET', `/api/orgs/${other.org_id}/policies/${otherPolicy.policy_id}`, { token: ADMIN_KEY });
        expect(p.status).to.equal(200);
      });

      it('deletes by slug', async () => {
        const org = await createOrg(app, { slug: 'to-delete' });
        expect((await app.api('DELETE', '/api/orgs/to-delete', { token: ADMIN_KEY })).status).to.equal(204);
        expectError(await app.api('GET', `/api/orgs/${org.org_id}`, { token: ADMIN_KEY }), 404, 'not_found');
      });

      it('is operator-only (403 for the organization’s own key) and 404 when unknown', async () => {
        const org = await createOrg(app);
        const key = await createOrgKey(app, org.org_id);
        expectError(await app.api('DELETE', `/api/orgs/${org.org_id}`, { token: key.key }), 403, 'forbidden');
        expect((await app.api('GET', `/api/orgs/${org.org_id}`, { token: ADMIN_KEY })).status).to.equal(200);
        expectError(await app.api('DELETE', '/api/orgs/org_000000000000000000000000', { token: ADMIN_KEY }), 404, 'not_found');
        expectError(await app.api('DELETE', `/api/orgs/${org.org_id}`), 401, 'unauthenticated');
      });
    });
  });
}
