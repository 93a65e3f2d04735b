import { graphql } from '../gql';

/** What the console shows of an organization: the list, the settings form and its update share it. */
export const OrganizationFields = graphql(`
  fragment OrganizationFields on Organization {
    org_id
    name
    slug
    settings
    created_at
  }
`);

export const OrganizationsQuery = graphql(`
  query Organizations($limit: Int, $offset: Int) {
    organizations(limit: $limit, offset: $offset) {
      total
      items {
        ...OrganizationFields
      }
    }
  }
`);

export const CreateOrganizationMutation = graphql(`
  mutation CreateOrganization($input: CreateOrganizationInput!) {
    createOrganization(input: $input) {
      org_id
      name
      license_key
    }
  }
`);
