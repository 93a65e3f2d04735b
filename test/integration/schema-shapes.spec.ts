import { expect } from 'chai';
import { getNamedType, getNullableType, isEnumType, isListType, isNonNullType, isObjectType, type GraphQLSchema } from 'graphql';
import { buildSubgraphSdl } from '../../resolvers/schema';
import { generateSchemas } from '../../src/tools/schemas';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  $ref?: string;
  anyOf?: JsonSchema[];
}

/**
 * Each response shape is declared once, as a zod schema (src/rest/schemas.ts and the route
 * files), which the OpenAPI document is generated from; the type-graphql classes must describe
 * the same shape: the same fields, the same optionality, lists where lists are, and enums
 * carrying the same values. Compared here for every GraphQL object type with an OpenAPI
 * component of the same name.
 */
describe('response shapes: GraphQL types match the zod schemas', () => {
  let schema: GraphQLSchema;
  let components: Record<string, JsonSchema>;

  before(async function () {
    this.timeout(60_000);
    schema = (await buildSubgraphSdl()).typeGraphqlSchema;
    components = JSON.parse((await generateSchemas()).openapi).components.schemas;
  });

  it('compares at least the main shapes', () => {
    const shared = Object.keys(components).filter((n) => isObjectType(schema.getType(n)));
    expect(shared).to.include.members(['Organization', 'Policy', 'Rule', 'License', 'PreflightResult', 'AuditItem', 'ForwardingDestination', 'Delivery', 'DetectionBreakdown']);
  });

  it('declares the same fields, optionality, lists and enum values in both', () => {
    const problems: string[] = [];
    let compared = 0;
    for (const [name, json] of Object.entries(components)) {
      const type = schema.getType(name);
      if (!isObjectType(type) || !json.properties) continue;
      const gqlFields = type.getFields();
      const restFields = Object.keys(json.properties);
      for (const f of restFields) if (!gqlFields[f]) problems.push(`${name}.${f}: in the zod schema, not in GraphQL`);
      for (const f of Object.keys(gqlFields)) if (!json.properties[f]) problems.push(`${name}.${f}: in GraphQL, not in the zod schema`);
      for (const f of restFields.filter((x) => gqlFields[x])) {
        compared++;
        const prop = json.properties[f];
        const gqlType = gqlFields[f].type;
        const nullableInRest = !(json.required ?? []).includes(f) || [prop.type].flat().includes('null') || !!prop.anyOf?.some((s) => s.type === 'null');
        if (nullableInRest === isNonNullType(gqlType)) problems.push(`${name}.${f}: ${nullableInRest ? 'optional' : 'required'} in zod, ${String(gqlType)} in GraphQL`);
        const inner = getNullableType(gqlType);
        const restIsList = [prop.type].flat().includes('array');
        if (restIsList !== isListType(inner)) problems.push(`${name}.${f}: list in one, not in the other`);
        const named = getNamedType(gqlType);
        const values = (restIsList ? prop.items?.enum : prop.enum) ?? prop.anyOf?.find((s) => s.enum)?.enum;
        if (isEnumType(named) && values && named.name !== 'AnalyticsPeriod') {
          const gqlValues = named.getValues().map((v) => v.value).sort();
          if (JSON.stringify(gqlValues) !== JSON.stringify([...values].sort())) problems.push(`${name}.${f}: enum ${named.name} has ${gqlValues}, zod has ${values}`);
        }
      }
    }
    expect(problems).to.deep.equal([]);
    expect(compared).to.be.greaterThan(150);
  });
});
