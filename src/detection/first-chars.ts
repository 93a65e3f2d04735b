/**
 * The characters a regular expression's match can start with, read from its source, so a sticky
 * attempt at a position whose character cannot start a match is skipped without entering the
 * regex engine (about a nanosecond instead of a fraction of a microsecond). Conservative: any
 * construct it does not understand gives `null` (no filter), and a non-ASCII character in the
 * text always passes.
 */

/**
 * By ASCII code: 1 when a match may start with that character; entry 128 is 1 when a match can
 * only start where no ASCII word character precedes it (the regex opens with `\b` before word
 * characters, or with a negative lookbehind for `\w`).
 */
export type FirstChars = Uint8Array;

const WORD_START = 128;
/** By ASCII code: 1 for a word character (`\w`). */
export const IS_WORD = new Uint8Array(128);

/** Whether a match of a regex with first characters `first` may start at `text[at]`. */
export function mayStart(first: FirstChars, text: string, at: number): boolean {
  const c = text.charCodeAt(at);
  if (c < 128 && first[c] === 0) return false;
  if (first[WORD_START] === 1 && at > 0) {
    const b = text.charCodeAt(at - 1);
    if (b < 128 && IS_WORD[b] === 1) return false;
  }
  return true;
}

/**
 * Whether every match starts with an ASCII word character that no word character precedes (a
 * leading negative lookbehind for `\w`): then `\b` holds at its start too, and a global scan led
 * by `\b` rejects most positions at once, where a lookbehind is evaluated at each (about 10-15 %
 * faster on digit-led patterns).
 */
export function wordLed(first: FirstChars | null): boolean {
  return first !== null && first[WORD_START] === 1 && first.every((v, c) => c >= WORD_START || v === 0 || IS_WORD[c] === 1);
}

const DIGITS = range('0', '9');
const WORD = [...range('a', 'z'), ...range('A', 'Z'), ...DIGITS, 95];
for (const c of WORD) IS_WORD[c] = 1;

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
  const lead = leadingWordStart(source);
  const out = new Uint8Array(WORD_START + 1);
  try {
    const set = new Set<number>();
    const end = alternatives(source, 0, set);
    if (end !== source.length) throw new Unknown();
    for (const c of set) {
      if (c >= 128) throw new Unknown();
      out[c] = 1;
      if (flags.includes('i')) {
        const ch = String.fromCharCode(c);
        for (const v of [ch.toLowerCase(), ch.toUpperCase()]) if (v.length === 1 && v.charCodeAt(0) < 128) out[v.charCodeAt(0)] = 1;
      }
    }
    // `\b` before a word character: the character before is not one.
    if (lead === 'lookbehind' || (lead === 'boundary' && [...set].every((c) => IS_WORD[c] === 1))) out[WORD_START] = 1;
    return out;
  } catch (e) {
    if (!(e instanceof Unknown)) throw e;
    if (lead !== 'lookbehind') return null;
    out.fill(1);
    return out;
  }
}

/**
 * What the source's leading assertions say about the character before a match: `lookbehind`
 * when a negative lookbehind whose first alternative is one character class holding `\w` rules
 * out a word character there (`(?<![\w.-])`, `(?<![\w-]|\d )`); `boundary` when it opens with
 * `\b`; null otherwise.
 */
function leadingWordStart(s: string): 'lookbehind' | 'boundary' | null {
  // A top-level alternation: the leading assertions belong to its first branch only.
  for (let j = 0; j < s.length; ) {
    if (s[j] === '|') return null;
    if (s[j] === '\\') j += 2;
    else if (s[j] === '[') j = skipClass(s, j);
    else if (s[j] === '(') j = skipGroup(s, j);
    else j++;
  }
  let boundary = false;
  let i = 0;
  for (;;) {
    if (s.startsWith('\\b', i)) {
      boundary = true;
      i += 2;
    } else if (s.startsWith('(?<![', i) && s[i + 5] !== '^') {
      const end = skipClass(s, i + 4);
      if ((s[end] === '|' || s[end] === ')') && s.slice(i + 4, end).includes('\\w')) return 'lookbehind';
      return boundary ? 'boundary' : null;
    } else {
      return boundary ? 'boundary' : null;
    }
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
  let next: number;
  // The first atom, and the ones after it while the atoms before may match nothing.
  for (;;) {
    if (i >= s.length || s[i] === '|' || s[i] === ')') throw new Unknown(); // a branch that may be empty
    if (s[i] === '(') {
      let inner = i + 1;
      if (s.startsWith('?:', inner)) inner += 2;
      else if (s.startsWith('?<', inner) && s[inner + 2] !== '=' && s[inner + 2] !== '!') inner = s.indexOf('>', inner) + 1;
      else if (s[inner] === '?') throw new Unknown();
      next = alternatives(s, inner, set);
      if (s[next] !== ')') throw new Unknown();
      next++;
    } else if (s[i] === '[') {
      next = charClass(s, i, set);
    } else if (s[i] === '\\') {
      if (s[i + 1] === 'b' || s[i + 1] === 'B') throw new Unknown();
      next = escape(s, i, set);
    } else if ('.$^*+?{}'.includes(s[i])) {
      throw new Unknown();
    } else {
      set.add(s.charCodeAt(i));
      next = i + 1;
    }
    if (!optional(s, next)) break;
    i = skipOptional(s, next);
  }
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

/** Index after the quantifier at `i` that lets its atom match zero times (`?`, `*`, `{0,n}`), lazy mark included. */
function skipOptional(s: string, i: number): number {
  if (s[i] === '?' || s[i] === '*') i++;
  else i += /^\{\d+(?:,\d*)?\}/.exec(s.slice(i, i + 12))![0].length;
  if (s[i] === '?') i++;
  return i;
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
