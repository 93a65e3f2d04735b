import { expect } from 'chai';
import * as fs from 'fs';
import * as path from 'path';
import { scan } from '../../../src/detection';
import { extractFile } from '../../../src/extract';

/**
 * Documents written by LibreOffice (test/fixtures/libreoffice, rebuilt by its make.sh), beside the
 * hand-built ones of formats.spec.ts: a real producer's parts, relationships, popups and
 * fallbacks, so the extractors are not only checked against our own reading of the formats.
 * Each part of a source holds one e-mail address named after the part.
 */
function fixture(name: string): Buffer {
  let dir = __dirname;
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return fs.readFileSync(path.join(dir, 'test', 'fixtures', 'libreoffice', name));
}

const address = (part: string) => `${part}.kowal@kowalnet.pl`;

async function read(name: string) {
  const { text } = await extractFile(fixture(name), name, undefined);
  const findings = scan(text, { pass: 'full' });
  return { text, findings, emails: findings.filter((f) => f.type === 'EMAIL').map((f) => text.slice(f.start, f.end)) };
}

describe('file extraction: documents made by LibreOffice', () => {
  const MEMO_PARTS = ['body', 'hdr', 'ftr', 'fn', 'en', 'cmt', 'box', 'ins', 'del'];
  for (const name of ['memo.docx', 'memo.odt', 'memo.pdf']) {
    it(`${name}: body, header, footer, footnote, endnote, comment, text box, tracked insertion and deletion, each once`, async () => {
      const { emails, findings } = await read(name);
      expect([...emails].sort()).to.deep.equal(MEMO_PARTS.map(address).sort());
      expect(findings.map((f) => f.type)).to.include.members(['IBAN', 'PERSON']);
    });
  }

  it('sheet.xlsx: cells stay cells, the cell comment follows as cell, author, text', async () => {
    const { text, findings } = await read('sheet.xlsx');
    expect(text).to.equal(`name,card,email\nJo,4532018847126035,${address('cell')}\n\nC2,Ana,Old address ${address('cellnote')}\n`);
    expect(findings.map((f) => f.type)).to.include.members(['CREDIT_CARD', 'EMAIL']);
  });

  it('sheet.ods: cells, and the comment with its author on a line of its own', async () => {
    const { text, emails, findings } = await read('sheet.ods');
    expect(emails.sort()).to.deep.equal([address('cell'), address('cellnote')]);
    expect(findings.map((f) => f.type)).to.include('CREDIT_CARD');
    expect(text.split('\n')).to.include('Ana');
  });

  for (const name of ['deck.pptx', 'deck.odp']) {
    it(`${name}: slide text and speaker notes`, async () => {
      expect((await read(name)).emails.sort()).to.deep.equal([address('notes'), address('slide')]);
    });
  }
});
