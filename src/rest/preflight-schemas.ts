import { z } from './zod-openapi';

export const detectedSchema = z
  .object({
    type: z.string().openapi({ example: 'EMAIL' }),
    count: z.number().int(),
    sample: z.string().nullable().openapi({ example: 'j***@example.com', description: 'Null for secrets, and for PHI when blocked' }),
  })
  .openapi('Detected');

export const maskSpanSchema = z
  .object({
    type: z.string().openapi({ example: 'EMAIL' }),
    start: z.number().int(),
    end: z.number().int(),
    token: z.string().openapi({ example: '[EMAIL_1]' }),
  })
  .openapi('MaskSpan');

export const preflightResultSchema = z
  .object({
    preflight_id: z.string().openapi({ example: 'pf_3c1d0e9a8b7c6d5e4f3a2b1c' }),
    decision: z.enum(['ALLOWED', 'ALLOWED_WITH_MASKING', 'BLOCKED']),
    summary: z.string(),
    detected: z.array(detectedSchema),
    masked_content: z.string().nullable().optional().openapi({ description: 'Text checks only; null when BLOCKED' }),
    spans: z.array(maskSpanSchema).optional().openapi({ description: 'Text checks with include_spans: offsets into the submitted text and mask tokens, never values' }),
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

export const ingestResultSchema = z
  .object({
    recorded: z.number().int().openapi({ description: 'Decisions recorded by this request' }),
    duplicates: z.number().int().openapi({ description: 'Decisions already recorded (same preflight_id)' }),
  })
  .openapi('ClientDecisionsResult');
