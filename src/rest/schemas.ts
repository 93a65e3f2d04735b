import { z } from '../lib/zod-openapi';
import { MAX_PAGE_SIZE } from '../services/paging';
import { ARG_DESCRIPTIONS } from '../http/descriptions';

/** The `limit` and `offset` query parameters of a paged REST list, as documented. */
export const pageQueryDocFields = {
  limit: z.number().int().min(1).max(MAX_PAGE_SIZE).optional().openapi({ description: ARG_DESCRIPTIONS.limit }),
  offset: z.number().int().min(0).optional().openapi({ description: ARG_DESCRIPTIONS.offset }),
};

/** The error shape of every REST answer that is not a success (response shapes are in src/services/views.ts). */
export const errorSchema = z
  .object({
    error: z.object({
      code: z.string().openapi({ example: 'validation_failed' }),
      message: z.string(),
      details: z.array(z.object({ field: z.string(), problem: z.string() })).optional(),
    }),
    retry_after: z.number().int().optional().openapi({ description: 'Seconds to wait (429 only)' }),
  })
  .openapi('Error');
