/** Shared arithmetic of the validators. Pure functions on strings of ASCII digits/letters. */

/** Keeps letters and digits only, upper-cased: "de89 3704-0044" -> "DE8937040044". */
export function compact(value: string): string {
  return value.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
}

/** Keeps digits only. */
export function digitsOf(value: string): string {
  return value.replace(/\D/g, '');
}

export function isDigits(value: string): boolean {
  return /^\d+$/.test(value);
}

/** Luhn checksum (ISO/IEC 7812-1 annex B): 0 for a valid number. */
export function luhnChecksum(digits: string): number {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10;
}

/** Whether a digit string passes the Luhn check (ISO/IEC 7812-1). */
export function luhnValid(digits: string): boolean {
  return digits.length > 1 && isDigits(digits) && luhnChecksum(digits) === 0;
}

/** The Luhn check digit to append to `digits`. */
export function luhnCheckDigit(digits: string): number {
  return (10 - luhnChecksum(digits + '0')) % 10;
}

/**
 * ISO 7064 MOD 97-10 remainder of an alphanumeric string (letters count A=10 .. Z=35),
 * computed piecewise so any length fits in a double.
 */
export function mod97(value: string): number {
  let rem = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c >= 48 && c <= 57) rem = (rem * 10 + (c - 48)) % 97;
    else if (c >= 65 && c <= 90) rem = (rem * 100 + (c - 55)) % 97;
    else return -1;
  }
  return rem;
}

/** ISO 7064 MOD 11,10 check: true when the string (check digit included) is valid. */
export function mod11_10Valid(digits: string): boolean {
  let check = 5;
  for (let i = 0; i < digits.length; i++) {
    check = ((((check || 10) * 2) % 11) + (digits.charCodeAt(i) - 48)) % 10;
  }
  return check === 1;
}

/** Sum of digit × weight over the shorter of the two. */
export function weightedSum(digits: string, weights: readonly number[]): number {
  let sum = 0;
  const n = Math.min(digits.length, weights.length);
  for (let i = 0; i < n; i++) sum += (digits.charCodeAt(i) - 48) * weights[i];
  return sum;
}

/** Whether year/month/day name a real calendar day (proleptic Gregorian). */
export function isValidDate(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || month < 1 || month > 12 || day < 1) return false;
  const days = [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return day <= days;
}

/** A real calendar day that is not after today (birth dates in identifiers). */
export function isPastDate(year: number, month: number, day: number): boolean {
  if (!isValidDate(year, month, day)) return false;
  const now = new Date();
  const today = now.getUTCFullYear() * 10000 + (now.getUTCMonth() + 1) * 100 + now.getUTCDate();
  return year * 10000 + month * 100 + day <= today;
}

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** All characters the same ("0000000000", "1111111111"): never a real identifier. */
export function allSame(value: string): boolean {
  return /^([^])\1*$/.test(value);
}

/**
 * Whether a value reads as a calendar date: three numeric groups with one separator kind, in
 * year-month-day or day-month-year (or month-day-year) order, with a real month and day.
 */
export function looksLikeDate(value: string): boolean {
  const m = /^(\d{1,4})([-/. ])(\d{1,2})\2(\d{1,4})$/.exec(value.trim());
  if (!m) return false;
  const [a, b, c] = [m[1], m[3], m[4]];
  const day = (x: string) => +x >= 1 && +x <= 31;
  const month = (x: string) => +x >= 1 && +x <= 12;
  const year = (x: string) => x.length === 2 || (x.length === 4 && +x >= 1800 && +x <= 2199);
  if (a.length === 4) return year(a) && month(b) && day(c);
  return year(c) && ((day(a) && month(b)) || (month(a) && day(b)));
}
