/**
 * DATE: dates in a health record or another record about one person. Dates tied to a patient
 * (admission, discharge, procedures) or to a person's claim, report or registration identify
 * them as much as a birth date does, but a date in any other text is not personal: dates are
 * reported only in a text that holds a health-record word (`patient`, `paciente`, `Befund`,
 * `ricovero`, ...) or a personal-record word (`geboren`, `NIR`, `denuncia`, `BSN`, `sinistro`,
 * ...) of one of the supported languages (see phi-terms.ts), and within a few paragraphs of it. Full dates
 * (`12/03/2016`, `3. März 2024`, `12 de marzo de 2016`) and month-year dates (`abril de 1999`,
 * `März 2024`) count; a year alone does not.
 */
import type { ContextualDetector, DetectContext, Finding } from '../types';
import { dateAt, fourDigitYear, isMonth, monthFilter } from './date-of-birth';
import { HEALTH_RECORD_WORDS, PERSONAL_RECORD_WORDS } from './phi-terms';
import { stateFor, tokensOf } from './shared';
import { Flag, HashFilter, Kind, markWords, type Tokens } from './tokenize';

/** Token kinds as local constants (read in the hot loops below). */
const { Word: WORD, Num: NUM, Punct: PUNCT } = Kind;

/**
 * Elided articles and prepositions that French and Italian glue to a word starting with a vowel
 * (`l'assuré`, `d'incapacité`, `dell'alunno`): the tokenizer keeps them in the word, so each
 * record word is also listed with them.
 */
const ELISIONS = ["l'", "d'", "dell'", "all'", "dall'", "nell'", "sull'", "un'"].flatMap((e) => [e, e.replace("'", '\u2019')]);
const RECORD_WORDS = new Set(
  [...Object.values(HEALTH_RECORD_WORDS), ...Object.values(PERSONAL_RECORD_WORDS)]
    .join(' ')
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((w) => (/^[aeiouhéèêàâîôû]/.test(w) ? [w, ...ELISIONS.map((e) => e + w)] : [w])),
);
/** The health-record words' bit in the tokenizer's list of marked words. */
const RECORD_MARK = markWords(() => RECORD_WORDS);
/**
 * The record words by hash, 2^18 bits: the tokenizer marks by 16 bits of a word's hash, and with
 * some 2,000 record words (with their elisions) most marked words are other words (on the dense
 * text, nine in ten), each of which cost a first lower-case string and word id.
 */
const RECORD_HASHES = new HashFilter(RECORD_WORDS, 18);

/**
 * Token `k` is a record word. An ASCII word's token hash is the hash of its lower case
 * (`hashWord`), so a miss of RECORD_HASHES settles it without the lower case; a word with other
 * letters is looked up by its lower case, as the tokenizer's per-letter lower case may differ.
 */
function recordWordAt(T: Tokens, k: number): boolean {
  if ((T.flags[k] & Flag.NonAscii) === 0 && !RECORD_HASHES.has(T.hash[k])) return false;
  return RECORD_WORDS.has(T.lower(k));
}
/** Words between a month and its year (`marzo de 2016`, `março de 2016`, `abril del 2011`). */
const MONTH_YEAR_LINKS = new Set(['de', 'del', 'di', 'do']);

/** Tokens either side of a health-record word within which dates count (a few paragraphs). */
const RECORD_REACH = 600;

/**
 * The token ranges of the text that belong to a health record: around each health-record word,
 * merged, as [from, to) pairs. A long input that mentions a patient once is not a health record
 * from end to end.
 */
function recordRanges(T: Tokens): number[] {
  const ranges: number[] = [];
  // The tokenizer lists the words that may be health-record words; confirmed here.
  for (const k of T.markedOf(RECORD_MARK)) {
    if (!recordWordAt(T, k)) continue;
    const from = Math.max(0, k - RECORD_REACH);
    const to = Math.min(T.count, k + RECORD_REACH);
    if (ranges.length && from <= ranges[ranges.length - 1]) ranges[ranges.length - 1] = to;
    else ranges.push(from, to);
  }
  return ranges;
}

/** Words right before a `dd/mm`-shaped pair that make it a score or a reading (`Visus 10/10`, `TA 12/08`). */
const NOT_DAY_MONTH = new Set(['visus', 'acuité', 'acuite', 'acuidad', 'acuità', 'acuidade', 'ta', 'rr', 'pa', 'bp', 'tension', 'tensión', 'score', 'glasgow', 'gcs', 'eva', 'evn', 'apgar', 'nihss', 'ratio', 'vas', 'nrs', 'scored', 'rated', 'pain', 'dolor', 'douleur', 'schmerz', 'schmerzen', 'dolore', 'pijn', 'dor']);

/**
 * `14/03`, `03.06.`, `21-03`: a day and a month, two digits each, without a year (nursing notes,
 * hand-overs). Only in a record, not glued to more numbers, and not after a score word. The
 * last index, or -1.
 */
function dayMonth(T: Tokens, i: number): number {
  const sep = T.textOf(i + 1);
  if (T.len(i) !== 2 || (sep !== '/' && sep !== '.' && sep !== '-') || T.gap[i + 1] !== 0 || !T.isNum(i + 2) || T.gap[i + 2] !== 0 || T.len(i + 2) !== 2) return -1;
  const d = Number(T.textOf(i));
  const m = Number(T.textOf(i + 2));
  if (d < 1 || d > 31 || m < 1 || m > 12) return -1;
  if (i > 0 && T.gap[i] === 0 && T.isPunct(i - 1)) return -1;
  const after = i + 3;
  if (T.has(after) && T.gap[after] === 0 && !T.nl(after)) {
    if (!T.isPunct(after)) return -1;
    if (T.isNum(after + 1) && T.gap[after + 1] === 0) return -1;
    if (T.is(after, '%')) return -1;
  }
  const prev = i - 1;
  if (prev >= 0 && T.isWord(prev) && NOT_DAY_MONTH.has(T.lower(prev))) return -1;
  if (prev >= 0 && T.isNum(prev)) return -1;
  return i + 2;
}

/** `abril de 1999`, `März 2024`, `mayo del 2006`: the last index, or -1. */
function monthYear(T: Tokens, i: number): number {
  let y = i + 1;
  if (T.is(y, '.') && T.gap[y] === 0) y++;
  if (MONTH_YEAR_LINKS.has(T.lower(y)) && !T.nl(y)) y++;
  return fourDigitYear(T, y) && !T.nl(y) ? y : -1;
}

function findDates(T: Tokens): Finding[] {
  const out: Finding[] = [];
  const ranges = recordRanges(T);
  const months = monthFilter();
  for (let r = 0; r < ranges.length; r += 2) scanRange(T, ranges[r], ranges[r + 1], months, out);
  return out;
}


/** Dates among the tokens [from, to). */
function scanRange(T: Tokens, from: number, to: number, months: HashFilter, out: Finding[]): void {
  const { kind, hash, gap, count } = T;
  for (let i = from; i < to; i++) {
    const k = kind[i];
    let num: boolean;
    if (k === NUM) {
      // Cheap gate before any string is made: a date starts with a day (one or two digits) or with
      // a number glued to a separator (`2024-01-15`), and not glued to a word or number before it
      // (`v2/03/2016`, `1.12/03`).
      if (i > 0 && gap[i] === 0 && kind[i - 1] !== PUNCT && !T.nl(i)) continue;
      const sepNext = i + 1 < count && kind[i + 1] === PUNCT && gap[i + 1] === 0;
      if (T.len(i) > 2 && !sepNext) continue;
      // A day is followed by a separator or, within three tokens (`12th of`, `3. März`), a month name.
      // (`26 / 02 / 2024`: a separator one space away.)
      const sepSpaced = !sepNext && i + 2 < count && kind[i + 1] === PUNCT && gap[i + 1] === 1 && kind[i + 2] === NUM;
      if (!sepNext && !sepSpaced && !months.has(hash[i + 1]) && !months.has(hash[i + 2]) && !months.has(hash[i + 3])) continue;
      num = true;
    } else if (k === WORD && months.has(hash[i]) && isMonth(T, i)) {
      num = false;
    } else {
      continue;
    }
    const date = dateAt(T, i);
    let last = date && !date.yearOnly ? date.last : -1;
    let score = 0.7;
    if (last < 0 && !num) {
      last = monthYear(T, i);
      score = 0.6;
    }
    if (last < 0 && num && !date) {
      last = dayMonth(T, i);
      score = 0.6;
    }
    if (last < 0) continue;
    // `[06.05.24, 21:04] Steffi: ...`: a chat message's time stamp, not a date of the record.
    if (T.is(i - 1, '[') && T.nl(i - 1) && T.is(last + 1, ',') && T.isNum(last + 2) && T.is(last + 3, ':')) {
      i = last;
      continue;
    }
    // `10.10.10.1`: an IP address or a version, not a date.
    if (T.is(last + 1, '.') && gap[last + 1] === 0 && T.isNum(last + 2) && gap[last + 2] === 0) {
      i = last + 2;
      continue;
    }
    out.push({ type: 'DATE', dataTypes: ['PHI'], start: T.start[i], end: T.end[last], score, recognizer: 'health-record-date' });
    i = last;
  }
}

/** Finds the dates of a health record. */
export function detectHealthDates(text: string, ctx?: DetectContext): Finding[] {
  return findDates(tokensOf(stateFor(text, ctx)));
}

/** DATE detector: dates in a text that is a health record. */
export const healthDateDetector: ContextualDetector = {
  id: 'health-record-date',
  type: 'DATE',
  dataTypes: ['PHI'],
  detect: (text, ctx) => detectHealthDates(text, ctx),
  samples: {
    positive: [
      { text: 'Fecha de Ingreso: 12/12/2016.\nMédico: Ana Gil', value: '12/12/2016' },
      { text: 'Paciente: Rita Gil\nFecha de la baja: 26 / 02 / 2024', value: '26 / 02 / 2024' },
      { text: 'Überweisung: Emine Yıldız, Aufnahme am 22. 7. 2024, Befund folgt.', value: '22. 7. 2024' },
      { text: 'Paziente visitata il 11 gen. 2024 per dolore toracico.', value: '11 gen. 2024' },
      { text: 'Aufnahme: 29. Jänner 2024 – Entlassung: 6. Feber 2024, Patientin stabil.', value: '6. Feber 2024' },
      { text: 'La paciente presentó en abril de 1999 una tumoración.', value: 'abril de 1999' },
      { text: 'Aufnahme am 3. März 2024, Befund unauffällig.', value: '3. März 2024' },
      { text: 'Patiente hospitalisée le 12 mars 2024 pour une pneumonie.', value: '12 mars 2024' },
      { text: 'Ricovero del 05/11/2023, paziente dimesso il 9 novembre 2023.', value: '9 novembre 2023' },
      { text: 'Patient admitted on 2024-01-15 with chest pain.', value: '2024-01-15' },
      { text: 'Pflegedokumentation 14.03.2024: Patientin klagt über Schmerzen im Knie.', value: '14.03.2024' },
      { text: 'Strafanzeige. Geschädigter: Herr K., Tatzeit: 12. März 2024 gegen 22 Uhr.', value: '12. März 2024' },
      { text: 'Verbale di denuncia. In data 18 aprile 2024 si presenta il denunciante.', value: '18 aprile 2024' },
      { text: 'Burgerservicenummer: 999999990. Datum verhuizing: 1 juni 2024.', value: '1 juni 2024' },
      { text: 'Atestado. La denunciante manifiesta que el día 9 de mayo de 2024 le sustrajeron la cartera.', value: '9 de mayo de 2024' },
      { text: 'NISS do segurado: 12034567897. Pedido entregue em 15 de janeiro de 2024.', value: '15 de janeiro de 2024' },
      { text: 'Transmissions IDE 14/03 nuit : patient agité vers 3h.', value: '14/03' },
      { text: 'Pflegebericht 03.06.: Patientin hat gut geschlafen.', value: '03.06' },
      { text: 'Informe de alta. Paciente ingresado. Fecha ingreso: 14-ene-2024.', value: '14-ene-2024' },
      { text: 'Paziente dimesso. Controllo dal medico il 1° luglio 2024.', value: '1° luglio 2024' },
      { text: 'Se cita al demandado para que comparezca el 20 de mayo de 2024.', value: '20 de mayo de 2024' },
      { text: 'Monsieur, votre retraite prendra effet au 1er avril 2024.', value: '1er avril 2024' },
      { text: "Certificat d'incapacité de travail daté du 8 avril 2024.", value: '8 avril 2024' },
      { text: 'Sehr geehrter Herr Kraemer, Ihr Antrag vom 12.03.2024 wurde geprüft.', value: '12.03.2024' },
      { text: 'O seu pedido, apresentado a 4/3/2024, foi deferido.', value: '4/3/2024' },
      { text: '[06.05.24, 21:04] Steffi: Papa liegt im Spital, der Patient hat am 03.05.2024 Fieber bekommen', value: '03.05.2024' },
    ],
    negative: [
      'The invoice dated 03/14/2022 is overdue.',
      'Paciente: series 1 - 2 - 2024 - 3 y 3.22 / 07 / 2024; versión 4,12 / 03 / 2024.',
      'Paziente: il dosaggio è 1 mag al giorno; Mag. Huber 2024 e gen 2024.',
      'Release 2.10.1985 notes are attached.',
      'El paciente ingresó en 2015 por neumonía.',
      'Meeting moved to 7 August 2024 at 10:00.',
      'Die Messe findet am 12. März 2024 in der Halle 3 statt.',
      'La réunion du conseil est reportée au 3 mars 2024.',
      'Factura n.º 2024-117 emitida el 9 de mayo de 2024.',
      'Paciente conectado al servidor 10.10.10.1 del hospital.',
      'Patient log 2024-01-15:10:30:00 rotated.',
      'Patiente vue en consultation : acuité 10/10 aux deux yeux, TA 12/08.',
      'Paciente con Glasgow 15/15, escala 12/12/2 sin cambios.',
      'The patient was scored 08/10 on the pain scale.',
      'La pension complète est à 80 euros jusqu’au 1er avril 2024.',
      '[06.05.24, 21:04] Steffi: Papa liegt im Spital, Patient seit gestern\n[2/5/24, 7:15 p. m.] Yeimy: la cita del paciente',
    ],
  },
};
