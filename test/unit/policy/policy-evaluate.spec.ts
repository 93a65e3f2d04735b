import { expect } from 'chai';
import type { Finding } from '../../../src/detection/types';
import { effectiveDataTypes, evaluate, RequestContext } from '../../../src/policy/evaluate';
import { ruleInputSchema, type Rule } from '../../../src/policy/types';

function finding(type: string, dataTypes: Finding['dataTypes'], start = 0): Finding {
  return { type, dataTypes, start, end: start + 5, score: 1, recognizer: type.toLowerCase() };
}

function rule(partial: Partial<Rule> & Pick<Rule, 'action' | 'dataTypes'>): Rule {
  return {
    id: `rule_${partial.action}_${partial.dataTypes.join('_')}`,
    name: 'r',
    enabled: true,
    destinations: ['AI_TOOL', 'VENDOR', 'CUSTOMER'],
    conditions: [],
    ...partial,
  };
}

const AI: RequestContext = { destination: 'AI_TOOL' };
const email = finding('EMAIL', ['PII']);
const ssn = finding('SSN', ['PII'], 10);
const awsKey = finding('AWS_ACCESS_KEY', ['SECRETS'], 20);
const diagnosis = finding('DIAGNOSIS', ['PHI'], 30);

describe('policy evaluation (docs/api-contract.md#preflight-checks)', () => {
  it('allows and still counts a finding that no rule applies to', () => {
    const r = evaluate([email], [rule({ action: 'BLOCK', dataTypes: ['SECRETS'] })], AI);
    expect(r.decision).to.equal('ALLOWED');
    expect(r.verdicts).to.have.length(1);
    expect(r.verdicts[0]).to.include({ action: 'ALLOW', rule: null });
  });

  it('is ALLOWED with no findings at all', () => {
    expect(evaluate([], [rule({ action: 'BLOCK', dataTypes: ['ALL'] })], AI).decision).to.equal('ALLOWED');
  });

  it('takes the most restrictive action of the rules that apply, whatever their order', () => {
    const rules = [
      rule({ action: 'ALLOW', dataTypes: ['PII'] }),
      rule({ action: 'BLOCK', dataTypes: ['PII'] }),
      rule({ action: 'MASK', dataTypes: ['PII'] }),
    ];
    for (const order of [rules, [...rules].reverse()]) {
      const r = evaluate([email], order, AI);
      expect(r.decision).to.equal('BLOCKED');
      expect(r.verdicts[0].action).to.equal('BLOCK');
      expect(r.verdicts[0].rule?.action).to.equal('BLOCK');
    }
  });

  it('records the ALLOW rule that decided a finding', () => {
    const allow = rule({ action: 'ALLOW', dataTypes: ['PII'] });
    const r = evaluate([email], [allow], AI);
    expect(r.decision).to.equal('ALLOWED');
    expect(r.verdicts[0].rule).to.equal(allow);
  });

  it('is BLOCKED when any finding is blocked, else ALLOWED_WITH_MASKING when any is masked', () => {
    const rules = [rule({ action: 'MASK', dataTypes: ['PII'] }), rule({ action: 'BLOCK', dataTypes: ['SECRETS'] })];
    expect(evaluate([email, ssn], rules, AI).decision).to.equal('ALLOWED_WITH_MASKING');
    expect(evaluate([email, awsKey], rules, AI).decision).to.equal('BLOCKED');
    const r = evaluate([email, awsKey], rules, AI);
    expect(r.verdicts.map((v) => v.action)).to.deep.equal(['MASK', 'BLOCK']);
  });

  it('ALL matches every finding', () => {
    const r = evaluate([email, awsKey, diagnosis], [rule({ action: 'MASK', dataTypes: ['ALL'] })], AI);
    expect(r.verdicts.every((v) => v.action === 'MASK')).to.equal(true);
  });

  it('ignores disabled rules', () => {
    const r = evaluate([email], [rule({ action: 'BLOCK', dataTypes: ['PII'], enabled: false })], AI);
    expect(r.decision).to.equal('ALLOWED');
  });

  it('applies a rule only to the destinations it lists', () => {
    const rules = [rule({ action: 'BLOCK', dataTypes: ['PII'], destinations: ['VENDOR'] })];
    expect(evaluate([email], rules, { destination: 'AI_TOOL' }).decision).to.equal('ALLOWED');
    expect(evaluate([email], rules, { destination: 'VENDOR' }).decision).to.equal('BLOCKED');
  });

  it('counts personal data as EU_DATA only when the organization region is EU', () => {
    const rules = [rule({ action: 'BLOCK', dataTypes: ['EU_DATA'] })];
    expect(evaluate([email], rules, { destination: 'AI_TOOL', orgDataRegion: 'EU' }).decision).to.equal('BLOCKED');
    expect(evaluate([email], rules, { destination: 'AI_TOOL', orgDataRegion: 'US' }).decision).to.equal('ALLOWED');
    expect(evaluate([email], rules, AI).decision).to.equal('ALLOWED');
    // Secrets are not personal data: no EU_DATA even for an EU organization.
    expect(evaluate([awsKey], rules, { destination: 'AI_TOOL', orgDataRegion: 'EU' }).decision).to.equal('ALLOWED');
    expect([...effectiveDataTypes(diagnosis, { destination: 'AI_TOOL', orgDataRegion: 'EU' })].sort()).to.deep.equal(['EU_DATA', 'PHI']);
    expect([...effectiveDataTypes(finding('IBAN', ['FINANCIAL']), { destination: 'AI_TOOL', orgDataRegion: 'EU' })]).to.include('EU_DATA');
  });

  describe('conditions', () => {
    const nonEu = [rule({ action: 'BLOCK', dataTypes: ['PII'], conditions: ['non_eu_destination'] })];

    it('non_eu_destination holds unless destination_region is EU (an unknown region is not EU)', () => {
      expect(evaluate([email], nonEu, { destination: 'AI_TOOL', destinationRegion: 'US' }).decision).to.equal('BLOCKED');
      expect(evaluate([email], nonEu, { destination: 'AI_TOOL', destinationRegion: 'OTHER' }).decision).to.equal('BLOCKED');
      expect(evaluate([email], nonEu, { destination: 'AI_TOOL' }).decision).to.equal('BLOCKED');
      expect(evaluate([email], nonEu, { destination: 'AI_TOOL', destinationRegion: 'EU' }).decision).to.equal('ALLOWED');
    });

    it('scc_verified holds only when destination_scc_verified is true', () => {
      const rules = [rule({ action: 'MASK', dataTypes: ['PII'], conditions: ['scc_verified'] })];
      expect(evaluate([email], rules, { destination: 'AI_TOOL', sccVerified: true }).decision).to.equal('ALLOWED_WITH_MASKING');
      expect(evaluate([email], rules, { destination: 'AI_TOOL', sccVerified: false }).decision).to.equal('ALLOWED');
      expect(evaluate([email], rules, AI).decision).to.equal('ALLOWED');
    });

    it('a leading ! negates one condition and conditions are ANDed', () => {
      const rules = [rule({ action: 'BLOCK', dataTypes: ['PII'], conditions: ['non_eu_destination', '!scc_verified'] })];
      expect(evaluate([email], rules, { destination: 'AI_TOOL', destinationRegion: 'US', sccVerified: false }).decision).to.equal('BLOCKED');
      expect(evaluate([email], rules, { destination: 'AI_TOOL', destinationRegion: 'US', sccVerified: true }).decision).to.equal('ALLOWED');
      expect(evaluate([email], rules, { destination: 'AI_TOOL', destinationRegion: 'EU', sccVerified: false }).decision).to.equal('ALLOWED');
    });

    it('never applies a rule whose condition it cannot read', () => {
      const rules = [rule({ action: 'BLOCK', dataTypes: ['PII'], conditions: ['full_moon'] })];
      expect(evaluate([email], rules, AI).decision).to.equal('ALLOWED');
      const negated = [rule({ action: 'BLOCK', dataTypes: ['PII'], conditions: ['!full_moon'] })];
      expect(evaluate([email], negated, AI).decision).to.equal('ALLOWED');
    });
  });

  describe('rule input schema', () => {
    const base = { name: 'r', dataTypes: ['PII'], destinations: ['AI_TOOL'], action: 'MASK' };

    it('defaults enabled to true and conditions to []', () => {
      const r = ruleInputSchema.parse(base);
      expect(r.enabled).to.equal(true);
      expect(r.conditions).to.deep.equal([]);
    });

    it('accepts known conditions, negated or not', () => {
      expect(ruleInputSchema.safeParse({ ...base, conditions: ['non_eu_destination', '!scc_verified'] }).success).to.equal(true);
    });

    it('rejects unknown conditions, double negation, data types, destinations and actions', () => {
      for (const bad of [
        { conditions: ['full_moon'] },
        { conditions: ['!!scc_verified'] },
        { dataTypes: ['PERSONAL'] },
        { dataTypes: [] },
        { destinations: ['EMAIL'] },
        { action: 'DELETE' },
      ]) {
        expect(ruleInputSchema.safeParse({ ...base, ...bad }).success, JSON.stringify(bad)).to.equal(false);
      }
    });
  });
});
