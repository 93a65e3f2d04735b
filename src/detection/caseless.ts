/**
 * A case-insensitive regular expression with a back-reference (`\k<q>`), rewritten to match the
 * same without flag `i`: V8 compares each back-reference of an `i` regex by calling into the case
 * mapping of its runtime (ICU), about a thousand instructions per comparison, so a lazily
 * extended quoted value (`(?<q>["'])[!-~]{16,500}?\k<q>`) paid that at every character. Without
 * `u`, flag `i` pairs an ASCII letter with its other case only (ECMAScript's Canonicalize keeps a
 * non-ASCII character whose upper case is ASCII apart), so spelling each ASCII letter as `[xX]`
 * and adding the other case of the letters in each class is the same regex.
 */

const LETTER = /[A-Za-z]/;
const CONTROL = { b: 8, t: 9, n: 10, v: 11, f: 12, r: 13 };

/** Where `[` at `i` ends (index after its `]`), escapes minded. */
function classEnd(s: string, i: number): number {
  let j = i + 1;
  if (s[j] === '^') j++;
  while (j < s.length && s[j] !== ']') j += s[j] === '\\' ? 2 : 1;
  return j + 1;
}

/**
 * `source` spelled so that it matches without flag `i` what it matched with it (and without
 * `u`), or null when it holds anything this does not understand: a non-ASCII character, a
 * `\u`/`\c`/`\p` escape or `\x` of a letter, an unterminated class, a numbered back-reference,
 * or a named one to a group other than one class of non-letters (`(?<q>["'\x60])`), which `i`
 * would compare in both cases.
 */
export function spellCaseless(source: string): string | null {
  if (/[^\x20-\x7e\t\n\r]/.test(source) || /\\[1-9]/.test(source)) return null;
  // A back-reference compares case-insensitively under `i`: only groups that cannot capture a letter may be referred to.
  for (const [, name] of source.matchAll(/\\k<(\w+)>/g)) {
    const group = new RegExp(String.raw`\(\?<${name}>\[((?:[^\]\\]|\\.)*)\]\??\)`).exec(source);
    if (group === null || group[1].startsWith('^') || /[A-Za-z]/.test(group[1].replace(/\\x[0-9A-Fa-f]{2}/g, ''))) return null;
  }
  let out = '';
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    if (c === '\\') {
      const e = source[i + 1];
      if (e === undefined || 'ucpP'.includes(e)) return null;
      if (e === 'x') {
        // \xHH: kept as written unless it names a letter, which flag `i` would pair with its other case.
        const hex = /^[0-9A-Fa-f]{2}/.exec(source.slice(i + 2, i + 4));
        if (hex === null || LETTER.test(String.fromCharCode(parseInt(hex[0], 16)))) return null;
        out += source.slice(i, i + 4);
        i += 4;
      } else if (e === 'k') {
        const close = source.indexOf('>', i);
        if (close < 0) return null;
        out += source.slice(i, close + 1);
        i = close + 1;
      } else {
        out += c + e;
        i += 2;
      }
    } else if (c === '[') {
      const end = classEnd(source, i);
      if (end > source.length || source[end - 1] !== ']') return null;
      const body = source.slice(i + 1, end - 1);
      const extra = otherCases(body.startsWith('^') ? body.slice(1) : body);
      if (extra === null) return null;
      out += `[${body}${extra}]`;
      i = end;
    } else if (source.startsWith('(?<', i) && source[i + 3] !== '=' && source[i + 3] !== '!') {
      const close = source.indexOf('>', i);
      if (close < 0) return null;
      out += source.slice(i, close + 1);
      i = close + 1;
    } else if (LETTER.test(c)) {
      out += `[${c.toLowerCase()}${c.toUpperCase()}]`;
      i++;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** The other case of every letter a class body names, as class items ('' when none); null when not understood. */
function otherCases(body: string): string | null {
  const codes: number[] = [];
  let i = 0;
  const atom = (): number | null | undefined => {
    // A class member's code; null for a class escape (\d, \w, \s ...) that has no single code.
    const c = body[i];
    if (c !== '\\') {
      i++;
      return c.charCodeAt(0);
    }
    const e = body[i + 1];
    i += 2;
    if (e === 'x') {
      const hex = /^[0-9A-Fa-f]{2}/.exec(body.slice(i, i + 2));
      if (hex === null) return undefined;
      i += 2;
      return parseInt(hex[0], 16);
    }
    if (e !== undefined && 'dDwWsS'.includes(e)) return null;
    const control = CONTROL[e as keyof typeof CONTROL];
    if (control !== undefined) return control;
    if (e === undefined || LETTER.test(e) || /[0-9]/.test(e)) return undefined; // \u, \c, \p, back-references ...
    return e.charCodeAt(0);
  };
  let extra = '';
  while (i < body.length) {
    const lo = atom();
    if (lo === undefined) return null;
    if (lo !== null && body[i] === '-' && i + 1 < body.length) {
      i++;
      const hi = atom();
      if (hi === undefined || hi === null || hi < lo) return null;
      for (const [a, z, shift] of [[97, 122, -32], [65, 90, 32]]) {
        const from = Math.max(lo, a);
        const to = Math.min(hi, z);
        if (from <= to) extra += `${String.fromCharCode(from + shift)}-${String.fromCharCode(to + shift)}`;
      }
    } else if (lo !== null) {
      codes.push(lo);
    }
  }
  for (const code of codes) {
    const ch = String.fromCharCode(code);
    if (LETTER.test(ch)) extra += ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase();
  }
  return extra;
}
