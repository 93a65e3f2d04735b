import 'reflect-metadata';
import { GraphQLSchema, isEnumType, isInputObjectType, isObjectType, parse } from 'graphql';
import { TYPE_DESCRIPTIONS, argDescription, fieldDescription } from '../src/http/descriptions';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { printSchemaWithDirectives } from '@graphql-tools/utils';
import { buildSchema, createResolversMap, type NonEmptyArray } from 'type-graphql';
import type { GqlContext } from './context';
import { OrganizationResolver } from './organization.resolver';
import { PolicyResolver } from './policy.resolver';
import { LicenseResolver } from './license.resolver';
import { PreflightResolver } from './preflight.resolver';
import { ForwardingResolver } from './forwarding.resolver';
import { AuditResolver } from './audit.resolver';
import { AnalyticsResolver } from './analytics.resolver';

/** Every resolver class of the subgraph. Add new ones here. */
export const resolverClasses: NonEmptyArray<Function> = [
  OrganizationResolver,
  PolicyResolver,
  LicenseResolver,
  PreflightResolver,
  ForwardingResolver,
  AuditResolver,
  AnalyticsResolver,
];

/** Entities other subgraphs may reference by key; each resolves through the service layer. */
const referenceResolvers = {
  Organization: {
    __resolveReference: async (ref: { org_id: string }, ctx: GqlContext) => ctx.services.orgs.get(await ctx.principal(), ref.org_id),
  },
  Policy: {
    __resolveReference: async (ref: { policy_id: string }, ctx: GqlContext) =>
      ctx.services.policies.getById(await ctx.principal(), ref.policy_id),
  },
  License: {
    __resolveReference: async (ref: { license_id: string }, ctx: GqlContext) =>
      ctx.services.licenses.getById(await ctx.principal(), ref.license_id),
  },
};

const FEDERATION_LINK =
  'extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key", "@shareable"])';

/**
 * Fills in descriptions the classes leave out from the table the OpenAPI document reads too
 * (src/http/descriptions.ts), so one field reads the same in both.
 */
function describe(schema: GraphQLSchema): void {
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__')) continue;
    type.description ??= TYPE_DESCRIPTIONS[type.name];
    if (isEnumType(type)) continue;
    if (!isObjectType(type) && !isInputObjectType(type)) continue;
    for (const field of Object.values(type.getFields())) {
      field.description ??= fieldDescription(type.name, field.name);
      for (const arg of 'args' in field ? field.args : []) arg.description ??= argDescription(field.name, arg.name);
    }
  }
}

/** The type-graphql schema printed with its directives: the subgraph SDL. */
export async function buildSubgraphSdl(): Promise<{ sdl: string; typeGraphqlSchema: GraphQLSchema }> {
  const typeGraphqlSchema = await buildSchema({ resolvers: resolverClasses, skipCheck: true, validate: false });
  describe(typeGraphqlSchema);
  return { sdl: `${FEDERATION_LINK}\n\n${printSchemaWithDirectives(typeGraphqlSchema)}`, typeGraphqlSchema };
}

/** The federation v2 subgraph schema served at /graphql. */
export async function buildGraphqlSchema(): Promise<{ schema: GraphQLSchema; sdl: string }> {
  const { sdl, typeGraphqlSchema } = await buildSubgraphSdl();
  const map = createResolversMap(typeGraphqlSchema) as Record<string, Record<string, unknown>>;
  for (const [type, fns] of Object.entries(referenceResolvers)) map[type] = { ...(map[type] ?? {}), ...fns };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- resolver map types differ between libraries
  const schema = buildSubgraphSchema({ typeDefs: parse(sdl), resolvers: map as any });
  return { schema, sdl };
}
