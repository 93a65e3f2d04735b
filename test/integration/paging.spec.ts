import { expect } from 'chai';
import { getNamedType, getNullableType, isListType, isObjectType } from 'graphql';
import { ForwardingDestinationEntity } from '../../entities';
import { buildSubgraphSdl } from '../../resolvers/schema';
import { MAX_PAGE_SIZE } from '../../src/services/paging';
import { ADMIN_KEY, ENGINES, TestApp, createOrg, createOrgKey, createPolicy, startApp } from '../support/app';
import { expectGqlError } from './helpers';

/** Query fields that answer a whole list on purpose: fixed catalogues that do not grow with use. */
const UNPAGED_LISTS = new Set(['findingTypes']);

describe('GraphQL lists', () => {
  it('every Query field that returns a list returns a page (items, limit, offset, total) and takes limit and offset', async () => {
    const { typeGraphqlSchema: schema } = await buildSubgraphSdl();
    const fields = Object.values(schema.getQueryType()!.getFields());
    const pages: string[] = [];
    for (const field of fields) {
      if (UNPAGED_LISTS.has(field.name)) continue;
      const type = getNullableType(field.type);
      expect(isListType(type), `${field.name} returns a bare list`).to.equal(false);
      const named = getNamedType(type);
      if (!isObjectType(named) || !('items' in named.getFields())) continue;
      pages.push(field.name);
      expect(Object.keys(named.getFields()), named.name).to.deep.equal(['items', 'limit', 'offset', 'total']);
      expect(field.args.map((a) => a.name), field.name).to.include.members(['limit', 'offset']);
    }
    expect(pages).to.include.members(['organizations', 'apiKeys', 'policies', 'licenses', 'forwardingDestinations', 'forwardingDeliveries', 'auditLog']);
  });
});

for (const engine of ENGINES) {
  describe(`paging (${engine})`, () => {
    let app: TestApp;
    let org: Awaited<ReturnType<typeof createOrg>>;
    let orgKey: string;

    before(async () => {
      app = await startApp(engine);
      org = await createOrg(app, { name: 'Paged' });
      orgKey = (await createOrgKey(app, org.org_id)).key;
      for (let i = 0; i < 4; i++) await createOrg(app, { name: `Paged other ${i}` });
      for (let i = 0; i < 4; i++) await createOrgKey(app, org.org_id, `key ${i}`);
      for (let i = 0; i < 5; i++) await createPolicy(app, org.org_id, { name: `Policy ${i}` });
      const repo = app.rt.deps.ds.getRepository(ForwardingDestinationEntity);
      for (let i = 0; i < 3; i++) {
        const at = new Date(Date.UTC(2026, 0, 1, 0, 0, i));
        await repo.insert({
          id: `fwd_paging${i}`, orgId: org.org_id, url: `https://collector${i}.example.com/in`, authHeaderName: null,
          authHeaderValueEnc: null, enabled: false, lastError: null, lastErrorAt: null, createdAt: at, updatedAt: at,
        });
      }
    });
    after(async () => app?.close());
    const gql = (query: string, variables: Record<string, unknown> = {}, token = ADMIN_KEY) => app.gql(query, variables, { token });
    const get = (path: string) => app.api('GET', path, { token: ADMIN_KEY });

    /** Each list: its GraphQL query (variables $org, $limit, $offset), the id field, and the REST path that lists it whole. */
    const LISTS = [
      { name: 'organizations', query: 'query($limit: Int, $offset: Int) { organizations(limit: $limit, offset: $offset) { items { id: org_id } limit offset total } }', rest: () => '/api/orgs', id: 'org_id' },
      { name: 'apiKeys', query: 'query($org: String!, $limit: Int, $offset: Int) { apiKeys(org: $org, limit: $limit, offset: $offset) { items { id: key_id } limit offset total } }', rest: () => `/api/orgs/${org.org_id}/api-keys`, id: 'key_id' },
      { name: 'policies', query: 'query($org: String!, $limit: Int, $offset: Int) { policies(org: $org, limit: $limit, offset: $offset) { items { id: policy_id } limit offset total } }', rest: () => `/api/orgs/${org.org_id}/policies`, id: 'policy_id' },
      { name: 'licenses', query: 'query($limit: Int, $offset: Int) { licenses(limit: $limit, offset: $offset) { items { id: license_id } limit offset total } }', rest: () => '/api/licenses', id: 'license_id' },
      {
        name: 'forwardingDestinations',
        query: 'query($org: String!, $limit: Int, $offset: Int) { forwardingDestinations(org: $org, limit: $limit, offset: $offset) { items { id: destination_id } limit offset total } }',
        rest: () => `/api/orgs/${org.org_id}/forwarding-destinations`, id: 'destination_id',
      },
    ];

    for (const list of LISTS) {
      it(`${list.name}: pages of 2 add up to the whole REST list, in the same order`, async () => {
        const rest = await get(list.rest());
        expect(rest.status, rest.text).to.equal(200);
        const whole: string[] = (Array.isArray(rest.body) ? rest.body : rest.body.items).map((x: Record<string, string>) => x[list.id]);
        expect(whole.length, 'enough items for two pages').to.be.greaterThan(2);
        const paged: string[] = [];
        for (let offset = 0; offset < whole.length; offset += 2) {
          const res = await gql(list.query, { org: org.org_id, limit: 2, offset });
          expect(res.body.errors, res.text).to.equal(undefined);
          const page = res.body.data[list.name];
          expect(page).to.include({ limit: 2, offset, total: whole.length });
          expect(page.items.length).to.equal(Math.min(2, whole.length - offset));
          paged.push(...page.items.map((x: { id: string }) => x.id));
        }
        expect(paged).to.deep.equal(whole);
      });
    }

    it('defaults to the first page of 50', async () => {
      const res = await gql('query($org: String!) { policies(org: $org) { limit offset total items { name } } }', { org: org.org_id });
      expect(res.body.data.policies).to.deep.include({ limit: 50, offset: 0, total: 5 });
      expect(res.body.data.policies.items.map((p: { name: string }) => p.name)).to.deep.equal([0, 1, 2, 3, 4].map((i) => `Policy ${i}`));
    });

    it('an organization key pages over its own organization only', async () => {
      const res = await gql('{ organizations(limit: 10) { total items { org_id } } }', {}, orgKey);
      expect(res.body.data.organizations).to.deep.equal({ total: 1, items: [{ org_id: org.org_id }] });
      const past = await gql('{ organizations(offset: 1) { total items { org_id } } }', {}, orgKey);
      expect(past.body.data.organizations).to.deep.equal({ total: 1, items: [] });
    });

    for (const [args, field] of [
      [`limit: ${MAX_PAGE_SIZE + 1}`, 'limit'],
      ['limit: 0', 'limit'],
      ['offset: -1', 'offset'],
    ] as const) {
      it(`refuses ${args} on every paged list with validation_failed naming ${field}`, async () => {
        const queries = [
          `{ organizations(${args}) { total } }`,
          `query($org: String!) { apiKeys(org: $org, ${args}) { total } }`,
          `query($org: String!) { policies(org: $org, ${args}) { total } }`,
          `query($org: String!) { licenses(org: $org, ${args}) { total } }`,
          `query($org: String!) { forwardingDestinations(org: $org, ${args}) { total } }`,
          `query($org: String!) { forwardingDeliveries(org: $org, destination_id: "fwd_paging0", ${args}) { total } }`,
          `{ auditLog(${args}) { total } }`,
        ];
        for (const query of queries) {
          const res = await gql(query, { org: org.org_id });
          expectGqlError(res, 'validation_failed');
          expect(res.body.errors![0].extensions.details, query).to.deep.include({ field, problem: `must be a whole number from ${field === 'limit' ? 1 : 0} to ${field === 'limit' ? MAX_PAGE_SIZE : Number.MAX_SAFE_INTEGER}` });
        }
      });
    }

    it('serves the largest page asked for', async () => {
      const res = await gql(`{ organizations(limit: ${MAX_PAGE_SIZE}) { limit total items { org_id } } }`);
      expect(res.body.errors, res.text).to.equal(undefined);
      expect(res.body.data.organizations.limit).to.equal(MAX_PAGE_SIZE);
      expect(res.body.data.organizations.items).to.have.length(res.body.data.organizations.total);
    });

    it('forwardingDeliveries takes state, limit and offset as arguments like the other lists', async () => {
      const res = await gql(
        'query($org: String!) { forwardingDeliveries(org: $org, destination_id: "fwd_paging1", state: failed, limit: 5, offset: 0) { items { delivery_id } limit offset total } }',
        { org: org.org_id },
      );
      expect(res.body.errors, res.text).to.equal(undefined);
      expect(res.body.data.forwardingDeliveries).to.deep.equal({ items: [], limit: 5, offset: 0, total: 0 });
      const rest = await get(`/api/orgs/${org.org_id}/forwarding-destinations/fwd_paging1/deliveries?limit=${MAX_PAGE_SIZE}`);
      expect(rest.status, rest.text).to.equal(200);
      expect(rest.body).to.deep.equal({ items: [], limit: MAX_PAGE_SIZE, offset: 0, total: 0 });
    });
  });
}
