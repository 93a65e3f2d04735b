import { DomainError } from '../errors';

/** Bounds on the work one submitted file may cause while it is read (README: "File formats"). */
export interface ParseLimits {
  /** Pages of a PDF. */
  maxPages: number;
  /** Paragraphs, rows, slides' text blocks and lines of a document, all parts together. */
  maxParagraphs: number;
  /** Bytes inflated from a zip container (DOCX, XLSX, PPTX, ODF), all entries together; also caps extracted text. */
  maxUnzippedBytes: number;
  /** Entries in a zip container's directory. */
  maxZipEntries: number;
  /** Inflated size over compressed size, for any entry inflating to more than 1 MB. */
  maxZipRatio: number;
}

export const DEFAULT_PARSE_LIMITS: ParseLimits = {
  maxPages: 2000,
  maxParagraphs: 200_000,
  maxUnzippedBytes: 100 * 1024 * 1024,
  maxZipEntries: 5000,
  maxZipRatio: 200,
};

/** The one refusal for a file whose reading would cost more than the limits allow (never names content). */
export function tooComplex(problem: string): DomainError {
  return new DomainError('file_too_complex', 'The file is too complex to read within the configured limits', [{ field: 'file', problem }]);
}

/** A file that does not parse as its format says (never names content). */
export function unreadable(label: string): DomainError {
  return new DomainError('validation_failed', `The ${label} file could not be read`, [{ field: 'file', problem: `unreadable ${label}` }]);
}

/** Counts text blocks (paragraphs, rows) across every part of one document, refusing past the limit. */
export class BlockBudget {
  private blocks = 0;
  private chars = 0;
  constructor(private readonly limits: ParseLimits) {}

  block(): void {
    if (++this.blocks > this.limits.maxParagraphs) throw tooComplex(`more than ${this.limits.maxParagraphs} paragraphs or rows`);
  }

  text(n: number): void {
    this.chars += n;
    if (this.chars > this.limits.maxUnzippedBytes) throw tooComplex(`more than ${this.limits.maxUnzippedBytes} characters of text`);
  }
}
