import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { TYPE_DESCRIPTIONS, argDescription, fieldDescription } from '../http/descriptions';

export type OpenApiDocument = ReturnType<OpenApiGeneratorV31['generateDocument']>;

/** The OpenAPI 3.1 description generated from the same route definitions the router mounts. */
export function buildOpenApiDocument(registry: OpenAPIRegistry): OpenApiDocument {
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
  describe(doc);
  return doc;
}

/**
 * Fills in descriptions the zod schemas leave out from the table the GraphQL schema reads too
 * (src/http/descriptions.ts): components by name, properties by `Component.property` or name,
 * parameters by name.
 */
function describe(doc: OpenApiDocument): void {
  for (const [name, schema] of Object.entries(doc.components?.schemas ?? {})) {
    if ('$ref' in schema) continue;
    schema.description ??= TYPE_DESCRIPTIONS[name];
    // A property may be a `$ref`: OpenAPI 3.1 lets a reference carry its own description.
    for (const [prop, sub] of Object.entries(schema.properties ?? {})) sub.description ??= fieldDescription(name, prop);
  }
  for (const item of Object.values(doc.paths ?? {})) {
    for (const op of [item.get, item.post, item.patch, item.put, item.delete]) {
      for (const param of op?.parameters ?? []) {
        if (!('$ref' in param)) param.description ??= argDescription('', param.name) ?? fieldDescription('', param.name);
      }
    }
  }
}
