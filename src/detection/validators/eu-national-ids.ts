import { allSame, compact, digitsOf, isDigits, isPastDate, isValidDate, luhnValid, mod11_10Valid, weightedSum } from './checksums';

/**
 * German tax identification number, Steuer-ID (§ 139b AO, BZSt): 11 digits, no leading 0,
 * in the first ten digits exactly one digit occurs twice or three times, ISO 7064 MOD 11,10.
 */
export function deTaxId(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 11 || d[0] === '0') return false;
  const counts = new Map<string, number>();
  for (const c of d.slice(0, 10)) counts.set(c, (counts.get(c) ?? 0) + 1);
  const repeated = [...counts.values()].filter((n) => n > 1);
  if (repeated.length !== 1 || (repeated[0] !== 2 && repeated[0] !== 3)) return false;
  return mod11_10Valid(d);
}

/**
 * French social security number, NIR (INSEE, décret 82-103): sex, year, month, département
 * (2A/2B for Corsica), commune, order number and a key = 97 - (first 13 digits mod 97).
 */
export function frNir(value: string): boolean {
  const v = compact(value);
  if (v.length !== 15) return false;
  const body = v.slice(0, 13);
  if (!/^[1-478]\d{4}(?:\d{2}|2A|2B)\d{6}$/.test(body) || !isDigits(v.slice(13))) return false;
  const month = +v.slice(3, 5);
  if (!((month >= 1 && month <= 12) || (month >= 20 && month <= 42) || (month >= 50 && month <= 99))) return false;
  const numeric = body.replace('2A', '19').replace('2B', '18');
  const rem = Number(BigInt(numeric) % 97n);
  return 97 - rem === +v.slice(13);
}

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

/** Spanish DNI (Real Decreto 1553/2005): 8 digits and the letter of (number mod 23). */
export function esDni(value: string): boolean {
  const v = compact(value);
  const m = /^(\d{8})([A-Z])$/.exec(v);
  if (!m || allSame(m[1])) return false;
  return DNI_LETTERS[+m[1] % 23] === m[2];
}

/** Spanish NIE (Orden INT/2058/2008): X/Y/Z (0/1/2), 7 digits, DNI check letter. */
export function esNie(value: string): boolean {
  const v = compact(value);
  const m = /^([XYZ])(\d{7})([A-Z])$/.exec(v);
  if (!m) return false;
  const n = +(String('XYZ'.indexOf(m[1])) + m[2]);
  return DNI_LETTERS[n % 23] === m[3];
}

const CF_ODD: Record<string, number> = {
  '0': 1, '1': 0, '2': 5, '3': 7, '4': 9, '5': 13, '6': 15, '7': 17, '8': 19, '9': 21,
  A: 1, B: 0, C: 5, D: 7, E: 9, F: 13, G: 15, H: 17, I: 19, J: 21, K: 2, L: 4, M: 18, N: 20,
  O: 11, P: 3, Q: 6, R: 8, S: 12, T: 14, U: 16, V: 10, W: 22, X: 25, Y: 24, Z: 23,
};
const CF_OMOCODIA = 'LMNPQRSTUV';
const CF_MONTHS = 'ABCDEHLMPRST';

/**
 * Italian codice fiscale (D.P.R. 605/1973, D.M. 23/12/1976): surname and name letters, birth
 * year, month letter, day (+40 for women), place code, check letter; digits may be replaced by
 * the omocodia letters L-V.
 */
export function itFiscalCode(value: string): boolean {
  const v = compact(value);
  if (!/^[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/.test(v)) return false;
  const digit = (c: string) => (c >= '0' && c <= '9' ? +c : CF_OMOCODIA.indexOf(c));
  const day = digit(v[9]) * 10 + digit(v[10]);
  if (!((day >= 1 && day <= 31) || (day >= 41 && day <= 71))) return false;
  if (CF_MONTHS.indexOf(v[8]) < 0) return false;
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const c = v[i];
    sum += i % 2 === 0 ? CF_ODD[c] : c >= '0' && c <= '9' ? +c : c.charCodeAt(0) - 65;
  }
  return String.fromCharCode(65 + (sum % 26)) === v[15];
}

/** Dutch citizen service number, BSN (Wet algemene bepalingen BSN): 9 digits, "11-proef". */
export function nlBsn(value: string): boolean {
  let d = digitsOf(value);
  if (d.length === 8) d = '0' + d;
  if (d.length !== 9 || allSame(d)) return false;
  return (weightedSum(d, [9, 8, 7, 6, 5, 4, 3, 2, -1]) % 11 + 11) % 11 === 0;
}

/** Polish PESEL (Ustawa o ewidencji ludności): birth date with century in the month, weights 1-3-7-9. */
export function plPesel(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 11 || allSame(d)) return false;
  const sum = weightedSum(d, [1, 3, 7, 9, 1, 3, 7, 9, 1, 3]);
  if ((10 - (sum % 10)) % 10 !== +d[10]) return false;
  const mm = +d.slice(2, 4);
  const century = [1900, 2000, 2100, 2200, 1800][Math.floor(mm / 20)];
  return isPastDate(century + +d.slice(0, 2), mm % 20, +d.slice(4, 6));
}

/**
 * Swedish personnummer / samordningsnummer (Skatteverket SKV 704): [YY]YYMMDD, -/+ separator,
 * 3-digit serial and a Luhn check digit over the 10-digit form; coordination numbers add 60
 * to the day.
 */
export function sePersonnummer(value: string): boolean {
  const m = /^(\d{2})?(\d{2})(\d{2})(\d{2})[-+ ]?(\d{4})$/.exec(value.trim());
  if (!m) return false;
  const yy = +m[2];
  const month = +m[3];
  let day = +m[4];
  if (day > 60) day -= 60;
  const dateOk = m[1]
    ? isValidDate(+m[1] * 100 + yy, month, day)
    : isValidDate(1900 + yy, month, day) || isValidDate(2000 + yy, month, day);
  if (!dateOk) return false;
  return luhnValid(m[2] + m[3] + m[4] + m[5]);
}

/**
 * Belgian national register number, rijksregisternummer (Wet van 8 augustus 1983): YYMMDD,
 * serial, and check = 97 - (first 9 digits mod 97), with a leading 2 for births from 2000.
 */
export function beNationalNumber(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 11 || allSame(d)) return false;
  // Bis numbers (no national register entry) add 20 or 40 to the month.
  const mm = +d.slice(2, 4);
  const dd = +d.slice(4, 6);
  if (!(mm <= 12 || (mm >= 20 && mm <= 32) || (mm >= 40 && mm <= 52)) || dd > 31) return false;
  const check = +d.slice(9);
  const base = +d.slice(0, 9);
  return 97 - (base % 97) === check || 97 - ((2000000000 + base) % 97) === check;
}

/**
 * Austrian social insurance number, Sozialversicherungsnummer (Hauptverband, ASVG § 31):
 * 3-digit serial, check digit, birth date DDMMYY; check = weighted sum (3,7,9,-,5,8,4,2,1,6) mod 11.
 */
export function atSocialSecurity(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 10 || d[0] === '0') return false;
  const check = weightedSum(d, [3, 7, 9, 0, 5, 8, 4, 2, 1, 6]) % 11;
  if (check === 10 || check !== +d[3]) return false;
  const dd = +d.slice(4, 6);
  const mm = +d.slice(6, 8);
  return dd >= 1 && dd <= 31 && mm >= 1 && mm <= 12;
}

/**
 * Portuguese tax number, NIF (Decreto-Lei 463/79): 9 digits, first digit of a valid series,
 * mod-11 check digit with weights 9..2.
 */
export function ptNif(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 9 || !/^[1235689]|^45|^7[0-9]/.test(d) || allSame(d)) return false;
  const s = weightedSum(d, [9, 8, 7, 6, 5, 4, 3, 2]);
  return ((11 - (s % 11)) % 11) % 10 === +d[8];
}

const PPS_ALPHABET = 'WABCDEFGHIJKLMNOPQRSTUV';

/**
 * Irish personal public service number, PPSN (Social Welfare Consolidation Act 2005, s. 262):
 * 7 digits, a check letter (weights 8..2, mod 23) and an optional second letter (A/B/H/W)
 * that takes part in the check (weight 9) for the 2013 series.
 */
export function iePpsn(value: string): boolean {
  const v = compact(value);
  const m = /^(\d{7})([A-W])([ABHW]?)$/.exec(v);
  if (!m) return false;
  const second = m[3] === 'A' || m[3] === 'B' ? PPS_ALPHABET.indexOf(m[3]) : 0;
  const sum = weightedSum(m[1], [8, 7, 6, 5, 4, 3, 2]) + 9 * second;
  return PPS_ALPHABET[sum % 23] === m[2];
}

/**
 * Danish CPR number (CPR-loven): DDMMYY and a 4-digit serial whose first digit fixes the
 * century. Since 2007 the mod-11 check is no longer guaranteed, so only the date is checked
 * (recognizers require context for it).
 */
export function dkCpr(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 10 || allSame(d)) return false;
  const dd = +d.slice(0, 2);
  const mm = +d.slice(2, 4);
  const yy = +d.slice(4, 6);
  const s = +d[6];
  let century = 1900;
  if ((s === 4 || s === 9) && yy <= 36) century = 2000;
  else if (s >= 5 && s <= 8) century = yy <= 57 ? 2000 : 1800;
  return isPastDate(century + yy, mm, dd);
}

const HETU_CHECK = '0123456789ABCDEFHJKLMNPRSTUVWXY';
const HETU_CENTURY: Record<string, number> = {
  '+': 1800, '-': 1900, Y: 1900, X: 1900, W: 1900, V: 1900, U: 1900,
  A: 2000, B: 2000, C: 2000, D: 2000, E: 2000, F: 2000,
};

/**
 * Finnish personal identity code, henkilötunnus (Väestötietolaki 661/2009, VRK): DDMMYY, century
 * sign, individual number 002-899 and the check character of (DDMMYYNNN mod 31).
 */
export function fiHetu(value: string): boolean {
  const m = /^(\d{2})(\d{2})(\d{2})([-+ABCDEFYXWVU])(\d{3})([0-9A-Y])$/.exec(value.trim().toUpperCase());
  if (!m) return false;
  const individual = +m[5];
  if (individual < 2 || individual > 899) return false;
  if (!isPastDate(HETU_CENTURY[m[4]] + +m[3], +m[2], +m[1])) return false;
  return HETU_CHECK[+(m[1] + m[2] + m[3] + m[5]) % 31] === m[6];
}
