import { expect } from 'chai';
import { createEngine } from '../../../src/detection';
import { holds, keywordFits, type Chars } from '../../../src/detection/keyword-fit';
import { locate } from '../../../src/detection/placement';

/** A keyword's unit as itself and its other case (what the keyword automaton matches), non-ASCII as 128. */
const units = (keyword: string) => [...keyword].map((c) => [c, c.toUpperCase()].map((x) => Math.min(x.charCodeAt(0), 128)));
/** What may follow each keyword, as a string of the ASCII characters (null: anything). */
const fits = (source: string, flags: string, keywords: string[]) =>
  keywordFits(source, flags, keywords.map(units)).map((t: Chars | null) => (t === null ? null : [...Array(128).keys()].filter((c) => holds(t, c)).map((c) => String.fromCharCode(c)).join('')));

describe('keyword fit (which patterns of a start recognizer may match after which keyword)', () => {
  it('reads what may follow a keyword where a match begins with it, and where none can', () => {
    expect(fits(String.raw`pass(?:word)?[ \t]*=`, '', ['password', 'pass', 'passwd', 'pas'])).to.deep.equal(['\t =', '\t =w', '', 's']);
    // Flag i, a keyword in another case; a lookbehind and a word boundary pass.
    expect(fits(String.raw`(?<=\w)\bSecret:\s`, 'i', ['secret', 'SECRET:'])).to.deep.equal([':', '\t\n\u000b\f\r ']);
    // A class that names a non-ASCII character may match any one: a non-ASCII keyword fits it.
    expect(fits('contrase[ñn]a=', '', ['contraseña', 'contraseno'])).to.deep.equal(['=', '']);
    // An alternative that ends within the keyword, or a back-reference, lets anything follow.
    expect(fits('--(?:p|pass)', '', ['--pass', '--x'])).to.deep.equal([null, '']);
    expect(fits(String.raw`(?<q>["'])x\k<q>y`, '', ['"x', "'xz"])).to.deep.equal([null, null]);
    // A repeat counts: two digits, then `-`.
    expect(fits(String.raw`id\d{2}-`, '', ['id1', 'id12', 'id123'])).to.deep.equal(['0123456789', '-', '']);
  });

  it('gives no verdict on what it does not read', () => {
    expect(fits('(?i:a)b', '', ['ab'])).to.deep.equal([null]);
    expect(fits('ab', 'u', ['ab', 'x'])).to.deep.equal([null, null]);
    expect(fits('a\\', '', ['a'])).to.deep.equal([null]);
    // A regex read with more work than a bound allows per keyword is left unread.
    expect(fits(`(?:${'a?'.repeat(25000)}b)`, '', ['aab', 'c'])).to.deep.equal([null, null]);
    expect(fits(`(?:${'a?'.repeat(5000)}b)`, '', ['aab', 'c'])).to.deep.equal([null, '']);
  });

  it('never rules out a match: every built-in start pattern matching at a keyword on the samples is allowed there', () => {
    const engine = createEngine({ detectors: [] }) as unknown as { localPlan: import('../../../src/detection/placement').PassPlan };
    const plan = engine.localPlan;
    const texts = plan.recs.flatMap((cr) => [...cr.rec.samples.positive.map((x) => x.text), ...cr.rec.samples.negative]);
    let allowed = 0;
    let ruledOut = 0;
    for (const text of texts) {
      const where = locate(text, plan);
      plan.recs.forEach((cr, r) => {
        const fit = cr.fit;
        const starts = where.hits[r];
        if (fit === null || starts === null) return;
        starts.forEach((at, k) => {
          const cls = where.classes[r]![k];
          const c = text.charCodeAt(at + fit.length[cls]);
          cr.patterns.forEach((p, i) => {
            const table = fit.next[i];
            if (table === null || table[129 * cls + (c < 128 ? c : 128)] === 1) return;
            ruledOut++;
            p.sticky.lastIndex = at;
            if (p.sticky.exec(text) === null) return;
            allowed++;
            expect.fail(`${cr.id} pattern ${i} matches at a keyword start its fit rules out`);
          });
        });
      });
    }
    expect(allowed).to.equal(0);
    expect(ruledOut).to.be.greaterThan(1000);
  });
});
