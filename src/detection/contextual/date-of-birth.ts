/**
 * DATE_OF_BIRTH: a date (numeric or with a month name, in several languages) reported only when
 * a birth cue stands just before it (`DOB:`, `born on`, `date of birth`, `geb.`, `né le`,
 * `fecha de nacimiento`). Any other date is left alone.
 */
import type { ContextualDetector, DetectContext, Finding } from '../types';
import { words } from './lexicon';
import { stateFor, tokensOf } from './shared';
import { HashFilter, markWords, type Tokens } from './tokenize';

/** Month names and abbreviations (en, de, fr, es, it, pt, nl, sv/da/no), lower case, to month number. */
export const MONTHS = new Map<string, number>();
const MONTH_LISTS: string[][] = [
  ['january jan jänner januar janvier enero ene gennaio janeiro januari janvier januar'],
  ['february feb februar feber febr février fevrier févr fév febrero febbraio fevereiro fev februari'],
  ['march mar märz maerz mars marzo março marco maart mrt'],
  ['april apr avril avr abril abr aprile'],
  ['may mai mayo maggio maio mei maj'],
  ['june jun juni juin junio giugno giu junho'],
  ['july jul juli juillet juil julio luglio lug julho'],
  ['august aug août aout agosto ago augustus augusti'],
  ['september sep sept septembre septiembre setiembre settembre setembro'],
  ['october oct oktober octobre octubre ottobre ott outubro okt'],
  ['november nov novembre noviembre novembro'],
  ['december dec dezember décembre decembre déc diciembre dic dicembre dezembro dez desember'],
];
MONTH_LISTS.forEach(([list], idx) => {
  for (const m of list.split(' ')) MONTHS.set(m, idx + 1);
});

/**
 * Italian abbreviations that are also ordinary words elsewhere (`gen.` gennaio, `mag.` maggio; the
 * Austrian title `Mag.`, Dutch `mag`): a month only between a day and a four-digit year
 * (`11 gen. 2024`, `6 mag 2024`). Not in MONTHS, which the name rules read.
 */
const MONTHS_WITH_YEAR = new Set(['gen', 'mag']);

/** Single-word birth cues. */
const BIRTH_WORDS = words(`dob born birthday birthdate birthdates dateofbirth geb geboren geburtsdatum né née nee
naissance nacido nacida nacimiento nato nata nascita nascido nascida nascimento geboortedatum geboren
födelsedatum fødselsdato fodselsdato syntymäaika urodzony urodzona urodzenia narození narozen narozena
doğum nascut nascută`);

/** Multi-word birth cues (the words right before the date, joined by one space). */
const BIRTH_PHRASES = new Set([
  'date of birth', 'birth date', 'd o b', 'né le', 'née le', 'date de naissance', 'fecha de nacimiento',
  'data di nascita', 'data de nascimento', 'datum narození', 'data urodzenia',
]);

/** Months written as Roman numerals between a day and a year (`23-VIII-2019`), in capitals only. */
const ROMAN_MONTHS = new Set(['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII']);

/** Ordinal endings glued to a day (`12th`, `1er`, `3º`). */
const ORDINALS = words(`st nd rd th er e o º ª`);
const CUE_WINDOW = 6;

export interface DateSpan {
  first: number;
  last: number;
  /** Only a year (`born in 1985`). */
  yearOnly: boolean;
}

let monthHashes: HashFilter | undefined;

/**
 * The month-name prefilter, built on first use. 2^14 bits (2 KB, about 150 per month name) instead
 * of HashFilter's 128 KB: every "yes" it gives is confirmed (`isMonth`, `dateAt`), so its size
 * changes no finding, and the health-record dates ask it for every word of a record, where the
 * large filter's probes missed the cache.
 */
export function monthFilter(): HashFilter {
  monthHashes ??= new HashFilter([...MONTHS.keys(), ...MONTHS_WITH_YEAR], 14);
  return monthHashes;
}
/** Words that start the search for a date (every birth word, and the key word of each phrase). */
const CUE_KEYS = new Set([...BIRTH_WORDS, 'birth', 'b']);
/** The birth cues' bit in the tokenizer's list of marked words. */
const CUE_MARK = markWords(() => CUE_KEYS);

function plausibleYear(text: string): boolean {
  if (text.length === 2) return true;
  if (text.length !== 4) return false;
  const y = Number(text);
  return y >= 1800 && y <= 2100;
}

function dayNumber(T: Tokens, k: number): boolean {
  if (!T.isNum(k) || T.len(k) > 2) return false;
  const d = Number(T.textOf(k));
  return d >= 1 && d <= 31;
}

export function fourDigitYear(T: Tokens, k: number): boolean {
  return T.isNum(k) && T.len(k) === 4 && plausibleYear(T.textOf(k));
}

/** Skips an ordinal ending or a full stop glued to a day. Returns the last index of the day. */
function daySuffix(T: Tokens, k: number): number {
  const n = k + 1;
  if (T.has(n) && T.gap[n] === 0 && ((T.isWord(n) && ORDINALS.has(T.lower(n))) || T.is(n, '.') || T.is(n, '°'))) return n;
  return k;
}

export function isMonth(T: Tokens, k: number): boolean {
  return T.isWord(k) && monthFilter().has(T.hash[k]) && MONTHS.has(T.lower(k));
}


/** A date starting at token `i`: `12/03/1985`, `1985-03-12`, `12 March 1985`, `March 12, 1985`. */
export function dateAt(T: Tokens, i: number): DateSpan | undefined {
  if (T.isNum(i)) {
    // Numeric: three numbers glued by one kind of separator.
    const sep = T.textOf(i + 1);
    const glued = (k: number): boolean => T.has(k) && T.gap[k] === 0 && !T.nl(k);
    if (glued(i + 1) && glued(i + 2) && glued(i + 3) && glued(i + 4) && (sep === '/' || sep === '.' || sep === '-') && T.is(i + 3, sep) && T.isNum(i + 2) && T.isNum(i + 4)) {
      const t1 = T.textOf(i);
      const t2 = T.textOf(i + 2);
      const t3 = T.textOf(i + 4);
      const a = Number(t1);
      const b = Number(t2);
      const c = Number(t3);
      const ymd = t1.length === 4 && plausibleYear(t1) && b >= 1 && b <= 12 && c >= 1 && c <= 31;
      const dmy = plausibleYear(t3) && t1.length <= 2 && t2.length <= 2 && a >= 1 && a <= 31 && b >= 1 && b <= 31 && (a <= 12 || b <= 12);
      const after = i + 5;
      // Glued on: more of a number (`12/03/2024/5`, a time `2024-01-15:10`); a colon that ends
      // the date as a heading (`14.03.2024: Patient ...`) does not count.
      const tail = T.has(after) && T.gap[after] === 0 && !T.nl(after) && (!T.isPunct(after) || '/-'.includes(T.textOf(after)) || (T.is(after, ':') && glued(after + 1)));
      if ((ymd || dmy) && !tail) return { first: i, last: i + 4, yearOnly: false };
      return undefined;
    }
    // Day, month name, year: `12 March 1985`, `12. März 1985`, `12 de marzo de 1985`, `12th of May, 1985`.
    if (dayNumber(T, i)) {
      const spaced = spacedDate(T, i);
      if (spaced >= 0) return { first: i, last: spaced, yearOnly: false };
      // `14-ene-2024`, `03/Mar/2024`, `23-VIII-2019`, `23.VIII.2019`: a month name or a Roman
      // numeral in capitals between two equal separators, all glued.
      const sep = T.textOf(i + 1);
      const roman = ROMAN_MONTHS.has(T.textOf(i + 2));
      if ((sep === '-' || sep === '/' || (sep === '.' && roman)) && T.gap[i + 1] === 0 && (roman || isMonth(T, i + 2)) && T.gap[i + 2] === 0 && T.is(i + 3, sep) && T.gap[i + 3] === 0 && T.gap[i + 4] === 0 && T.isNum(i + 4) && plausibleYear(T.textOf(i + 4))) {
        return { first: i, last: i + 4, yearOnly: false };
      }
      let k = daySuffix(T, i) + 1;
      if (T.lower(k) === 'of' || T.lower(k) === 'de') k++;
      if (T.isWord(k) && T.len(k) === 3 && MONTHS_WITH_YEAR.has(T.lower(k))) {
        const y = T.is(k + 1, '.') && T.gap[k + 1] === 0 ? k + 2 : k + 1;
        return fourDigitYear(T, y) && !T.nl(y) && !T.nl(k) ? { first: i, last: y, yearOnly: false } : undefined;
      }
      if (isMonth(T, k)) {
        if (T.len(k) <= 4 && T.is(k + 1, '.') && T.gap[k + 1] === 0) k++;
        let y = k + 1;
        if (T.is(y, ',')) y++;
        if (T.lower(y) === 'de' || T.lower(y) === 'del') y++;
        if (fourDigitYear(T, y)) return { first: i, last: y, yearOnly: false };
        return { first: i, last: k, yearOnly: false };
      }
    }
    if (fourDigitYear(T, i)) return { first: i, last: i, yearOnly: true };
    return undefined;
  }
  // Month name first: `March 12, 1985`, `Mar 12th 1985`.
  if (isMonth(T, i)) {
    let k = i + 1;
    if (T.is(k, '.') && T.gap[k] === 0) k++;
    if (!dayNumber(T, k)) return undefined;
    k = daySuffix(T, k);
    let y = k + 1;
    if (T.is(y, ',')) y++;
    if (fourDigitYear(T, y)) return { first: i, last: y, yearOnly: false };
    // `June 5`: a birthday without the year.
    return { first: i, last: T.is(k, '.') ? k - 1 : k, yearOnly: false };
  }
  return undefined;
}

/**
 * `26 / 02 / 2024`, `22 - 04 - 1975`, `22. 7. 1979`: a day, a month number and a four-digit year
 * with one kind of separator and the same spacing at both separators (forms and typed notes), on
 * one line, not glued to more numbers. The last index, or -1.
 */
function spacedDate(T: Tokens, i: number): number {
  const sep = T.textOf(i + 1);
  if ((sep !== '/' && sep !== '-' && sep !== '.') || !T.is(i + 3, sep)) return -1;
  const g1 = T.gap[i + 1];
  const g2 = T.gap[i + 2];
  if (g1 > 1 || g2 > 1 || g1 + g2 === 0 || T.gap[i + 3] !== g1 || T.gap[i + 4] !== g2) return -1;
  if (T.nl(i + 1) || T.nl(i + 2) || T.nl(i + 3) || T.nl(i + 4) || !T.isNum(i + 2) || T.len(i + 2) > 2 || !fourDigitYear(T, i + 4)) return -1;
  const m = Number(T.textOf(i + 2));
  if (m < 1 || m > 12) return -1;
  // Not part of a longer chain (`1 - 2 - 2000 - 3`) or glued to a number before (`3.22 / 07 / 2024`).
  if (T.has(i + 5) && !T.nl(i + 5) && T.gap[i + 5] <= 1 && (T.is(i + 5, sep) || (T.gap[i + 5] === 0 && T.isNum(i + 5)))) return -1;
  if (i > 0 && T.gap[i] === 0 && !T.nl(i) && (T.isNum(i - 1) || T.is(i - 1, sep) || (T.isPunct(i - 1) && T.isNum(i - 2)))) return -1;
  if (i > 1 && T.is(i - 1, sep) && T.isNum(i - 2) && !T.nl(i)) return -1;
  return i + 4;
}

/** Whether a birth cue stands in the few words before token `i` (over `:`, `is`, `on` and such). */
function birthCue(T: Tokens, i: number): { found: boolean; near: boolean } {
  const recent: string[] = [];
  for (let k = i - 1; k >= 0 && recent.length < CUE_WINDOW; k--) {
    if (T.isNum(k)) break;
    if (!T.isWord(k)) {
      if (!'.:(-,/'.includes(T.textOf(k))) break;
      if (T.nl(k + 1) && recent.length > 0) break;
      continue;
    }
    const lw = T.lower(k);
    recent.unshift(lw);
    const n = recent.length;
    if (BIRTH_WORDS.has(lw)) return { found: true, near: n <= 3 };
    // `b. 1985`: only right before the date.
    if (lw === 'b' && n === 1 && T.is(k + 1, '.')) return { found: true, near: true };
    for (let len = 2; len <= Math.min(4, n); len++) {
      if (BIRTH_PHRASES.has(recent.slice(0, len).join(' '))) return { found: true, near: n <= 5 };
    }
    if (T.nl(k) && n > 1) break;
  }
  return { found: false, near: false };
}

/** `born in 1985`, `born 1985`, `(b. 1985)`: a year right after a birth word. */
function isBornIn(T: Tokens, i: number): boolean {
  let k = i - 1;
  if (T.lower(k) === 'in') k--;
  if (T.is(k, '.')) k--;
  const w = T.lower(k);
  return w === 'born' || w === 'b' || w === 'geb' || w === 'geboren' || w === 'né' || w === 'née';
}

/** Finds dates of birth in `text` (shared within a scan: PHI asks for them too). */
export function detectDatesOfBirth(text: string, ctx?: DetectContext): Finding[] {
  const state = stateFor(text, ctx);
  state.datesOfBirth ??= findDates(tokensOf(state));
  return state.datesOfBirth.slice();
}

function findDates(T: Tokens): Finding[] {
  const out: Finding[] = [];
  // Birth cues are rare: the tokenizer lists their words (and a few others, confirmed here), then
  // a date is looked for just after each.
  let done = -1;
  for (const c of T.markedOf(CUE_MARK)) {
    if (!CUE_KEYS.has(T.lower(c))) continue;
    // A lone `b` counts only as `b.` (born) right before a date.
    if (T.len(c) === 1 && !T.is(c + 1, '.')) continue;
    const stop = Math.min(T.count, c + 1 + CUE_WINDOW * 2);
    for (let i = Math.max(c + 1, done + 1); i < stop; i++) {
      if (!T.isNum(i) && !isMonth(T, i)) continue;
      const date = dateAt(T, i);
      if (!date) continue;
      const cue = birthCue(T, i);
      let score = 0;
      if (cue.found) {
        if (!date.yearOnly) score = cue.near ? 0.9 : 0.75;
        else if (cue.near && isBornIn(T, i)) score = 0.6;
      }
      if (score >= 0.5) {
        out.push({
          type: 'DATE_OF_BIRTH',
          dataTypes: ['PII'],
          start: T.start[i],
          end: T.end[date.last],
          score,
          recognizer: 'date-of-birth',
        });
        done = date.last;
      }
      break;
    }
  }
  return out;
}

/** DATE_OF_BIRTH detector: dates next to a birth cue. */
export const dateOfBirthDetector: ContextualDetector = {
  id: 'date-of-birth',
  type: 'DATE_OF_BIRTH',
  dataTypes: ['PII'],
  detect: (text, ctx) => detectDatesOfBirth(text, ctx),
  samples: {
    positive: [
      { text: 'Patient: J. Doe, DOB: 03/14/1962, MRN 448812', value: '03/14/1962' },
      { text: 'She was born on 7 August 1990 in Leeds.', value: '7 August 1990' },
      { text: 'Date of birth: 1985-11-02', value: '1985-11-02' },
      { text: 'Geburtsdatum: 12.03.1979', value: '12.03.1979' },
      { text: 'He was born on March 5th, 1971.', value: 'March 5th, 1971' },
      { text: 'F. nacimiento: 23-VIII-2019', value: '23-VIII-2019' },
    ],
    negative: [
      'The invoice dated 03/14/2022 is overdue.',
      'Meeting moved to 7 August 2024 at 10:00.',
      'Release 2.10.1985 notes are attached.',
      'The company was founded on 1985-11-02.',
      'Fecha de nacimiento: 12-XIII-2019',
    ],
  },
};
