/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';
/** What a rule does with matching findings */
export type Action =
  /** Let the findings through */
  | 'ALLOW'
  /** Block the content */
  | 'BLOCK'
  /** Replace the findings by placeholders */
  | 'MASK';

/** An analytics window: whole UTC days ending today */
export type AnalyticsPeriod =
  /** The last 7 days (7d in REST) */
  | 'LAST_7_DAYS'
  /** The last 30 days (30d in REST) */
  | 'LAST_30_DAYS'
  /** The last 90 days (90d in REST) */
  | 'LAST_90_DAYS';

/** A new organization API key. */
export type CreateApiKeyInput = {
  /** Display name */
  name: string;
};

/** A new forwarding destination. */
export type CreateForwardingDestinationInput = {
  /** Name of the header carrying the credential, e.g. Authorization */
  auth_header_name?: string | null | undefined;
  /** Write-only; stored encrypted */
  auth_header_value?: string | null | undefined;
  /** Default true */
  enabled?: boolean | null | undefined;
  /** https:// ingest URL */
  url: string;
};

/** A new organization. */
export type CreateOrganizationInput = {
  /** Display name */
  name: string;
  /** primary_color (hex), admin_email, data_region (EU, US or APAC), retention_mode (FULL or METADATA), retention_days; other keys are kept as given */
  settings?: Record<string, unknown> | null | undefined;
  /** Derived from the name when omitted */
  slug?: string | null | undefined;
};

/** A new policy. */
export type CreatePolicyInput = {
  /** The organization's own patterns */
  custom_patterns?: Array<CustomPatternInput> | null | undefined;
  /** Free text for people */
  description?: string | null | undefined;
  /** Whether checks may use this policy */
  is_active?: boolean | null | undefined;
  /** Display name */
  name: string;
  /** Group of policies a license selects by default */
  policy_group?: string | null | undefined;
  /** Rules, in order */
  rules?: Array<RuleInput> | null | undefined;
  /** Labels for grouping policies */
  tags?: Array<string> | null | undefined;
};

/** One custom pattern: a regular expression, keywords, or both. */
export type CustomPatternInput = {
  /** Data type of its findings: always CUSTOM */
  data_type?: string | null | undefined;
  /** Words or phrases to find, matched case-insensitively */
  keywords?: Array<string> | null | undefined;
  /** Display name */
  name: string;
  /** Regular expression (RE2 syntax: linear time) */
  regex?: string | null | undefined;
};

/** Families of sensitive data a rule selects */
export type DataType =
  /** Every data type */
  | 'ALL'
  /** The organization's custom patterns */
  | 'CUSTOM'
  /** EU national identifiers, and personal data of EU-region organizations */
  | 'EU_DATA'
  /** Payment cards, bank accounts and codes */
  | 'FINANCIAL'
  /** Names of accounts and cloud resources (storage buckets, shop and project hosts, public keys, user names in settings): not secret alone */
  | 'IDENTIFIERS'
  /** Health information */
  | 'PHI'
  /** Personal data: names, contact details, identity numbers */
  | 'PII'
  /** Credentials: keys, tokens, passwords */
  | 'SECRETS';

/** What the caller may do with the content */
export type Decision =
  /** Send it as it is */
  | 'ALLOWED'
  /** Send the masked content instead */
  | 'ALLOWED_WITH_MASKING'
  /** Do not send it */
  | 'BLOCKED';

/** Where content is going */
export type Destination =
  /** An AI assistant or model API */
  | 'AI_TOOL'
  /** A customer */
  | 'CUSTOMER'
  /** A supplier or service provider */
  | 'VENDOR';

/** Health of a forwarding destination at a glance */
export type DestinationStatus =
  /** Its latest delivery succeeded within the last day */
  | 'Active'
  /** Switched off: nothing is forwarded to it */
  | 'Disabled'
  /** Its latest delivery has not succeeded */
  | 'Failing'
  /** Nothing delivered within the last day */
  | 'Idle';

/** What was checked */
export type InputKind =
  /** An uploaded file */
  | 'file'
  /** Text */
  | 'text';

/** State of a license */
export type LicenseStatus =
  /** Valid until it expires */
  | 'active'
  /** Past its expiry */
  | 'expired'
  /** Revoked by the operator */
  | 'revoked';

/** Which dead-lettered deliveries to re-queue. */
export type RedeliverInput = {
  /** Only events created at or after this time */
  since?: string | null | undefined;
};

/** Where the receiver of content is located */
export type Region =
  /** Asia and the Pacific */
  | 'APAC'
  /** The European Union (with data_region EU, any other region meets non_eu_destination) */
  | 'EU'
  /** Anywhere else */
  | 'OTHER'
  /** The United States */
  | 'US';

/** One rule of a policy. */
export type RuleInput = {
  /** What to do with matching findings */
  action: Action;
  /** Extra conditions: non_eu_destination, scc_verified; a leading ! negates */
  conditions?: Array<string> | null | undefined;
  /** Data types the rule applies to (ALL for every type) */
  dataTypes: Array<DataType>;
  /** Free text for people */
  description?: string | null | undefined;
  /** Destinations the rule applies to */
  destinations: Array<Destination>;
  /** Whether it is in use */
  enabled?: boolean | null | undefined;
  /** Id of the rule, unique in its policy */
  id?: string | null | undefined;
  /** Display name */
  name: string;
};

/** What sent a check */
export type SourceType =
  /** A direct API call */
  | 'api'
  /** The browser extension */
  | 'browser_extension'
  /** The desktop agent */
  | 'desktop_agent'
  /** The client library */
  | 'sdk';

/** Text to try against a policy and where it would go */
export type TryPolicyInput = {
  /** Where the content is going */
  destination: Destination;
  /** Region of the receiver, e.g. EU or US; with data_region EU a non-EU receiver meets non_eu_destination */
  destination_region?: Region | null | undefined;
  /** Whether standard contractual clauses cover the receiver (condition scc_verified) */
  destination_scc_verified?: boolean | null | undefined;
  /** The content to check (UTF-8); never stored unless the organization keeps full records */
  text: string;
};

/** Partial update: omitted fields stay. */
export type UpdateForwardingDestinationInput = {
  /** "" removes the header */
  auth_header_name?: string | null | undefined;
  /** A new value rotates it; "" clears it */
  auth_header_value?: string | null | undefined;
  /** false stops forwarding and drops pending deliveries */
  enabled?: boolean | null | undefined;
  /** HTTPS URL events are POSTed to */
  url?: string | null | undefined;
};

/** Partial update: omitted fields stay. */
export type UpdateOrganizationInput = {
  /** Display name */
  name?: string | null | undefined;
  /** primary_color (hex), admin_email, data_region (EU, US or APAC), retention_mode (FULL or METADATA), retention_days; other keys are kept as given */
  settings?: Record<string, unknown> | null | undefined;
  /** URL-safe short name, unique; usable wherever an organization id is */
  slug?: string | null | undefined;
};

/** Partial update: omitted fields stay. */
export type UpdatePolicyInput = {
  /** The organization's own patterns */
  custom_patterns?: Array<CustomPatternInput> | null | undefined;
  /** Free text for people */
  description?: string | null | undefined;
  /** Whether checks may use this policy */
  is_active?: boolean | null | undefined;
  /** Display name */
  name?: string | null | undefined;
  /** Group of policies a license selects by default */
  policy_group?: string | null | undefined;
  /** Rules, in order */
  rules?: Array<RuleInput> | null | undefined;
  /** Labels for grouping policies */
  tags?: Array<string> | null | undefined;
};

export type AuditLogQueryVariables = Exact<{
  limit?: number | null | undefined;
  offset?: number | null | undefined;
  org?: string | null | undefined;
  search?: string | null | undefined;
  from?: string | null | undefined;
  to?: string | null | undefined;
  decision?: Decision | null | undefined;
  destination?: Destination | null | undefined;
}>;


export type AuditLogQuery = { auditLog: { total: number, limit: number, offset: number, items: Array<{ preflight_id: string, created_at: string, destination: Destination, decision: Decision, summary: string, policy_id: string, policy_name: string, policy_version: string, org_id: string, org_name: string, source_type: SourceType, input_type: InputKind, input_size_bytes: number, findings_total: number, finding_counts: Record<string, unknown> }> } };

export type AuditOrgsQueryVariables = Exact<{
  limit?: number | null | undefined;
}>;


export type AuditOrgsQuery = { organizations: { items: Array<{ org_id: string, name: string }> } };

export type DestinationFieldsFragment = { destination_id: string, url: string, auth_header_name: string | null, auth_header_configured: boolean, enabled: boolean, status: DestinationStatus, last_error: string | null, last_error_at: string | null, deliveries: { queued: number, retrying: number, delivered: number, failed: number } };

export type DestinationsQueryVariables = Exact<{
  org: string;
  limit?: number | null | undefined;
  offset?: number | null | undefined;
}>;


export type DestinationsQuery = { forwardingDestinations: { total: number, items: Array<{ destination_id: string, url: string, auth_header_name: string | null, auth_header_configured: boolean, enabled: boolean, status: DestinationStatus, last_error: string | null, last_error_at: string | null, deliveries: { queued: number, retrying: number, delivered: number, failed: number } }> } };

export type CreateDestinationMutationVariables = Exact<{
  org: string;
  input: CreateForwardingDestinationInput;
}>;


export type CreateDestinationMutation = { createForwardingDestination: { destination_id: string, url: string, auth_header_name: string | null, auth_header_configured: boolean, enabled: boolean, status: DestinationStatus, last_error: string | null, last_error_at: string | null, deliveries: { queued: number, retrying: number, delivered: number, failed: number } } };

export type UpdateDestinationMutationVariables = Exact<{
  org: string;
  destination_id: string | number;
  input: UpdateForwardingDestinationInput;
}>;


export type UpdateDestinationMutation = { updateForwardingDestination: { destination_id: string, url: string, auth_header_name: string | null, auth_header_configured: boolean, enabled: boolean, status: DestinationStatus, last_error: string | null, last_error_at: string | null, deliveries: { queued: number, retrying: number, delivered: number, failed: number } } };

export type TestDestinationMutationVariables = Exact<{
  org: string;
  destination_id: string | number;
}>;


export type TestDestinationMutation = { testForwardingDestination: { ok: boolean, status_code: number | null, error: string | null, duration_ms: number } };

export type RedeliverMutationVariables = Exact<{
  org: string;
  destination_id: string | number;
  input?: RedeliverInput | null | undefined;
}>;


export type RedeliverMutation = { redeliverForwardingDestination: { requeued: number, more: boolean } };

export type DeleteDestinationMutationVariables = Exact<{
  org: string;
  destination_id: string | number;
}>;


export type DeleteDestinationMutation = { deleteForwardingDestination: boolean };

export type OrganizationFieldsFragment = { org_id: string, name: string, slug: string, settings: Record<string, unknown>, created_at: string };

export type OrganizationsQueryVariables = Exact<{
  limit?: number | null | undefined;
  offset?: number | null | undefined;
}>;


export type OrganizationsQuery = { organizations: { total: number, items: Array<{ org_id: string, name: string, slug: string, settings: Record<string, unknown>, created_at: string }> } };

export type CreateOrganizationMutationVariables = Exact<{
  input: CreateOrganizationInput;
}>;


export type CreateOrganizationMutation = { createOrganization: { org_id: string, name: string, license_key: string } };

export type OverviewQueryVariables = Exact<{
  org: string;
  period?: AnalyticsPeriod | null | undefined;
}>;


export type OverviewQuery = { organizationAnalytics: { org_name: string, period: AnalyticsPeriod, total_checks: number, allowed: number, masked: number, blocked: number, safe_share_rate: number, bytes_protected: number, prevented_exposures: number, from_date: string, to_date: string }, analyticsTimeSeries: { data: Array<{ date: string, allowed: number, masked: number, blocked: number }> }, detectionBreakdown: { total_detections: number, types: Array<{ type: string, label: string, count: number, percentage: number }> } };

export type PolicyFieldsFragment = { policy_id: string, name: string, description: string, version: string, is_active: boolean, api_key: string, updated_at: string, rules: Array<{ id: string, name: string, enabled: boolean, dataTypes: Array<DataType>, destinations: Array<Destination>, action: Action, conditions: Array<string> }>, custom_patterns: Array<{ name: string, data_type: string, regex: string | null, keywords: Array<string> | null }> };

export type PoliciesQueryVariables = Exact<{
  org: string;
  limit?: number | null | undefined;
  offset?: number | null | undefined;
}>;


export type PoliciesQuery = { policies: { total: number, items: Array<{ policy_id: string, name: string, description: string, version: string, is_active: boolean, api_key: string, updated_at: string, rules: Array<{ id: string, name: string, enabled: boolean, dataTypes: Array<DataType>, destinations: Array<Destination>, action: Action, conditions: Array<string> }>, custom_patterns: Array<{ name: string, data_type: string, regex: string | null, keywords: Array<string> | null }> }> } };

export type CreatePolicyMutationVariables = Exact<{
  org: string;
  input: CreatePolicyInput;
}>;


export type CreatePolicyMutation = { createPolicy: { policy_id: string, name: string, description: string, version: string, is_active: boolean, api_key: string, updated_at: string, rules: Array<{ id: string, name: string, enabled: boolean, dataTypes: Array<DataType>, destinations: Array<Destination>, action: Action, conditions: Array<string> }>, custom_patterns: Array<{ name: string, data_type: string, regex: string | null, keywords: Array<string> | null }> } };

export type UpdatePolicyMutationVariables = Exact<{
  org: string;
  policy_id: string | number;
  input: UpdatePolicyInput;
}>;


export type UpdatePolicyMutation = { updatePolicy: { policy_id: string, name: string, description: string, version: string, is_active: boolean, api_key: string, updated_at: string, rules: Array<{ id: string, name: string, enabled: boolean, dataTypes: Array<DataType>, destinations: Array<Destination>, action: Action, conditions: Array<string> }>, custom_patterns: Array<{ name: string, data_type: string, regex: string | null, keywords: Array<string> | null }> } };

export type DeletePolicyMutationVariables = Exact<{
  org: string;
  policy_id: string | number;
}>;


export type DeletePolicyMutation = { deletePolicy: boolean };

export type RegeneratePolicyKeyMutationVariables = Exact<{
  org: string;
  policy_id: string | number;
}>;


export type RegeneratePolicyKeyMutation = { regeneratePolicyKey: { api_key: string } };

export type TryPolicyMutationVariables = Exact<{
  org: string;
  policy_id: string | number;
  input: TryPolicyInput;
}>;


export type TryPolicyMutation = { tryPolicy: { decision: Decision, summary: string, masked_content: string | null, policy_version: string, detected: Array<{ type: string, count: number, sample: string | null }> } };

export type SettingsQueryVariables = Exact<{
  org: string;
  keysLimit?: number | null | undefined;
  keysOffset?: number | null | undefined;
  licensesLimit?: number | null | undefined;
  licensesOffset?: number | null | undefined;
}>;


export type SettingsQuery = { organization: { org_id: string, name: string, slug: string, settings: Record<string, unknown>, created_at: string }, apiKeys: { total: number, items: Array<{ key_id: string, name: string, key_preview: string, created_at: string, rotated_at: string | null, last_used_at: string | null }> }, licenses: { total: number, items: Array<{ license_id: string, license_key: string, license_type: string, status: LicenseStatus, expires_at: string, max_checks_per_month: number }> }, checksThisMonth: { month: string, checks: number }, licensePublicKey: { kid: string, alg: string, pem: string } };

export type UpdateOrganizationMutationVariables = Exact<{
  org: string;
  input: UpdateOrganizationInput;
}>;


export type UpdateOrganizationMutation = { updateOrganization: { org_id: string, name: string, slug: string, settings: Record<string, unknown>, created_at: string } };

export type CreateApiKeyMutationVariables = Exact<{
  org: string;
  input: CreateApiKeyInput;
}>;


export type CreateApiKeyMutation = { createApiKey: { key_id: string, key: string | null } };

export type RotateApiKeyMutationVariables = Exact<{
  org: string;
  key_id: string | number;
}>;


export type RotateApiKeyMutation = { rotateApiKey: { key_id: string, key: string | null } };

export type RevokeApiKeyMutationVariables = Exact<{
  org: string;
  key_id: string | number;
}>;


export type RevokeApiKeyMutation = { revokeApiKey: boolean };

export const DestinationFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DestinationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ForwardingDestination"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"destination_id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"auth_header_name"}},{"kind":"Field","name":{"kind":"Name","value":"auth_header_configured"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"last_error"}},{"kind":"Field","name":{"kind":"Name","value":"last_error_at"}},{"kind":"Field","name":{"kind":"Name","value":"deliveries"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"queued"}},{"kind":"Field","name":{"kind":"Name","value":"retrying"}},{"kind":"Field","name":{"kind":"Name","value":"delivered"}},{"kind":"Field","name":{"kind":"Name","value":"failed"}}]}}]}}]} as unknown as DocumentNode<DestinationFieldsFragment, unknown>;
export const OrganizationFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"OrganizationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Organization"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"org_id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"settings"}},{"kind":"Field","name":{"kind":"Name","value":"created_at"}}]}}]} as unknown as DocumentNode<OrganizationFieldsFragment, unknown>;
export const PolicyFieldsFragmentDoc = {"kind":"Document","definitions":[{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PolicyFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Policy"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"policy_id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"is_active"}},{"kind":"Field","name":{"kind":"Name","value":"api_key"}},{"kind":"Field","name":{"kind":"Name","value":"updated_at"}},{"kind":"Field","name":{"kind":"Name","value":"rules"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"dataTypes"}},{"kind":"Field","name":{"kind":"Name","value":"destinations"}},{"kind":"Field","name":{"kind":"Name","value":"action"}},{"kind":"Field","name":{"kind":"Name","value":"conditions"}}]}},{"kind":"Field","name":{"kind":"Name","value":"custom_patterns"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"data_type"}},{"kind":"Field","name":{"kind":"Name","value":"regex"}},{"kind":"Field","name":{"kind":"Name","value":"keywords"}}]}}]}}]} as unknown as DocumentNode<PolicyFieldsFragment, unknown>;
export const AuditLogDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AuditLog"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"offset"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"org"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"search"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"from"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"to"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"decision"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Decision"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"destination"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Destination"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"auditLog"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"offset"},"value":{"kind":"Variable","name":{"kind":"Name","value":"offset"}}},{"kind":"Argument","name":{"kind":"Name","value":"org"},"value":{"kind":"Variable","name":{"kind":"Name","value":"org"}}},{"kind":"Argument","name":{"kind":"Name","value":"search"},"value":{"kind":"Variable","name":{"kind":"Name","value":"search"}}},{"kind":"Argument","name":{"kind":"Name","value":"from"},"value":{"kind":"Variable","name":{"kind":"Name","value":"from"}}},{"kind":"Argument","name":{"kind":"Name","value":"to"},"value":{"kind":"Variable","name":{"kind":"Name","value":"to"}}},{"kind":"Argument","name":{"kind":"Name","value":"decision"},"value":{"kind":"Variable","name":{"kind":"Name","value":"decision"}}},{"kind":"Argument","name":{"kind":"Name","value":"destination"},"value":{"kind":"Variable","name":{"kind":"Name","value":"destination"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"limit"}},{"kind":"Field","name":{"kind":"Name","value":"offset"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"preflight_id"}},{"kind":"Field","name":{"kind":"Name","value":"created_at"}},{"kind":"Field","name":{"kind":"Name","value":"destination"}},{"kind":"Field","name":{"kind":"Name","value":"decision"}},{"kind":"Field","name":{"kind":"Name","value":"summary"}},{"kind":"Field","name":{"kind":"Name","value":"policy_id"}},{"kind":"Field","name":{"kind":"Name","value":"policy_name"}},{"kind":"Field","name":{"kind":"Name","value":"policy_version"}},{"kind":"Field","name":{"kind":"Name","value":"org_id"}},{"kind":"Field","name":{"kind":"Name","value":"org_name"}},{"kind":"Field","name":{"kind":"Name","value":"source_type"}},{"kind":"Field","name":{"kind":"Name","value":"input_type"}},{"kind":"Field","name":{"kind":"Name","value":"input_size_bytes"}},{"kind":"Field","name":{"kind":"Name","value":"findings_total"}},{"kind":"Field","name":{"kind":"Name","value":"finding_counts"}}]}}]}}]}}]} as unknown as DocumentNode<AuditLogQuery, AuditLogQueryVariables>;
export const AuditOrgsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"AuditOrgs"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"organizations"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"org_id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}}]}}]}}]}}]} as unknown as DocumentNode<AuditOrgsQuery, AuditOrgsQueryVariables>;
export const DestinationsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Destinations"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"org"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"offset"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"forwardingDestinations"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"org"},"value":{"kind":"Variable","name":{"kind":"Name","value":"org"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"offset"},"value":{"kind":"Variable","name":{"kind":"Name","value":"offset"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DestinationFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DestinationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ForwardingDestination"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"destination_id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"auth_header_name"}},{"kind":"Field","name":{"kind":"Name","value":"auth_header_configured"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"last_error"}},{"kind":"Field","name":{"kind":"Name","value":"last_error_at"}},{"kind":"Field","name":{"kind":"Name","value":"deliveries"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"queued"}},{"kind":"Field","name":{"kind":"Name","value":"retrying"}},{"kind":"Field","name":{"kind":"Name","value":"delivered"}},{"kind":"Field","name":{"kind":"Name","value":"failed"}}]}}]}}]} as unknown as DocumentNode<DestinationsQuery, DestinationsQueryVariables>;
export const CreateDestinationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateDestination"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"org"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateForwardingDestinationInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createForwardingDestination"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"org"},"value":{"kind":"Variable","name":{"kind":"Name","value":"org"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DestinationFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DestinationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ForwardingDestination"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"destination_id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"auth_header_name"}},{"kind":"Field","name":{"kind":"Name","value":"auth_header_configured"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"last_error"}},{"kind":"Field","name":{"kind":"Name","value":"last_error_at"}},{"kind":"Field","name":{"kind":"Name","value":"deliveries"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"queued"}},{"kind":"Field","name":{"kind":"Name","value":"retrying"}},{"kind":"Field","name":{"kind":"Name","value":"delivered"}},{"kind":"Field","name":{"kind":"Name","value":"failed"}}]}}]}}]} as unknown as DocumentNode<CreateDestinationMutation, CreateDestinationMutationVariables>;
export const UpdateDestinationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateDestination"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"org"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"destination_id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateForwardingDestinationInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateForwardingDestination"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"org"},"value":{"kind":"Variable","name":{"kind":"Name","value":"org"}}},{"kind":"Argument","name":{"kind":"Name","value":"destination_id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"destination_id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"DestinationFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"DestinationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"ForwardingDestination"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"destination_id"}},{"kind":"Field","name":{"kind":"Name","value":"url"}},{"kind":"Field","name":{"kind":"Name","value":"auth_header_name"}},{"kind":"Field","name":{"kind":"Name","value":"auth_header_configured"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"last_error"}},{"kind":"Field","name":{"kind":"Name","value":"last_error_at"}},{"kind":"Field","name":{"kind":"Name","value":"deliveries"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"queued"}},{"kind":"Field","name":{"kind":"Name","value":"retrying"}},{"kind":"Field","name":{"kind":"Name","value":"delivered"}},{"kind":"Field","name":{"kind":"Name","value":"failed"}}]}}]}}]} as unknown as DocumentNode<UpdateDestinationMutation, UpdateDestinationMutationVariables>;
export const TestDestinationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TestDestination"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"org"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"destination_id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"testForwardingDestination"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"org"},"value":{"kind":"Variable","name":{"kind":"Name","value":"org"}}},{"kind":"Argument","name":{"kind":"Name","value":"destination_id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"destination_id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"ok"}},{"kind":"Field","name":{"kind":"Name","value":"status_code"}},{"kind":"Field","name":{"kind":"Name","value":"error"}},{"kind":"Field","name":{"kind":"Name","value":"duration_ms"}}]}}]}}]} as unknown as DocumentNode<TestDestinationMutation, TestDestinationMutationVariables>;
export const RedeliverDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"Redeliver"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"org"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"destination_id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"RedeliverInput"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"redeliverForwardingDestination"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"org"},"value":{"kind":"Variable","name":{"kind":"Name","value":"org"}}},{"kind":"Argument","name":{"kind":"Name","value":"destination_id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"destination_id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"requeued"}},{"kind":"Field","name":{"kind":"Name","value":"more"}}]}}]}}]} as unknown as DocumentNode<RedeliverMutation, RedeliverMutationVariables>;
export const DeleteDestinationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeleteDestination"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"org"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"destination_id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deleteForwardingDestination"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"org"},"value":{"kind":"Variable","name":{"kind":"Name","value":"org"}}},{"kind":"Argument","name":{"kind":"Name","value":"destination_id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"destination_id"}}}]}]}}]} as unknown as DocumentNode<DeleteDestinationMutation, DeleteDestinationMutationVariables>;
export const OrganizationsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Organizations"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"offset"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"organizations"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"offset"},"value":{"kind":"Variable","name":{"kind":"Name","value":"offset"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"OrganizationFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"OrganizationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Organization"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"org_id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"settings"}},{"kind":"Field","name":{"kind":"Name","value":"created_at"}}]}}]} as unknown as DocumentNode<OrganizationsQuery, OrganizationsQueryVariables>;
export const CreateOrganizationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateOrganization"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateOrganizationInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createOrganization"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"org_id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"license_key"}}]}}]}}]} as unknown as DocumentNode<CreateOrganizationMutation, CreateOrganizationMutationVariables>;
export const OverviewDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Overview"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"org"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"period"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"AnalyticsPeriod"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"organizationAnalytics"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"org"},"value":{"kind":"Variable","name":{"kind":"Name","value":"org"}}},{"kind":"Argument","name":{"kind":"Name","value":"period"},"value":{"kind":"Variable","name":{"kind":"Name","value":"period"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"org_name"}},{"kind":"Field","name":{"kind":"Name","value":"period"}},{"kind":"Field","name":{"kind":"Name","value":"total_checks"}},{"kind":"Field","name":{"kind":"Name","value":"allowed"}},{"kind":"Field","name":{"kind":"Name","value":"masked"}},{"kind":"Field","name":{"kind":"Name","value":"blocked"}},{"kind":"Field","name":{"kind":"Name","value":"safe_share_rate"}},{"kind":"Field","name":{"kind":"Name","value":"bytes_protected"}},{"kind":"Field","name":{"kind":"Name","value":"prevented_exposures"}},{"kind":"Field","name":{"kind":"Name","value":"from_date"}},{"kind":"Field","name":{"kind":"Name","value":"to_date"}}]}},{"kind":"Field","name":{"kind":"Name","value":"analyticsTimeSeries"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"org"},"value":{"kind":"Variable","name":{"kind":"Name","value":"org"}}},{"kind":"Argument","name":{"kind":"Name","value":"period"},"value":{"kind":"Variable","name":{"kind":"Name","value":"period"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"data"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"date"}},{"kind":"Field","name":{"kind":"Name","value":"allowed"}},{"kind":"Field","name":{"kind":"Name","value":"masked"}},{"kind":"Field","name":{"kind":"Name","value":"blocked"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"detectionBreakdown"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"org"},"value":{"kind":"Variable","name":{"kind":"Name","value":"org"}}},{"kind":"Argument","name":{"kind":"Name","value":"period"},"value":{"kind":"Variable","name":{"kind":"Name","value":"period"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total_detections"}},{"kind":"Field","name":{"kind":"Name","value":"types"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"label"}},{"kind":"Field","name":{"kind":"Name","value":"count"}},{"kind":"Field","name":{"kind":"Name","value":"percentage"}}]}}]}}]}}]} as unknown as DocumentNode<OverviewQuery, OverviewQueryVariables>;
export const PoliciesDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Policies"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"org"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"limit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"offset"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"policies"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"org"},"value":{"kind":"Variable","name":{"kind":"Name","value":"org"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"limit"}}},{"kind":"Argument","name":{"kind":"Name","value":"offset"},"value":{"kind":"Variable","name":{"kind":"Name","value":"offset"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PolicyFields"}}]}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PolicyFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Policy"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"policy_id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"is_active"}},{"kind":"Field","name":{"kind":"Name","value":"api_key"}},{"kind":"Field","name":{"kind":"Name","value":"updated_at"}},{"kind":"Field","name":{"kind":"Name","value":"rules"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"dataTypes"}},{"kind":"Field","name":{"kind":"Name","value":"destinations"}},{"kind":"Field","name":{"kind":"Name","value":"action"}},{"kind":"Field","name":{"kind":"Name","value":"conditions"}}]}},{"kind":"Field","name":{"kind":"Name","value":"custom_patterns"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"data_type"}},{"kind":"Field","name":{"kind":"Name","value":"regex"}},{"kind":"Field","name":{"kind":"Name","value":"keywords"}}]}}]}}]} as unknown as DocumentNode<PoliciesQuery, PoliciesQueryVariables>;
export const CreatePolicyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreatePolicy"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"org"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreatePolicyInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createPolicy"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"org"},"value":{"kind":"Variable","name":{"kind":"Name","value":"org"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PolicyFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PolicyFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Policy"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"policy_id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"is_active"}},{"kind":"Field","name":{"kind":"Name","value":"api_key"}},{"kind":"Field","name":{"kind":"Name","value":"updated_at"}},{"kind":"Field","name":{"kind":"Name","value":"rules"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"dataTypes"}},{"kind":"Field","name":{"kind":"Name","value":"destinations"}},{"kind":"Field","name":{"kind":"Name","value":"action"}},{"kind":"Field","name":{"kind":"Name","value":"conditions"}}]}},{"kind":"Field","name":{"kind":"Name","value":"custom_patterns"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"data_type"}},{"kind":"Field","name":{"kind":"Name","value":"regex"}},{"kind":"Field","name":{"kind":"Name","value":"keywords"}}]}}]}}]} as unknown as DocumentNode<CreatePolicyMutation, CreatePolicyMutationVariables>;
export const UpdatePolicyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdatePolicy"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"org"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"policy_id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdatePolicyInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updatePolicy"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"org"},"value":{"kind":"Variable","name":{"kind":"Name","value":"org"}}},{"kind":"Argument","name":{"kind":"Name","value":"policy_id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"policy_id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"PolicyFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"PolicyFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Policy"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"policy_id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"description"}},{"kind":"Field","name":{"kind":"Name","value":"version"}},{"kind":"Field","name":{"kind":"Name","value":"is_active"}},{"kind":"Field","name":{"kind":"Name","value":"api_key"}},{"kind":"Field","name":{"kind":"Name","value":"updated_at"}},{"kind":"Field","name":{"kind":"Name","value":"rules"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"enabled"}},{"kind":"Field","name":{"kind":"Name","value":"dataTypes"}},{"kind":"Field","name":{"kind":"Name","value":"destinations"}},{"kind":"Field","name":{"kind":"Name","value":"action"}},{"kind":"Field","name":{"kind":"Name","value":"conditions"}}]}},{"kind":"Field","name":{"kind":"Name","value":"custom_patterns"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"data_type"}},{"kind":"Field","name":{"kind":"Name","value":"regex"}},{"kind":"Field","name":{"kind":"Name","value":"keywords"}}]}}]}}]} as unknown as DocumentNode<UpdatePolicyMutation, UpdatePolicyMutationVariables>;
export const DeletePolicyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"DeletePolicy"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"org"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"policy_id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"deletePolicy"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"org"},"value":{"kind":"Variable","name":{"kind":"Name","value":"org"}}},{"kind":"Argument","name":{"kind":"Name","value":"policy_id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"policy_id"}}}]}]}}]} as unknown as DocumentNode<DeletePolicyMutation, DeletePolicyMutationVariables>;
export const RegeneratePolicyKeyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RegeneratePolicyKey"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"org"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"policy_id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"regeneratePolicyKey"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"org"},"value":{"kind":"Variable","name":{"kind":"Name","value":"org"}}},{"kind":"Argument","name":{"kind":"Name","value":"policy_id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"policy_id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"api_key"}}]}}]}}]} as unknown as DocumentNode<RegeneratePolicyKeyMutation, RegeneratePolicyKeyMutationVariables>;
export const TryPolicyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"TryPolicy"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"org"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"policy_id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"TryPolicyInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"tryPolicy"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"org"},"value":{"kind":"Variable","name":{"kind":"Name","value":"org"}}},{"kind":"Argument","name":{"kind":"Name","value":"policy_id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"policy_id"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"decision"}},{"kind":"Field","name":{"kind":"Name","value":"summary"}},{"kind":"Field","name":{"kind":"Name","value":"masked_content"}},{"kind":"Field","name":{"kind":"Name","value":"policy_version"}},{"kind":"Field","name":{"kind":"Name","value":"detected"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"type"}},{"kind":"Field","name":{"kind":"Name","value":"count"}},{"kind":"Field","name":{"kind":"Name","value":"sample"}}]}}]}}]}}]} as unknown as DocumentNode<TryPolicyMutation, TryPolicyMutationVariables>;
export const SettingsDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"query","name":{"kind":"Name","value":"Settings"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"org"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"keysLimit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"keysOffset"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"licensesLimit"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"licensesOffset"}},"type":{"kind":"NamedType","name":{"kind":"Name","value":"Int"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"organization"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"org"},"value":{"kind":"Variable","name":{"kind":"Name","value":"org"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"OrganizationFields"}}]}},{"kind":"Field","name":{"kind":"Name","value":"apiKeys"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"org"},"value":{"kind":"Variable","name":{"kind":"Name","value":"org"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"keysLimit"}}},{"kind":"Argument","name":{"kind":"Name","value":"offset"},"value":{"kind":"Variable","name":{"kind":"Name","value":"keysOffset"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key_id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"key_preview"}},{"kind":"Field","name":{"kind":"Name","value":"created_at"}},{"kind":"Field","name":{"kind":"Name","value":"rotated_at"}},{"kind":"Field","name":{"kind":"Name","value":"last_used_at"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"licenses"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"org"},"value":{"kind":"Variable","name":{"kind":"Name","value":"org"}}},{"kind":"Argument","name":{"kind":"Name","value":"limit"},"value":{"kind":"Variable","name":{"kind":"Name","value":"licensesLimit"}}},{"kind":"Argument","name":{"kind":"Name","value":"offset"},"value":{"kind":"Variable","name":{"kind":"Name","value":"licensesOffset"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"total"}},{"kind":"Field","name":{"kind":"Name","value":"items"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"license_id"}},{"kind":"Field","name":{"kind":"Name","value":"license_key"}},{"kind":"Field","name":{"kind":"Name","value":"license_type"}},{"kind":"Field","name":{"kind":"Name","value":"status"}},{"kind":"Field","name":{"kind":"Name","value":"expires_at"}},{"kind":"Field","name":{"kind":"Name","value":"max_checks_per_month"}}]}}]}},{"kind":"Field","name":{"kind":"Name","value":"checksThisMonth"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"org"},"value":{"kind":"Variable","name":{"kind":"Name","value":"org"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"month"}},{"kind":"Field","name":{"kind":"Name","value":"checks"}}]}},{"kind":"Field","name":{"kind":"Name","value":"licensePublicKey"},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"kid"}},{"kind":"Field","name":{"kind":"Name","value":"alg"}},{"kind":"Field","name":{"kind":"Name","value":"pem"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"OrganizationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Organization"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"org_id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"settings"}},{"kind":"Field","name":{"kind":"Name","value":"created_at"}}]}}]} as unknown as DocumentNode<SettingsQuery, SettingsQueryVariables>;
export const UpdateOrganizationDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"UpdateOrganization"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"org"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"UpdateOrganizationInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"updateOrganization"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"org"},"value":{"kind":"Variable","name":{"kind":"Name","value":"org"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"FragmentSpread","name":{"kind":"Name","value":"OrganizationFields"}}]}}]}},{"kind":"FragmentDefinition","name":{"kind":"Name","value":"OrganizationFields"},"typeCondition":{"kind":"NamedType","name":{"kind":"Name","value":"Organization"}},"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"org_id"}},{"kind":"Field","name":{"kind":"Name","value":"name"}},{"kind":"Field","name":{"kind":"Name","value":"slug"}},{"kind":"Field","name":{"kind":"Name","value":"settings"}},{"kind":"Field","name":{"kind":"Name","value":"created_at"}}]}}]} as unknown as DocumentNode<UpdateOrganizationMutation, UpdateOrganizationMutationVariables>;
export const CreateApiKeyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"CreateApiKey"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"org"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"input"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"CreateApiKeyInput"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"createApiKey"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"org"},"value":{"kind":"Variable","name":{"kind":"Name","value":"org"}}},{"kind":"Argument","name":{"kind":"Name","value":"input"},"value":{"kind":"Variable","name":{"kind":"Name","value":"input"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key_id"}},{"kind":"Field","name":{"kind":"Name","value":"key"}}]}}]}}]} as unknown as DocumentNode<CreateApiKeyMutation, CreateApiKeyMutationVariables>;
export const RotateApiKeyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RotateApiKey"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"org"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"key_id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"rotateApiKey"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"org"},"value":{"kind":"Variable","name":{"kind":"Name","value":"org"}}},{"kind":"Argument","name":{"kind":"Name","value":"key_id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"key_id"}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"key_id"}},{"kind":"Field","name":{"kind":"Name","value":"key"}}]}}]}}]} as unknown as DocumentNode<RotateApiKeyMutation, RotateApiKeyMutationVariables>;
export const RevokeApiKeyDocument = {"kind":"Document","definitions":[{"kind":"OperationDefinition","operation":"mutation","name":{"kind":"Name","value":"RevokeApiKey"},"variableDefinitions":[{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"org"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"String"}}}},{"kind":"VariableDefinition","variable":{"kind":"Variable","name":{"kind":"Name","value":"key_id"}},"type":{"kind":"NonNullType","type":{"kind":"NamedType","name":{"kind":"Name","value":"ID"}}}}],"selectionSet":{"kind":"SelectionSet","selections":[{"kind":"Field","name":{"kind":"Name","value":"revokeApiKey"},"arguments":[{"kind":"Argument","name":{"kind":"Name","value":"org"},"value":{"kind":"Variable","name":{"kind":"Name","value":"org"}}},{"kind":"Argument","name":{"kind":"Name","value":"key_id"},"value":{"kind":"Variable","name":{"kind":"Name","value":"key_id"}}}]}]}}]} as unknown as DocumentNode<RevokeApiKeyMutation, RevokeApiKeyMutationVariables>;