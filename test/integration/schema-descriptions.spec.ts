import { expect } from 'chai';
import { isEnumType, isInputObjectType, isObjectType, isScalarType, specifiedScalarTypes, type GraphQLSchema } from 'graphql';
import { buildSubgraphSdl } from '../../resolvers/schema';

/** Every named element of the schema without a description, as `Type`, `Type.field` or `Type.field(arg)`. */
function undescribed(schema: GraphQLSchema): string[] {
  const missing: string[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__') || specifiedScalarTypes.includes(type as never)) continue;
    if (!type.description) missing.push(type.name);
    if (isEnumType(type)) for (const v of type.getValues()) if (!v.description) missing.push(`${type.name}.${v.name}`);
    if (!isObjectType(type) && !isInputObjectType(type)) continue;
    for (const field of Object.values(type.getFields())) {
      if (!field.description) missing.push(`${type.name}.${field.name}`);
      for (const arg of 'args' in field ? field.args : []) if (!arg.description) missing.push(`${type.name}.${field.name}(${arg.name})`);
    }
  }
  return missing;
}

describe('GraphQL schema: worth generating types from', () => {
  let schema: GraphQLSchema;
  before(async () => {
    schema = (await buildSubgraphSdl()).typeGraphqlSchema;
  });

  it('describes every type, field, argument and enum value', () => {
    expect(undescribed(schema)).to.deep.equal([]);
  });

  it('types decisions, destinations, actions, data types, periods and states as enums', () => {
    const fieldType = (type: string, field: string) => {
      const t = schema.getType(type);
      if (!isObjectType(t) && !isInputObjectType(t)) throw new Error(`${type} is not an object type`);
      return String(t.getFields()[field].type);
    };
    expect(fieldType('PreflightResult', 'decision')).to.equal('Decision!');
    expect(fieldType('AuditItem', 'destination')).to.equal('Destination!');
    expect(fieldType('Rule', 'action')).to.equal('Action!');
    expect(fieldType('Rule', 'dataTypes')).to.equal('[DataType!]!');
    expect(fieldType('OrganizationAnalytics', 'period')).to.equal('AnalyticsPeriod!');
    expect(fieldType('Delivery', 'state')).to.equal('DeliveryState!');
    expect(fieldType('ForwardingDestination', 'status')).to.equal('DestinationStatus!');
    expect(fieldType('License', 'status')).to.equal('LicenseStatus!');
    expect(fieldType('AuditItem', 'source_type')).to.equal('SourceType!');
    for (const input of ['PreflightTextInput', 'PreflightFileInput', 'TryPolicyInput']) expect(fieldType(input, 'destination_region')).to.equal('Region');
    for (const name of ['Decision', 'Destination', 'Action', 'DataType', 'AnalyticsPeriod', 'DeliveryState', 'DestinationStatus', 'LicenseStatus', 'SourceType', 'Region', 'FindingType']) {
      expect(isEnumType(schema.getType(name)), name).to.equal(true);
    }
  });

  it('types every timestamp as DateTime', () => {
    expect(isScalarType(schema.getType('DateTime'))).to.equal(true);
    const stringly: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (!isObjectType(type) || type.name.startsWith('__')) continue;
      for (const field of Object.values(type.getFields())) {
        if (/_at$|^expires$|^at$/.test(field.name) && !String(field.type).startsWith('DateTime')) stringly.push(`${type.name}.${field.name}`);
      }
    }
    expect(stringly).to.deep.equal([]);
  });

  it('names the organization argument `org` everywhere', () => {
    const names = new Set<string>();
    for (const root of [schema.getQueryType()!, schema.getMutationType()!]) {
      for (const field of Object.values(root.getFields())) for (const arg of field.args) names.add(arg.name);
    }
    expect([...names].filter((n) => /^org/.test(n))).to.deep.equal(['org']);
  });

  it('names the arguments of every root field from one small vocabulary', () => {
    // The organization, a resource by its id name, the input object, the page, and the filters of a list.
    const vocabulary = new Set([
      'org', 'policy_id', 'destination_id', 'key_id', 'license_id', 'preflight_id', 'input', 'file',
      'limit', 'offset', 'period', 'search', 'from', 'to', 'decision', 'destination', 'state',
    ]);
    const other: string[] = [];
    for (const root of [schema.getQueryType()!, schema.getMutationType()!]) {
      for (const field of Object.values(root.getFields())) {
        for (const arg of field.args) if (!vocabulary.has(arg.name)) other.push(`${field.name}(${arg.name})`);
        // A resource id argument is an ID, never a free String.
        for (const arg of field.args) if (/_id$/.test(arg.name)) expect(String(arg.type), `${field.name}(${arg.name})`).to.equal('ID!');
      }
    }
    expect(other).to.deep.equal([]);
  });
});
