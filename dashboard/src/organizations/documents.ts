import { graphql } from '../gql';

export const OrganizationsQuery = graphql(`
  query Organizations($limit: Int, $offset: Int) {
    organizations(limit: $limit, offset: $offset) {
      total
      items {
        org_id
        name
        slug
        created_at
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
