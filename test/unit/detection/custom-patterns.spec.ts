import { expect } from 'chai';
import { scan } from '../../../src/detection';
import { compileCustomPatterns, CUSTOM_PATTERN_LIMITS, customScanCostMsPerMb } from '../../../src/detection/custom';
import { DetectionConfigError } from '../../../src/detection/errors';

describe('custom patterns: keyword automaton, size bounds and cost model', () => {
  it('matches keywords case-insensitively, as whole words where their edges are word characters', () => {
    const patterns = [
      { name: 'codename', keywords: ['Falcon', 'Blue Heron'] },
      { name: 'lang', keywords: ['C++'] },
    ];
    const text = 'FALCON and falconry; the blue heron flew; we write C++ daily.';
    const found = scan(text, { pass: 'local', customPatterns: patterns }).filter((f) => f.dataTypes.includes('CUSTOM'));
    expect(found.map((f) => text.slice(f.start, f.end))).to.deep.equal(['FALCON', 'blue heron', 'C++']);
    expect(found.map((f) => f.type)).to.deep.equal(['CODENAME', 'CODENAME', 'LANG']);
  });

  it('reports a keyword shared by two patterns for each of them', () => {
    const compiled = compileCustomPatterns([
      { name: 'one', keywords: ['orion'] },
      { name: 'two', keywords: ['ORION'] },
    ]);
    expect(compiled.keywords.keywords).to.deep.equal(['orion']);
    expect(compiled.keywordOwners[0].patterns.map((p) => p.type)).to.deep.equal(['ONE', 'TWO']);
  });

  it('refuses a policy whose keywords together exceed the compiled-size bound, naming no pattern', () => {
    const keywords = Array.from({ length: 1000 }, (_, i) => `keyword-number-${i}-${'x'.repeat(40)}`);
    const patterns = Array.from({ length: 2 }, (_, i) => ({ name: `secretname${i}`, keywords }));
    expect(() => compileCustomPatterns(patterns)).to.throw(DetectionConfigError, /keywords are longer than/);
    try {
      compileCustomPatterns(patterns);
    } catch (e) {
      expect((e as Error).message).not.to.contain('secretname').and.not.to.contain('keyword-number');
    }
  });

  it('compiles the heaviest allowed keyword set quickly and scans it in one pass', () => {
    // 100 patterns x 100 keywords of ~5 characters: 50,000 keyword characters, the bound.
    const patterns = Array.from({ length: 100 }, (_, p) => ({ name: `p${p}`, keywords: Array.from({ length: 100 }, (_, k) => `k${p}x${k}`.padEnd(5, 'z').slice(0, 5)) }));
    const compiled = compileCustomPatterns(patterns);
    const cost = customScanCostMsPerMb(compiled);
    // Keywords cost one automaton pass whatever their number: far below the 1 s/MB bound.
    expect(cost).to.be.lessThan(CUSTOM_PATTERN_LIMITS.maxMsPerMb / 4);
  });

  it('estimates a cheap literal-prefixed regex as cheap and many prefix-less alternations as too costly', () => {
    const cheap = customScanCostMsPerMb(compileCustomPatterns([{ name: 'ticket', regex: 'PRJ-\\d{5}' }]));
    expect(cheap).to.be.lessThan(CUSTOM_PATTERN_LIMITS.maxMsPerMb / 4);
    const heavy = Array.from({ length: 20 }, (_, p) => ({
      name: `heavy${p}`,
      regex: `(?:${Array.from({ length: 60 }, (_, i) => `[a-z]{${(i % 5) + 1}}\\d{${(i % 3) + 1}}`).join('|')})`,
    }));
    expect(customScanCostMsPerMb(compileCustomPatterns(heavy))).to.be.greaterThan(CUSTOM_PATTERN_LIMITS.maxMsPerMb);
  });
});
