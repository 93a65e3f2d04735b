import type { ServerResponse } from 'node:http';
import type { Services } from '../../services';
import { fileCheckFieldsSchema, textCheckSchema, type AdmitInfo } from '../../services/preflight/preflight.service';
import { DomainError } from '../../errors';
import { checkMeta } from '../../http/request-meta';
import type { RouteDef } from '../route';
import { z } from '../../lib/zod-openapi';
import { ingestResultSchema, preflightResultSchema } from '../../services/views';
import { checkJsonBody, multipartFile } from '../../http/transport';
import { clientDecisionBatchSchema } from '../../services/preflight/client-decisions.service';
import { MAX_CLIENT_DECISIONS } from '../../policy/client-decision';

function rateHeaders(res: ServerResponse, admit: AdmitInfo) {
  res.setHeader('X-RateLimit-Limit', String(admit.limit));
  res.setHeader('X-RateLimit-Remaining', String(admit.remaining));
  res.setHeader('X-RateLimit-Reset', String(admit.resetAtUnix));
}

/** Preflight checks under /api and /v1. */
export function preflightRoutes(s: Services, maxBytes: number): RouteDef[] {
  const upload = multipartFile(maxBytes);
  const json = checkJsonBody(maxBytes);
  return [
    {
      method: 'post', paths: ['/api/preflight/text', '/v1/preflight/text'], tag: 'Preflight', auth: 'service-key', status: 200,
      admitFirst: true, middleware: [json],
      summary: 'Check text before sending it: decision, findings and masked text',
      description: 'Content-Type must be application/json. masked_content is null when BLOCKED and must be sent instead of the original when ALLOWED_WITH_MASKING.',
      body: textCheckSchema, response: preflightResultSchema,
      handle: async ({ admitted, body, req, res }) => {
        // The JSON parser reads a body only when it is sent as application/json (req.is's rule).
        if (body === undefined) throw new DomainError('unsupported_media_type', 'Content-Type must be application/json');
        const { result, admit } = await s.preflight.checkText(admitted, body, checkMeta(req));
        rateHeaders(res, admit);
        return result;
      },
    },
    {
      method: 'post', paths: ['/api/preflight', '/v1/preflight'], tag: 'Preflight', auth: 'service-key', status: 200,
      summary: 'Check a file (multipart field `file`): text, CSV, JSON, Markdown, logs, HTML, PDF, DOCX, XLSX, PPTX, ODT/ODS/ODP, EML',
      description: 'masked_file_url points to a signed, expiring download of the masked file (same format for text formats, CSV for XLSX, a masked text rendition for the other documents; always a generic file name); null when BLOCKED. The file name is scanned like the content. 422 file_too_complex when the file exceeds the parse limits; 503 service_busy (with Retry-After) when the scanning pool is full.',
      multipartBody: fileCheckFieldsSchema.extend({ file: z.string().openapi({ format: 'binary' }) }),
      admitFirst: true, middleware: [upload], response: preflightResultSchema,
      handle: async ({ admitted, req, res }) => {
        const file = req.file ? { buffer: req.file.buffer, filename: req.file.originalname, mimetype: req.file.mimetype } : undefined;
        const { result, admit } = await s.preflight.checkFile(admitted, file, req.body ?? {}, checkMeta(req));
        rateHeaders(res, admit);
        return result;
      },
    },
    {
      method: 'post', paths: ['/api/preflight/events', '/v1/preflight/events'], tag: 'Preflight', auth: 'service-key', status: 200,
      summary: `Record up to ${MAX_CLIENT_DECISIONS} decisions made by a client library (counts only; idempotent on preflight_id)`,
      description: 'Each decision is recorded as a preflight record, counted against the monthly allowance and forwarded like any check. A 429 stops the batch after the decisions already recorded: send it again later.',
      body: clientDecisionBatchSchema, response: ingestResultSchema,
      handle: ({ principal, body }) => s.clientDecisions.ingest(principal, body),
    },
    {
      method: 'get', paths: ['/api/preflight/{preflight_id}', '/v1/preflight/{preflight_id}'], tag: 'Preflight',
      auth: 'bearer-or-service-key', status: 200,
      summary: 'Get a preflight result (policy key, or an organization/operator key)',
      description: 'masked_content is returned only while retained (retention_mode FULL, within retention_days); samples only under FULL.',
      response: preflightResultSchema,
      handle: ({ principal, params }) => s.preflight.get(principal, params.preflight_id),
    },
    {
      method: 'get', paths: ['/api/preflight/{preflight_id}/masked-file', '/v1/preflight/{preflight_id}/masked-file'], tag: 'Preflight',
      auth: 'none', status: 200, raw: true,
      summary: 'Download a masked file through its signed, expiring masked_file_url',
      query: z.object({ token: z.string() }),
      rawResponse: { description: 'The masked file', content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } } },
      handle: async ({ params, query, res }) => {
        const file = await s.preflight.maskedFile(params.preflight_id, query.token);
        res
          .status(200)
          .set({ 'Content-Type': file.contentType, 'Cache-Control': 'no-store' })
          .attachment(file.filename)
          .send(file.content);
      },
    },
  ];
}
