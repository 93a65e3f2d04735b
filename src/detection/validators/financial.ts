import { allSame, compact, digitsOf, isDigits, luhnValid, mod97, weightedSum } from './checksums';

/**
 * BBAN structure per country from the SWIFT IBAN Registry (ISO 13616-1), release 99 (2025), in
 * the registry's notation: n = digits, a = upper-case letters, c = letters or digits. Every
 * registry country; French overseas territories use FR.
 */
export const IBAN_FORMATS: Readonly<Record<string, string>> = Object.freeze({
  AD: '8n 12c', AE: '3n 16n', AL: '8n 16c', AT: '16n', AZ: '4a 20c', BA: '16n', BE: '12n', BG: '4a 6n 8c',
  BH: '4a 14c', BI: '23n', BR: '23n 1a 1c', BY: '4a 4n 16c', CH: '5n 12c', CR: '18n', CY: '8n 16c', CZ: '20n',
  DE: '18n', DJ: '23n', DK: '14n', DO: '4a 20n', EE: '16n', EG: '25n', ES: '20n', FI: '14n', FK: '2a 12n',
  FO: '14n', FR: '10n 11c 2n', GB: '4a 14n', GE: '2c 16n', GI: '4a 15c', GL: '14n', GR: '7n 16c', GT: '24c',
  HN: '4a 20n', HR: '17n', HU: '24n', IE: '4c 14n', IL: '19n', IQ: '4a 15n', IS: '22n', IT: '1a 10n 12c',
  JO: '4a 4n 18c', KW: '4a 22c', KZ: '3n 13c', LB: '4n 20c', LC: '4a 24c', LI: '5n 12c', LT: '16n', LU: '3n 13c',
  LV: '4a 13c', LY: '21n', MC: '10n 11c 2n', MD: '2c 18c', ME: '18n', MK: '3n 10c 2n', MN: '16n', MR: '23n',
  MT: '4a 5n 18c', MU: '4a 19n 3a', NI: '4a 20n', NL: '4a 10n', NO: '11n', OM: '3n 16c', PK: '4c 16n', PL: '24n',
  PS: '4c 21n', PT: '21n', QA: '4a 21c', RO: '4a 16c', RS: '18n', RU: '14n 15c', SA: '2n 18c', SC: '4a 20n 3a',
  SD: '14n', SE: '20n', SI: '15n', SK: '20n', SM: '1a 10n 12c', SO: '19n', ST: '21n', SV: '4a 20n', TL: '19n',
  TN: '20n', TR: '5n 17c', UA: '6n 19c', VA: '18n', VG: '4c 16n', XK: '16n', YE: '4a 4n 18c',
});

const BBAN_CLASS: Record<string, string> = { n: '[0-9]', a: '[A-Z]', c: '[A-Z0-9]' };

/** Total IBAN length per country (2 letters, 2 check digits, the BBAN). */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = Object.freeze(
  Object.fromEntries(
    Object.entries(IBAN_FORMATS).map(([cc, f]) => [cc, 4 + f.split(' ').reduce((n, part) => n + parseInt(part, 10), 0)]),
  ),
);

const BBAN_RES: Record<string, RegExp> = Object.fromEntries(
  Object.entries(IBAN_FORMATS).map(([cc, f]) => [
    cc,
    new RegExp('^' + f.split(' ').map((part) => `${BBAN_CLASS[part.slice(-1)]}{${parseInt(part, 10)}}`).join('') + '$'),
  ]),
);

/** Countries where the GDPR applies (EU member states and the EEA): their IBANs carry EU_DATA. */
export const EEA_COUNTRIES: readonly string[] = Object.freeze([
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV',
  'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE', 'IS', 'LI', 'NO',
]);

/**
 * IBAN (ISO 13616-1): registry country, the registry's BBAN structure (and so length) for that
 * country, and the ISO 7064 MOD 97-10 check (the rearranged number modulo 97 is 1). Spaces and dashes ignored.
 */
export function iban(value: string): boolean {
  const v = compact(value);
  const bban = BBAN_RES[v.slice(0, 2)];
  if (bban === undefined || !isDigits(v.slice(2, 4)) || !bban.test(v.slice(4))) return false;
  if (v.slice(2, 4) === '00' || v.slice(2, 4) === '01' || v.slice(2, 4) === '99') return false;
  return mod97(v.slice(4) + v.slice(0, 4)) === 1;
}

/**
 * Payment card number: ISO/IEC 7812 issuer identification ranges of the major networks with
 * their lengths, and the Luhn check (ISO/IEC 7812-1 annex B). Separators ignored.
 */
export function paymentCard(value: string): boolean {
  const d = digitsOf(value);
  if (d.length < 12 || d.length > 19 || allSame(d) || !luhnValid(d)) return false;
  return cardNetwork(d) !== null;
}

/** The network a card number belongs to by its IIN range and length, or null. */
export function cardNetwork(d: string): string | null {
  const len = d.length;
  const p2 = +d.slice(0, 2);
  const p3 = +d.slice(0, 3);
  const p4 = +d.slice(0, 4);
  const p6 = +d.slice(0, 6);
  if (d[0] === '4') return len === 13 || len === 16 || len === 19 ? 'visa' : null;
  if ((p2 >= 51 && p2 <= 55) || (p4 >= 2221 && p4 <= 2720)) return len === 16 ? 'mastercard' : null;
  if (p2 === 34 || p2 === 37) return len === 15 ? 'amex' : null;
  if (p4 === 6011 || (p3 >= 644 && p3 <= 649) || p2 === 65 || (p6 >= 622126 && p6 <= 622925)) {
    return len >= 16 && len <= 19 ? 'discover' : null;
  }
  if ((p3 >= 300 && p3 <= 305) || p2 === 36 || p2 === 38 || p2 === 39 || p4 === 3095) {
    return len >= 14 && len <= 19 ? 'diners' : null;
  }
  if (p2 === 35) return len >= 16 && len <= 19 ? 'jcb' : null;
  if (p4 === 1800 || p4 === 2131) return len === 15 ? 'jcb' : null;
  if (p2 === 62) return len >= 16 && len <= 19 ? 'unionpay' : null;
  if (p4 >= 2200 && p4 <= 2204) return len >= 16 && len <= 19 ? 'mir' : null;
  if (p2 === 50 || (p2 >= 56 && p2 <= 69)) return len >= 12 && len <= 19 ? 'maestro' : null;
  return null;
}

/**
 * ABA routing transit number (ABA / Federal Reserve, "Routing Number Policy"): nine digits,
 * a valid Federal Reserve prefix (00-12, 21-32, 61-72, 80) and the 3-7-1 weighted checksum.
 */
export function abaRouting(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 9 || allSame(d)) return false;
  const prefix = +d.slice(0, 2);
  if (!((prefix >= 0 && prefix <= 12) || (prefix >= 21 && prefix <= 32) || (prefix >= 61 && prefix <= 72) || prefix === 80)) return false;
  return weightedSum(d, [3, 7, 1, 3, 7, 1, 3, 7, 1]) % 10 === 0;
}

/** ISO 3166-1 alpha-2 country codes (plus XK, used by SWIFT for Kosovo). */
export const ISO_COUNTRIES: ReadonlySet<string> = new Set(
  (
    'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
    'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
    'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
    'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT ' +
    'MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
    'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG ' +
    'UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW XK'
  ).split(' '),
);

/**
 * SWIFT/BIC (ISO 9362): 4-letter institution code, a valid ISO 3166-1 country code,
 * 2-character location code and an optional 3-character branch code.
 */
export function swiftBic(value: string): boolean {
  const v = value.replace(/[\s-]/g, '');
  const m = /^([A-Z]{4})([A-Z]{2})([A-Z0-9]{2})([A-Z0-9]{3})?$/.exec(v);
  if (!m) return false;
  return ISO_COUNTRIES.has(m[2]);
}
