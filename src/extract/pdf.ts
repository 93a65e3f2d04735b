import { BlockBudget, type ParseLimits, tooComplex, unreadable } from './limits';
import type { DocumentText } from './office';
import { MetadataLines } from './xml-text';

/** The document information dictionary's entries that may name a person or hold a value (each its own label). */
const INFO_KEYS = ['Author', 'Title', 'Subject', 'Keywords', 'Creator'];
/** The same in the XMP metadata stream (pdf.js parses it; a list is joined), with the labels of the entries above. */
const XMP_LABELS: ReadonlyArray<readonly [string, string]> = [
  ['dc:creator', 'Author'],
  ['dc:title', 'Title'],
  ['dc:description', 'Subject'],
  ['dc:subject', 'Keywords'],
  ['pdf:keywords', 'Keywords'],
];

/** What pdf.js reports of a document's metadata. */
interface PdfMetadata {
  info?: Record<string, unknown> & { Custom?: Record<string, unknown> };
  metadata?: { get(name: string): unknown } | null;
}

/** A metadata value as text: strings as they are, lists joined, anything else (dates, numbers, names) skipped. */
const metaText = (v: unknown): string | undefined => (typeof v === 'string' ? v : Array.isArray(v) ? v.filter((x) => typeof x === 'string').join(', ') : undefined);

/** The metadata lines of a PDF: its information dictionary (with custom entries), then its XMP metadata. */
function pdfMetadata(meta: PdfMetadata, budget: BlockBudget): string {
  const lines = new MetadataLines(budget);
  const info = meta.info ?? {};
  for (const key of INFO_KEYS) lines.add(key, metaText(info[key]));
  for (const [key, value] of Object.entries(info.Custom ?? {})) lines.add(`Property ${key}`, metaText(value));
  for (const [key, label] of XMP_LABELS) lines.add(label, metaText(meta.metadata?.get(key)));
  return lines.toString();
}

/** What pdf.js reports for an annotation that may carry text (notes, form fields, link text). */
interface AnnotationText {
  subtype?: string;
  contents?: string;
  contentsObj?: { str?: string };
  fieldValue?: unknown;
  alternativeText?: string;
  title?: string;
  titleObj?: { str?: string };
  overlaidText?: string;
}

/** A glyph of a text-showing operator in pdf.js's operator list; numbers are spacing adjustments. */
type Glyph = number | { unicode?: string } | null;

/**
 * Strings shown by the page's text operators, from pdf.js's operator list. Unlike its text
 * content, the operator list keeps text placed outside the page box (pdf.js filters text content
 * by the page's view box and offers no option to turn that off). A spacing adjustment wider than
 * a fifth of the font size counts as a space.
 */
async function shownStrings(page: { getOperatorList(p: object): Promise<{ fnArray: number[]; argsArray: unknown[][] }> }, showText: number): Promise<string[]> {
  // Annotations are read from their data below; their appearance streams are left out here.
  const ops = await page.getOperatorList({ annotationMode: 0 });
  const out: string[] = [];
  for (let i = 0; i < ops.fnArray.length; i++) {
    if (ops.fnArray[i] !== showText) continue;
    let s = '';
    for (const g of (ops.argsArray[i]?.[0] ?? []) as Glyph[]) {
      if (typeof g === 'number') {
        if (g <= -200) s += ' ';
      } else if (g && typeof g.unicode === 'string') s += g.unicode;
    }
    if (s.trim()) out.push(s);
  }
  return out;
}

const squash = (s: string) => s.replace(/\s+/g, '');

/**
 * The text of a PDF: every text object pdf.js reports on each page, then text shown outside the
 * page box (from the operator list: pdf.js's text content drops it), then each page's
 * annotations (note contents, authors, form-field values, alternative texts); and its metadata
 * (document information and XMP: author, title, subject, keywords, creator, custom entries).
 * Images are never decoded (`maxImageSize: 0`). Refused past `maxPages` before any page is read.
 */
export async function pdfText(buf: Uint8Array, limits: ParseLimits): Promise<DocumentText> {
  const { PDFParse } = await import('pdf-parse');
  const { OPS } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // No image is decoded: a text scan needs none (pdf.js skips an image over `maxImageSize` with a warning).
  const parser = new PDFParse({ data: buf, maxImageSize: 0 });
  try {
    // pdf-parse keeps its pdf.js document private; its loader is reused rather than loading twice.
    const doc = await parser['load']().catch(() => {
      throw unreadable('PDF');
    });
    if (doc.numPages > limits.maxPages) throw tooComplex(`more than ${limits.maxPages} pages`);
    const budget = new BlockBudget(limits);
    const { text, pages } = await parser.getText({ pageJoiner: '' });
    budget.text(text.length);
    const notes: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      // Text shown on the page that its text content left out (placed outside the page box).
      const seen = squash(pages.find((p) => p.num === n)?.text ?? '');
      for (const shown of await shownStrings(page, OPS.showText)) {
        if (seen.includes(squash(shown))) continue;
        budget.block();
        budget.text(shown.length);
        notes.push(shown);
      }
      const annotations = ((await page.getAnnotations()) ?? []) as AnnotationText[];
      for (const a of annotations) {
        // A popup shows its parent note's title and contents again (pdf.js copies them onto it).
        if (a.subtype === 'Popup') continue;
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
    const metadata = pdfMetadata((await doc.getMetadata().catch(() => ({}))) as PdfMetadata, budget);
    return { text: notes.length ? `${text}\n${notes.join('\n')}\n` : text, metadata };
  } catch (e) {
    if (e instanceof Error && e.name === 'DomainError') throw e;
    throw unreadable('PDF');
  } finally {
    await parser.destroy().catch(() => undefined);
  }
}
