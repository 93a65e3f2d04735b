import { graphql } from '../gql';

export const AuditLogQuery = graphql(`
  query AuditLog(
    $limit: Int
    $offset: Int
    $org: String
    $search: String
    $from: String
    $to: String
    $decision: Decision
    $destination: Destination
  ) {
    auditLog(
      limit: $limit
      offset: $offset
      org: $org
      search: $search
      from: $from
      to: $to
      decision: $decision
      destination: $destination
    ) {
      total
      limit
      offset
      items {
        preflight_id
        created_at
        destination
        decision
        summary
        policy_id
        policy_name
        policy_version
        org_id
        org_name
        source_type
        input_type
        input_size_bytes
        findings_total
        finding_counts
      }
    }
  }
`);

export const AuditOrgsQuery = graphql(`
  query AuditOrgs($limit: Int) {
    organizations(limit: $limit) {
      items {
        org_id
        name
      }
    }
  }
`);
