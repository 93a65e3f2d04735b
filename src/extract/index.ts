import path from 'node:path';
import { DomainError } from '../errors';
import { emlText } from './eml';
import { DEFAULT_PARSE_LIMITS, type ParseLimits } from './limits';
import { docxText, odfText, pptxText, xlsxCsv, type DocumentText } from './office';
import { pdfText } from './pdf';

export { DEFAULT_PARSE_LIMITS, type ParseLimits } from './limits';

/** How a submitted file is read and how its masked version is returned. */
export interface ExtractedFile {
  /** The text that is scanned. */
  text: string;
  /**
   * A document's metadata as `Label: value` lines (properties such as author, title, company;
   * comment and revision authors): scanned and counted in the decision like the file name, and
   * never written to the masked rendition. Empty for formats without any.
   */
  metadata: string;
  /** Text formats are masked in place and keep their format; others get a masked rendition. */
  keepsFormat: boolean;
  /** Content type and file name of the masked file (generic: the submitted name is never reused). */
  maskedContentType: string;
  maskedFilename: string;
  /** Short label for records and events: text, csv, json, markdown, log, html, pdf, docx, xlsx, pptx, odf, eml. */
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
  // HTML is masked in its source, so the masked file is still the page.
  '.html': { kind: 'html', type: 'text/html' },
  '.htm': { kind: 'html', type: 'text/html' },
  '.xhtml': { kind: 'html', type: 'application/xhtml+xml' },
};

type Reader = (buf: Uint8Array, limits: ParseLimits) => string | DocumentText | Promise<string | DocumentText>;

/** Formats read by a parser; `container` is the magic they must start with. */
const DOCUMENT_FORMATS: Array<{ kind: string; exts: string[]; mimes: string[]; container: 'pdf' | 'zip' | 'mime'; read: Reader; csv?: boolean }> = [
  { kind: 'pdf', exts: ['.pdf'], mimes: ['application/pdf'], container: 'pdf', read: pdfText },
  {
    kind: 'docx',
    exts: ['.docx', '.docm', '.dotx'],
    mimes: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    container: 'zip',
    read: docxText,
  },
  {
    kind: 'xlsx',
    exts: ['.xlsx', '.xlsm'],
    mimes: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    container: 'zip',
    read: xlsxCsv,
    csv: true,
  },
  {
    kind: 'pptx',
    exts: ['.pptx', '.pptm'],
    mimes: ['application/vnd.openxmlformats-officedocument.presentationml.presentation'],
    container: 'zip',
    read: pptxText,
  },
  {
    kind: 'odf',
    exts: ['.odt', '.ods', '.odp'],
    mimes: ['application/vnd.oasis.opendocument.text', 'application/vnd.oasis.opendocument.spreadsheet', 'application/vnd.oasis.opendocument.presentation'],
    container: 'zip',
    read: odfText,
  },
  { kind: 'eml', exts: ['.eml'], mimes: ['message/rfc822'], container: 'mime', read: emlText },
];

const TEXT_MIME = /^(text\/|application\/(json|x-ndjson|xml|yaml|x-yaml)$)/;

function unsupported(): DomainError {
  return new DomainError(
    'unsupported_media_type',
    'Unsupported file type: send plain text, CSV, JSON, Markdown, logs, HTML, PDF, DOCX, XLSX, PPTX, ODT/ODS/ODP or EML',
  );
}

/** Strict UTF-8 decoding: binary content is refused rather than scanned as noise. */
function decodeText(buf: Uint8Array): string {
  if (buf.includes(0)) throw unsupported();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buf).replace(/^\uFEFF/, '');
  } catch {
    throw unsupported();
  }
}

/**
 * Reads the text of a submitted file by its extension, content type and magic bytes, within
 * `limits`. CPU-heavy: the server runs it in a worker thread (src/scanner/pool.ts) with a time budget.
 */
export async function extractFile(buf: Uint8Array, filename: string, mimetype: string | undefined, limits: ParseLimits = DEFAULT_PARSE_LIMITS): Promise<ExtractedFile> {
  const ext = path.extname(filename || '').toLowerCase();
  const mime = (mimetype ?? '').split(';')[0].trim().toLowerCase();
  const head = Buffer.from(buf.subarray(0, 5)).toString('latin1');
  const magic = head === '%PDF-' ? 'pdf' : head.startsWith('PK\u0003\u0004') ? 'zip' : 'mime';

  const doc = DOCUMENT_FORMATS.find((f) => (f.exts.includes(ext) || f.mimes.includes(mime) || (!ext && f.container === magic && magic === 'pdf')) && (f.container === 'mime' || f.container === magic));
  if (doc) {
    // The rendition is plain text: no-break spaces (HTML's &nbsp;, a word processor's number
    // grouping) become spaces, so a number grouped with them reads as it was typed.
    const read = await doc.read(buf, limits);
    const plain = (s: string) => s.replace(/[\u00a0\u2007\u202f]/g, ' ');
    const text = plain(typeof read === 'string' ? read : read.text);
    const metadata = typeof read === 'string' ? '' : plain(read.metadata);
    return doc.csv
      ? { text, metadata, keepsFormat: false, maskedContentType: 'text/csv; charset=utf-8', maskedFilename: 'masked.csv', kind: doc.kind }
      : { text, metadata, keepsFormat: false, maskedContentType: 'text/plain; charset=utf-8', maskedFilename: 'masked.txt', kind: doc.kind };
  }
  const known = TEXT_FORMATS[ext];
  if (magic === 'mime' && (known || (!ext && TEXT_MIME.test(mime)) || TEXT_MIME.test(mime))) {
    const fmt = known ?? { kind: 'text', type: mime || 'text/plain' };
    return {
      text: decodeText(buf),
      metadata: '',
      keepsFormat: true,
      maskedContentType: `${fmt.type}; charset=utf-8`,
      maskedFilename: `masked${known ? ext : '.txt'}`,
      kind: fmt.kind,
    };
  }
  throw unsupported();
}
