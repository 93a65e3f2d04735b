import { z } from '../lib/zod-openapi';
import { ACTIONS, DECISIONS, DESTINATIONS, INPUT_TYPES, RULE_DATA_TYPES } from '../policy/types';
import { LICENSE_STATUSES } from '../../entities/license.entity';
import type { MaskSpan } from '../detection/masking';
import type { DetectedView } from '../policy/outcome';

/**
 * Response shapes, declared once: the services return `z.infer` of these schemas, REST documents
 * them in OpenAPI, and a test checks the GraphQL types against them (docs/decisions.md, "One
 * declaration per response shape").
 */
const iso = z.string().openapi({ format: 'date-time', example: '2026-11-22T10:00:00.000Z' });
const date = z.string().openapi({ format: 'date', example: '2026-11-22' });
const period = z.enum(['7d', '30d', '90d']);

/** One page of a list, as the OpenAPI component `name`: its items, the page asked for and the total matching. */
export const pageSchemaOf = <T extends z.ZodType>(item: T, name: string) =>
  z.object({ items: z.array(item), limit: z.number().int(), offset: z.number().int(), total: z.number().int() }).openapi(name);

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
export type OrganizationView = z.infer<typeof organizationSchema>;

export const createdOrganizationSchema = organizationSchema
  .extend({
    license_id: z.string(),
    license_key: z.string().openapi({ description: 'Secret: shown only in this response' }),
    license_type: z.string().openapi({ example: 'trial' }),
    license_expires_at: iso,
  })
  .openapi('CreatedOrganization');
export type CreatedOrganizationView = z.infer<typeof createdOrganizationSchema>;

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
export type ApiKeyView = z.infer<typeof apiKeySchema>;

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
export type PolicyView = z.infer<typeof policySchema>;

export const regeneratedKeySchema = z.object({ policy_id: z.string(), api_key: z.string() }).openapi('RegeneratedPolicyKey');
export type RegeneratedKeyView = z.infer<typeof regeneratedKeySchema>;

export const licenseSchema = z
  .object({
    license_id: z.string(),
    org_id: z.string(),
    license_key: z.string().openapi({ description: 'Redacted' }),
    license_type: z.string(),
    status: z.enum(LICENSE_STATUSES),
    expires_at: iso,
    max_checks_per_month: z.number().int(),
    default_policy_group: z.string(),
    created_at: iso,
    updated_at: iso,
  })
  .openapi('License');
export type LicenseView = z.infer<typeof licenseSchema>;

const policyConfigSchema = z.object({
  policies: z.array(
    z.object({
      policy_id: z.string(),
      name: z.string(),
      version: z.string(),
      policy_group: z.string(),
      rules: z.array(ruleSchema),
      custom_patterns: z.array(customPatternViewSchema),
    }),
  ),
});
export type PolicyConfig = z.infer<typeof policyConfigSchema>;

export const validationSchema = z
  .object({
    valid: z.boolean(),
    expires: iso,
    org_id: z.string(),
    license_id: z.string(),
    status: z.enum(LICENSE_STATUSES),
    policy_version: z.string(),
    policy_config: policyConfigSchema,
    policy_groups: z.array(z.string()),
    default_policy_group: z.string(),
    jwt_token: z.string().optional().openapi({ description: 'RS256-signed; absent when not valid' }),
    policy_bundle: z.string().optional().openapi({
      description: "Compact JWS (RS256, kid) whose payload carries the organization's active policies; verify with /.well-known/jwks.json. Absent when not valid",
    }),
  })
  .openapi('LicenseValidation');
export type ValidationView = z.infer<typeof validationSchema>;

export const publicKeySchema = z
  .object({ kid: z.string(), alg: z.literal('RS256'), pem: z.string(), jwk: z.record(z.string(), z.unknown()) })
  .openapi('LicensePublicKey');
export type PublicKeyView = z.infer<typeof publicKeySchema>;

export const jwksSchema = z.object({ keys: z.array(z.record(z.string(), z.unknown())) }).openapi('JWKS');
export type JwksView = z.infer<typeof jwksSchema>;

export const sessionSchema = z
  .object({
    kind: z.enum(['operator', 'org']),
    org_id: z.string().nullable(),
    org_name: z.string().nullable(),
    expires_at: iso,
  })
  .openapi('ConsoleSession');
/** What the console shows about who is signed in (never a key). */
export type SessionView = z.infer<typeof sessionSchema>;

export const analyticsSchema = z
  .object({
    org_id: z.string(),
    org_name: z.string(),
    period,
    total_checks: z.number().int(),
    bytes_protected: z.number().int().openapi({ description: 'Bytes of checks that were masked or blocked' }),
    allowed: z.number().int(),
    masked: z.number().int(),
    blocked: z.number().int(),
    prevented_exposures: z.number().int().openapi({ description: 'Findings in checks that were masked or blocked' }),
    safe_share_rate: z.number().openapi({ description: 'Percent of checks allowed or masked, one decimal; 0 without checks', example: 97.5 }),
    from_date: date,
    to_date: date,
  })
  .openapi('OrganizationAnalytics');
export type AnalyticsView = z.infer<typeof analyticsSchema>;

const timeSeriesPointSchema = z
  .object({
    date,
    checks_total: z.number().int(),
    allowed: z.number().int(),
    masked: z.number().int(),
    blocked: z.number().int(),
    bytes_processed: z.number().int(),
  })
  .openapi('TimeSeriesPoint');
export type TimeSeriesPoint = z.infer<typeof timeSeriesPointSchema>;

export const timeSeriesSchema = z
  .object({
    org_id: z.string(),
    period,
    from_date: date,
    to_date: date,
    data: z.array(timeSeriesPointSchema).openapi({ description: 'One entry per UTC day of the period, oldest first, zero-filled' }),
  })
  .openapi('AnalyticsTimeSeries');
export type TimeSeriesView = z.infer<typeof timeSeriesSchema>;

export const detectionBreakdownSchema = z
  .object({
    org_id: z.string(),
    period,
    total_detections: z.number().int(),
    types: z.array(
      z
        .object({
          type: z.string().openapi({ example: 'EMAIL' }),
          label: z.string().openapi({ example: 'E-mail address' }),
          count: z.number().int(),
          percentage: z.number().openapi({ description: 'Share of all detections, percent, one decimal' }),
        })
        .openapi('DetectionType'),
    ),
    from_date: date,
    to_date: date,
  })
  .openapi('DetectionBreakdown');
export type DetectionBreakdownView = z.infer<typeof detectionBreakdownSchema>;

export const monthlyChecksSchema = z
  .object({ org_id: z.string(), month: z.string().openapi({ example: '2026-11' }), checks: z.number().int() })
  .openapi('MonthlyChecks');
export type MonthlyChecksView = z.infer<typeof monthlyChecksSchema>;

/** One entry of the finding-type catalogue (GraphQL only). */
export const findingTypeSchema = z.object({ type: z.string(), label: z.string(), data_types: z.array(z.string()) });
export type FindingTypeView = z.infer<typeof findingTypeSchema>;

export const auditItemSchema = z
  .object({
    preflight_id: z.string().openapi({ example: 'pf_3c9a0e1b2d4f6a8b0c1d2e3f' }),
    created_at: iso,
    destination: z.enum(DESTINATIONS),
    decision: z.enum(DECISIONS),
    summary: z.string(),
    policy_version: z.string(),
    policy_id: z.string(),
    policy_name: z.string(),
    org_id: z.string(),
    org_name: z.string(),
    source_type: z.string().openapi({ example: 'api' }),
    input_type: z.enum(INPUT_TYPES),
    input_size_bytes: z.number().int(),
    findings_total: z.number().int(),
    finding_counts: z.record(z.string(), z.number().int()).openapi({ description: 'Findings per type; never the values', example: { EMAIL: 2 } }),
  })
  .openapi('AuditItem');
/** One audit log item: the fields of docs/api-contract.md#resources, plus the check's metadata (counts only, never values). */
export type AuditItemView = z.infer<typeof auditItemSchema>;

export const auditPageSchema = pageSchemaOf(auditItemSchema, 'AuditPage');
export type AuditPageView = z.infer<typeof auditPageSchema>;

export const detectedSchema = z
  .object({
    type: z.string().openapi({ example: 'EMAIL' }),
    count: z.number().int(),
    sample: z.string().nullable().openapi({ example: 'j***@example.com', description: 'Null for secrets, and for PHI when blocked' }),
  })
  // The client library declares these two shapes in the pure modules it shares: checked equal here.
  .openapi('Detected') satisfies z.ZodType<DetectedView>;

export const maskSpanSchema = z
  .object({
    type: z.string().openapi({ example: 'EMAIL' }),
    start: z.number().int(),
    end: z.number().int(),
    token: z.string().openapi({ example: '[EMAIL_1]' }),
  })
  .openapi('MaskSpan') satisfies z.ZodType<MaskSpan>;

export const preflightResultSchema = z
  .object({
    preflight_id: z.string().openapi({ example: 'pf_3c1d0e9a8b7c6d5e4f3a2b1c' }),
    decision: z.enum(DECISIONS),
    summary: z.string(),
    detected: z.array(detectedSchema),
    masked_content: z.string().nullable().optional().openapi({ description: 'Text checks only; null when BLOCKED' }),
    spans: z.array(maskSpanSchema).optional().openapi({ description: 'Text checks with include_spans: offsets into the submitted text and mask tokens, never values' }),
    masked_file_url: z.string().nullable().optional().openapi({ description: 'File checks only; null when BLOCKED' }),
    policy_version: z.string(),
    policy_id: z.string(),
    org_id: z.string(),
    destination: z.enum(DESTINATIONS),
    source_type: z.string(),
    input_type: z.enum(INPUT_TYPES),
    created_at: iso,
  })
  .openapi('PreflightResult');
export type PreflightResultView = z.infer<typeof preflightResultSchema>;

/** The answer of a trial run: what a check would decide, nothing stored. */
export const tryResultSchema = preflightResultSchema
  .pick({ decision: true, summary: true, detected: true, masked_content: true, policy_version: true })
  .openapi('PolicyTryResult');
export type TryResultView = z.infer<typeof tryResultSchema>;

export const ingestResultSchema = z
  .object({
    recorded: z.number().int().openapi({ description: 'Decisions recorded by this request' }),
    duplicates: z.number().int().openapi({ description: 'Decisions already recorded earlier (same preflight_id): not recorded or counted again' }),
  })
  .openapi('ClientDecisionsResult');
export type IngestResult = z.infer<typeof ingestResultSchema>;
