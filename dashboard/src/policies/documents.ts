import { graphql } from '../gql';

export const PolicyFields = graphql(`
  fragment PolicyFields on Policy {
    policy_id
    name
    description
    version
    is_active
    api_key
    updated_at
    rules {
      id
      name
      enabled
      dataTypes
      destinations
      action
      conditions
    }
    custom_patterns {
      name
      data_type
      regex
      keywords
    }
  }
`);

export const PoliciesQuery = graphql(`
  query Policies($org: String!, $limit: Int, $offset: Int) {
    policies(org: $org, limit: $limit, offset: $offset) {
      total
      items {
        ...PolicyFields
      }
    }
  }
`);

export const CreatePolicyMutation = graphql(`
  mutation CreatePolicy($org: String!, $input: CreatePolicyInput!) {
    createPolicy(org: $org, input: $input) {
      ...PolicyFields
    }
  }
`);

export const UpdatePolicyMutation = graphql(`
  mutation UpdatePolicy($org: String!, $policy_id: ID!, $input: UpdatePolicyInput!) {
    updatePolicy(org: $org, policy_id: $policy_id, input: $input) {
      ...PolicyFields
    }
  }
`);

export const DeletePolicyMutation = graphql(`
  mutation DeletePolicy($org: String!, $policy_id: ID!) {
    deletePolicy(org: $org, policy_id: $policy_id)
  }
`);

export const RegeneratePolicyKeyMutation = graphql(`
  mutation RegeneratePolicyKey($org: String!, $policy_id: ID!) {
    regeneratePolicyKey(org: $org, policy_id: $policy_id) {
      api_key
    }
  }
`);

export const TryPolicyMutation = graphql(`
  mutation TryPolicy($org: String!, $policy_id: ID!, $input: TryPolicyInput!) {
    tryPolicy(org: $org, policy_id: $policy_id, input: $input) {
      decision
      summary
      masked_content
      policy_version
      detected {
        type
        count
        sample
      }
    }
  }
`);
