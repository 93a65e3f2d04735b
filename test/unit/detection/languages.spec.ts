import { expect } from 'chai';
import { scan } from '../../../src/detection';
import { EUROPEAN_SAMPLES, withOffsets } from '../../fixtures/european-samples';

/** Finding types that count for each labelled kind of the samples (see the fixture's header). */
const ACCEPTED: Record<string, string[]> = {
  PERSON: ['PERSON'],
  STREET_ADDRESS: ['STREET_ADDRESS'],
  PHONE: ['PHONE'],
  EMAIL: ['EMAIL'],
  DATE: ['DATE', 'DATE_OF_BIRTH'],
  NATIONAL_ID: ['SOCIAL_SECURITY_NUMBER', 'DE_TAX_ID', 'FR_NIR', 'IT_FISCAL_CODE', 'NL_BSN', 'PT_NIF', 'BR_CPF'],
  HEALTH_ID: ['MEDICAL_RECORD_NUMBER', 'HEALTH_PLAN_ID', 'MEDICAL_LICENSE'],
};

describe('European languages (labelled samples of our own text)', () => {
  const records = withOffsets(EUROPEAN_SAMPLES).filter((r) => r.lang !== 'en-news');
  for (const lang of ['de', 'fr', 'it', 'nl', 'pt', 'es']) {
    it(`finds every identifier, date, phone and e-mail after its native label in ${lang}`, () => {
      for (const rec of records.filter((r) => r.lang === lang)) {
        const findings = scan(rec.full_text, { pass: 'full' });
        for (const g of rec.spans.filter((s) => !['PERSON', 'STREET_ADDRESS'].includes(s.entity_type))) {
          const hit = findings.some((f) => ACCEPTED[g.entity_type].includes(f.type) && f.start < g.end_position && g.start_position < f.end);
          expect(hit, `${lang} ${g.entity_type} at ${g.start_position}`).to.equal(true);
        }
      }
    });
  }

  it('reports dates only in health records', () => {
    const letter = 'Sehr geehrte Frau Hoffmann, Ihre Bestellung vom 3. März 2024 wurde am 12.03.2024 versandt.';
    expect(scan(letter, { pass: 'full' }).filter((f) => f.type === 'DATE')).to.deep.equal([]);
    const note = 'Patientin Hoffmann, Aufnahme am 3. März 2024, Entlassung am 12.03.2024.';
    expect(scan(note, { pass: 'full' }).filter((f) => f.type === 'DATE').map((f) => note.slice(f.start, f.end))).to.deep.equal(['3. März 2024', '12.03.2024']);
  });

  it('reports dates in a record about one person outside health care, not in other letters', () => {
    const report = 'Strafanzeige. Geschädigter: Herr K., Tatzeit: 12. März 2024 gegen 22 Uhr.';
    expect(scan(report, { pass: 'full' }).filter((f) => f.type === 'DATE').map((f) => report.slice(f.start, f.end))).to.deep.equal(['12. März 2024']);
    const claim = 'Il sinistro n. 889231 del 14/02/2024 è in lavorazione.';
    expect(scan(claim, { pass: 'full' }).filter((f) => f.type === 'DATE').map((f) => claim.slice(f.start, f.end))).to.deep.equal(['14/02/2024']);
    const invitation = 'La réunion du conseil est reportée au 3 mars 2024 à 18 h.';
    expect(scan(invitation, { pass: 'full' }).filter((f) => f.type === 'DATE')).to.deep.equal([]);
  });

  it('reports a printed Brazilian CPF only when its check digits hold', () => {
    const types = (text: string) => scan(text, { pass: 'full' }).filter((f) => f.type === 'BR_CPF').map((f) => text.slice(f.start, f.end));
    expect(types('Titular: 714.025.836-80, Curitiba')).to.deep.equal(['714.025.836-80']);
    expect(types('Titular: 714.025.836-81, Curitiba')).to.deep.equal([]);
  });

  it('reports no date far from every health-record word of a long text', () => {
    const text = `Patient admitted on 2024-01-15. ${'and then some more ordinary words '.repeat(200)}Invoice dated 2024-02-01.`;
    const dates = scan(text, { pass: 'full' }).filter((f) => f.type === 'DATE').map((f) => text.slice(f.start, f.end));
    expect(dates).to.deep.equal(['2024-01-15']);
  });

  it('masks a UK National Insurance number as one value, not as a phone', () => {
    const text = 'NI number QQ 12 34 56 C, phone 020 7946 0000';
    const types = scan(text, { pass: 'local' }).map((f) => [f.type, text.slice(f.start, f.end)]);
    expect(types).to.deep.include(['UK_NATIONAL_INSURANCE', 'QQ 12 34 56 C']);
    expect(types.filter(([t]) => t === 'PHONE')).to.deep.equal([['PHONE', '020 7946 0000']]);
  });

  it('reports a JSON "ssn" field as an SSN, not a phone', () => {
    const text = '{"name": "Ann Lee", "ssn": "123-45-6789", "phone": "555-0100"}';
    const found = scan(text, { pass: 'local' }).map((f) => [f.type, text.slice(f.start, f.end)]);
    expect(found).to.deep.include(['SSN', '123-45-6789']);
    expect(found.filter(([t]) => t === 'PHONE').map(([, v]) => v)).to.deep.equal(['555-0100']);
  });
});
