import { expect } from 'chai';
import type { Finding } from '../../../src/detection/types';
import { decide } from '../../../src/policy/outcome';
import type { Rule } from '../../../src/policy/types';

const PII: Finding['dataTypes'] = ['PII'];
const SECRETS: Finding['dataTypes'] = ['SECRETS'];

/** A finding over `text.slice(start, end)`; findings of one recognizer share their data-types array, as the engine's do. */
const at = (text: string, value: string, from: number, type: string, dataTypes: Finding['dataTypes']): Finding => {
  const start = text.indexOf(value, from);
  return { type, dataTypes, start, end: start + value.length, score: 1, recognizer: type.toLowerCase() };
};

const rule = (name: string, action: Rule['action'], dataTypes: Rule['dataTypes']): Rule => ({
  id: name,
  name,
  enabled: true,
  destinations: ['AI_TOOL', 'VENDOR', 'CUSTOMER'],
  conditions: [],
  action,
  dataTypes,
});

describe('decide: masking, counts and summary of one check', () => {
  const text = 'mail ana@example.org, then bob@example.org, again ana@example.org; phone 555-0100';
  const findings = [
    at(text, 'ana@example.org', 0, 'EMAIL', PII),
    at(text, 'bob@example.org', 0, 'EMAIL', PII),
    at(text, 'ana@example.org', 30, 'EMAIL', PII),
    // Same data types in an array of its own: decided on its own types all the same.
    at(text, '555-0100', 0, 'PHONE', ['PII']),
  ];
  const maskPii = [rule('Mask personal data', 'MASK', ['PII'])];

  it('masks each value chosen by the rules with a token numbered per distinct value of its type', () => {
    const o = decide(text, findings, maskPii, { destination: 'AI_TOOL' });
    expect(o.decision).to.equal('ALLOWED_WITH_MASKING');
    expect(o.masked).to.equal('mail [EMAIL_1], then [EMAIL_2], again [EMAIL_1]; phone [PHONE_1]');
    expect(o.spans.map((s) => s.token)).to.deep.equal(['[EMAIL_1]', '[EMAIL_2]', '[EMAIL_1]', '[PHONE_1]']);
    expect(o.summary).to.equal('Allowed with masking: found 3 × E-mail address, 1 × Phone number; masked by rule "Mask personal data".');
  });

  it('without spans: the same masked text and decision, and no spans', () => {
    const withSpans = decide(text, findings, maskPii, { destination: 'AI_TOOL' });
    const without = decide(text, findings, maskPii, { destination: 'AI_TOOL' }, { withSpans: false });
    expect(without.spans).to.deep.equal([]);
    expect({ ...without, spans: withSpans.spans, evaluation: null }).to.deep.equal({ ...withSpans, evaluation: null });
  });

  it('masks only the findings whose own verdict is MASK (verdicts follow the findings by position)', () => {
    const mixed = [at(text, 'ana@example.org', 0, 'EMAIL', PII), at(text, 'bob@example.org', 0, 'GITHUB_TOKEN', SECRETS), at(text, '555-0100', 0, 'PHONE', PII)];
    const rules = [rule('Mask personal data', 'MASK', ['PII']), rule('Allow secrets', 'ALLOW', ['SECRETS'])];
    const o = decide(text, mixed, rules, { destination: 'AI_TOOL' });
    expect(o.masked).to.equal('mail [EMAIL_1], then bob@example.org, again ana@example.org; phone [PHONE_1]');
    expect(o.evaluation.verdicts.map((v) => [v.finding, v.action])).to.deep.equal([
      [mixed[0], 'MASK'],
      [mixed[1], 'ALLOW'],
      [mixed[2], 'MASK'],
    ]);
    expect(o.summary).to.match(/; masked by rule "Mask personal data"\.$/);
  });

  it("counts a file name's findings and never masks them into the text", () => {
    const name = 'ana@example.org.txt';
    const inName = { name, findings: [at(name, 'ana@example.org', 0, 'EMAIL', PII)] };
    const o = decide(text, findings.slice(3), maskPii, { destination: 'AI_TOOL' }, { inName });
    expect(o.masked).to.equal('mail ana@example.org, then bob@example.org, again ana@example.org; phone [PHONE_1]');
    expect(o.findingsTotal).to.equal(2);
    expect(o.detected.map((d) => [d.type, d.count])).to.deep.equal([
      ['PHONE', 1],
      ['EMAIL', 1],
    ]);
  });

  it('names every rule that decided, once, and only rules of the deciding action', () => {
    const rules = [rule('Mask mail', 'MASK', ['PII']), rule('Mask all', 'MASK', ['ALL']), rule('Block secrets', 'BLOCK', ['SECRETS'])];
    const secret = at(text, 'bob@example.org', 0, 'GITHUB_TOKEN', SECRETS);
    const diagnosis = at(text, 'phone', 0, 'DIAGNOSIS', ['PHI']);
    const masked = decide(text, [...findings, diagnosis], rules.slice(0, 2), { destination: 'AI_TOOL' });
    expect(masked.summary).to.match(/; masked by rules "Mask mail", "Mask all"\.$/);
    const blocked = decide(text, [findings[0], secret], rules, { destination: 'AI_TOOL' });
    expect(blocked.decision).to.equal('BLOCKED');
    expect(blocked.masked).to.equal(null);
    expect(blocked.summary).to.match(/; blocked by rule "Block secrets"\.$/);
  });
});
