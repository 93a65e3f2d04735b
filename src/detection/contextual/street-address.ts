/**
 * STREET_ADDRESS: street addresses in many countries' formats, scored by the parts present.
 * A street core is found first, in one of these shapes:
 * - house number, street name, street type or number (`1200 Kauppakatu 5`, `14 Crown Street`,
 *   `41 Kossuth tér 3.`, `88 ερμού 12`);
 * - street type before the name, then a number (`Rua das Flores 250`, `ul. Zamkowa 33`);
 * - one-word street with a typical ending, then a number (`Nørregade 13`, `Ziegelgasse 19`);
 * - name and a street type that leaves no doubt (`Lange Wei 7`, `on Oak Hills Street`);
 * - name and number right after an address cue (`lives on Simón Bolívar 1450`);
 * - post boxes (`P.O. Box 12`) and military post (`PSC 1234, Box 5678 / APO AE 09012`).
 * It is then extended over unit designators (`Apt. 4`, `Suite 200`), a crossing street
 * (`... and Maple Avenue`) and, across commas and line breaks, over the locality: city, region
 * code, postal code and country.
 */
import type { ContextualDetector, DetectContext, Finding } from '../types';
import {
  ADDRESS_CUES,
  ADDRESS_PARTICLES,
  HTTP_REASON_WORDS,
  MILITARY_POST,
  MILITARY_REGION,
  REFERENCE_WORDS,
  SHIP_PREFIX,
  TYPE_SUFFIXES,
  TYPES_AFTER,
  TYPES_BEFORE,
  TYPES_FULL,
  TYPES_STRONG,
  UNIT_WORDS,
} from './address-terms';
import { MONTHS } from './date-of-birth';
import { fold, getLexicon } from './lexicon';
import { BRANDS, SAYING_VERBS, STOP_WORDS, WEEKDAYS } from './terms';
import { stateFor, tokensOf, type ScanState } from './shared';
import { asciiSet, Flag, FrontedFilter, HashFilter, markWords, Vocab, type Tokens } from './tokenize';

/** Flag bits as local constants (read in the sweeps below). */
const { Cap: F_CAP, NonAscii: F_NONASCII, NewLine: F_NL } = Flag;

/** Findings below this score are dropped. */
export const ADDRESS_MIN_SCORE = 0.5;

/**
 * The weights of STREET_ADDRESS scoring, one line of reason each. A street core (number and
 * name, or a post box) gets a base score; a unit, a cross street, a locality line and an
 * address cue add to it; it is reported at ADDRESS_MIN_SCORE (0.5).
 */
const W = {
  /** `P.O. Box 12`, `Postfach 12`, a ship's name before military post: a post box is an address. */
  postBox: 0.7,
  /** `PSC 6293, Box 8158`: military post with both numbers. */
  military: 0.75,
  /** A number and a street name with a street type (`12 Oak Street`, `Calle Mayor, 3`). */
  typed: 0.7,
  /** A number and a name without a type but with a number after (`5 Markt 12`). */
  numberedBothEnds: 0.5,
  /** The same in a text without capitals: weaker. */
  numberedCaseless: 0.4,
  /** A number and a name followed by a unit (`12 Oak Suite 5`): needs one more sign. */
  unitOnly: 0.45,
  /** A leading number that looks like a year (`2019 Apple`): likely a date. */
  yearLike: 0.3,
  /** A street type first and `s/n` (no number): an address. */
  noNumber: 0.6,
  /** A capitalised name and a full street word, no number (`on Oak Hills Street`): at the threshold. */
  namedStreet: 0.5,
  /** A street type or a street-name ending and a number after the name (`Storgata 3`). */
  nameThenNumber: 0.6,
  /** A name and a number without any street word: needs an address cue. */
  bareNameNumber: 0.35,
  /** An address cue before (`address:`, `lives at`). */
  cue: 0.15,
  /** ... which also lifts the no-number form. */
  namedStreetCue: 0.1,
  /** A unit written before the street (`Suite 5 12 Storgata 3`). */
  unitBefore: 0.1,
  /** A unit after the street (`Apt. 5`). */
  unitAfter: 0.15,
  /** A cross street (`at 5th and Main`). */
  crossStreet: 0.15,
  /** Military post region and number (`APO AE 09012`). */
  militaryRegion: 0.2,
  /** A locality after: each part (city, postcode, country) adds this, plus the base below ... */
  localityPart: 0.1,
  /** ... this once ... */
  localityBase: 0.05,
  /** ... up to this in all. */
  localityMax: 0.3,
  /** Cores at least this sure look for a locality up to four lines down without a cue. */
  localitySearch: 0.45,
} as const;
const V_AFTER = new Vocab(TYPES_AFTER);
const V_BEFORE = new Vocab(TYPES_BEFORE);
const V_PARTICLES = new Vocab(ADDRESS_PARTICLES);
const V_STOP = new Vocab(STOP_WORDS);
const V_CUES = new Vocab(ADDRESS_CUES);
const V_UNITS = new Vocab(UNIT_WORDS);
const V_SAYING = new Vocab(SAYING_VERBS);
const V_REFERENCE = new Vocab(REFERENCE_WORDS);
/**
 * Words that, right before a number, make it a reference, a version or a date rather than a
 * house number: `RFC 1918`, `Bug 124397`, `Python 3`, `Debian 9`, `Jan 24`, `Tue 25`.
 */
const V_HTTP_REASON = new Vocab(HTTP_REASON_WORDS);
const V_BRANDS = new Vocab(BRANDS);
const V_NOT_BEFORE_NUMBER = new Vocab(new Set([...REFERENCE_WORDS, ...BRANDS, ...MONTHS.keys(), ...WEEKDAYS]));
// The vocabularies of the lexicon's words are made at load, with the lexicon (see person.ts
// WORD_LISTS), so that the first scan of a thread does not pay for them.
const V_COMMON = new Vocab(getLexicon().common);
const V_PLACES = new Vocab(getLexicon().places);
/** First words of the places of more than one word (`new` of `New Zealand`). */
export const PLACE_FIRST_WORDS = new Vocab(
  new Set(
    [...getLexicon().places].flatMap((p) => {
      const space = p.indexOf(' ');
      return space > 0 ? [p.slice(0, space)] : [];
    }),
  ),
);

/** How many tokens back an address cue still counts. */
const CUE_WINDOW = 12;
const MAX_NAME_WORDS = 6;
const ORDINAL_ENDINGS = new Set(['st', 'nd', 'rd', 'th', 'e', 'er', 'ème', 'eme', 'o', 'a', 'º', 'ª']);
/** The side of a landing after a Spanish floor number (`4.º dcha.`, `2º izq`). */
const DOOR_SIDES = new Set(['dcha', 'dch', 'der', 'dra', 'drcha', 'izq', 'izda', 'izqda', 'izqa', 'ctro', 'centro']);
// Punctuation glued to house numbers and street names, as sets for Tokens.isIn.
/** Before a number, these make it part of a code, an amount or a range (`-12`, `(12`, `v1.12`, `#12`). */
const GLUED_BEFORE_NUMBER = asciiSet('-+(./:_=@#$%');
/** After a number: a range, a time, a code or an amount (`12-14`, `12:30`, `12%`). */
const GLUED_AFTER_NUMBER = asciiSet('-/:_=@$%');
/** Between a house number and its door or flat (`12/B`, `263-II`). */
const UNIT_SEPARATORS = asciiSet('/-');
/** What may follow a house number with its door (`12/B,`). */
const AFTER_UNIT = asciiSet(',.;)');
/** What may stand glued before a street name (`C/Mayor`, `(Calle`, `"Rua`). */
const BEFORE_NAME = asciiSet('/(">');
/** Glued after a word, these make it code, not a street name (`user@`, `a_b`, `x=`). */
const GLUED_AFTER_NAME = asciiSet('@_=/\\');
/** Quote markers and bullets at a line start, one character each. */
const LINE_MARKERS = '>?|*-•#';

interface Core {
  /** First and last token of the street core. */
  first: number;
  last: number;
  score: number;
}

interface Scan {
  T: Tokens;
  caseless: boolean;
  /**
   * The look-aheads' cursors over `T.notable` and `T.marked` (see firstNumberOrType,
   * firstStrongType): the entry where the last search stopped and the token it found (`T.count`: none).
   */
  aheadAt: number;
  ahead: number;
  strongAt: number;
  strong: number;
  /** foreignPlace's answers by word id. */
  foreignPlaces: Map<number, number>;
  /** The parts (city, postcode, country, ...) the last call of locality found. */
  localityParts: number;
  /** What the last call of streetName found. */
  name: StreetName;
}

/** Words that start a street type written first or a post box (`Calle`, `P.O.`, `Postfach`). */
const START_WORDS = [...TYPES_BEFORE, 'p', 'po', 'pob', 'post', 'caixa', 'postfach', 'apartado', 'postbus', 'postboks', 'psc', 'cmr', 'unit'];
/**
 * Address cues and start words are notable tokens (Tokens.notable), where findAddresses looks.
 * So are the unmistakable street types and `s` (of `s/n`), in lower case too: with the numbers,
 * the notable tokens then hold every token the look-aheads below stop at (findAddresses skips a
 * lower-case word that starts nothing, as before).
 */
const CUE_MARK = markWords(() => ADDRESS_CUES);
const START_MARK = markWords(() => [...START_WORDS, ...TYPES_STRONG, 's']);
// Made at load, as the vocabularies above are, so that the first scan of a thread does not pay for them.
const startHashes = new FrontedFilter(START_WORDS);
const strongHashes = new FrontedFilter(TYPES_STRONG);
const shipHashes = new FrontedFilter(SHIP_PREFIX);

/** `s/n` (sin número) starts at word `k`: a street type's stand-in for a number. */
function sSlash(T: Tokens, k: number): boolean {
  return T.len(k) === 1 && (T.code(k) | 32) === 115 && T.is(k + 1, '/');
}

/**
 * The first token at or after `i` that is a number, a word that may be an unmistakable street
 * word (its hash is in the prefilter) or the `s` of `s/n` (`T.count`: none). Asked with `i` never
 * decreasing within a scan, it walks the notable tokens (which hold all of these: see the marks
 * above) once per scan: the look-ahead of each capitalised word used to walk up to nine tokens,
 * most of them again for the next capitalised word, and was a third of the detector's instructions.
 */
function firstNumberOrType(s: Scan, i: number): number {
  if (s.ahead >= i) return s.ahead;
  const T = s.T;
  const { notable, notableCount, kind, hash } = T;
  let n = s.aheadAt;
  for (; n < notableCount; n++) {
    const k = notable[n];
    if (k < i) continue;
    const kd = kind[k];
    if (kd === 1 || (kd === 0 && (strongHashes.has(hash[k]) || sSlash(T, k)))) break;
  }
  s.aheadAt = n;
  s.ahead = n < notableCount ? notable[n] : T.count;
  return s.ahead;
}

/**
 * firstNumberOrType for the unmistakable street words alone: found among the marked words (a
 * word whose hash is in the prefilter has the start words' mark), far fewer than the notable ones.
 */
function firstStrongType(s: Scan, i: number): number {
  if (s.strong >= i) return s.strong;
  const T = s.T;
  const { marked, markedBits, markedCount, hash } = T;
  let m = s.strongAt;
  for (; m < markedCount; m++) {
    const k = marked[m];
    if (k >= i && (markedBits[m] & START_MARK) !== 0 && strongHashes.has(hash[k])) break;
  }
  s.strongAt = m;
  s.strong = m < markedCount ? marked[m] : T.count;
  return s.strong;
}

/** No token in `(from, to]` starts a line. */
function oneLine(T: Tokens, from: number, to: number): boolean {
  const flags = T.flags;
  for (let k = from + 1; k <= to; k++) if ((flags[k] & F_NL) !== 0) return false;
  return true;
}

/**
 * Whether a number, a word that may be an unmistakable street word or the `s/n` that stands for
 * a number is token `i` or follows it on its line within `reach` tokens: the cheap gate before a
 * word may start a street. `i` never decreases within a scan (firstNumberOrType).
 */
function numberOrTypeAhead(s: Scan, i: number, reach: number): boolean {
  const h = firstNumberOrType(s, i);
  return h <= i + reach && h < s.T.count && oneLine(s.T, i, h);
}

/**
 * Whether a word that may be an unmistakable street word (hash prefilter) is token `from` or
 * follows it on its line within `reach` tokens. `from` never decreases within a scan.
 */
function strongTypeAhead(s: Scan, from: number, reach: number): boolean {
  const h = firstStrongType(s, from);
  return h <= from + reach && h < s.T.count && oneLine(s.T, from, h);
}

/**
 * The furthest a street name's last word can be from its first: five words, each with an
 * abbreviation's full stop or an ordinal's ending (`5th`).
 */
const NAME_SPAN = 2 * MAX_NAME_WORDS;

/**
 * A capitalised word, or a word of a script without case (Greek street names are often written
 * in lower case); a lower-case Latin word with accents (`después`) is neither.
 */
function capLike(T: Tokens, k: number): boolean {
  if (T.cap(k)) return true;
  if (!T.nonAscii(k)) return false;
  return upperOrCaseless(T.text.charCodeAt(T.start[k]));
}

/** Per UTF-16 unit: 0 not known yet, 1 upper-case or without case, 2 lower-case. */
const UPPER_OR_CASELESS = new Uint8Array(65536);

/** The unit `code` is unchanged by upper-casing (`c === c.toUpperCase()`). */
function upperOrCaseless(code: number): boolean {
  let known = UPPER_OR_CASELESS[code];
  if (known === 0) {
    const c = String.fromCharCode(code);
    known = c === c.toUpperCase() ? 1 : 2;
    UPPER_OR_CASELESS[code] = known;
  }
  return known === 1;
}

/** A name-like word (no ordinary word, no place) followed by a word that is also a surname (`Iain Lane`). */
function personLike(T: Tokens, first: number, last: number): boolean {
  const lex = getLexicon();
  const a = T.lower(first);
  return !lex.common.has(a) && !lex.places.has(a) && lex.surnames.has(T.lower(last));
}

/** A single capital followed by a period (`G.`) among tokens `first`..`last`: a person's initial. */
function hasInitial(T: Tokens, first: number, last: number): boolean {
  for (let k = first + 1; k < last; k++) if (T.isWord(k) && T.len(k) === 1 && T.cap(k) && T.is(k + 1, '.')) return true;
  return false;
}

/** `s/n` (sin número, sem número): a street without a house number. Returns its last index or -1. */
function noNumber(T: Tokens, k: number): number {
  if (T.lower(k) !== 's' || !T.is(k + 1, '/') || T.lower(k + 2) !== 'n' || T.gap[k + 1] !== 0 || T.gap[k + 2] !== 0) return -1;
  return T.nl(k) ? -1 : k + 2;
}

/**
 * The whitespace before token `k` aligns columns (a tab, or three spaces or more, on one line):
 * a table row (`374\t252\tFC`, `0        RESUME      0`), not the words of one address.
 */
function columnGap(T: Tokens, k: number): boolean {
  if (!T.has(k) || T.nl(k)) return false;
  return T.gap[k] >= 3 || (T.gap[k] >= 1 && T.text.charCodeAt(T.start[k] - 1) === 9);
}

/** House number: up to six digits (and an optional letter), standing alone as a word. */
function houseNumber(T: Tokens, i: number): boolean {
  if (!T.isNum(i) || T.len(i) > 7) return false;
  if (i > 0 && T.gap[i] === 0 && !T.nl(i) && (!T.isPunct(i - 1) || T.isIn(i - 1, GLUED_BEFORE_NUMBER))) return false;
  const n = i + 1;
  if (T.has(n) && T.gap[n] === 0 && !T.nl(n)) {
    if (!T.isPunct(n)) return false;
    if (T.isIn(n, GLUED_AFTER_NUMBER)) return false;
    if (T.is(n, '.') && T.has(n + 1) && T.gap[n + 1] === 0 && !T.nl(n + 1) && !T.isPunct(n + 1)) return false;
    // `3,50 Euro`, `0,85 €`: a decimal comma and cents make an amount.
    if (T.is(n, ',') && T.isNum(n + 1) && T.gap[n + 1] === 0 && T.len(n + 1) === 2) return false;
  }
  return true;
}

/**
 * A house number with its door, stair or flat after a slash or a dash (`12/B`, `8/3`, `88/3/14`,
 * `263-II`): its last index, or -1. Each part after the number is short (three characters at
 * most), and nothing is glued after the last, so a date (`12/03/2016`) or a phone number
 * (`0485-451234`) is none.
 */
function numberWithUnit(T: Tokens, i: number): number {
  if (!T.isNum(i) || T.len(i) > 4) return -1;
  if (i > 0 && T.gap[i] === 0 && !T.nl(i) && (!T.isPunct(i - 1) || T.isIn(i - 1, GLUED_BEFORE_NUMBER))) return -1;
  let k = i;
  for (let parts = 0; parts < 3; parts++) {
    const sep = k + 1;
    const part = k + 2;
    if (!T.has(part) || T.gap[sep] !== 0 || T.gap[part] !== 0 || T.nl(sep) || !T.isIn(sep, UNIT_SEPARATORS)) break;
    if (T.len(part) > 3 || !(T.isNum(part) || T.isWord(part))) break;
    k = part;
  }
  if (k === i) return -1;
  const n = k + 1;
  if (T.has(n) && T.gap[n] === 0 && !T.nl(n) && !T.isIn(n, AFTER_UNIT)) return -1;
  return k;
}

/**
 * `Neuer Wall 18, 20354 Hamburg`, `Am Rosengarten 7` then `59423 Unna` on the next line: a
 * name of at most three capitalised words, a house number, then a postal code of four or five
 * digits and a capitalised place after a comma or on the next line. The shape of a European
 * address line, with or without a street type.
 */
function localityLineAfter(T: Tokens, i: number): boolean {
  let k = i;
  for (let words = 0; words < 3 && T.has(k) && !T.isNum(k); words++) {
    if (!T.isWord(k) || (k > i && T.nl(k)) || !(T.cap(k) || T.inVocab(k, V_STOP))) return false;
    if (T.inVocab(k, V_CUES) || T.inVocab(k, V_REFERENCE)) return false;
    k++;
  }
  if (!T.isNum(k) || T.nl(k) || !(houseNumber(T, k) || numberWithUnit(T, k) >= 0)) return false;
  let j = Math.max(k, numberWithUnit(T, k)) + 1;
  if (T.is(j, ',') && !T.nl(j)) j++;
  else if (!T.nl(j)) return false;
  if (!T.isNum(j) || T.len(j) < 4 || T.len(j) > 5 || !T.isWord(j + 1) || !T.cap(j + 1) || T.nl(j + 1) || T.gap[j + 1] === 0) return false;
  // A year is no postal code (`Kapitel 3, 2024 Berlin`).
  return T.len(j) === 5 || !/^(?:19|20)\d\d$/.test(T.textOf(j));
}

/** Street-name endings grouped by their last two letters. */
const SUFFIXES_BY_END = new Map<number, string[]>();
/** Key of the last two UTF-16 units of `s` (at least two long), a number: no string made. */
const endKey = (s: string): number => s.charCodeAt(s.length - 2) * 65536 + s.charCodeAt(s.length - 1);
for (const suf of TYPE_SUFFIXES) {
  const key = endKey(suf);
  SUFFIXES_BY_END.set(key, [...(SUFFIXES_BY_END.get(key) ?? []), suf]);
}

function hasTypeSuffix(T: Tokens, k: number): boolean {
  if (T.len(k) < 5) return false;
  const lw = T.lower(k);
  const group = SUFFIXES_BY_END.get(endKey(lw));
  if (!group) return false;
  // An ASCII word is asked through the per-word memo (the common words are a large Set, whose
  // lookups miss the cache); a word with other letters by its lower case, whose hash may differ
  // from the token's (Tokens.inVocab asks by the token's hash).
  for (const suf of group) if (lw.length >= suf.length + 2 && lw.endsWith(suf)) return T.nonAscii(k) ? !getLexicon().common.has(lw) : !T.inVocab(k, V_COMMON);
  return false;
}

/** A street type written before the name; one- and two-letter ones need their `.` or `/` (`ul.`, `C/`). */
function prefixTypeAt(T: Tokens, k: number): boolean {
  if (!T.inVocab(k, V_BEFORE)) return false;
  if (T.len(k) > 2) return true;
  if (T.gap[k + 1] !== 0 || !(T.is(k + 1, '.') || T.is(k + 1, '/'))) return false;
  // The name follows after a space, or glued to a slash with a capital (`Av. melchor`, `C/Mayor`); not `c.prec`, `c.Emax`, `c/l`.
  let n = k + 2;
  if (T.is(n, '.') && T.gap[n] === 0) n++;
  return T.isWord(n) && !T.nl(n) && (T.gap[n] > 0 || (T.is(n - 1, '/') && capLike(T, n)));
}

/** Skips an abbreviation's full stop or a `C/`-style slash glued to token `k`; returns the last index. */
function skipAbbrev(T: Tokens, k: number): number {
  const n = k + 1;
  // Only short words are abbreviations (`St.`, `Apt.`, `rkp.`); `Avenue.` ends a sentence.
  if (!T.has(n) || T.gap[n] !== 0) return k;
  // `Bahnhofstr. 7`: a one-word street abbreviated with `str.` too.
  if (T.is(n, '.') && (T.len(k) <= 4 || !T.isWord(k) || T.lower(k).endsWith('str'))) return n;
  if (T.is(n, '/') && T.len(k) === 1) return n;
  return k;
}

/** A word that may be part of a street name (`pos` is its place in the name). */
function nameWord(s: Scan, k: number, pos: number): boolean {
  const T = s.T;
  if (!T.isWord(k) || (pos > 0 && T.nl(k))) return false;
  // Glued to digits or symbols (`xKqP` in `67xKqP7`): code, not a street.
  if (k > 0 && T.gap[k] === 0 && !T.nl(k)) {
    // `P.O.`: a letter after an abbreviation's full stop is fine.
    const abbrev = T.is(k - 1, '.') && T.len(k - 2) === 1 && T.isWord(k - 2);
    if (!(T.isIn(k - 1, BEFORE_NAME) || abbrev)) return false;
  }
  const n = k + 1;
  if (T.has(n) && T.gap[n] === 0 && !T.nl(n)) {
    // `C/ Mayor`: a slash after a one-letter street type is part of it.
    const slashType = T.is(n, '/') && T.len(k) === 1 && T.inVocab(k, V_BEFORE);
    if (!slashType && (!T.isPunct(n) || T.isIn(n, GLUED_AFTER_NAME))) return false;
  }
  if (T.inVocab(k, V_AFTER) || T.inVocab(k, V_BEFORE)) return true;
  if (pos > 0 && T.inVocab(k, V_PARTICLES)) return true;
  if (T.inVocab(k, V_STOP)) return false;
  if (capLike(T, k)) return true;
  // Lower-case words inside a name (`Kossuth utca`, `rue des écoles`), but not English ones.
  if (pos > 0 && !T.inVocab(k, V_COMMON)) return true;
  return s.caseless;
}

/** What streetName found. */
interface StreetName {
  /** The index after the name's words. */
  end: number;
  /** A street type was seen. */
  typed: boolean;
  /** How many words there were. */
  count: number;
  capFirst: boolean;
  /** Words that are not street types: `40 Points` names no street. */
  named: number;
}

/**
 * Street name words from `k` on the same line. Returns the scan's one StreetName (`s.name`, no
 * object per call), which the next call overwrites: each caller reads it before calling again.
 */
function streetName(s: Scan, k: number): StreetName {
  const T = s.T;
  let typed = false;
  let count = 0;
  // Words that are not street types: `40 Points` names no street.
  let named = 0;
  let j = k;
  const capFirst =
    (T.isWord(k) && (capLike(T, k) || s.caseless || prefixTypeAt(T, k))) ||
    (T.isNum(k) && T.gap[k + 1] === 0 && T.isWord(k + 1) && ORDINAL_ENDINGS.has(T.lower(k + 1)) && T.cap(k + 2));
  while (j < T.count && count < MAX_NAME_WORDS) {
    if (count > 0 && T.nl(j)) break;
    // Ordinal street names: `5th Avenue`, `W 46th St`, `2e Rue`.
    if (T.isNum(j) && T.len(j) <= 3 && T.gap[j + 1] === 0 && T.isWord(j + 1) && ORDINAL_ENDINGS.has(T.lower(j + 1))) {
      count++;
      named++;
      j += 2;
      continue;
    }
    if (!nameWord(s, j, count)) break;
    if (T.inVocab(j, V_UNITS) && T.isNum(skipAbbrev(T, j) + 1)) break;
    const suffixed = hasTypeSuffix(T, j);
    const after = T.inVocab(j, V_AFTER);
    if (after || (count === 0 && prefixTypeAt(T, j)) || suffixed) typed = true;
    if (suffixed || !(after || T.inVocab(j, V_BEFORE))) named++;
    count++;
    j = skipAbbrev(T, j) + 1;
  }
  const name = s.name;
  name.end = j;
  name.typed = typed;
  name.count = count;
  name.capFirst = capFirst;
  name.named = named;
  return name;
}

/** Some word from `first` to `last` (inclusive) is in `vocab`. */
function anyIn(T: Tokens, first: number, last: number, vocab: Vocab): boolean {
  for (let k = first; k <= last; k++) if (T.isWord(k) && T.inVocab(k, vocab)) return true;
  return false;
}

function looksLikeYear(T: Tokens, k: number): boolean {
  if (T.len(k) !== 4) return false;
  const y = Number(T.textOf(k));
  return y >= 1800 && y <= 2099;
}

/** Post boxes and military post: `P.O. Box 12`, `PSC 6293, Box 8158`, `USNS Comfort`. */
function postBox(s: Scan, i: number): Core | undefined {
  const T = s.T;
  if (!T.isWord(i)) return undefined;
  const lw = T.lower(i);
  let k = i;
  if (lw === 'p' && T.is(k + 1, '.') && T.lower(k + 2) === 'o') k += 2;
  else if (lw === 'po' || lw === 'pob') k += 0;
  else if (lw === 'post' && T.lower(k + 1) === 'office') k += 1;
  else if (lw === 'caixa' && T.lower(k + 1) === 'postal') k += 1;
  else if (lw === 'postfach' || lw === 'apartado' || lw === 'postbus' || lw === 'postboks') {
    return T.isNum(i + 1) ? { first: i, last: i + 1, score: W.postBox } : undefined;
  } else if (lw === 'psc' || lw === 'cmr' || lw === 'unit') {
    // Military: PSC 1234, Box 5678
    if (!T.isNum(k + 1)) return undefined;
    let j = k + 2;
    if (T.is(j, ',')) j++;
    if (T.lower(j) !== 'box' || !T.isNum(j + 1)) return undefined;
    return { first: i, last: j + 1, score: W.military };
  } else if (SHIP_PREFIX.has(lw) && (T.upper(i) || s.caseless)) {
    const name = streetName(s, k + 1);
    if (name.count === 0 || !MILITARY_POST.has(T.lower(name.end))) return undefined;
    return { first: i, last: name.end - 1, score: W.postBox };
  } else {
    return undefined;
  }
  k = skipAbbrev(T, k) + 1;
  if (T.lower(k) !== 'box' || !T.isNum(k + 1)) return undefined;
  return { first: i, last: k + 1, score: W.postBox };
}

/** Index of the last word before `end` (over an abbreviation's full stop). */
function lastWordIndex(T: Tokens, end: number): number {
  let k = end - 1;
  while (k > 0 && !T.isWord(k)) k--;
  return k;
}

/**
 * Street core starting at token `i`, if any. The caller has asked the cheap gates: a number is a
 * house number (houseNumber), a word has a number or a street type ahead on its line
 * (numberOrTypeAhead) or is a ship's prefix.
 */
function streetCore(s: Scan, i: number, cue: boolean): Core | undefined {
  const T = s.T;
  if (T.isNum(i)) {
    // `RFC 2822 Section 3`: a reference number.
    if (i > 0 && !T.nl(i) && T.inVocab(i - 1, V_REFERENCE)) return undefined;
    let k = i + 1;
    // `1500 22 Oak Drive`: a second leading number.
    if (T.isNum(k) && !T.nl(k) && houseNumber(T, k) && T.isWord(k + 1) && !T.nl(k + 1)) k++;
    if (!T.has(k) || T.nl(k)) return undefined;
    // A street name starts with a word or an ordinal (`5th`): most numbers (phones, cards, amounts) stop here.
    if (!T.isWord(k) && !(T.isNum(k) && T.gap[k + 1] === 0 && T.isWord(k + 1))) return undefined;
    if (columnGap(T, k)) return undefined;
    // `1020 P.O. Box 77`: a number before a post box.
    const box = startHashes.has(T.hash[k]) ? postBox(s, k) : undefined;
    if (box) return { first: i, last: box.last, score: box.score };
    const name = streetName(s, k);
    if (name.count === 0 || !name.capFirst) return undefined;
    let last = name.end - 1;
    const unitEnd = T.nl(name.end) ? -1 : numberWithUnit(T, name.end);
    const trailingNum = T.isNum(name.end) && !T.nl(name.end) && (houseNumber(T, name.end) || unitEnd >= 0) && !columnGap(T, name.end);
    // `502 Bad Gateway`, `431 Request Header Fields`: an HTTP status line.
    if (T.len(i) === 3 && T.code(i) >= 49 && T.code(i) <= 53 && anyIn(T, k, name.end, V_HTTP_REASON)) return undefined;
    // `20 QoS 2`: a one-word name that is a reference, a product or a month between two numbers.
    if (!name.typed && name.count === 1 && T.inVocab(k, V_NOT_BEFORE_NUMBER)) return undefined;
    // `17 USC Section 115`: a reference among the name's words, between two numbers.
    if (!name.typed && trailingNum && anyIn(T, k, name.end - 1, V_REFERENCE)) return undefined;
    // `0 SC 3`, `104 642 DL 112`, `756 Q 0`: one or two capitals between numbers are code or
    // PostScript operators, not a street's name.
    if (!name.typed && name.count === 1 && T.len(k) <= 2 && (T.upper(k) || T.cap(k))) return undefined;
    // `40 points` names no street; `5 Markt 12` does (a number after the type).
    if (name.named === 0 && !trailingNum) return undefined;
    // `1 Jan 1990`, `12 March 2020`: a date, not a street.
    if (!name.typed && name.count === 1 && MONTHS.has(T.lower(k))) return undefined;
    // `1  Wartung Heizung  1 Std.`: two spaces or more either side of the name are the columns of
    // an invoice or a table row (quantity, item, quantity), not a number, a street and a number.
    if (trailingNum && !name.typed && T.gap[k] >= 2 && T.gap[name.end] >= 2) return undefined;
    if (trailingNum && !name.typed && scoreLine(T, i, name.end)) return undefined;
    if (trailingNum) last = Math.max(skipAbbrev(T, name.end), unitEnd);
    let score: number;
    if (name.typed) score = W.typed;
    else if (trailingNum) score = s.caseless ? W.numberedCaseless : W.numberedBothEnds;
    else if (unitAt(T, name.end)) score = W.unitOnly;
    else return undefined;
    if (!trailingNum && k === i + 1 && looksLikeYear(T, i)) score -= W.yearLike;
    return { first: i, last, score };
  }
  if (!T.isWord(i)) return undefined;
  // Cheap gate: only capitalised words, street types and post-box words can start a core here.
  // In a text without capitals any word may start a street name.
  const capital = capLike(T, i) || s.caseless;
  if (!capital && !startHashes.has(T.hash[i])) return undefined;
  const boxWord = startHashes.has(T.hash[i]) || shipHashes.has(T.hash[i]);
  const box = boxWord ? postBox(s, i) : undefined;
  if (box) return box;
  // The street name below starts with this word (it is a word: no ordinal): when it cannot, nothing follows.
  if (!nameWord(s, i, 0)) return undefined;
  const prefixType = prefixTypeAt(T, i);
  const suffixWord = (capital || s.caseless) && hasTypeSuffix(T, i);
  if (!prefixType && !suffixWord && !capital) return undefined;
  // Without a street type first, a street-name ending or a cue, only a street type at the name's
  // end (`Main Street 5`) makes a street: none may follow on the line, nothing does.
  let local = false;
  if (!prefixType && !suffixWord && !cue && !strongTypeAhead(s, i + 1, NAME_SPAN - 1) && !(local = localityLineAfter(T, i))) return undefined;
  // Inside a run of capitalised words only the first may start a street (after an address cue,
  // `Anschrift Neuer Wall 18`, the name starts after the cue).
  if (!prefixType && T.isWord(i - 1) && !T.nl(i) && (T.cap(i - 1) || T.nonAscii(i - 1)) && !T.inVocab(i - 1, V_STOP) && !T.inVocab(i - 1, V_CUES)) {
    return undefined;
  }
  const name = streetName(s, i);
  if (name.count === 0 || name.count > 5) return undefined;
  const lastWord = lastWordIndex(T, name.end);
  // `Lange Wei 7`, `Main Street 5`: a name word, then a street type that leaves no doubt.
  const strongEnd = name.count >= 2 && strongHashes.has(T.hash[lastWord]) && TYPES_STRONG.has(T.lower(lastWord));
  // `Calle Alisos, 19`, `C/ Doctor Fedriani, s/n`: after a street type written first, a comma may
  // stand before the number, and `s/n` may stand for it.
  let numAt = name.end;
  if (prefixType && T.is(numAt, ',') && !T.nl(numAt + 1) && (T.isNum(numAt + 1) || noNumber(T, numAt + 1) >= 0)) numAt++;
  const sn = prefixType ? noNumber(T, numAt) : -1;
  if (sn >= 0) return { first: i, last: sn, score: W.noNumber };
  const numUnitEnd = T.nl(numAt) ? -1 : numberWithUnit(T, numAt);
  const numbered = T.isNum(numAt) && !T.nl(numAt) && (houseNumber(T, numAt) || numUnitEnd >= 0) && !columnGap(T, numAt);
  // `RFC 1918`, `See RFC 4007`, `Python 3`, `Jan 24`: a reference, a version or a date.
  // (After a street type, `Avenida del Mar 12` keeps its name; `via PEP 660` does not.)
  if (numbered && (prefixType || suffixWord ? T.inVocab(lastWord, V_REFERENCE) : T.inVocab(lastWord, V_NOT_BEFORE_NUMBER))) return undefined;
  if (!numbered) {
    // `on Oak Hills Street`: a capitalised name and a full street word, with no number.
    const fullEnd = strongEnd && T.cap(lastWord) && TYPES_FULL.has(T.lower(lastWord));
    if (!fullEnd || (T.isWord(name.end) && !T.nl(name.end) && T.cap(name.end))) return undefined;
    // `Iain Lane`: a name-like word and a street word that is also a surname, with no number and
    // no address cue, is a person (`Penny Lane`, `Oak Lane` keep an ordinary first word).
    if (!cue && name.count === 2 && personLike(T, i, lastWord)) return undefined;
    // `Kirsten Street said`: a verb of saying after it makes it a person.
    if (!cue && T.isWord(name.end) && !T.nl(name.end) && T.inVocab(name.end, V_SAYING)) return undefined;
    // `Thomas G. Lane`: a middle initial makes a person's name.
    if (!cue && hasInitial(T, i, lastWord)) return undefined;
    // `Google Drive`: a product named after a street word.
    if (anyIn(T, i, lastWord, V_BRANDS)) return undefined;
    return { first: i, last: lastWord, score: W.namedStreet + (cue ? W.namedStreetCue : 0) };
  }
  if (!prefixType && !suffixWord && !strongEnd && !cue && !local) return undefined;
  const cueOnly = !prefixType && !suffixWord && !strongEnd && !local;
  // With a cue only, a year after the name is a product's version (`Visual Studio 2017`).
  if (cueOnly && looksLikeYear(T, numAt)) return undefined;
  // With a cue only, one ordinary word (`Returns 0`, `Sent 84`, `Exactly 8`; not a place:
  // `Belgium 92060`) or one word in capitals (`PERFORM 1`) is a sentence or code, not a street.
  if (cueOnly && name.count === 1 && ((T.inVocab(i, V_COMMON) && !T.inVocab(i, V_PLACES)) || (T.upper(i) && T.len(i) > 1))) {
    return undefined;
  }
  const last = Math.max(skipAbbrev(T, numAt), numUnitEnd);
  // The cue itself is counted once, by the caller.
  return { first: i, last, score: prefixType || suffixWord || strongEnd || local ? W.nameThenNumber : W.bareNameNumber };
}

/**
 * Numbers around a name at `[i, end)` that are scores, not a house number and a postcode or a
 * second number: a results line (`Freiburg 2 Hansa Rostock 1`, `Seattle 7 OAKLAND 4`: a
 * capitalised team before a score of one or two digits, the other team's score after the name) or
 * a leaderboard (`133 Craig Perrin 66 67`: the rounds' scores after the name).
 */
function scoreLine(T: Tokens, i: number, end: number): boolean {
  if (T.len(end) > 2) return false;
  const next = end + 1;
  if (T.isNum(next) && !T.nl(next) && T.gap[next] > 0 && T.len(next) <= 2) return true;
  const team = i - 1;
  return T.len(i) <= 2 && T.isWord(team) && !T.nl(i) && T.cap(team) && !T.inVocab(team, V_UNITS) && !T.inVocab(team, V_CUES) && !prefixTypeAt(T, team);
}

/** A unit designator and its number start at token `k` (`Suite 200`, `Apt. 5`). */
function unitAt(T: Tokens, k: number): boolean {
  if (T.nl(k) || !T.inVocab(k, V_UNITS)) return false;
  return T.isNum(skipAbbrev(T, k) + 1);
}

/**
 * Unit designators after a core (`Apt. 4`, `Suite 200`, `# 4`), on its line or the next
 * (after an optional quote marker). Returns the last index (`k`: none).
 */
function units(T: Tokens, k: number): number {
  let last = k;
  for (let guard = 0; guard < 3; guard++) {
    let j = last + 1;
    if (T.is(j, ',')) j++;
    let lineBreak = T.nl(j);
    while (T.has(j) && T.isOneOf(j, LINE_MARKERS) && (T.nl(j) || lineBreak)) {
      lineBreak = true;
      j++;
    }
    if (!T.has(j) || (T.nl(j) && !lineBreak)) break;
    if (T.is(j, '#') && T.isNum(j + 1)) {
      last = j + 1;
      continue;
    }
    // Floor and door after a comma (`Calle Nava, 18, 3 D`, `, 4º A`, `, 10B`): short numbers only,
    // so a postal code (`, 28046 Madrid`) is left to the locality.
    if (T.is(last + 1, ',') && T.isNum(j) && T.len(j) <= 2 && !T.nl(j)) {
      let e = j;
      // `5.º`, `3.ª`: the ordinal indicator after a full stop.
      if (T.is(e + 1, '.') && T.gap[e + 1] === 0 && T.gap[e + 2] === 0 && T.isWord(e + 2) && T.len(e + 2) === 1 && ORDINAL_ENDINGS.has(T.lower(e + 2))) e += 2;
      else if (T.gap[e + 1] === 0 && T.isWord(e + 1) && (T.len(e + 1) <= 2 || ORDINAL_ENDINGS.has(T.lower(e + 1)))) e++;
      if (T.isWord(e + 1) && T.len(e + 1) === 1 && T.cap(e + 1) && !T.nl(e + 1)) e++;
      // The side of the landing (`dcha.`, `izq.`, `izda`).
      else if (T.isWord(e + 1) && !T.nl(e + 1) && DOOR_SIDES.has(T.lower(e + 1))) e = T.is(e + 2, '.') && T.gap[e + 2] === 0 ? e + 2 : e + 1;
      last = e;
      continue;
    }
    if (!T.inVocab(j, V_UNITS)) break;
    let n = skipAbbrev(T, j) + 1;
    if (T.is(n, '#')) n++;
    if (!T.isNum(n) || T.nl(n)) break;
    last = n;
  }
  return last;
}

/** German street names that start with a preposition, and the articles that may follow it (`Am Rosengarten`, `An der Alster`, `Zur Linde`). */
const V_DE_STREET_PREPOSITIONS = new Vocab(new Set(['am', 'an', 'im', 'in', 'auf', 'zum', 'zur', 'unter', 'hinter', 'vor', 'beim', 'bei', 'über', 'unterm', 'hinterm', 'vorm', 'zu']));
const V_DE_ARTICLES = new Vocab(new Set(['der', 'dem', 'den', 'die', 'des']));

/**
 * The first token of a street that starts at capitalised word `first`, with a capitalised German
 * preposition (and an article) before it on its line: `Am Rosengarten 7`, `An der Alster 12`. The
 * capital marks the street's own word: in running text the preposition is in lower case.
 */
function germanPrefixBefore(T: Tokens, first: number): number {
  if (!T.isWord(first) || !T.cap(first) || T.nl(first)) return first;
  let k = first - 1;
  if (T.isWord(k) && !T.cap(k) && T.inVocab(k, V_DE_ARTICLES) && !T.nl(k)) k--;
  return T.isWord(k) && T.cap(k) && T.inVocab(k, V_DE_STREET_PREPOSITIONS) ? k : first;
}

/** `... and Maple Avenue`: a second, crossing street named after the first. Returns its last index. */
function crossStreet(s: Scan, k: number): number {
  const T = s.T;
  const and = k + 1;
  if (!T.has(and) || T.nl(and) || !(T.lower(and) === 'and' || T.is(and, '&'))) return -1;
  let j = k + 2;
  if (T.isNum(j) && !T.nl(j)) j++;
  const name = streetName(s, j);
  if (name.count < 2 || !name.typed || !name.capFirst) return -1;
  return name.end - 1;
}

/**
 * The hashes of the places, in 2^16 bits (8 KB, about 12 per place): a prefilter for one ASCII
 * word (whose token hash is that of its lower case), so that most words of a locality that are
 * no place (three in four on the dense text) skip the lookup in the Set of 5,400 places, which
 * misses the cache (`--cpu-prof` line ticks: the detector's hottest line once the filters above
 * were fronted).
 */
const placeHashes = new HashFilter(getLexicon().places, 16);

/**
 * For a word with letters outside ASCII (word id `T.wordId(k)`): bit 2 when it is a place as
 * written or folded (`Zürich`, `Malmö` for `malmo`), bit 4 when it is the first word of a longer
 * place as written or folded. Kept per scan (`Scan.foreignPlaces`): folding (a Unicode
 * decomposition) costs more than the rest of a locality's look at a word, and the same words come
 * again and again.
 */
function foreignPlace(s: Scan, k: number): number {
  const id = s.T.wordId(k);
  let bits = s.foreignPlaces.get(id);
  if (bits === undefined) {
    const lower = s.T.lower(k);
    const folded = fold(lower);
    const places = getLexicon().places;
    const firsts = PLACE_FIRST_WORDS.words;
    bits = (places.has(lower) || places.has(folded) ? 2 : 0) | (firsts.has(lower) || firsts.has(folded) ? 4 : 0);
    s.foreignPlaces.set(id, bits);
  }
  return bits;
}

/** Country name (one to three words) at `k`; returns its last index or -1. */
function country(s: Scan, k: number): number {
  const T = s.T;
  if (!T.isWord(k)) return -1;
  // One word: an ASCII word through the per-word memo after the small prefilter (the Set of places
  // misses the cache, and the same words come again and again in a locality), another by foreignPlace.
  const foreign = T.nonAscii(k) ? foreignPlace(s, k) : 0;
  let best = (foreign !== 0 ? (foreign & 2) !== 0 : placeHashes.has(T.hash[k]) && T.inVocab(k, V_PLACES)) ? k : -1;
  // A longer phrase can only be a place if its first word starts one, as written or folded (folding
  // a phrase folds each word; an ASCII word folds to itself).
  if (T.nonAscii(k) ? (foreign & 4) === 0 : !T.inVocab(k, PLACE_FIRST_WORDS)) return best;
  const places = getLexicon().places;
  let phrase = T.lower(k);
  let ascii = !T.nonAscii(k);
  for (let j = k + 1; j < Math.min(T.count, k + 3); j++) {
    if (!T.isWord(j) || T.nl(j)) break;
    phrase = `${phrase} ${T.lower(j)}`;
    if (T.nonAscii(j)) ascii = false;
    if (places.has(phrase) || (!ascii && places.has(fold(phrase)))) best = j;
  }
  return best;
}

/**
 * Alphanumeric postcodes (`LS6 2AB`, `SW1A 1AA`, `K1A 0B6`, `1234 AB`): one glued group of
 * capitals and digits holding both, then optionally a second group. Returns the last index.
 */
function postcode(T: Tokens, j: number): number {
  // Asked for most words of a locality: the groups are measured into numbers, not objects (an
  // object and a closure per call were a third of the detector's allocations on the records text).
  const aEnd = postcodeGroup(T, j);
  const aLetters = groupLetters;
  const aDigits = groupDigits;
  if (aEnd < j || aLetters === 0 || aDigits === 0 || aLetters + aDigits > 4) {
    // `1234 AB` (Netherlands): four digits and two capitals.
    if (T.isNum(j) && T.len(j) === 4 && T.isWord(j + 1) && T.upper(j + 1) && T.len(j + 1) === 2 && !T.nl(j + 1)) return j + 1;
    return -1;
  }
  const bEnd = postcodeGroup(T, aEnd + 1);
  if (bEnd > aEnd && !T.nl(aEnd + 1) && groupLetters + groupDigits === 3 && groupDigits >= 1 && groupLetters >= 1) return bEnd;
  return aLetters + aDigits >= 3 ? aEnd : -1;
}

/** Letters and digits of the group postcodeGroup measured last. */
let groupLetters = 0;
let groupDigits = 0;

/**
 * A glued group of a postcode from token `k`: capitals and numbers, at most four tokens. Returns
 * its last index (`k - 1`: none) and leaves its letters and digits in groupLetters and groupDigits.
 */
function postcodeGroup(T: Tokens, k: number): number {
  let letters = 0;
  let digits = 0;
  let e = k;
  while (T.has(e) && (e === k || (T.gap[e] === 0 && !T.nl(e))) && e - k < 4) {
    if (T.isNum(e)) digits += T.len(e);
    else if (T.isWord(e) && T.upper(e) || (T.isWord(e) && T.len(e) === 1 && T.cap(e))) letters += T.len(e);
    else break;
    e++;
  }
  groupLetters = letters;
  groupDigits = digits;
  return e - 1;
}

/**
 * Extends an address over its locality: city, region code, postal code and country, separated
 * by commas, spaces or line breaks. Returns the last token index and leaves the number of parts
 * found in `s.localityParts` (no object per call).
 */
function locality(s: Scan, k: number, maxLines: number): number {
  const T = s.T;
  let last = k;
  let parts = 0;
  let lines = 0;
  let postal = false;
  for (let guard = 0; guard < 8; guard++) {
    let j = last + 1;
    if (j >= T.count) break;
    if (T.is(j, ',') || T.is(j, ';')) j++;
    let lineBreak = false;
    for (let m = last + 1; m <= j && m < T.count; m++) if (T.nl(m)) lineBreak = true;
    // Quote markers at a line start (`> `, `??? `).
    while (T.has(j) && T.isOneOf(j, LINE_MARKERS) && (T.nl(j) || lineBreak)) {
      lineBreak = true;
      j++;
    }
    if (T.is(j, ',')) j++;
    if (!T.has(j)) break;
    if (T.nl(j)) lineBreak = true;
    if (lineBreak && ++lines > maxLines) break;
    // Postal code: 3 to 7 digits, optionally `-` and more digits; one per address, and not the
    // first group of a phone number (`085 175 7641`).
    if (T.isNum(j) && T.len(j) >= 3 && T.len(j) <= 7 && houseNumber(T, j)) {
      let e = T.is(j + 1, '-') && T.gap[j + 1] === 0 && T.isNum(j + 2) ? j + 2 : j;
      // `114 55` (Sweden, Czechia, Greece, Slovakia): three digits and two.
      if (e === j && T.len(j) === 3 && T.isNum(j + 1) && T.len(j + 1) === 2 && !T.nl(j + 1) && T.gap[j + 1] === 1) e = j + 1;
      if (postal || (T.isNum(e + 1) && !T.nl(e + 1))) break;
      postal = true;
      last = e;
      parts++;
      continue;
    }
    const pc = postcode(T, j);
    if (pc >= 0) {
      last = pc;
      parts++;
      continue;
    }
    if (!T.isWord(j)) break;
    const c = country(s, j);
    if (c >= 0) {
      last = c;
      if (T.is(c + 1, '(') && T.isWord(c + 2) && T.is(c + 3, ')')) last = c + 3;
      parts++;
      continue;
    }
    // `D. Celestino` on the next line: an initial starts a name, not a region or a city.
    if (T.len(j) === 1 && T.is(j + 1, '.') && lineBreak) break;
    // Region code: two or three capitals (`CO`, `QC`, `NSW`).
    if (T.upper(j) && T.len(j) <= 3 && !T.inVocab(j, V_STOP)) {
      last = j;
      parts++;
      continue;
    }
    // City: one to four capitalised words (particles allowed), ending at a separator.
    if (T.cap(j) || T.nonAscii(j) || (s.caseless && !STOP_WORDS.has(T.lower(j)))) {
      if (!T.cap(j) && !T.nonAscii(j) && getLexicon().common.has(T.lower(j))) break;
      // `New York`, `Le Mans`: a capitalised function word starts a city only before another capital.
      if (T.cap(j) && !T.upper(j) && STOP_WORDS.has(T.lower(j)) && !(T.cap(j + 1) && !T.nl(j + 1))) break;
      let e = j;
      let words = 1;
      while (words < 5) {
        const nx = e + 1;
        if (!T.has(nx) || T.nl(nx)) break;
        if (T.isWord(nx) && (T.cap(nx) || T.nonAscii(nx) || ADDRESS_PARTICLES.has(T.lower(nx)) || (s.caseless && !STOP_WORDS.has(T.lower(nx))))) {
          e = skipAbbrev(T, nx);
          words++;
          continue;
        }
        if ((T.is(nx, '-') || T.is(nx, "'")) && T.gap[nx] === 0 && T.isWord(e + 2)) {
          e += 2;
          continue;
        }
        if (T.is(nx, '(') && T.isWord(e + 2) && T.is(e + 3, ')')) {
          e += 3;
          continue;
        }
        break;
      }
      const nx = e + 1;
      const atSeparator =
        !T.has(nx) ||
        T.nl(nx) ||
        T.is(nx, ',') ||
        (T.is(nx, '.') && (!T.has(nx + 1) || T.nl(nx + 1) || T.gap[nx + 1] > 0)) ||
        (T.isNum(nx) && T.len(nx) >= 3) ||
        (T.isWord(nx) && T.upper(nx) && T.len(nx) <= 3);
      if (!atSeparator || words > 4) break;
      last = e;
      parts++;
      continue;
    }
    break;
  }
  s.localityParts = parts;
  return last;
}

/** Finds street addresses in `text` (shared within a scan: PERSON asks for them too). */
export function detectAddresses(text: string, ctx?: DetectContext): Finding[] {
  return addressesOf(stateFor(text, ctx)).slice();
}

/** The addresses of a scan, found once. */
export function addressesOf(state: ScanState): Finding[] {
  state.addresses ??= findAddresses(tokensOf(state));
  return state.addresses;
}

/**
 * Extends street core `core` over a unit before it, a German preposition, units, a cross street,
 * military post or the locality, scores it and reports it in `out` when it is sure enough.
 * Returns the address's last token, or -1 when none is reported. A function of its own so that
 * findAddresses' loop over the notable tokens stays small (it is compiled with fewer registers
 * spilled).
 */
function extendCore(s: Scan, core: Core, cue: boolean, out: Finding[]): number {
  const T = s.T;
  let score = core.score;
  let first = core.first;
  // A unit written before the street (`Suite 5 12 Storgata 3`).
  if (T.isWord(first - 2) && T.inVocab(first - 2, V_UNITS) && T.isNum(first - 1) && !T.nl(first - 1) && !T.nl(first)) {
    first -= 2;
    score += W.unitBefore;
  }
  first = germanPrefixBefore(T, first);
  let last = units(T, core.last);
  if (last > core.last) score += W.unitAfter;
  const cross = crossStreet(s, last);
  if (cross >= 0) {
    last = cross;
    score += W.crossStreet;
  }
  if (T.isWord(last + 1) && MILITARY_POST.has(T.lower(last + 1)) && MILITARY_REGION.has(T.lower(last + 2)) && T.isNum(last + 3)) {
    last += 3;
    score += W.militaryRegion;
  } else {
    const locLast = locality(s, last, score >= W.localitySearch || cue ? 4 : 0);
    if (s.localityParts) {
      last = locLast;
      score += Math.min(W.localityMax, W.localityPart * s.localityParts + W.localityBase);
    }
  }
  if (cue) score += W.cue;
  if (score < ADDRESS_MIN_SCORE) return -1;
  // A full stop after a number or a whole word ends the sentence, not an abbreviation (`Calle
  // Estrella, 27.`, `28041 Madrid.`; `Bajo A.` and `Hauptstr.` keep theirs).
  if (T.is(last, '.') && last > first && (T.isNum(last - 1) || (T.isWord(last - 1) && T.len(last - 1) > 2 && !T.inVocab(last - 1, V_AFTER) && !T.inVocab(last - 1, V_BEFORE)))) last--;
  out.push({
    type: 'STREET_ADDRESS',
    dataTypes: ['PII'],
    start: T.start[first],
    end: T.end[last],
    score: Math.min(1, Math.round(score * 100) / 100),
    recognizer: 'street-address',
  });
  return last;
}

/**
 * The cheapest gates before a street core may start at token `k`, asked in findAddresses' loop
 * (small, so that it is inlined there: most notable tokens stop here). A number or a capitalised
 * or non-ASCII word (any word in a text without capitals), or a street-type or post-box word; not
 * a token glued to the word or number before it (`4924be8f51`, `K0n5`: keys and hashes), which is
 * no house number (houseNumber) and starts no street name (nameWord), unless it starts a post box
 * (`P.O.`): a third of the dense text's numbers and a tenth of its capitalised words.
 */
function mayStart(T: Tokens, k: number, caseless: boolean): boolean {
  const kind = T.kind[k];
  if (kind === 2) return false;
  const glued = k > 0 && T.gap[k] === 0 && (T.flags[k] & F_NL) === 0 && T.kind[k - 1] !== 2;
  if (kind === 1) return !glued;
  if (!caseless && (T.flags[k] & (F_CAP | F_NONASCII)) === 0) return startHashes.has(T.hash[k]);
  return !glued || startHashes.has(T.hash[k]) || shipHashes.has(T.hash[k]);
}

function findAddresses(T: Tokens): Finding[] {
  const s: Scan = {
    T,
    caseless: !T.hasCaps,
    aheadAt: 0,
    ahead: -1,
    strongAt: 0,
    strong: -1,
    foreignPlaces: new Map(),
    localityParts: 0,
    name: { end: 0, typed: false, count: 0, capFirst: false, named: 0 },
  };
  const out: Finding[] = [];
  let lastCue = -1_000;
  const caseless = s.caseless;
  // With capitals in the text, a core starts only at a number, a capitalised or non-ASCII word or
  // a street-type or post-box word, and a cue is a marked word: the tokenizer's list of notable
  // tokens holds them all, in order. Without capitals every word may start one.
  const notable = caseless ? undefined : T.notable;
  const notableCount = T.notableCount;
  let n = 0;
  // A cue is a word the tokenizer marked (its list is in text order, like the tokens looked at).
  const { marked, markedBits, markedCount } = T;
  let m = 0;
  // The first token not yet looked at (tokens inside a found address are skipped).
  let next = 0;
  const count = T.count;
  for (;;) {
    // The next token that passes the cheap gates (mayStart); the rest are passed over in a loop
    // without calls: most notable tokens stop at the gates.
    const from = next;
    let i = -1;
    if (notable) {
      while (n < notableCount) {
        const k = notable[n++];
        if (k >= from && mayStart(T, k, caseless)) {
          i = k;
          break;
        }
      }
    } else {
      for (let k = from; k < count; k++) {
        if (mayStart(T, k, caseless)) {
          i = k;
          break;
        }
      }
    }
    if (i < 0) break;
    next = i + 1;
    // The address cues among the tokens passed over since `from` and this one (every marked word
    // is notable: the cues a sweep of the notable tokens from `from` would have seen).
    while (m < markedCount && marked[m] < from) m++;
    for (; m < markedCount && marked[m] <= i; m++) {
      if ((markedBits[m] & CUE_MARK) !== 0 && T.inVocab(marked[m], V_CUES)) lastCue = marked[m];
    }
    const cue = i - lastCue <= CUE_WINDOW;
    let core: Core | undefined;
    if (T.kind[i] === 1) {
      if (houseNumber(T, i)) core = streetCore(s, i, cue);
    } else if (numberOrTypeAhead(s, i, MAX_NAME_WORDS + 2) || ((T.upper(i) || caseless) && shipHashes.has(T.hash[i]))) {
      core = streetCore(s, i, cue);
    }
    if (!core) continue;
    const last = extendCore(s, core, cue, out);
    if (last >= 0) next = last + 1;
  }
  return out;
}

/** STREET_ADDRESS detector: street, number, unit and locality in many countries' formats. */
export const streetAddressDetector: ContextualDetector = {
  id: 'street-address',
  type: 'STREET_ADDRESS',
  dataTypes: ['PII'],
  detect: (text, ctx) => detectAddresses(text, ctx),
  samples: {
    positive: [
      { text: 'Ship it to 1600 Pennsylvania Avenue, Washington, DC 20500 please.', value: '1600 Pennsylvania Avenue, Washington, DC 20500' },
      { text: 'Adresse: Hauptstraße 12\n10115 Berlin\nGermany', value: 'Hauptstraße 12\n10115 Berlin\nGermany' },
      { text: 'Our office: 221 Baker Street, Apt. 4\nLondon', value: '221 Baker Street, Apt. 4\nLondon' },
      { text: 'senden wir an Ihre Anschrift Neuer Wall 18, 20354 Hamburg.', value: 'Neuer Wall 18, 20354 Hamburg' },
      { text: 'Frau Sabine Kötter\nAm Rosengarten 7\n59423 Unna', value: 'Am Rosengarten 7\n59423 Unna' },
      { text: 'Anschrift: An der Alster 12, 20099 Hamburg', value: 'An der Alster 12, 20099 Hamburg' },
      { text: 'Domicilio: C/ Txurruka 9, 4.º dcha., 20004 Donostia', value: 'C/ Txurruka 9, 4.º dcha., 20004 Donostia' },
      { text: 'Il mio indirizzo è Via dei Mille 12/B, 40121 Bologna.', value: 'Via dei Mille 12/B, 40121 Bologna' },
      { text: 'Befundbericht, Mariahilfer Straße 88/3/14, 1070 Wien', value: 'Mariahilfer Straße 88/3/14, 1070 Wien' },
      { text: 'Please send the parcel to Rua das Flores 250, Lisboa', value: 'Rua das Flores 250, Lisboa' },
      { text: 'PO Box 4471, Anchorage, AK 99509', value: 'PO Box 4471, Anchorage, AK 99509' },
      { text: 'Dirección de envío: Passeig de Gràcia 92, pral. 1.ª, 08008 Barcelona', value: 'Passeig de Gràcia 92, pral. 1' },
      { text: 'Médecin : Dr Nathalie Roux, 12 cours Mirabeau, 13100 Aix-en-Provence', value: '12 cours Mirabeau, 13100 Aix-en-Provence' },
    ],
    negative: [
      'Apartado de Correos: ninguno.\n\nD. Celestino Fernández',
      // Results lines and a leaderboard: scores around a name.
      'Freiburg 2 Hansa Rostock 1\nSeattle 7 OAKLAND 4\nLeading scores: 133 Kerrin Dallow 66 67, Tomasz Welke 68 65',
      'American skier Kirsten Street said she would miss the rest of the season.',
      'Glühwein kostet auf dem Weihnachtsmarkt 3,50 Euro, Dichtung NBR 70 Shore, 40 Stück à 0,85 €.',
      'In 2019 Apple released 3 new phones.',
      'Die Sitzung Nummer 3, 2024 Berlin.',
      'Kapitel Drei 12, 10115 Berlin.',
      'Termin Via Roma 12/03/2016 bestätigt.',
      'Chapter 5 covers Windows 10 and Office 365.',
      'The meeting is on 12 March at 10:30 in room B.',
      'Call me at 555-0142 after 6 pm.',
      'The format follows RFC 2822 Section 3.',
      'Uploaded by Iain Lane on Tuesday.',
      'self.assertEqual(c.prec, 7)\nself.assertEqual(c.Emax, 999)',
      'Unroll the loop, saving 1 c/l when in L1.',
      'Sends outbound traffic to private IP addresses (RFC 1918 and RFC 6598).',
      'bash    866421 root    0u   CHR  136,1      0t0    4 /dev/pts/1',
      '374\t252\tFC\tü\tLATIN SMALL LETTER U WITH DIAERESIS',
      'It reads 20 bytes at the address 0x10000 from the process with PID 10',
      'bytes at the address. Returns 0 if successful, -1 for errors',
      'Date: Mon Jan 24 16:47:00 2022 +0100, shipped',
      'QoS 2, meaning that only up to 20 QoS 2 messages could be sent.',
      'Fix policy for location for Python 3 local modules.',
      'Windows: Upgrade shipped project files to Visual Studio 2017',
      'the build frontend via PEP 660 hooks).',
      'Implement SFS 5966 Annex 4 for Finland',
      'the load balancer returns a 502 Bad Gateway error to the client.',
      'msg = "431 Request Header Fields Too Large";',
      'files as well as Google Drive folders, sent by mail',
      'The SIZE_MAX / 3 was 1365 MiB. 1400 MiB gives little more room',
      // Real code and prose (bench/false-alarms.ts): a legal reference, PostScript operators
      // between numbers, a copyright holder with a middle initial.
      'the compulsory license created by 17 USC Section 115 of the US Copyright Act',
      '/B{0 SC 3 -1 roll widthshow}bind def',
      'DL 108 642 104 642 DL 112 642 108 642 DL',
      '2 E .24 -.12(ve m)-.2 H(ode.).12 E F0(10)283 756 Q 0 Cg EP',
      'Copyright: 1991-1994, Thomas G. Lane.',
      'The generator name became "Visual Studio 17 2022 Preview 1".',
      'Copyright: 1991-2020, Thomas G. Lane, Guido Vollbeding',
      'Pos. 2  Dichtungssatz Gummi  2 Packungen',
    ],
  },
};
