import type { AnchorSpec } from '../types';

/**
 * Shared anchors (see Placement's `anchor` kind): each runs once per scan however many recognizers use
 * it, and the recognizers then only look near its matches.
 */

/**
 * A run of at least five digits, single separators allowed between them ("4111 1111",
 * "19.253.176.22", "DE89 3704"), or a dotted quad of single digits ("8.8.8.8", the only IPv4
 * shape with fewer than five digits): every card, IBAN, EU VAT number, SSN, phone number, IPv4
 * address and most national identifiers contain one; filler prose (years, counts, times) mostly
 * does not. Both branches start with a digit, so the regex engine still skips straight to digits.
 * The first repetition is written out (`X{4,}` as `X(?:X){3,}`, the same matches): irregexp then
 * rejects a lone digit before entering the loop, about a quarter fewer instructions per character.
 */
export const DIGIT_RUN: AnchorSpec = { regex: String.raw`\d(?:[ \-.\/]?\d(?:[ \-.\/]?\d){3,}|\.\d\.\d\.\d)`, reach: 16 };

/**
 * Two colons at most four hex digits apart, as in every IPv6 address. It starts with the literal
 * colon so the regex engine skips straight to colons.
 */
export const HEX_COLONS: AnchorSpec = { regex: String.raw`:[0-9A-Fa-f]{0,4}:`, reach: 48 };

