import { graphql } from '../gql';

export const DestinationFields = graphql(`
  fragment DestinationFields on ForwardingDestination {
    destination_id
    url
    auth_header_name
    auth_header_configured
    enabled
    status
    last_error
    last_error_at
    deliveries {
      queued
      retrying
      delivered
      failed
    }
  }
`);

export const DestinationsQuery = graphql(`
  query Destinations($org: String!, $limit: Int, $offset: Int) {
    forwardingDestinations(org: $org, limit: $limit, offset: $offset) {
      total
      items {
        ...DestinationFields
      }
    }
  }
`);

export const CreateDestinationMutation = graphql(`
  mutation CreateDestination($org: String!, $input: CreateForwardingDestinationInput!) {
    createForwardingDestination(org: $org, input: $input) {
      ...DestinationFields
    }
  }
`);

export const UpdateDestinationMutation = graphql(`
  mutation UpdateDestination($org: String!, $destination_id: ID!, $input: UpdateForwardingDestinationInput!) {
    updateForwardingDestination(org: $org, destination_id: $destination_id, input: $input) {
      ...DestinationFields
    }
  }
`);

export const TestDestinationMutation = graphql(`
  mutation TestDestination($org: String!, $destination_id: ID!) {
    testForwardingDestination(org: $org, destination_id: $destination_id) {
      ok
      status_code
      error
      duration_ms
    }
  }
`);

export const RedeliverMutation = graphql(`
  mutation Redeliver($org: String!, $destination_id: ID!, $input: RedeliverInput) {
    redeliverForwardingDestination(org: $org, destination_id: $destination_id, input: $input) {
      requeued
      more
    }
  }
`);

export const DeleteDestinationMutation = graphql(`
  mutation DeleteDestination($org: String!, $destination_id: ID!) {
    deleteForwardingDestination(org: $org, destination_id: $destination_id)
  }
`);
