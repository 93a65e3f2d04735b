import type { AnchorShape, Placement, Recognizer, ValidatorName } from '../types';
import { DIGIT_RUN } from './anchors';
import { SOCIAL_SECURITY_KEYWORDS, SOCIAL_SECURITY_LABELS, allLabels } from './native-labels';
import { IBAN_LENGTHS } from '../validators/financial';

const r = String.raw;

/** One optional separator inside a number as people write it: space, dot, dash or slash. */
const SEP = r`[ .\-/]?`;
/** Exactly n digits, each after an optional separator. */
const digits = (n: number) => r`\d(?:${SEP}\d){${n - 1}}`;
/** From min to max digits, each after an optional separator. */
const digitRange = (min: number, max: number) => r`\d(?:${SEP}\d){${min - 1},${max - 1}}`;
/** The 27 Brazilian federative units, as written after a council's acronym (CRM/SP). */
const BR_UF = '(?:A[CLMP]|BA|CE|DF|ES|GO|M[AGST]|P[ABEIR]|R[JNORS]|S[CEP]|TO)';
/** A council registration number: 52.71234-0 (RJ), 28.114, 123456. */
const COUNCIL_NO = r`\d{2}\.\d{4,5}-\d|\d{1,3}(?:\.\d{3})+|\d{4,7}`;
/** "DE" -> "[Dd][Ee]": the prefix in any case ("Bg 200442771"), the body case-sensitive. */
const anyCase = (prefix: string) => prefix.split('').map((c) => `[${c}${c.toLowerCase()}]`).join('');

/** VAT number body per prefix (Directive 2006/112/EC formats); checksums are the validator's. */
const VAT_BODIES: [string, string][] = [
  ['ATU', digits(8)],
  ['BE', digitRange(9, 10)],
  ['BG', digitRange(9, 10)],
  ['CY', r`${digits(8)}${SEP}[A-Za-z]`],
  ['CZ', digitRange(8, 10)],
  ['DE', digits(9)],
  ['DK', digits(8)],
  ['EE', digits(9)],
  ['EL', digitRange(8, 9)],
  ['GR', digitRange(8, 9)],
  ['ES', r`[0-9A-Za-z]${SEP}${digits(7)}${SEP}[0-9A-Za-z]`],
  ['FI', digits(8)],
  ['FR', r`[0-9A-HJ-NP-Za-hj-np-z]{2}${SEP}${digits(9)}`],
  ['HR', digits(11)],
  ['HU', digits(8)],
  ['IE', r`${digits(7)}${SEP}[A-Wa-w][A-Ia-i]?|\d[A-Za-z+*]\d{5}[A-Wa-w]`],
  ['IT', digits(11)],
  ['LT', digitRange(9, 12)],
  ['LU', digits(8)],
  ['LV', digits(11)],
  ['MT', digits(8)],
  ['NL', r`${digitRange(8, 9)}${SEP}[Bb]${SEP}\d{2}`],
  ['PL', digits(10)],
  ['PT', digits(9)],
  ['RO', digitRange(2, 13)],
  ['SE', digits(12)],
  ['SI', digits(8)],
  ['SK', digits(10)],
  ['XI', r`${digitRange(9, 12)}|(?:GD|HA)\d{3}`],
  ['EU', digits(9)],
];

/**
 * What may not stand before a VAT prefix of n letters, read back from its end: a word character
 * or `-`, or another two-letter code (or ATU) and a separator ("NL NL 8186…" is a mangled number,
 * not a VAT id). `.{n}` is the prefix itself (letters, never a line break), so this lookbehind
 * after the prefix holds exactly when `(?<![\w\-]|\b[A-Z]{2}[ \-]|\bATU[ \-])` holds before it.
 */
const notAfter = (n: number) => r`(?<!(?:[\w\-]|\b[A-Z]{2}[ \-]|\bATU[ \-]).{${n}})`;

/** Between a VAT prefix and its body: "DE 1", "DE-1", "DK: 2". */
const VAT_SEPARATOR = r`(?:[ ]?[\-:.][ ]?|[ ]{0,2})`;

/**
 * Alternatives as a tree by their first letter: each `[code, rest]` is `code` then `rest`; the
 * result is `F(?:tail|...)|G(?:...)` with `first(letter)` for each first letter, in order of first
 * appearance, and `tail(code, rest)` for what follows it, in the alternatives' order within a letter.
 */
function treeByFirstLetter(alts: [string, string][], first: (letter: string) => string, tail: (code: string, rest: string) => string): string {
  const byFirst = new Map<string, string[]>();
  for (const [code, rest] of alts) byFirst.set(code[0], [...(byFirst.get(code[0]) ?? []), tail(code, rest)]);
  return [...byFirst].map(([letter, tails]) => `${first(letter)}(?:${tails.join('|')})`).join('|');
}

/**
 * The EU VAT pattern: a member-state prefix, an optional separator ("DE 1", "DE-1", "DK: 2"),
 * the country's body, the prefix not preceded by what `notAfter` names.
 * Written as a tree by the prefix's first letter, with the lookbehinds after the prefix: irregexp
 * then tries 16 first letters instead of 30 prefixes at each word start, and reads back only after
 * a prefix (dense text's joined digit windows: 0.72 → 0.56 ms per MB). The same matches as the
 * flat alternation with the lookbehinds first: alternatives of different first letters never
 * match at one position, so only the order within a letter matters, and that is kept.
 */
const VAT_REGEX =
  r`\b(?:` +
  treeByFirstLetter(VAT_BODIES, anyCase, (prefix, body) => r`${anyCase(prefix.slice(1))}${notAfter(prefix.length)}${VAT_SEPARATOR}(?:${body})`) +
  r`)(?![\w]|[ .\-/]\d)`;

/**
 * What every EU VAT number and IBAN starts with, case-insensitively (a `lead`, see PatternSpec):
 * an IBAN's country code (any registry country) and check digits, or a VAT prefix, its separator
 * and a digit after at most two letters or digits and one separator (every VAT body starts with
 * a digit, or with one or two letters or digits and then a digit: ES, FR, XI's GD/HA). The three
 * patterns share one scan of their joined digit windows for it (dense text: 238 K characters per
 * MB, about 1,100 starts) instead of three global scans. Written as a tree by the code's first
 * letter, as VAT_REGEX is (0.76 -> 0.62 ms per MB of dense text; the same starts).
 */
export const COUNTRY_CODE_LEAD = r`\b(?:${treeByFirstLetter(
  [...Object.keys(IBAN_LENGTHS).map((cc): [string, string] => [cc, r`[ \-.]?\d{2}`]), ...VAT_BODIES.map(([prefix]): [string, string] => [prefix, r`${VAT_SEPARATOR}[0-9A-Z]{0,2}${SEP}\d`])],
  (letter) => letter,
  (code, rest) => code.slice(1) + rest,
)})`;

/** Boundaries for a number that must not be part of a longer number, date or decimal. */
const B = r`(?<![\w\-.,/])`;
const E = r`(?![\w\-]|[.,/]\d)`;

interface NationalId {
  id: string;
  type: string;
  validator: ValidatorName;
  patterns: Recognizer['patterns'];
  /** Context words; also the anchors of recognizers that require context. */
  context: string[];
  samples: Recognizer['samples'];
  /**
   * False for identifiers without a run of five digits (the Italian fiscal code); the others only
   * run near such a run (and, when they need context, where a context word is near it too).
   */
  digitAnchored?: boolean;
  /**
   * Split the patterns that need context into a second recognizer (`<id>-context`) that only runs
   * near context words, so the digit-run scan only carries the patterns reported without context.
   */
  splitContextPatterns?: boolean;
  /**
   * Shapes of the digit run every match of the patterns reported without context holds (see
   * AnchorShape): only runs of these shapes are looked at. Not used by the `-context` half.
   */
  shapes?: AnchorShape[];
  /** See Placement's `anchor` kind: every match starts from this many characters before such a run to its end. */
  near?: number;
  /** Data types of its findings; PII and EU_DATA unless the identifier is not an EU one. */
  dataTypes?: Recognizer['dataTypes'];
}

/**
 * A national identifier. When no pattern can be reported without context (most digit-only
 * numbers), the recognizer only runs in windows around its context words.
 */
function nationalId(def: NationalId): Recognizer[] {
  if (def.splitContextPatterns) {
    const strong = def.patterns.filter((p) => p.score >= 0.5);
    const weak = def.patterns.filter((p) => p.score < 0.5);
    const [strongSamples, weakSamples] = [0, 1].map((half) => ({
      positive: def.samples.positive.filter((sample) => weak.some((p) => new RegExp(p.regex).test(sample.value)) === (half === 1)),
      negative: def.samples.negative,
    }));
    return [
      ...nationalId({ ...def, patterns: strong, samples: strongSamples, splitContextPatterns: false }),
      ...nationalId({ ...def, id: `${def.id}-context`, patterns: weak, samples: weakSamples, splitContextPatterns: false, shapes: undefined }),
    ];
  }
  // Context words open the windows of a recognizer that needs them (no keywords of its own).
  const window = def.patterns.every((p) => p.score < 0.5) ? { reach: 96 } : undefined;
  const placement: Placement =
    def.digitAnchored === false
      ? window ? { kind: 'window', ...window } : { kind: 'everywhere' }
      : { kind: 'anchor', anchor: DIGIT_RUN, window, ...(def.shapes && !window ? { shapes: def.shapes, near: def.near } : {}) };
  return [{
    id: def.id,
    type: def.type,
    dataTypes: def.dataTypes ?? ['PII', 'EU_DATA'],
    pass: 'local',
    placement,
    patterns: def.patterns,
    context: def.context,
    contextWindow: { before: 64, after: 24 },
    validator: def.validator,
    samples: def.samples,
  }];
}

export const euRecognizers: Recognizer[] = [
  {
    id: 'eu-vat',
    type: 'EU_VAT',
    dataTypes: ['EU_DATA'],
    pass: 'local',
    placement: { kind: 'anchor', anchor: DIGIT_RUN },
    patterns: [{ name: 'prefixed', regex: VAT_REGEX, score: 0.7, lead: COUNTRY_CODE_LEAD }],
    context: ['vat', 'ust', 'ust-idnr', 'tva', 'iva', 'btw', 'moms', 'mwst', 'nip', 'dph', 'alv', 'pvm', 'pvn', 'ddv', 'áfa', 'fpa', 'vies', 'tax'],
    validator: 'eu-vat',
    samples: {
      positive: [
        { text: 'USt-IdNr.: DE129390950', value: 'DE129390950' },
        { text: 'NIF-IVA Es-a58951310 en la factura', value: 'Es-a58951310' },
        { text: 'TVA LU.248.70.640', value: 'LU.248.70.640' },
        { text: 'VAT ATU 142 43 102 on the invoice', value: 'ATU 142 43 102' },
        { text: 'TVA BE 0202.239.951.', value: 'BE 0202.239.951' },
        { text: 'registered as CY-10008489 A since 2010', value: 'CY-10008489 A' },
        { text: 'btw NL004495445B01', value: 'NL004495445B01' },
        { text: 'our id is Bg 200442771', value: 'Bg 200442771' },
      ],
      negative: ['DE129390951 (bad check digit)', 'NL NL 818643778B01', 'DE 1234 in the list', 'ATU ATU 65033803'],
    },
  },
  ...nationalId({
    id: 'de-tax-id',
    type: 'DE_TAX_ID',
    validator: 'de-tax-id',
    patterns: [{ name: 'eleven-digits', regex: r`${B}\d{2}[ ]?\d{3}[ ]?\d{3}[ ]?\d{3}${E}`, score: 0.3 }],
    context: ['steuer-id', 'steuerid', 'steuer id', 'steueridentifikationsnummer', 'steuerliche identifikationsnummer', 'identifikationsnummer', 'idnr', 'id-nr', 'tax id'],
    samples: {
      positive: [
        { text: 'Steuer-ID: 15967845026', value: '15967845026' },
        { text: 'Ihre Identifikationsnummer 33 598 310 242', value: '33 598 310 242' },
      ],
      negative: ['Steuer-ID: 15967845027', 'order 15967845026', 'Steuer-ID 11111111111'],
    },
  }),
  ...nationalId({
    id: 'fr-nir',
    type: 'FR_NIR',
    validator: 'fr-nir',
    patterns: [
      { name: 'grouped', regex: r`${B}[1-478] \d{2} \d{2} (?:\d{2}|2[AB]) \d{3} \d{3} \d{2}${E}`, score: 0.6 },
      { name: 'compact', regex: r`${B}[1-478]\d{4}(?:\d{2}|2[AB])\d{6}[ ]?\d{2}${E}`, score: 0.45 },
    ],
    splitContextPatterns: true,
    // "1 85 05 2A 123 456 78": its last three groups are always a run of eight digits with spaces.
    shapes: [{ digits: 8, anyOf: ' ' }],
    context: ['nir', 'sécurité sociale', 'securite sociale', 'sécu', 'secu', 'insee', 'carte vitale', 'social security'],
    samples: {
      positive: [
        { text: 'numéro de sécurité sociale 113041184551089', value: '113041184551089' },
        { text: 'NIR : 1 51 09 30 949 601 15', value: '1 51 09 30 949 601 15' },
      ],
      negative: ['NIR 113041184551088', 'reference 113041184551089'],
    },
  }),
  ...nationalId({
    id: 'es-dni',
    type: 'ES_DNI',
    validator: 'es-dni',
    patterns: [{ name: 'dni', regex: r`${B}\d{8}[ \-]?[A-Z](?![\w\-])`, score: 0.45 }],
    context: ['dni', 'nif', 'documento nacional', 'identidad', 'national id', 'identity card', 'id card'],
    samples: {
      positive: [
        { text: 'DNI 42500256M', value: '42500256M' },
        { text: 'con NIF 31397496-N y domicilio', value: '31397496-N' },
      ],
      negative: ['DNI 42500256A', 'code 42500256M in stock'],
    },
  }),
  ...nationalId({
    id: 'es-nie',
    type: 'ES_NIE',
    validator: 'es-nie',
    patterns: [{ name: 'nie', regex: r`(?<![\w\-])[XYZ][ \-]?\d{7}[ \-]?[A-Z](?![\w\-])`, score: 0.6 }],
    // Seven digits in a row; declared as six, the shape of the Finnish identity code, so both share one range list.
    shapes: [{ run: 6 }],
    // The seven digits follow the letter, or the letter and a space or dash: neither continues a
    // digit run, so a run starts right at them and the match starts one or two characters before it.
    near: 2,
    context: ['nie', 'extranjero', 'foreigner', 'identidad', 'residencia'],
    samples: {
      positive: [
        { text: 'NIE: X5777614Z', value: 'X5777614Z' },
        { text: 'his residence card Z9511893H expires', value: 'Z9511893H' },
      ],
      negative: ['NIE: X5777614A', 'model X1234567Q'],
    },
  }),
  ...nationalId({
    id: 'it-fiscal-code',
    type: 'IT_FISCAL_CODE',
    validator: 'it-fiscal-code',
    digitAnchored: false,
    patterns: [
      {
        name: 'sixteen',
        regex: r`\b(?<![\w\-])[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z](?![\w\-])`,
        score: 0.7,
        // 16 capitals and digits with no word character on either side: a whole run of them.
        run: { length: 16, of: '[0-9A-Z]' },
      },
    ],
    context: ['codice fiscale', 'cod. fisc', 'c.f.', 'cf', 'fiscal code', 'tax code'],
    samples: {
      positive: [
        { text: 'Codice fiscale: RSSMRA45C12F205C', value: 'RSSMRA45C12F205C' },
        { text: 'il CF MRTNTN23M02D969P risulta', value: 'MRTNTN23M02D969P' },
        { text: 'omocodia RSSMRAQRCMNFNLRG', value: 'RSSMRAQRCMNFNLRG' },
      ],
      negative: ['RSSMRA45C12F205D', 'ABCDEFGHIJKLMNOP'],
    },
  }),
  ...nationalId({
    id: 'nl-bsn',
    type: 'NL_BSN',
    validator: 'nl-bsn',
    patterns: [{ name: 'nine-digits', regex: r`${B}(?:\d{4}[ .]?\d{2}[ .]?\d{3}|\d{3}[ .]\d{3}[ .]\d{3})${E}`, score: 0.3 }],
    context: ['bsn', 'burgerservicenummer', 'sofinummer', 'sofi-nummer', 'citizen service number'],
    samples: {
      positive: [
        { text: 'BSN: 134376997', value: '134376997' },
        { text: 'burgerservicenummer 510.158.596', value: '510.158.596' },
      ],
      negative: ['BSN: 134376998', 'artikel 134376997'],
    },
  }),
  ...nationalId({
    id: 'pl-pesel',
    type: 'PL_PESEL',
    validator: 'pl-pesel',
    patterns: [{ name: 'eleven-digits', regex: r`${B}\d{11}${E}`, score: 0.3 }],
    context: ['pesel'],
    samples: {
      positive: [{ text: 'PESEL: 34060804513', value: '34060804513' }],
      negative: ['PESEL: 34060804514', 'numer 34060804513'],
    },
  }),
  ...nationalId({
    id: 'se-personnummer',
    type: 'SE_PERSONAL_NUMBER',
    validator: 'se-personnummer',
    patterns: [{ name: 'date-serial', regex: r`${B}(?:\d{2})?\d{6}[\-+ ]?\d{4}${E}`, score: 0.3 }],
    context: ['personnummer', 'personnr', 'person nr', 'samordningsnummer', 'personal identity number', 'swedish id'],
    samples: {
      positive: [
        { text: 'Personnummer: 550928-5002', value: '550928-5002' },
        { text: 'personnummer 8803200016', value: '8803200016' },
      ],
      negative: ['personnummer 550928-5003', 'ordernummer 550928-5002'],
    },
  }),
  ...nationalId({
    id: 'be-national-number',
    type: 'BE_NATIONAL_NUMBER',
    validator: 'be-national-number',
    patterns: [
      { name: 'formatted', regex: r`${B}\d{2}\.\d{2}\.\d{2}[\-.]\d{3}\.\d{2}${E}`, score: 0.55 },
      { name: 'digits', regex: r`${B}\d{6}[ \-]?\d{3}[ ]?\d{2}${E}`, score: 0.3 },
    ],
    splitContextPatterns: true,
    shapes: [{ digits: 11, anyOf: '.' }],
    context: ['rijksregisternummer', 'rijksregister', 'numéro national', 'numero national', 'registre national', 'national number', 'national register', 'insz', 'niss', 'rrn'],
    samples: {
      positive: [
        { text: 'Rijksregisternummer 57110475610', value: '57110475610' },
        { text: 'n° 69.08.26-613.15 (registre)', value: '69.08.26-613.15' },
      ],
      negative: ['rijksregisternummer 57110475611', 'invoice 57110475610'],
    },
  }),
  ...nationalId({
    id: 'at-social-security',
    type: 'AT_SOCIAL_SECURITY',
    validator: 'at-social-security',
    patterns: [{ name: 'ten-digits', regex: r`${B}\d{4}[ ]?\d{6}${E}`, score: 0.3 }],
    context: ['sozialversicherungsnummer', 'sozialversicherung', 'versicherungsnummer', 'sv-nummer', 'sv-nr', 'svnr', 'sv nummer', 'social security'],
    samples: {
      positive: [
        { text: 'Sozialversicherungsnummer: 5600 021051', value: '5600 021051' },
        { text: 'SVNR 3246090951', value: '3246090951' },
      ],
      negative: ['SVNR 3247090951', 'Artikel 3246090951'],
    },
  }),
  ...nationalId({
    id: 'pt-nif',
    type: 'PT_NIF',
    validator: 'pt-nif',
    patterns: [{ name: 'nine-digits', regex: r`${B}\d{3}[ ]?\d{3}[ ]?\d{3}${E}`, score: 0.3 }],
    // Not `NIPC`: the number of a company (pessoa colectiva), not of a person.
    context: ['nif', 'contribuinte', 'número fiscal', 'numero fiscal', 'identificação fiscal', 'tax number', 'tax id'],
    samples: {
      positive: [
        { text: 'NIF 505500221', value: '505500221' },
        { text: 'número de contribuinte 231 486 570', value: '231 486 570' },
      ],
      negative: ['NIF 505500222', 'fatura 505500221', 'Cliente: Restaurante Central, Lda. – NIPC 509382711'],
    },
  }),
  ...nationalId({
    id: 'br-cpf',
    type: 'BR_CPF',
    validator: 'br-cpf',
    dataTypes: ['PII'],
    // Printed as 000.000.000-00 only in Brazil (with its two check digits, reported alone); eleven
    // bare digits only after their label.
    patterns: [
      { name: 'printed', regex: r`${B}\d{3}\.\d{3}\.\d{3}-\d{2}${E}`, score: 0.5 },
      { name: 'eleven-digits', regex: r`${B}\d{3}[ ]?\d{3}[ ]?\d{3}[ \-]?\d{2}${E}`, score: 0.3 },
    ],
    context: ['cpf', 'cpf/mf', 'cadastro de pessoa física', 'cadastro de pessoas físicas', 'cic'],
    splitContextPatterns: true,
    shapes: [{ digits: 11, anyOf: '.' }],
    samples: {
      positive: [
        { text: 'Portador do CPF 714.025.836-80 e RG 12.345.678-9', value: '714.025.836-80' },
        { text: 'meu CPF é 06291345889, obrigado', value: '06291345889' },
        { text: 'Titular: 381.604.729-78', value: '381.604.729-78' },
      ],
      negative: ['CPF 714.025.836-81', 'CPF 111.111.111-11', 'pedido 06291345889', 'Protocolo 381.604.729-79'],
    },
  }),
  {
    id: 'br-rg',
    type: 'BR_RG',
    dataTypes: ['PII'],
    pass: 'local',
    // Each state issues its own RG (SP and RJ 12.345.678-9 with a check digit or X, MG-12.345.678,
    // RS ten bare digits) and no checksum holds for all: the label right before it decides.
    patterns: [
      { name: 'dotted', regex: r`(?<![\w\-.])(?:[A-Z]{2}-?)?\d{1,2}\.\d{3}\.\d{3}(?:-[\dXx])?(?![\w\-]|[.,]\d)`, score: 0.2 },
      { name: 'bare', regex: r`(?<![\w\-.])\d{6,10}(?:-[\dXx])?(?![\w\-]|[.,]\d)`, score: 0.2 },
    ],
    placement: { kind: 'window', keywords: ['rg', 'r.g', 'registro geral', 'identidade'], reach: 40 },
    context: ['rg', 'r.g.', 'registro geral', 'carteira de identidade', 'cédula de identidade', 'cedula de identidade'],
    contextBoost: 0.45,
    // The longest label and `nº` fit; a label further back (`Registro Geral de Imóveis, matrícula`) does not.
    contextWindow: { before: 32, after: 0 },
    // 4 to 12 digits, not a date or a year (the licence numbers' rule fits).
    validator: 'licence-number',
    samples: {
      positive: [
        { text: 'RG 23.456.789-X SSP/SP', value: '23.456.789-X' },
        { text: 'Registro Geral: 12.345.678-9', value: '12.345.678-9' },
        { text: 'portador da carteira de identidade nº 4.321.987 (SSP/MG)', value: '4.321.987' },
        { text: 'R.G. nº 08.112.334-5 expedido pelo Detran-RJ', value: '08.112.334-5' },
        { text: 'Nome: Joana Prates, RG: MG-15.338.201, CPF 714.025.836-80', value: 'MG-15.338.201' },
        { text: 'RG 7034518821 SJS/RS', value: '7034518821' },
      ],
      negative: ['RG 45 was the regiment', 'RGB 12.345.678-9', 'see PR 12.345.678-9 for details', 'Registro Geral de Imóveis, matrícula 12.345', 'RG emitido em 12.03.2015', 'RG e CPF: 714.025.836-80'],
    },
  },
  {
    id: 'br-council-registration',
    type: 'MEDICAL_LICENSE',
    dataTypes: ['PII'],
    pass: 'local',
    // A Brazilian clinician's regional council number (CRM physicians, CRO dentists, COREN nurses)
    // is written with its state: CRM/SP 123456, CRM-RJ 52.71234-0, CRM 45873/MG. The state
    // makes it distinctive ("CRM" alone is also customer relationship management).
    patterns: [
      { name: 'state-first', regex: r`\b(?:CRM|CRO|COREN)[ \-/]?${BR_UF}:?[ ]?(?:n[º°o.]{1,2}[ ]?)?(?<value>${COUNCIL_NO})(?![\w\-]|[.,]\d)`, score: 0.7, group: 'value' },
      { name: 'state-last', regex: r`\b(?:CRM|CRO|COREN)(?:[ ]?n[º°o.]{1,2})?:?[ ]?(?<value>${COUNCIL_NO})[ ]?[\-/][ ]?${BR_UF}\b`, score: 0.7, group: 'value' },
    ],
    placement: { kind: 'start', keywords: ['crm', 'cro', 'coren'] },
    validator: 'licence-number',
    samples: {
      positive: [
        { text: 'Dr. Paulo Menezes - CRM/SP 123456', value: '123456' },
        { text: 'Dra. Lúcia Braga, CRM-RJ 52.71234-0', value: '52.71234-0' },
        { text: 'assinado: Dr. Caio Lima CRM 45873/MG', value: '45873' },
        { text: 'médico responsável CRM-PR nº 28.114', value: '28.114' },
        { text: 'CRM/BA: 19876', value: '19876' },
        { text: 'Cirurgiã-dentista Ana Reis, CRO-SC 9912', value: '9912' },
      ],
      negative: ['CRM 2024 migration to the new vendor', 'our CRM has 123456 contacts', 'Salesforce CRM/SP rollout in 2025', 'CRM-ID 554433 (HubSpot)', 'CRM/SP 12', 'CROSS 12345/SP'],
    },
  },
  ...nationalId({
    id: 'ie-ppsn',
    type: 'IE_PPSN',
    validator: 'ie-ppsn',
    patterns: [{ name: 'digits-letters', regex: r`${B}\d{7}[ ]?[A-W][ABHW]?(?![\w\-])`, score: 0.4 }],
    context: ['ppsn', 'pps', 'pps no', 'personal public service'],
    samples: {
      positive: [
        { text: 'PPS number 1234567T', value: '1234567T' },
        { text: 'PPSN: 1234567FA', value: '1234567FA' },
      ],
      negative: ['PPSN 1234567A', 'part 1234567T'],
    },
  }),
  ...nationalId({
    id: 'dk-cpr',
    type: 'DK_CPR',
    validator: 'dk-cpr',
    patterns: [{ name: 'date-serial', regex: r`${B}\d{6}[\- ]?\d{4}${E}`, score: 0.3 }],
    context: ['cpr', 'cpr-nr', 'cpr-nummer', 'cpr nr', 'personnummer', 'personnr'],
    samples: {
      positive: [
        { text: 'CPR-nr.: 150881-6978', value: '150881-6978' },
        { text: 'cpr 0605634734', value: '0605634734' },
      ],
      negative: ['CPR 3213816978', 'ordre 150881-6978'],
    },
  }),
  ...nationalId({
    id: 'fi-hetu',
    type: 'FI_HETU',
    validator: 'fi-hetu',
    patterns: [{ name: 'hetu', regex: r`${B}\d{6}[\-+ABCDEFYXWVU]\d{3}[0-9A-Y](?![\w\-])`, score: 0.6 }],
    shapes: [{ run: 6 }],
    // The six digits start a run (nothing before them may be a separator but a space) or a group
    // of one after a space: the match starts inside the run (2 as for es-nie, to share its list).
    near: 2,
    context: ['henkilötunnus', 'henkilotunnus', 'hetu', 'personbeteckning', 'personal identity code', 'identity code'],
    samples: {
      positive: [
        { text: 'Henkilötunnus: 041161-762S', value: '041161-762S' },
        { text: 'born 2000, id 010100A123D.', value: '010100A123D' },
      ],
      negative: ['hetu 041161-762T', 'part 041161-762'],
    },
  }),
  {
    id: 'social-security-labelled',
    type: 'SOCIAL_SECURITY_NUMBER',
    dataTypes: ['PII'],
    pass: 'local',
    patterns: [
      { name: 'grouped-digits', regex: r`(?<![\w\-.])\d{1,15}(?:[ \-/.]\d{2,8}){0,6}(?![\w\-]|[.,]\d)`, score: 0.2 },
      // German Rentenversicherungsnummer: area, birth date, initial letter, serial and check digit.
      { name: 'de-rvnr', regex: r`(?<![\w\-])\d{2}[ ]?\d{6}[ ]?[A-Z][ ]?\d{3}(?![\w\-])`, score: 0.2 },
    ],
    placement: { kind: 'window', keywords: SOCIAL_SECURITY_KEYWORDS, reach: 48 },
    context: allLabels(SOCIAL_SECURITY_LABELS),
    // Listed after the checksum-validated identifiers (which win a tie) and before the record-number
    // and phone recognizers (which it wins, the label right before it deciding).
    contextBoost: 0.45,
    contextWindow: { before: 40, after: 0 },
    validator: 'labelled-number',
    samples: {
      positive: [
        { text: 'NHC: 3689434.\nNASS: 43 65892805 47.\nDomicilio: Calle Nava, 18.', value: '43 65892805 47' },
        { text: 'Sozialversicherungsnummer: 12 150785 M 123', value: '12 150785 M 123' },
        { text: 'NISS 12345678901 (Segurança Social)', value: '12345678901' },
        { text: 'numéro de sécurité sociale : 2 84 05 75 123 456', value: '2 84 05 75 123 456' },
        { text: 'NIE: Y3051862Y\nNº Seg. Social: 41 18820374 69', value: '41 18820374 69' },
        { text: 'Steuer-IdNr. 47 820 193 456, RV-Nr. 53 170382 M 012. Bitte prüfen', value: '53 170382 M 012' },
      ],
      negative: ['RV-Nr. folgt', 'Nº Seg. Social: en trámite', 'NASS pendiente', 'Seguridad Social desde 2019-03-01', 'SV-Nummer folgt per Post', 'seguridad social: 1234'],
    },
  },
];
