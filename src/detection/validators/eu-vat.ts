import { allSame, isDigits, isValidDate, luhnCheckDigit, luhnValid, mod11_10Valid, mod97, weightedSum } from './checksums';
import { esDni, esNie, nlBsn, ptNif } from './eu-national-ids';

/**
 * EU VAT identification numbers (Council Directive 2006/112/EC art. 214-215; formats and check
 * digits as published by each member state and collected in the Commission's VIES notes).
 * The value keeps its 2-letter prefix (EL for Greece; XI for Northern Ireland; EU for
 * non-union OSS schemes). Separators (space, dot, dash, slash, colon) are ignored.
 */
export function euVat(value: string): boolean {
  const v = value.toUpperCase().replace(/[\s.\-/:]/g, '');
  const prefix = v.slice(0, 2);
  const body = v.slice(2);
  const check = VAT_CHECKS[prefix];
  if (!check || body.length < 2 || body.length > 13) return false;
  if (isDigits(body) && allSame(body)) return false;
  return check(body);
}

const digits = (n: number | number[]) => (b: string) => isDigits(b) && (Array.isArray(n) ? n.includes(b.length) : b.length === n);

const VAT_CHECKS: Record<string, (b: string) => boolean> = {
  // Austria (UID): U + 8 digits; check = (6 - Luhn checksum of digits 2-8) mod 10 (BMF).
  AT: (b) => /^U\d{8}$/.test(b) && String((10 - ((luhnSum(b.slice(1, 8)) + 4) % 10)) % 10) === b[8],
  // Belgium (ondernemingsnummer): 10 digits starting 0/1, last two = 97 - (first eight mod 97).
  BE: (b) => {
    if (b.length === 9) b = '0' + b;
    return digits(10)(b) && (b[0] === '0' || b[0] === '1') && (+b.slice(0, 8) + +b.slice(8)) % 97 === 0;
  },
  BG: bgVat,
  CY: (b) => {
    if (!/^[013459]\d{7}[A-Z]$/.test(b) || b.startsWith('12')) return false;
    const t = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21];
    let s = 0;
    for (let i = 0; i < 8; i++) s += i % 2 === 0 ? t[+b[i]] : +b[i];
    return String.fromCharCode(65 + (s % 26)) === b[8];
  },
  CZ: czVat,
  // Germany (USt-IdNr): 9 digits, no leading 0, ISO 7064 MOD 11,10.
  DE: (b) => digits(9)(b) && b[0] !== '0' && mod11_10Valid(b),
  // Denmark (CVR): 8 digits, weights 2,7,6,5,4,3,2,1, mod 11.
  DK: (b) => digits(8)(b) && b[0] !== '0' && weightedSum(b, [2, 7, 6, 5, 4, 3, 2, 1]) % 11 === 0,
  // Estonia (KMKR): 9 digits, weights 3,7,1, mod 10.
  EE: (b) => digits(9)(b) && weightedSum(b, [3, 7, 1, 3, 7, 1, 3, 7, 1]) % 10 === 0,
  EL: grVat,
  GR: grVat,
  ES: esVat,
  // Finland (ALV): 8 digits, weights 7,9,10,5,8,4,2,1, mod 11.
  FI: (b) => digits(8)(b) && weightedSum(b, [7, 9, 10, 5, 8, 4, 2, 1]) % 11 === 0,
  FR: frVat,
  // Croatia (OIB): 11 digits, ISO 7064 MOD 11,10.
  HR: (b) => digits(11)(b) && mod11_10Valid(b),
  // Hungary (ANUM): 8 digits, weights 9,7,3,1, mod 10.
  HU: (b) => digits(8)(b) && weightedSum(b, [9, 7, 3, 1, 9, 7, 3, 1]) % 10 === 0,
  IE: ieVat,
  // Italy (partita IVA): 11 digits, office code 001-100/120/121/888/999, Luhn.
  IT: (b) => {
    if (!digits(11)(b) || +b.slice(0, 7) === 0) return false;
    const office = +b.slice(7, 10);
    return ((office >= 1 && office <= 100) || [120, 121, 888, 999].includes(office)) && luhnValid(b);
  },
  LT: ltVat,
  // Luxembourg (TVA): 8 digits, first six mod 89 = last two.
  LU: (b) => digits(8)(b) && +b.slice(0, 6) % 89 === +b.slice(6),
  LV: lvVat,
  // Malta: 8 digits, weights 3,4,6,7,8,9,10,1, mod 37.
  MT: (b) => digits(8)(b) && b[0] !== '0' && weightedSum(b, [3, 4, 6, 7, 8, 9, 10, 1]) % 37 === 0,
  // Netherlands (btw-id): 9 digits + B + 2 digits; 11-proef, or ISO 7064 MOD 97-10 (2020 series).
  NL: (b) => {
    if (/^\d{8}B\d{2}$/.test(b)) b = '0' + b;
    return /^\d{9}B\d{2}$/.test(b) && b.slice(10) !== '00' && (nlBsn(b.slice(0, 9)) || mod97('NL' + b) === 1);
  },
  // Poland (NIP): 10 digits, weights 6,5,7,2,3,4,5,6,7, mod 11.
  PL: (b) => digits(10)(b) && weightedSum(b, [6, 5, 7, 2, 3, 4, 5, 6, 7]) % 11 === +b[9],
  PT: (b) => digits(9)(b) && ptNif(b),
  RO: roVat,
  // Sweden (momsregistreringsnummer): 10-digit organisation/person number (Luhn) + "01".
  SE: (b) => digits(12)(b) && b.endsWith('01') && luhnValid(b.slice(0, 10)),
  // Slovenia (ID za DDV): 8 digits, weights 8..2, check = (11 - (sum mod 11)) mod 10.
  SI: (b) => digits(8)(b) && b[0] !== '0' && (11 - (weightedSum(b, [8, 7, 6, 5, 4, 3, 2]) % 11)) % 10 === +b[7],
  // Slovakia (IČ DPH): 10 digits, third digit 2/3/4/7/8, divisible by 11.
  SK: (b) => digits(10)(b) && b[0] !== '0' && '23478'.includes(b[2]) && Number(BigInt(b) % 11n) === 0,
  XI: gbVat,
  EU: (b) => digits(9)(b) && EU_NUMERIC.has(b.slice(0, 3)),
};

/** ISO 3166 numeric codes of the member states (OSS numbers start with the issuing state's). */
const EU_NUMERIC = new Set(['040', '056', '100', '191', '196', '203', '208', '233', '246', '250', '276', '300', '348', '372', '380', '428', '440', '442', '470', '528', '616', '620', '642', '703', '705', '724', '752']);

function luhnSum(d: string): number {
  // Austrian UID: digits at even positions (2nd, 4th, 6th) are doubled and their digit sums added.
  let s = 0;
  for (let i = 0; i < d.length; i++) {
    let x = +d[i];
    if (i % 2 === 1) {
      x *= 2;
      if (x > 9) x -= 9;
    }
    s += x;
  }
  return s;
}

function bgVat(b: string): boolean {
  if (!digits([9, 10])(b)) return false;
  if (b.length === 9) {
    let s = weightedSum(b, [1, 2, 3, 4, 5, 6, 7, 8]) % 11;
    if (s === 10) s = weightedSum(b, [3, 4, 5, 6, 7, 8, 9, 10]) % 11;
    return s % 10 === +b[8];
  }
  // Ten digits: a person's EGN, a foreigner's PNF, or another registered party.
  const egnSum = weightedSum(b, [2, 4, 8, 5, 10, 9, 7, 3, 6]) % 11 % 10;
  if (egnSum === +b[9]) {
    const mm = +b.slice(2, 4);
    const century = mm > 40 ? 2000 : mm > 20 ? 1800 : 1900;
    if (isValidDate(century + +b.slice(0, 2), mm % 20, +b.slice(4, 6))) return true;
  }
  if (weightedSum(b, [21, 19, 17, 13, 11, 9, 7, 3, 1]) % 10 === +b[9]) return true;
  const other = (11 - (weightedSum(b, [4, 3, 2, 7, 6, 5, 4, 3, 2]) % 11)) % 11;
  return other !== 10 && other === +b[9];
}

function czVat(b: string): boolean {
  if (!digits([8, 9, 10])(b)) return false;
  if (b.length === 8) {
    if (b[0] === '9') return false;
    const v = (11 - (weightedSum(b, [8, 7, 6, 5, 4, 3, 2]) % 11)) % 11;
    return (v === 0 ? 1 : v % 10) === +b[7];
  }
  if (b.length === 9 && b[0] === '6') {
    const s = weightedSum(b.slice(1), [8, 7, 6, 5, 4, 3, 2]) % 11;
    return 9 - ((11 - s) % 10) === +b[8];
  }
  // Birth number (rodné číslo): date with +50 (women) / +20 (2004 series) in the month.
  const yy = +b.slice(0, 2);
  const mm = (+b.slice(2, 4) % 50) % 20;
  const dd = +b.slice(4, 6);
  let year = 1900 + yy;
  if (b.length === 9) {
    if (year > 1980) year -= 100;
    if (year > 1953) return false;
  } else if (year < 1954) {
    year += 100;
  }
  if (!isValidDate(year, mm, dd)) return false;
  if (b.length === 10) {
    const c = Number(BigInt(b.slice(0, 9)) % 11n) % (year < 1985 ? 10 : 11);
    return c === +b[9];
  }
  return true;
}

function grVat(b: string): boolean {
  if (b.length === 8) b = '0' + b;
  if (!digits(9)(b)) return false;
  let s = 0;
  for (let i = 0; i < 8; i++) s = s * 2 + +b[i];
  return ((s * 2) % 11) % 10 === +b[8];
}

function esVat(b: string): boolean {
  if (b.length !== 9 || !isDigits(b.slice(1, 8))) return false;
  const first = b[0];
  if (/\d/.test(first)) return esDni(b);
  if ('KLM'.includes(first)) return esDni('0' + b.slice(1));
  if ('XYZ'.includes(first)) return esNie(b);
  if (!'ABCDEFGHJNPQRSUVW'.includes(first)) return false;
  const c = luhnCheckDigit(b.slice(1, 8));
  return b[8] === String(c) || b[8] === 'JABCDEFGHI'[c];
}

const FR_ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

function frVat(b: string): boolean {
  if (b.length !== 11 || !isDigits(b.slice(2)) || ![...b.slice(0, 2)].every((c) => FR_ALPHABET.includes(c))) return false;
  const siren = b.slice(2);
  if (siren.slice(0, 3) !== '000' && !luhnValid(siren)) return false;
  if (isDigits(b.slice(0, 2))) return +b.slice(0, 2) === Number((BigInt(siren) * 100n + 12n) % 97n);
  const c0 = FR_ALPHABET.indexOf(b[0]);
  const c1 = FR_ALPHABET.indexOf(b[1]);
  const check = /\d/.test(b[0]) ? c0 * 24 + c1 - 10 : c0 * 34 + c1 - 100;
  return Number((BigInt(siren) + 1n + BigInt(Math.floor(check / 11))) % 11n) === check % 11;
}

const IE_ALPHABET = 'WABCDEFGHIJKLMNOPQRSTUV';

function ieCheckChar(d7: string, extra: string): string {
  return IE_ALPHABET[(weightedSum(d7.padStart(7, '0'), [8, 7, 6, 5, 4, 3, 2]) + 9 * IE_ALPHABET.indexOf(extra || 'W')) % 23];
}

function ieVat(b: string): boolean {
  if (b.length !== 8 && b.length !== 9) return false;
  if (/^\d{7}[A-W][A-I]?$/.test(b)) return b[7] === ieCheckChar(b.slice(0, 7), b.slice(8));
  // Pre-2013 format: digit, letter/+/*, five digits, check letter.
  if (/^\d[A-Z+*]\d{5}[A-W]$/.test(b)) return b[7] === ieCheckChar(b.slice(2, 7) + b[0], '');
  return false;
}

function ltVat(b: string): boolean {
  if (!digits([9, 12])(b)) return false;
  if (b.length === 9 ? b[7] !== '1' : b[10] !== '1') return false;
  const body = b.slice(0, -1);
  let s = 0;
  for (let i = 0; i < body.length; i++) s += (1 + (i % 9)) * +body[i];
  s %= 11;
  if (s === 10) {
    s = 0;
    for (let i = 0; i < body.length; i++) s += (1 + ((i + 2) % 9)) * +body[i];
    s %= 11;
  }
  return s % 10 === +b[b.length - 1];
}

function lvVat(b: string): boolean {
  if (!digits(11)(b)) return false;
  if (b[0] > '3') return weightedSum(b, [9, 1, 4, 8, 3, 10, 2, 5, 7, 6, 1]) % 11 === 3;
  // Personal code: DDMMYY, century digit, serial and check; the 2017 series (32...) has none.
  if (b.startsWith('32')) return true;
  if (!isValidDate(1800 + 100 * +b[6] + +b.slice(4, 6), +b.slice(2, 4), +b.slice(0, 2))) return false;
  return ((1 + weightedSum(b, [10, 5, 8, 4, 2, 1, 6, 3, 7, 9])) % 11) % 10 === +b[10];
}

function roVat(b: string): boolean {
  if (/^\d{13}$/.test(b)) return roCnp(b);
  if (!/^\d{2,10}$/.test(b) || b[0] === '0') return false;
  const padded = b.slice(0, -1).padStart(9, '0');
  return ((10 * weightedSum(padded, [7, 5, 3, 2, 1, 7, 5, 3, 2])) % 11) % 10 === +b[b.length - 1];
}

/** Romanian CNP (personal numeric code): sex/century digit, YYMMDD, county, serial, check (weights 279146358279). */
function roCnp(b: string): boolean {
  if (b[0] === '0') return false;
  const century = ({ 1: 1900, 2: 1900, 3: 1800, 4: 1800, 5: 2000, 6: 2000 } as Record<string, number>)[b[0]] ?? 1900;
  if (!isValidDate(century + +b.slice(1, 3), +b.slice(3, 5), +b.slice(5, 7))) return false;
  const c = weightedSum(b, [2, 7, 9, 1, 4, 6, 3, 5, 8, 2, 7, 9]) % 11;
  return (c === 10 ? 1 : c) === +b[12];
}

function gbVat(b: string): boolean {
  if (/^(GD|HA)\d{3}$/.test(b)) return b.startsWith('GD') ? +b.slice(2) < 500 : +b.slice(2) >= 500;
  if (!digits([9, 12])(b)) return false;
  const s = weightedSum(b, [8, 7, 6, 5, 4, 3, 2, 10, 1]) % 97;
  return +b.slice(0, 3) >= 100 ? s === 0 || s === 42 || s === 55 : s === 0;
}
