import { expect } from 'chai';
import * as fs from 'fs';
import * as path from 'path';
import { strToU8, unzipSync, zipSync } from 'fflate';
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

  it('sheet.ods: cells, and the comment whose author is metadata', async () => {
    const { text, emails, findings } = await read('sheet.ods');
    expect(emails.sort()).to.deep.equal([address('cell'), address('cellnote')]);
    expect(findings.map((f) => f.type)).to.include('CREDIT_CARD');
    expect(text.split('\n')).not.to.include('Ana');
    expect((await extractFile(fixture('sheet.ods'), 'sheet.ods', undefined)).metadata).to.equal('Comment or change author: Ana');
  });

  it('form.pdf: the values of its form text fields, beside the body', async () => {
    const { text, findings, emails } = await read('form.pdf');
    expect(emails.sort()).to.deep.equal([address('area'), address('body'), address('field')]);
    const iban = findings.find((f) => f.type === 'IBAN');
    expect(iban && text.slice(iban.start, iban.end).replace(/ /g, '')).to.match(/^PL17\d{24}$/);
    expect(findings.map((f) => f.type)).to.include('PERSON');
  });

  for (const name of ['deck.pptx', 'deck.odp']) {
    it(`${name}: slide text and speaker notes`, async () => {
      expect((await read(name)).emails.sort()).to.deep.equal([address('notes'), address('slide')]);
    });
  }

  describe('document metadata', () => {
    // props.fodt: every property names someone or holds a value; the body and comment text hold nothing personal.
    const PEOPLE = ['Henrike Vossberg', 'Tobiah Quenneville', 'Rosalind Achterberg', 'Wendelin Osterhagen'];
    const typesIn = (metadata: string) => new Set(scan(metadata, { pass: 'full' }).map((f) => f.type));
    const personsIn = (metadata: string) => scan(metadata, { pass: 'full' }).filter((f) => f.type === 'PERSON').map((f) => metadata.slice(f.start, f.end));

    for (const [name, lines] of [
      ['props.docx', ['Author: ', 'Last modified by: ', 'Title: ', 'Subject: ', 'Keywords: ', 'Description: ', 'Company: ', 'Manager: ', 'Comment author: ']],
      ['props.odt', ['Author: ', 'Last modified by: ', 'Title: ', 'Subject: ', 'Keywords: ', 'Description: ', 'Property Company: ', 'Property Manager: ', 'Comment or change author: ']],
    ] as const) {
      it(`${name}: properties and comment authors are read as metadata lines, apart from the text`, async () => {
        const { text, metadata } = await extractFile(fixture(name), name, undefined);
        for (const label of lines) expect(metadata.split('\n').some((l) => l.startsWith(label)), label).to.equal(true);
        expect(personsIn(metadata)).to.include.members(PEOPLE.slice(0, 3));
        expect([...typesIn(metadata)]).to.include.members(['PERSON', 'EMAIL', 'IBAN', 'PHONE']);
        expect(scan(text, { pass: 'full' }).filter((f) => f.type !== 'DATE')).to.deep.equal([]);
        expect(personsIn(metadata)).to.include(PEOPLE[3]);
      });
    }

    /** A LibreOffice document with parts added (writer alone is installed where the fixtures are rebuilt). */
    function withParts(name: string, added: Record<string, string>): Buffer {
      const files = unzipSync(fixture(name));
      for (const [part, xml] of Object.entries(added)) files[part] = strToU8(xml);
      return Buffer.from(zipSync(files));
    }
    const CORE = `<?xml version="1.0" encoding="UTF-8"?><cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Henrike Vossberg</dc:creator><cp:lastModifiedBy>Tobiah Quenneville</cp:lastModifiedBy><dc:title>Budget</dc:title><cp:keywords>ilse.dankwart@dankwart-bau.de</cp:keywords></cp:coreProperties>`;
    const APP = `<?xml version="1.0" encoding="UTF-8"?><Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Manager>Rosalind Achterberg</Manager><Company>Dankwart Bau GmbH</Company></Properties>`;
    const CUSTOM = `<?xml version="1.0" encoding="UTF-8"?><Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/custom-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"><property fmtid="{D5CDD505-2E9C-101B-9397-08002B2CF9AE}" pid="2" name="Reviewer"><vt:lpwstr>Wendelin Osterhagen</vt:lpwstr></property></Properties>`;

    it('an XLSX: core, app and custom properties, and the threaded comments\' persons', async () => {
      const persons = `<personList xmlns="http://schemas.microsoft.com/office/spreadsheetml/2018/threadedcomments"><person displayName="Odalys Ferreirinha" id="{0}" userId="odalys.ferreirinha@kowalnet.pl" providerId="AD"/></personList>`;
      const buf = withParts('sheet.xlsx', { 'docProps/core.xml': CORE, 'docProps/app.xml': APP, 'docProps/custom.xml': CUSTOM, 'xl/persons/person.xml': persons });
      const { text, metadata } = await extractFile(buf, 'sheet.xlsx', undefined);
      expect(metadata.split('\n')).to.include.members(['Author: Henrike Vossberg', 'Last modified by: Tobiah Quenneville', 'Manager: Rosalind Achterberg', 'Company: Dankwart Bau GmbH', 'Property Reviewer: Wendelin Osterhagen', 'Comment author: Odalys Ferreirinha']);
      expect(personsIn(metadata)).to.include.members([...PEOPLE, 'Odalys Ferreirinha']);
      expect(text).not.to.include('Vossberg');
    });

    it('a PPTX: properties and the comment authors (legacy and modern comments)', async () => {
      const legacy = `<p:cmAuthorLst xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"><p:cmAuthor id="0" name="Wendelin Osterhagen" initials="WO" lastIdx="1" clrIdx="0"/></p:cmAuthorLst>`;
      const modern = `<p188:authorLst xmlns:p188="http://schemas.microsoft.com/office/powerpoint/2018/8/main"><p188:author id="{1}" name="Odalys Ferreirinha" initials="OF" userId="odalys.ferreirinha@kowalnet.pl" providerId="AD"/></p188:authorLst>`;
      const buf = withParts('deck.pptx', { 'docProps/core.xml': CORE, 'docProps/app.xml': APP, 'ppt/commentAuthors.xml': legacy, 'ppt/authors.xml': modern });
      const { metadata } = await extractFile(buf, 'deck.pptx', undefined);
      expect(personsIn(metadata)).to.include.members([...PEOPLE, 'Odalys Ferreirinha']);
      expect([...typesIn(metadata)]).to.include('EMAIL');
    });
  });
});
