import type { Services } from '../../services';
import { createOrganizationSchema, updateOrganizationSchema } from '../../services/organization.service';
import { createApiKeySchema } from '../../services/api-key.service';
import type { RouteDef } from '../route';
import { z } from '../../lib/zod-openapi';
import { apiKeySchema, createdOrganizationSchema, organizationSchema } from '../../services/views';

const ORG = '/api/orgs/{org}';

/** Organizations and their API keys (docs/api-contract.md#rest-paths). */
export function organizationRoutes(s: Services): RouteDef[] {
  return [
    {
      method: 'get', paths: ['/api/orgs'], tag: 'Organizations', auth: 'bearer', status: 200,
      summary: 'List organizations (all for the operator key, its own for an organization key)',
      response: z.array(organizationSchema),
      handle: async ({ principal }) => (await s.orgs.list(principal, 'all')).items,
    },
    {
      method: 'post', paths: ['/api/orgs'], tag: 'Organizations', auth: 'bearer', status: 201,
      summary: 'Create an organization with its trial license (operator key)',
      body: createOrganizationSchema, response: createdOrganizationSchema,
      handle: ({ principal, body }) => s.orgs.create(principal, body),
    },
    {
      method: 'get', paths: [ORG], tag: 'Organizations', auth: 'bearer', status: 200,
      summary: 'Get an organization by id or slug', response: organizationSchema,
      handle: ({ principal, params }) => s.orgs.get(principal, params.org),
    },
    {
      method: 'patch', paths: [ORG], tag: 'Organizations', auth: 'bearer', status: 200,
      summary: 'Update an organization (partial)', body: updateOrganizationSchema, response: organizationSchema,
      handle: ({ principal, params, body }) => s.orgs.update(principal, params.org, body),
    },
    {
      method: 'delete', paths: [ORG], tag: 'Organizations', auth: 'bearer', status: 204,
      summary: 'Delete an organization and everything it owns (operator key)',
      handle: ({ principal, params }) => s.orgs.remove(principal, params.org),
    },
    {
      method: 'get', paths: [`${ORG}/api-keys`], tag: 'API keys', auth: 'bearer', status: 200,
      summary: "List an organization's API keys (redacted)", response: z.array(apiKeySchema),
      handle: async ({ principal, params }) => (await s.apiKeys.list(principal, params.org, 'all')).items,
    },
    {
      method: 'post', paths: [`${ORG}/api-keys`], tag: 'API keys', auth: 'bearer', status: 201,
      summary: 'Create a named API key (the key is shown only in this response)',
      body: createApiKeySchema, response: apiKeySchema,
      handle: ({ principal, params, body }) => s.apiKeys.create(principal, params.org, body),
    },
    {
      method: 'post', paths: [`${ORG}/api-keys/{key_id}/rotate`], tag: 'API keys', auth: 'bearer', status: 200,
      summary: 'Rotate an API key (the new key is shown only in this response)', response: apiKeySchema,
      handle: ({ principal, params }) => s.apiKeys.rotate(principal, params.org, params.key_id),
    },
    {
      method: 'delete', paths: [`${ORG}/api-keys/{key_id}`], tag: 'API keys', auth: 'bearer', status: 204,
      summary: 'Revoke an API key',
      handle: ({ principal, params }) => s.apiKeys.revoke(principal, params.org, params.key_id),
    },
  ];
}
