import path from 'node:path';
import { DomainError } from '../../errors';

/** How a submitted file is read and how its masked version is returned. */
export interface ExtractedFile {
  /** The text that is scanned. */
  text: string;
  /** Text formats are masked in place and keep their format; others get a masked .txt rendition. */
  keepsFormat: boolean;
  /** Content type and file name of the masked file. */
  maskedContentType: string;
  maskedFilename: string;
  /** Short label for records and events: text, csv, json, markdown, log, pdf, docx. */
  kind: string;
}

const TEXT_FORMATS: Record<string, { kind: string; type: string }> = {
  '.txt': { kind: 'text', type: 'text/plain' },
  '.text': { kind: 'text', type: 'text/plain' },
  '.csv': { kind: 'csv', type: 'text/csv' },
  '.tsv': { kind: 'csv', type: 'text/tab-separated-values' },
  '.json': { kind: 'json', type: 'application/json' },
  '.jsonl': { kind: 'json', type: 'application/x-ndjson' },
  '.ndjson': { kind: 'json', type: 'application/x-ndjson' },
  '.md': { kind: 'markdown', type: 'text/markdown' },
  '.markdown': { kind: 'markdown', type: 'text/markdown' },
  '.log': { kind: 'log', type: 'text/plain' },
  '.xml': { kind: 'text', type: 'application/xml' },
  '.yaml': { kind: 'text', type: 'application/yaml' },
  '.yml': { kind: 'text', type: 'application/yaml' },
  '.html': { kind: 'text', type: 'text/html' },
  '.eml': { kind: 'text', type: 'message/rfc822' },
};

const TEXT_MIME = /^(text\/|application\/(json|x-ndjson|xml|yaml|x-yaml)$)/;
const PDF_MIME = 'application/pdf';
const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

function unsupported(): DomainError {
  return new DomainError(
    'unsupported_media_type',
    'Unsupported file type: send plain text, CSV, JSON, Markdown, logs, PDF or DOCX',
  );
}

/** Strict UTF-8 decoding: binary content is refused rather than scanned as noise. */
function decodeText(buf: Buffer): string {
  if (buf.includes(0)) throw unsupported();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buf).replace(/^\uFEFF/, '');
  } catch {
    throw unsupported();
  }
}

const baseName = (name: string) => path.basename(name, path.extname(name)).replace(/[^\w.-]+/g, '_').slice(0, 100) || 'file';

/** Reads the text of a submitted file by its extension, content type and magic bytes. */
export async function extractFile(buf: Buffer, filename: string, mimetype: string | undefined): Promise<ExtractedFile> {
  const ext = path.extname(filename || '').toLowerCase();
  const mime = (mimetype ?? '').split(';')[0].trim().toLowerCase();
  const isPdf = buf.subarray(0, 5).toString('latin1') === '%PDF-';
  const isZip = buf.subarray(0, 4).toString('latin1') === 'PK\u0003\u0004';

  if (isPdf && (ext === '.pdf' || mime === PDF_MIME || !ext)) {
    const { PDFParse } = await import('pdf-parse');
    const parser = new PDFParse({ data: new Uint8Array(buf) });
    try {
      const result = await parser.getText();
      return { text: result.text, keepsFormat: false, maskedContentType: 'text/plain; charset=utf-8', maskedFilename: `${baseName(filename)}.masked.txt`, kind: 'pdf' };
    } catch {
      throw new DomainError('validation_failed', 'The PDF could not be read', [{ field: 'file', problem: 'unreadable PDF' }]);
    } finally {
      await parser.destroy().catch(() => undefined);
    }
  }
  if (isZip && (ext === '.docx' || mime === DOCX_MIME)) {
    const mammoth = await import('mammoth');
    try {
      const { value } = await mammoth.extractRawText({ buffer: buf });
      return { text: value, keepsFormat: false, maskedContentType: 'text/plain; charset=utf-8', maskedFilename: `${baseName(filename)}.masked.txt`, kind: 'docx' };
    } catch {
      throw new DomainError('validation_failed', 'The DOCX file could not be read', [{ field: 'file', problem: 'unreadable DOCX' }]);
    }
  }
  const known = TEXT_FORMATS[ext];
  if (known || (!ext && TEXT_MIME.test(mime)) || (TEXT_MIME.test(mime) && !isPdf && !isZip)) {
    const fmt = known ?? { kind: 'text', type: mime || 'text/plain' };
    return {
      text: decodeText(buf),
      keepsFormat: true,
      maskedContentType: `${fmt.type}; charset=utf-8`,
      maskedFilename: `${baseName(filename)}.masked${ext || '.txt'}`,
      kind: fmt.kind,
    };
  }
  throw unsupported();
}
