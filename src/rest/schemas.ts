import { z } from './zod-openapi';
import { ACTIONS, DESTINATIONS, RULE_DATA_TYPES } from '../policy/types';
import { MAX_PAGE_SIZE } from '../services/paging';
import { ARG_DESCRIPTIONS } from '../http/descriptions';

/** Response shapes for the OpenAPI description (request bodies come from the services' own schemas). */
const iso = z.string().openapi({ format: 'date-time', example: '2026-11-22T10:00:00.000Z' });

/** One page of a list, as the OpenAPI component `name` (docs/api-contract.md#paging). */
export const pageSchemaOf = (item: z.ZodType, name: string) =>
  z.object({ items: z.array(item), limit: z.number().int(), offset: z.number().int(), total: z.number().int() }).openapi(name);

/** The `limit` and `offset` query parameters of a paged REST list, as documented. */
export const pageQueryDocFields = {
  limit: z.number().int().min(1).max(MAX_PAGE_SIZE).optional().openapi({ description: ARG_DESCRIPTIONS.limit }),
  offset: z.number().int().min(0).optional().openapi({ description: ARG_DESCRIPTIONS.offset }),
};

export const errorSchema = z
  .object({
    error: z.object({
      code: z.string().openapi({ example: 'validation_failed' }),
      message: z.string(),
      details: z.array(z.object({ field: z.string(), problem: z.string() })).optional(),
    }),
    retry_after: z.number().int().optional().openapi({ description: 'Seconds to wait (429 only)' }),
  })
  .openapi('Error');

export const settingsViewSchema = z
  .record(z.string(), z.unknown())
  .openapi('OrganizationSettings', {
    description: 'primary_color (hex), admin_email, data_region (EU|US|APAC), retention_mode (FULL|METADATA), retention_days; other keys are kept as given.',
  });

export const organizationSchema = z
  .object({
    org_id: z.string().openapi({ example: 'org_5f0c2d1e9a7b3c4d5e6f7a8b' }),
    name: z.string(),
    slug: z.string(),
    settings: settingsViewSchema,
    created_at: iso,
    updated_at: iso,
  })
  .openapi('Organization');

export const createdOrganizationSchema = organizationSchema
  .extend({
    license_id: z.string(),
    license_key: z.string().openapi({ description: 'Secret: shown only in this response' }),
    license_type: z.string().openapi({ example: 'trial' }),
    license_expires_at: iso,
  })
  .openapi('CreatedOrganization');

export const apiKeySchema = z
  .object({
    key_id: z.string(),
    org_id: z.string(),
    name: z.string(),
    key_preview: z.string().openapi({ example: 'pfk_…Q2x9' }),
    key: z.string().optional().openapi({ description: 'Secret: only in create and rotate responses' }),
    created_at: iso,
    rotated_at: iso.nullable(),
    last_used_at: iso.nullable(),
  })
  .openapi('ApiKey');

export const ruleSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().optional(),
    enabled: z.boolean(),
    dataTypes: z.array(z.enum(RULE_DATA_TYPES)),
    destinations: z.array(z.enum(DESTINATIONS)),
    action: z.enum(ACTIONS),
    conditions: z.array(z.string()).openapi({ description: 'non_eu_destination, scc_verified; a leading ! negates' }),
  })
  .openapi('Rule');

export const customPatternViewSchema = z
  .object({
    name: z.string(),
    data_type: z.literal('CUSTOM'),
    regex: z.string().optional(),
    keywords: z.array(z.string()).optional(),
  })
  .openapi('CustomPattern');

export const policySchema = z
  .object({
    policy_id: z.string(),
    org_id: z.string(),
    name: z.string(),
    description: z.string(),
    version: z.string(),
    tags: z.array(z.string()),
    is_active: z.boolean(),
    policy_group: z.string(),
    api_key: z.string().openapi({ description: 'Full key in create/regenerate responses; redacted elsewhere' }),
    rules: z.array(ruleSchema),
    custom_patterns: z.array(customPatternViewSchema),
    created_at: iso,
    updated_at: iso,
  })
  .openapi('Policy');

export const regeneratedKeySchema = z.object({ policy_id: z.string(), api_key: z.string() }).openapi('RegeneratedPolicyKey');

export const licenseSchema = z
  .object({
    license_id: z.string(),
    org_id: z.string(),
    license_key: z.string().openapi({ description: 'Redacted' }),
    license_type: z.string(),
    status: z.enum(['active', 'expired', 'revoked']),
    expires_at: iso,
    max_checks_per_month: z.number().int(),
    default_policy_group: z.string(),
    created_at: iso,
    updated_at: iso,
  })
  .openapi('License');

export const validationSchema = z
  .object({
    valid: z.boolean(),
    expires: iso,
    org_id: z.string(),
    license_id: z.string(),
    status: z.enum(['active', 'expired', 'revoked']),
    policy_version: z.string(),
    policy_config: z.object({ policies: z.array(z.record(z.string(), z.unknown())) }),
    policy_groups: z.array(z.string()),
    default_policy_group: z.string(),
    jwt_token: z.string().optional().openapi({ description: 'RS256-signed; absent when not valid' }),
    policy_bundle: z.string().optional().openapi({
      description: "Compact JWS (RS256, kid) whose payload carries the organization's active policies; verify with /.well-known/jwks.json. Absent when not valid",
    }),
  })
  .openapi('LicenseValidation');

export const publicKeySchema = z
  .object({ kid: z.string(), alg: z.literal('RS256'), pem: z.string(), jwk: z.record(z.string(), z.unknown()) })
  .openapi('LicensePublicKey');

export const jwksSchema = z.object({ keys: z.array(z.record(z.string(), z.unknown())) }).openapi('JWKS');
