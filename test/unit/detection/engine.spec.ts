import { expect } from 'chai';
import { expectVerdicts } from '../../support/verdicts';
import {
  compileCustomPatterns, createEngine, DetectionConfigError, findingTypes, scan,
  type Finding, type Placement, type Recognizer, type Validator,
} from '../../../src/detection';
import { spellCaseless } from '../../../src/detection/caseless';
import { captureIndex } from '../../../src/detection/compile';
import { firstChars, mayStart, wordLed } from '../../../src/detection/first-chars';
import { KeywordMatcher } from '../../../src/detection/keyword-matcher';
import { resolveOverlaps } from '../../../src/detection/overlap';
import { recognizers } from '../../../src/detection/recognizers';
import { ScanState } from '../../../src/detection/scoring';
import { IBAN_LENGTHS } from '../../../src/detection/validators/financial';
import { hasNestedUnboundedQuantifier } from '../../../src/detection/regex-safety';

function recognizer(over: Partial<Recognizer<string>> & Pick<Recognizer<string>, 'id' | 'type' | 'patterns'>): Recognizer<string> {
  return { dataTypes: ['PII'], pass: 'local', placement: { kind: 'everywhere' }, samples: { positive: [], negative: [] }, ...over };
}

function finding(start: number, end: number, score: number, recognizer: string, type = 'T'): Finding {
  return { type, dataTypes: ['PII'], start, end, score, recognizer };
}

describe('detection engine', () => {
  describe('overlap resolution', () => {
    const order = (f: Finding) => ['a', 'b', 'c'].indexOf(f.recognizer);

    it('keeps the higher score when two findings overlap', () => {
      const out = resolveOverlaps([finding(0, 10, 0.6, 'a'), finding(5, 12, 0.9, 'b')], order);
      expect(out.map((f) => f.recognizer)).to.deep.equal(['b']);
    });

    it('keeps the longer span when scores tie', () => {
      const out = resolveOverlaps([finding(0, 10, 0.8, 'a'), finding(2, 14, 0.8, 'b')], order);
      expect(out.map((f) => f.recognizer)).to.deep.equal(['b']);
    });

    it('keeps the earlier recognizer when score and length tie, whatever the input order', () => {
      const x = finding(0, 10, 0.8, 'b');
      const y = finding(3, 13, 0.8, 'a');
      expect(resolveOverlaps([x, y], order).map((f) => f.recognizer)).to.deep.equal(['a']);
      expect(resolveOverlaps([y, x], order).map((f) => f.recognizer)).to.deep.equal(['a']);
    });

    it('keeps both ends of a chain when the middle loses', () => {
      const out = resolveOverlaps([finding(0, 5, 0.9, 'a'), finding(4, 9, 0.5, 'b'), finding(8, 12, 0.9, 'c')], order);
      expect(out.map((f) => [f.start, f.end])).to.deep.equal([[0, 5], [8, 12]]);
    });

    it('keeps touching findings (end is exclusive) and sorts by start', () => {
      const out = resolveOverlaps([finding(5, 9, 0.5, 'b'), finding(0, 5, 0.5, 'a')], order);
      expect(out.map((f) => f.start)).to.deep.equal([0, 5]);
    });

    it('keeps the same findings as a stable comparator sort and a greedy pass, on runs in text order and unsorted ones', () => {
      // The reference: all candidates sorted stably by start and end, then the greedy pass per cluster.
      const reference = (candidates: Finding[]): Finding[] => {
        const byStart = candidates.slice().sort((a, b) => a.start - b.start || a.end - b.end);
        const out: Finding[] = [];
        for (let i = 0; i < byStart.length; ) {
          let j = i + 1;
          let end = byStart[i].end;
          for (; j < byStart.length && byStart[j].start < end; j++) end = Math.max(end, byStart[j].end);
          const ranked = byStart.slice(i, j).sort((a, b) => b.score - a.score || b.end - b.start - (a.end - a.start) || order(a) - order(b) || a.start - b.start);
          const kept: Finding[] = [];
          for (const f of ranked) if (kept.every((k) => f.end <= k.start || f.start >= k.end)) kept.push(f);
          out.push(...kept.sort((a, b) => a.start - b.start));
          i = j;
        }
        return out;
      };
      let seed = 7;
      const next = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648) % n);
      for (let round = 0; round < 200; round++) {
        const candidates: Finding[] = [];
        for (let runs = next(6); runs >= 0; runs--) {
          // A run in text order (as a recognizer reports), or in no order (as a detector may).
          const run: Finding[] = [];
          for (let k = next(12); k > 0; k--) {
            const start = next(60);
            run.push(finding(start, start + 1 + next(8), [0.5, 0.8][next(2)], ['a', 'b', 'c'][next(3)]));
          }
          if (next(3) > 0) run.sort((x, y) => x.start - y.start || x.end - y.end);
          candidates.push(...run);
        }
        // Same objects, same order: ties of equal spans keep the candidates' order.
        const got = resolveOverlaps(candidates, order);
        const want = reference(candidates);
        expect(got).to.deep.equal(want);
        want.forEach((f, i) => expect(got[i]).to.equal(f));
      }
      // Many candidates at a few starts, out of order: the sort hands over to Array#sort.
      for (const spread of [1, 3, 40]) {
        const crowd: Finding[] = [];
        for (let k = 0; k < 400; k++) {
          const start = 5 + next(spread);
          crowd.push(finding(start, start + 1 + next(30), [0.5, 0.8][next(2)], ['a', 'b', 'c'][next(3)]));
        }
        const got = resolveOverlaps(crowd, order);
        reference(crowd).forEach((f, i) => expect(got[i], `${spread}`).to.equal(f));
      }
    });
  });

  describe('scan state', () => {
    it('keeps the best score per secret span as a map of [start, end] would, through growth and shared starts', () => {
      let seed = 11;
      const next = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648) % n);
      for (const spread of [50, 5_000, 10_000_000]) {
        const state = new ScanState();
        const want = new Map<string, number>();
        // Up to 3,000 spans (the table grows from 64 slots), many sharing a start or an end.
        for (let k = 0; k < 6_000; k++) {
          const start = next(spread);
          const end = start + 1 + next(4);
          const key = `${start} ${end}`;
          expect(state.bestSecret(start, end), key).to.equal(want.get(key) ?? -1);
          if (next(2) === 0) {
            const score = [0.3, 0.5, 0.8, 1][next(4)];
            state.raiseSecret(start, end, score);
            if (!((want.get(key) ?? -1) >= score)) want.set(key, score);
          }
        }
        for (const [key, score] of want) {
          const [start, end] = key.split(' ').map(Number);
          expect(state.bestSecret(start, end), key).to.equal(score);
        }
      }
    });
  });

  describe('offsets', () => {
    it('reports UTF-16 offsets after emoji and astral characters', () => {
      const text = '😀 𝒳 mail ana@example.org 🚀 card 4111 1111 1111 1111';
      const findings = scan(text, { pass: 'local' });
      const email = findings.find((f) => f.type === 'EMAIL')!;
      const card = findings.find((f) => f.type === 'CREDIT_CARD')!;
      expect(text.slice(email.start, email.end)).to.equal('ana@example.org');
      expect(text.slice(card.start, card.end)).to.equal('4111 1111 1111 1111');
      expect(email.start).to.equal(text.indexOf('ana@'));
    });

    it('keeps offsets when lower-casing would change the length (Turkish dotted I)', () => {
      const text = 'İİİİ write to ana@example.org';
      const f = scan(text, { pass: 'full' }).find((x) => x.type === 'EMAIL')!;
      expect(text.slice(f.start, f.end)).to.equal('ana@example.org');
    });

    it('returns nothing for empty text', () => {
      expect(scan('', { pass: 'full' })).to.deep.equal([]);
    });
  });

  describe('scoring, validators, allow-lists', () => {
    const rec = recognizer({
      id: 'order-code',
      type: 'ORDER_CODE',
      patterns: [{ name: 'code', regex: String.raw`\bOC-\d{4}\b`, score: 0.3 }],
      context: ['order'],
      validator: 'even',
      allowList: ['oc-0000'],
      negativeContext: ['test'],
    });
    const engine = createEngine({ recognizers: [rec], detectors: [], validators: { even: (v) => +v.slice(-1) % 2 === 0 } });

    it('drops a weak match without context and raises it with a context word', () => {
      expect(engine.scan('see OC-1234', { pass: 'local' })).to.have.length(0);
      const [f] = engine.scan('order OC-1234', { pass: 'local' });
      expect(f.score).to.equal(0.65);
      expect(f.recognizer).to.equal('order-code');
    });

    it('drops values its validator rejects', () => {
      expect(engine.scan('order OC-1235', { pass: 'local' })).to.have.length(0);
    });

    it('drops allow-listed placeholders, case-insensitively', () => {
      expect(engine.scan('order OC-0000', { pass: 'local' })).to.have.length(0);
    });

    it('drops matches right after a negative context word', () => {
      expect(engine.scan('order test OC-1234', { pass: 'local' })).to.have.length(0);
    });

    it('does not take a context word from inside another word', () => {
      expect(engine.scan('reorder OC-1234', { pass: 'local' })).to.have.length(0);
    });

    it('takes a context word after the value from its own line only', () => {
      expect(engine.scan('OC-1234 order', { pass: 'local' })).to.have.length(1);
      expect(engine.scan('OC-1234\norder', { pass: 'local' })).to.have.length(0);
    });

    it('stays linear on one long line of values without context', function () {
      this.timeout(60_000);
      // 6 MB without a line break: looking for the line's end with indexOf read the rest of the
      // text once per value (about 15 s here); a linear scan takes about a tenth of a second.
      const text = 'see OC-1234 '.repeat(500_000);
      const t0 = Date.now();
      expect(engine.scan(text, { pass: 'local' })).to.have.length(0);
      expect(Date.now() - t0).to.be.lessThan(3_000);
    });
  });

  describe('prefilter', () => {
    it('never runs a recognizer whose keywords are absent from the text', () => {
      let calls = 0;
      const counting: Validator = () => {
        calls++;
        return true;
      };
      const engine = createEngine({
        recognizers: [recognizer({ id: 'ticket', type: 'TICKET', placement: { kind: 'gate', keywords: ['tkt'] }, patterns: [{ name: 'n', regex: String.raw`\d{3}`, score: 0.9 }], validator: 'count' })],
        detectors: [],
        validators: { count: counting },
      });
      expect(engine.scan('123 456 789', { pass: 'local' })).to.have.length(0);
      expect(calls).to.equal(0);
      expect(engine.scan('TKT 123', { pass: 'local' })).to.have.length(1);
      expect(calls).to.equal(1);
    });

    it('with a keyword window, only looks near the keyword', () => {
      const engine = createEngine({
        recognizers: [recognizer({ id: 'near', type: 'NEAR', placement: { kind: 'window', keywords: ['ref'], reach: 10 }, patterns: [{ name: 'n', regex: String.raw`\b\d{4}\b`, score: 0.9 }] })],
        detectors: [],
      });
      const text = `ref 1111 ${'x'.repeat(50)} 2222`;
      const found = engine.scan(text, { pass: 'local' }).map((f) => text.slice(f.start, f.end));
      expect(found).to.deep.equal(['1111']);
    });

    it('opens keyword windows only where a keyword stands as a word, unless insideWords', () => {
      const rec = (insideWords?: boolean) =>
        createEngine({
          recognizers: [recognizer({ id: 'dl', type: 'DL', placement: { kind: 'window', keywords: ['dl', 'licen'], reach: 12, insideWords }, patterns: [{ name: 'n', regex: String.raw`\b\d{6}\b`, score: 0.9 }] })],
          detectors: [],
        });
      const found = (e: ReturnType<typeof createEngine>, text: string) => e.scan(text, { pass: 'local' }).map((f) => text.slice(f.start, f.end));
      expect(found(rec(), 'handling 123456')).to.deep.equal([]); // "dl" inside a word
      expect(found(rec(), 'dls: 123456')).to.deep.equal(['123456']); // a plural s
      expect(found(rec(), 'DL# 123456')).to.deep.equal(['123456']);
      expect(found(rec(), 'sublicense 123456')).to.deep.equal([]);
      expect(found(rec(), 'unlicensed 123456')).to.deep.equal([]);
      expect(found(rec(), 'driverLicense: 123456')).to.deep.equal(['123456']); // a camel-case part
      expect(found(rec(true), 'handling 123456')).to.deep.equal(['123456']);
    });

    it('re-checks window matches on the whole text so a window edge never cuts a value', () => {
      const engine = createEngine({
        recognizers: [recognizer({ id: 'digits', type: 'DIGITS', placement: { kind: 'window', keywords: ['id'], reach: 4 }, patterns: [{ name: 'n', regex: String.raw`(?<!\d)\d{6}(?!\d)`, score: 0.9 }] })],
        detectors: [],
      });
      expect(engine.scan('id 12345678', { pass: 'local' })).to.have.length(0);
      expect(engine.scan('id 123456', { pass: 'local' })).to.have.length(1);
    });

    it('with an anchor, only looks near the anchor matches, and shares one anchor pass', () => {
      let anchorRuns = 0;
      const anchor = { regex: String.raw`\d{5}`, reach: 3 };
      const rec = (id: string) =>
        recognizer({ id, type: id.toUpperCase(), placement: { kind: 'anchor', anchor }, patterns: [{ name: 'n', regex: String.raw`\b[A-Z]{2}\d{5}\b`, score: 0.9 }] });
      const engine = createEngine({ recognizers: [rec('aa'), rec('bb')], detectors: [] });
      const text = `XY12345 and ZZ${'9'.repeat(4)} ${'x'.repeat(40)} AB12345`;
      const found = engine.scan(text, { pass: 'local' });
      expect(found.map((f) => text.slice(f.start, f.end))).to.deep.equal(['XY12345', 'AB12345']);
      // Without an anchor match, the recognizers never run.
      const quiet = createEngine({
        recognizers: [recognizer({ id: 'cc', type: 'CC', placement: { kind: 'anchor', anchor }, validator: 'count', patterns: [{ name: 'n', regex: '[A-Z]{2}', score: 0.9 }] })],
        detectors: [],
        validators: { count: () => (anchorRuns++, true) },
      });
      expect(quiet.scan('AB CD EF 1234', { pass: 'local' })).to.deep.equal([]);
      expect(anchorRuns).to.equal(0);
    });

    it('with an anchor, finds a value that starts exactly its reach before the anchor match, and every value of one window', () => {
      const engine = createEngine({
        recognizers: [recognizer({
          id: 'coded', type: 'CODED', placement: { kind: 'anchor', anchor: { regex: String.raw`\d{5}`, reach: 4 } },
          patterns: [{ name: 'n', regex: String.raw`\b[A-Z]{1,3}-\d{5}\b`, score: 0.9 }],
        })],
        detectors: [],
      });
      // Three letters and a hyphen: the value starts exactly `reach` characters before its digits.
      // The next three share one merged window (their anchor windows overlap), the first of them
      // ending right where the next one's letters start.
      const values = ['ABC-12345', 'XYZ-23456', 'Q-34567', 'RS-45678'];
      const text = `code ${values[0]} ${'.'.repeat(20)} ${values[1]} ${values[2]} ${values[3]}.`;
      expect(engine.scan(text, { pass: 'local' }).map((f) => text.slice(f.start, f.end))).to.deep.equal(values);
    });

    it('with keywords and an anchor, only looks where a keyword window meets an anchor window', () => {
      const engine = createEngine({
        recognizers: [recognizer({
          id: 'labelled', type: 'LABELLED', placement: { kind: 'anchor', anchor: { regex: String.raw`\d{5}`, reach: 2 }, window: { keywords: ['tel'], reach: 12 } },
          patterns: [{ name: 'n', regex: String.raw`\b[0-9X]{3,6}\b`, score: 0.9 }],
        })],
        detectors: [],
      });
      // Near the keyword but no anchor match; an anchor match but far from any keyword; both.
      const text = `tel XXXX ${'.'.repeat(40)} 55555 ${'.'.repeat(40)} tel 12345`;
      expect(engine.scan(text, { pass: 'local' }).map((f) => text.slice(f.start, f.end))).to.deep.equal(['12345']);
    });

    it('with keywords and an anchor, reads a value on to the end of its anchor window when the keyword window ends inside it', () => {
      const engine = createEngine({
        recognizers: [recognizer({
          id: 'labelled', type: 'LABELLED', placement: { kind: 'anchor', anchor: { regex: String.raw`\d{5}`, reach: 12 }, window: { keywords: ['tel'], reach: 2 } },
          patterns: [{ name: 'n', regex: String.raw`\b\d{5}-[A-Z]{2}-[A-Z]{6}\b`, score: 0.9 }],
        })],
        detectors: [],
      });
      // Each keyword window ends two characters into its value; each value ends ten characters
      // after its digits, inside its anchor window; several windows, so each needs its own end.
      const values = ['12345-AB-CDEFGH', '67890-CD-EFGHIJ', '11111-EF-GHIJKL'];
      const text = values.map((v) => `tel ${v} ${'.'.repeat(30)} 22222 ${'.'.repeat(30)}`).join(' ');
      expect(engine.scan(text, { pass: 'local' }).map((f) => text.slice(f.start, f.end))).to.deep.equal(values);
    });

    it('finds values whose digit run starts or ends far inside them (IBANs with letters in the BBAN)', () => {
      const ibans = [
        'MT84 MALT 0110 0001 2345 MTLC AST0 01S', 'FR14 2004 1010 0505 0001 3M02 606', 'QA58 DOHB 0000 1234 5678 90AB CDEF G',
        'KZ86 125K ZT50 0410 0100', 'RO49 AAAA 1B31 0075 9384 0000', 'GB82 WEST 1234 5698 7654 32', 'MU17 BOMM 0101 1010 3030 0200 000M UR',
        'SC18 SSCB 1101 0000 0000 0000 1497 USD', 'BR18 0036 0305 0000 1000 9795 493C 1', 'LC55 HEMM 0001 0001 0012 0012 0002 3015',
      ];
      for (const iban of ibans) {
        for (const value of [iban, iban.replace(/ /g, '')]) {
          const text = `Please transfer it to ${value} today.`;
          const found = scan(text, { pass: 'local' }).filter((f) => f.type === 'IBAN').map((f) => text.slice(f.start, f.end));
          expect(found, value).to.deep.equal([value]);
        }
      }
    });

    it('with anchor shapes, only looks near anchor matches of one of those shapes', () => {
      const anchor = { regex: String.raw`\d(?:[ \-]?\d){4,}`, reach: 4 };
      const pattern = { name: 'n', regex: String.raw`\bID\d[\d \-]+\d\b`, score: 0.9 };
      const make = (shapes?: { digits?: number; run?: number; anyOf?: string }[]) =>
        createEngine({ recognizers: [recognizer({ id: 'id', type: 'ID', placement: { kind: 'anchor', anchor, shapes }, patterns: [pattern] })], detectors: [] });
      const text = ['ID1234-5678', 'ID123-456', 'ID1234 5678', 'ID1234567890', 'ID123456789'].join(' ... ');
      const found = (engine: ReturnType<typeof make>) => engine.scan(text, { pass: 'local' }).map((f) => text.slice(f.start, f.end));
      expect(found(make([{ digits: 8, anyOf: '-' }, { run: 10 }]))).to.deep.equal(['ID1234-5678', 'ID1234567890']);
      expect(found(make())).to.have.length(5);
      expect(() => createEngine({ recognizers: [recognizer({ id: 'z', type: 'Z', placement: { kind: 'anchor', anchor, shapes: [{ digits: 1.5 }] }, patterns: [pattern] })], detectors: [] }))
        .to.throw(DetectionConfigError, /anchor shape/);
    });

    it('built-in recognizers with anchor shapes find on their samples what they find without them', () => {
      const shaped = recognizers.filter((r) => r.placement.kind === 'anchor' && r.placement.shapes !== undefined);
      expect(shaped.length).to.be.greaterThan(5);
      const unshaped = recognizers.map((r) => (r.placement.kind === 'anchor' ? { ...r, placement: { ...r.placement, shapes: undefined } } : r));
      const plain = createEngine({ recognizers: unshaped, detectors: [] });
      const withShapes = createEngine({ recognizers, detectors: [] });
      const texts = recognizers.flatMap((r) => [...r.samples.positive.map((p) => p.text), ...r.samples.negative]);
      for (const pass of ['local', 'full'] as const) {
        for (const text of texts) expect(withShapes.scan(text, { pass }), text.length.toString()).to.deep.equal(plain.scan(text, { pass }));
      }
    });

    it('with near, tries the patterns only from that many characters before an anchor match to its end, as a global scan would', () => {
      const anchor = { regex: String.raw`\d{3}`, reach: 20 };
      const make = (near?: number) =>
        createEngine({
          recognizers: [recognizer({ id: 'n', type: 'N', placement: { kind: 'anchor', anchor, near }, patterns: [{ name: 'n', regex: String.raw`\b[A-Z]+-?\d+(?:-[A-Z]+\d+)?`, score: 0.9 }] })],
          detectors: [],
        });
      // AB12 holds no anchor match; ABC-123 starts 4 before one; ZZ1-RR123 starts 6 before its
      // anchor match and is one match (a global scan does not look again inside it at RR123).
      const text = 'AB12 ABC-123 ZZ1-RR123 x Z-456';
      const spans = (near?: number) => make(near).scan(text, { pass: 'local' }).map((f) => text.slice(f.start, f.end));
      expect(spans()).to.deep.equal(['AB12', 'ABC-123', 'ZZ1-RR123', 'Z-456']);
      expect(spans(6)).to.deep.equal(['ABC-123', 'ZZ1-RR123', 'Z-456']);
      expect(spans(4)).to.deep.equal(['ABC-123', 'RR123', 'Z-456']);
      expect(spans(0)).to.deep.equal([]);
      expect(() => make(-1)).to.throw(DetectionConfigError, /anchor near/);
      expect(() =>
        createEngine({ recognizers: [recognizer({ id: 'w', type: 'W', placement: { kind: 'anchor', anchor, near: 1, window: { keywords: ['id'], reach: 5 } }, patterns: [{ name: 'n', regex: 'a', score: 0.9 }] })], detectors: [] }),
      ).to.throw(DetectionConfigError, /anchor near/);
    });

    it('built-in recognizers with near find what a scan of the whole text finds, on generated texts dense with their shapes', () => {
      const near = recognizers.filter((r) => r.placement.kind === 'anchor' && r.placement.near !== undefined);
      expect(near.map((r) => r.id)).to.include.members(['es-nie', 'fi-hetu', 'dea-number', 'payment-card', 'phone-national-layout', 'ip-v6', 'ip-v4']);
      // Without validator and context, every pattern match is a finding.
      const bare = (r: Recognizer, placement: Placement) => ({ ...r, placement, validator: undefined, context: undefined, negativeContext: undefined, minScore: 0.1 });
      // Words of letters (the identifiers' leading letters, check characters and century signs),
      // digit runs (often of their lengths), signs and spaces, between separators.
      const parts = ['X', 'Y', 'Z', 'X-', 'Z ', 'A', 'B', 'F', 'U', 'AB', 'QZ', 'A9', '-', '+', ' ', '', '', ''];
      const separators = [' ', ' ', '\n', ', ', '. ', '/', '-', 'a'];
      let seed = 7;
      const random = (n: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8) % n;
      const digits = () => Array.from({ length: [3, 4, 4, 6, 7, 16, 1 + random(9)][random(7)] }, () => random(10)).join('');
      // Phone layouts: digit pairs and groups with one separator, a Brazilian area code.
      const pairs = () => `0${1 + random(9)}` + Array.from({ length: 3 + random(3) }, () => (random(2) ? ' ' : '.') + (10 + random(90))).join('');
      const grouped = () => [`(${random(90) + 10}) 9${digits()}-`, `06-${digits()}`, `${[3, 6, 9][random(3)]}${random(90) + 10} `, pairs()][random(4)] + digits();
      // IPv6-like: hex groups of up to five digits, single and double colons, a dot or letter around.
      const hex = () => Array.from({ length: random(6) }, () => '0123456789abcdefABCDEFx'[random(23)]).join('');
      const colons = () => Array.from({ length: 1 + random(9) }, () => hex() + [':', ':', '::', ':::', '.'][random(5)]).join('') + hex();
      // IPv4-like: three to five numbers of up to three digits, mostly joined by dots.
      const quad = () => Array.from({ length: 3 + random(3) }, () => String(random([10, 40, 256, 999][random(4)]))).join(random(6) ? '.' : ' ');
      const word = () => (random(6) === 0 ? quad() : random(5) === 0 ? colons() : random(4) === 0 ? grouped() : Array.from({ length: 1 + random(4) }, () => (random(2) === 0 ? digits() : parts[random(parts.length)])).join(''));
      const texts = Array.from({ length: 1500 }, () => Array.from({ length: 30 }, () => word() + separators[random(separators.length)]).join(''));
      for (const r of near) {
        let total = 0;
        const placed = createEngine({ recognizers: [bare(r, r.placement)], detectors: [] });
        const whole = createEngine({ recognizers: [bare(r, { kind: 'everywhere' })], detectors: [] });
        for (const text of [...texts, ...r.samples.positive.map((p) => p.text), ...r.samples.negative]) {
          const found = placed.scan(text, { pass: 'local' });
          expect(found, `${r.id} on ${JSON.stringify(text)}`).to.deep.equal(whole.scan(text, { pass: 'local' }));
          total += found.length;
        }
        expect(total, r.id).to.be.greaterThan(20);
      }
      // All together: recognizers sharing a candidate list (es-nie, fi-hetu, dea-number) try the
      // union of their first characters.
      const placed = createEngine({ recognizers: near.map((r) => bare(r, r.placement)), detectors: [] });
      const whole = createEngine({ recognizers: near.map((r) => bare(r, { kind: 'everywhere' })), detectors: [] });
      for (const text of texts) expect(placed.scan(text, { pass: 'local' }), JSON.stringify(text)).to.deep.equal(whole.scan(text, { pass: 'local' }));
    });

    it('with a lead, tries a window pattern only where the lead matches, as a global scan of the window text would', () => {
      const make = (lead?: string) =>
        createEngine({
          recognizers: [
            recognizer({ id: 'l', type: 'L', placement: { kind: 'anchor', anchor: { regex: String.raw`\d{3}`, reach: 30 } }, patterns: [{ name: 'n', regex: String.raw`\b[A-Z]+\d+(?:-[A-Z]+\d+)?`, score: 0.9, lead }] }),
          ],
          detectors: [],
        });
      // ZZ1-RR123 is one match: a global scan does not look again inside it, at RR123.
      const text = 'AB123 cd CD456 ZZ1-RR123 x EF789';
      const spans = (lead?: string) => make(lead).scan(text, { pass: 'local' }).map((f) => text.slice(f.start, f.end));
      expect(spans()).to.deep.equal(['AB123', 'CD456', 'ZZ1-RR123', 'EF789']);
      expect(spans(String.raw`\b[a-z]`)).to.deep.equal(['AB123', 'CD456', 'ZZ1-RR123', 'EF789']);
      // A lead that misses some starts misses those matches (and finds RR123 where ZZ1 was skipped).
      expect(spans('ab|cd|rr')).to.deep.equal(['AB123', 'CD456', 'RR123']);
      expect(() => make('(')).to.throw(DetectionConfigError, /does not compile/);
    });

    it('matches the lead of every built-in pattern that has one at the start of each of its matches', () => {
      const led = recognizers.flatMap((r) => r.patterns.filter((p) => p.lead !== undefined).map((p) => ({ id: r.id, p })));
      expect(led.map((x) => x.id)).to.include.members(['eu-vat', 'iban-eea', 'iban']);
      // Every IBAN country code and VAT prefix in both cases, then a separator and an IBAN-sized
      // body (digits, some letters, some groups of four) or a VAT-like one; and loose parts.
      const codes = [...Object.keys(IBAN_LENGTHS), 'ATU', 'EL', 'XI', 'EU'];
      const parts = [...codes, 'GD', 'HA', 'B', 'M', 'x', ' ', '  ', '-', '.', ':', ': ', ' - ', '/', '+', '*'];
      let seed = 11;
      const random = (n: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8) % n;
      const pick = <T>(list: T[]) => list[random(list.length)];
      const digits = (n = 1 + random(12)) => Array.from({ length: n }, () => random(10)).join('');
      const body = (n: number) => Array.from({ length: n }, (_, i) => (i > 0 && i % 4 === 0 && random(2) ? ' ' : '') + (random(5) ? random(10) : pick(['A', 'b', 'M', 'X']))).join('');
      const shaped = () => {
        const code = pick(codes);
        const cased = random(3) ? code : code.toLowerCase();
        return cased + pick(['', '', ' ', '-', '.', ': ', '  ']) + (random(2) ? digits(2) + body((IBAN_LENGTHS[code] ?? 12) - 4) : pick(['', 'A', 'GD', 'x9']) + digits(2 + random(12)));
      };
      const word = () => (random(3) === 0 ? shaped() : Array.from({ length: 2 + random(6) }, () => (random(2) === 0 ? digits() : pick(parts))).join(''));
      const texts = Array.from({ length: 3000 }, () => Array.from({ length: 6 }, () => word()).join(pick([' ', ', ', '\n', ' - '])));
      for (const { id, p } of led) {
        const re = new RegExp(p.regex, (p.flags ?? '') + 'g');
        const lead = new RegExp(p.lead!, 'iy');
        let matches = 0;
        // VAT bodies led by two letters (FR, XI) or one (ES, IE's second form).
        const vat = ['FR AB 123456789', 'vat FRHK123456789.', 'XIGD123', 'xiha456', 'FR-x9.123456789', 'ES X1234567L', 'IE 1A23456W'];
        for (const text of [...texts, ...vat, ...recognizers.find((r) => r.id === id)!.samples.positive.map((x) => x.text)]) {
          for (const m of text.matchAll(re)) {
            lead.lastIndex = m.index!;
            expect(lead.test(text), `${id} at ${m.index} of ${JSON.stringify(text)}`).to.equal(true);
            matches++;
          }
        }
        expect(matches, id).to.be.greaterThan(80);
      }
    });

    it('with a run, finds what a global scan finds, and every built-in run pattern matches only whole runs', () => {
      const runOf = recognizers.flatMap((r) => r.patterns.filter((p) => p.run !== undefined).map((p) => ({ r, p })));
      expect(runOf.map((x) => x.r.id)).to.include('it-fiscal-code');
      // Fiscal-code-like runs of 14 to 18 characters, cut and joined by what may or may not continue a run.
      let seed = 5;
      const random = (n: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8) % n;
      const code = () => {
        const base = 'RSSMRA45C12F205C'.split('').map((c) => (random(8) ? c : random(2) ? 'LMNPQRSTUV'[random(10)] : String(random(10))));
        const cut = random(4);
        if (cut === 1) base.splice(random(16), 1);
        if (cut === 2) base.splice(random(16), 0, pick(['X', '7', 'a']));
        return base.join('');
      };
      const pick = <T>(list: T[]) => list[random(list.length)];
      const glue = ['', ' ', ' ', '-', '_', 'a', 'É', '\n', ': ', '.', '9', 'Z', 'ab '];
      const texts = Array.from({ length: 2000 }, () => Array.from({ length: 1 + random(6) }, () => pick(glue) + code() + pick(glue)).join(pick(['', ' ', 'x'])));
      texts.push(...runOf.flatMap((x) => x.r.samples.positive.map((s) => s.text)));
      const strip = (r: Recognizer<string>) => ({ ...r, validator: undefined, patterns: r.patterns.map((p) => ({ ...p, score: 0.9 })) });
      const withRun = createEngine({ recognizers: runOf.map(({ r }) => strip(r)), detectors: [] });
      const without = createEngine({ recognizers: runOf.map(({ r }) => ({ ...strip(r), patterns: r.patterns.map(({ run: _, ...p }) => ({ ...p, score: 0.9 })) })), detectors: [] });
      let found = 0;
      for (const text of texts) {
        const got = withRun.scan(text, { pass: 'local' });
        expect(got, JSON.stringify(text)).to.deep.equal(without.scan(text, { pass: 'local' }));
        found += got.length;
      }
      expect(found).to.be.greaterThan(400);
      // A run one longer than the pattern's matches would miss them all.
      const longer = createEngine({ recognizers: runOf.map(({ r }) => ({ ...strip(r), patterns: r.patterns.map((p) => ({ ...p, score: 0.9, run: p.run && { ...p.run, length: p.run.length + 1 } })) })), detectors: [] });
      expect(texts.reduce((n, text) => n + longer.scan(text, { pass: 'local' }).length, 0)).to.equal(0);
      expect(() => createEngine({ recognizers: [recognizer({ id: 'x', type: 'X', patterns: [{ name: 'n', regex: 'a', score: 0.9, run: { length: 1, of: '[^a]' } }] })], detectors: [] })).to.throw(DetectionConfigError, /run needs/);
    });

    it('finds the same anchor matches whether the anchor starts with a literal (jumped to) or not', () => {
      const make = (regex: string) =>
        createEngine({
          recognizers: [recognizer({ id: 'tag', type: 'TAG', placement: { kind: 'anchor', anchor: { regex, reach: 2 } }, patterns: [{ name: 'n', regex: String.raw`\b[A-Z]{2}#\d{3}\b`, score: 0.9 }] })],
          detectors: [],
        });
      const text = `AB#123 ## #12 CD#456#789 ${'x'.repeat(30)} EF#000`;
      const spans = (regex: string) => make(regex).scan(text, { pass: 'local' }).map((f) => text.slice(f.start, f.end));
      expect(spans(String.raw`#\d{3}`)).to.deep.equal(['AB#123', 'CD#456', 'EF#000']);
      expect(spans(String.raw`(?:#)\d{3}`)).to.deep.equal(['AB#123', 'CD#456', 'EF#000']);
      // With an alternation a match may start elsewhere, so no jumping: '%' anchors too.
      const mixed = `AB#123 ${'x'.repeat(30)} GH#321%`;
      expect(make(String.raw`#\d{3}|%`).scan(mixed, { pass: 'local' }).map((f) => mixed.slice(f.start, f.end))).to.deep.equal(['AB#123', 'GH#321']);
    });

    it('rejects an anchor that nests unbounded quantifiers, or an anchor window without keywords or context words', () => {
      const bad = { name: 'n', regex: 'a', score: 0.9 };
      expect(() => createEngine({ recognizers: [recognizer({ id: 'x', type: 'X', placement: { kind: 'anchor', anchor: { regex: '(\\d+)+', reach: 1 } }, patterns: [bad] })], detectors: [] }))
        .to.throw(DetectionConfigError, /anchor: nested unbounded/);
      expect(() => createEngine({ recognizers: [recognizer({ id: 'y', type: 'Y', placement: { kind: 'anchor', anchor: { regex: '\\d', reach: 1 }, window: { reach: 5 } }, patterns: [bad] })], detectors: [] }))
        .to.throw(DetectionConfigError, /an anchor window \(keywords or context words\) needs keywords/);
    });

    it('with a start placement, tries the patterns only at the allowed offsets from each keyword', () => {
      const engine = createEngine({
        recognizers: [recognizer({ id: 'tok', type: 'TOK', placement: { kind: 'start', keywords: ['tk_'], before: 2, after: 0 }, patterns: [{ name: 'n', regex: String.raw`\b(?:xx)?tk_\d{4}\b`, score: 0.9 }] })],
        detectors: [],
      });
      const text = 'tk_1234 xxtk_5678 tk_12 TK_9999 tk_4321';
      expect(engine.scan(text, { pass: 'local' }).map((f) => text.slice(f.start, f.end))).to.deep.equal(['tk_1234', 'xxtk_5678', 'tk_4321']);
      // A match that would start further before the keyword than `before` allows is not tried.
      const near = createEngine({
        recognizers: [recognizer({ id: 'near', type: 'NEAR', placement: { kind: 'start', keywords: ['tk_'], before: 1, after: 0 }, patterns: [{ name: 'n', regex: String.raw`\b(?:xx)?tk_\d{4}\b`, score: 0.9 }] })],
        detectors: [],
      });
      expect(near.scan('xxtk_5678', { pass: 'local' })).to.deep.equal([]);
    });

    it('with a leading class, tries only positions from which that class reaches the keyword', () => {
      // No lookbehind: the regex alone would also match from inside a run or before a blank.
      const make = (leading?: string) =>
        createEngine({
          recognizers: [recognizer({ id: 'at', type: 'AT', placement: { kind: 'start', keywords: ['@'], before: 8, after: 0, leading }, patterns: [{ name: 'n', regex: String.raw`[a-z. ]+@x`, score: 0.9 }] })],
          detectors: [],
        });
      const text = 'say ab.cd@x, é ef@x';
      const spans = (leading?: string) => make(leading).scan(text, { pass: 'local' }).map((f) => [f.start, f.end]);
      expect(spans()).to.deep.equal([[1, 11], [14, 19]]);
      expect(spans('[a-z.]')).to.deep.equal([[4, 11], [15, 19]]);
      expect(() => make('a-z')).to.throw(DetectionConfigError, /leading must be one character class/);
      expect(() => make('[a][b]')).to.throw(DetectionConfigError, /leading must be one character class/);
    });

    it('with a start placement after the keyword, finds a match that begins later, once', () => {
      const engine = createEngine({
        recognizers: [recognizer({ id: 'cmp', type: 'CMP', placement: { kind: 'start', keywords: ['pin', 'pins'], before: 0, after: 6 }, patterns: [{ name: 'n', regex: String.raw`==\s?\d{4}`, score: 0.9 }] })],
        detectors: [],
      });
      const text = 'if pins == 1234 or pin== 5678 or x == 0000';
      expect(engine.scan(text, { pass: 'local' }).map((f) => text.slice(f.start, f.end))).to.deep.equal(['== 1234', '== 5678']);
    });

    it('rejects a start placement without keywords or out of range, and placements mixing kinds do not type-check', () => {
      const p = [{ name: 'n', regex: 'a', score: 0.9 }];
      const make = (placement: Placement) => () => createEngine({ recognizers: [recognizer({ id: 'x', type: 'X', patterns: p, placement })], detectors: [] });
      expect(make({ kind: 'start', keywords: [], before: 0, after: 0 })).to.throw(DetectionConfigError, /a start placement needs keywords/);
      expect(make({ kind: 'start', keywords: ['a'], before: 65, after: 0 })).to.throw(DetectionConfigError, /within 0\.\.64/);
      expect(make({ kind: 'start', keywords: ['a'], before: -1, after: 0 })).to.throw(DetectionConfigError, /within 0\.\.64/);
      // A leading class lets `before` reach further (only its run before the keyword is tried).
      expect(make({ kind: 'start', keywords: ['a'], before: 256, after: 0, leading: '[a-z]' })).not.to.throw();
      expect(make({ kind: 'start', keywords: ['a'], before: 257, after: 0, leading: '[a-z]' })).to.throw(DetectionConfigError, /within 0\.\.256 with leading/);
      expect(make({ kind: 'start', keywords: ['a'], before: 0, after: 65, leading: '[a-z]' })).to.throw(DetectionConfigError, /within 0\.\.64/);
      expect(make({ kind: 'window', keywords: ['a'], reach: 0 })).to.throw(DetectionConfigError, /needs a positive reach/);
      // Checked by the compiler: a start placement has no window reach, a gate no anchor.
      // @ts-expect-error a start placement with a window reach
      const mixed: Placement = { kind: 'start', keywords: ['a'], before: 0, after: 0, reach: 5 };
      // @ts-expect-error a gate with an anchor
      const gated: Placement = { kind: 'gate', keywords: ['a'], anchor: { regex: 'a', reach: 1 } };
      expect([mixed.kind, gated.kind]).to.deep.equal(['start', 'gate']);
    });

    it('finds with a start placement what a keyword window finds, for every built-in recognizer that uses it', () => {
      const all = createEngine().recognizers;
      const texts = all.flatMap((r) => [...r.samples.positive.map((x) => x.text), ...r.samples.negative]);
      const corpus = texts.join('\n\n');
      const spans = (e: ReturnType<typeof createEngine>, text: string) => e.scan(text, { pass: 'full' }).map((f) => `${f.type}:${f.start}:${f.end}`);
      const users = all.filter((r) => r.placement.kind === 'start');
      expect(users.length).to.be.greaterThan(50);
      for (const r of users) {
        const keywords = r.placement.kind === 'start' ? r.placement.keywords : [];
        const windowed: Recognizer<string> = { ...r, placement: { kind: 'window', keywords, reach: 400, insideWords: true } };
        const a = createEngine({ recognizers: [r], detectors: [] });
        const b = createEngine({ recognizers: [windowed], detectors: [] });
        expect(spans(a, corpus), r.id).to.deep.equal(spans(b, corpus));
        for (const t of texts) expect(spans(a, t), `${r.id} on a sample`).to.deep.equal(spans(b, t));
      }
    });

    it('reads the characters a pattern can start with, or none when unsure', () => {
      const chars = (source: string, flags = '') => {
        const f = firstChars(source, flags);
        return f === null ? null : [...f.subarray(0, 128)].map((v, c) => (v ? String.fromCharCode(c) : '')).join('');
      };
      expect(chars(String.raw`\bNRAK-[A-Z0-9]{27}\b`)).to.equal('N');
      expect(chars(String.raw`(?<![\w-])(?:ab|c[d-f])x`, 'i')).to.equal('ACac');
      expect(chars(String.raw`[0-9a-c]+z`)).to.equal('0123456789abc');
      // An atom that may match nothing adds the first characters of what follows it.
      expect(chars('a?b')).to.equal('ab');
      expect(chars(String.raw`\b(?:[a-c]{2}\d{2}xx)?[d-f]{3}`)).to.equal('abcdef');
      expect(chars('x{0,2}y*?z')).to.equal('xyz');
      // Classes, escapes and `.` as the regex engine reads them; an empty branch, a word boundary passed over.
      expect([chars('[^a]')!.length, chars(String.raw`\sx`), chars('.x')!.length, chars('(?:|a)b'), chars(String.raw`x?\by`)]).to.deep.equal([127, '\t\n\u000b\f\r ', 126, 'ab', 'xy']);
      // A match that may be empty, a back-reference, a group with flags, flag u: unsure.
      for (const unsure of ['a?', '(?:x)?y?', String.raw`\k<n>(?<n>a)`, '(?i:a)b']) expect(chars(unsure), unsure).to.equal(null);
      expect(chars('a', 'u')).to.equal(null);
      // Where the regex says the character before a match is not a word character, a position after one is skipped.
      const at = (source: string, text: string, i: number) => mayStart(firstChars(source, '')!, text, i);
      expect([at(String.raw`\bab`, 'xab ab', 1), at(String.raw`\bab`, 'xab ab', 4), at(String.raw`\bab`, 'ab', 0)]).to.deep.equal([false, true, true]);
      expect([at(String.raw`(?<![\w-])\d`, 'a1 -1 ,1', 1), at(String.raw`(?<![\w-])\d`, 'a1 ,1', 4)]).to.deep.equal([false, true]);
      expect(at(String.raw`(?<![\w-]|\d )[\s\S]`, 'a1', 1), 'unknown first characters, known word start').to.equal(false);
      // Not when the assertion guards one branch only, or \b stands before a non-word character.
      expect([at(String.raw`\ba|b`, 'ab', 1), at(String.raw`\b-x`, 'a-x', 1), at(String.raw`(?<=[\w])x`, 'ax', 1)]).to.deep.equal([true, true, true]);
      // Every match of every built-in pattern on the samples starts with a character it names.
      const corpus = createEngine().recognizers.flatMap((r) => [...r.samples.positive.map((x) => x.text), ...r.samples.negative]).join('\n');
      for (const r of createEngine().recognizers) {
        for (const p of r.patterns) {
          const first = firstChars(p.regex, p.flags ?? '');
          if (first === null) continue;
          for (const m of corpus.matchAll(new RegExp(p.regex, (p.flags ?? '') + 'g'))) {
            expect(mayStart(first, corpus, m.index), `${r.id}/${p.name}`).to.equal(true);
          }
        }
      }
    });

    it('leads a global scan with \\b only where no word character may precede a word-character start, finding the same matches', () => {
      const led = (source: string, flags = '') => wordLed(firstChars(source, flags));
      expect([led(String.raw`(?<![\w.-])\d{5}`), led(String.raw`(?<![\w-]|\d )[A-Z]\d`, 'i')]).to.deep.equal([true, true]);
      // A start that is not a word character ("(" before a phone number), no assertion, one on a branch only.
      expect([led(String.raw`(?<![\w.-])[(\d]\d{5}`), led(String.raw`\d{5}`), led(String.raw`(?<!\w)a|b`), led(String.raw`(?<=\w)\d`)]).to.deep.equal([false, false, false, false]);
      // Every built-in pattern it leads finds the same matches on the samples with and without \b.
      const corpus = createEngine().recognizers.flatMap((r) => [...r.samples.positive.map((x) => x.text), ...r.samples.negative]).join('\n');
      let checked = 0;
      for (const r of createEngine().recognizers) {
        for (const p of r.patterns) {
          if (!led(p.regex, p.flags ?? '')) continue;
          const spans = (source: string) => [...corpus.matchAll(new RegExp(source, (p.flags ?? '') + 'g'))].map((m) => `${m.index}+${m[0].length}`);
          expect(spans(String.raw`\b` + p.regex), `${r.id}/${p.name}`).to.deep.equal(spans(p.regex));
          checked++;
        }
      }
      expect(checked).to.be.greaterThan(20);
    });

    it('spells a case-insensitive regex with a back-reference in both cases, matching what flag i matched', () => {
      const same = (source: string, texts: string[]) => {
        const spelled = spellCaseless(source);
        expect(spelled, source).to.be.a('string');
        for (const t of texts) {
          const a = [...t.matchAll(new RegExp(source, 'gi'))].map((m) => `${m.index}:${m[0]}`);
          const b = [...t.matchAll(new RegExp(spelled!, 'g'))].map((m) => `${m.index}:${m[0]}`);
          expect(b, `${source} on ${t}`).to.deep.equal(a);
        }
      };
      same(String.raw`(?:api[_.-]?key|secret)\s*=\s*(?<q>["'\x60])(?<value>[!-~]{4,20}?)\k<q>`, ['API_KEY = "Ab1x9"', "Secret='zZ'' x'", 'sEcReT=`k9Z2q`', 'apikey="x"']);
      same(String.raw`[a-c\d_][^x-z\s]+(?<q>["'])?\k<q>`, ['AbX', 'b9Y"', 'C_xz', 'cZ\'Q']);
      // Refused: a group that may capture a letter (i compares back-references in both cases), numbered references, \u, \p.
      for (const source of [String.raw`(?<q>[a"])\k<q>`, String.raw`(?<q>\w)\k<q>`, String.raw`(a)\1`, String.raw`\u0041(?<q>["])\k<q>`, String.raw`\x41(?<q>["])\k<q>`]) {
        expect(spellCaseless(source), source).to.equal(null);
      }
      // Every built-in pattern the compiler spells finds the same on the samples, also upper- and lower-cased.
      const texts = recognizers.flatMap((r) => [...r.samples.positive.map((x) => x.text), ...r.samples.negative]);
      const corpus = [...texts, ...texts.map((t) => t.toUpperCase()), ...texts.map((t) => t.toLowerCase())].join('\n');
      let spelled = 0;
      for (const r of recognizers) {
        for (const p of r.patterns) {
          if (!(p.flags ?? '').includes('i') || !/\\k</.test(p.regex)) continue;
          spelled++;
          same(p.regex, [corpus]);
        }
      }
      expect(spelled).to.be.greaterThan(3);
    });

    it('numbers the value group of every built-in pattern as the regex does', () => {
      expect(captureIndex(String.raw`(a)(?:b)(?<=c)(?<x>d)[(](?<v>e)\(`, 'v')).to.equal(3);
      const corpus = recognizers.flatMap((r) => [...r.samples.positive.map((x) => x.text), ...r.samples.negative]).join('\n');
      let checked = 0;
      for (const r of recognizers) {
        for (const p of r.patterns) {
          if (!p.group) continue;
          const index = captureIndex(p.regex, p.group);
          for (const m of corpus.matchAll(new RegExp(p.regex, (p.flags ?? '') + 'g'))) {
            expect(m[index], `${r.id}/${p.name}`).to.equal(m.groups![p.group]);
            checked++;
          }
        }
      }
      expect(checked).to.be.greaterThan(100);
    });

    it('finds every keyword occurrence in one pass, case-insensitively', () => {
      const m = new KeywordMatcher(['ssn', 'social security', 'sec']);
      const hits: [string, number][] = [];
      m.scan('My Social Security no, SSN', (id, start) => hits.push([m.keywords[id], start]));
      expect(hits).to.deep.equal([['sec', 10], ['social security', 3], ['ssn', 23]]);
    });

    it('finds every occurrence in a long text, across chunks of the scan and astral characters', () => {
      const m = new KeywordMatcher(['ab', 'b', 'x']);
      // 'ab' straddles the 32,768th unit; more hits than one chunk of hits holds.
      const text = `q${'zAbx😀ab '.repeat(5000)}`;
      const hits: string[] = [];
      m.scan(text, (id, start) => hits.push(`${m.keywords[id]}@${start}`));
      const expected: string[] = [];
      for (let i = 0; i < text.length; i++) {
        const lower = text.slice(i, i + 2).toLowerCase();
        if (lower === 'ab') expected.push(`ab@${i}`, `b@${i + 1}`);
        else if (lower[0] === 'x') expected.push(`x@${i}`);
      }
      expect(hits.length).to.equal(5 * 5000);
      expect(hits).to.deep.equal(expected);
      // Without Node's Buffer (the SDK in a browser), the units are copied one by one: same hits.
      const bare = new KeywordMatcher(['ab', 'b', 'x']);
      Object.defineProperty(bare, 'scratch', { value: null });
      const bareHits: string[] = [];
      bare.scan(text, (id, start) => bareHits.push(`${bare.keywords[id]}@${start}`));
      expect(bareHits).to.deep.equal(expected);
    });

    it('finds a long keyword across the boundaries of the streams a chunk is read in, and a hit at every unit', () => {
      // The scan reads each chunk as four streams, each starting from the state the units before
      // it give: a keyword that straddles a boundary is found only if that state is exact.
      const long = 'social security number';
      const m = new KeywordMatcher([long, 'r', 'so']);
      const naive = (text: string) => {
        const out: string[] = [];
        const lower = text.toLowerCase();
        for (let end = 1; end <= text.length; end++) {
          if (end >= long.length && lower.slice(end - long.length, end) === long) out.push(`${long}@${end - long.length}`);
          if (lower[end - 1] === 'r') out.push(`r@${end - 1}`);
          if (lower.slice(end - 2, end) === 'so') out.push(`so@${end - 2}`);
        }
        return out;
      };
      for (const size of [1, 2, 9, 23, 24, 40, 95, 96, 97, 200, 32768 + 24, 32768 * 2 + 777]) {
        for (const shift of [0, 1, 5, 11, 22]) {
          const text = `${'x'.repeat(shift)}${'Social Security Number '.repeat(Math.ceil(size / 23) + 1)}`.slice(0, size);
          const hits: string[] = [];
          m.scan(text, (id, start) => hits.push(`${m.keywords[id]}@${start}`));
          expect(hits, `${size}/${shift}`).to.deep.equal(naive(text));
        }
      }
      const every = new KeywordMatcher(['a']);
      let count = 0;
      every.scan('A'.repeat(70000), (_id, start) => expect(start).to.equal(count++));
      expect(count).to.equal(70000);
    });
  });

  describe('passes', () => {
    it('runs full-pass recognizers and contextual detectors only in the full pass', () => {
      const engine = createEngine({
        recognizers: [recognizer({ id: 'heavy', type: 'HEAVY', pass: 'full', patterns: [{ name: 'n', regex: 'zzz', score: 0.9 }] })],
        detectors: [{ id: 'ctx', type: 'CTX', dataTypes: ['PHI'], samples: { positive: [], negative: [] }, detect: () => [finding(4, 5, 0.9, 'ctx', 'CTX')] }],
      });
      expect(engine.scan('zzz q', { pass: 'local' })).to.deep.equal([]);
      expect(engine.scan('zzz q', { pass: 'full' }).map((f) => f.type).sort()).to.deep.equal(['CTX', 'HEAVY']);
    });

    it('hands contextual detectors the lower-cased text and the pattern findings', () => {
      let seen: { lower: string; types: string[] } | undefined;
      const engine = createEngine({
        recognizers: [recognizer({ id: 'x', type: 'X', patterns: [{ name: 'n', regex: 'ID9', score: 0.9 }] })],
        detectors: [{ id: 'peek', type: 'PEEK', dataTypes: ['PHI'], samples: { positive: [], negative: [] }, detect: (_t, ctx) => {
          seen = { lower: ctx!.lower, types: ctx!.findings.map((f) => f.type) };
          return [];
        } }],
      });
      engine.scan('Patient ID9', { pass: 'full' });
      expect(seen).to.deep.equal({ lower: 'patient id9', types: ['X'] });
    });
  });

  describe('start-up checks', () => {
    const ok = { name: 'n', regex: 'a', score: 0.9 };
    const build = (r: Recognizer<string>[]) => () => createEngine({ recognizers: r, detectors: [] });

    it('rejects duplicate recognizer ids', () => {
      expect(build([recognizer({ id: 'dup', type: 'A', patterns: [ok] }), recognizer({ id: 'dup', type: 'B', patterns: [ok] })]))
        .to.throw(DetectionConfigError, 'recognizer "dup": duplicate id');
    });

    it('names the recognizer whose pattern does not compile', () => {
      expect(build([recognizer({ id: 'broken', type: 'A', patterns: [{ name: 'bad', regex: '(a', score: 0.9 }] })]))
        .to.throw(DetectionConfigError, /recognizer "broken": pattern bad does not compile/);
    });

    it('rejects nested unbounded quantifiers', () => {
      expect(build([recognizer({ id: 'redos', type: 'A', patterns: [{ name: 'evil', regex: '(a+)+$', score: 0.9 }] })]))
        .to.throw(DetectionConfigError, /redos.*nested unbounded/);
    });

    it('rejects an unknown validator, a non-kebab id and a lower-case type', () => {
      expect(build([recognizer({ id: 'v', type: 'A', patterns: [ok], validator: 'nope' })])).to.throw(/unknown validator nope/);
      expect(build([recognizer({ id: 'Bad_Id', type: 'A', patterns: [ok] })])).to.throw(/kebab-case/);
      expect(build([recognizer({ id: 't', type: 'lower', patterns: [ok] })])).to.throw(/UPPER_SNAKE/);
    });

    it('rejects a recognizer that can never reach its minimum score', () => {
      expect(build([recognizer({ id: 'weak', type: 'A', patterns: [{ name: 'n', regex: 'a', score: 0.2 }] })])).to.throw(/can ever reach minScore/);
    });

    it('spots nested unbounded quantifiers but accepts bounded ones', () => {
      expectVerdicts(hasNestedUnboundedQuantifier, ['(?:\\w+\\s?)*', '(a*)+'], ['(?:[a-z]{1,63}\\.){1,8}[a-z]+', '[(+]+\\d+', '(?:\\(\\d+\\))?']);
    });
  });

  describe('custom patterns', () => {
    it('runs a custom regex and names the finding after the pattern', () => {
      const text = 'ticket PRJ-12345 is open';
      const [f] = scan(text, { pass: 'local', customPatterns: [{ name: 'project code', regex: 'PRJ-\\d{5}' }] });
      expect(f).to.include({ type: 'PROJECT_CODE', recognizer: 'custom:project code' });
      expect(f.dataTypes).to.deep.equal(['CUSTOM']);
      expect(text.slice(f.start, f.end)).to.equal('PRJ-12345');
    });

    it('matches keywords case-insensitively on word boundaries only', () => {
      const text = 'Falcon launch; falconry is a hobby; FALCON again';
      const found = scan(text, { pass: 'local', customPatterns: [{ name: 'codename', keywords: ['falcon'] }] });
      expect(found.map((f) => text.slice(f.start, f.end))).to.deep.equal(['Falcon', 'FALCON']);
    });

    it('finishes a catastrophic regex quickly because it runs on RE2', () => {
      const text = 'a'.repeat(50_000) + '!';
      const t0 = Date.now();
      const found = scan(text, { pass: 'local', customPatterns: [{ name: 'evil', regex: '(a+)+$' }] });
      expect(Date.now() - t0).to.be.lessThan(2000);
      expect(found).to.deep.equal([]);
    });

    it('rejects an invalid pattern by its position, without echoing its name or regex', () => {
      try {
        compileCustomPatterns([{ name: 'good', regex: 'x' }, { name: 'broken-one', regex: '(secret-term' }]);
        expect.fail('should have thrown');
      } catch (e) {
        expect(e).to.be.instanceOf(DetectionConfigError);
        expect((e as DetectionConfigError).code).to.equal('invalid_custom_pattern');
        expect((e as DetectionConfigError).subject).to.equal('#2');
        expect((e as Error).message).to.contain('#2').and.not.contain('broken-one').and.not.contain('secret-term');
      }
    });

    it('rejects lookbehind (not RE2), empty definitions and duplicate names', () => {
      expect(() => compileCustomPatterns([{ name: 'lb', regex: '(?<=a)b' }])).to.throw(DetectionConfigError, /#1/);
      expect(() => compileCustomPatterns([{ name: 'empty' }])).to.throw(DetectionConfigError, /regex or at least one keyword/);
      expect(() => compileCustomPatterns([{ name: 'a-b', regex: 'x' }, { name: 'A B', regex: 'y' }])).to.throw(/same name/);
    });

    it('accepts a precompiled set', () => {
      const compiled = compileCustomPatterns([{ name: 'x', keywords: ['zeta'] }]);
      expect(scan('Zeta!', { pass: 'full', compiledCustom: compiled })).to.have.length(1);
    });
  });

  describe('finding-type catalogue', () => {
    it('lists every type once with its data types and a human label', () => {
      const types = findingTypes.map((t) => t.type);
      expect(new Set(types).size).to.equal(types.length);
      expect(findingTypes.find((t) => t.type === 'EMAIL')).to.deep.include({ label: 'E-mail address', dataTypes: ['PII'] });
      expect(findingTypes.find((t) => t.type === 'IBAN')!.dataTypes).to.have.members(['FINANCIAL', 'EU_DATA']);
      for (const t of findingTypes) expect(t.label, t.type).to.be.a('string').and.not.equal('');
    });
  });

  describe('precision on look-alikes', () => {
    const lookAlikes = [
      'release v2.14.4 (build 1.2.3.4567) on 2024-05-01 at 10:30:45',
      'uuid 123e4567-e89b-12d3-a456-426614174000 and sha1 da39a3ee5e6b4b0d3255bfef95601890afd80709',
      'order #100234567 shipped, invoice 2024-000123, tracking 1Z999AA10123456784',
      'dates 01.05.2024, 05/01/2024, 2024/05/01 and 20240501',
      'git commit 4b825dc642cb6eb9a060e54bf8d69288fbee4904',
      'prices 1,234,567.89 and 12 345 678 EUR',
    ];
    for (const text of lookAlikes) {
      it(`reports no phone, card, SSN or IP in: ${text.slice(0, 40)}…`, () => {
        const bad = scan(text, { pass: 'full' }).filter((f) => ['PHONE', 'CREDIT_CARD', 'SSN', 'IP_ADDRESS', 'IBAN'].includes(f.type));
        expect(bad.map((f) => `${f.type}:${text.slice(f.start, f.end)}`)).to.deep.equal([]);
      });
    }
  });
});
