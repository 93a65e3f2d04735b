import { graphql } from '../gql';

export const SettingsQuery = graphql(`
  query Settings($org: String!, $keysLimit: Int, $keysOffset: Int, $licensesLimit: Int, $licensesOffset: Int) {
    organization(org: $org) {
      ...OrganizationFields
    }
    apiKeys(org: $org, limit: $keysLimit, offset: $keysOffset) {
      total
      items {
        key_id
        name
        key_preview
        created_at
        rotated_at
        last_used_at
      }
    }
    licenses(org: $org, limit: $licensesLimit, offset: $licensesOffset) {
      total
      items {
        license_id
        license_key
        license_type
        status
        expires_at
        max_checks_per_month
      }
    }
    checksThisMonth(org: $org) {
      month
      checks
    }
    licensePublicKey {
      kid
      alg
      pem
    }
  }
`);

export const UpdateOrganizationMutation = graphql(`
  mutation UpdateOrganization($org: String!, $input: UpdateOrganizationInput!) {
    updateOrganization(org: $org, input: $input) {
      ...OrganizationFields
    }
  }
`);

export const CreateApiKeyMutation = graphql(`
  mutation CreateApiKey($org: String!, $input: CreateApiKeyInput!) {
    createApiKey(org: $org, input: $input) {
      key_id
      key
    }
  }
`);

export const RotateApiKeyMutation = graphql(`
  mutation RotateApiKey($org: String!, $key_id: ID!) {
    rotateApiKey(org: $org, key_id: $key_id) {
      key_id
      key
    }
  }
`);

export const RevokeApiKeyMutation = graphql(`
  mutation RevokeApiKey($org: String!, $key_id: ID!) {
    revokeApiKey(org: $org, key_id: $key_id)
  }
`);
