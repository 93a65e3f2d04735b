import { z } from './zod-openapi';

export const detectedSchema = z
  .object({
    type: z.string().openapi({ example: 'EMAIL' }),
    count: z.number().int(),
    sample: z.string().nullable().openapi({ example: 'j***@example.com', description: 'Null for secrets, and for PHI when blocked' }),
  })
  .openapi('Detected');

export const preflightResultSchema = z
  .object({
    preflight_id: z.string().openapi({ example: 'pf_3c1d0e9a8b7c6d5e4f3a2b1c' }),
    decision: z.enum(['ALLOWED', 'ALLOWED_WITH_MASKING', 'BLOCKED']),
    summary: z.string(),
    detected: z.array(detectedSchema),
    masked_content: z.string().nullable().optional().openapi({ description: 'Text checks only; null when BLOCKED' }),
    masked_file_url: z.string().nullable().optional().openapi({ description: 'File checks only; null when BLOCKED' }),
    policy_version: z.string(),
    policy_id: z.string(),
    org_id: z.string(),
    destination: z.enum(['AI_TOOL', 'VENDOR', 'CUSTOMER']),
    source_type: z.string(),
    input_type: z.enum(['text', 'file']),
    created_at: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('PreflightResult');
