import { expect } from 'chai';
import { errorLine, valueShape } from '../../../bench/span-scoring';

describe('bench --errors listings', () => {
  const rec = {
    full_text: 'Patient Odile Brunet, phone 0612 334455, seen by Dr Kessler on 3 May.',
    spans: [
      { entity_type: 'PERSON', start_position: 8, end_position: 20 },
      { entity_type: 'PHONE', start_position: 28, end_position: 39 },
      { entity_type: 'PERSON', start_position: 52, end_position: 59 },
    ],
  };

  it('shows the shape of a value, never its characters', () => {
    expect(valueShape('Odile Brunet 12')).to.equal('Xxxxx Xxxxxx 99');
  });

  it('prints the error span as its shape and every other gold span as its label', () => {
    const line = errorLine({ kind: 'FN', type: 'PHONE', index: 3, start: 28, end: 39 }, rec);
    expect(line).to.equal('FN PHONE #3@28-39 Patient [PERSON], phone <9999 999999>, seen by Dr [PERSON] on 9 May.');
    for (const value of ['Odile', 'Brunet', '0612', 'Kessler', '3 May']) expect(line.includes(value), 'a corpus value in the listing').to.equal(false);
  });

  it('redacts a false span that straddles a gold span', () => {
    const line = errorLine({ kind: 'FP', type: 'PERSON', index: 0, start: 14, end: 27 }, rec);
    expect(line).to.equal('FP PERSON #0@14-27 Patient [PERSON]<Xxxxxx, xxxxx> [PHONE], seen by Dr [PERSON] on 9 Ma');
  });
});
