import { allSame, digitsOf, looksLikeDate } from './checksums';

/**
 * Phone number shape (ITU-T E.164: at most 15 digits; national numbers at least 6): rejects
 * values that are really dates (2024-05-01, 01.05.2024), times, version strings (1.2.3.4) or
 * a repeated digit.
 */
export function phone(value: string): boolean {
  const v = value.trim().replace(/[ ]?(?:x|ext\.?|#)[ ]?\d{1,6}$/i, '');
  const d = digitsOf(v);
  if (d.length < 6 || d.length > 15 || allSame(d)) return false;
  if (looksLikeDate(v)) return false;
  // Three or four dotted groups of 1-3 digits are IPs and versions, not phone numbers
  // (French numbers in five groups of two, 01.84.17.61.18, are).
  if (/^\d{1,3}(?:\.\d{1,3}){2,3}$/.test(v)) return false;
  // The US SSN layout (3-2-4 digits) and the Portuguese (4-3) and Brazilian (5-3) postal codes:
  // no phone plan groups its digits so.
  if (/^\d{3}-\d{2}-\d{4}$|^\d{4,5}-\d{3}$/.test(v)) return false;
  // Starts with a year and a month (2024 05 01 ...).
  if (/^(?:19|20)\d{2}[-/. ](?:0?[1-9]|1[0-2])[-/. ]\d{1,2}$/.test(v)) return false;
  return true;
}

/** File extensions that follow "name@2x." in asset names and are never top-level domains in practice. */
const NOT_TLDS = new Set(['png', 'jpg', 'jpeg', 'gif', 'svg', 'webp', 'ico', 'bmp', 'tif', 'tiff', 'css', 'js', 'ts', 'json', 'map', 'scss', 'less', 'webm', 'mp4']);

/**
 * E-mail address shape (RFC 5321 §4.5.3.1 length limits, RFC 1035 labels): local part at most
 * 64, domain at most 255 characters, labels at most 63 and not starting or ending with '-',
 * an alphabetic top-level domain that is not a file extension ("icon@2x.png").
 */
export function email(value: string): boolean {
  const at = value.lastIndexOf('@');
  if (at < 1) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length > 64 || domain.length > 255 || local.startsWith('.') || local.endsWith('.') || local.includes('..')) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  if (labels.some((l) => l.length === 0 || l.length > 63 || l.startsWith('-') || l.endsWith('-'))) return false;
  const tld = labels[labels.length - 1].toLowerCase();
  return /^[a-z]{2,24}$/.test(tld) && !NOT_TLDS.has(tld);
}

/**
 * ICD-10 code shape (WHO ICD-10 / ICD-10-CM): a chapter letter, two characters of the
 * category (the second may be a letter only in ICD-10-CM's extensions), optional subcategory.
 * U00-U49 are provisional WHO codes (e.g. U07.1), kept.
 */
export function icd10(value: string): boolean {
  return /^[A-TV-Z]\d[0-9A-Z](?:\.[0-9A-Z]{1,4})?$|^U[0-8]\d(?:\.[0-9A-Z]{1,4})?$/.test(value.toUpperCase());
}

/**
 * IPv6 address (RFC 4291 §2.2 text forms; the regex checks the syntax): at least three groups,
 * or a compressed form with a group of three or more hex digits and a digit somewhere, so
 * "ab::cd" and a Perl package path (`DBD::`) are not addresses while `fd20::` is.
 */
export function ipv6(value: string): boolean {
  const groups = value.split(':').filter((g) => g.length > 0);
  if (groups.length >= 3) return true;
  return value.includes('::') && groups.some((g) => g.length >= 3) && /\d/.test(value);
}

/**
 * Shape of a document number (passport, driver's license, member id): at least five digits,
 * not one repeated digit, not a date (2024-05-01, 01.05.2024) or a time.
 */
export function idShape(value: string): boolean {
  const d = digitsOf(value);
  if (d.length < 5 || allSame(d)) return false;
  return !looksLikeDate(value);
}

/**
 * A labelled national number without a checksum of its own (a Spanish NASS, a German
 * Rentenversicherungsnummer, a Portuguese NISS written with spaces): 8 to 15 digits, not one
 * repeated digit, not a date. The label before it is what makes it one.
 */
export function labelledNumber(value: string): boolean {
  const d = digitsOf(value);
  if (d.length < 8 || d.length > 15 || allSame(d)) return false;
  return !looksLikeDate(value);
}

/** A clinician's licence or registration number after its label: 4 to 12 digits, not a date or a year. */
export function licenceNumber(value: string): boolean {
  const d = digitsOf(value);
  if (d.length < 4 || d.length > 12 || allSame(d)) return false;
  // A lone year (`colegiado desde 2012`).
  if (/^(?:19|20)\d{2}$/.test(value)) return false;
  return !looksLikeDate(value);
}

/**
 * UK National Insurance number (HMRC NIM39110): two prefix letters, six digits, a suffix A-D.
 * D, F, I, U and V are never prefix letters and O never the second; BG, GB, KN, NK, NT, TN and
 * ZZ are not allocated. Q is accepted although HMRC does not allocate it: its form example
 * (QQ 12 34 56 C) is what people paste when they test a filter, and it must be masked as one value.
 */
export function ukNino(value: string): boolean {
  const v = value.replace(/\s/g, '').toUpperCase();
  if (!/^[A-CEGHJ-TW-Z][A-CEGHJ-NP-TW-Z]\d{6}[A-D]$/.test(v)) return false;
  return !['BG', 'GB', 'KN', 'NK', 'NT', 'TN', 'ZZ'].includes(v.slice(0, 2));
}
