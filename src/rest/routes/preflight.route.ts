import type { Services } from '../../services';
import { fileCheckFieldsSchema, textCheckSchema, type AdmitInfo } from '../../services/preflight/preflight.service';
import { DomainError } from '../../errors';
import { checkMeta } from '../../http/request-meta';
import type { RouteDef } from '../route';
import { z } from '../zod-openapi';
import { preflightResultSchema } from '../preflight-schemas';
import { multipartFile } from '../../http/transport';

function rateHeaders(res: { set(h: Record<string, string>): unknown }, admit?: AdmitInfo) {
  if (!admit) return;
  res.set({
    'X-RateLimit-Limit': String(admit.limit),
    'X-RateLimit-Remaining': String(admit.remaining),
    'X-RateLimit-Reset': String(admit.resetAtUnix),
  });
}

/** Preflight checks under /api and /v1. */
export function preflightRoutes(s: Services, maxBytes: number): RouteDef[] {
  const upload = multipartFile(maxBytes);
  return [
    {
      method: 'post', paths: ['/api/preflight/text', '/v1/preflight/text'], tag: 'Preflight', auth: 'service-key', status: 200,
      summary: 'Check text before sending it: decision, findings and masked text',
      description: 'Content-Type must be application/json. masked_content is null when BLOCKED and must be sent instead of the original when ALLOWED_WITH_MASKING.',
      body: textCheckSchema, response: preflightResultSchema,
      handle: async ({ principal, body, req, res }) => {
        if (!req.is('application/json')) throw new DomainError('unsupported_media_type', 'Content-Type must be application/json');
        const { result, admit } = await s.preflight.checkText(principal, body, checkMeta(req));
        rateHeaders(res, admit);
        return result;
      },
    },
    {
      method: 'post', paths: ['/api/preflight', '/v1/preflight'], tag: 'Preflight', auth: 'service-key', status: 200,
      summary: 'Check a file (multipart field `file`): text, CSV, JSON, Markdown, logs, PDF, DOCX',
      description: 'masked_file_url points to a signed, expiring download of the masked file (same format for text formats, a masked text rendition for PDF and DOCX); null when BLOCKED.',
      multipartBody: fileCheckFieldsSchema.extend({ file: z.string().openapi({ format: 'binary' }) }),
      middleware: [upload], response: preflightResultSchema,
      handle: async ({ principal, req, res }) => {
        const file = req.file ? { buffer: req.file.buffer, filename: req.file.originalname, mimetype: req.file.mimetype } : undefined;
        const { result, admit } = await s.preflight.checkFile(principal, file, req.body ?? {}, checkMeta(req));
        rateHeaders(res, admit);
        return result;
      },
    },
    {
      method: 'get', paths: ['/api/preflight/{preflight_id}', '/v1/preflight/{preflight_id}'], tag: 'Preflight',
      auth: 'bearer-or-service-key', status: 200,
      summary: 'Get a preflight result (policy key, or an organization/operator key)',
      description: 'masked_content is returned only while retained (retention_mode FULL, within retention_days); samples only under FULL.',
      response: preflightResultSchema,
      handle: ({ principal, params, req }) => s.preflight.get(principal, params.preflight_id, checkMeta(req)),
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
