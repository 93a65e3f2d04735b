/**
 * PERSON: personal names in free text without a model. One sweep over the tokens builds runs
 * of name-like words (capitalised words, initials, particles); each run is split at ordinary
 * words and places, dropped next to organisation or street words, then scored from what its
 * words are (given name, surname, surname-like ending, unknown) and from the words around it
 * (titles, `my name is`, `said`, `in` before a place). Doubtful candidates joined by `and` or a
 * comma to a sure one are raised (`Usamov and Bowers`).
 */
import type { ContextualDetector, Finding } from '../types';
import { fold, getLexicon } from './lexicon';
import {
  BRANDS,
  GEO_AFTER,
  GEO_BEFORE,
  HONORIFICS,
  MOTION_WORDS,
  ORG_WORDS,
  PARTICLES,
  PERSON_CUE_AFTER_MULTI,
  PERSON_CUE_MULTI,
  PERSON_CUES_AFTER,
  PERSON_CUES_STRONG,
  PERSON_CUES_WEAK,
  PLACE_CUES,
  STOP_WORDS,
  SURNAME_PREFIX,
  SURNAME_SUFFIXES,
  TITLES,
} from './terms';
import { detectAddresses } from './street-address';
import { Kind, tokenize, type Token } from './tokenize';

/**
 * What a word of a candidate run is: N known name, A known name that is also an ordinary word
 * or a place (`Will`, `Young`), M unknown word with a surname ending (`Yefremova`), U unknown
 * capitalised word, C ordinary word, P place, O organisation word or brand; I an initial and
 * p a particle (`van`, `de`).
 */
type WordClass = 'N' | 'A' | 'M' | 'U' | 'C' | 'P' | 'O';
type PartClass = WordClass | 'I' | 'p';

interface Part {
  /** Index of the token. */
  i: number;
  cls: PartClass;
  given: boolean;
}

interface WordInfo {
  cls: WordClass;
  given: boolean;
}

interface Candidate {
  first: number;
  last: number;
  score: number;
}

/** Findings below this score are dropped. */
export const PERSON_MIN_SCORE = 0.5;
const SOFT_PUNCT = new Set([',', '&', '/', '–', '—', '-']);
const GLUE_BEFORE = new Set(['@', '.', '/', '\\', '_', '=', '#', '~', '+', ':']);
const GLUE_AFTER = new Set(['@', '/', '\\', '_', '=', '#', '~', '+']);
const NAME_INTRO = new Set(['named', 'called', 'surnamed', 'nicknamed']);
const CAMEL_PREFIXES = new Set(['Mc', 'Mac', 'De', 'Di', 'Da', 'Du', 'La', 'Le', 'Van', 'Von', 'Fitz', 'St', 'Del', 'Della', 'Dos']);
const WORK_WORDS = new Set(['work', 'works', 'worked', 'working', 'job', 'intern', 'interned']);
const DETERMINERS = new Set(['the', 'a', 'an', 'this', 'that', 'these', 'those', 'some', 'any', 'no', 'every', 'each']);

function hasSurnameEnding(lower: string, common: Set<string>): boolean {
  if (lower.length < 5) return false;
  let hit = false;
  for (const suf of SURNAME_SUFFIXES) {
    if (lower.length >= suf.length + 3 && lower.endsWith(suf)) {
      hit = true;
      break;
    }
  }
  if (!hit) return false;
  // `Salesperson`, `Betterlesson`: an ordinary word at the end is not a surname ending.
  for (let k = 5; k <= Math.min(8, lower.length - 2); k++) if (common.has(lower.slice(lower.length - k))) return false;
  return true;
}

function classify(t: Token, cache: Map<string, WordInfo>): WordInfo {
  const hit = cache.get(t.text);
  if (hit) return hit;
  const lex = getLexicon();
  const lw = t.lower;
  const folded = t.nonAscii ? fold(lw) : lw;
  const has = (set: Set<string>): boolean => set.has(lw) || (folded !== lw && set.has(folded));
  const given = has(lex.given);
  const surname = has(lex.surnames);
  const common = lex.common.has(lw) || STOP_WORDS.has(lw);
  const place = has(lex.places);
  let cls: WordClass;
  if (ORG_WORDS.has(lw) || BRANDS.has(lw)) cls = 'O';
  else if (lex.demonyms.has(lw) && !given && !surname) cls = 'C';
  else if (given || surname) cls = common || place ? 'A' : 'N';
  else if (place) cls = 'P';
  else if (common) cls = 'C';
  else if (SURNAME_PREFIX.test(t.text) || hasSurnameEnding(folded, lex.common)) cls = 'M';
  else cls = 'U';
  const info = { cls, given };
  cache.set(t.text, info);
  return info;
}

/** A single capital letter (an initial). */
function isInitial(t: Token): boolean {
  return t.kind === Kind.Word && t.text.length === 1 && t.cap;
}

/** Word glued to an e-mail address, URL, handle or number (`jane@x.org`, `Blink-182`). */
function glued(toks: Token[], i: number): boolean {
  const t = toks[i];
  const prev = toks[i - 1];
  if (prev && t.gap === 0 && (GLUE_BEFORE.has(prev.text) || prev.kind === Kind.Num)) return true;
  const next = toks[i + 1];
  if (!next || next.gap !== 0 || t.poss) return false;
  if (GLUE_AFTER.has(next.text)) return true;
  const after = toks[i + 2];
  if ((next.text === '.' || next.text === '-') && after && after.gap === 0 && after.kind !== Kind.Punct) return true;
  return next.kind === Kind.Num;
}

/** `GrafanaClient`, `iPhone`: a capital after a lower-case letter, other than `McDowell` and kin. */
function camelCase(word: string): boolean {
  for (let k = 1; k < word.length; k++) {
    const c = word[k];
    const p = word[k - 1];
    if (c !== c.toLowerCase() && p !== p.toUpperCase()) {
      const head = word.slice(0, k);
      return !CAMEL_PREFIXES.has(head) && !(head.endsWith("'") || head.endsWith('’'));
    }
  }
  return false;
}

/** Index of the previous word token on the same line, skipping at most `skip` punctuation tokens. */
function prevWord(toks: Token[], i: number, skip = 2): number {
  let k = i - 1;
  let skipped = 0;
  while (k >= 0 && toks[k].kind !== Kind.Word) {
    if (toks[k + 1].nl || ++skipped > skip) return -1;
    k--;
  }
  if (k < 0 || toks[k + 1].nl) return -1;
  return k;
}

/** Index of the next word token on the same line, skipping at most `skip` punctuation tokens. */
function nextWord(toks: Token[], i: number, skip = 1): number {
  let k = i + 1;
  let skipped = 0;
  while (k < toks.length && toks[k].kind !== Kind.Word) {
    if (toks[k].nl || ++skipped > skip) return -1;
    k++;
  }
  if (k >= toks.length || toks[k].nl) return -1;
  return k;
}

/** Whether token `i` starts a sentence or a line (capitalisation tells nothing there). */
function sentenceStart(toks: Token[], i: number): boolean {
  if (i === 0 || toks[i].nl) return true;
  const prev = toks[i - 1];
  if (prev.kind !== Kind.Punct) return false;
  return !SOFT_PUNCT.has(prev.text);
}

/** The word right before token `i` (over an optional full stop), when it is a title of `set`. */
function titleBefore(toks: Token[], i: number, set: Set<string>): boolean {
  let k = i - 1;
  if (k >= 0 && toks[k].text === '.' && !toks[k].nl && toks[k].gap === 0) k--;
  if (k < 0 || toks[k + 1].nl || toks[k].kind !== Kind.Word) return false;
  return set.has(toks[k].lower) && (toks[k].cap || toks[k].lower.length <= 4);
}

/** `my name is X`, `named X`, `Mrs. X`: whatever capitalised word follows is a name. */
function nameIntroduced(toks: Token[], i: number): boolean {
  if (titleBefore(toks, i, HONORIFICS)) return true;
  const w1 = prevWord(toks, i, 1);
  if (w1 < 0) return false;
  const a = toks[w1].lower;
  if (NAME_INTRO.has(a)) return true;
  const w2 = prevWord(toks, w1, 0);
  if (w2 < 0) return false;
  const b = toks[w2].lower;
  return (a === 'is' || a === 'was') && (b === 'name' || b === 'surname');
}

/** Cue scores from the words before the candidate starting at token `i`. */
function cueBefore(toks: Token[], i: number): { person: number; place: number; motion: boolean } {
  const w1 = prevWord(toks, i);
  if (w1 < 0) return { person: 0, place: 0, motion: false };
  const a = toks[w1].lower;
  const w2 = prevWord(toks, w1, 0);
  const b = w2 >= 0 ? toks[w2].lower : '';
  const w3 = w2 >= 0 ? prevWord(toks, w2, 0) : -1;
  const c = w3 >= 0 ? toks[w3].lower : '';
  let person = 0;
  if (
    PERSON_CUES_STRONG.has(a) ||
    PERSON_CUE_MULTI.has(`${b} ${a}`) ||
    PERSON_CUE_MULTI.has(`${c} ${b} ${a}`) ||
    (TITLES.has(a) && toks[w1].cap)
  ) {
    person = 0.35;
  } else if (PERSON_CUES_WEAK.has(a)) {
    person = 0.15;
  }
  let place = 0;
  let motion = false;
  if (PLACE_CUES.has(a)) place = 0.35;
  else if ((a === 'to' || a === 'from' || a === 'at') && (MOTION_WORDS.has(b) || MOTION_WORDS.has(c))) {
    place = 0.35;
    motion = true;
  } else if (a === 'from' || a === 'at') place = 0.2;
  return { person, place, motion };
}

/** `work for X`, `employed by X`, `joined X`: an employer follows. */
function orgCueBefore(toks: Token[], i: number): boolean {
  const w1 = prevWord(toks, i, 0);
  if (w1 < 0) return false;
  const a = toks[w1].lower;
  if (a === 'joined' || a === 'acquired') return true;
  const w2 = prevWord(toks, w1, 0);
  if (w2 < 0) return false;
  const b = toks[w2].lower;
  return ((a === 'for' || a === 'at') && WORK_WORDS.has(b)) || (a === 'by' && b === 'employed');
}

/** Score added by the words after the candidate ending at token `j`. */
function cueAfter(toks: Token[], j: number): number {
  let bonus = toks[j].poss ? 0.1 : 0;
  const w1 = nextWord(toks, j);
  if (w1 < 0) return bonus;
  const a = toks[w1].lower;
  const w2 = nextWord(toks, w1, 0);
  const b = w2 >= 0 ? toks[w2].lower : '';
  if (PERSON_CUES_AFTER.has(a) && w1 === j + 1) bonus += 0.3;
  else if (PERSON_CUE_AFTER_MULTI.has(`${a} ${b}`) && w1 === j + 1) bonus += 0.1;
  return bonus;
}

/** The candidate `[s, e]` starts its line and is followed by a colon: a speaker or a label. */
function speakerLabel(toks: Token[], s: number, e: number): boolean {
  const next = toks[e + 1];
  return !!next && next.text === ':' && lineStart(toks, s);
}

function lineStart(toks: Token[], s: number): boolean {
  let k = s - 1;
  // Quote markers and bullets before the name (`> Jane Doe`, `- Jane Doe`).
  while (k >= 0 && toks[k].kind === Kind.Punct && !toks[k + 1].nl) k--;
  return toks[k + 1].nl;
}

/** Whether the candidate `[s, e]` fills its whole line (a signature or letterhead line). */
function wholeLine(toks: Token[], s: number, e: number): boolean {
  const next = toks[e + 1];
  return lineStart(toks, s) && (!next || next.nl);
}

/**
 * Lines written in title case (`Guilty Pleasures: 5 Musicians Of The 70s`) say nothing by
 * their capitals; returns, per token, whether its line is one.
 */
function titleCaseLines(toks: Token[]): Uint8Array {
  const flags = new Uint8Array(toks.length);
  const common = getLexicon().common;
  let start = 0;
  for (let i = 0; i <= toks.length; i++) {
    if (i === toks.length || (i > start && toks[i].nl)) {
      // Only ordinary words tell: a line full of names is not in title case.
      let words = 0;
      let caps = 0;
      let stops = 0;
      for (let k = start; k < i; k++) {
        const t = toks[k];
        if (t.kind !== Kind.Word || t.text.length < 2 || sentenceStart(toks, k)) continue;
        if (STOP_WORDS.has(t.lower)) {
          if (t.cap && !t.upper) stops++;
          continue;
        }
        if (!common.has(t.lower)) continue;
        words++;
        if (t.cap) caps++;
      }
      if ((words >= 3 && caps / words >= 0.6) || stops >= 2) flags.fill(1, start, i);
      start = i;
    }
  }
  return flags;
}

/**
 * `Owens, Duran and Oneal`: three or more single surnames in a comma list ending in `and` or
 * `&` are a firm's name unless a person cue (`founders:`) comes first. Returns their tokens.
 */
function firmLists(toks: Token[], cache: Map<string, WordInfo>): Set<number> {
  const out = new Set<number>();
  const single = (k: number): boolean => {
    const t = toks[k];
    if (!t || t.kind !== Kind.Word || !t.cap || t.text.length < 2 || STOP_WORDS.has(t.lower)) return false;
    const prev = toks[k - 1];
    const next = toks[k + 1];
    if (prev && prev.kind === Kind.Word && !prev.nl && prev.cap && !STOP_WORDS.has(prev.lower)) return false;
    // The last name may be followed by the firm's kind (`Clark, Romero and Hall Orchestra`).
    if (next && next.kind === Kind.Word && !next.nl && next.cap && !ORG_WORDS.has(next.lower)) return false;
    return true;
  };
  for (let i = 0; i < toks.length; i++) {
    if (!single(i) || !(toks[i + 1]?.text === ',')) continue;
    const members = [i];
    let k = i + 1;
    while (k < toks.length) {
      const sep = toks[k];
      if (sep.nl) break;
      if (sep.text === ',' && single(k + 1) && !toks[k + 1].nl) {
        members.push(k + 1);
        k += 2;
        continue;
      }
      if ((sep.lower === 'and' || sep.text === '&') && single(k + 1) && !toks[k + 1].nl) {
        members.push(k + 1);
        k += 2;
      }
      break;
    }
    const last = members[members.length - 1];
    const closed = toks[last - 1] && (toks[last - 1].lower === 'and' || toks[last - 1].text === '&');
    if (members.length >= 3 && closed) {
      const cue = cueBefore(toks, i).person >= 0.35;
      const anyGiven = members.some((m) => {
        const info = classify(toks[m], cache);
        return info.given && info.cls === 'N';
      });
      if (!cue && !anyGiven) for (const m of members) out.add(m);
    }
    i = k;
  }
  return out;
}

function detectCased(toks: Token[], mostlyUpper: boolean): Candidate[] {
  const cache = new Map<string, WordInfo>();
  const titleCase = titleCaseLines(toks);
  const firms = firmLists(toks, cache);
  const candidates: Candidate[] = [];
  const nameLike = (k: number): boolean => {
    const t = toks[k];
    if (t.kind !== Kind.Word || t.text.length < 2) return false;
    if (!t.cap && !mostlyUpper) return false;
    if (STOP_WORDS.has(t.lower) || firms.has(k) || glued(toks, k) || camelCase(t.text)) return false;
    if (t.upper && !mostlyUpper) {
      // Capitals inside ordinary text are acronyms unless a list knows the word as a name.
      const info = classify(t, cache);
      return info.cls === 'N' && t.text.length >= 3;
    }
    return true;
  };
  const initialAt = (k: number): boolean => {
    const t = toks[k];
    if (!isInitial(t) || t.text === 'I' || t.text === 'A') return false;
    let n = k + 1;
    if (toks[n] && toks[n].text === '.' && toks[n].gap === 0) n++;
    return !!toks[n] && !toks[n].nl && toks[n].gap > 0 && (nameLike(n) || isInitial(toks[n]));
  };
  let i = 0;
  while (i < toks.length) {
    const t = toks[i];
    if (!(nameLike(i) || initialAt(i))) {
      i++;
      continue;
    }
    if ((TITLES.has(t.lower) || HONORIFICS.has(t.lower)) && !titleBefore(toks, i, HONORIFICS)) {
      // A capitalised title (`Dr`, `Mrs`, `President`) is not part of the name after it.
      i++;
      continue;
    }
    const parts: Part[] = [];
    let k = i;
    while (k < toks.length && parts.length < 7) {
      const tk = toks[k];
      if (parts.length && (tk.nl || tk.gap === 0)) break;
      if (initialAt(k) || (parts.length && isInitial(tk) && tk.text !== 'I')) {
        parts.push({ i: k, cls: 'I', given: false });
        if (toks[k + 1] && toks[k + 1].text === '.' && toks[k + 1].gap === 0) k++;
      } else if (nameLike(k) && !(parts.length && HONORIFICS.has(tk.lower))) {
        const info = classify(tk, cache);
        let cls: PartClass = info.cls;
        const prevPart = parts[parts.length - 1];
        // After a particle or an initial comes a surname, even an ordinary word (`Brad L Key`).
        if (cls === 'C' && prevPart && (prevPart.cls === 'p' || prevPart.cls === 'I')) cls = 'A';
        if ((titleCase[k] || mostlyUpper) && (cls === 'U' || cls === 'A')) cls = 'C';
        parts.push({ i: k, cls, given: info.given });
      } else if (
        parts.length &&
        tk.kind === Kind.Word &&
        !tk.cap &&
        PARTICLES.has(tk.lower) &&
        toks[k + 1] &&
        !toks[k + 1].nl &&
        nameLike(k + 1)
      ) {
        parts.push({ i: k, cls: 'p', given: false });
      } else {
        break;
      }
      k++;
      if (toks[k - 1].poss) break;
    }
    if (parts.length) scoreRun(toks, parts, mostlyUpper, candidates);
    i = Math.max(k, i + 1);
  }
  return candidates;
}

function scoreRun(toks: Token[], parts: Part[], mostlyUpper: boolean, out: Candidate[]): void {
  // An organisation word in the run or right after it: the run names an organisation.
  if (parts.some((p) => p.cls === 'O')) return;
  const lastTok = parts[parts.length - 1].i;
  const after = toks[lastTok + 1];
  if (after && after.kind === Kind.Word && !after.nl && ORG_WORDS.has(after.lower)) return;
  // `Standard And Poors`: a capitalised function word right before marks a title-case name.
  const before = toks[parts[0].i - 1];
  if (before && before.kind === Kind.Word && before.cap && STOP_WORDS.has(before.lower) && !sentenceStart(toks, parts[0].i - 1)) {
    if (!mostlyUpper) return;
  }
  // Multi-word places (`New Zealand`, `Porto Alegre`) mark their words as places.
  const places = getLexicon().places;
  for (let a = 0; a < parts.length; a++) {
    let phrase = toks[parts[a].i].lower;
    for (let b = a + 1; b < Math.min(parts.length, a + 4); b++) {
      phrase += ` ${toks[parts[b].i].lower}`;
      if (places.has(phrase)) for (let c = a; c <= b; c++) parts[c].cls = 'P';
    }
  }
  // After an honorific or `my name is`, the first word is a name whatever it is.
  if ((parts[0].cls === 'C' || parts[0].cls === 'P' || parts[0].cls === 'U') && nameIntroduced(toks, parts[0].i)) {
    parts[0].cls = 'A';
  }
  let sub: Part[] = [];
  let prevSplit: Part | undefined;
  const flush = (next: Part | undefined): void => {
    while (sub.length && (sub[sub.length - 1].cls === 'p' || sub[sub.length - 1].cls === 'I')) sub.pop();
    while (sub.length && sub[0].cls === 'p') sub.shift();
    if (sub.some((p) => p.cls !== 'I' && p.cls !== 'p')) scoreSub(toks, sub, prevSplit, next, mostlyUpper, out);
    sub = [];
  };
  for (const p of parts) {
    if (p.cls === 'C' || p.cls === 'P') {
      flush(p);
      prevSplit = p;
    } else {
      sub.push(p);
    }
  }
  flush(undefined);
}

function scoreSub(
  toks: Token[],
  sub: Part[],
  before: Part | undefined,
  after: Part | undefined,
  mostlyUpper: boolean,
  out: Candidate[],
): void {
  const first = sub[0].i;
  const last = sub[sub.length - 1].i;
  // Street and place words around it: `Alexander Flat`, `Port Paien`, `St Georges`.
  const afterTok = after ? toks[after.i] : toks[last + 1];
  if (afterTok && afterTok.kind === Kind.Word && !afterTok.nl && afterTok.gap > 0 && GEO_AFTER.has(afterTok.lower) && (afterTok.cap || afterTok.lower === 'street')) {
    return;
  }
  const beforeTok = before ? toks[before.i] : toks[first - 1];
  if (beforeTok && beforeTok.kind === Kind.Word && beforeTok.cap && !toks[first].nl && GEO_BEFORE.has(beforeTok.lower)) return;
  let nN = 0;
  let nM = 0;
  let nA = 0;
  let nU = 0;
  let initials = 0;
  let hyphen = false;
  let givenFirst = false;
  for (const p of sub) {
    if (p.cls === 'N') nN++;
    else if (p.cls === 'M') nM++;
    else if (p.cls === 'A') nA++;
    else if (p.cls === 'U') nU++;
    else if (p.cls === 'I') initials++;
    if (p.cls !== 'I' && p.cls !== 'p' && toks[p.i].text.includes('-')) hyphen = true;
  }
  if (sub[0].given && sub[0].cls === 'N') givenFirst = true;
  const words = nN + nM + nA + nU;
  const only = words === 1 ? sub.find((p) => p.cls !== 'I' && p.cls !== 'p')! : undefined;
  let score: number;
  if (words >= 2) {
    if (nN + nM >= 1) score = 0.8;
    else if (nA >= 1 && nU >= 1) score = 0.55;
    else if (nU >= 2) score = 0.6;
    else score = 0.5;
    if (initials) score += 0.1;
  } else if (only!.cls === 'N') {
    score = only!.given ? 0.65 : 0.6;
    if (initials) score += 0.2;
  } else if (only!.cls === 'M') {
    score = 0.55 + (initials ? 0.2 : 0);
  } else {
    score = 0.35 + (initials ? 0.2 : 0);
  }
  if (words === 1 && hyphen) score -= 0.25;
  // Capitals inside ordinary text: a heading or a code rather than a name.
  if (!mostlyUpper && sub.every((p) => p.cls === 'I' || p.cls === 'p' || toks[p.i].upper)) score -= 0.3;
  if (sentenceStart(toks, first) && !mostlyUpper && (sub[0].cls === 'U' || sub[0].cls === 'A')) score -= 0.05;
  const cues = cueBefore(toks, first);
  score += cues.person;
  // `grew up in Shelly Park`: a place cue and a street or landscape word at the end.
  if (cues.place && words >= 2 && GEO_AFTER.has(toks[last].lower)) return;
  if (orgCueBefore(toks, first) && nN + nA === 0) return;
  if (cues.place) {
    if (words === 1) {
      // `at Gary:`, `from Maria`: a known given name resists a weak place cue, not a motion one.
      const weak = cues.place < 0.35 && !cues.motion;
      score -= only!.cls === 'N' && only!.given && weak ? 0 : cues.place;
    } else if (nN + nM + nA === 0) {
      score -= cues.place;
    }
  }
  score += cueAfter(toks, last);
  if (words >= 2 && wholeLine(toks, first, last)) score += 0.1;
  if (speakerLabel(toks, first, last) && (nN || nM || nU)) score += 0.25;
  if (titleBefore(toks, first, HONORIFICS) || (givenFirst && words >= 2 && nameIntroduced(toks, first))) {
    score = Math.max(score, 0.9);
  } else if (nameIntroduced(toks, first)) {
    score = Math.max(score, 0.75);
  }
  out.push({ first, last, score });
}

/** Texts written entirely in lower case: only dictionary names, helped by cues. */
function detectCaseless(toks: Token[]): Candidate[] {
  const cache = new Map<string, WordInfo>();
  const out: Candidate[] = [];
  let i = 0;
  while (i < toks.length) {
    const t = toks[i];
    if (t.kind !== Kind.Word || t.text.length < 3 || STOP_WORDS.has(t.lower) || glued(toks, i)) {
      i++;
      continue;
    }
    const info = classify(t, cache);
    const cues = cueBefore(toks, i);
    const introduced = nameIntroduced(toks, i) || cues.person >= 0.35;
    const prev = prevWord(toks, i, 0);
    if (prev >= 0 && DETERMINERS.has(toks[prev].lower)) {
      i++;
      continue;
    }
    if (!(info.cls === 'N' && info.given) && !(introduced && (info.cls === 'N' || info.cls === 'U' || info.cls === 'M'))) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < toks.length && j - i < 2 && !toks[j].poss) {
      const n = toks[j + 1];
      if (n.kind !== Kind.Word || n.nl || n.text.length < 2 || STOP_WORDS.has(n.lower)) break;
      const ni = classify(n, cache);
      if (ni.cls === 'N' || ni.cls === 'M' || (ni.cls === 'U' && n.text.length >= 4)) j++;
      else break;
    }
    let score = j > i ? 0.7 : 0.5;
    score += cues.person;
    if (cues.place) score -= cues.place;
    score += cueAfter(toks, j);
    if (nameIntroduced(toks, i)) score = Math.max(score, 0.75);
    out.push({ first: i, last: j, score });
    i = j + 1;
  }
  return out;
}

/** Raises doubtful candidates joined to a sure one by `and`, `or`, `&` or a comma. */
function propagateLists(toks: Token[], cands: Candidate[]): void {
  const joined = (a: Candidate, b: Candidate): boolean => {
    const gap = b.first - a.last - 1;
    if (gap < 1 || gap > 2) return false;
    for (let k = a.last + 1; k < b.first; k++) {
      const t = toks[k];
      if (t.nl || !(t.text === ',' || t.text === '&' || t.lower === 'and' || t.lower === 'or')) return false;
    }
    return !toks[b.first].nl;
  };
  for (let pass = 0; pass < 2; pass++) {
    for (let c = 0; c + 1 < cands.length; c++) {
      const a = cands[c];
      const b = cands[c + 1];
      if (!joined(a, b)) continue;
      if (a.score >= PERSON_MIN_SCORE && b.score < PERSON_MIN_SCORE && b.score >= 0.3) b.score += 0.25;
      else if (b.score >= PERSON_MIN_SCORE && a.score < PERSON_MIN_SCORE && a.score >= 0.3) a.score += 0.25;
    }
  }
}

/** Finds personal names in `text`. */
export function detectPersons(text: string): Finding[] {
  const tokens = tokenize(text);
  const toks = tokens.list;
  if (!toks.length) return [];
  const cands = tokens.hasCaps ? detectCased(toks, tokens.mostlyUpper) : detectCaseless(toks);
  propagateLists(toks, cands);
  // Streets named after people (`Rua João Pessoa 1636`) belong to the address around them.
  const addresses = cands.some((c) => c.score >= PERSON_MIN_SCORE) ? detectAddresses(text) : [];
  const out: Finding[] = [];
  for (const c of cands) {
    if (c.score < PERSON_MIN_SCORE - 1e-9) continue;
    const start = toks[c.first].start;
    const end = toks[c.last].end;
    if (addresses.some((a) => a.start < end && start < a.end)) continue;
    out.push({
      type: 'PERSON',
      dataTypes: ['PII'],
      start,
      end,
      score: Math.min(1, Math.round(c.score * 100) / 100),
      recognizer: 'person-name',
    });
  }
  return out;
}

/** PERSON detector: dictionaries of given names and surnames, capitalisation, titles and cues. */
export const personDetector: ContextualDetector = {
  id: 'person-name',
  type: 'PERSON',
  dataTypes: ['PII'],
  label: 'Person name',
  detect: (text) => detectPersons(text),
  samples: {
    positive: [
      { text: 'Hello, this is Dr. Helga Marquardt. How can I help?', value: 'Helga Marquardt' },
      { text: 'My name is Tomasz R Wierzbicki and I need a new card.', value: 'Tomasz R Wierzbicki' },
      { text: 'Please forward the contract to Mrs. Baker by Friday.', value: 'Baker' },
      { text: 'Dear Ingrid Johansson,\nthank you for your order.', value: 'Ingrid Johansson' },
      { text: 'The report was signed by Pieter van Dongen yesterday.', value: 'Pieter van Dongen' },
      { text: 'please call back maria gonzalez tomorrow', value: 'maria gonzalez' },
    ],
    negative: [
      'We moved here from Springfield last year.',
      'Will you send the May invoice to Jordan Logistics Inc?',
      'The Riverside Orchestra was founded in 1977 in Northern Portugal.',
      'Action & Adventure, Animation, Comedy, Kids & Family',
      'I work for Citigroup and travel to New Zealand every spring.',
    ],
  },
};
