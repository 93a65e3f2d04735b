/**
 * A case-insensitive regular expression with a back-reference (`\k<q>`), rewritten to match the
 * same without flag `i`: V8 compares each back-reference of an `i` regex by calling into the case
 * mapping of its runtime (ICU), about a thousand instructions per comparison, so a lazily
 * extended quoted value (`(?<q>["'])[!-~]{16,500}?\k<q>`) paid that at every character. Without
 * `u`, flag `i` pairs an ASCII letter with its other case only (ECMAScript's Canonicalize keeps a
 * non-ASCII character whose upper case is ASCII apart), so spelling each ASCII letter as `[xX]`
 * and adding the other case of the letters in each class is the same regex.
 */

import { tokens } from './keyword-fit';

const LETTER = /[A-Za-z]/;

/**
 * `source` spelled so that it matches without flag `i` what it matched with it (and without
 * `u`), or null when it holds anything this does not understand: a non-ASCII character, a
 * `\u`/`\c`/`\p` escape or `\x` of a letter, a numbered back-reference, or a named one to a
 * group other than one class of non-letters (`(?<q>["'\x60])`), which `i` would compare in both
 * cases.
 */
export function spellCaseless(source: string): string | null {
  if (/[^\x20-\x7e\t\n\r]/.test(source) || /\\[1-9]/.test(source)) return null;
  // A back-reference compares case-insensitively under `i`: only groups that cannot capture a letter may be referred to.
  for (const [, name] of source.matchAll(/\\k<(\w+)>/g)) {
    const group = new RegExp(String.raw`\(\?<${name}>\[((?:[^\]\\]|\\.)*)\]\??\)`).exec(source);
    if (group === null || group[1].startsWith('^') || /[A-Za-z]/.test(group[1].replace(/\\x[0-9A-Fa-f]{2}/g, ''))) return null;
  }
  let out = '';
  for (const t of tokens(source)) {
    // \xHH is kept as written unless it names a letter, which flag `i` would pair with its other case.
    if (/\\[ucpP]|^\\x(?![\dA-Fa-f]{2}$)/.test(t) || (/^\\x/.test(t) && LETTER.test(String.fromCharCode(parseInt(t.slice(2), 16))))) return null;
    if (t[0] === '[') {
      // A class (or a negated one) gains the other case of each letter it names.
      const named = new RegExp(`[${t.slice(t[1] === '^' ? 2 : 1)}`);
      let extra = '';
      for (const c of 'abcdefghijklmnopqrstuvwxyz') {
        const upper = c.toUpperCase();
        if (named.test(c) !== named.test(upper)) extra += named.test(c) ? upper : c;
      }
      // First in the class, so no `-` of it makes a range of them (after a leading `-`, which stays literal).
      const head = t[1] === '^' ? 2 : 1;
      const at = t[head] === '-' ? head + 1 : head;
      out += t.slice(0, at) + extra + t.slice(at);
    } else {
      out += t.length === 1 && LETTER.test(t) ? `[${t.toLowerCase()}${t.toUpperCase()}]` : t;
    }
  }
  return out;
}
