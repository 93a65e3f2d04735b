import { expect } from 'chai';
import { scan } from '../../../src/detection';
import { extractFile } from '../../../src/extract';
import { makeDocx, makeEml, makeOdt, makePdf, makePptx, makeXlsx } from '../../fixtures/documents';

/** A distinct e-mail address per document part: each must be read and detected. */
const token = (part: string) => `${part}.owner@example.org`;

async function detectedEmails(buf: Buffer, filename: string, mime?: string): Promise<string[]> {
  const { text } = await extractFile(buf, filename, mime);
  return scan(text, { pass: 'full' })
    .filter((f) => f.type === 'EMAIL')
    .map((f) => text.slice(f.start, f.end));
}

describe('file extraction: every text-bearing part', () => {
  it('PDF: page text, note annotations and form-field values', async () => {
    const pdf = makePdf([`Body ${token('body')}`], { note: `Note ${token('note')}`, field: token('field') });
    const found = await detectedEmails(pdf, 'a.pdf');
    expect(found).to.include.members(['body', 'note', 'field'].map(token));
    // The note's popup repeats its text; it is read once.
    expect(found.filter((v) => v === token('note'))).to.have.length(1);
  });

  it('PDF: text placed outside the page box is read, text inside it once', async () => {
    const pdf = makePdf([`Body ${token('body')}`], { outside: `Hidden ${token('outside')}` });
    const found = await detectedEmails(pdf, 'a.pdf');
    expect(found).to.include(token('outside'));
    expect(found.filter((v) => v === token('body'))).to.have.length(1);
  });

  it('PDF: the document information (author, title, subject, keywords, custom entries) is metadata, not text', async () => {
    const pdf = makePdf(['Quarterly figures'], { info: { Author: 'Ana Gil', Title: `Sent by ${token('title')}`, Keywords: token('keywords'), Reviewer: token('custom'), Producer: 'pdfgen' } });
    const { text, metadata } = await extractFile(pdf, 'a.pdf', undefined);
    expect(text).not.to.contain('Ana Gil');
    expect(metadata.split('\n')).to.deep.equal(['Author: Ana Gil', `Title: Sent by ${token('title')}`, `Keywords: ${token('keywords')}`, `Property Reviewer: ${token('custom')}`]);
  });

  it('DOCX: body, header, footer, footnote, endnote, comment, text box (once), tracked insertion and deletion', async () => {
    const parts = ['header', 'footer', 'footnote', 'endnote', 'comment', 'textBox', 'insertion', 'deletion'] as const;
    const docx = await makeDocx([`Body ${token('body')}`], Object.fromEntries(parts.map((p) => [p, `In ${token(p)}`])));
    const found = await detectedEmails(docx, 'a.docx');
    expect(found).to.include.members(['body', ...parts].map(token));
    // The text box's VML fallback repeats its text; it is read once.
    expect(found.filter((v) => v === token('textBox'))).to.have.length(1);
  });

  it('XLSX: shared and numeric cells become CSV fields, cells stay cells', async () => {
    const xlsx = await makeXlsx([
      ['name', 'email', 'card'],
      ['Jo, Jr.', token('cell'), '4365994126491963'],
    ]);
    const { text, maskedFilename, maskedContentType, kind } = await extractFile(xlsx, 'book.xlsx', undefined);
    expect(text).to.equal(`name,email,card\n"Jo, Jr.",${token('cell')},4365994126491963\n`);
    expect({ maskedFilename, kind }).to.deep.equal({ maskedFilename: 'masked.csv', kind: 'xlsx' });
    expect(maskedContentType).to.include('text/csv');
  });

  it('XLSX: cell comments (notes) follow the sheets as CSV lines: cell, author, text', async () => {
    const xlsx = await makeXlsx([['name'], ['Jo']], { ref: 'A2', author: 'Ana Gil', text: `Ask ${token('comment')}, ok` });
    const { text } = await extractFile(xlsx, 'book.xlsx', undefined);
    expect(text).to.equal(`name\nJo\n\nA2,Ana Gil,"Ask ${token('comment')}, ok"\n`);
  });

  it('PPTX: slides and speaker notes', async () => {
    const pptx = await makePptx([`Slide ${token('slide')}`], [`Notes ${token('notes')}`]);
    expect(await detectedEmails(pptx, 'deck.pptx')).to.include.members([token('slide'), token('notes')]);
  });

  it('ODT: body and header', async () => {
    const odt = await makeOdt([`Body ${token('body')}`], `Header ${token('header')}`);
    expect(await detectedEmails(odt, 'a.odt')).to.include.members([token('body'), token('header')]);
  });

  it('EML: headers, subject, plain body, HTML body (entities decoded) and text attachments', async () => {
    const eml = makeEml({
      subject: `About ${token('subject')}`,
      text: `Plain ${token('plain')}`,
      html: `<p>Html html.owner&#64;example.org</p><img alt="${token('alt')}">`,
      attachment: `Attached ${token('attachment')}`,
    });
    const found = await detectedEmails(eml, 'mail.eml');
    expect(found).to.include.members(['subject', 'plain', 'html', 'alt', 'attachment'].map(token));
    expect(found).to.include('sender@example.org');
  });

  it('reads numbers grouped with no-break spaces in a document as grouped numbers', async () => {
    const card = ['4532', '0188', '4712', '6035'];
    const eml = makeEml({ subject: 'Order', text: 'See below', html: `<p>Card ${card.join('&nbsp;')}</p>`, attachment: 'none' });
    const docx = await makeDocx([`Karte ${card.join('\u202f')}`]);
    for (const [buf, name] of [[eml, 'mail.eml'], [docx, 'a.docx']] as const) {
      const { text } = await extractFile(buf, name, undefined);
      expect(scan(text, { pass: 'local' }).map((f) => f.type), name).to.include('CREDIT_CARD');
    }
  });

  it('HTML keeps its format: masked in its source', async () => {
    const html = Buffer.from(`<p>${token('page')}</p>`);
    const { text, keepsFormat, maskedFilename } = await extractFile(html, 'page.htm', 'text/html');
    expect({ text, keepsFormat, maskedFilename }).to.deep.equal({ text: html.toString(), keepsFormat: true, maskedFilename: 'masked.htm' });
  });

  it('refuses a file whose declared format does not parse, without naming its content', async () => {
    const err = await extractFile(Buffer.from('PK\u0003\u0004 not really a zip'), 'a.docx', undefined).catch((e: unknown) => e);
    expect(err).to.include({ code: 'validation_failed' });
  });
});
