/**
 * PHI: health information about a person. Conditions, medications and procedures from a
 * compact vocabulary are reported only when they stand near a patient context (`patient`,
 * `MRN`, `diagnosed with`, `prescribed`) or near an identifier (a name, a date of birth, or an
 * identifier the pattern recognizers found: e-mail, phone, SSN, record numbers). A health word
 * alone (`diabetes research funding`) is not PHI.
 */
import type { ContextualDetector, DetectContext, Finding } from '../types';
import { detectDatesOfBirth } from './date-of-birth';
import { detectPersons } from './person';
import { CONDITIONS, MEDICATIONS, PATIENT_CUES, PROCEDURES, phrases } from './phi-terms';
import { Kind, tokenize, type Token } from './tokenize';

/** Characters either side of a health term searched for a patient cue or an identifier. */
export const PHI_WINDOW = 120;
const MAX_PHRASE = 5;

interface PhraseIndex {
  /** Phrase (token lower-cases joined by one space) -> kind. */
  phrases: Map<string, string>;
  /** Longest phrase (in tokens) starting with a given first token. */
  longest: Map<string, number>;
}

let terms: PhraseIndex | undefined;
let cues: PhraseIndex | undefined;

function tokenKey(list: readonly Token[]): string[] {
  return list.map((t) => t.lower);
}

function buildIndex(groups: [string, string][]): PhraseIndex {
  const index: PhraseIndex = { phrases: new Map(), longest: new Map() };
  for (const [kind, list] of groups) {
    for (const p of phrases(list)) {
      const keys = tokenKey(tokenize(p).list);
      if (!keys.length || keys.length > MAX_PHRASE) continue;
      index.phrases.set(keys.join(' '), kind);
      index.longest.set(keys[0], Math.max(index.longest.get(keys[0]) ?? 0, keys.length));
    }
  }
  return index;
}

function indexes(): { terms: PhraseIndex; cues: PhraseIndex } {
  if (!terms || !cues) {
    terms = buildIndex([
      ['condition', CONDITIONS],
      ['medication', MEDICATIONS],
      ['procedure', PROCEDURES],
    ]);
    cues = buildIndex([['cue', PATIENT_CUES]]);
  }
  return { terms, cues };
}

interface Match {
  start: number;
  end: number;
  last: number;
}

/** Longest-first phrase matches of `index` over the tokens, one sweep. */
function matchAll(toks: Token[], index: PhraseIndex): Match[] {
  const out: Match[] = [];
  let i = 0;
  while (i < toks.length) {
    const t = toks[i];
    const max = t.kind === Kind.Punct ? 0 : (index.longest.get(t.lower) ?? 0);
    let found = -1;
    if (max) {
      let key = '';
      for (let n = 0; n < max && i + n < toks.length; n++) {
        const tk = toks[i + n];
        if (n > 0 && (tk.nl || (tk.gap === 0 && tk.kind === Kind.Word && toks[i + n - 1].kind === Kind.Word))) break;
        key = n ? `${key} ${tk.lower}` : tk.lower;
        if (index.phrases.has(key)) found = i + n;
      }
    }
    // Whole words only: `pt` inside `pt-br` or `aids` glued to more letters do not count.
    if (found >= 0 && !gluedWord(toks, i, found)) {
      out.push({ start: t.start, end: toks[found].end, last: found });
      i = found + 1;
    } else {
      i++;
    }
  }
  return out;
}

function gluedWord(toks: Token[], first: number, last: number): boolean {
  const prev = toks[first - 1];
  const next = toks[last + 1];
  const glue = (t: Token | undefined, gap: number): boolean =>
    !!t && gap === 0 && (t.kind !== Kind.Punct || t.text === '_' || t.text === '@' || t.text === '/');
  return glue(prev, toks[first].gap) || glue(next, next ? next.gap : 1);
}

/** Finds health information near a patient context or an identifier. */
export function detectPhi(text: string, ctx?: DetectContext): Finding[] {
  const idx = indexes();
  const toks = tokenize(text).list;
  const health = matchAll(toks, idx.terms);
  if (!health.length) return [];
  const anchors: { start: number; end: number; weight: number }[] = [];
  for (const m of matchAll(toks, idx.cues)) anchors.push({ start: m.start, end: m.end, weight: 0.75 });
  for (const f of detectPersons(text)) anchors.push({ start: f.start, end: f.end, weight: 0.7 });
  for (const f of detectDatesOfBirth(text)) anchors.push({ start: f.start, end: f.end, weight: 0.75 });
  for (const f of ctx?.findings ?? []) {
    if (f.type !== 'PHI' && (f.dataTypes.includes('PII') || f.dataTypes.includes('PHI'))) {
      anchors.push({ start: f.start, end: f.end, weight: 0.7 });
    }
  }
  if (!anchors.length) return [];
  const out: Finding[] = [];
  for (const h of health) {
    let best = 0;
    let count = 0;
    for (const a of anchors) {
      // The cue may be the term itself (`diagnosis`); it must stand apart from the term.
      if (a.start < h.end && h.start < a.end) continue;
      const distance = a.end <= h.start ? h.start - a.end : a.start - h.end;
      if (distance > PHI_WINDOW) continue;
      best = Math.max(best, a.weight);
      count++;
    }
    if (!best) continue;
    out.push({
      type: 'PHI',
      dataTypes: ['PHI'],
      start: h.start,
      end: h.end,
      score: Math.min(0.95, best + (count > 1 ? 0.1 : 0)),
      recognizer: 'health-context',
    });
  }
  return out;
}

/** PHI detector: medical vocabulary near a patient context or an identifier. */
export const phiDetector: ContextualDetector = {
  id: 'health-context',
  type: 'PHI',
  dataTypes: ['PHI'],
  label: 'Health information',
  detect: (text, ctx) => detectPhi(text, ctx),
  samples: {
    positive: [
      { text: 'Patient was diagnosed with type 2 diabetes and started on metformin.', value: 'type 2 diabetes' },
      { text: 'Maria Kowalski (DOB 04/11/1971) is taking sertraline 50 mg daily.', value: 'sertraline' },
      { text: 'MRN 00482913: scheduled for colonoscopy next Tuesday.', value: 'colonoscopy' },
      { text: 'Dear Tom Fischer, your HIV test results are ready.', value: 'HIV test' },
    ],
    negative: [
      'Our foundation funds research into diabetes and heart disease.',
      'The insulin market grew 4% last quarter.',
      'Read our blog post about asthma awareness week.',
    ],
  },
};
