import { allSame, digitsOf, luhnValid } from './checksums';

/** Numbers the SSA publicised or that appear in advertising: never real SSNs. */
const SSN_KNOWN_INVALID = new Set(['078051120', '219099999', '123456789', '987654320', '987654321']);

/**
 * US Social Security number (SSA, "Social Security Number Randomization", 2011): area not
 * 000, 666 or 900-999, group not 00, serial not 0000, and not a publicised sample number.
 */
export function ssn(value: string): boolean {
  return !SSN_KNOWN_INVALID.has(digitsOf(value)) && ssnStructure(value);
}

/**
 * The structure rules alone (area not 000, 666 or 9xx, group not 00, serial not 0000), for a
 * value a field names as an SSN: a published example there is still somebody's test record.
 */
export function ssnStructure(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 9 || allSame(d)) return false;
  const area = +d.slice(0, 3);
  if (area === 0 || area === 666 || area >= 900) return false;
  return d.slice(3, 5) !== '00' && d.slice(5) !== '0000';
}

/**
 * US National Provider Identifier (CMS, 45 CFR 162.406): ten digits starting with 1 or 2,
 * Luhn check computed with the ISO 7812 health-industry prefix 80840.
 */
export function npi(value: string): boolean {
  const d = digitsOf(value);
  if (d.length !== 10 || (d[0] !== '1' && d[0] !== '2')) return false;
  return luhnValid('80840' + d);
}

/**
 * DEA registration number (21 CFR 1301): registrant-type letter, a letter (initial of the
 * registrant's last name, or 9 for business activities), six digits and a check digit:
 * (d1+d3+d5) + 2*(d2+d4+d6), last digit.
 */
export function dea(value: string): boolean {
  const v = value.toUpperCase();
  const m = /^([ABCDEFGHJKLMPRSTUX])([A-Z9])(\d{7})$/.exec(v);
  if (!m) return false;
  const d = m[3].split('').map(Number);
  const sum = d[0] + d[2] + d[4] + 2 * (d[1] + d[3] + d[5]);
  return sum % 10 === d[6];
}
