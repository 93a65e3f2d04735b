import { expect } from 'chai';
import { ADMIN_KEY, ENGINES, TestApp, createOrg, createOrgKey, startApp } from '../support/app';
import { expectError, expectInvalid, expectLogsFreeOf } from './helpers';

for (const engine of ENGINES) {
  describe(`HTTP basics (${engine})`, () => {
    let app: TestApp;
    before(async () => {
      app = await startApp(engine);
    });
    after(async () => app?.close());

    it('GET /healthz answers 200 while the process is up', async () => {
      const res = await app.api('GET', '/healthz');
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ status: 'ok' });
    });

    it('GET /readyz answers 200 with every check ok', async () => {
      const res = await app.api('GET', '/readyz');
      expect(res.status, res.text).to.equal(200);
      expect(res.body.status).to.equal('ready');
      expect(res.body.checks.database).to.equal('ok');
      for (const [name, state] of Object.entries(res.body.checks)) expect(state, name).to.equal('ok');
    });

    it('GET /metrics exposes request counts and latencies by route pattern, never raw ids', async () => {
      const org = await createOrg(app);
      await app.api('GET', `/api/orgs/${org.org_id}`, { token: ADMIN_KEY });
      await app.api('GET', `/api/orgs/${org.org_id}`);
      await app.gql('{ licensePublicKey { kid } }');
      await app.api('GET', '/no/such/route');
      const res = await app.api('GET', '/metrics');
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-type')).to.match(/^text\/plain/);
      const text = res.text;
      expect(text).to.include('preflight_http_requests_total{method="GET",route="/api/orgs/:org",status="200"}');
      expect(text).to.include('preflight_http_requests_total{method="GET",route="/api/orgs/:org",status="401"}');
      expect(text).to.include('preflight_http_requests_total{method="POST",route="/api/orgs",status="201"}');
      expect(text).to.match(/preflight_http_requests_total\{method="POST",route="\/graphql",status="200"\} \d+/);
      expect(text).to.include('route="unmatched"');
      expect(text).to.match(/preflight_http_request_duration_seconds_bucket\{le="[\d.]+",method="GET",route="\/api\/orgs\/:org"\}/);
      expect(text).to.include('preflight_process_cpu_user_seconds_total');
      expect(text).to.not.include(org.org_id);
      expect(text).to.not.include('/no/such/route');
    });

    it('GET /openapi.json serves the OpenAPI 3.1 document', async () => {
      const res = await app.api('GET', '/openapi.json');
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-type')).to.match(/application\/json/);
      expect(res.body.openapi).to.equal('3.1.0');
      expect(res.body.paths['/api/orgs']).to.have.keys('get', 'post');
    });

    it('GET /docs serves interactive documentation of that document', async () => {
      const res = await app.api('GET', '/docs');
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-type')).to.match(/text\/html/);
      expect(res.text).to.match(/swagger-ui/i);
      const init = await app.api('GET', '/docs/swagger-ui-init.js');
      expect(init.status).to.equal(200);
      expect(init.text).to.include('/api/orgs/{org}/policies');
    });

    it('answers 404 with the error body for an unknown route or method', async () => {
      for (const [method, path] of [
        ['GET', '/nope'],
        ['GET', '/api/nope'],
        ['PUT', '/api/orgs'],
        ['POST', '/api/orgs/x/unknown'],
      ]) {
        const res = await app.api(method, path, { token: ADMIN_KEY });
        expectError(res, 404, 'not_found');
        expect(Object.keys(res.body)).to.deep.equal(['error']);
      }
    });

    it('answers 400 malformed_json for a body that is not JSON, on REST and GraphQL', async () => {
      for (const path of ['/api/orgs', '/graphql']) {
        const res = await app.api('POST', path, {
          token: ADMIN_KEY,
          raw: '{"name": "unterminated',
          headers: { 'content-type': 'application/json' },
        });
        expectError(res, 400, 'malformed_json');
        expect(res.text).to.not.include('unterminated');
      }
    });

    it('answers 422 when the body is missing, not an object, or of another content type', async () => {
      expectInvalid(await app.api('POST', '/api/orgs', { token: ADMIN_KEY }), '(body)');
      expectInvalid(await app.api('POST', '/api/orgs', { token: ADMIN_KEY, body: [{ name: 'x' }] }), '(body)');
      expectInvalid(
        await app.api('POST', '/api/orgs', { token: ADMIN_KEY, raw: 'name=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
        '(body)',
      );
    });

    it('error bodies carry code, message and details only: no stack, no echoed input', async () => {
      const secretish = 'pfk_thisLooksLikeAKeyButIsNot0000000000000000';
      const res = await app.api('POST', '/api/orgs', { token: ADMIN_KEY, body: { name: 'x', settings: { admin_email: secretish } } });
      expectInvalid(res, 'settings.admin_email');
      expect(Object.keys(res.body.error).sort()).to.deep.equal(['code', 'details', 'message']);
      expect(res.text).to.not.include(secretish);
      const unauth = await app.api('GET', '/api/orgs', { token: secretish });
      expectError(unauth, 401, 'unauthenticated');
      expect(Object.keys(unauth.body.error).sort()).to.deep.equal(['code', 'message']);
      expect(unauth.text).to.not.include(secretish);
      expectLogsFreeOf(app, [secretish, ADMIN_KEY]);
    });

    it('sends no X-Powered-By header', async () => {
      const res = await app.api('GET', '/healthz');
      expect(res.headers.get('x-powered-by')).to.equal(null);
    });
  });

  describe(`HTTP limits and failures (${engine})`, () => {
    let app: TestApp;
    before(async () => {
      app = await startApp(engine, { env: { PREFLIGHT_MAX_BODY_BYTES: '4096' } });
    });
    after(async () => app?.close());

    it('answers 413 for a body over PREFLIGHT_MAX_BODY_BYTES, on REST and GraphQL', async () => {
      const big = { name: 'x', settings: { notes: 'a'.repeat(5000) } };
      expectError(await app.api('POST', '/api/orgs', { token: ADMIN_KEY, body: big }), 413, 'payload_too_large');
      const gql = await app.api('POST', '/graphql', {
        token: ADMIN_KEY,
        body: { query: '{ organizations { items { org_id } } }', variables: { pad: 'a'.repeat(5000) } },
      });
      expectError(gql, 413, 'payload_too_large');
      // Just under the limit is fine.
      const ok = await app.api('POST', '/api/orgs', { token: ADMIN_KEY, body: { name: 'x', settings: { notes: 'a'.repeat(3000) } } });
      expect(ok.status, ok.text).to.equal(201);
    });

    it('hides unexpected errors as 500 internal, logs them without their message, and /readyz turns 503', async () => {
      const org = await createOrg(app);
      const key = await createOrgKey(app, org.org_id);
      await app.rt.ds.destroy();
      const res = await app.api('GET', `/api/orgs/${org.org_id}`, { token: key.key });
      expectError(res, 500, 'internal');
      expect(res.body.error.message).to.equal('Internal server error');
      const gql = await app.gql('{ organizations { items { org_id } } }', {}, { token: ADMIN_KEY });
      const ready = await app.api('GET', '/readyz');
      expect(ready.status).to.equal(503);
      expect(ready.body).to.deep.include({ status: 'not_ready' });
      expect(ready.body.checks.database).to.equal('unreachable');
      // The operator key short-cuts the database, so GraphQL gets as far as the resolver.
      expect(gql.body.errors?.[0]?.extensions?.code, gql.text).to.equal('internal');
      expect(gql.body.errors?.[0]?.message).to.equal('Internal server error');
      const errorLines = app.logs.lines.filter((l) => /"level":50/.test(l));
      expect(errorLines.length).to.be.greaterThan(0);
      for (const line of errorLines) {
        const entry = JSON.parse(line);
        expect(entry).to.not.have.property('err');
        expect(JSON.stringify(entry)).to.not.include(key.key);
      }
      expect((await app.api('GET', '/healthz')).status).to.equal(200);
    });
  });
}
