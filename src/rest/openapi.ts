import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';

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
  return doc as unknown as Record<string, unknown>;
}
