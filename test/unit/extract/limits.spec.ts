import { expect } from 'chai';
import { extractFile } from '../../../src/extract';
import { DEFAULT_PARSE_LIMITS, type ParseLimits } from '../../../src/extract/limits';
import { makeDocx, makePdf, makeXlsx, makeZip } from '../../fixtures/documents';

const limits = (over: Partial<ParseLimits>): ParseLimits => ({ ...DEFAULT_PARSE_LIMITS, ...over });
const refusal = (p: Promise<unknown>) => p.then(() => expect.fail('should have been refused'), (e: { code: string; details: { problem: string }[] }) => e);

describe('file extraction limits', () => {
  it('refuses a DOCX past the paragraph limit, even when its ratio is allowed', async () => {
    const docx = await makeDocx([], { bodyXml: '<w:p/>'.repeat(5000) });
    const e = await refusal(extractFile(docx, 'a.docx', undefined, limits({ maxParagraphs: 1000, maxZipRatio: 1e9 })));
    expect(e.code).to.equal('file_too_complex');
    expect(e.details[0].problem).to.match(/more than 1000 paragraphs/);
  });

  it('refuses a spreadsheet past the row limit', async () => {
    const xlsx = await makeXlsx(Array.from({ length: 50 }, (_, i) => [String(i)]));
    const e = await refusal(extractFile(xlsx, 'a.xlsx', undefined, limits({ maxParagraphs: 10 })));
    expect(e.code).to.equal('file_too_complex');
  });

  it('refuses a PDF past the page limit before reading any page', async () => {
    const e = await refusal(extractFile(makePdf(['x'], { pages: 20 }), 'a.pdf', undefined, limits({ maxPages: 10 })));
    expect(e.details[0].problem).to.match(/more than 10 pages/);
  });

  it('refuses a container with too many entries, too many declared bytes or an extreme ratio', async () => {
    const many = await makeZip(Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`word/header${i}.xml`, '<w:hdr/>'])));
    expect((await refusal(extractFile(many, 'a.docx', undefined, limits({ maxZipEntries: 20 })))).details[0].problem).to.match(/zip entries/);
    const big = await makeZip({ 'word/document.xml': Buffer.alloc(2 * 1024 * 1024, 0x20) });
    expect((await refusal(extractFile(big, 'a.docx', undefined, limits({ maxUnzippedBytes: 1024 * 1024, maxZipRatio: 1e9 })))).details[0].problem).to.match(/decompressed/);
    expect((await refusal(extractFile(big, 'a.docx', undefined))).details[0].problem).to.match(/decompresses more than 200 times/);
  });
});
