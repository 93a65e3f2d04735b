import type { Recognizer } from '../types';
import { DIGIT_RUN, HEX_COLONS } from './anchors';
import { PHONE_KEYWORDS_NATIVE, PHONE_LABELS, allLabels } from './native-labels';

const r = String.raw;

/**
 * A dotted quad of two-digit first part whose parts are all below 32 and that no CIDR suffix or
 * port follows: how sections and versions are numbered, rarely an address (ip-v4).
 */
const SMALL_QUAD = r`(?:1[1-9]|2\d|3[01])(?:\.(?:[12]?\d|3[01])){3}(?![\w\-/:]|\.\d)`;

/** Placeholder e-mail addresses of documentation and forms: never somebody's address. */
const EMAIL_PLACEHOLDERS = [
  'user@example.com', 'name@example.com', 'email@example.com', 'you@example.com', 'someone@example.com',
  'username@example.com', 'your.name@example.com', 'your@email.com', 'your.email@example.com', 'john.doe@example.com',
  'jane.doe@example.com', 'test@example.com', 'git@github.com', 'git@gitlab.com', 'git@bitbucket.org', 'noreply@github.com',
];

/**
 * Words near a phone number. Deliberately not "number" alone: account and card numbers have it
 * too; and not a bare "call", which would also count the Spanish street word "Calle".
 */
const PHONE_CONTEXT = [
  'phone', 'tel', 'tel.', 'telephone', 'mobile', 'mob', 'cell', 'cellphone', 'fax', 'call ', 'call:', 'calls', 'called', 'calling', 'text me', 'sms',
  'whatsapp', 'contact', 'dial', 'landline', 'hotline', 'ext', 'extension', 'desk', 'voicemail', 'reach me',
  'messages', 'answering', 'puhelin', 'gsm', ...allLabels(PHONE_LABELS),
];

/**
 * Prefilter anchors for the context-only phone patterns: distinctive substrings of the context
 * words ("tel" alone would open a window at every "hotel", "ext" at every "text").
 */
const PHONE_KEYWORDS = [
  'phone', 'tel.', 'tel:', 'tel ', 'telef', 'téléphone', 'mobile', 'mob:', 'mob.', 'cell', 'fax', 'call', 'sms', 'whatsapp',
  'contact', 'dial', 'landline', 'hotline', 'ext.', 'ext:', 'extension', 'desk', 'voicemail', 'reach me', 'messages',
  'answering', 'handy', 'tlf', 'puhelin', 'gsm', 'text me', ...PHONE_KEYWORDS_NATIVE,
];

/** Not followed by a currency or unit: "12 345 678 EUR" is an amount, "1500 000 rows" a count. */
const NOT_AMOUNT = r`(?![ ]?(?:[€$£¥%]|(?:EUR|USD|GBP|CHF|JPY|CNY|SEK|NOK|DKK|PLN|CZK|HUF|INR|AUD|CAD|kg|km|ms|MB|GB|KB|mb|gb|kb|px|rows|items|units|users|bytes|times|euros?|dollars?)\b))`;

/** Labels written after a phone number in signatures and contact lists. */
const PHONE_LABELS_AFTER = ['office', 'fax', 'mobile', 'cell', 'desk', 'direct', 'home'];

/** Words just before a digit group that make it an order, ticket or version number instead. */
const NOT_A_PHONE = ['order', 'invoice', 'ticket', 'tracking', 'serial', 'sku', 'isbn', 'version', 'build', 'po #', 'ref'];

/** How every phone recognizer but the label-after one scores a match: context either side, not after an order word. */
const PHONE_SCORING = { context: PHONE_CONTEXT, negativeContext: NOT_A_PHONE, contextWindow: { before: 48, after: 24 }, validator: 'phone' } as const;

const SSN_CONTEXT = ['ssn', 'ssns', 'social security', 'social sec', 'soc sec', 'ss#', 'ss #', 'ss no', 'ss number'];
/** Publicised sample SSNs (the Woolworth wallet card, advertising, documentation). */
const SSN_EXAMPLES = ['078-05-1120', '219-09-9999', '123-45-6789', '078 05 1120', '078051120', '219099999'];

export const piiRecognizers: Recognizer[] = [
  {
    id: 'email-address',
    type: 'EMAIL',
    dataTypes: ['PII'],
    pass: 'local',
    patterns: [
      {
        name: 'address',
        regex: r`(?<![\w.%+\-$])[A-Za-z0-9][A-Za-z0-9._%+\-]{0,63}@(?<!:\/\/[^\s\/@]{0,128}:[^\s\/@]{1,64}@)(?:[A-Za-z0-9](?:[A-Za-z0-9\-]{0,61}[A-Za-z0-9])?\.){1,8}[A-Za-z]{2,24}(?![\w\-]|\.[A-Za-z0-9])`,
        score: 0.9,
      },
    ],
    // A match holds its first `@` within 64 characters of its start (the local part is at most 64
    // characters and has no `@`), so it is tried only at the 64 positions before each `@`: no
    // window text around the `@` is cut out and joined, and nothing after it is scanned twice.
    // Only where the local part's characters reach back from the `@` (a word before a blank is
    // not tried).
    placement: { kind: 'start', keywords: ['@'], before: 64, leading: '[A-Za-z0-9._%+-]' },
    validator: 'email',
    allowList: EMAIL_PLACEHOLDERS,
    samples: {
      positive: [
        { text: 'Write to maria.lopez+news@mail.example.org today', value: 'maria.lopez+news@mail.example.org' },
        { text: 'E-mail:\nKeijoSalmela@rhyta.com', value: 'KeijoSalmela@rhyta.com' },
        { text: '<a href="mailto:o.brien@uni-hamburg.de">', value: 'o.brien@uni-hamburg.de' },
      ],
      negative: [
        'retina assets icon@2x.png and logo@3x.jpg',
        'clone git@github.com:org/repo.git',
        'npm install lodash@4.17.21',
        'contact user@example.com for the docs',
        'decorators like @Injectable() and @param',
        'postgres://app:S3cr3tpw@db.internal:5432/app',
      ],
    },
  },
  {
    id: 'phone-international',
    type: 'PHONE',
    dataTypes: ['PII'],
    pass: 'local',
    patterns: [
      {
        name: 'e164',
        regex: r`(?<![\w+])\+[1-9]\d{0,2}(?:[ .\-]?\(0\)[ .\-]?|[ .\-]?)(?:\(\d{1,5}\)|\d{1,5})(?:[ .\-]?(?:\(\d{1,5}\)|\d{1,6})){0,6}(?:[ ]?(?:x|ext\.?|#)[ ]?\d{1,6})?(?![\w]|[.\-/]\d)`,
        score: 0.6,
      },
    ],
    placement: { kind: 'start', keywords: ['+'] },
    ...PHONE_SCORING,
    samples: {
      positive: [
        { text: 'Desk: +41 (0)96 471 07 95', value: '+41 (0)96 471 07 95' },
        { text: 'call me on +1-984-182-0190 tomorrow', value: '+1-984-182-0190' },
        { text: 'WhatsApp +447700900123', value: '+447700900123' },
        { text: 'Tel. +49 30 901820', value: '+49 30 901820' },
      ],
      negative: ['the score was +3 today', 'C++ and +1.5 points', 'offset +0200 in the log', 'version +1.2.3'],
    },
  },
  {
    id: 'phone-nanp',
    type: 'PHONE',
    dataTypes: ['PII'],
    pass: 'local',
    // Every form ends in "ddd-dddd" (or with a space or a dot), at most eight characters after its start.
    placement: { kind: 'anchor', anchor: DIGIT_RUN, shapes: [{ digits: 7, anyOf: ' .-' }] },
    patterns: [
      {
        name: 'formatted',
        regex: r`(?<![\w+.\-/])(?:1[ .\-])?(?:\([2-9]\d{2}\)[ .\-]?|[2-9]\d{2}[ .\-])[2-9]\d{2}[ .\-]\d{4}(?:[ ]?(?:x|ext\.?|#)[ ]?\d{1,6})?(?![\w\-]|[.,/]\d)`,
        score: 0.6,
      },
    ],
    ...PHONE_SCORING,
    samples: {
      positive: [
        { text: 'his cell is 905-674-3793.', value: '905-674-3793' },
        { text: 'office (579)888-3058', value: '(579)888-3058' },
        { text: 'ring 1 415 555 2671 after 5', value: '1 415 555 2671' },
        { text: 'Fax: 259.735.7502x459', value: '259.735.7502x459' },
      ],
      negative: ['order 905-674-3793 shipped', 'id 9498777106 in the table', 'released 2021-09-30', 'timestamp 1700000000123'],
    },
  },
  {
    id: 'phone-national',
    type: 'PHONE',
    dataTypes: ['PII'],
    pass: 'local',
    patterns: [
      {
        name: 'grouped',
        // Groups apart by a space, dot or dash, or by a slash after a trunk-prefixed area code
        // (DIN 5008's older layout: `0211 / 9384552`). Not a spaced dash: Spanish addresses write
        // `Campanar, 21 - 46009 Valencia`.
        regex: r`(?<![\w+.\-/:])(?:0\d{1,4}[ ]?\/[ ]?\d{1,8}(?:[ .\-]\d{2,8}){0,3}|(?:\(\d{1,5}\)[ .\-]?)?\d{2,5}(?:[ .\-]\d{2,8}){1,4})(?:[ ]?(?:x|ext\.?|#)[ ]?\d{1,6})?(?![\w]|[.,\-/:]\d)${NOT_AMOUNT}`,
        score: 0.3,
      },
      { name: 'nanp-digits', regex: r`(?<![\w+.\-/])1?[2-9]\d{2}[2-9]\d{6}(?![\w\-]|[.,/]\d)`, score: 0.35 },
      { name: 'digits', regex: r`(?<![\w+.\-/:])\d{7,12}(?:[ ]?(?:x|ext\.?|#)[ ]?\d{1,6})?(?![\w]|[.,\-/:]\d)${NOT_AMOUNT}`, score: 0.3 },
    ],
    placement: { kind: 'anchor', anchor: DIGIT_RUN, window: { keywords: PHONE_KEYWORDS, reach: 80 } },
    ...PHONE_SCORING,
    samples: {
      positive: [
        { text: 'Name: Sieuwerd Heuver\nPhone: 0496 464 670', value: '0496 464 670' },
        { text: 'Mobile: 0341 8387176', value: '0341 8387176' },
        { text: '0824 901 693 (mobile)', value: '0824 901 693' },
        { text: 'Phone:\n(08) 8747 6301', value: '(08) 8747 6301' },
        { text: 'Mobile: 0496.46.46.70', value: '0496.46.46.70' },
        { text: 'Phone: 9498777106', value: '9498777106' },
        { text: 'Telefon 0211 / 9384552', value: '0211 / 9384552' },
        { text: 'Erreichbar: 0941 / 7 81 23', value: '0941 / 7 81 23' },
        { text: 'Il paziente è reperibile al 0832 245 118.', value: '0832 245 118' },
        { text: 'Ik ben bereikbaar op 0612345678.', value: '0612345678' },
        { text: 'Telef.: 217 154 908  Telem.: 968-223-114', value: '968-223-114' },
      ],
      negative: [
        'Phone bill for 2024-05-01 was 45 euros',
        'the phone has 128 GB and 6 cameras',
        'invoice 0496 46 46 70 is due',
        'call at 10:30 or 11:45',
        'phone firmware 1.2.3.4 is out',
        'call budget 12 345 678 EUR approved',
        'phone sales 2019 - 2024 rose',
        'Avda. Campanar, 21 - 46009 Valencia. Tel.: pendiente',
        'reperibile dal 2024 al 2026',
        'het nummer is 2024',
      ],
    },
  },
  {
    id: 'phone-national-layout',
    type: 'PHONE',
    dataTypes: ['PII'],
    pass: 'local',
    // Layouts that only phone numbers have, found without a label: French ten digits in five
    // pairs with one separator (`05.56.78.90.12`), Dutch mobiles `06-12345678`, German mobiles
    // `0151-23456789` / `0171 2345678` / `0151 2345 6789` (prefixes 015x-017x), Brazilian
    // `(11) 98765-4321`, and the mobile ranges of Italy (`347 812 3456`, 3xx), Portugal
    // (`912 345 678`, 91/92/93/96) and Spain (`654 321 987`, `612 34 56 78`, 6xx and 7xx) in
    // their usual groups.
    // Each layout holds a chain of at least eight digits with single separators (the Brazilian
    // `98765-4321`, at most five characters after the match's start; the others nine or more,
    // from the match's start), so it lies in the window of a digit run of that shape: on dense
    // text that window text is a fifth of the windows of all digit runs. A match starts inside that
    // run or, the Brazilian one, at most five characters before it (`(11) `): tried only there
    // (`near: 5`), with no window text.
    placement: { kind: 'anchor', anchor: DIGIT_RUN, shapes: [{ digits: 8, anyOf: ' -./' }], near: 5 },
    // One pattern (one pass over each digit window): exactly five French pairs (a longer run of
    // pairs is a hex or byte dump, `a0 8b 01 00 00 00 50 32`), a Dutch mobile, a German mobile,
    // a Brazilian number.
    patterns: [
      {
        name: 'layout',
        regex: r`(?<![\w+.\-/:])(?:(?<![0-9A-Fa-f]{2}[ .])0[1-9](?<sep>[ .])\d{2}(?:\k<sep>\d{2}){3}(?![ .][0-9A-Fa-f]{2}(?![0-9A-Za-z]))|06[- ]\d{8}|01[5-7]\d{1,2}(?:[-/ ]\d{6,8}|[ ]\d{3,4}[ ]\d{4}(?![ ]\d))|\(\d{2}\)[ ]?9?\d{4}-\d{4}|(?<!\d[ ])(?:3\d{2}(?:[ ]\d{3}[ ]\d{3,4}|[ \-]\d{6,7})|9[1236]\d[ ]\d{3}[ ]\d{3}|[67]\d{2}(?:[ ]\d{3}[ ]\d{3}|[ ]\d{2}[ ]\d{2}[ ]\d{2}))(?![ ]\d))(?![\w]|[.,\-/:]\d)${NOT_AMOUNT}`,
        score: 0.55,
      },
    ],
    ...PHONE_SCORING,
    samples: {
      positive: [
        { text: 'Mon nouveau numéro : 05.56.78.90.12.', value: '05.56.78.90.12' },
        { text: 'Mobile: 03.93.92.16.85', value: '03.93.92.16.85' },
        { text: 'Haar zoon is gebeld op 06-87654321.', value: '06-87654321' },
        { text: 'Rückruf unter 0151-23456789', value: '0151-23456789' },
        { text: 'Celular: (11) 98765-4321', value: '(11) 98765-4321' },
        { text: 'neue Nummer von Oma: 0151 2345 6789.', value: '0151 2345 6789' },
        { text: 'richiamarmi al 338 1234567 oppure', value: '338 1234567' },
        { text: 'Madre, cell. 338-4455667', value: '338-4455667' },
        { text: 'acompanhante, 965 432 109', value: '965 432 109' },
        { text: 'pueden llamarme al 654 321 987', value: '654 321 987' },
        { text: 'el fisio: 678 90 12 34.', value: '678 90 12 34' },
      ],
      negative: ['total 654 321 987 EUR', 'ids 347 812 345 678 901', 'ref 912 345 6789 x', 'order 05.56.78.90.12 shipped', 'values 05.56 78-90 12', '<Buffer a0 8b 28 3f 01 00 00 00 50 32>', 'version 06-20240101', 'ids 0140 12345678 and more'],
    },
  },
  {
    id: 'phone-landline-layout',
    type: 'PHONE',
    dataTypes: ['PII'],
    pass: 'local',
    // National landline layouts found without a label, each starting with its trunk prefix and
    // grouped as only phone numbers are: an area code in parentheses `(0221) 4710 3382` or
    // before a slash `089/21 09 48 77` (de), `020-5624318` (nl), `030 271 4485` (nl),
    // `020 7946 0321` / `01632 960123` (uk), `06 6988 4213` (it), `91 352 48 17` /
    // `954 21 38 76` (es), `22 508 3391` (pt), an area code of four or five digits and pairs
    // `0621 43 98 71-0` / `0476 12 34 56` (de, be), two or three digits, three and two pairs
    // `079 412 88 30` / `02 246 41 11` (ch, be). Not inside a longer run of digit groups, and the
    // subscriber part never starts with 0 (lists of code points, `0627 0644 0647`, do).
    placement: { kind: 'anchor', anchor: DIGIT_RUN },
    patterns: [
      {
        name: 'landline',
        regex: r`(?<![\w+.\-/:])(?<!\d[ ])(?:\(0\d{2,4}\)[ ]?[1-9]\d{1,3}(?:[ \-]\d{2,4}){0,3}|0\d{2,4}\/[ ]?(?:[1-9]\d{1,3}(?:[ ]\d{2,4}){1,3}|[1-9]\d{4,7})|0[1-9]\d(?:-[1-9]\d{6}|[ ][1-9]\d{2}[ ]\d{4}|[ ][1-9]\d{3}[ ]\d{4})|0[1-9]\d{2}-[1-9]\d{5}|0[1-9]\d{3}[ ][1-9]\d{5}|0[1-9]\d?[ \-][1-9]\d{3}[ ]\d{4}|[89][1-8](?:[ ]\d{3}|\d(?:[ ]\d{2}))(?:[ ]\d{2}){2}|2[1-9][ ]\d{3}[ ]\d{4}|0[1-9](?:\d{2,3}(?:[ ]\d\d){3,4}(?:-\d{1,4})?|\d?[ ]\d{3}[ ]\d\d[ ]\d\d))(?![ ]\d)(?![\w]|[.,\-/:]\d)${NOT_AMOUNT}`,
        score: 0.55,
      },
    ],
    ...PHONE_SCORING,
    samples: {
      positive: [
        { text: 'Büro Köln: (0221) 4710 3382, Mo-Fr', value: '(0221) 4710 3382' },
        { text: 'Sie erreichen uns unter 089/21 09 48 77.', value: '089/21 09 48 77' },
        { text: 'Bereikbaar op 020-5624318 tijdens kantooruren.', value: '020-5624318' },
        { text: 'Praktijk Utrecht, 030 271 4485', value: '030 271 4485' },
        { text: 'Our London office is on 020 7946 0321 until 5pm.', value: '020 7946 0321' },
        { text: 'Lo studio risponde allo 06 6988 4213 dalle 9.', value: '06 6988 4213' },
        { text: 'Llámenos al 91 352 48 17 de lunes a viernes.', value: '91 352 48 17' },
        { text: 'Oficina Sevilla 954 21 38 76', value: '954 21 38 76' },
        { text: 'Escritório do Porto: 22 508 3391', value: '22 508 3391' },
        { text: 'Absage bitte unter 0621 43 98 71-0.', value: '0621 43 98 71-0' },
        { text: 'Sohn Res, 079 412 88 30', value: '079 412 88 30' },
        { text: 'Pour toute question : 02 246 41 11, du lundi au vendredi', value: '02 246 41 11' },
      ],
      negative: ['rows 020 7946 0321 0000 1111', 'offsets = [91, 352, 48, 17]', '# U+FEF5 => 0644 0622 0627', 'ratio 056/058 ok', '(ISO 8859/1252, CP1252)', 'data: 01 02 03 04 05 06 07 08', 'matrix 06 6988 4213 05', 'chmod 0644 0755 file', 'total 954 21 38 76 EUR', 'invoice 020-5624318', 'dates 01/2023 and 02/2024', 'ids 1 22 508 3391', 'rows 0621 43 98 71 55 66', 'FR 01 84 17 61 18 99'],
    },
  },
  {
    id: 'phone-labelled',
    type: 'PHONE',
    dataTypes: ['PII'],
    pass: 'local',
    patterns: [
      {
        name: 'grouped',
        regex: r`(?<![\w+.\-/:])(?:\(\d{1,5}\)[ .\-]?)?\d{2,5}(?:[ .\-]\d{2,8}){1,4}(?![\w]|[.,\-/:]\d)${NOT_AMOUNT}`,
        score: 0.3,
      },
      { name: 'digits', regex: r`(?<![\w+.\-/:])\d{7,12}(?![\w]|[.,\-/:]\d)${NOT_AMOUNT}`, score: 0.3 },
    ],
    placement: { kind: 'anchor', anchor: DIGIT_RUN, window: { keywords: PHONE_LABELS_AFTER, reach: 48 } },
    // Signature lines label a number after it ("416 60 039 office", "082 490 1693-Office"); the same
    // words before a number ("offices are at 9931 14 ...") usually introduce an address.
    context: PHONE_LABELS_AFTER,
    contextWindow: { before: 0, after: 12 },
    negativeContext: NOT_A_PHONE,
    validator: 'phone',
    samples: {
      positive: [
        { text: 'APO AA 61487\n416 60 039 office\n', value: '416 60 039' },
        { text: '082 490 1693-Office\\,+27 11 555 0101', value: '082 490 1693' },
      ],
      negative: ['Our offices are located at 9931 14 Iliou Str', 'office 2024 report had 123456 rows'],
    },
  },
  {
    id: 'us-ssn',
    type: 'SSN',
    dataTypes: ['PII'],
    pass: 'local',
    placement: { kind: 'anchor', anchor: DIGIT_RUN, shapes: [{ digits: 9, anyOf: '-' }] },
    patterns: [{ name: 'dashed', regex: r`(?<![\w\-.])\d{3}-\d{2}-\d{4}(?![\w\-]|\.\d)`, score: 0.6 }],
    context: SSN_CONTEXT,
    contextBoost: 0.35,
    validator: 'ssn',
    allowList: SSN_EXAMPLES,
    samples: {
      positive: [
        { text: "Here's my SSN: 460-89-9847", value: '460-89-9847' },
        { text: 'applicant 536-22-8726 approved', value: '536-22-8726' },
      ],
      negative: ['SSN: 000-12-3456', 'ssn 666-45-1234', 'SSN 912-34-5678', 'sample 123-45-6789'],
    },
  },
  {
    id: 'us-ssn-context',
    type: 'SSN',
    dataTypes: ['PII'],
    pass: 'local',
    patterns: [
      { name: 'spaced', regex: r`(?<![\w\-.])\d{3}[ .]\d{2}[ .]\d{4}(?![\w\-]|[.,]\d)`, score: 0.35 },
      { name: 'digits', regex: r`(?<![\w\-.])\d{9}(?![\w\-]|[.,]\d)`, score: 0.3 },
    ],
    placement: { kind: 'anchor', anchor: DIGIT_RUN, window: { keywords: ['ssn', 'social sec', 'soc sec', 'ss#', 'ss #', 'ss no', 'ss number'], reach: 96 } },
    context: SSN_CONTEXT,
    contextBoost: 0.35,
    validator: 'ssn',
    allowList: SSN_EXAMPLES,
    samples: {
      positive: [
        { text: 'His social security number is 674747953', value: '674747953' },
        { text: 'SSN 301 85 5776 on file', value: '301 85 5776' },
      ],
      negative: ['ID 674747953 in the table', 'SSN 666 45 1234', 'ssn 123456789'],
    },
  },
  {
    // A field named for the SSN (`"ssn": "123-45-6789"`, `SSN: ...`): reported even when the value is
    // one of the published examples, which the unlabelled recognizers leave alone.
    id: 'us-ssn-labelled',
    type: 'SSN',
    dataTypes: ['PII'],
    pass: 'local',
    patterns: [{ name: 'dashed', regex: r`(?<![\w\-.])\d{3}-\d{2}-\d{4}(?![\w\-]|\.\d)`, score: 0.2 }],
    placement: { kind: 'anchor', anchor: DIGIT_RUN, window: { keywords: ['ssn', 'social security'], reach: 24 } },
    context: ['ssn', 'social security'],
    contextWindow: { before: 16, after: 0 },
    contextBoost: 0.5,
    validator: 'ssn-structure',
    samples: {
      positive: [
        { text: '{"name": "Ann Lee", "ssn": "123-45-6789"}', value: '123-45-6789' },
        { text: 'SSN: 078-05-1120', value: '078-05-1120' },
      ],
      negative: ['{"phone": "123-45-6789"}', 'sample 123-45-6789', 'the SSN field was left empty; order 123-45-6789 shipped', 'SSN: 000-12-3456'],
    },
  },
  {
    id: 'uk-national-insurance',
    type: 'UK_NATIONAL_INSURANCE',
    dataTypes: ['PII'],
    pass: 'local',
    patterns: [
      { name: 'nino', regex: r`(?<![\w\-])[A-Z]{2}[ ]?\d{2}[ ]?\d{2}[ ]?\d{2}[ ]?[A-D](?![\w\-])`, flags: 'i', score: 0.45 },
    ],
    placement: { kind: 'window', keywords: ['national insurance', 'ni number', 'ni no', 'ni #', 'nino', 'nin', 'ni:'], reach: 48 },
    context: ['national insurance', 'ni number', 'ni no', 'ni #', 'nino', 'nin', 'ni'],
    contextWindow: { before: 32, after: 0 },
    validator: 'uk-nino',
    samples: {
      positive: [
        { text: 'NI number QQ 12 34 56 C', value: 'QQ 12 34 56 C' },
        { text: 'National Insurance: AB123456D, tax code 1257L', value: 'AB123456D' },
      ],
      negative: ['NI number GB 12 34 56 A', 'National Insurance AB123456E', 'national insurance rates rose to 12 34 56 percent'],
    },
  },
  {
    id: 'ip-v4',
    type: 'IP_ADDRESS',
    dataTypes: ['PII'],
    pass: 'local',
    // Tried only inside digit runs with a dot (near 0): an address's digits and dots are one run,
    // which the anchor finds from its first digit (no word character, dot or hyphen before it) or
    // from an earlier digit it continues.
    placement: { kind: 'anchor', anchor: DIGIT_RUN, shapes: [{ anyOf: '.' }], near: 0 },
    patterns: [
      {
        name: 'dotted-quad',
        regex: r`(?<![\w.:\-])(?!${SMALL_QUAD})(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}(?![\w\-]|\.\d)`,
        score: 0.6,
      },
      {
        // A single-digit first part is how versions are numbered (`dpkg (1.16.4.3)`, "Standards
        // 3.6.1.1"), and four parts all below 32 how sections and versions are (`// 17.4.1.2
        // Headers`, `IBTA 11.2.5.3`, `toolset 14.28.16.9`; random addresses almost never are), so
        // such a quad needs a network word nearby (`resolver 8.8.8.8`) or a CIDR suffix or port.
        name: 'dotted-quad-small',
        regex: r`(?<![\w.:\-])(?:\d|(?=${SMALL_QUAD})\d\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}(?![\w\-]|\.\d)`,
        score: 0.4,
      },
    ],
    context: ['ip', 'ips', 'address', 'addr', 'host', 'server', 'client', 'inet', 'remote', 'source', 'src', 'dst', 'gateway', 'dns', 'resolver', 'nameserver', 'ping', 'ssh', 'route', 'subnet', 'cidr', 'proxy', 'firewall', 'listen', 'connect', 'peer', 'upstream'],
    // A version's context (`since dpkg 1.4.0.7`, Dutch `sinds`, German `seit`, French `depuis`,
    // Spanish `desde`, Swedish `sedan`, Danish and Norwegian `siden`) and a standard's numbered section (`IEEE 802.11 7.3.1.6`, `clause 4.2.1.3`).
    // Also a specification's numbered rule (`from JLS 15.12.2.3`, `per 17.4.4.4 para. 2`) and an
    // operating system's release (`UNICOS 10.0.0.8`, `Linux 2.6.32.1`).
    negativeContext: ['version', 'ver', 'v', 'release', 'build', 'firmware', 'oid', 'snmp', 'policy', 'standards', 'standard', 'patch', 'step', 'section', 'since', 'sinds', 'seit', 'depuis', 'desde', 'sedan', 'siden', 'ieee', 'clause', 'chapter',
      'jls', 'jvms', 'spec', 'specification', 'per', 'para', 'paragraph', 'appendix', 'annex', 'linux', 'kernel', 'windows', 'macos', 'android', 'ios', 'solaris', 'aix', 'unicos', 'freebsd', 'openbsd', 'netbsd'],
    // Addresses that name no one: unspecified, loopback, masks, the cloud metadata endpoint.
    allowList: ['0.0.0.0', '127.0.0.1', '255.255.255.255', '255.255.255.0', '255.255.0.0', '255.0.0.0', '169.254.169.254'],
    samples: {
      positive: [
        { text: 'keep getting address 195.206.132.199 blocked', value: '195.206.132.199' },
        { text: 'WHERE client_ip = 19.253.176.22', value: '19.253.176.22' },
        { text: 'ssh admin@10.0.12.7', value: '10.0.12.7' },
        { text: 'resolver 8.8.8.8 timed out', value: '8.8.8.8' },
        { text: 'blocked 12.5.3.22 at the firewall', value: '12.5.3.22' },
        { text: 'allow 23.1.0.0/16 only', value: '23.1.0.0' },
        { text: 'curl http://21.4.17.30:8080/health', value: '21.4.17.30' },
      ],
      negative: [
        'upgrade to version 1.2.3.4 now',
        'v10.0.0.1 released',
        'OID 1.3.6.1.4.1',
        'bind 0.0.0.0:8080',
        'out of range 300.1.2.3',
        '* Moved 2.7.0.9 out of experimental',
        'dpkg (1.16.4.3) unstable; urgency=low',
        '* Updated to Standards-Version 3.6.1.1.',
        '// HTTP-network fetch step 12.4.1.3: handle content codings',
        "It hasn't been used since libxcb 1.1.90.1, released in 2008.",
        'Biedt ondersteuning voor epoches in versietekenreeksen (sinds dpkg 1.4.0.7).',
        ' * IEEE 802.11 7.3.1.6 (u16).',
        'Stöder epoker i versionssträngar (sedan dpkg 1.4.0.7).',
        '     * Applicability by method-invocation-conversion test from JLS 15.12.2.3.',
        '      // arguments, per 17.4.4.4 para. 2 item 2.',
        '   - Cray SV1 UNICOS 10.0.0.8 cc',
        '// 17.4.1.2 Headers',
        '\t * Applicable for RC and UC only IBTA 11.2.5.3 QUERY QUEUE PAIR',
        '\t/* 30.3.3.4 aMACControlFramesReceived */',
        'built with the MSVC toolset 14.28.16.9 on the runner',
      ],
    },
  },
  {
    id: 'ip-v6',
    type: 'IP_ADDRESS',
    dataTypes: ['PII'],
    pass: 'local',
    // Tried only from 4 characters before a colon pair to its end: a match starts with at most
    // four hex digits before its first colon (the lookahead), and no colon, dot or word character
    // before it, so an anchor match starts at that colon (no earlier one can reach it).
    placement: { kind: 'anchor', anchor: HEX_COLONS, near: 4 },
    patterns: [
      {
        name: 'hex-groups',
        regex:
          r`(?<![\w:.])(?=[0-9A-Fa-f]{0,4}:[0-9A-Fa-f]{0,4}:)(?:` +
          r`(?:[0-9A-Fa-f]{1,4}:){7}[0-9A-Fa-f]{1,4}` +
          r`|(?:[0-9A-Fa-f]{1,4}:){1,7}:` +
          r`|(?:[0-9A-Fa-f]{1,4}:){1,6}:[0-9A-Fa-f]{1,4}` +
          r`|(?:[0-9A-Fa-f]{1,4}:){1,5}(?::[0-9A-Fa-f]{1,4}){1,2}` +
          r`|(?:[0-9A-Fa-f]{1,4}:){1,4}(?::[0-9A-Fa-f]{1,4}){1,3}` +
          r`|(?:[0-9A-Fa-f]{1,4}:){1,3}(?::[0-9A-Fa-f]{1,4}){1,4}` +
          r`|(?:[0-9A-Fa-f]{1,4}:){1,2}(?::[0-9A-Fa-f]{1,4}){1,5}` +
          r`|[0-9A-Fa-f]{1,4}:(?::[0-9A-Fa-f]{1,4}){1,6}` +
          r`|:(?::[0-9A-Fa-f]{1,4}){1,7}` +
          r`)(?![\w:]|\.\d)`,
        score: 0.6,
      },
    ],
    validator: 'ipv6',
    context: ['ip', 'ipv6', 'address', 'addr', 'host', 'server', 'client', 'inet6', 'remote', 'source', 'gateway'],
    allowList: ['::1', '::'],
    samples: {
      positive: [
        { text: 'keep getting address 6e40:4041:c617:e898:c11:40d2:c669:2eb4', value: '6e40:4041:c617:e898:c11:40d2:c669:2eb4' },
        { text: 'host 2001:db8:85a3::8a2e:370:7334 is up', value: '2001:db8:85a3::8a2e:370:7334' },
        { text: 'from fe80::1ff:fe23:4567:890a on eth0', value: 'fe80::1ff:fe23:4567:890a' },
        { text: 'a /48 from the prefix fd20:: is assigned', value: 'fd20::' },
      ],
      negative: ['meeting at 10:30:45 today', 'std::vector and ab::cd', 'MAC 00:1a:2b:3c:4d:5e', 'localhost ::1 only', '        require DBD::${driver}::GetInfo;', 'case FACE::'],
    },
  },
  {
    id: 'us-driver-license',
    type: 'DRIVER_LICENSE',
    dataTypes: ['PII'],
    pass: 'local',
    patterns: [
      {
        name: 'state-formats',
        regex: r`(?<![\w\-])(?:[A-Z]{1,3}-?\d{4,14}|\d{5,14}|[A-Z]?\d{2,4}(?:[\- ]\d{2,6}){1,4}|[A-Z]{1,2}\d{2,4}[A-Z]{1,3}\d{2,6})(?![\w\-])`,
        score: 0.3,
      },
    ],
    placement: { kind: 'window', keywords: ['driver', 'driving', 'licen', 'dl', 'dln'], reach: 72 },
    context: ["driver's license", 'drivers license', 'driver license', "driver's licence", 'driving licence', 'driving license', 'drivers lic', 'dl#', 'dl no', 'dl number', 'dl:', 'dln', 'license number', 'licence number', 'license no', 'lic no', 'lic#'],
    contextWindow: { before: 56, after: 0 },
    validator: 'id-shape',
    samples: {
      positive: [
        { text: "My driver's license number is F162823540116", value: 'F162823540116' },
        { text: "my driver's license number is 2270-66-1551", value: '2270-66-1551' },
        { text: 'DL# D1234567 (CA)', value: 'D1234567' },
        { text: 'Driver license: 123 456 789', value: '123 456 789' },
      ],
      negative: ['DL speed 123456 kbps', 'the license number 12 is MIT', "driver's license expires 2026-01-01", 'download 1234567 files'],
    },
  },
  {
    id: 'passport-number',
    type: 'PASSPORT',
    dataTypes: ['PII'],
    pass: 'local',
    patterns: [{ name: 'document-number', regex: r`(?<![\w\-])[A-Z0-9]{6,9}(?![\w\-])`, score: 0.3 }],
    placement: { kind: 'window', keywords: ['passport', 'reisepass', 'passeport', 'pasaporte', 'passaporto', 'paspoort', 'paszport', 'pass no', 'passnummer'], reach: 72 },
    context: ['passport', 'reisepass', 'passeport', 'pasaporte', 'passaporto', 'paspoort', 'paszport', 'passnummer'],
    contextWindow: { before: 56, after: 16 },
    validator: 'id-shape',
    samples: {
      positive: [
        { text: 'Passport number: 912803456', value: '912803456' },
        { text: 'Reisepass C01X00T47', value: 'C01X00T47' },
        { text: 'numéro de passeport 18AT12345', value: '18AT12345' },
      ],
      negative: ['passport photo ABCDEFGH', 'Passport expires 2030-05-01', 'passport 111111111', 'PASSPORT CONTROL'],
    },
  },
];
