/**
 * Values in delimited lists (CSV, spreadsheet exports): a header line names each column, and the
 * rows under it hold the values without a label of their own (`nombre;apellidos;dni` /
 * `Alba;Serrano Quiles;78204613J`). A column whose header is the native label of a national
 * number reports the cells that pass that number's check; a column whose header is a name label
 * reports its cells as PERSON when they are written like names; a column whose header is a record or
 * insurance-card label (`NHC`, `CIP`, `N.º Utente`, `KVNR`) reports cells shaped like such numbers. Headers are data.
 */
import type { ContextualDetector, DetectContext, Finding, Validator } from '../types';
import { brCpf } from '../validators/br';
import { beNationalNumber, deTaxId, esDni, esNie, frNir, itFiscalCode, nlBsn, ptNif } from '../validators/eu-national-ids';
import { idShape, labelledNumber } from '../validators/pii';
import { stateFor, tokensOf } from './shared';
import { markWords, type Tokens } from './tokenize';

interface Column {
  /** Finding type, and the check a cell must pass (none for names). */
  checks: [type: string, valid: Validator][];
}

const NAME = 'name';
const byHeader = new Map<string, Column | typeof NAME>();
function headers(list: string, col: Column | typeof NAME): void {
  for (const h of list.trim().split(/\s*,\s*/)) byHeader.set(h, col);
}
const SOCIAL = { checks: [['SOCIAL_SECURITY_NUMBER', labelledNumber]] } satisfies Column;
// Header cells as written in the six languages (lower case; `_`, `-` and `.` read as spaces).
headers('dni, nif, documento, dni nie', { checks: [['ES_DNI', esDni], ['ES_NIE', esNie], ['PT_NIF', ptNif]] });
headers('nie', { checks: [['ES_NIE', esNie]] });
headers('bsn, burgerservicenummer', { checks: [['NL_BSN', nlBsn]] });
headers('cpf', { checks: [['BR_CPF', brCpf]] });
headers('nir, n° ss, numero securite sociale, numéro de sécurité sociale, no ss', { checks: [['FR_NIR', frNir]] });
headers('codice fiscale, cf, cod fiscale', { checks: [['IT_FISCAL_CODE', itFiscalCode]] });
headers('steuer idnr, steuer id, steueridnr, steuerid, steuer identifikationsnummer, idnr', { checks: [['DE_TAX_ID', deTaxId]] });
headers('rijksregisternummer, registre national, numero national, numéro national, rrn', { checks: [['BE_NATIONAL_NUMBER', beNationalNumber]] });
headers('niss, nass, nuss, naf, svnr, sv nummer, sv nr, ahv, ahv nr, avs, rvnr, rv nr, sozialversicherungsnummer, rentenversicherungsnummer', SOCIAL);
/** A record or insurance-card number in its own cell: letters, digits and separators, five digits or more, not a date. */
const healthCell: Validator = (v) => v.length <= 24 && /^[\p{L}\d][\p{L}\d \-/]*$/u.test(v) && idShape(v);
headers(
  'nhc, historia, nº historia, n historia, historia clinica, historia clínica, ipp, n° ipp, n° dossier, dossier patient, ' +
    'patientennummer, patienten nr, fallnummer, cartella, cartella clinica, n cartella, nosologico, patiëntnummer, patientnummer, ' +
    'patiëntnr, processo, nº processo, n º processo, n processo',
  { checks: [['MEDICAL_RECORD_NUMBER', healthCell]] },
);
headers(
  'cip, sip, tis, tsi, nuhsa, tarjeta sanitaria, kvnr, versichertennummer, versicherten nr, krankenversichertennummer, ' +
    'carte vitale, tessera sanitaria, team, utente, nº utente, n º utente, n utente, numero utente, número de utente, n º de utente, ' +
    'nº sns, n º sns, utente sns, cns, cartão sus, cartao sus, polisnummer, zorgverzekeringsnummer',
  { checks: [['HEALTH_PLAN_ID', healthCell]] },
);
headers(
  'nombre, apellidos, apellido, primer apellido, segundo apellido, nom, prénom, prenom, nom de famille, cognome, nome, nome completo, ' +
    'apelido, apelidos, achternaam, voornaam, voornamen, vorname, nachname, familienname, kontoinhaber, titular, ' +
    'paciente, patient, patiente, paziente, patiënt, doente, assistito, versicherte, assuré, assure, ' +
    'first name, last name, surname, given name, full name',
  NAME,
);

/** A header line: three or more cells of letters (a few signs), joined by one delimiter. */
const HEADER_CELL = /^[\p{L}][\p{L}\d _.°º/'\-]{0,40}$/u;
/** A cell written like a name: capitalised words, particles, a comma between surname and given name. */
const NAME_CELL = /^(?:\p{Lu}[\p{L}'’\-]*|[a-z]{1,3})(?:[ ,]{1,2}(?:\p{Lu}[\p{L}'’\-.]*|[a-z]{1,3}))*$/u;
const DELIMITERS = [';', '\t', '|', ','].map((d) => d.charCodeAt(0));
/** Longer lines are not header lines (at most 64 cells of a header's length). */
const MAX_HEADER = 64 * 42;
/**
 * The words a header cell starts with (`steuer` of `Steuer-IdNr.`, `codice` of `codice_fiscale`,
 * and each label written with hyphens): the tokenizer marks them, so only lines holding one are read.
 */
const HEADER_MARK = markWords(() => [...byHeader.keys()].flatMap((h) => [h.split(' ')[0], h.replace(/ /g, '-')]));
const DELIMITER_CODES = new Set(DELIMITERS);

/** A header cell in one spelling: `_`, `-`, `.` as spaces, one space between words, no parenthetical at its end. */
function norm(cell: string): string {
  const c = cell.trim();
  const paren = c.endsWith(')') ? c.indexOf('(') : -1;
  return (paren < 0 ? c : c.slice(0, paren)).replace(/[_.\-]+/g, ' ').replace(/\s+/g, ' ').trim();
}

function lineEnd(text: string, from: number): number {
  const n = text.indexOf('\n', from);
  return n < 0 ? text.length : n;
}

/** The cells of [from, to) split at `d`, as [start, end) offsets (reads no unit past `to`). */
function cellsOf(text: string, from: number, to: number, d: number): number[] {
  const out: number[] = [];
  let s = from;
  for (let k = from; k < to; k++) {
    if (text.charCodeAt(k) !== d) continue;
    out.push(s, k);
    s = k + 1;
  }
  out.push(s, to);
  return out;
}

function findColumns(T: Tokens): Finding[] {
  const out: Finding[] = [];
  const text = T.text;
  let done = 0;
  for (const k of T.markedOf(HEADER_MARK)) {
    const at = T.start[k];
    if (at < done) continue;
    // The word starts a cell: a line start or a delimiter before it (a space allowed).
    let b = at - 1;
    if (b >= 0 && text.charCodeAt(b) === 32) b--;
    if (b >= 0 && text.charCodeAt(b) !== 10 && !DELIMITER_CODES.has(text.charCodeAt(b))) continue;
    const from = text.lastIndexOf('\n', at) + 1;
    const to = lineEnd(text, at);
    done = to;
    if (to - from > MAX_HEADER) continue;
    const line = text.slice(from, to).toLowerCase();
    for (const d of DELIMITERS) {
      const head = cellsOf(line, 0, line.length, d);
      if (head.length < 6) continue;
      const cols: (Column | typeof NAME | undefined)[] = [];
      let known = 0;
      let header = true;
      for (let c = 0; c < head.length; c += 2) {
        const cell = norm(line.slice(head[c], head[c + 1]));
        if (!HEADER_CELL.test(cell)) header = false;
        const col = byHeader.get(cell);
        if (col) known++;
        cols.push(col);
      }
      if (!header || !known) continue;
      done = rows(text, to, d, cols, out);
      break;
    }
  }
  return out;
}

/**
 * The rows after a header (ending at `headerEnd`), while they have the header's number of cells.
 * Returns where the rows end.
 */
function rows(text: string, headerEnd: number, d: number, cols: (Column | typeof NAME | undefined)[], out: Finding[]): number {
  let from = headerEnd + 1;
  while (from < text.length) {
    const to = lineEnd(text, from);
    const cells = cellsOf(text, from, to, d);
    if (cells.length !== cols.length * 2) break;
    for (let c = 0; c < cols.length; c++) {
      const col = cols[c];
      if (!col) continue;
      let s = cells[c * 2];
      let e = cells[c * 2 + 1];
      while (s < e && text.charCodeAt(s) === 32) s++;
      while (e > s && text.charCodeAt(e - 1) === 32) e--;
      const value = text.slice(s, e);
      if (!value) continue;
      if (col === NAME) {
        if (value.length <= 60 && NAME_CELL.test(value)) out.push({ type: 'PERSON', dataTypes: ['PII'], start: s, end: e, score: 0.8, recognizer: 'table-columns' });
        continue;
      }
      const hit = col.checks.find(([, valid]) => valid(value));
      // A record or card number's header outweighs the phone layout its digits may share (`312 448 907`).
      if (hit) out.push({ type: hit[0], dataTypes: ['PII'], start: s, end: e, score: hit[1] === healthCell ? 0.95 : 0.8, recognizer: 'table-columns' });
    }
    from = to + 1;
  }
  return from;
}

/** Detector: national numbers and names in the columns of a delimited list, by their header. */
export const columnsDetector: ContextualDetector = {
  id: 'table-columns',
  type: 'SOCIAL_SECURITY_NUMBER',
  dataTypes: ['PII'],
  detect: (text: string, ctx?: DetectContext) => findColumns(tokensOf(stateFor(text, ctx))),
  samples: {
    positive: [
      { text: 'nombre;apellidos;dni;telefono\nAlba;Serrano Quiles;78204613J;628 114 590\nHugo;Martín de la Cruz;09381726A;699 021 388', value: '09381726A' },
      { text: 'Kontoinhaber;Geburtsdatum;Steuer-IdNr.\nWEISSGERBER, Lutz;03.08.1971;38429175621', value: '38429175621' },
      { text: 'achternaam,voornaam,bsn,geboortedatum\nde Jong,Mohamed,470192835,1988-03-14', value: '470192835' },
      { text: 'nome;nif;niss;data_nasc\nCarla Sofia Branco;255019386;20391857408;1984-07-22', value: '20391857408' },
      { text: 'cognome;nome;codice_fiscale\nCOLOMBO;Matteo;CLMMTT01B03C933R', value: 'COLOMBO' },
      { text: 'HORA | PACIENTE | NHC | CIP | TELÉFONO\n09:00 | Quintero Lugo, Adolfo | 2281930 | QULA510804918013 | 922 64 18 30', value: 'QULA510804918013' },
      { text: 'Nome\tNIF\tN.º Utente\tData Nasc.\nTiago André Lopes\t246109386\t312 448 907\t09-02-2001', value: '312 448 907' },
    ],
    negative: [
      'dni;importe;fecha\n09381726B;12,50;2024',
      'id,name,version\n1,lodash,4.17.21',
      'nom,prénom,ville\n12,34,56',
      'nhc;cip;fecha\npendiente;12.03.2024;2024\nno consta;1234;sí',
      'dni;importe;fecha\npendiente;12,50;2024',
      'Estimado cliente, nombre y apellidos, por favor.\nGracias, hasta pronto, un saludo.',
    ],
  },
};
