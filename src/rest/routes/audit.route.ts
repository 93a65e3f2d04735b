import type { Services } from '../../services';
import type { RouteDef } from '../route';
import { auditPageSchema } from '../../services/views';
import { z } from '../../lib/zod-openapi';
import { pageQueryDocFields } from '../schemas';

const bound = (side: string) =>
  z.string().optional().openapi({
    description:
      `${side} bound, inclusive, UTC: a date (2026-11-01: the whole day) or an ISO 8601 date-time ` +
      '(2026-11-01T10:00:00Z; no offset means UTC). Without from and to, the last 30 days are listed.',
  });

export const auditQueryDocSchema = z.object({
  ...pageQueryDocFields,
  org_id: z.string().optional().openapi({ description: 'Organization id or slug (an organization key may name only its own)' }),
  search: z.string().optional().openapi({
    description: 'Case-insensitive text contained in the preflight id, summary, policy name, decision or destination',
  }),
  from: bound('Lower'),
  to: bound('Upper'),
  decision: z.enum(['ALLOWED', 'ALLOWED_WITH_MASKING', 'BLOCKED']).optional().openapi({ description: 'Only this decision' }),
  destination: z.enum(['AI_TOOL', 'VENDOR', 'CUSTOMER']).optional().openapi({ description: 'Only this destination' }),
});

/** The audit log (docs/api-contract.md#resources). */
export function auditRoutes(s: Services): RouteDef[] {
  return [
    {
      method: 'get', paths: ['/api/audit'], tag: 'Audit', auth: 'bearer', status: 200,
      summary: 'List audit items, newest first (operator: every organization; organization key: its own)',
      description: 'Items carry metadata and finding counts only, never content or detected values. Unknown query parameters are rejected (422).',
      query: auditQueryDocSchema, response: auditPageSchema,
      handle: ({ principal, query }) => s.audit.list(principal, query),
    },
  ];
}
