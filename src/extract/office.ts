import { Parser } from 'htmlparser2';
import { BlockBudget, type ParseLimits } from './limits';
import { MetadataLines, propertyLines, xmlText, type XmlTextSpec } from './xml-text';
import { readZip } from './zip';

const set = (...names: string[]) => new Set(names);

/** What a document reader returns: the text, and the metadata lines scanned beside it (never in the masked rendition). */
export interface DocumentText {
  text: string;
  metadata: string;
}

/**
 * Document properties that can name a person or hold any words: OOXML docProps (core, app,
 * custom) and OpenDocument meta.xml. Dates, counts and the generator are left out.
 */
const PROPERTY_PART = /^(docProps\/(core|app|custom)\.xml|meta\.xml)$/;
const PROPERTY_LABELS = new Map([
  ['dc:creator', 'Author'],
  ['meta:initial-creator', 'Author'],
  ['cp:lastModifiedBy', 'Last modified by'],
  ['meta:printed-by', 'Printed by'],
  ['dc:title', 'Title'],
  ['dc:subject', 'Subject'],
  ['cp:keywords', 'Keywords'],
  ['meta:keyword', 'Keywords'],
  ['dc:description', 'Description'],
  ['cp:category', 'Category'],
  ['cp:contentStatus', 'Status'],
  ['Company', 'Company'],
  ['Manager', 'Manager'],
  ['HyperlinkBase', 'Hyperlink base'],
  ['meta:user-defined', 'Property'],
  ['vt:lpwstr', 'Property'],
  ['vt:lpstr', 'Property'],
]);

/** In OpenDocument, dc:creator is who last modified the document (meta:initial-creator wrote it). */
const ODF_PROPERTY_LABELS = new Map([...PROPERTY_LABELS, ['dc:creator', 'Last modified by']]);

/** Readers of the people parts (comment and revision authors), with the part they live in. */
const author = (attr: string, label = 'Comment author') => [[attr, label]] as const;
const REVISION = author('w:author', 'Revision author');
const DOCX_PEOPLE = new Map<string, ReadonlyArray<readonly [string, string]>>([
  ['w:comment', [['w:author', 'Comment author'], ['w:initials', 'Comment author initials']]],
  ...['w:ins', 'w:del', 'w:moveFrom', 'w:moveTo', 'w:rPrChange', 'w:pPrChange', 'w:sectPrChange', 'w:tblPrChange', 'w:trPrChange', 'w:tcPrChange', 'w:numberingChange'].map((n) => [n, REVISION] as [string, typeof REVISION]),
  ['w15:person', author('w15:author', 'Author')],
]);
const PPTX_PEOPLE = new Map<string, ReadonlyArray<readonly [string, string]>>([
  ['p:cmAuthor', [['name', 'Comment author'], ['initials', 'Comment author initials']]],
  ['p188:author', [['name', 'Comment author'], ['initials', 'Comment author initials'], ['userId', 'Comment author id']]],
]);
const XLSX_PERSON = /^xl\/persons\/person\d*\.xml$/;

/** Part order within a document: the number in `slide12.xml` sorts numerically. */
const byNumber = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

/**
 * WordprocessingML: the body and every other part that holds text (headers, footers, footnotes,
 * endnotes, comments). Text boxes sit inside the body; tracked deletions are `w:delText`, field
 * codes `w:instrText`; mc:Fallback repeats a text box's text in VML and is skipped.
 */
const DOCX_PART = /^word\/(document|header\d*|footer\d*|footnotes|endnotes|comments(Extended)?|people)\.xml$/;
const DOCX_SPEC: XmlTextSpec = {
  text: set('w:t', 'w:delText', 'w:instrText'),
  block: set('w:p'),
  tab: set('w:tab'),
  br: set('w:br', 'w:cr'),
  skip: set('mc:Fallback'),
  people: DOCX_PEOPLE,
};

/** PresentationML: slides, then speaker notes, then comments. */
const PPTX_PART = /^ppt\/(slides\/slide|notesSlides\/notesSlide|comments\/comment\w*|commentAuthors|authors)\d*\.xml$/;
const PPTX_SPEC: XmlTextSpec = { text: set('a:t', 'p:text'), block: set('a:p', 'p:cm'), br: set('a:br'), skip: set('mc:Fallback'), people: PPTX_PEOPLE };

/**
 * OpenDocument (text, spreadsheet, presentation): the content and the styles (headers, footers).
 * An annotation's (or a tracked change's) author is metadata; its date is a line of its own.
 */
const ODF_PART = /^(content|styles)\.xml$/;
const ODF_SPEC: XmlTextSpec = {
  peopleText: new Map([['dc:creator', 'Comment or change author']]),
  block: set('text:p', 'text:h', 'table:table-row', 'dc:date'),
  tab: set('text:tab'),
  br: set('text:line-break'),
  space: set('text:s'),
  skip: set('office:font-face-decls', 'office:automatic-styles', 'number:number-style', 'number:date-style', 'number:time-style'),
};

function partsText(buf: Uint8Array, label: string, limits: ParseLimits, part: RegExp, spec: XmlTextSpec): DocumentText {
  const parts = readZip(buf, label, limits, (name) => part.test(name) || PROPERTY_PART.test(name));
  const budget = new BlockBudget(limits);
  const meta = new MetadataLines(budget);
  const text = [...parts.keys()]
    .filter((name) => part.test(name))
    .sort(byNumber)
    .map((name) => xmlText(parts.get(name)!, spec, budget, meta))
    .join('\n');
  return { text, metadata: properties(parts, budget, meta) };
}

/** The metadata lines: the document properties first, then the people met in the parts. */
function properties(parts: Map<string, string>, budget: BlockBudget, people: MetadataLines): string {
  const meta = new MetadataLines(budget);
  for (const name of [...parts.keys()].filter((n) => PROPERTY_PART.test(n)).sort()) propertyLines(parts.get(name)!, name === 'meta.xml' ? ODF_PROPERTY_LABELS : PROPERTY_LABELS, meta);
  return [meta.toString(), people.toString()].filter(Boolean).join('\n');
}

export const docxText = (buf: Uint8Array, limits: ParseLimits) => partsText(buf, 'DOCX', limits, DOCX_PART, DOCX_SPEC);
export const pptxText = (buf: Uint8Array, limits: ParseLimits) => partsText(buf, 'PPTX', limits, PPTX_PART, PPTX_SPEC);
export const odfText = (buf: Uint8Array, limits: ParseLimits) => partsText(buf, 'OpenDocument', limits, ODF_PART, ODF_SPEC);

/** A CSV field, quoted when it holds a separator, a quote or a line break. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

const XLSX_SHEET = /^xl\/worksheets\/sheet\d*\.xml$/;
const XLSX_STRINGS = 'xl/sharedStrings.xml';
/** Cell comments (notes); Excel also writes each threaded comment here, as `[Threaded comment] ...`. */
const XLSX_COMMENTS = /^xl\/comments\d*\.xml$/;

/**
 * SpreadsheetML as CSV: one line per row, one field per cell (shared strings resolved, inline
 * strings and values as written, gaps between cells kept as empty fields), sheets one after
 * another separated by an empty line; then the cell comments, one CSV line each (cell
 * reference, author, text) after an empty line. Cells stay cells: the masked rendition is a CSV.
 */
export function xlsxCsv(buf: Uint8Array, limits: ParseLimits): DocumentText {
  const wanted = (name: string) => XLSX_SHEET.test(name) || name === XLSX_STRINGS || XLSX_COMMENTS.test(name) || XLSX_PERSON.test(name) || PROPERTY_PART.test(name);
  const parts = readZip(buf, 'XLSX', limits, wanted);
  const budget = new BlockBudget(limits);
  const shared: string[] = [];
  const strings = parts.get(XLSX_STRINGS);
  if (strings) readCells(strings, budget, 'si', (value) => shared.push(value));
  const sheets = [...parts.keys()].filter((n) => XLSX_SHEET.test(n)).sort(byNumber);
  const csv = sheets.map((name) => sheetCsv(parts.get(name)!, shared, budget)).join('\n');
  const comments = [...parts.keys()].filter((n) => XLSX_COMMENTS.test(n)).sort(byNumber);
  const lines = comments.flatMap((name) => commentLines(parts.get(name)!, budget));
  // Threaded comments' authors are listed in the persons part.
  const people = new MetadataLines(budget);
  for (const name of [...parts.keys()].filter((n) => XLSX_PERSON.test(n))) xmlText(parts.get(name)!, PERSON_SPEC, budget, people);
  return { text: lines.length ? `${csv}\n${lines.join('\n')}\n` : csv, metadata: properties(parts, budget, people) };
}

const PERSON_SPEC: XmlTextSpec = { text: set(), block: set(), people: new Map([['person', [['displayName', 'Comment author'], ['userId', 'Comment author id']]]]) };

/** `<comment ref="B2" authorId="0"><text><r><t>...</t></r></text></comment>` as `B2,author,text` CSV lines. */
function commentLines(xml: string, budget: BlockBudget): string[] {
  const authors: string[] = [];
  let author: string | null = null;
  new Parser(
    {
      onopentag: (name) => void (name === 'author' && (author = '')),
      ontext: (data) => void (author !== null && (author += data)),
      onclosetag: (name) => {
        if (name === 'author' && author !== null) {
          budget.text(author.length);
          authors.push(author);
          author = null;
        }
      },
    },
    { xmlMode: true, decodeEntities: true },
  ).end(xml);
  const lines: string[] = [];
  readCells(xml, budget, 'comment', (value, attrs) => {
    budget.block();
    lines.push([attrs.ref ?? '', authors[Number(attrs.authorId)] ?? '', value].map(csvField).join(','));
  });
  return lines;
}

/** Column index of a cell reference: `C7` -> 2. */
function column(ref: string | undefined): number | undefined {
  const m = /^([A-Z]{1,3})\d/.exec(ref ?? '');
  if (!m) return undefined;
  let n = 0;
  for (const ch of m[1]) n = n * 26 + ch.charCodeAt(0) - 64;
  return n - 1;
}

/** Streams `<cell>` elements (si or c) and hands each one's text and attributes over; `<rPh>` phonetic runs are skipped. */
function readCells(xml: string, budget: BlockBudget, cell: string, onCell: (value: string, attrs: Record<string, string>) => void, onRow?: () => void): void {
  let value: string | null = null;
  let attrs: Record<string, string> = {};
  let inText = 0;
  let phonetic = 0;
  const parser = new Parser(
    {
      onopentag(name, a) {
        if (name === cell) {
          value = '';
          attrs = a;
        } else if (name === 'v' || name === 't') inText++;
        else if (name === 'rPh') phonetic++;
      },
      ontext(data) {
        if (value === null || inText === 0 || phonetic) return;
        budget.text(data.length);
        value += data;
      },
      onclosetag(name) {
        if (name === 'v' || name === 't') inText--;
        else if (name === 'rPh') phonetic--;
        else if (name === cell && value !== null) {
          onCell(value, attrs);
          value = null;
        } else if (name === 'row' && onRow) onRow();
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.end(xml);
}

function sheetCsv(xml: string, shared: readonly string[], budget: BlockBudget): string {
  const lines: string[] = [];
  let row: string[] = [];
  readCells(
    xml,
    budget,
    'c',
    (value, attrs) => {
      const col = column(attrs.r);
      if (col !== undefined && col > row.length) budget.text(col - row.length);
      while (col !== undefined && row.length < col && row.length < 16_384) row.push('');
      row.push(csvField(attrs.t === 's' ? (shared[Number(value)] ?? '') : value));
    },
    () => {
      budget.block();
      lines.push(row.join(','));
      row = [];
    },
  );
  return lines.join('\n') + '\n';
}
