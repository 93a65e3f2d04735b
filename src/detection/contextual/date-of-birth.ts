/**
 * DATE_OF_BIRTH: a date (numeric or with a month name, in several languages) reported only when
 * a birth cue stands just before it (`DOB:`, `born on`, `date of birth`, `geb.`, `né le`,
 * `fecha de nacimiento`). Any other date is left alone.
 */
import type { ContextualDetector, Finding } from '../types';
import { words } from './lexicon';
import { Kind, tokenize, type Token } from './tokenize';

/** Month names and abbreviations (en, de, fr, es, it, pt, nl, sv/da/no), lower case, to month number. */
const MONTHS = new Map<string, number>();
const MONTH_LISTS: string[][] = [
  ['january jan jänner januar janvier enero gennaio janeiro januari janvier januar'],
  ['february feb februar février fevrier febrero febbraio fevereiro februari'],
  ['march mar märz maerz mars marzo março marco maart'],
  ['april apr avril abril aprile'],
  ['may mai mayo maggio maio mei maj'],
  ['june jun juni juin junio giugno junho'],
  ['july jul juli juillet julio luglio julho'],
  ['august aug août aout agosto augustus augusti'],
  ['september sep sept septembre septiembre setiembre settembre setembro'],
  ['october oct oktober octobre octubre ottobre outubro okt'],
  ['november nov novembre noviembre novembro'],
  ['december dec dezember décembre decembre diciembre dicembre dezembro desember'],
];
MONTH_LISTS.forEach(([list], idx) => {
  for (const m of list.split(' ')) MONTHS.set(m, idx + 1);
});

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

/** Ordinal endings glued to a day (`12th`, `1er`, `3º`). */
const ORDINALS = words(`st nd rd th er e o º ª`);
const CUE_WINDOW = 6;

interface DateSpan {
  first: number;
  last: number;
  /** Only a year (`born in 1985`). */
  yearOnly: boolean;
}

function isNum(t: Token | undefined): boolean {
  return !!t && t.kind === Kind.Num;
}

function plausibleYear(text: string): boolean {
  if (text.length === 2) return true;
  if (text.length !== 4) return false;
  const y = Number(text);
  return y >= 1880 && y <= 2100;
}

function dayNumber(t: Token | undefined): boolean {
  if (!t || t.kind !== Kind.Num || t.text.length > 2) return false;
  const d = Number(t.text);
  return d >= 1 && d <= 31;
}

/** Skips an ordinal ending or a full stop glued to a day. Returns the last index of the day. */
function daySuffix(toks: Token[], k: number): number {
  const n = toks[k + 1];
  if (n && n.gap === 0 && ((n.kind === Kind.Word && ORDINALS.has(n.lower)) || n.text === '.')) return k + 1;
  return k;
}

/** A date starting at token `i`: `12/03/1985`, `1985-03-12`, `12 March 1985`, `March 12, 1985`. */
function dateAt(toks: Token[], i: number): DateSpan | undefined {
  const t = toks[i];
  if (t.kind === Kind.Num) {
    // Numeric: three numbers glued by one kind of separator.
    const s1 = toks[i + 1];
    const n2 = toks[i + 2];
    const s2 = toks[i + 3];
    const n3 = toks[i + 4];
    if (s1 && s2 && n2 && n3 && s1.gap === 0 && n2.gap === 0 && s2.gap === 0 && n3.gap === 0 && s1.text === s2.text && '/.-'.includes(s1.text) && isNum(n2) && isNum(n3)) {
      const a = Number(t.text);
      const b = Number(n2.text);
      const c = Number(n3.text);
      const ymd = t.text.length === 4 && plausibleYear(t.text) && b >= 1 && b <= 12 && c >= 1 && c <= 31;
      const dmy = plausibleYear(n3.text) && a >= 1 && a <= 31 && b >= 1 && b <= 31 && (a <= 12 || b <= 12) && t.text.length <= 2 && n2.text.length <= 2;
      const after = toks[i + 5];
      const glued = after && after.gap === 0 && (after.kind !== Kind.Punct || '/-:'.includes(after.text));
      if ((ymd || dmy) && !glued) return { first: i, last: i + 4, yearOnly: false };
      return undefined;
    }
    // Day, month name, year: `12 March 1985`, `12. März 1985`, `12 de marzo de 1985`, `12th of May, 1985`.
    if (dayNumber(t)) {
      let k = daySuffix(toks, i) + 1;
      if (toks[k]?.lower === 'of' || toks[k]?.lower === 'de') k++;
      const m = toks[k];
      if (m && m.kind === Kind.Word && MONTHS.has(m.lower)) {
        k = m.text.length <= 4 && toks[k + 1]?.text === '.' && toks[k + 1].gap === 0 ? k + 1 : k;
        let y = k + 1;
        if (toks[y]?.text === ',') y++;
        if (toks[y]?.lower === 'de' || toks[y]?.lower === 'del') y++;
        if (isNum(toks[y]) && plausibleYear(toks[y].text) && toks[y].text.length === 4) return { first: i, last: y, yearOnly: false };
        return { first: i, last: k, yearOnly: false };
      }
    }
    if (t.text.length === 4 && plausibleYear(t.text)) return { first: i, last: i, yearOnly: true };
    return undefined;
  }
  // Month name first: `March 12, 1985`, `Mar 12th 1985`.
  if (t.kind === Kind.Word && MONTHS.has(t.lower)) {
    let k = i + 1;
    if (toks[k]?.text === '.' && toks[k].gap === 0) k++;
    if (!dayNumber(toks[k])) return undefined;
    k = daySuffix(toks, k);
    let y = k + 1;
    if (toks[y]?.text === ',') y++;
    if (isNum(toks[y]) && toks[y].text.length === 4 && plausibleYear(toks[y].text)) return { first: i, last: y, yearOnly: false };
    return undefined;
  }
  return undefined;
}

/** Whether a birth cue stands in the few words before token `i` (over `:`, `is`, `on` and such). */
function birthCue(toks: Token[], i: number): { found: boolean; near: boolean } {
  const recent: string[] = [];
  for (let k = i - 1; k >= 0 && recent.length < CUE_WINDOW; k--) {
    const t = toks[k];
    if (t.kind === Kind.Num) break;
    if (t.kind !== Kind.Word) {
      if (!'.:(-,/'.includes(t.text)) break;
      if (toks[k + 1].nl && recent.length > 0) break;
      continue;
    }
    recent.unshift(t.lower);
    const n = recent.length;
    if (BIRTH_WORDS.has(t.lower)) return { found: true, near: n <= 3 };
    // `b. 1985`: only right before the date.
    if (t.lower === 'b' && n === 1 && toks[k + 1]?.text === '.') return { found: true, near: true };
    for (let len = 2; len <= Math.min(4, n); len++) {
      if (BIRTH_PHRASES.has(recent.slice(0, len).join(' '))) return { found: true, near: n <= 5 };
    }
    if (t.nl && n > 1) break;
  }
  return { found: false, near: false };
}

/** Finds dates of birth in `text`. */
export function detectDatesOfBirth(text: string): Finding[] {
  const toks = tokenize(text).list;
  const out: Finding[] = [];
  let i = 0;
  while (i < toks.length) {
    const t = toks[i];
    if (t.kind !== Kind.Num && !(t.kind === Kind.Word && MONTHS.has(t.lower))) {
      i++;
      continue;
    }
    const date = dateAt(toks, i);
    if (!date) {
      i++;
      continue;
    }
    const cue = birthCue(toks, i);
    let score = 0;
    if (cue.found) {
      if (!date.yearOnly) score = cue.near ? 0.9 : 0.75;
      else if (cue.near && isBornIn(toks, i)) score = 0.6;
    }
    if (score >= 0.5) {
      out.push({
        type: 'DATE_OF_BIRTH',
        dataTypes: ['PII'],
        start: t.start,
        end: toks[date.last].end,
        score,
        recognizer: 'date-of-birth',
      });
    }
    i = date.last + 1;
  }
  return out;
}

/** `born in 1985`, `born 1985`, `(b. 1985)`: a year right after a birth word. */
function isBornIn(toks: Token[], i: number): boolean {
  let k = i - 1;
  if (toks[k]?.lower === 'in') k--;
  if (toks[k]?.text === '.') k--;
  const w = toks[k]?.lower;
  return w === 'born' || w === 'b' || w === 'geb' || w === 'geboren' || w === 'né' || w === 'née';
}

/** DATE_OF_BIRTH detector: dates next to a birth cue. */
export const dateOfBirthDetector: ContextualDetector = {
  id: 'date-of-birth',
  type: 'DATE_OF_BIRTH',
  dataTypes: ['PII'],
  label: 'Date of birth',
  detect: (text) => detectDatesOfBirth(text),
  samples: {
    positive: [
      { text: 'Patient: J. Doe, DOB: 03/14/1962, MRN 448812', value: '03/14/1962' },
      { text: 'She was born on 7 August 1990 in Leeds.', value: '7 August 1990' },
      { text: 'Date of birth: 1985-11-02', value: '1985-11-02' },
      { text: 'Geburtsdatum: 12.03.1979', value: '12.03.1979' },
      { text: 'He was born on March 5th, 1971.', value: 'March 5th, 1971' },
    ],
    negative: [
      'The invoice dated 03/14/2022 is overdue.',
      'Meeting moved to 7 August 2024 at 10:00.',
      'Release 2.10.1985 notes are attached.',
      'The company was founded on 1985-11-02.',
    ],
  },
};
