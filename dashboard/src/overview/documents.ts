import { graphql } from '../gql';

export const OverviewQuery = graphql(`
  query Overview($org: String!, $period: AnalyticsPeriod) {
    organizationAnalytics(org: $org, period: $period) {
      org_name
      period
      total_checks
      allowed
      masked
      blocked
      safe_share_rate
      bytes_protected
      prevented_exposures
      from_date
      to_date
    }
    analyticsTimeSeries(org: $org, period: $period) {
      data {
        date
        allowed
        masked
        blocked
      }
    }
    detectionBreakdown(org: $org, period: $period) {
      total_detections
      types {
        type
        label
        count
        percentage
      }
    }
  }
`);
