/**
 * STREET_ADDRESS: street addresses in many countries' formats, scored by the parts present.
 * A street core is found first, in one of these shapes:
 * - house number, street name, street type or number (`6750 Koskikatu 25`, `14 Crown Street`,
 *   `233 Erzsébet tér 19.`, `0605 πεντέλης 210`);
 * - street type before the name, then a number (`Rua do Arenque 1634`, `ul. Zamkowa 33`);
 * - one-word street with a typical ending, then a number (`Sludevej 13`, `Ziegelgasse 19`);
 * - name and number right after an address cue (`lives on Joaquin Suarez 2906`);
 * - post boxes (`P.O. Box 149`) and military post (`PSC 6293, Box 8158 / APO AP 04336`).
 * It is then extended over unit designators (`Apt. 864`, `Suite 501`) and, across commas and
 * line breaks, over the locality: city, region code, postal code and country.
 */
import type { ContextualDetector, Finding } from '../types';
import {
  ADDRESS_CUES,
  ADDRESS_PARTICLES,
  MILITARY_POST,
  MILITARY_REGION,
  SHIP_PREFIX,
  TYPE_SUFFIXES,
  TYPES_AFTER,
  TYPES_BEFORE,
  TYPES_FULL,
  TYPES_STRONG,
  UNIT_WORDS,
} from './address-terms';
import { fold, getLexicon } from './lexicon';
import { STOP_WORDS } from './terms';
import { Kind, tokenize, type Token } from './tokenize';

/** Findings below this score are dropped. */
export const ADDRESS_MIN_SCORE = 0.5;
/** How many tokens back an address cue still counts. */
const CUE_WINDOW = 12;
const MAX_NAME_WORDS = 6;
const LINE_MARKERS = new Set(['>', '?', '|', '*', '-', '•', '#']);

interface Core {
  /** First and last token of the street core. */
  first: number;
  last: number;
  score: number;
}

function isWord(t: Token | undefined): boolean {
  return !!t && t.kind === Kind.Word;
}

function isNum(t: Token | undefined): boolean {
  return !!t && t.kind === Kind.Num;
}

/** House number: up to six digits (and an optional letter), standing alone as a word. */
function houseNumber(toks: Token[], i: number): boolean {
  const t = toks[i];
  if (!isNum(t) || t.text.length > 7) return false;
  const prev = toks[i - 1];
  if (prev && t.gap === 0 && !t.nl && (prev.kind !== Kind.Punct || '-+(./:_=@#$%'.includes(prev.text))) return false;
  const next = toks[i + 1];
  if (next && next.gap === 0 && !next.nl) {
    if (next.kind !== Kind.Punct) return false;
    if ('-/:_=@$%'.includes(next.text)) return false;
    if (next.text === '.' && toks[i + 2] && toks[i + 2].gap === 0 && !toks[i + 2].nl && toks[i + 2].kind !== Kind.Punct) return false;
  }
  return true;
}

function hasTypeSuffix(t: Token): boolean {
  if (t.text.length < 5) return false;
  const lw = t.lower;
  for (const suf of TYPE_SUFFIXES) if (lw.length >= suf.length + 2 && lw.endsWith(suf)) return !getLexicon().common.has(lw);
  return false;
}

/** Skips an abbreviation's full stop or a `C/`-style slash glued to token `k`; returns the last index. */
function skipAbbrev(toks: Token[], k: number): number {
  const n = toks[k + 1];
  if (n && n.gap === 0 && (n.text === '.' || (n.text === '/' && toks[k].text.length === 1))) return k + 1;
  return k;
}

interface Scan {
  toks: Token[];
  caseless: boolean;
}

/** A word that may be part of a street name (`pos` is its place in the name). */
function nameWord(s: Scan, k: number, pos: number): boolean {
  const t = s.toks[k];
  if (!isWord(t) || (pos > 0 && t.nl)) return false;
  // Glued to digits or symbols (`VvzSaM` in `67VvzSaM7`): code, not a street.
  const prev = s.toks[k - 1];
  if (prev && t.gap === 0 && !t.nl && !(prev.text === '/' || prev.text === '(' || prev.text === '"' || prev.text === '>')) return false;
  const next = s.toks[k + 1];
  if (next && next.gap === 0 && !next.nl && (next.kind !== Kind.Punct || '@_=/\\'.includes(next.text))) return false;
  const lw = t.lower;
  if (TYPES_AFTER.has(lw) || TYPES_BEFORE.has(lw)) return true;
  if (pos > 0 && ADDRESS_PARTICLES.has(lw)) return true;
  if (STOP_WORDS.has(lw)) return false;
  if (t.cap || t.nonAscii) return true;
  // Lower-case words inside a name (`Csabai kapu`, `rue des lieutemants`), but not English ones.
  if (pos > 0 && !getLexicon().common.has(lw)) return true;
  return s.caseless;
}

/**
 * Street name words from `k` on the same line; returns the index after them, whether a street
 * type was seen, and how many words there were.
 */
function streetName(s: Scan, k: number): { end: number; typed: boolean; count: number; capFirst: boolean } {
  const toks = s.toks;
  let typed = false;
  let count = 0;
  let j = k;
  const f = toks[k];
  const capFirst = !!f && (f.cap || f.nonAscii || s.caseless || TYPES_BEFORE.has(f.lower) || TYPES_AFTER.has(f.lower));
  while (j < toks.length && count < MAX_NAME_WORDS) {
    const t = toks[j];
    if (count > 0 && t.nl) break;
    if (!nameWord(s, j, count)) break;
    if (UNIT_WORDS.has(t.lower) && isNum(toks[skipAbbrev(toks, j) + 1])) break;
    const lw = t.lower;
    if (TYPES_AFTER.has(lw) || (count === 0 && TYPES_BEFORE.has(lw)) || hasTypeSuffix(t)) typed = true;
    count++;
    j = skipAbbrev(toks, j) + 1;
  }
  return { end: j, typed, count, capFirst };
}

function looksLikeYear(t: Token): boolean {
  if (t.text.length !== 4) return false;
  const y = Number(t.text);
  return y >= 1800 && y <= 2099;
}

/** Post boxes and military post: `P.O. Box 12`, `PSC 6293, Box 8158`, `USNS Comfort`. */
function postBox(s: Scan, i: number): Core | undefined {
  const toks = s.toks;
  const t = toks[i];
  if (!isWord(t)) return undefined;
  const lw = t.lower;
  let k = i;
  // P.O. Box / PO Box / Post Office Box / Postfach / Apartado / Caixa Postal.
  if (lw === 'p' && toks[k + 1]?.text === '.' && toks[k + 2]?.lower === 'o') k += 2;
  else if (lw === 'po' || lw === 'pob') k += 0;
  else if (lw === 'post' && toks[k + 1]?.lower === 'office') k += 1;
  else if (lw === 'postfach' || lw === 'apartado' || lw === 'postbus' || lw === 'postboks' || lw === 'box') k -= 1;
  else if (lw === 'caixa' && toks[k + 1]?.lower === 'postal') k += 1;
  else if (lw === 'psc' || lw === 'cmr' || lw === 'unit') {
    // Military: PSC 1234, Box 5678
    const n = toks[k + 1];
    if (!isNum(n)) return undefined;
    let j = k + 2;
    if (toks[j]?.text === ',') j++;
    if (toks[j]?.lower !== 'box' || !isNum(toks[j + 1])) return undefined;
    return { first: i, last: j + 1, score: 0.75 };
  } else if (SHIP_PREFIX.has(lw) && t.upper) {
    const name = streetName(s, k + 1);
    if (name.count === 0) return undefined;
    const post = toks[name.end];
    if (!post || !MILITARY_POST.has(post.lower)) return undefined;
    return { first: i, last: name.end - 1, score: 0.7 };
  } else {
    return undefined;
  }
  k = skipAbbrev(toks, k) + 1;
  if (lw === 'postfach' || lw === 'apartado' || lw === 'postbus' || lw === 'postboks') {
    return isNum(toks[i + 1]) ? { first: i, last: i + 1, score: 0.7 } : undefined;
  }
  if (lw === 'box') return undefined;
  if (toks[k]?.lower !== 'box' || !isNum(toks[k + 1])) return undefined;
  return { first: i, last: k + 1, score: 0.7 };
}

/** Street core starting at token `i`, if any. */
function streetCore(s: Scan, i: number, cue: boolean): Core | undefined {
  const toks = s.toks;
  const t = toks[i];
  if (isNum(t)) {
    if (!houseNumber(toks, i)) return undefined;
    let k = i + 1;
    // `6400 12 Timms Drive`: a second leading number.
    if (isNum(toks[k]) && !toks[k].nl && houseNumber(toks, k) && isWord(toks[k + 1]) && !toks[k + 1].nl) k++;
    if (!toks[k] || toks[k].nl) return undefined;
    const name = streetName(s, k);
    if (name.count === 0 || !name.capFirst) return undefined;
    let last = name.end - 1;
    const after = toks[name.end];
    const trailingNum = isNum(after) && !after.nl && houseNumber(toks, name.end);
    if (trailingNum) last = skipAbbrev(toks, name.end);
    let score: number;
    if (name.typed) score = 0.7;
    else if (trailingNum) score = s.caseless ? 0.4 : 0.5;
    else return undefined;
    if (!trailingNum && k === i + 1 && looksLikeYear(t)) score -= 0.3;
    return { first: i, last, score };
  }
  if (!isWord(t)) return undefined;
  const box = postBox(s, i);
  if (box) return box;
  const lw = t.lower;
  const prefixType = TYPES_BEFORE.has(lw) && (t.cap || lw.length > 1);
  const suffixWord = (t.cap || t.nonAscii || s.caseless) && hasTypeSuffix(t);
  const capital = t.cap || t.nonAscii;
  if (!prefixType && !suffixWord && !capital) return undefined;
  const prev = toks[i - 1];
  // Inside a run of capitalised words only the first may start a street.
  if (!prefixType && prev && prev.kind === Kind.Word && !t.nl && (prev.cap || prev.nonAscii) && !STOP_WORDS.has(prev.lower)) {
    return undefined;
  }
  const name = streetName(s, i);
  if (name.count === 0 || name.count > 5) return undefined;
  const lastWord = toks[lastWordIndex(toks, name.end)];
  // `Hoge Wei 32`, `Main Street 5`: a name word, then a street type that leaves no doubt.
  const strongEnd = name.count >= 2 && !!lastWord && TYPES_STRONG.has(lastWord.lower);
  const after = toks[name.end];
  const numbered = isNum(after) && !after.nl && houseNumber(toks, name.end);
  if (!numbered) {
    // `on Berg Hills Street`: a capitalised name and a full street word, with no number.
    const nextTok = toks[name.end];
    const fullEnd = strongEnd && lastWord.cap && TYPES_FULL.has(lastWord.lower);
    if (!fullEnd || (nextTok && !nextTok.nl && nextTok.kind === Kind.Word && nextTok.cap)) return undefined;
    return { first: i, last: lastWordIndex(toks, name.end), score: 0.5 + (cue ? 0.1 : 0) };
  }
  if (!prefixType && !suffixWord && !strongEnd && !cue) return undefined;
  const last = skipAbbrev(toks, name.end);
  let score = prefixType || suffixWord || strongEnd ? 0.6 : 0.35;
  if (cue) score += 0.15;
  return { first: i, last, score };
}

/** Index of the last word before `end` (over an abbreviation's full stop). */
function lastWordIndex(toks: Token[], end: number): number {
  let k = end - 1;
  while (k > 0 && toks[k].kind !== Kind.Word) k--;
  return k;
}

/**
 * Unit designators after a core (`Apt. 864`, `Suite 501`, `# 4`), on its line or the next
 * (after an optional quote marker). Returns the last index.
 */
function units(toks: Token[], k: number): { last: number; found: boolean } {
  let last = k;
  let found = false;
  for (let guard = 0; guard < 3; guard++) {
    let j = last + 1;
    if (toks[j]?.text === ',') j++;
    let lineBreak = !!toks[j]?.nl;
    while (toks[j] && LINE_MARKERS.has(toks[j].text) && (toks[j].nl || lineBreak)) {
      lineBreak = true;
      j++;
    }
    const t = toks[j];
    if (!t || (t.nl && !lineBreak)) break;
    if (t.text === '#' && isNum(toks[j + 1])) {
      last = j + 1;
      found = true;
      continue;
    }
    if (!isWord(t) || !UNIT_WORDS.has(t.lower)) break;
    let n = skipAbbrev(toks, j) + 1;
    if (toks[n]?.text === '#') n++;
    if (!isNum(toks[n]) || toks[n].nl) break;
    last = n;
    found = true;
  }
  return { last, found };
}

/** `... and Mathias Pass`: a second, crossing street named after the first. Returns its last index. */
function crossStreet(s: Scan, k: number): number {
  const toks = s.toks;
  const and = toks[k + 1];
  if (!and || and.nl || !(and.lower === 'and' || and.text === '&')) return -1;
  let j = k + 2;
  if (isNum(toks[j]) && !toks[j].nl) j++;
  const name = streetName(s, j);
  if (name.count < 2 || !name.typed || !name.capFirst) return -1;
  return name.end - 1;
}

/** Country name (one to three words, with an optional parenthesis) at `k`; returns its last index. */
function country(toks: Token[], k: number): number {
  const places = getLexicon().places;
  let phrase = '';
  let best = -1;
  for (let j = k; j < Math.min(toks.length, k + 3); j++) {
    const t = toks[j];
    if (!isWord(t) || (j > k && t.nl)) break;
    phrase = phrase ? `${phrase} ${t.lower}` : t.lower;
    if (places.has(phrase) || places.has(fold(phrase))) best = j;
  }
  return best;
}

/**
 * Extends an address over its locality: city, region code, postal code and country, separated
 * by commas, spaces or line breaks. Returns the last token index and the parts found.
 */
function locality(s: Scan, k: number, maxLines: number): { last: number; parts: number } {
  const toks = s.toks;
  let last = k;
  let parts = 0;
  let lines = 0;
  for (let guard = 0; guard < 8; guard++) {
    let j = last + 1;
    if (j >= toks.length) break;
    if (toks[j].text === ',' || toks[j].text === ';') j++;
    // Quote markers at a line start (`> `, `??? `).
    let lineBreak = false;
    for (let m = last + 1; m <= j && m < toks.length; m++) if (toks[m].nl) lineBreak = true;
    while (j < toks.length && LINE_MARKERS.has(toks[j].text) && (toks[j].nl || lineBreak)) {
      lineBreak = true;
      j++;
    }
    if (j < toks.length && toks[j].text === ',') j++;
    const t = toks[j];
    if (!t) break;
    if (t.nl) lineBreak = true;
    if (lineBreak && ++lines > maxLines) break;
    // Postal code: 3 to 6 digits, optionally `-` and more digits.
    if (isNum(t) && t.text.length >= 3 && t.text.length <= 7 && houseNumber(toks, j)) {
      let e = j;
      if (toks[j + 1]?.text === '-' && toks[j + 1].gap === 0 && isNum(toks[j + 2])) e = j + 2;
      last = e;
      parts++;
      continue;
    }
    if (!isWord(t)) break;
    // Country.
    const c = country(toks, j);
    if (c >= 0) {
      last = c;
      if (toks[c + 1]?.text === '(' && isWord(toks[c + 2]) && toks[c + 3]?.text === ')') last = c + 3;
      parts++;
      continue;
    }
    // Region code: two or three capitals (`CO`, `QC`, `NSW`).
    if (t.upper && t.text.length <= 3 && !STOP_WORDS.has(t.lower)) {
      last = j;
      parts++;
      continue;
    }
    // City: one to four capitalised words (particles allowed), ending at a separator.
    if (t.cap || t.nonAscii || (s.caseless && !STOP_WORDS.has(t.lower))) {
      if (!t.cap && !t.nonAscii && getLexicon().common.has(t.lower)) break;
      if (t.cap && !t.upper && STOP_WORDS.has(t.lower)) break;
      let e = j;
      let n = 1;
      while (n < 5) {
        const nx = toks[e + 1];
        if (!nx || nx.nl) break;
        if (isWord(nx) && (nx.cap || nx.nonAscii || ADDRESS_PARTICLES.has(nx.lower) || (s.caseless && !STOP_WORDS.has(nx.lower)))) {
          e = skipAbbrev(toks, e + 1);
          n++;
          continue;
        }
        if ((nx.text === '-' || nx.text === "'") && nx.gap === 0 && isWord(toks[e + 2])) {
          e += 2;
          continue;
        }
        if (nx.text === '(' && isWord(toks[e + 2]) && toks[e + 3]?.text === ')') {
          e += 3;
          continue;
        }
        break;
      }
      const nx = toks[e + 1];
      const atSeparator = !nx || nx.nl || nx.text === ',' || (isNum(nx) && nx.text.length >= 3) || (isWord(nx) && nx.upper && nx.text.length <= 3);
      if (!atSeparator || n > 4) break;
      last = e;
      parts++;
      continue;
    }
    break;
  }
  return { last, parts };
}

/** Whether an address cue occurs in the few tokens before `i`. */
function cueBefore(toks: Token[], i: number): boolean {
  for (let k = i - 1; k >= 0 && k >= i - CUE_WINDOW; k--) {
    const t = toks[k];
    if (t.kind === Kind.Word && ADDRESS_CUES.has(t.lower)) return true;
  }
  return false;
}

let lastText: string | undefined;
let lastFound: Finding[] = [];

/** Finds street addresses in `text` (the last result is cached: PERSON asks for it too). */
export function detectAddresses(text: string): Finding[] {
  if (lastText === text) return lastFound.slice();
  lastFound = findAddresses(text);
  lastText = text;
  return lastFound.slice();
}

function findAddresses(text: string): Finding[] {
  const tokens = tokenize(text);
  const toks = tokens.list;
  const s: Scan = { toks, caseless: !tokens.hasCaps };
  const out: Finding[] = [];
  let lastCue = -1_000;
  let i = 0;
  while (i < toks.length) {
    const t = toks[i];
    if (t.kind === Kind.Word && ADDRESS_CUES.has(t.lower)) lastCue = i;
    const cue = i - lastCue <= CUE_WINDOW;
    const core = streetCore(s, i, cue);
    if (!core) {
      i++;
      continue;
    }
    let score = core.score;
    let first = core.first;
    // A unit written before the street (`Suite 541 6343 Skogstien 106`).
    const before = toks[first - 2];
    if (isWord(before) && UNIT_WORDS.has(before.lower) && isNum(toks[first - 1]) && !toks[first - 1].nl && !toks[first].nl) {
      first -= 2;
      score += 0.1;
    }
    const u = units(toks, core.last);
    if (u.found) score += 0.15;
    let last = u.last;
    const cross = crossStreet(s, last);
    if (cross >= 0) {
      last = cross;
      score += 0.15;
    }
    const military = toks[last + 1];
    if (military && MILITARY_POST.has(military.lower) && MILITARY_REGION.has(toks[last + 2]?.lower ?? '') && isNum(toks[last + 3])) {
      last += 3;
      score += 0.2;
    } else {
      const loc = locality(s, last, score >= 0.45 || cue ? 4 : 0);
      if (loc.parts) {
        last = loc.last;
        score += Math.min(0.3, 0.1 * loc.parts + 0.05);
      }
    }
    if (cue && cueBefore(toks, core.first)) score += 0.15;
    if (score >= ADDRESS_MIN_SCORE) {
      out.push({
        type: 'STREET_ADDRESS',
        dataTypes: ['PII'],
        start: toks[first].start,
        end: toks[last].end,
        score: Math.min(1, Math.round(score * 100) / 100),
        recognizer: 'street-address',
      });
      i = last + 1;
    } else {
      i++;
    }
  }
  return out;
}

/** STREET_ADDRESS detector: street, number, unit and locality in many countries' formats. */
export const streetAddressDetector: ContextualDetector = {
  id: 'street-address',
  type: 'STREET_ADDRESS',
  dataTypes: ['PII'],
  label: 'Street address',
  detect: (text) => detectAddresses(text),
  samples: {
    positive: [
      { text: 'Ship it to 1600 Pennsylvania Avenue, Washington, DC 20500 please.', value: '1600 Pennsylvania Avenue, Washington, DC 20500' },
      { text: 'Adresse: Hauptstraße 12\n10115 Berlin\nGermany', value: 'Hauptstraße 12\n10115 Berlin\nGermany' },
      { text: 'Our office: 221 Baker Street, Apt. 4\nLondon', value: '221 Baker Street, Apt. 4\nLondon' },
      { text: 'Please send the parcel to Rua das Flores 250, Lisboa', value: 'Rua das Flores 250, Lisboa' },
      { text: 'PO Box 4471, Anchorage, AK 99509', value: 'PO Box 4471, Anchorage, AK 99509' },
    ],
    negative: [
      'In 2019 Apple released 3 new phones.',
      'Chapter 5 covers Windows 10 and Office 365.',
      'The meeting is on 12 March at 10:30 in room B.',
      'Call me at 555-0142 after 6 pm.',
    ],
  },
};
