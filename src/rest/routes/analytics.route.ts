import type { Services } from '../../services';
import type { RouteDef } from '../route';
import { analyticsSchema, detectionBreakdownSchema, monthlyChecksSchema, timeSeriesSchema } from '../../services/views';
import { z } from '../../lib/zod-openapi';

const period = z.enum(['7d', '30d', '90d']);

export const analyticsQueryDocSchema = z.object({
  period: period.optional().openapi({ description: 'Whole UTC days ending today; default 30d' }),
});

const ORG = '/api/orgs/{org}/analytics';

/** Organization analytics, daily time series and detection breakdown (docs/api-contract.md#rest-paths). */
export function analyticsRoutes(s: Services): RouteDef[] {
  return [
    {
      method: 'get', paths: [ORG], tag: 'Analytics', auth: 'bearer', status: 200,
      summary: 'Organization analytics for 7d, 30d or 90d', query: analyticsQueryDocSchema, response: analyticsSchema,
      handle: ({ principal, params, query }) => s.analytics.organization(principal, params.org, query),
    },
    {
      method: 'get', paths: [`${ORG}/timeseries`], tag: 'Analytics', auth: 'bearer', status: 200,
      summary: 'Checks per UTC day of the period, zero-filled', query: analyticsQueryDocSchema, response: timeSeriesSchema,
      handle: ({ principal, params, query }) => s.analytics.timeSeries(principal, params.org, query),
    },
    {
      method: 'get', paths: [`${ORG}/detections`], tag: 'Analytics', auth: 'bearer', status: 200,
      summary: 'Detections per finding type in the period', query: analyticsQueryDocSchema, response: detectionBreakdownSchema,
      handle: ({ principal, params, query }) => s.analytics.detections(principal, params.org, query),
    },
    {
      method: 'get', paths: [`${ORG}/month`], tag: 'Analytics', auth: 'bearer', status: 200,
      summary: 'Checks this UTC month (what the monthly allowance counts)',
      response: monthlyChecksSchema,
      handle: ({ principal, params }) => s.analytics.monthToDate(principal, params.org),
    },
  ];
}
