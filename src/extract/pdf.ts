import { BlockBudget, type ParseLimits, tooComplex, unreadable } from './limits';

/** What pdf.js reports for an annotation that may carry text (notes, form fields, link text). */
interface AnnotationText {
  contents?: string;
  contentsObj?: { str?: string };
  fieldValue?: unknown;
  alternativeText?: string;
  title?: string;
  titleObj?: { str?: string };
  overlaidText?: string;
}

/**
 * The text of a PDF: every text object pdf.js reports on each page, then each page's annotations
 * (note contents, authors, form-field values, alternative texts). Refused past `maxPages` before
 * any page is read. pdf.js leaves out text placed entirely outside the page box (README.md,
 * "File formats").
 */
export async function pdfText(buf: Uint8Array, limits: ParseLimits): Promise<string> {
  const { PDFParse } = await import('pdf-parse');
  const parser = new PDFParse({ data: buf });
  try {
    // pdf-parse keeps its pdf.js document private; its loader is reused rather than loading twice.
    const doc = await parser['load']().catch(() => {
      throw unreadable('PDF');
    });
    if (doc.numPages > limits.maxPages) throw tooComplex(`more than ${limits.maxPages} pages`);
    const budget = new BlockBudget(limits);
    const { text } = await parser.getText({ pageJoiner: '' });
    budget.text(text.length);
    const notes: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const annotations = ((await page.getAnnotations()) ?? []) as AnnotationText[];
      for (const a of annotations) {
        const values = [a.title ?? a.titleObj?.str, a.contents ?? a.contentsObj?.str, a.alternativeText, a.overlaidText];
        if (typeof a.fieldValue === 'string') values.push(a.fieldValue);
        else if (Array.isArray(a.fieldValue)) values.push(...a.fieldValue.filter((v): v is string => typeof v === 'string'));
        for (const v of values) {
          if (!v) continue;
          budget.block();
          budget.text(v.length);
          notes.push(v);
        }
      }
      page.cleanup();
    }
    return notes.length ? `${text}\n${notes.join('\n')}\n` : text;
  } catch (e) {
    if (e instanceof Error && e.name === 'DomainError') throw e;
    throw unreadable('PDF');
  } finally {
    await parser.destroy().catch(() => undefined);
  }
}
