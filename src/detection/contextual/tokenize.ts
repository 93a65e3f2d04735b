/**
 * One linear tokenizer shared by the contextual detectors. The engine runs every detector on
 * the same string in a row, so the last result is cached and the text is swept once per scan.
 */

/** Kind of a token (a plain object, not a const enum, so any bundler can inline it). */
export const Kind = {
  /** Letters, with inner apostrophes or hyphens (`O'Brien`, `Jean-Luc`). */
  Word: 0,
  /** Digits, optionally with one trailing letter (`12`, `75A`). */
  Num: 1,
  /** Any other single visible character. */
  Punct: 2,
} as const;
export type Kind = (typeof Kind)[keyof typeof Kind];

export interface Token {
  kind: Kind;
  start: number;
  end: number;
  /** The token's text as written. */
  text: string;
  /** Lower-case text. */
  lower: string;
  /** First character is an upper-case letter. */
  cap: boolean;
  /** Every letter is upper case and there are at least two. */
  upper: boolean;
  /** The whitespace before the token holds a line break (or the token starts the text). */
  nl: boolean;
  /** Characters of whitespace before the token. */
  gap: number;
  /** Word followed by a possessive `'s` (kept out of the token). */
  poss: boolean;
  /** Has a letter outside ASCII. */
  nonAscii: boolean;
}

export interface Tokens {
  text: string;
  list: Token[];
  /** Any word token starts with an upper-case letter. */
  hasCaps: boolean;
  /** Most words are written in capitals (shouting, headings, forms). */
  mostlyUpper: boolean;
}

const LETTER = /\p{L}|\p{M}/u;

function isLetter(code: number, ch: string): boolean {
  if (code < 128) return (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
  return LETTER.test(ch);
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13 || code === 12 || code === 11 || code === 160 ||
    code === 0x2028 || code === 0x2029 || (code >= 0x2000 && code <= 0x200a) || code === 0x3000 || code === 0x202f;
}

let lastText: string | undefined;
let lastTokens: Tokens | undefined;

/** Tokenizes `text` in one pass (cached for the last text). */
export function tokenize(text: string): Tokens {
  if (lastTokens && lastText === text) return lastTokens;
  const list: Token[] = [];
  const n = text.length;
  let i = 0;
  let gap = 0;
  let nl = true;
  let words = 0;
  let upperWords = 0;
  let hasCaps = false;
  while (i < n) {
    const code = text.charCodeAt(i);
    if (isSpace(code)) {
      gap++;
      if (code === 10 || code === 13) nl = true;
      i++;
      continue;
    }
    const ch = text[i];
    const start = i;
    let kind: Kind;
    let poss = false;
    if (isLetter(code, ch)) {
      kind = Kind.Word;
      i++;
      while (i < n) {
        const c = text.charCodeAt(i);
        if (isLetter(c, text[i])) {
          i++;
          continue;
        }
        // Inner apostrophe or hyphen followed by a letter stays in the word, except a possessive 's.
        if ((c === 39 || c === 0x2019 || c === 45) && i + 1 < n && isLetter(text.charCodeAt(i + 1), text[i + 1])) {
          if (c !== 45) {
            const s = text.charCodeAt(i + 1);
            const after = i + 2 < n ? text.charCodeAt(i + 2) : 32;
            if ((s === 115 || s === 83) && !isLetter(after, text[i + 2] ?? ' ')) {
              poss = true;
              break;
            }
          }
          i += 2;
          continue;
        }
        break;
      }
    } else if (isDigit(code)) {
      kind = Kind.Num;
      i++;
      while (i < n && isDigit(text.charCodeAt(i))) i++;
      // One trailing letter not followed by another letter: house numbers like 75A.
      if (i < n && isLetter(text.charCodeAt(i), text[i]) && !(i + 1 < n && isLetter(text.charCodeAt(i + 1), text[i + 1]))) {
        i++;
      }
    } else {
      kind = Kind.Punct;
      // Keep surrogate pairs together.
      i += code >= 0xd800 && code <= 0xdbff && i + 1 < n ? 2 : 1;
    }
    const tokText = text.slice(start, i);
    const lower = tokText.toLowerCase();
    let cap = false;
    let upper = false;
    let nonAscii = false;
    if (kind === Kind.Word) {
      words++;
      const first = tokText[0];
      cap = first !== lower[0] || (first.toUpperCase() === first && first.toLowerCase() !== first);
      if (cap) hasCaps = true;
      upper = tokText.length > 1 && tokText === tokText.toUpperCase() && tokText !== lower;
      if (upper) upperWords++;
      for (let k = 0; k < tokText.length; k++) {
        if (tokText.charCodeAt(k) > 127) {
          nonAscii = true;
          break;
        }
      }
    }
    list.push({ kind, start, end: i, text: tokText, lower, cap, upper, nl, gap, poss, nonAscii });
    if (poss) i += 2;
    gap = 0;
    nl = false;
  }
  const result: Tokens = { text, list, hasCaps, mostlyUpper: words >= 3 && upperWords / words > 0.7 };
  lastText = text;
  lastTokens = result;
  return result;
}
