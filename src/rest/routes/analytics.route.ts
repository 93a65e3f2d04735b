import type { Services } from '../../services';
import type { RouteDef } from '../route';
import { z } from '../zod-openapi';

const date = z.string().openapi({ format: 'date', example: '2026-11-22' });
const period = z.enum(['7d', '30d', '90d']);

export const analyticsQueryDocSchema = z.object({
  period: period.optional().openapi({ description: 'Whole UTC days ending today; default 30d' }),
});

export const analyticsSchema = z
  .object({
    org_id: z.string(),
    org_name: z.string(),
    period,
    total_checks: z.number().int(),
    bytes_protected: z.number().int().openapi({ description: 'Bytes of checks that were masked or blocked' }),
    allowed: z.number().int(),
    masked: z.number().int(),
    blocked: z.number().int(),
    prevented_exposures: z.number().int().openapi({ description: 'Findings in checks that were masked or blocked' }),
    safe_share_rate: z.number().openapi({ description: 'Percent of checks allowed or masked, one decimal; 0 without checks', example: 97.5 }),
    from_date: date,
    to_date: date,
  })
  .openapi('OrganizationAnalytics');

export const timeSeriesSchema = z
  .object({
    org_id: z.string(),
    period,
    from_date: date,
    to_date: date,
    data: z.array(
      z
        .object({
          date,
          checks_total: z.number().int(),
          allowed: z.number().int(),
          masked: z.number().int(),
          blocked: z.number().int(),
          bytes_processed: z.number().int(),
        })
        .openapi('TimeSeriesPoint'),
    ).openapi({ description: 'One entry per UTC day of the period, oldest first, zero-filled' }),
  })
  .openapi('AnalyticsTimeSeries');

export const detectionBreakdownSchema = z
  .object({
    org_id: z.string(),
    period,
    total_detections: z.number().int(),
    types: z.array(
      z
        .object({
          type: z.string().openapi({ example: 'EMAIL' }),
          label: z.string().openapi({ example: 'E-mail address' }),
          count: z.number().int(),
          percentage: z.number().openapi({ description: 'Share of all detections, percent, one decimal' }),
        })
        .openapi('DetectionType'),
    ),
    from_date: date,
    to_date: date,
  })
  .openapi('DetectionBreakdown');

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
      response: z.object({ org_id: z.string(), month: z.string().openapi({ example: '2026-11' }), checks: z.number().int() }).openapi('MonthlyChecks'),
      handle: ({ principal, params }) => s.analytics.monthToDate(principal, params.org),
    },
  ];
}
