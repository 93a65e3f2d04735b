import { expect } from 'chai';
import { defaultEngine } from '../../../src/detection';
import type { ContextualDetector, Recognizer } from '../../../src/detection';

/**
 * The generated samples test: every recognizer's and every contextual detector's positive
 * samples must yield a finding *of that recognizer* (by id, after overlap resolution) spanning
 * exactly `value`, and its negative samples no finding of it, through the engine. Matching by id
 * keeps a sample from passing because another recognizer of the same type found it. Full-pass recognizers and contextual detectors
 * run in the full pass; local ones in the local pass (and so in both).
 */
const sources: (Recognizer<string> | ContextualDetector)[] = [...defaultEngine.recognizers, ...defaultEngine.detectors];

function passOf(item: Recognizer<string> | ContextualDetector): 'local' | 'full' {
  return 'pass' in item && item.pass === 'local' ? 'local' : 'full';
}

describe('detection samples (generated from every recognizer and detector)', () => {
  it('has at least one recognizer of every data type family it claims to cover', () => {
    const families = new Set(sources.flatMap((s) => s.dataTypes));
    for (const dt of ['PII', 'PHI', 'FINANCIAL', 'EU_DATA']) expect(families.has(dt as never), dt).to.equal(true);
  });

  for (const item of sources) {
    const pass = passOf(item);
    describe(`${item.id} (${item.type}, ${pass})`, () => {
      it('declares at least one positive and one negative sample', () => {
        expect(item.samples.positive.length, 'positive samples').to.be.greaterThan(0);
        expect(item.samples.negative.length, 'negative samples').to.be.greaterThan(0);
      });

      item.samples.positive.forEach((sample, i) => {
        it(`finds positive sample #${i + 1}`, () => {
          const start = sample.text.indexOf(sample.value);
          expect(start, 'the value occurs in the sample text').to.be.at.least(0);
          const findings = defaultEngine.scan(sample.text, { pass });
          const spans = findings.filter((f) => f.recognizer === item.id).map((f) => [f.start, f.end]);
          expect(spans).to.deep.include([start, start + sample.value.length]);
        });
      });

      item.samples.negative.forEach((text, i) => {
        it(`reports nothing of its own for negative sample #${i + 1}`, () => {
          const findings = defaultEngine.scan(text, { pass: 'full' });
          expect(findings.filter((f) => f.recognizer === item.id).map((f) => [f.start, f.end])).to.deep.equal([]);
        });
      });
    });
  }
});
