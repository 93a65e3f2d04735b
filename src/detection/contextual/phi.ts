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
import { stateFor, tokensOf } from './shared';
import { Flag, HashFilter, hashWord, Kind, markWords, tokenize, type Tokens } from './tokenize';

/** Characters either side of a health term searched for a patient cue or an identifier. */
export const PHI_WINDOW = 120;
const MAX_PHRASE = 5;

/** The tokens of a phrase after its first: their lower cases, and the hash of each (`hashWord`). */
interface Rest {
  words: string[];
  hashes: number[];
}

interface PhraseIndex {
  /**
   * By the lower case of a phrase's first token, the tokens after it, one entry per phrase: a
   * phrase is matched token by token, with no string made per candidate.
   */
  rests: Map<string, Rest[]>;
  /** The first tokens that start with a letter (words: the tokenizer marks them). */
  firsts: string[];
  /** The hashes of the first tokens (`hashWord`), 2^18 bits: see sameWord. */
  firstHashes: HashFilter;
}

let terms: PhraseIndex | undefined;
let cues: PhraseIndex | undefined;

function buildIndex(groups: string[]): PhraseIndex {
  const rests = new Map<string, Rest[]>();
  const seen = new Set<string>();
  for (const list of groups) {
    for (const p of phrases(list)) {
      const T = tokenize(p);
      const keys: string[] = [];
      for (let k = 0; k < T.count; k++) keys.push(T.lower(k));
      // A phrase in two lists is matched once (tokens hold no space: the joined key is the tokens).
      const key = keys.join(' ');
      if (!keys.length || keys.length > MAX_PHRASE || seen.has(key)) continue;
      seen.add(key);
      const list = rests.get(keys[0]) ?? [];
      const words = keys.slice(1);
      list.push({ words, hashes: words.map(hashWord) });
      rests.set(keys[0], list);
    }
  }
  return { rests, firsts: [...rests.keys()].filter((k) => /^\p{L}/u.test(k)), firstHashes: new HashFilter(rests.keys(), 18) };
}

/**
 * Whether token `k`'s lower case may be a word of hash `hash` (`hashWord`): false settles it. An
 * ASCII word's token hash is the hash of its lower case, so another hash means another word, told
 * without making the token's lower case (most marked words and the words after them are no
 * phrase's: on the dense text they were 3,000 first lower-case strings and word ids per MB). Other
 * tokens (numbers, punctuation, words with letters outside ASCII, whose per-letter lower case in
 * the tokenizer may differ) are compared by their strings.
 */
function mayBe(T: Tokens, k: number, hash: number): boolean {
  return T.kind[k] !== Kind.Word || (T.flags[k] & Flag.NonAscii) !== 0 || T.hash[k] === hash;
}

/**
 * The first words of the health terms and of the patient cues, listed by the tokenizer as it
 * goes (confirmed on the string by `rests`): a scan looks only at them.
 */
const TERMS_MARK = markWords(() => indexes().terms.firsts);
const CUES_MARK = markWords(() => indexes().cues.firsts);

function indexes(): { terms: PhraseIndex; cues: PhraseIndex } {
  if (!terms || !cues) {
    terms = buildIndex([CONDITIONS, MEDICATIONS, PROCEDURES]);
    cues = buildIndex([PATIENT_CUES]);
  }
  return { terms, cues };
}

interface Match {
  start: number;
  end: number;
}

/** Terms of this many letters or fewer are abbreviations (`STD`, `HIV`, `COPD`). */
const ABBREVIATION_MAX = 4;

/**
 * Longest-first phrase matches of `index` over the tokens, one sweep. With `abbreviationsUpper`,
 * a one-word term of four letters or fewer counts only in capitals when the text has capitals
 * (`STD`, not `std::string` or `hearing aids`).
 */
function matchAll(T: Tokens, index: PhraseIndex, mark: number, abbreviationsUpper = false): Match[] {
  const out: Match[] = [];
  // Only the words the tokenizer marked with `mark` may start a phrase; `i` is the first token a
  // match may start at (after the previous match).
  let i = 0;
  for (const start of T.markedOf(mark)) {
    if (start < i) continue;
    i = start;
    // The last token of the longest phrase that starts here; a phrase does not go on over a line
    // break or from a word into a word glued to it.
    let found = -1;
    const rests = (T.flags[i] & Flag.NonAscii) === 0 && !index.firstHashes.has(T.hash[i]) ? undefined : index.rests.get(T.lower(i));
    for (const { words, hashes } of rests ?? []) {
      let n = 0;
      for (; n < words.length; n++) {
        const k = i + 1 + n;
        if (k >= T.count || T.nl(k) || (T.gap[k] === 0 && T.isWord(k) && T.isWord(k - 1)) || !mayBe(T, k, hashes[n]) || T.lower(k) !== words[n]) break;
      }
      if (n === words.length && i + n > found) found = i + n;
    }
    // Whole words only: `pt` inside `pt-br` or `aids` glued to more letters do not count.
    const lowerAbbreviation = abbreviationsUpper && found === i && T.len(i) <= ABBREVIATION_MAX && T.hasCaps && !T.upper(i);
    if (found >= 0 && !gluedWord(T, i, found) && !lowerAbbreviation) {
      out.push({ start: T.start[i], end: T.end[found] });
      i = found + 1;
    } else {
      i++;
    }
  }
  return out;
}

function gluedWord(T: Tokens, first: number, last: number): boolean {
  const glue = (k: number, gap: number): boolean =>
    T.has(k) && gap === 0 && (!T.isPunct(k) || T.is(k, '_') || T.is(k, '@') || T.is(k, '/'));
  return glue(first - 1, T.gap[first]) || glue(last + 1, T.has(last + 1) ? T.gap[last + 1] : 1);
}

/** Finds health information near a patient context or an identifier. */
export function detectPhi(text: string, ctx?: DetectContext): Finding[] {
  const idx = indexes();
  const state = stateFor(text, ctx);
  const T = tokensOf(state);
  const health = matchAll(T, idx.terms, TERMS_MARK, true);
  if (!health.length) return [];
  const anchors: { start: number; end: number; weight: number }[] = [];
  for (const m of matchAll(T, idx.cues, CUES_MARK)) anchors.push({ start: m.start, end: m.end, weight: 0.75 });
  for (const f of detectPersons(text, ctx)) anchors.push({ start: f.start, end: f.end, weight: 0.7 });
  for (const f of detectDatesOfBirth(text, ctx)) anchors.push({ start: f.start, end: f.end, weight: 0.75 });
  for (const f of ctx?.findings ?? []) {
    if (f.type !== 'PHI' && (f.dataTypes.includes('PII') || f.dataTypes.includes('PHI'))) {
      anchors.push({ start: f.start, end: f.end, weight: 0.7 });
    }
  }
  if (!anchors.length) return [];
  anchors.sort((a, b) => a.start - b.start);
  const out: Finding[] = [];
  let lo = 0;
  for (const h of health) {
    // Anchors sorted by start; skip those that end too far before this term.
    while (lo < anchors.length && anchors[lo].end + PHI_WINDOW * 4 < h.start) lo++;
    let best = 0;
    let count = 0;
    for (let a = lo; a < anchors.length && anchors[a].start <= h.end + PHI_WINDOW; a++) {
      const an = anchors[a];
      // The cue may be the term itself (`diagnosis`); it must stand apart from the term.
      if (an.start < h.end && h.start < an.end) continue;
      const distance = an.end <= h.start ? h.start - an.end : an.start - h.end;
      if (distance > PHI_WINDOW) continue;
      best = Math.max(best, an.weight);
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
      'The patient record class uses std::string and std::vector from the std namespace.',
    ],
  },
};
