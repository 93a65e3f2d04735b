import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { TYPE_DESCRIPTIONS, argDescription, fieldDescription } from '../http/descriptions';

interface SchemaObject { description?: string; properties?: Record<string, SchemaObject> }
interface Operation { parameters?: { name: string; description?: string }[] }

/** The OpenAPI 3.1 description generated from the same route definitions the router mounts. */
export function buildOpenApiDocument(registry: OpenAPIRegistry): Record<string, unknown> {
  registry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description: 'Operator key (PREFLIGHT_ADMIN_KEY), organization API key, or license key (validation only)',
  });
  registry.registerComponent('securitySchemes', 'serviceKey', {
    type: 'apiKey',
    in: 'header',
    name: 'X-Service-API-Key',
    description: 'Policy API key, for preflight checks',
  });
  const doc = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Preflight API',
      version: '1.0.0',
      description:
        'Preflight checks content for personal, health and financial data, secrets and custom patterns before it is sent to an AI tool, vendor or customer. Errors use {"error": {"code", "message", "details"}}.',
    },
    servers: [{ url: '/' }],
  });
  describe(doc as unknown as { components?: { schemas?: Record<string, SchemaObject> }; paths?: Record<string, Record<string, Operation>> });
  return doc as unknown as Record<string, unknown>;
}

/**
 * Fills in descriptions the zod schemas leave out from the table the GraphQL schema reads too
 * (src/http/descriptions.ts): components by name, properties by `Component.property` or name,
 * parameters by name.
 */
function describe(doc: { components?: { schemas?: Record<string, SchemaObject> }; paths?: Record<string, Record<string, Operation>> }): void {
  for (const [name, schema] of Object.entries(doc.components?.schemas ?? {})) {
    schema.description ??= TYPE_DESCRIPTIONS[name];
    for (const [prop, sub] of Object.entries(schema.properties ?? {})) sub.description ??= fieldDescription(name, prop);
  }
  for (const item of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(item)) for (const param of op.parameters ?? []) param.description ??= argDescription('', param.name) ?? fieldDescription('', param.name);
  }
}
