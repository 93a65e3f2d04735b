import type { Recognizer } from '../types';
import { DIGIT_RUN } from './anchors';
import { COUNTRY_CODE_LEAD } from './eu';
import { EEA_COUNTRIES, IBAN_LENGTHS } from '../validators/financial';

const r = String.raw;

/**
 * IBAN pattern for a set of countries, generated from the registry lengths: the country code,
 * two check digits, then exactly the country's BBAN length of letters/digits, each optionally
 * preceded by one space, dash or full stop (compact, grouped by four, irregularly grouped, or in
 * a national print such as Norway's `NO07.8380.08.06006`). Not
 * followed by a letter/digit or by a separator and a digit, so a longer number is never cut down
 * to an IBAN-sized prefix.
 */
export function ibanRegex(countries: readonly string[]): string {
  const byLength = new Map<number, string[]>();
  for (const cc of countries) {
    const len = IBAN_LENGTHS[cc];
    if (len === undefined) continue;
    byLength.set(len, [...(byLength.get(len) ?? []), cc]);
  }
  const groups = [...byLength.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([len, codes]) => r`(?:${codes.sort().join('|')})[ \-.]?\d{2}(?:[ \-.]?[A-Z0-9]){${len - 4}}`);
  // A leading \b (not a lookbehind) lets the regex engine reject mid-word positions at once.
  return r`\b(?:${groups.join('|')})(?![\w]|[ \-.]\d)`;
}

const NON_EEA = Object.keys(IBAN_LENGTHS).filter((cc) => !EEA_COUNTRIES.includes(cc));

const IBAN_CONTEXT = ['iban', 'account', 'bank', 'transfer', 'wire', 'sepa', 'kontonummer', 'konto', 'compte', 'cuenta', 'rekening', 'bic', 'swift', 'payee'];

const CARD_CONTEXT = [
  'card', 'credit', 'debit', 'visa', 'mastercard', 'master card', 'amex', 'american express', 'discover', 'diners', 'jcb',
  'unionpay', 'maestro', 'cc', 'cc#', 'payment', 'pay with', 'cvv', 'cvc', 'expiry', 'exp', 'pan', 'kreditkarte', 'carte', 'tarjeta',
];

/**
 * Prefilter anchors for the context-only card lengths: distinctive substrings of the context
 * words ("cc", "exp" and "pan" alone occur in "account", "expect" and "company").
 */
const CARD_KEYWORDS = [
  'card', 'credit', 'debit', 'visa', 'master', 'amex', 'american express', 'discover', 'diners', 'jcb', 'unionpay', 'maestro',
  'cc ', 'cc#', 'cc:', 'payment', 'pay with', 'cvv', 'cvc', 'expir', 'exp:', 'exp ', 'pan:', 'pan ', 'carte', 'tarjeta', 'karte',
];

const ibanPositive = [
  { text: 'My IBAN is GB85QZXO20740530696990', value: 'GB85QZXO20740530696990' },
  { text: 'wire to DE89 3704 0044 0532 0130 00 today', value: 'DE89 3704 0044 0532 0130 00' },
];

export const financialRecognizers: Recognizer[] = [
  {
    id: 'payment-card',
    type: 'CREDIT_CARD',
    dataTypes: ['FINANCIAL'],
    pass: 'local',
    // Grouped: three groups of four digits (or 4-6-4) joined by one space or dash; else sixteen digits
    // in a row. Nothing that continues a digit run stands before a match (no word character, `.`,
    // `/`, `-`, nor a digit and a space), so a run starts at its first digit and holds it whole:
    // tried only at the runs' digits (`near: 0`), with no window text.
    placement: { kind: 'anchor', anchor: DIGIT_RUN, shapes: [{ digits: 12, anyOf: ' -' }, { run: 16 }], near: 0 },
    patterns: [
      {
        name: 'grouped',
        regex: r`(?<![\w.+/\-]|\d[ ])(?:\d{4}([ \-])\d{4}\1\d{4}(?:\1\d{4}(?:\1\d{1,3})?|\1\d{1,3})?|\d{4}([ \-])\d{6}\2\d{4,5})(?![\w\-]|\.\d|[ ]\d)`,
        score: 0.6,
      },
      // A comma may stand on either side: a CSV cell (`Jo,4365994126491963,12`); thousands groups never have 16 digits.
      { name: 'digits-16', regex: r`(?<![\w.+/\-])\d{16}(?![\w\-]|\.\d)`, score: 0.55 },
    ],
    context: CARD_CONTEXT,
    validator: 'payment-card',
    samples: {
      positive: [
        { text: 'I want to cancel my card 4926351740466081', value: '4926351740466081' },
        { text: 'Visa 4111 1111 1111 1111 exp 12/29', value: '4111 1111 1111 1111' },
        { text: 'amex 3782-822463-10005', value: '3782-822463-10005' },
        { text: 'MC 2223 0031 2200 3222 on file', value: '2223 0031 2200 3222' },
        { text: 'JCB card 3530111333300000', value: '3530111333300000' },
        { text: 'UnionPay 6200000000000005', value: '6200000000000005' },
        { text: 'pay with 6011111111111117', value: '6011111111111117' },
        { text: 'name,card,qty\nJo,4365994126491963,12', value: '4365994126491963' },
      ],
      negative: [
        'order id 4111111111111112 shipped',
        'timestamp 1700000000123456 in ms',
        'uuid 4111-1111-1111-1111-1111-1111',
        'phone 0049 1511 2345 6789',
        'the total was 1234 5678 9012 3456 points',
        'hash 5555555555554444abcdef',
      ],
    },
  },
  {
    id: 'payment-card-context',
    type: 'CREDIT_CARD',
    dataTypes: ['FINANCIAL'],
    pass: 'local',
    patterns: [{ name: 'digits-other', regex: r`(?<![\w.,+/\-])(?:\d{12,15}|\d{17,19})(?![\w\-]|[.,]\d)`, score: 0.4 }],
    // Every match is a run of twelve digits or more, so only digit runs of that shape bound its
    // keyword windows (dense text: a third of the joined text).
    placement: { kind: 'anchor', anchor: DIGIT_RUN, window: { keywords: CARD_KEYWORDS, reach: 96 }, shapes: [{ run: 12 }] },
    context: CARD_CONTEXT,
    validator: 'payment-card',
    samples: {
      positive: [
        { text: 'last billed amount for cc 503802053770 please', value: '503802053770' },
        { text: 'Diners: 30569309025904', value: '30569309025904' },
        { text: 'My card 374744544168082', value: '374744544168082' },
      ],
      negative: ['ref 374744544168082 in the ledger', 'card 374744544168083'],
    },
  },
  {
    id: 'iban-eea',
    type: 'IBAN',
    dataTypes: ['FINANCIAL', 'EU_DATA'],
    pass: 'local',
    placement: { kind: 'anchor', anchor: DIGIT_RUN },
    patterns: [{ name: 'registry-length', regex: ibanRegex(EEA_COUNTRIES), flags: 'i', score: 0.8, lead: COUNTRY_CODE_LEAD }],
    context: IBAN_CONTEXT,
    validator: 'iban',
    samples: {
      positive: [
        ...ibanPositive.slice(1),
        { text: 'IBAN: FR14 2004 1010 0505 0001 3M02 606.', value: 'FR14 2004 1010 0505 0001 3M02 606' },
        { text: 'pay NL91ABNA0417164300 now', value: 'NL91ABNA0417164300' },
        { text: 'Konto ES15-0049-1806-9121-1186-9374', value: 'ES15-0049-1806-9121-1186-9374' },
        { text: 'kontonummer NO93.8601.11.17947 (DNB)', value: 'NO93.8601.11.17947' },
      ],
      negative: ['IBAN NO93.8601.11.17948', 'version NO93.8601.11.17947.2 released', 'IBAN DE89 3704 0044 0532 0130 01', 'AT93 1904 3002 3457 3201 99', 'see DE89370400440532013000123', 'QQ93 1234 5678'],
    },
  },
  {
    id: 'iban',
    type: 'IBAN',
    dataTypes: ['FINANCIAL'],
    pass: 'local',
    placement: { kind: 'anchor', anchor: DIGIT_RUN },
    patterns: [{ name: 'registry-length', regex: ibanRegex(NON_EEA), flags: 'i', score: 0.8, lead: COUNTRY_CODE_LEAD }],
    context: IBAN_CONTEXT,
    validator: 'iban',
    samples: {
      positive: [
        ibanPositive[0],
        { text: 'my iban is gb42nawi04454264788619', value: 'gb42nawi04454264788619' },
        { text: 'CH93 0076 2011 6238 5295 7 (UBS)', value: 'CH93 0076 2011 6238 5295 7' },
        { text: 'BR9700360305000010009795493P1', value: 'BR9700360305000010009795493P1' },
      ],
      negative: ['GI22 NW3K 0000 0000 7099 453', 'GB29 NWBK 6016 1331 9268 18', 'the GB2 9NW BK code', 'hash x9GB29NWBK60161331926819'],
    },
  },
  {
    id: 'swift-bic',
    type: 'SWIFT_BIC',
    dataTypes: ['FINANCIAL'],
    pass: 'local',
    patterns: [{ name: 'bic', regex: r`(?<![\w\-])[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?(?![\w\-])`, score: 0.3 }],
    placement: { kind: 'window', keywords: ['swift', 'bic', 'bank code', 'bank identifier', 'routing code'], reach: 64 },
    context: ['swift', 'bic', 'swift/bic', 'bic/swift', 'bank code', 'bank identifier code', 'routing code'],
    contextWindow: { before: 48, after: 16 },
    validator: 'swift-bic',
    samples: {
      positive: [
        { text: 'BIC: DEUTDEFF', value: 'DEUTDEFF' },
        { text: 'SWIFT code BNPAFRPPXXX for the transfer', value: 'BNPAFRPPXXX' },
      ],
      negative: ['SWIFT is a PROGRAMMING language', 'DEUTDEFF without a label', 'swift code ABCDQQ22 (no such country)'],
    },
  },
  {
    id: 'us-bank-routing',
    type: 'US_BANK_ROUTING',
    dataTypes: ['FINANCIAL'],
    pass: 'local',
    patterns: [{ name: 'aba', regex: r`(?<![\w\-.])\d{9}(?![\w\-]|[.,]\d)`, score: 0.3 }],
    placement: { kind: 'anchor', anchor: DIGIT_RUN, window: { keywords: ['routing', 'aba ', 'aba:', 'aba#', 'aba n', 'rtn', 'transit'], reach: 64 } },
    context: ['routing', 'aba', 'rtn', 'transit number', 'routing number', 'abartn', 'routing no'],
    contextWindow: { before: 48, after: 16 },
    validator: 'aba-routing',
    samples: {
      positive: [
        { text: 'routing number 021000021', value: '021000021' },
        { text: 'ABA: 011000015, account below', value: '011000015' },
      ],
      negative: ['routing number 021000022', 'the number 021000021 alone', 'routing table 123456789'],
    },
  },
  {
    id: 'us-bank-account',
    type: 'US_BANK_ACCOUNT',
    dataTypes: ['FINANCIAL'],
    pass: 'local',
    patterns: [{ name: 'digits', regex: r`(?<![\w\-.])\d{6,17}(?![\w\-]|[.,]\d)`, score: 0.2 }],
    placement: { kind: 'anchor', anchor: DIGIT_RUN, window: { keywords: ['account', 'acct', 'a/c', 'checking', 'savings'], reach: 48 } },
    context: ['account number', 'account no', 'account #', 'account:', 'acct', 'a/c', 'checking account', 'savings account', 'bank account'],
    contextWindow: { before: 40, after: 0 },
    validator: 'id-shape',
    samples: {
      positive: [
        { text: 'checking account number 000123456789', value: '000123456789' },
        { text: 'Acct # 4402918273', value: '4402918273' },
      ],
      negative: ['account created in 2019 with 120000 users', 'account number 000000000', 'I have 1234567 reasons'],
    },
  },
];
