import { expect } from 'chai';
import { ConsoleSessionEntity } from '../../entities';
import { hashSecret } from '../../src/lib/secrets';
import { ADMIN_KEY, ENGINES, TestApp, createOrg, createOrgKey, createPolicy, startApp } from '../support/app';

/** The cookies a sign-in set, as a Cookie header, plus the CSRF token. */
function sessionOf(res: { headers: Headers; body: { csrf_token: string } }) {
  const cookies = res.headers.getSetCookie();
  return { cookie: cookies.map((c) => c.split(';')[0]).join('; '), csrf: res.body.csrf_token, raw: cookies };
}

for (const engine of ENGINES) {
  describe(`console sessions (${engine})`, () => {
    let app: TestApp;
    before(async () => {
      app = await startApp(engine);
    });
    after(async () => app?.close());

    it('exchanges the operator key for an HttpOnly, SameSite=Strict cookie; only hashes are stored', async () => {
      const res = await app.api('POST', '/api/session', { body: { api_key: ADMIN_KEY } });
      expect(res.status, res.text).to.equal(201);
      expect(res.body).to.include({ kind: 'operator', org_id: null });
      const s = sessionOf(res);
      const session = s.raw.find((c) => c.startsWith('preflight_session='))!;
      expect(session).to.match(/HttpOnly/).and.match(/SameSite=Strict/).and.match(/Expires=/).and.not.match(/Secure/);
      expect(s.raw.find((c) => c.startsWith('preflight_csrf='))).not.to.match(/HttpOnly/);
      const token = /preflight_session=([^;]+)/.exec(session)![1];
      const rows = await app.rt.ds.getRepository(ConsoleSessionEntity).find();
      expect(rows.map((r) => r.tokenHash)).to.include(hashSecret(token));
      expect(JSON.stringify(rows)).not.to.contain(token).and.not.contain(ADMIN_KEY).and.not.contain(s.csrf);
      // Behind an HTTPS proxy the cookie is Secure.
      const secure = await app.api('POST', '/api/session', { body: { api_key: ADMIN_KEY }, headers: { 'x-forwarded-proto': 'https' } });
      expect(secure.headers.getSetCookie().join('\n')).to.match(/Secure/);
    });

    it('authorizes REST and GraphQL reads by cookie; writes need the CSRF header', async () => {
      const s = sessionOf(await app.api('POST', '/api/session', { body: { api_key: ADMIN_KEY } }));
      expect((await app.api('GET', '/api/orgs', { headers: { cookie: s.cookie } })).status).to.equal(200);
      const noCsrf = await app.api('POST', '/api/orgs', { headers: { cookie: s.cookie }, body: { name: 'Forged' } });
      expect(noCsrf.status).to.equal(403);
      const wrongCsrf = await app.api('POST', '/api/orgs', { headers: { cookie: s.cookie, 'x-csrf-token': 'nope' }, body: { name: 'Forged' } });
      expect(wrongCsrf.status).to.equal(403);
      const ok = await app.api('POST', '/api/orgs', { headers: { cookie: s.cookie, 'x-csrf-token': s.csrf }, body: { name: 'By session' } });
      expect(ok.status, ok.text).to.equal(201);
      const gqlNoCsrf = await app.gql('{ organizations { items { org_id } } }', {}, { headers: { cookie: s.cookie } });
      expect(gqlNoCsrf.body.errors?.[0]?.extensions?.code).to.equal('forbidden');
      const gql = await app.gql('{ organizations { items { org_id } } }', {}, { headers: { cookie: s.cookie, 'x-csrf-token': s.csrf } });
      expect(gql.body.data?.organizations.items.length).to.be.greaterThan(0);
    });

    it('refuses policy and license keys and wrong keys (401); signs out', async () => {
      const org = await createOrg(app);
      const policy = await createPolicy(app, org.org_id);
      expect((await app.api('POST', '/api/session', { body: { api_key: policy.api_key } })).status).to.equal(401);
      expect((await app.api('POST', '/api/session', { body: { api_key: org.license_key } })).status).to.equal(401);
      expect((await app.api('POST', '/api/session', { body: { api_key: 'pfk_wrong' } })).status).to.equal(401);
      expect((await app.api('POST', '/api/session', { body: {} })).status).to.equal(422);

      const key = await createOrgKey(app, org.org_id);
      const signIn = await app.api('POST', '/api/session', { body: { api_key: key.key } });
      expect(signIn.body).to.include({ kind: 'org', org_id: org.org_id });
      const s = sessionOf(signIn);
      expect((await app.api('GET', '/api/session', { headers: { cookie: s.cookie } })).body.org_id).to.equal(org.org_id);
      const out = await app.api('DELETE', '/api/session', { headers: { cookie: s.cookie } });
      expect(out.status).to.equal(204);
      expect(out.headers.getSetCookie().join('\n')).to.match(/preflight_session=;/);
      expect((await app.api('GET', `/api/orgs/${org.org_id}/policies`, { headers: { cookie: s.cookie } })).status).to.equal(401);
    });

    it('ends a session when its key is rotated or revoked', async () => {
      const org = await createOrg(app);
      const key = await createOrgKey(app, org.org_id);
      const s = sessionOf(await app.api('POST', '/api/session', { body: { api_key: key.key } }));
      const list = () => app.api('GET', `/api/orgs/${org.org_id}/policies`, { headers: { cookie: s.cookie } });
      expect((await list()).status).to.equal(200);
      await app.api('POST', `/api/orgs/${org.org_id}/api-keys/${key.key_id}/rotate`, { token: ADMIN_KEY });
      expect((await list()).status).to.equal(401);
    });

    it('lets the operator session open the queue board route past authentication', async () => {
      const s = sessionOf(await app.api('POST', '/api/session', { body: { api_key: ADMIN_KEY } }));
      const board = await app.api('GET', '/admin/queues', { headers: { cookie: s.cookie } });
      expect(board.status).to.not.equal(401);
      const org = await createOrg(app);
      const orgSession = sessionOf(await app.api('POST', '/api/session', { body: { api_key: (await createOrgKey(app, org.org_id)).key } }));
      expect((await app.api('GET', '/admin/queues', { headers: { cookie: orgSession.cookie } })).status).to.equal(403);
    });

    it('tries text against a policy without recording a check', async () => {
      const org = await createOrg(app);
      const policy = await createPolicy(app, org.org_id, { is_active: false });
      const res = await app.api('POST', `/api/orgs/${org.org_id}/policies/${policy.policy_id}/try`, {
        token: ADMIN_KEY,
        body: { text: 'Write to jane.doe@acme-corp.io', destination: 'AI_TOOL' },
      });
      expect(res.status, res.text).to.equal(200);
      expect(res.body.decision).to.equal('ALLOWED_WITH_MASKING');
      expect(res.body.masked_content).to.equal('Write to [EMAIL_1]');
      const audit = await app.api('GET', `/api/audit?org_id=${org.org_id}`, { token: ADMIN_KEY });
      expect(audit.body.total).to.equal(0);
      const bad = await app.api('POST', `/api/orgs/${org.org_id}/policies/${policy.policy_id}/try`, { token: ADMIN_KEY, body: { text: '', destination: 'MOON' } });
      expect(bad.status).to.equal(422);
    });

    it('serves the console for page navigations only, never over the API paths', async () => {
      // `npm test` builds the console first (pretest runs npm run build).
      const page = await app.api('GET', '/policies', { headers: { accept: 'text/html' } });
      expect(page.status).to.equal(200);
      expect(page.text).to.contain('<div id="root">');
      expect(page.headers.get('content-security-policy')).to.contain("default-src 'self'");
      expect((await app.api('GET', '/api/nothing-here', { headers: { accept: 'text/html' } })).status).to.equal(404);
      expect((await app.api('GET', '/policies', { headers: { accept: 'application/json' } })).status).to.equal(404);
    });
  });
}
