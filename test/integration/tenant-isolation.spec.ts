import { expect } from 'chai';
import { ENGINES, TestApp, createOrg, createOrgKey, createPolicy, startApp } from '../support/app';
import { expectError, expectGqlError } from './helpers';

/**
 * Organization A's key against organization B's resources, on every foundation surface. A's key
 * is valid (so 403 where the target is B's organization) and B's nested resources addressed under
 * A's own path are simply not there (404, never revealing they exist).
 */
for (const engine of ENGINES) {
  describe(`tenant isolation (${engine})`, () => {
    let app: TestApp;
    let a: Awaited<ReturnType<typeof createOrg>>;
    let b: Awaited<ReturnType<typeof createOrg>>;
    let aKey: string;
    let bKey: { key_id: string; key: string };
    let bPolicy: Awaited<ReturnType<typeof createPolicy>>;

    before(async () => {
      app = await startApp(engine);
      a = await createOrg(app, { name: 'Tenant A' });
      b = await createOrg(app, { name: 'Tenant B', settings: { data_region: 'EU' } });
      aKey = (await createOrgKey(app, a.org_id)).key;
      bKey = await createOrgKey(app, b.org_id);
      bPolicy = await createPolicy(app, b.org_id, { name: 'B policy' });
      await createPolicy(app, a.org_id, { name: 'A policy' });
    });
    after(async () => app?.close());

    async function expectBUntouched(): Promise<void> {
      const org = await app.api('GET', `/api/orgs/${b.org_id}`, { token: bKey.key });
      expect(org.status, 'B’s key still works').to.equal(200);
      expect(org.body).to.include({ name: 'Tenant B', slug: b.slug });
      expect(org.body.settings).to.deep.equal({ data_region: 'EU' });
      const policy = await app.api('GET', `/api/orgs/${b.org_id}/policies/${bPolicy.policy_id}`, { token: bKey.key });
      expect(policy.body).to.include({ name: 'B policy', version: '1', is_active: true, api_key: `pfp_…${bPolicy.api_key.slice(-4)}` });
      const keys = await app.api('GET', `/api/orgs/${b.org_id}/api-keys`, { token: bKey.key });
      expect(keys.body.map((k: { key_id: string }) => k.key_id)).to.deep.equal([bKey.key_id]);
      const lic = await app.api('GET', `/api/orgs/${b.org_id}/licenses`, { token: bKey.key });
      expect(lic.body[0].status).to.equal('active');
      // B's policy key is still recognised (403 on a management route, not 401).
      expectError(await app.api('GET', '/api/orgs', { token: bPolicy.api_key }), 403, 'forbidden');
    }

    describe('REST', () => {
      const cases: Array<[string, string, () => string, unknown?]> = [
        ['GET', 'organization by id', () => `/api/orgs/${b.org_id}`],
        ['GET', 'organization by slug', () => `/api/orgs/${b.slug}`],
        ['PATCH', 'update organization', () => `/api/orgs/${b.org_id}`, { name: 'Owned' }],
        ['DELETE', 'delete organization', () => `/api/orgs/${b.org_id}`],
        ['GET', 'list API keys', () => `/api/orgs/${b.org_id}/api-keys`],
        ['POST', 'create API key', () => `/api/orgs/${b.org_id}/api-keys`, { name: 'backdoor' }],
        ['POST', 'rotate API key', () => `/api/orgs/${b.org_id}/api-keys/${bKey.key_id}/rotate`],
        ['DELETE', 'revoke API key', () => `/api/orgs/${b.org_id}/api-keys/${bKey.key_id}`],
        ['GET', 'list policies', () => `/api/orgs/${b.org_id}/policies`],
        ['POST', 'create policy', () => `/api/orgs/${b.org_id}/policies`, { name: 'evil' }],
        ['GET', 'get policy', () => `/api/orgs/${b.org_id}/policies/${bPolicy.policy_id}`],
        ['PATCH', 'update policy', () => `/api/orgs/${b.org_id}/policies/${bPolicy.policy_id}`, { rules: [] }],
        ['DELETE', 'delete policy', () => `/api/orgs/${b.org_id}/policies/${bPolicy.policy_id}`],
        ['POST', 'regenerate policy key', () => `/api/orgs/${b.org_id}/policies/${bPolicy.policy_id}/regenerate-key`],
        ['GET', 'list licenses', () => `/api/orgs/${b.org_id}/licenses`],
        ['GET', 'list all licenses', () => '/api/licenses'],
        ['POST', 'revoke license', () => `/api/licenses/${b.license_id}/revoke`],
      ];
      for (const [method, what, url, body] of cases) {
        it(`A’s key cannot ${what} of B (403)`, async () => {
          expectError(await app.api(method, url(), { token: aKey, body }), 403, 'forbidden');
        });
      }

      it('B’s policy addressed under A’s own path is 404, exactly like a missing one', async () => {
        const own = `/api/orgs/${a.org_id}/policies`;
        for (const [method, suffix, body] of [
          ['GET', '', undefined],
          ['PATCH', '', { name: 'x' }],
          ['DELETE', '', undefined],
          ['POST', '/regenerate-key', undefined],
        ] as const) {
          const theirs = await app.api(method, `${own}/${bPolicy.policy_id}${suffix}`, { token: aKey, body });
          const missing = await app.api(method, `${own}/pol_000000000000000000000000${suffix}`, { token: aKey, body });
          expectError(theirs, 404, 'not_found');
          expect(theirs.body).to.deep.equal(missing.body);
        }
        for (const path of [`/api/orgs/${a.org_id}/api-keys/${bKey.key_id}/rotate`]) {
          expectError(await app.api('POST', path, { token: aKey }), 404, 'not_found');
        }
        expectError(await app.api('DELETE', `/api/orgs/${a.org_id}/api-keys/${bKey.key_id}`, { token: aKey }), 404, 'not_found');
      });

      it('an unknown organization is indistinguishable from another organization (403 both)', async () => {
        const other = await app.api('GET', `/api/orgs/${b.org_id}`, { token: aKey });
        const none = await app.api('GET', '/api/orgs/org_000000000000000000000000', { token: aKey });
        const noneSlug = await app.api('GET', '/api/orgs/no-such-org', { token: aKey });
        expect(other.status).to.equal(403);
        expect(none.body).to.deep.equal(other.body);
        expect(noneSlug.body).to.deep.equal(other.body);
      });

      it('lists show only A’s own things', async () => {
        const orgs = await app.api('GET', '/api/orgs', { token: aKey });
        expect(orgs.body.map((o: { org_id: string }) => o.org_id)).to.deep.equal([a.org_id]);
        const policies = await app.api('GET', `/api/orgs/${a.org_id}/policies`, { token: aKey });
        expect(policies.body.map((p: { org_id: string }) => p.org_id)).to.deep.equal([a.org_id]);
        const licenses = await app.api('GET', `/api/orgs/${a.org_id}/licenses`, { token: aKey });
        expect(licenses.body.map((l: { org_id: string }) => l.org_id)).to.deep.equal([a.org_id]);
      });

      it('leaves B untouched', expectBUntouched);
    });

    describe('GraphQL', () => {
      const ops: Array<[string, string, () => Record<string, unknown>, string]> = [
        ['organization', 'query($o: String!) { organization(org: $o) { org_id } }', () => ({ o: b.org_id }), 'forbidden'],
        ['organization by slug', 'query($o: String!) { organization(org: $o) { org_id } }', () => ({ o: b.slug }), 'forbidden'],
        ['updateOrganization', 'mutation($o: String!) { updateOrganization(org: $o, input: { name: "Owned" }) { org_id } }', () => ({ o: b.org_id }), 'forbidden'],
        ['deleteOrganization', 'mutation($o: String!) { deleteOrganization(org: $o) }', () => ({ o: b.org_id }), 'forbidden'],
        ['createOrganization', 'mutation { createOrganization(input: { name: "Mine" }) { org_id } }', () => ({}), 'forbidden'],
        ['apiKeys', 'query($o: String!) { apiKeys(org: $o) { items { key_id } } }', () => ({ o: b.org_id }), 'forbidden'],
        ['createApiKey', 'mutation($o: String!) { createApiKey(org: $o, input: { name: "x" }) { key } }', () => ({ o: b.org_id }), 'forbidden'],
        ['rotateApiKey', 'mutation($o: String!, $k: ID!) { rotateApiKey(org: $o, key_id: $k) { key } }', () => ({ o: b.org_id, k: bKey.key_id }), 'forbidden'],
        ['rotateApiKey under A', 'mutation($o: String!, $k: ID!) { rotateApiKey(org: $o, key_id: $k) { key } }', () => ({ o: a.org_id, k: bKey.key_id }), 'not_found'],
        ['revokeApiKey', 'mutation($o: String!, $k: ID!) { revokeApiKey(org: $o, key_id: $k) }', () => ({ o: b.org_id, k: bKey.key_id }), 'forbidden'],
        ['policies', 'query($o: String!) { policies(org: $o) { items { policy_id } } }', () => ({ o: b.org_id }), 'forbidden'],
        ['policy', 'query($o: String!, $p: ID!) { policy(org: $o, policy_id: $p) { policy_id } }', () => ({ o: b.org_id, p: bPolicy.policy_id }), 'forbidden'],
        ['policy under A', 'query($o: String!, $p: ID!) { policy(org: $o, policy_id: $p) { policy_id } }', () => ({ o: a.org_id, p: bPolicy.policy_id }), 'not_found'],
        ['createPolicy', 'mutation($o: String!) { createPolicy(org: $o, input: { name: "evil" }) { policy_id } }', () => ({ o: b.org_id }), 'forbidden'],
        ['updatePolicy', 'mutation($o: String!, $p: ID!) { updatePolicy(org: $o, policy_id: $p, input: { rules: [] }) { version } }', () => ({ o: b.org_id, p: bPolicy.policy_id }), 'forbidden'],
        ['updatePolicy under A', 'mutation($o: String!, $p: ID!) { updatePolicy(org: $o, policy_id: $p, input: { rules: [] }) { version } }', () => ({ o: a.org_id, p: bPolicy.policy_id }), 'not_found'],
        ['deletePolicy', 'mutation($o: String!, $p: ID!) { deletePolicy(org: $o, policy_id: $p) }', () => ({ o: b.org_id, p: bPolicy.policy_id }), 'forbidden'],
        ['regeneratePolicyKey', 'mutation($o: String!, $p: ID!) { regeneratePolicyKey(org: $o, policy_id: $p) { api_key } }', () => ({ o: b.org_id, p: bPolicy.policy_id }), 'forbidden'],
        ['licenses of B', 'query($o: String) { licenses(org: $o) { items { license_id } } }', () => ({ o: b.org_id }), 'forbidden'],
        ['all licenses', '{ licenses { items { license_id } } }', () => ({}), 'forbidden'],
        ['revokeLicense', 'mutation($l: ID!) { revokeLicense(license_id: $l) }', () => ({ l: b.license_id }), 'forbidden'],
        [
          '_entities Policy',
          'query($r: [_Any!]!) { _entities(representations: $r) { ... on Policy { policy_id name } } }',
          () => ({ r: [{ __typename: 'Policy', policy_id: bPolicy.policy_id }] }),
          'not_found',
        ],
        [
          '_entities License',
          'query($r: [_Any!]!) { _entities(representations: $r) { ... on License { license_id } } }',
          () => ({ r: [{ __typename: 'License', license_id: b.license_id }] }),
          'not_found',
        ],
        [
          '_entities Organization',
          'query($r: [_Any!]!) { _entities(representations: $r) { ... on Organization { org_id name } } }',
          () => ({ r: [{ __typename: 'Organization', org_id: b.org_id }] }),
          'forbidden',
        ],
      ];
      for (const [name, query, vars, code] of ops) {
        it(`A’s key: ${name} of B fails with extensions.code ${code}`, async () => {
          const res = await app.gql(query, vars(), { token: aKey });
          expect(res.status).to.be.oneOf([200]);
          expectGqlError(res, code);
          expect(JSON.stringify(res.body.data ?? {})).to.not.include('Tenant B').and.not.include('B policy');
        });
      }

      it('the GraphQL code matches the REST code for the same refusal', async () => {
        const rest = await app.api('GET', `/api/orgs/${b.org_id}/policies`, { token: aKey });
        const gql = await app.gql('query($o: String!) { policies(org: $o) { items { policy_id } } }', { o: b.org_id }, { token: aKey });
        expect(gql.body.errors![0].extensions.code).to.equal(rest.body.error.code);
        expect(gql.body.errors![0].extensions.http_status).to.equal(rest.status);
      });

      it('organizations shows only A', async () => {
        const res = await app.gql('{ organizations { items { org_id } } }', {}, { token: aKey });
        expect(res.body.data!.organizations).to.deep.equal({ items: [{ org_id: a.org_id }] });
      });

      it('leaves B untouched', expectBUntouched);
    });
  });
}
