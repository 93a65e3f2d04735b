/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query AuditLog(\n    $limit: Int\n    $offset: Int\n    $org: String\n    $search: String\n    $from: String\n    $to: String\n    $decision: Decision\n    $destination: Destination\n  ) {\n    auditLog(\n      limit: $limit\n      offset: $offset\n      org: $org\n      search: $search\n      from: $from\n      to: $to\n      decision: $decision\n      destination: $destination\n    ) {\n      total\n      limit\n      offset\n      items {\n        preflight_id\n        created_at\n        destination\n        decision\n        summary\n        policy_id\n        policy_name\n        policy_version\n        org_id\n        org_name\n        source_type\n        input_type\n        input_size_bytes\n        findings_total\n        finding_counts\n      }\n    }\n  }\n": typeof types.AuditLogDocument,
    "\n  query AuditOrgs($limit: Int) {\n    organizations(limit: $limit) {\n      items {\n        org_id\n        name\n      }\n    }\n  }\n": typeof types.AuditOrgsDocument,
    "\n  fragment DestinationFields on ForwardingDestination {\n    destination_id\n    url\n    auth_header_name\n    auth_header_configured\n    enabled\n    status\n    last_error\n    last_error_at\n    deliveries {\n      queued\n      retrying\n      delivered\n      failed\n    }\n  }\n": typeof types.DestinationFieldsFragmentDoc,
    "\n  query Destinations($org: String!, $limit: Int, $offset: Int) {\n    forwardingDestinations(org: $org, limit: $limit, offset: $offset) {\n      total\n      items {\n        ...DestinationFields\n      }\n    }\n  }\n": typeof types.DestinationsDocument,
    "\n  mutation CreateDestination($org: String!, $input: CreateForwardingDestinationInput!) {\n    createForwardingDestination(org: $org, input: $input) {\n      ...DestinationFields\n    }\n  }\n": typeof types.CreateDestinationDocument,
    "\n  mutation UpdateDestination($org: String!, $destination_id: ID!, $input: UpdateForwardingDestinationInput!) {\n    updateForwardingDestination(org: $org, destination_id: $destination_id, input: $input) {\n      ...DestinationFields\n    }\n  }\n": typeof types.UpdateDestinationDocument,
    "\n  mutation TestDestination($org: String!, $destination_id: ID!) {\n    testForwardingDestination(org: $org, destination_id: $destination_id) {\n      ok\n      status_code\n      error\n      duration_ms\n    }\n  }\n": typeof types.TestDestinationDocument,
    "\n  mutation Redeliver($org: String!, $destination_id: ID!, $input: RedeliverInput) {\n    redeliverForwardingDestination(org: $org, destination_id: $destination_id, input: $input) {\n      requeued\n      more\n    }\n  }\n": typeof types.RedeliverDocument,
    "\n  mutation DeleteDestination($org: String!, $destination_id: ID!) {\n    deleteForwardingDestination(org: $org, destination_id: $destination_id)\n  }\n": typeof types.DeleteDestinationDocument,
    "\n  fragment OrganizationFields on Organization {\n    org_id\n    name\n    slug\n    settings\n    created_at\n  }\n": typeof types.OrganizationFieldsFragmentDoc,
    "\n  query Organizations($limit: Int, $offset: Int) {\n    organizations(limit: $limit, offset: $offset) {\n      total\n      items {\n        ...OrganizationFields\n      }\n    }\n  }\n": typeof types.OrganizationsDocument,
    "\n  mutation CreateOrganization($input: CreateOrganizationInput!) {\n    createOrganization(input: $input) {\n      org_id\n      name\n      license_key\n    }\n  }\n": typeof types.CreateOrganizationDocument,
    "\n  query Overview($org: String!, $period: AnalyticsPeriod) {\n    organizationAnalytics(org: $org, period: $period) {\n      org_name\n      period\n      total_checks\n      allowed\n      masked\n      blocked\n      safe_share_rate\n      bytes_protected\n      prevented_exposures\n      from_date\n      to_date\n    }\n    analyticsTimeSeries(org: $org, period: $period) {\n      data {\n        date\n        allowed\n        masked\n        blocked\n      }\n    }\n    detectionBreakdown(org: $org, period: $period) {\n      total_detections\n      types {\n        type\n        label\n        count\n        percentage\n      }\n    }\n  }\n": typeof types.OverviewDocument,
    "\n  fragment PolicyFields on Policy {\n    policy_id\n    name\n    description\n    version\n    is_active\n    api_key\n    updated_at\n    rules {\n      id\n      name\n      enabled\n      dataTypes\n      destinations\n      action\n      conditions\n    }\n    custom_patterns {\n      name\n      data_type\n      regex\n      keywords\n    }\n  }\n": typeof types.PolicyFieldsFragmentDoc,
    "\n  query Policies($org: String!, $limit: Int, $offset: Int) {\n    policies(org: $org, limit: $limit, offset: $offset) {\n      total\n      items {\n        ...PolicyFields\n      }\n    }\n  }\n": typeof types.PoliciesDocument,
    "\n  mutation CreatePolicy($org: String!, $input: CreatePolicyInput!) {\n    createPolicy(org: $org, input: $input) {\n      ...PolicyFields\n    }\n  }\n": typeof types.CreatePolicyDocument,
    "\n  mutation UpdatePolicy($org: String!, $policy_id: ID!, $input: UpdatePolicyInput!) {\n    updatePolicy(org: $org, policy_id: $policy_id, input: $input) {\n      ...PolicyFields\n    }\n  }\n": typeof types.UpdatePolicyDocument,
    "\n  mutation DeletePolicy($org: String!, $policy_id: ID!) {\n    deletePolicy(org: $org, policy_id: $policy_id)\n  }\n": typeof types.DeletePolicyDocument,
    "\n  mutation RegeneratePolicyKey($org: String!, $policy_id: ID!) {\n    regeneratePolicyKey(org: $org, policy_id: $policy_id) {\n      api_key\n    }\n  }\n": typeof types.RegeneratePolicyKeyDocument,
    "\n  mutation TryPolicy($org: String!, $policy_id: ID!, $input: TryPolicyInput!) {\n    tryPolicy(org: $org, policy_id: $policy_id, input: $input) {\n      decision\n      summary\n      masked_content\n      policy_version\n      detected {\n        type\n        count\n        sample\n      }\n    }\n  }\n": typeof types.TryPolicyDocument,
    "\n  query Settings($org: String!, $keysLimit: Int, $keysOffset: Int, $licensesLimit: Int, $licensesOffset: Int) {\n    organization(org: $org) {\n      ...OrganizationFields\n    }\n    apiKeys(org: $org, limit: $keysLimit, offset: $keysOffset) {\n      total\n      items {\n        key_id\n        name\n        key_preview\n        created_at\n        rotated_at\n        last_used_at\n      }\n    }\n    licenses(org: $org, limit: $licensesLimit, offset: $licensesOffset) {\n      total\n      items {\n        license_id\n        license_key\n        license_type\n        status\n        expires_at\n        max_checks_per_month\n      }\n    }\n    checksThisMonth(org: $org) {\n      month\n      checks\n    }\n    licensePublicKey {\n      kid\n      alg\n      pem\n    }\n  }\n": typeof types.SettingsDocument,
    "\n  mutation UpdateOrganization($org: String!, $input: UpdateOrganizationInput!) {\n    updateOrganization(org: $org, input: $input) {\n      ...OrganizationFields\n    }\n  }\n": typeof types.UpdateOrganizationDocument,
    "\n  mutation CreateApiKey($org: String!, $input: CreateApiKeyInput!) {\n    createApiKey(org: $org, input: $input) {\n      key_id\n      key\n    }\n  }\n": typeof types.CreateApiKeyDocument,
    "\n  mutation RotateApiKey($org: String!, $key_id: ID!) {\n    rotateApiKey(org: $org, key_id: $key_id) {\n      key_id\n      key\n    }\n  }\n": typeof types.RotateApiKeyDocument,
    "\n  mutation RevokeApiKey($org: String!, $key_id: ID!) {\n    revokeApiKey(org: $org, key_id: $key_id)\n  }\n": typeof types.RevokeApiKeyDocument,
};
const documents: Documents = {
    "\n  query AuditLog(\n    $limit: Int\n    $offset: Int\n    $org: String\n    $search: String\n    $from: String\n    $to: String\n    $decision: Decision\n    $destination: Destination\n  ) {\n    auditLog(\n      limit: $limit\n      offset: $offset\n      org: $org\n      search: $search\n      from: $from\n      to: $to\n      decision: $decision\n      destination: $destination\n    ) {\n      total\n      limit\n      offset\n      items {\n        preflight_id\n        created_at\n        destination\n        decision\n        summary\n        policy_id\n        policy_name\n        policy_version\n        org_id\n        org_name\n        source_type\n        input_type\n        input_size_bytes\n        findings_total\n        finding_counts\n      }\n    }\n  }\n": types.AuditLogDocument,
    "\n  query AuditOrgs($limit: Int) {\n    organizations(limit: $limit) {\n      items {\n        org_id\n        name\n      }\n    }\n  }\n": types.AuditOrgsDocument,
    "\n  fragment DestinationFields on ForwardingDestination {\n    destination_id\n    url\n    auth_header_name\n    auth_header_configured\n    enabled\n    status\n    last_error\n    last_error_at\n    deliveries {\n      queued\n      retrying\n      delivered\n      failed\n    }\n  }\n": types.DestinationFieldsFragmentDoc,
    "\n  query Destinations($org: String!, $limit: Int, $offset: Int) {\n    forwardingDestinations(org: $org, limit: $limit, offset: $offset) {\n      total\n      items {\n        ...DestinationFields\n      }\n    }\n  }\n": types.DestinationsDocument,
    "\n  mutation CreateDestination($org: String!, $input: CreateForwardingDestinationInput!) {\n    createForwardingDestination(org: $org, input: $input) {\n      ...DestinationFields\n    }\n  }\n": types.CreateDestinationDocument,
    "\n  mutation UpdateDestination($org: String!, $destination_id: ID!, $input: UpdateForwardingDestinationInput!) {\n    updateForwardingDestination(org: $org, destination_id: $destination_id, input: $input) {\n      ...DestinationFields\n    }\n  }\n": types.UpdateDestinationDocument,
    "\n  mutation TestDestination($org: String!, $destination_id: ID!) {\n    testForwardingDestination(org: $org, destination_id: $destination_id) {\n      ok\n      status_code\n      error\n      duration_ms\n    }\n  }\n": types.TestDestinationDocument,
    "\n  mutation Redeliver($org: String!, $destination_id: ID!, $input: RedeliverInput) {\n    redeliverForwardingDestination(org: $org, destination_id: $destination_id, input: $input) {\n      requeued\n      more\n    }\n  }\n": types.RedeliverDocument,
    "\n  mutation DeleteDestination($org: String!, $destination_id: ID!) {\n    deleteForwardingDestination(org: $org, destination_id: $destination_id)\n  }\n": types.DeleteDestinationDocument,
    "\n  fragment OrganizationFields on Organization {\n    org_id\n    name\n    slug\n    settings\n    created_at\n  }\n": types.OrganizationFieldsFragmentDoc,
    "\n  query Organizations($limit: Int, $offset: Int) {\n    organizations(limit: $limit, offset: $offset) {\n      total\n      items {\n        ...OrganizationFields\n      }\n    }\n  }\n": types.OrganizationsDocument,
    "\n  mutation CreateOrganization($input: CreateOrganizationInput!) {\n    createOrganization(input: $input) {\n      org_id\n      name\n      license_key\n    }\n  }\n": types.CreateOrganizationDocument,
    "\n  query Overview($org: String!, $period: AnalyticsPeriod) {\n    organizationAnalytics(org: $org, period: $period) {\n      org_name\n      period\n      total_checks\n      allowed\n      masked\n      blocked\n      safe_share_rate\n      bytes_protected\n      prevented_exposures\n      from_date\n      to_date\n    }\n    analyticsTimeSeries(org: $org, period: $period) {\n      data {\n        date\n        allowed\n        masked\n        blocked\n      }\n    }\n    detectionBreakdown(org: $org, period: $period) {\n      total_detections\n      types {\n        type\n        label\n        count\n        percentage\n      }\n    }\n  }\n": types.OverviewDocument,
    "\n  fragment PolicyFields on Policy {\n    policy_id\n    name\n    description\n    version\n    is_active\n    api_key\n    updated_at\n    rules {\n      id\n      name\n      enabled\n      dataTypes\n      destinations\n      action\n      conditions\n    }\n    custom_patterns {\n      name\n      data_type\n      regex\n      keywords\n    }\n  }\n": types.PolicyFieldsFragmentDoc,
    "\n  query Policies($org: String!, $limit: Int, $offset: Int) {\n    policies(org: $org, limit: $limit, offset: $offset) {\n      total\n      items {\n        ...PolicyFields\n      }\n    }\n  }\n": types.PoliciesDocument,
    "\n  mutation CreatePolicy($org: String!, $input: CreatePolicyInput!) {\n    createPolicy(org: $org, input: $input) {\n      ...PolicyFields\n    }\n  }\n": types.CreatePolicyDocument,
    "\n  mutation UpdatePolicy($org: String!, $policy_id: ID!, $input: UpdatePolicyInput!) {\n    updatePolicy(org: $org, policy_id: $policy_id, input: $input) {\n      ...PolicyFields\n    }\n  }\n": types.UpdatePolicyDocument,
    "\n  mutation DeletePolicy($org: String!, $policy_id: ID!) {\n    deletePolicy(org: $org, policy_id: $policy_id)\n  }\n": types.DeletePolicyDocument,
    "\n  mutation RegeneratePolicyKey($org: String!, $policy_id: ID!) {\n    regeneratePolicyKey(org: $org, policy_id: $policy_id) {\n      api_key\n    }\n  }\n": types.RegeneratePolicyKeyDocument,
    "\n  mutation TryPolicy($org: String!, $policy_id: ID!, $input: TryPolicyInput!) {\n    tryPolicy(org: $org, policy_id: $policy_id, input: $input) {\n      decision\n      summary\n      masked_content\n      policy_version\n      detected {\n        type\n        count\n        sample\n      }\n    }\n  }\n": types.TryPolicyDocument,
    "\n  query Settings($org: String!, $keysLimit: Int, $keysOffset: Int, $licensesLimit: Int, $licensesOffset: Int) {\n    organization(org: $org) {\n      ...OrganizationFields\n    }\n    apiKeys(org: $org, limit: $keysLimit, offset: $keysOffset) {\n      total\n      items {\n        key_id\n        name\n        key_preview\n        created_at\n        rotated_at\n        last_used_at\n      }\n    }\n    licenses(org: $org, limit: $licensesLimit, offset: $licensesOffset) {\n      total\n      items {\n        license_id\n        license_key\n        license_type\n        status\n        expires_at\n        max_checks_per_month\n      }\n    }\n    checksThisMonth(org: $org) {\n      month\n      checks\n    }\n    licensePublicKey {\n      kid\n      alg\n      pem\n    }\n  }\n": types.SettingsDocument,
    "\n  mutation UpdateOrganization($org: String!, $input: UpdateOrganizationInput!) {\n    updateOrganization(org: $org, input: $input) {\n      ...OrganizationFields\n    }\n  }\n": types.UpdateOrganizationDocument,
    "\n  mutation CreateApiKey($org: String!, $input: CreateApiKeyInput!) {\n    createApiKey(org: $org, input: $input) {\n      key_id\n      key\n    }\n  }\n": types.CreateApiKeyDocument,
    "\n  mutation RotateApiKey($org: String!, $key_id: ID!) {\n    rotateApiKey(org: $org, key_id: $key_id) {\n      key_id\n      key\n    }\n  }\n": types.RotateApiKeyDocument,
    "\n  mutation RevokeApiKey($org: String!, $key_id: ID!) {\n    revokeApiKey(org: $org, key_id: $key_id)\n  }\n": types.RevokeApiKeyDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AuditLog(\n    $limit: Int\n    $offset: Int\n    $org: String\n    $search: String\n    $from: String\n    $to: String\n    $decision: Decision\n    $destination: Destination\n  ) {\n    auditLog(\n      limit: $limit\n      offset: $offset\n      org: $org\n      search: $search\n      from: $from\n      to: $to\n      decision: $decision\n      destination: $destination\n    ) {\n      total\n      limit\n      offset\n      items {\n        preflight_id\n        created_at\n        destination\n        decision\n        summary\n        policy_id\n        policy_name\n        policy_version\n        org_id\n        org_name\n        source_type\n        input_type\n        input_size_bytes\n        findings_total\n        finding_counts\n      }\n    }\n  }\n"): (typeof documents)["\n  query AuditLog(\n    $limit: Int\n    $offset: Int\n    $org: String\n    $search: String\n    $from: String\n    $to: String\n    $decision: Decision\n    $destination: Destination\n  ) {\n    auditLog(\n      limit: $limit\n      offset: $offset\n      org: $org\n      search: $search\n      from: $from\n      to: $to\n      decision: $decision\n      destination: $destination\n    ) {\n      total\n      limit\n      offset\n      items {\n        preflight_id\n        created_at\n        destination\n        decision\n        summary\n        policy_id\n        policy_name\n        policy_version\n        org_id\n        org_name\n        source_type\n        input_type\n        input_size_bytes\n        findings_total\n        finding_counts\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AuditOrgs($limit: Int) {\n    organizations(limit: $limit) {\n      items {\n        org_id\n        name\n      }\n    }\n  }\n"): (typeof documents)["\n  query AuditOrgs($limit: Int) {\n    organizations(limit: $limit) {\n      items {\n        org_id\n        name\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment DestinationFields on ForwardingDestination {\n    destination_id\n    url\n    auth_header_name\n    auth_header_configured\n    enabled\n    status\n    last_error\n    last_error_at\n    deliveries {\n      queued\n      retrying\n      delivered\n      failed\n    }\n  }\n"): (typeof documents)["\n  fragment DestinationFields on ForwardingDestination {\n    destination_id\n    url\n    auth_header_name\n    auth_header_configured\n    enabled\n    status\n    last_error\n    last_error_at\n    deliveries {\n      queued\n      retrying\n      delivered\n      failed\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Destinations($org: String!, $limit: Int, $offset: Int) {\n    forwardingDestinations(org: $org, limit: $limit, offset: $offset) {\n      total\n      items {\n        ...DestinationFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query Destinations($org: String!, $limit: Int, $offset: Int) {\n    forwardingDestinations(org: $org, limit: $limit, offset: $offset) {\n      total\n      items {\n        ...DestinationFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateDestination($org: String!, $input: CreateForwardingDestinationInput!) {\n    createForwardingDestination(org: $org, input: $input) {\n      ...DestinationFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreateDestination($org: String!, $input: CreateForwardingDestinationInput!) {\n    createForwardingDestination(org: $org, input: $input) {\n      ...DestinationFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateDestination($org: String!, $destination_id: ID!, $input: UpdateForwardingDestinationInput!) {\n    updateForwardingDestination(org: $org, destination_id: $destination_id, input: $input) {\n      ...DestinationFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateDestination($org: String!, $destination_id: ID!, $input: UpdateForwardingDestinationInput!) {\n    updateForwardingDestination(org: $org, destination_id: $destination_id, input: $input) {\n      ...DestinationFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TestDestination($org: String!, $destination_id: ID!) {\n    testForwardingDestination(org: $org, destination_id: $destination_id) {\n      ok\n      status_code\n      error\n      duration_ms\n    }\n  }\n"): (typeof documents)["\n  mutation TestDestination($org: String!, $destination_id: ID!) {\n    testForwardingDestination(org: $org, destination_id: $destination_id) {\n      ok\n      status_code\n      error\n      duration_ms\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Redeliver($org: String!, $destination_id: ID!, $input: RedeliverInput) {\n    redeliverForwardingDestination(org: $org, destination_id: $destination_id, input: $input) {\n      requeued\n      more\n    }\n  }\n"): (typeof documents)["\n  mutation Redeliver($org: String!, $destination_id: ID!, $input: RedeliverInput) {\n    redeliverForwardingDestination(org: $org, destination_id: $destination_id, input: $input) {\n      requeued\n      more\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteDestination($org: String!, $destination_id: ID!) {\n    deleteForwardingDestination(org: $org, destination_id: $destination_id)\n  }\n"): (typeof documents)["\n  mutation DeleteDestination($org: String!, $destination_id: ID!) {\n    deleteForwardingDestination(org: $org, destination_id: $destination_id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment OrganizationFields on Organization {\n    org_id\n    name\n    slug\n    settings\n    created_at\n  }\n"): (typeof documents)["\n  fragment OrganizationFields on Organization {\n    org_id\n    name\n    slug\n    settings\n    created_at\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Organizations($limit: Int, $offset: Int) {\n    organizations(limit: $limit, offset: $offset) {\n      total\n      items {\n        ...OrganizationFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query Organizations($limit: Int, $offset: Int) {\n    organizations(limit: $limit, offset: $offset) {\n      total\n      items {\n        ...OrganizationFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateOrganization($input: CreateOrganizationInput!) {\n    createOrganization(input: $input) {\n      org_id\n      name\n      license_key\n    }\n  }\n"): (typeof documents)["\n  mutation CreateOrganization($input: CreateOrganizationInput!) {\n    createOrganization(input: $input) {\n      org_id\n      name\n      license_key\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Overview($org: String!, $period: AnalyticsPeriod) {\n    organizationAnalytics(org: $org, period: $period) {\n      org_name\n      period\n      total_checks\n      allowed\n      masked\n      blocked\n      safe_share_rate\n      bytes_protected\n      prevented_exposures\n      from_date\n      to_date\n    }\n    analyticsTimeSeries(org: $org, period: $period) {\n      data {\n        date\n        allowed\n        masked\n        blocked\n      }\n    }\n    detectionBreakdown(org: $org, period: $period) {\n      total_detections\n      types {\n        type\n        label\n        count\n        percentage\n      }\n    }\n  }\n"): (typeof documents)["\n  query Overview($org: String!, $period: AnalyticsPeriod) {\n    organizationAnalytics(org: $org, period: $period) {\n      org_name\n      period\n      total_checks\n      allowed\n      masked\n      blocked\n      safe_share_rate\n      bytes_protected\n      prevented_exposures\n      from_date\n      to_date\n    }\n    analyticsTimeSeries(org: $org, period: $period) {\n      data {\n        date\n        allowed\n        masked\n        blocked\n      }\n    }\n    detectionBreakdown(org: $org, period: $period) {\n      total_detections\n      types {\n        type\n        label\n        count\n        percentage\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PolicyFields on Policy {\n    policy_id\n    name\n    description\n    version\n    is_active\n    api_key\n    updated_at\n    rules {\n      id\n      name\n      enabled\n      dataTypes\n      destinations\n      action\n      conditions\n    }\n    custom_patterns {\n      name\n      data_type\n      regex\n      keywords\n    }\n  }\n"): (typeof documents)["\n  fragment PolicyFields on Policy {\n    policy_id\n    name\n    description\n    version\n    is_active\n    api_key\n    updated_at\n    rules {\n      id\n      name\n      enabled\n      dataTypes\n      destinations\n      action\n      conditions\n    }\n    custom_patterns {\n      name\n      data_type\n      regex\n      keywords\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Policies($org: String!, $limit: Int, $offset: Int) {\n    policies(org: $org, limit: $limit, offset: $offset) {\n      total\n      items {\n        ...PolicyFields\n      }\n    }\n  }\n"): (typeof documents)["\n  query Policies($org: String!, $limit: Int, $offset: Int) {\n    policies(org: $org, limit: $limit, offset: $offset) {\n      total\n      items {\n        ...PolicyFields\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreatePolicy($org: String!, $input: CreatePolicyInput!) {\n    createPolicy(org: $org, input: $input) {\n      ...PolicyFields\n    }\n  }\n"): (typeof documents)["\n  mutation CreatePolicy($org: String!, $input: CreatePolicyInput!) {\n    createPolicy(org: $org, input: $input) {\n      ...PolicyFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdatePolicy($org: String!, $policy_id: ID!, $input: UpdatePolicyInput!) {\n    updatePolicy(org: $org, policy_id: $policy_id, input: $input) {\n      ...PolicyFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdatePolicy($org: String!, $policy_id: ID!, $input: UpdatePolicyInput!) {\n    updatePolicy(org: $org, policy_id: $policy_id, input: $input) {\n      ...PolicyFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeletePolicy($org: String!, $policy_id: ID!) {\n    deletePolicy(org: $org, policy_id: $policy_id)\n  }\n"): (typeof documents)["\n  mutation DeletePolicy($org: String!, $policy_id: ID!) {\n    deletePolicy(org: $org, policy_id: $policy_id)\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RegeneratePolicyKey($org: String!, $policy_id: ID!) {\n    regeneratePolicyKey(org: $org, policy_id: $policy_id) {\n      api_key\n    }\n  }\n"): (typeof documents)["\n  mutation RegeneratePolicyKey($org: String!, $policy_id: ID!) {\n    regeneratePolicyKey(org: $org, policy_id: $policy_id) {\n      api_key\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TryPolicy($org: String!, $policy_id: ID!, $input: TryPolicyInput!) {\n    tryPolicy(org: $org, policy_id: $policy_id, input: $input) {\n      decision\n      summary\n      masked_content\n      policy_version\n      detected {\n        type\n        count\n        sample\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation TryPolicy($org: String!, $policy_id: ID!, $input: TryPolicyInput!) {\n    tryPolicy(org: $org, policy_id: $policy_id, input: $input) {\n      decision\n      summary\n      masked_content\n      policy_version\n      detected {\n        type\n        count\n        sample\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Settings($org: String!, $keysLimit: Int, $keysOffset: Int, $licensesLimit: Int, $licensesOffset: Int) {\n    organization(org: $org) {\n      ...OrganizationFields\n    }\n    apiKeys(org: $org, limit: $keysLimit, offset: $keysOffset) {\n      total\n      items {\n        key_id\n        name\n        key_preview\n        created_at\n        rotated_at\n        last_used_at\n      }\n    }\n    licenses(org: $org, limit: $licensesLimit, offset: $licensesOffset) {\n      total\n      items {\n        license_id\n        license_key\n        license_type\n        status\n        expires_at\n        max_checks_per_month\n      }\n    }\n    checksThisMonth(org: $org) {\n      month\n      checks\n    }\n    licensePublicKey {\n      kid\n      alg\n      pem\n    }\n  }\n"): (typeof documents)["\n  query Settings($org: String!, $keysLimit: Int, $keysOffset: Int, $licensesLimit: Int, $licensesOffset: Int) {\n    organization(org: $org) {\n      ...OrganizationFields\n    }\n    apiKeys(org: $org, limit: $keysLimit, offset: $keysOffset) {\n      total\n      items {\n        key_id\n        name\n        key_preview\n        created_at\n        rotated_at\n        last_used_at\n      }\n    }\n    licenses(org: $org, limit: $licensesLimit, offset: $licensesOffset) {\n      total\n      items {\n        license_id\n        license_key\n        license_type\n        status\n        expires_at\n        max_checks_per_month\n      }\n    }\n    checksThisMonth(org: $org) {\n      month\n      checks\n    }\n    licensePublicKey {\n      kid\n      alg\n      pem\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateOrganization($org: String!, $input: UpdateOrganizationInput!) {\n    updateOrganization(org: $org, input: $input) {\n      ...OrganizationFields\n    }\n  }\n"): (typeof documents)["\n  mutation UpdateOrganization($org: String!, $input: UpdateOrganizationInput!) {\n    updateOrganization(org: $org, input: $input) {\n      ...OrganizationFields\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateApiKey($org: String!, $input: CreateApiKeyInput!) {\n    createApiKey(org: $org, input: $input) {\n      key_id\n      key\n    }\n  }\n"): (typeof documents)["\n  mutation CreateApiKey($org: String!, $input: CreateApiKeyInput!) {\n    createApiKey(org: $org, input: $input) {\n      key_id\n      key\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RotateApiKey($org: String!, $key_id: ID!) {\n    rotateApiKey(org: $org, key_id: $key_id) {\n      key_id\n      key\n    }\n  }\n"): (typeof documents)["\n  mutation RotateApiKey($org: String!, $key_id: ID!) {\n    rotateApiKey(org: $org, key_id: $key_id) {\n      key_id\n      key\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeApiKey($org: String!, $key_id: ID!) {\n    revokeApiKey(org: $org, key_id: $key_id)\n  }\n"): (typeof documents)["\n  mutation RevokeApiKey($org: String!, $key_id: ID!) {\n    revokeApiKey(org: $org, key_id: $key_id)\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;