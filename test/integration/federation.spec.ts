import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { parse } from 'graphql';
import { ApolloServer } from '@apollo/server';
import { ApolloGateway, RemoteGraphQLDataSource } from '@apollo/gateway';
import { composeServices } from '@apollo/composition';
import { ADMIN_KEY, ENGINES, TestApp, createOrg, createOrgKey, startApp } from '../support/app';

const SCHEMA_FILE = path.resolve(__dirname, '../../../schema/schema.graphql');

interface GatewayContext {
  authorization?: string;
}

/** Composes one subgraph into a supergraph SDL, failing with composition's own messages. */
function compose(sdl: string, url: string): string {
  const result = composeServices([{ name: 'preflight', typeDefs: parse(sdl), url }]);
  expect(result.errors?.map((e) => e.message), 'composition errors').to.equal(undefined);
  return result.supergraphSdl!;
}

for (const engine of ENGINES) {
  describe(`federation (${engine})`, () => {
    let app: TestApp;
    let gateway: ApolloServer<GatewayContext>;

    before(async () => {
      app = await startApp(engine);
      const supergraphSdl = compose(fs.readFileSync(SCHEMA_FILE, 'utf8'), `${app.url}/graphql`);
      gateway = new ApolloServer<GatewayContext>({
        gateway: new ApolloGateway({
          supergraphSdl,
          buildService: ({ url }) =>
            new RemoteGraphQLDataSource<GatewayContext>({
              url,
              willSendRequest({ request, context }) {
                if (context.authorization) request.http!.headers.set('authorization', context.authorization);
              },
            }),
        }),
      });
      await gateway.start();
    });
    after(async () => {
      await gateway?.stop();
      await app?.close();
    });

    async function viaGateway(query: string, variables: Record<string, unknown>, token?: string) {
      const res = await gateway.executeOperation(
        { query, variables },
        { contextValue: { authorization: token ? `Bearer ${token}` : undefined } },
      );
      if (res.body.kind !== 'single') throw new Error('expected a single result');
      return res.body.singleResult as { data?: any; errors?: any[] };
    }

    it('composes the committed schema/schema.graphql into a supergraph with the entity keys', () => {
      const supergraph = compose(fs.readFileSync(SCHEMA_FILE, 'utf8'), 'http://localhost:4000/graphql');
      expect(supergraph).to.include('@join__type(graph: PREFLIGHT, key: "org_id")');
      expect(supergraph).to.include('@join__type(graph: PREFLIGHT, key: "policy_id")');
      expect(supergraph).to.include('@join__type(graph: PREFLIGHT, key: "license_id")');
    });

    it('composes the SDL the running subgraph serves', async () => {
      const res = await app.gql('{ _service { sdl } }');
      compose(res.body.data!._service.sdl, `${app.url}/graphql`);
    });

    it('runs mutations and queries through @apollo/gateway, forwarding the Authorization header', async () => {
      const created = await viaGateway(
        'mutation($input: CreateOrganizationInput!) { createOrganization(input: $input) { org_id slug license_type } }',
        { input: { name: 'Via Gateway', slug: 'via-gateway' } },
        ADMIN_KEY,
      );
      expect(created.errors, JSON.stringify(created.errors)).to.equal(undefined);
      expect(created.data.createOrganization).to.include({ slug: 'via-gateway', license_type: 'trial' });
      const orgId = created.data.createOrganization.org_id;

      const read = await viaGateway(
        'query($org: String!) { organization(org: $org) { org_id name } policies(org: $org) { total items { policy_id } } licenses(org: $org) { items { status } } }',
        { org: 'via-gateway' },
        ADMIN_KEY,
      );
      expect(read.errors, JSON.stringify(read.errors)).to.equal(undefined);
      expect(read.data).to.deep.equal({ organization: { org_id: orgId, name: 'Via Gateway' }, policies: { total: 0, items: [] }, licenses: { items: [{ status: 'active' }] } });
    });

    it('keeps the subgraph’s auth and tenancy decisions and codes behind the gateway', async () => {
      const a = await createOrg(app);
      const b = await createOrg(app);
      const aKey = (await createOrgKey(app, a.org_id)).key;
      const query = 'query($org: String!) { organization(org: $org) { org_id } }';

      const own = await viaGateway(query, { org: a.org_id }, aKey);
      expect(own.errors, JSON.stringify(own.errors)).to.equal(undefined);
      expect(own.data.organization.org_id).to.equal(a.org_id);

      const other = await viaGateway(query, { org: b.org_id }, aKey);
      expect(other.errors?.[0]?.extensions?.code, JSON.stringify(other.errors)).to.equal('forbidden');
      expect(other.data?.organization ?? null).to.equal(null);

      const anonymous = await viaGateway(query, { org: a.org_id });
      expect(anonymous.errors?.[0]?.extensions?.code, JSON.stringify(anonymous.errors)).to.equal('unauthenticated');
    });
  });
}
