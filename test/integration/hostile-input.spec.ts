import zlib from 'node:zlib';
import { expect } from 'chai';
import { ADMIN_KEY, ENGINES, createOrg, createPolicy, startApp, type ApiResponse, type TestApp } from '../support/app';
import { expectError, expectGqlError } from './helpers';

/**
 * Hostile transport and GraphQL input against a running service: every input answers a 4xx in
 * the error shape of docs/api-contract.md (never 500), a /healthz probe sent while it is being handled answers
 * within 200 ms, and the service keeps answering afterwards. Files and custom-pattern cost have
 * their own suite.
 */

const PROBE_BUDGET_MS = 200;

/** Sends the attack, probing /healthz until it settles; returns the attack's response and the slowest probe. */
async function underAttack<T>(app: TestApp, attack: () => Promise<T>): Promise<{ res: T; slowestProbeMs: number }> {
  let settled = false;
  const pending = attack().finally(() => (settled = true));
  let slowest = 0;
  do {
    const t0 = performance.now();
    const probe = await fetch(`${app.url}/healthz`);
    await probe.text();
    expect(probe.status).to.equal(200);
    slowest = Math.max(slowest, performance.now() - t0);
  } while (!settled);
  return { res: await pending, slowestProbeMs: slowest };
}

async function expectAlive(app: TestApp): Promise<void> {
  const res = await app.api('GET', '/healthz');
  expect(res.status).to.equal(200);
}

/** Rows of every table, as one string: what the service stored. */
async function storedText(app: TestApp): Promise<string> {
  const parts: string[] = [];
  for (const m of app.rt.ds.entityMetadatas) {
    const rows = await app.rt.ds.query(`SELECT * FROM ${app.rt.ds.driver.escape(m.tableName)}`);
    parts.push(JSON.stringify(rows));
  }
  return parts.join('\n');
}

function raw(app: TestApp, path: string, body: Buffer | string, headers: Record<string, string>): Promise<ApiResponse> {
  return app.api('POST', path, { raw: typeof body === 'string' ? body : new Uint8Array(body), headers });
}

const nested = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

for (const engine of ENGINES) {
  describe(`hostile input (${engine})`, function () {
    this.timeout(60_000);
    let app: TestApp;
    let org: Awaited<ReturnType<typeof createOrg>>;
    let policyKey: string;
    const OP = { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' };

    before(async () => {
      app = await startApp(engine, { env: { PREFLIGHT_RATE_LIMIT_POLICY_PER_MINUTE: '3' } });
      org = await createOrg(app);
      policyKey = (await createPolicy(app, org.org_id)).api_key;
      // Warm the probe's own path (client connection, JIT) so the budget measures the service under attack.
      await expectAlive(app);
      await fetch(`${app.url}/healthz`).then((r) => r.text());
    });
    after(async () => app?.close());
    afterEach(async () => expectAlive(app));

    describe('transport', () => {
      const orgBody = Buffer.from(JSON.stringify({ name: 'Encoded' }));
      const cases: Array<[string, () => Promise<ApiResponse>, number, string]> = [
        ['a br body that does not decode', () => raw(app, '/api/orgs', 'not brotli at all', { ...OP, 'content-encoding': 'br' }), 400, 'bad_request'],
        ['a deflate body that does not decode', () => raw(app, '/api/orgs', 'not deflate', { ...OP, 'content-encoding': 'deflate' }), 400, 'bad_request'],
        ['a gzip body that does not decode', () => raw(app, '/api/orgs', 'not gzip', { ...OP, 'content-encoding': 'gzip' }), 400, 'bad_request'],
        ['a truncated gzip body', () => raw(app, '/api/orgs', zlib.gzipSync(orgBody).subarray(0, 12), { ...OP, 'content-encoding': 'gzip' }), 400, 'bad_request'],
        ['an unsupported Content-Encoding', () => raw(app, '/api/orgs', orgBody, { ...OP, 'content-encoding': 'x-unknown' }), 415, 'unsupported_media_type'],
        ['a br body that does not decode, on GraphQL', () => raw(app, '/graphql', 'garbage', { ...OP, 'content-encoding': 'br' }), 400, 'bad_request'],
        ['multipart without a boundary', () => raw(app, '/api/preflight', 'garbage', { 'x-service-api-key': policyKey, 'content-type': 'multipart/form-data' }), 400, 'bad_request'],
        [
          'a truncated multipart body',
          () => raw(app, '/api/preflight', '--XX\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhello', { 'x-service-api-key': policyKey, 'content-type': 'multipart/form-data; boundary=XX' }),
          400,
          'bad_request',
        ],
        [
          'a 1 MB multipart part header (a huge file name)',
          () => raw(app, '/api/preflight', `--XX\r\nContent-Disposition: form-data; name="file"; filename="${'a'.repeat(1 << 20)}.txt"\r\n\r\nhello\r\n--XX--\r\n`, { 'x-service-api-key': policyKey, 'content-type': 'multipart/form-data; boundary=XX' }),
          400,
          'bad_request',
        ],
        ['GraphQL multipart without a boundary', () => raw(app, '/graphql', 'garbage', { 'apollo-require-preflight': 'true', 'content-type': 'multipart/form-data' }), 400, 'bad_request'],
        [
          'a truncated GraphQL multipart body',
          () => raw(app, '/graphql', '--XX\r\nContent-Disposition: form-data; name="operations"\r\n\r\n{"query":"', { 'apollo-require-preflight': 'true', 'content-type': 'multipart/form-data; boundary=XX' }),
          400,
          'bad_request',
        ],
        ['a JSON body nested 5,000 levels', () => raw(app, '/api/orgs', `{"name":"Deep","settings":${nested(5000)}}`, OP), 422, 'validation_failed'],
        ['GraphQL variables nested 5,000 levels', () => raw(app, '/graphql', JSON.stringify({ query: 'mutation($s: JSONObject) { createOrganization(input: {name: "Deep", settings: $s}) { org_id } }' }).replace(/}$/, `,"variables":{"s":${nested(5000)}}}`), OP), 422, 'validation_failed'],
      ];
      for (const [what, send, status, code] of cases) {
        it(`${what}: ${status} ${code}, /healthz stays fast`, async () => {
          const { res, slowestProbeMs } = await underAttack(app, send);
          expectError(res, status, code);
          expect(slowestProbeMs).to.be.below(PROBE_BUDGET_MS);
        });
      }

      it('organization settings nested past the depth limit (33 levels) are refused on REST and GraphQL', async () => {
        const rest = await app.api('POST', '/api/orgs', { token: ADMIN_KEY, body: { name: 'Deep', settings: JSON.parse(nested(33)) } });
        expectError(rest, 422, 'validation_failed');
        const gql = await app.gql('mutation($s: JSONObject) { createOrganization(input: {name: "Deep", settings: $s}) { org_id } }', { s: JSON.parse(nested(40)) }, { token: ADMIN_KEY });
        expect(gql.status).to.equal(422);
        // Inline in the document: bounded by the token limit, then by the same depth rule.
        const inline = await app.gql(`mutation { createOrganization(input: {name: "Deep", settings: ${'{a: '.repeat(200)}1${'}'.repeat(200)}}) { org_id } }`, undefined, { token: ADMIN_KEY });
        expectGqlError(inline, 'validation_failed');
        const huge = await app.gql(`mutation { createOrganization(input: {name: "Deep", settings: ${'{a: '.repeat(5000)}1${'}'.repeat(5000)}}) { org_id } }`, undefined, { token: ADMIN_KEY });
        expect(huge.status).to.equal(400);
        const ok = await app.api('POST', '/api/orgs', { token: ADMIN_KEY, body: { name: 'Nested fine', settings: JSON.parse(nested(20)) } });
        expect(ok.status, ok.text).to.equal(201);
        // Brackets inside strings (and escaped quotes before them) are text, not nesting.
        const brackets = await app.api('POST', '/api/orgs', { token: ADMIN_KEY, body: { name: `\"${'{['.repeat(60)}`, settings: { note: '\\"' + '['.repeat(100) } } });
        expect(brackets.status, brackets.text).to.equal(201);
      });

      it('refuses NUL bytes and unpaired surrogates in names, slugs and actor_id with 422 (never stored altered)', async () => {
        for (const body of [{ name: 'a\u0000b' }, { name: 'lone \ud800 high' }, { name: 'lone \udc00 low' }, { name: 'Fine', slug: 'a\u0000b' }]) {
          const res = await app.api('POST', '/api/orgs', { token: ADMIN_KEY, body });
          expectError(res, 422, 'validation_failed');
          expect(res.body.error.details[0].problem).to.match(/NUL|surrogate/);
        }
        const actor = await app.api('POST', '/api/preflight/text', { headers: { 'x-service-api-key': policyKey }, body: { text: 'hello', destination: 'VENDOR', actor_id: 'bob\u0000' } });
        expectError(actor, 422, 'validation_failed');
        const gql = await app.gql('mutation($i: CreateOrganizationInput!) { createOrganization(input: $i) { org_id } }', { i: { name: 'x\ud83dy' } }, { token: ADMIN_KEY });
        expectGqlError(gql, 'validation_failed');
        // A well-formed astral character is stored and read back intact on both engines.
        const emoji = await app.api('POST', '/api/orgs', { token: ADMIN_KEY, body: { name: 'Rocket \u{1F680} team' } });
        expect(emoji.status, emoji.text).to.equal(201);
        expect((await app.api('GET', `/api/orgs/${emoji.body.org_id}`, { token: ADMIN_KEY })).body.name).to.equal('Rocket \u{1F680} team');
        // Content to scan is not a name: NUL in the text of a check is scanned, not refused.
        const text = await app.api('POST', '/api/preflight/text', { headers: { 'x-service-api-key': policyKey }, body: { text: 'a\u0000b', destination: 'VENDOR' } });
        expect(text.status, text.text).to.equal(200);
      });
    });

    describe('GraphQL limits', () => {
      it('refuses 300 aliases of validateLicense { jwt_token policy_config } with 400 query_too_complex', async () => {
        const query = `{ ${Array.from({ length: 300 }, (_, i) => `a${i}: validateLicense { jwt_token policy_config }`).join(' ')} }`;
        const { res, slowestProbeMs } = await underAttack(app, () => app.gql(query, undefined, { token: org.license_key }));
        expect(res.status, res.text).to.equal(400);
        expectGqlError(res, 'query_too_complex');
        expect(res.body.data).to.equal(undefined);
        expect(slowestProbeMs).to.be.below(PROBE_BUDGET_MS);
      });

      it('refuses 200 aliases of auditLog(limit: 500) with 400', async () => {
        const query = `{ ${Array.from({ length: 200 }, (_, i) => `a${i}: auditLog(limit: 500) { total items { preflight_id } }`).join(' ')} }`;
        const { res, slowestProbeMs } = await underAttack(app, () => app.gql(query, undefined, { token: ADMIN_KEY }));
        expect(res.status).to.equal(400);
        expectGqlError(res, 'query_too_complex');
        expect(slowestProbeMs).to.be.below(PROBE_BUDGET_MS);
      });

      it('refuses 16 aliases (the alias limit is 15) before any resolver runs', async () => {
        const query = `{ ${Array.from({ length: 16 }, (_, i) => `a${i}: validateLicense { valid }`).join(' ')} }`;
        const res = await app.gql(query, undefined, { token: org.license_key });
        expect(res.status).to.equal(400);
        expectGqlError(res, 'query_too_complex');
        expect(res.body.errors![0].message).to.match(/alias/i);
      });

      it('refuses a query past the depth limit, and one past the token limit', async () => {
        // Depth is counted on the document, before fields are resolved (introspection is exempt).
        const deep = `{ ${'organizations { '.repeat(12)}name${' }'.repeat(12)} }`;
        const res = await app.gql(deep, undefined, { token: ADMIN_KEY });
        expect(res.status).to.equal(400);
        expectGqlError(res, 'query_too_complex');
        const long = await app.gql(`{ ${'licensePublicKey { kid } '.repeat(1000)} }`);
        expect(long.status).to.equal(400);
        expectGqlError(long, 'query_too_complex');
      });

      it('answers a few aliases of validateLicense with one validation (one policy bundle) per request', async () => {
        const licenses = app.rt.services.licenses;
        const original = licenses.validate;
        let calls = 0;
        licenses.validate = function (this: typeof licenses, ...args: Parameters<typeof original>) {
          calls++;
          return original.apply(this, args);
        };
        try {
          const query = `{ ${Array.from({ length: 10 }, (_, i) => `a${i}: validateLicense { valid jwt_token policy_config }`).join(' ')} }`;
          const res = await app.gql(query, undefined, { token: org.license_key });
          expect(res.status, res.text).to.equal(200);
          expect(Object.keys(res.body.data)).to.have.length(10);
          expect(calls).to.equal(1);
        } finally {
          licenses.validate = original;
        }
      });

      it('a rate-limited GraphQL check answers HTTP 429 with Retry-After and X-RateLimit-*', async () => {
        const q = 'mutation($i: PreflightTextInput!) { preflightText(input: $i) { decision } }';
        const { api_key: limitedKey } = await createPolicy(app, org.org_id, { name: 'Rate limited' });
        let res: Awaited<ReturnType<TestApp['gql']>> | undefined;
        for (let i = 0; i < 5; i++) {
          res = await app.gql(q, { i: { text: 'hello', destination: 'VENDOR' } }, { headers: { 'x-service-api-key': limitedKey } });
          if (res.status !== 200) break;
        }
        expect(res!.status, res!.text).to.equal(429);
        expectGqlError(res!, 'rate_limited');
        for (const h of ['retry-after', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) {
          expect(res!.headers.get(h), h).to.match(/^\d+$/);
        }
      });
    });

    describe('canaries', () => {
      it('a GraphQL variable never reaches a response, a log line or a stored row', async () => {
        const canary = 'CANARY-GQLVAR-7f3a9c';
        const queries: Array<[string, Record<string, unknown>]> = [
          // An unknown field in $input: graphql-js would quote the whole value.
          ['mutation($i: CreateOrganizationInput!) { createOrganization(input: $i) { org_id } }', { i: { name: 'Canary org', [`ssn_${canary}`]: canary } }],
          // A wrong type: graphql-js would quote the value.
          ['mutation($i: CreateOrganizationInput!) { createOrganization(input: $i) { org_id } }', { i: { name: { nested: canary } } }],
          ['query($l: Int) { auditLog(limit: $l) { total } }', { l: canary }],
        ];
        for (const [q, v] of queries) {
          const res = await app.gql(q, v, { token: ADMIN_KEY });
          expect(res.status).to.be.within(400, 499);
          expect(res.text).to.not.include(canary);
          expect(res.body.errors![0].message).to.match(/^Variable "\$\w+" has an invalid value/);
        }
        const literal = await app.gql(`{ auditLog(limit: "${canary}") { total } }`, undefined, { token: ADMIN_KEY });
        expect(literal.status).to.equal(400);
        expect(literal.text).to.not.include(canary);
        expect(app.logs.text()).to.not.include(canary);
        expect(await storedText(app)).to.not.include(canary);
      });

      it("a custom pattern's name never reaches a 422, a log line or a stored row", async () => {
        const canary = 'CANARY-PATTERN-51be02';
        for (const bad of [
          { name: canary, regex: '(a)\\1' },
          { name: canary },
          { name: canary, regex: 'x'.repeat(5000) },
        ]) {
          const res = await app.api('POST', `/api/orgs/${org.org_id}/policies`, { token: ADMIN_KEY, body: { name: 'Canary policy', custom_patterns: [bad] } });
          expectError(res, 422, 'validation_failed');
          expect(res.text).to.not.include(canary);
          expect(res.body.error.details[0].field).to.match(/^custom_patterns/);
        }
        expect(app.logs.text()).to.not.include(canary);
        expect(await storedText(app)).to.not.include(canary);
      });
    });

    describe('masked_file_url and Host', () => {
      it('never builds the link on the Host header the client sent', async () => {
        const form = new FormData();
        form.append('destination', 'VENDOR');
        form.append('file', new Blob(['mail jane.doe@northwind-mail.com'], { type: 'text/plain' }), 'note.txt');
        const { api_key: fileKey } = await createPolicy(app, org.org_id, { name: 'Files' });
        const res = await app.api('POST', '/api/preflight', { raw: form, headers: { 'x-service-api-key': fileKey, host: 'attacker.example' } });
        expect(res.status, res.text).to.equal(200);
        expect(res.body.masked_file_url).to.match(/^\/api\/preflight\/pf_\w+\/masked-file\?token=/);
        expect(res.text).to.not.include('attacker.example');
      });
    });

    describe('destination URLs', () => {
      it('refuses IPv6 forms of private IPv4 addresses at create time', async () => {
        for (const url of ['https://[::127.0.0.1]/', 'https://[::7f00:1]/', 'https://[::ffff:0:127.0.0.1]/', 'https://[2002:7f00:1::]/', 'https://[64:ff9b::a9fe:a9fe]/']) {
          const res = await app.api('POST', `/api/orgs/${org.org_id}/forwarding-destinations`, { token: ADMIN_KEY, body: { url } });
          expectError(res, 422, 'validation_failed');
        }
      });
    });
  });
}
