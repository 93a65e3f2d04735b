import { expect } from 'chai';
import { ADMIN_KEY, ENGINES, TestApp, startApp } from '../support/app';
import { expectGqlError, expectLogsFreeOf } from './helpers';

const ORG_FIELDS = 'org_id name slug settings created_at updated_at';
const POLICY_FIELDS = 'policy_id org_id name description version tags is_active policy_group api_key created_at updated_at rules { id name description enabled dataTypes destinations action conditions } custom_patterns { name data_type regex keywords }';

for (const engine of ENGINES) {
  describe(`GraphQL subgraph (${engine})`, () => {
    let app: TestApp;
    before(async () => {
      app = await startApp(engine);
    });
    after(async () => app?.close());

    /** Runs an operation that must succeed and returns its data. */
    async function ok<T = any>(query: string, variables: Record<string, unknown> = {}, token: string | undefined = ADMIN_KEY): Promise<T> {
      const res = await app.gql<T>(query, variables, { token });
      expect(res.status, res.text).to.equal(200);
      expect(res.body.errors, res.text).to.equal(undefined);
      return res.body.data as T;
    }

    it('runs every organization, API key, policy and license operation with variables', async () => {
      // Organizations
      const { createOrganization: org } = await ok(
        `mutation($input: CreateOrganizationInput!) { createOrganization(input: $input) { ${ORG_FIELDS} license_id license_key license_type license_expires_at } }`,
        { input: { name: 'GQL Org', slug: 'gql-org', settings: { data_region: 'EU', theme: 'dark' } } },
      );
      expect(org).to.include({ name: 'GQL Org', slug: 'gql-org', license_type: 'trial' });
      expect(org.settings).to.deep.equal({ data_region: 'EU', theme: 'dark' });
      expect(org.license_key).to.match(/^pfl_/);

      const { organization: bySlug } = await ok(`query($org: String!) { organization(org: $org) { ${ORG_FIELDS} } }`, { org: 'gql-org' });
      expect(bySlug.org_id).to.equal(org.org_id);
      const { organizations } = await ok(`{ organizations { items { org_id } } }`);
      expect(organizations.items.map((o: { org_id: string }) => o.org_id)).to.include(org.org_id);

      const { updateOrganization: updated } = await ok(
        `mutation($org: String!, $input: UpdateOrganizationInput!) { updateOrganization(org: $org, input: $input) { ${ORG_FIELDS} } }`,
        { org: org.org_id, input: { settings: { admin_email: 'dpo@gql.example' } } },
      );
      expect(updated.name).to.equal('GQL Org');
      expect(updated.settings).to.deep.equal({ data_region: 'EU', theme: 'dark', admin_email: 'dpo@gql.example' });

      // API keys
      const { createApiKey: key } = await ok(
        'mutation($org: String!, $input: CreateApiKeyInput!) { createApiKey(org: $org, input: $input) { key_id org_id name key key_preview created_at rotated_at last_used_at } }',
        { org: org.org_id, input: { name: 'gql key' } },
      );
      expect(key.key).to.match(/^pfk_/);
      const { apiKeys } = await ok('query($org: String!) { apiKeys(org: $org) { items { key_id key key_preview } total } }', { org: org.org_id }, key.key);
      expect(apiKeys).to.deep.equal({ items: [{ key_id: key.key_id, key: null, key_preview: key.key_preview }], total: 1 });
      const { rotateApiKey: rotated } = await ok('mutation($org: String!, $k: ID!) { rotateApiKey(org: $org, key_id: $k) { key rotated_at } }', { org: org.org_id, k: key.key_id }, key.key);
      expect(rotated.key).to.match(/^pfk_/).and.not.equal(key.key);
      expect(rotated.rotated_at).to.be.a('string');
      expectGqlError(await app.gql('{ organizations { items { org_id } } }', {}, { token: key.key }), 'unauthenticated');

      // Policies
      const { createPolicy: policy } = await ok(
        `mutation($org: String!, $input: CreatePolicyInput!) { createPolicy(org: $org, input: $input) { ${POLICY_FIELDS} } }`,
        {
          org: org.org_id,
          input: {
            name: 'GQL policy',
            tags: ['gql'],
            rules: [
              { name: 'Block secrets', dataTypes: ['SECRETS'], destinations: ['AI_TOOL'], action: 'BLOCK' },
              { id: 'eu', name: 'EU', dataTypes: ['EU_DATA'], destinations: ['VENDOR'], action: 'MASK', conditions: ['non_eu_destination', '!scc_verified'] },
            ],
            custom_patterns: [{ name: 'Ticket', regex: 'TCK-[0-9]+' }],
          },
        },
        rotated.key,
      );
      expect(policy).to.include({ name: 'GQL policy', version: '1', is_active: true });
      expect(policy.api_key).to.match(/^pfp_/);
      expect(policy.rules[0].id).to.be.a('string');
      expect(policy.rules[0].enabled).to.equal(true);
      expect(policy.rules[1]).to.include({ id: 'eu', description: null });
      expect(policy.custom_patterns).to.deep.equal([{ name: 'Ticket', data_type: 'CUSTOM', regex: 'TCK-[0-9]+', keywords: null }]);

      const { policy: read, policies } = await ok(
        `query($org: String!, $id: ID!) { policy(org: $org, policy_id: $id) { ${POLICY_FIELDS} } policies(org: $org) { items { policy_id api_key } } }`,
        { org: org.org_id, id: policy.policy_id },
      );
      expect(read.api_key).to.equal(`pfp_…${policy.api_key.slice(-4)}`);
      expect(policies.items).to.deep.equal([{ policy_id: policy.policy_id, api_key: read.api_key }]);

      const { updatePolicy: renamed } = await ok(
        'mutation($org: String!, $id: ID!, $input: UpdatePolicyInput!) { updatePolicy(org: $org, policy_id: $id, input: $input) { name version tags rules { id } } }',
        { org: org.org_id, id: policy.policy_id, input: { name: 'Renamed', tags: ['a', 'b'] } },
      );
      expect(renamed).to.deep.include({ name: 'Renamed', version: '1', tags: ['a', 'b'] });
      expect(renamed.rules).to.have.length(2);
      const { updatePolicy: bumped } = await ok(
        'mutation($org: String!, $id: ID!, $input: UpdatePolicyInput!) { updatePolicy(org: $org, policy_id: $id, input: $input) { version rules { id action } } }',
        { org: org.org_id, id: policy.policy_id, input: { rules: [{ id: 'only', name: 'Only', dataTypes: ['ALL'], destinations: ['CUSTOMER'], action: 'ALLOW' }] } },
      );
      expect(bumped).to.deep.equal({ version: '2', rules: [{ id: 'only', action: 'ALLOW' }] });

      const { regeneratePolicyKey: regen } = await ok(
        'mutation($org: String!, $id: ID!) { regeneratePolicyKey(org: $org, policy_id: $id) { policy_id api_key } }',
        { org: org.org_id, id: policy.policy_id },
      );
      expect(regen.policy_id).to.equal(policy.policy_id);
      expect(regen.api_key).to.match(/^pfp_/).and.not.equal(policy.api_key);

      // Licenses
      const { licenses } = await ok('query($org: String) { licenses(org: $org) { items { license_id org_id license_key license_type status expires_at max_checks_per_month default_policy_group created_at updated_at } } }', { org: org.org_id });
      expect(licenses.items).to.have.length(1);
      expect(licenses.items[0]).to.include({ license_id: org.license_id, license_key: `pfl_…${org.license_key.slice(-4)}`, status: 'active' });
      const { licenses: all } = await ok('{ licenses { items { license_id } } }');
      expect(all.items.map((l: { license_id: string }) => l.license_id)).to.include(org.license_id);
      const { validateLicense: valid } = await ok('{ validateLicense { valid jwt_token policy_config } }', {}, org.license_key);
      expect(valid.valid).to.equal(true);
      expect(valid.jwt_token).to.be.a('string');
      const { licensePublicKey } = await ok('{ licensePublicKey { kid alg pem jwk } }', {}, undefined);
      expect(licensePublicKey.alg).to.equal('RS256');
      expect(await ok('mutation($l: ID!) { revokeLicense(license_id: $l) }', { l: org.license_id })).to.deep.equal({ revokeLicense: true });
      const { validateLicense: revoked } = await ok('{ validateLicense { valid status jwt_token } }', {}, org.license_key);
      expect(revoked).to.deep.equal({ valid: false, status: 'revoked', jwt_token: null });
      const { policy: inactive } = await ok('query($org: String!, $id: ID!) { policy(org: $org, policy_id: $id) { is_active } }', { org: org.org_id, id: policy.policy_id });
      expect(inactive.is_active).to.equal(false);

      // Deletions
      expect(await ok('mutation($org: String!, $id: ID!) { deletePolicy(org: $org, policy_id: $id) }', { org: org.org_id, id: policy.policy_id })).to.deep.equal({ deletePolicy: true });
      expect(await ok('mutation($org: String!, $k: ID!) { revokeApiKey(org: $org, key_id: $k) }', { org: org.org_id, k: key.key_id })).to.deep.equal({ revokeApiKey: true });
      expectGqlError(await app.gql('{ organizations { items { org_id } } }', {}, { token: rotated.key }), 'unauthenticated');
      expect(await ok('mutation($org: String!) { deleteOrganization(org: $org) }', { org: 'gql-org' })).to.deep.equal({ deleteOrganization: true });
      expectGqlError(await app.gql('query($org: String!) { organization(org: $org) { org_id } }', { org: org.org_id }, { token: ADMIN_KEY }), 'not_found');

      expectLogsFreeOf(app, [org.license_key, key.key, rotated.key, policy.api_key, regen.api_key]);
    });

    it('reports errors with the REST codes: unauthenticated, forbidden, not_found, validation_failed with details, conflict', async () => {
      expectGqlError(await app.gql('{ organizations { items { org_id } } }'), 'unauthenticated');
      expectGqlError(await app.gql('{ organizations { items { org_id } } }', {}, { token: 'nope' }), 'unauthenticated');
      const missing = await app.gql('query { organization(org: "nobody") { org_id } }', {}, { token: ADMIN_KEY });
      expectGqlError(missing, 'not_found');
      expect(missing.body.errors![0].extensions.http_status).to.equal(404);

      const bad = await app.gql(
        'mutation($input: CreateOrganizationInput!) { createOrganization(input: $input) { org_id } }',
        { input: { name: 'Bad', settings: { primary_color: 'blue', data_region: 'MOON' } } },
        { token: ADMIN_KEY },
      );
      expectGqlError(bad, 'validation_failed');
      const fields = bad.body.errors![0].extensions.details.map((d: { field: string }) => d.field).sort();
      expect(fields).to.deep.equal(['settings.data_region', 'settings.primary_color']);

      const { data } = (await app.gql('mutation { createOrganization(input: { name: "Dup", slug: "dup-gql" }) { org_id } }', {}, { token: ADMIN_KEY })).body;
      expect(data!.createOrganization.org_id).to.match(/^org_/);
      expectGqlError(await app.gql('mutation { createOrganization(input: { name: "Dup", slug: "dup-gql" }) { org_id } }', {}, { token: ADMIN_KEY }), 'conflict');

      const badRule = await app.gql(
        'mutation($org: String!, $input: CreatePolicyInput!) { createPolicy(org: $org, input: $input) { policy_id } }',
        { org: 'dup-gql', input: { name: 'p', rules: [{ name: 'r', dataTypes: ['PII'], destinations: ['AI_TOOL'], action: 'MASK', conditions: ['sometimes'] }] } },
        { token: ADMIN_KEY },
      );
      expectGqlError(badRule, 'validation_failed');
      expect(badRule.body.errors![0].extensions.details[0].field).to.equal('rules.0.conditions.0');

      // A query that does not parse or validate is the client's error, not a 500.
      const invalid = await app.gql('{ organizations { no_such_field } }', {}, { token: ADMIN_KEY });
      expect(invalid.body.errors).to.be.an('array');
      expect(invalid.body.errors![0].extensions.code).to.not.equal('internal');
    });

    it('serves _service { sdl } with the federation keys', async () => {
      const { _service } = await ok('{ _service { sdl } }', {}, undefined);
      expect(_service.sdl).to.include('@link(url: "https://specs.apollo.dev/federation/v2');
      expect(_service.sdl).to.match(/type Organization\s+@key\(fields: "org_id"\)/);
      expect(_service.sdl).to.match(/type Policy\s+@key\(fields: "policy_id"\)/);
      expect(_service.sdl).to.match(/type License\s+@key\(fields: "license_id"\)/);
    });

    it('resolves Organization, Policy and License references through _entities', async () => {
      const org = (await app.api('POST', '/api/orgs', { token: ADMIN_KEY, body: { name: 'Entities' } })).body;
      const policy = (await app.api('POST', `/api/orgs/${org.org_id}/policies`, { token: ADMIN_KEY, body: { name: 'Ref' } })).body;
      const key = (await app.api('POST', `/api/orgs/${org.org_id}/api-keys`, { token: ADMIN_KEY, body: { name: 'k' } })).body.key;
      const query = `query($r: [_Any!]!) { _entities(representations: $r) {
        __typename
        ... on Organization { org_id name }
        ... on Policy { policy_id name api_key }
        ... on License { license_id status license_key }
      } }`;
      const representations = [
        { __typename: 'Organization', org_id: org.org_id },
        { __typename: 'Policy', policy_id: policy.policy_id },
        { __typename: 'License', license_id: org.license_id },
      ];
      for (const token of [ADMIN_KEY, key]) {
        const { _entities } = await ok(query, { r: representations }, token);
        expect(_entities).to.deep.equal([
          { __typename: 'Organization', org_id: org.org_id, name: 'Entities' },
          { __typename: 'Policy', policy_id: policy.policy_id, name: 'Ref', api_key: `pfp_…${policy.api_key.slice(-4)}` },
          { __typename: 'License', license_id: org.license_id, status: 'active', license_key: `pfl_…${org.license_key.slice(-4)}` },
        ]);
      }
      expectGqlError(await app.gql(query, { r: representations }), 'unauthenticated');
      expectGqlError(await app.gql(query, { r: [{ __typename: 'Policy', policy_id: 'pol_nope' }] }, { token: ADMIN_KEY }), 'not_found');
    });

    it('answers GET queries too', async () => {
      const res = await app.api('GET', `/graphql?query=${encodeURIComponent('{ licensePublicKey { alg } }')}`, {
        headers: { 'apollo-require-preflight': 'true' },
      });
      expect(res.status, res.text).to.equal(200);
      expect(res.body.data.licensePublicKey.alg).to.equal('RS256');
    });
  });
}
