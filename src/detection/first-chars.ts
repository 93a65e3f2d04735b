/**
 * The characters a regular expression's match can start with, read from its source, so a sticky
 * attempt at a position whose character cannot start a match is skipped without entering the
 * regex engine (about a nanosecond instead of a fraction of a microsecond). Conservative: any
 * construct it does not understand gives `null` (no filter), and a non-ASCII character in the
 * text always passes.
 */

/** By ASCII code: 1 when a match may start with that character. */
export type FirstChars = Uint8Array;

/** Whether a match of a regex with first characters `first` may start at `text[at]`. */
export function mayStart(first: FirstChars, text: string, at: number): boolean {
  const c = text.charCodeAt(at);
  return c >= 128 || first[c] === 1;
}

const DIGITS = range('0', '9');
const WORD = [...range('a', 'z'), ...range('A', 'Z'), ...DIGITS, 95];

function range(a: string, b: string): number[] {
  const out: number[] = [];
  for (let c = a.charCodeAt(0); c <= b.charCodeAt(0); c++) out.push(c);
  return out;
}

class Unknown extends Error {}

/**
 * First characters of `source` compiled with `flags`, or null when they cannot be told (the
 * regex may match the empty string, starts with `.`, `\s`, a negated class, a back-reference...).
 */
export function firstChars(source: string, flags: string): FirstChars | null {
  try {
    const set = new Set<number>();
    const end = alternatives(source, 0, set);
    if (end !== source.length) return null;
    const out = new Uint8Array(128);
    for (const c of set) {
      if (c >= 128) return null;
      out[c] = 1;
      if (flags.includes('i')) {
        const ch = String.fromCharCode(c);
        for (const v of [ch.toLowerCase(), ch.toUpperCase()]) if (v.length === 1 && v.charCodeAt(0) < 128) out[v.charCodeAt(0)] = 1;
      }
    }
    return out;
  } catch (e) {
    if (e instanceof Unknown) return null;
    throw e;
  }
}

/** Reads `a|b|...` from `i` up to an unmatched `)` or the end; adds each branch's first characters. */
function alternatives(s: string, i: number, set: Set<number>): number {
  for (;;) {
    i = branch(s, i, set);
    if (s[i] !== '|') return i;
    i++;
  }
}

/** One branch: skips zero-width assertions, then reads the first atom, which must not be optional. */
function branch(s: string, i: number, set: Set<number>): number {
  for (;;) {
    if (s[i] === '^') {
      i++;
    } else if (s[i] === '\\' && (s[i + 1] === 'b' || s[i + 1] === 'B')) {
      i += 2;
    } else if (s.startsWith('(?=', i) || s.startsWith('(?!', i) || s.startsWith('(?<=', i) || s.startsWith('(?<!', i)) {
      i = skipGroup(s, i);
      if (isQuantifier(s, i)) throw new Unknown();
    } else {
      break;
    }
  }
  if (i >= s.length || s[i] === '|' || s[i] === ')') throw new Unknown(); // an empty branch
  let next: number;
  if (s[i] === '(') {
    let inner = i + 1;
    if (s.startsWith('?:', inner)) inner += 2;
    else if (s.startsWith('?<', inner)) inner = s.indexOf('>', inner) + 1;
    else if (s[inner] === '?') throw new Unknown();
    next = alternatives(s, inner, set);
    if (s[next] !== ')') throw new Unknown();
    next++;
  } else if (s[i] === '[') {
    next = charClass(s, i, set);
  } else if (s[i] === '\\') {
    next = escape(s, i, set);
  } else if ('.$*+?{}'.includes(s[i])) {
    throw new Unknown();
  } else {
    set.add(s.charCodeAt(i));
    next = i + 1;
  }
  if (optional(s, next)) throw new Unknown();
  // Skip the rest of the branch, minding groups and classes, to the `|` or `)` that ends it.
  let j = skipQuantifier(s, next);
  while (j < s.length && s[j] !== '|' && s[j] !== ')') {
    if (s[j] === '\\') j += 2;
    else if (s[j] === '[') j = skipClass(s, j);
    else if (s[j] === '(') j = skipGroup(s, j);
    else j++;
  }
  return j;
}

function escape(s: string, i: number, set: Set<number>): number {
  const e = s[i + 1];
  if (e === 'd') DIGITS.forEach((c) => set.add(c));
  else if (e === 'w') WORD.forEach((c) => set.add(c));
  else if (e !== undefined && /[\\\-.\/$^*+?()[\]{}|:#@%&=!<>,;'"` _~]/.test(e)) set.add(e.charCodeAt(0));
  else throw new Unknown(); // \s, \D, \W, \k, \u, \x, \p, back-references, control escapes
  return i + 2;
}

/** Adds a (non-negated) character class's members; returns the index after `]`. */
function charClass(s: string, i: number, set: Set<number>): number {
  i++;
  if (s[i] === '^') throw new Unknown();
  const members: number[] = [];
  let first = true;
  while (i < s.length && (s[i] !== ']' || first)) {
    first = false;
    let c: number;
    if (s[i] === '\\') {
      const e = s[i + 1];
      if (e === 'd' || e === 'w') {
        (e === 'd' ? DIGITS : WORD).forEach((x) => members.push(x));
        i += 2;
        continue;
      }
      if (e === undefined || !/[\\\-.\/$^*+?()[\]{}|:#@%&=!<>,;'"` _~]/.test(e)) throw new Unknown();
      c = e.charCodeAt(0);
      i += 2;
    } else {
      c = s.charCodeAt(i);
      i++;
    }
    if (s[i] === '-' && s[i + 1] !== ']' && i + 1 < s.length) {
      let hi: number;
      if (s[i + 1] === '\\') {
        const e = s[i + 2];
        if (e === undefined || !/[\\\-.\/$^*+?()[\]{}|:#@%&=!<>,;'"` _~]/.test(e)) throw new Unknown();
        hi = e.charCodeAt(0);
        i += 3;
      } else {
        hi = s.charCodeAt(i + 1);
        i += 2;
      }
      if (hi < c) throw new Unknown();
      for (let x = c; x <= hi; x++) members.push(x);
    } else {
      members.push(c);
    }
  }
  if (s[i] !== ']') throw new Unknown();
  members.forEach((c) => set.add(c));
  return i + 1;
}

function skipClass(s: string, i: number): number {
  i++;
  if (s[i] === '^') i++;
  if (s[i] === ']') i++;
  while (i < s.length && s[i] !== ']') i += s[i] === '\\' ? 2 : 1;
  return i + 1;
}

/** Index after the group opening at `i`, minding nested groups, classes and escapes. */
function skipGroup(s: string, i: number): number {
  let depth = 0;
  while (i < s.length) {
    const c = s[i];
    if (c === '\\') i += 2;
    else if (c === '[') i = skipClass(s, i);
    else {
      if (c === '(') depth++;
      else if (c === ')' && --depth === 0) return i + 1;
      i++;
    }
  }
  throw new Unknown();
}

function isQuantifier(s: string, i: number): boolean {
  return s[i] === '?' || s[i] === '*' || s[i] === '+' || (s[i] === '{' && /^\{\d+(?:,\d*)?\}/.test(s.slice(i, i + 12)));
}

/** Whether the quantifier at `i` (if any) lets the atom before it match zero times. */
function optional(s: string, i: number): boolean {
  if (s[i] === '?' || s[i] === '*') return true;
  if (s[i] === '{') {
    const m = /^\{(\d+)(?:,\d*)?\}/.exec(s.slice(i, i + 12));
    return m !== null && Number(m[1]) === 0;
  }
  return false;
}

function skipQuantifier(s: string, i: number): number {
  if (s[i] === '+') i++;
  else if (s[i] === '{') {
    const m = /^\{\d+(?:,\d*)?\}/.exec(s.slice(i, i + 12));
    if (m) i += m[0].length;
  }
  if (s[i] === '?') i++; // lazy
  return i;
}
