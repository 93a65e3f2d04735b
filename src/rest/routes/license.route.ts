import type { Services } from '../../services';
import type { PlainRouteDef, RouteDef } from '../route';
import { z } from '../../lib/zod-openapi';
import { jwksSchema, licenseSchema, publicKeySchema, validationSchema } from '../../services/views';

/** Licenses: listing, revocation, validation for client libraries, and the token-verification key. */
export function licenseRoutes(s: Services): RouteDef[] {
  const validate: Omit<PlainRouteDef, 'method'> = {
    paths: ['/v1/license/validate', '/api/license/validate'], tag: 'Licenses', auth: 'bearer', status: 200,
    summary: 'Validate a license key (sent as the bearer credential) and get a signed RS256 token',
    response: validationSchema,
    handle: ({ principal }) => s.licenses.validate(principal),
  };
  return [
    {
      method: 'get', paths: ['/api/orgs/{org}/licenses'], tag: 'Licenses', auth: 'bearer', status: 200,
      summary: "List an organization's licenses", response: z.array(licenseSchema),
      handle: async ({ principal, params }) => (await s.licenses.list(principal, params.org, 'all')).items,
    },
    {
      method: 'get', paths: ['/api/licenses'], tag: 'Licenses', auth: 'bearer', status: 200,
      summary: 'List every license (operator key)', response: z.array(licenseSchema),
      handle: async ({ principal }) => (await s.licenses.list(principal, undefined, 'all')).items,
    },
    {
      method: 'post', paths: ['/api/licenses/{license_id}/revoke'], tag: 'Licenses', auth: 'bearer', status: 204,
      summary: "Revoke a license; every policy of its organization is deactivated (operator key)",
      handle: ({ principal, params }) => s.licenses.revoke(principal, params.license_id),
    },
    { method: 'post', ...validate },
    { method: 'get', ...validate },
    {
      method: 'get', paths: ['/v1/license/public-key', '/api/license/public-key'], tag: 'Licenses', auth: 'none', status: 200,
      summary: 'The public key (PEM and JWK) that verifies license tokens', response: publicKeySchema,
      handle: async () => s.licenses.publicKey(),
    },
    {
      method: 'get', paths: ['/.well-known/jwks.json'], tag: 'Licenses', auth: 'none', status: 200,
      summary: 'JSON Web Key Set of the license-token signing key', response: jwksSchema,
      handle: async () => s.licenses.jwks(),
    },
  ];
}
