import { z } from '../lib/zod-openapi';

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
