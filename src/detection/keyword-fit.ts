/**
 * Whether a pattern of a `start` recognizer can match where one of its keywords begins, and if so
 * which characters may follow the keyword there, read from the pattern's source when the plan is
 * made. A `start` recognizer tries every pattern at every start of every keyword, and most tries
 * fail right after the keyword (`--pass` is no `<pass>`, `password,` no `password =`): a pattern
 * that cannot follow a keyword, or not the character after it, is not tried there.
 *
 * The source is read as a language of strings, over-approximated: lookarounds and word
 * boundaries pass, a back-reference gives no verdict (it may match anything), any
 * character class may match any non-ASCII character. So a verdict "cannot match" is sound; a
 * construct this does not read gives no verdict (every character may follow).
 */

/**
 * A set of characters as bits: ASCII code c is bit c % 32 of word c >> 5; bit 0 of word 4 stands
 * for the non-ASCII characters (always set).
 */
export type Chars = Int32Array;

/** Whether `set` holds character `c` (an ASCII code, or 128 for any non-ASCII one). */
export const holds = (set: Chars, c: number) => ((set[c >> 5] >>> (c & 31)) & 1) === 1;

/**
 * A regex read by `parse`: one character of a set, alternatives (each a sequence), a repeat, a
 * zero-width assertion, or a back-reference (any text).
 */
type Node = Chars | Node[][] | { node: Node; min: number; max: number } | typeof ZERO | typeof ANY;
const ZERO = 0;
const ANY = 1;

class Unknown extends Error {}

/**
 * One token of a source without flag `u`: an escape (a back-reference, `\b`, `\cX`, `\xHH`,
 * `\uHHHH` or one character), a class, a group's opening or closing, `|`, `^`, `$`, a
 * quantifier (lazy or not), or any other character.
 */
const TOKEN = /\\(?:k<[^>]*>|\d+|c[A-Za-z]|x[\dA-Fa-f]{2}|u[\dA-Fa-f]{4}|[^c])|\[(?:\\[\s\S]|[^\]\\])*\]|\((?:\?(?:<?[=!]|:|<[^>]*>))?|(?:[*+?]|\{\d+(?:,\d*)?\})\??|[\s\S]/y;

function token(source: string, at: number): string {
  TOKEN.lastIndex = at;
  return TOKEN.exec(source)![0];
}

/** Sets of one-character tokens read so far, by flags and token (each is read by the regex engine itself, once). */
const SETS = new Map<string, Chars>();

/** `source` (flags without `u` or `v`) read as a Node; throws where it reads what it does not understand. */
function parse(source: string, flags: string): Node[][] {
  let i = 0;
  const alternatives = (): Node[][] => {
    const alts = [sequence()];
    while (source[i] === '|') {
      i++;
      alts.push(sequence());
    }
    return alts;
  };
  const sequence = (): Node[] => {
    const items: Node[] = [];
    while (i < source.length && source[i] !== '|' && source[i] !== ')') {
      const t = token(source, i);
      i += t.length;
      let node: Node;
      if (t[0] === '(') {
        const inner = alternatives();
        if (source[i++] !== ')') throw new Unknown();
        node = /^\(\?<?[=!]/.test(t) ? ZERO : inner;
      } else if (/^(?:[*+?]|\{\d)/.test(t)) {
        throw new Unknown(); // a quantifier of nothing (`(?i:`, say)
      } else if (/^(?:[$^]|\\[bB])$/.test(t)) {
        node = ZERO;
      } else if (/^\\[k\d]/.test(t)) {
        node = ANY;
      } else {
        const key = flags + t;
        let set = SETS.get(key);
        if (set === undefined) {
          const re = new RegExp(t, flags);
          set = Int32Array.of(0, 0, 0, 0, 1);
          for (let c = 0; c < 128; c++) if (re.test(String.fromCharCode(c))) set[c >> 5] |= 1 << (c & 31);
          SETS.set(key, set);
        }
        node = set;
      }
      const q = /^(?:([*+?])|\{(\d+)(,(\d*))?\})\??$/.exec(i < source.length ? token(source, i) : '');
      if (q !== null) {
        i += q[0].length;
        const min = q[1] === '+' ? 1 : q[1] ? 0 : +q[2];
        const max = q[1] === '?' ? 1 : q[1] || q[4] === '' ? Infinity : +(q[4] ?? q[2]);
        if (node !== ZERO && node !== ANY) node = { node, min, max };
      }
      items.push(node);
    }
    return items;
  };
  const root = alternatives();
  if (i !== source.length) throw new Unknown();
  return root;
}

/** Work allowed per keyword and pattern (steps of `follow`), so a regex of deeply nested repeats is left unread. */
const BUDGET = 20000;

/**
 * What may follow each keyword where a match of the regex `source` begins with it: null when
 * anything may (or when that cannot be told), else the ASCII characters that may (none: the regex
 * cannot match there). A keyword is given by the text's code units each of its characters stands
 * for (the keyword automaton's case variants, any non-ASCII one as 128), at most 30 (positions
 * are bits of a 32-bit number).
 */
export function keywordFits(source: string, flags: string, keywords: number[][][]): (Chars | null)[] {
  let root: Node;
  try {
    if (/[uv]/.test(flags)) throw new Unknown();
    root = parse(source, flags.replace(/[gyd]/g, ''));
  } catch {
    // Not read (or not a regex of its own: the engine's own check reports that).
    return keywords.map(() => null);
  }
  return keywords.map((at) => {
    const n = at.length;
    const next = new Int32Array(4);
    let steps = 0;
    /**
     * The positions (bits 0..n) where `node` may end a match begun at the positions `from`; a
     * node that may begin at position n adds the characters it may begin with to `next`.
     */
    const follow = (node: Node, from: number): number => {
      if (from === 0 || node === ZERO) return from;
      // A back-reference may match anything: so may what follows the keyword.
      if (++steps > BUDGET || node === ANY) throw new Unknown();
      if (node instanceof Int32Array) {
        let to = 0;
        // Each position of `from` before n, lowest first.
        for (let f = from & ((1 << n) - 1); f !== 0; f &= f - 1) {
          const p = 31 - Math.clz32(f & -f);
          for (const u of at[p]) {
            if (holds(node, u)) {
              to |= 2 << p;
              break;
            }
          }
        }
        if ((from >> n) & 1) for (let w = 0; w < 4; w++) next[w] |= node[w];
        return to;
      }
      if (Array.isArray(node)) {
        let to = 0;
        for (const seq of node) {
          let f = from;
          for (let j = 0; j < seq.length && f !== 0; j++) f = follow(seq[j], f);
          to |= f;
        }
        return to;
      }
      // A repeat: counts from `min` on add their ends; a count that ends where the one before
      // did ends there at every later count (the same step from the same positions).
      let cur = from;
      let to = node.min === 0 ? from : 0;
      for (let k = 1; k <= node.max && cur !== 0; k++) {
        const after = follow(node.node, cur);
        if (after === cur) return to | cur;
        cur = after;
        if (k >= node.min) to |= cur;
      }
      return to;
    };
    try {
      // A match that may end within the keyword (or at its end) may be followed by anything.
      return follow(root, 1) !== 0 ? null : next;
    } catch {
      return null;
    }
  });
}

/** The tokens of `source` (see TOKEN). */
export function tokens(source: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < source.length; i += out[out.length - 1].length) out.push(token(source, i));
  return out;
}

/** The number of top-level alternatives of `source` (read by tokens, as `parse` reads it). */
export function branches(source: string): number {
  let depth = 0;
  let n = 1;
  for (const t of tokens(source)) {
    if (t[0] === '(') depth++;
    else if (t === ')') depth--;
    else if (t === '|' && depth === 0) n++;
  }
  return n;
}

/**
 * Which patterns of a `start` recognizer that tries the keyword start alone may match there, by
 * the keyword and the character after it. Keywords with the same length and the same verdicts
 * share a class. Worked out once per recognizer when it is compiled (compile.ts), for every plan.
 */
export interface StartFit {
  /** By keyword: its class. */
  classOf: Map<string, number>;
  /** By class: the length of the keyword read (at most 30, see keywordFits); the character after it is checked. */
  length: Int32Array;
  /**
   * By pattern: for each class 129 entries, by ASCII code of that character (128: any other, or
   * none), 1 when the pattern may match; null when it may after every keyword.
   */
  next: (Uint8Array | null)[];
}

/**
 * The text's code units that a keyword's unit `code` stands for, as keywordFits reads them
 * (non-ASCII ones as 128): the keyword automaton matches a keyword's character and its upper
 * case, and the only non-ASCII characters whose upper case is ASCII are those of I and S.
 */
function units(code: number): number[] {
  const c = String.fromCharCode(code);
  return [c, c.toUpperCase(), c.toLowerCase(), c === 'I' || c === 'S' ? '\x80' : c].map((x) => Math.min(x.charCodeAt(0), 128));
}

/** The fit of the (sticky) `patterns` of a `start` recognizer with `keywords` that tries the keyword start alone. */
export function startFit(keywords: string[], patterns: RegExp[]): StartFit {
  keywords = [...new Set(keywords)];
  // By pattern, by keyword: what may follow the keyword (null: anything).
  const read = keywords.map((kw) => [...kw.slice(0, 30)].map((c) => units(c.charCodeAt(0))));
  const verdicts = patterns.map((re) => keywordFits(re.source, re.flags, read));
  const classOf = new Map<string, number>();
  const byKey = new Map<string, number>();
  const length: number[] = [];
  const tables: (Chars | null)[][] = [];
  keywords.forEach((kw, k) => {
    const len = read[k].length;
    const key = len + verdicts.map((v) => v[k]?.join() ?? '-').join(';');
    let c = byKey.get(key);
    if (c === undefined) {
      byKey.set(key, (c = length.push(len) - 1));
      tables.push(verdicts.map((v) => v[k]));
    }
    classOf.set(kw, c);
  });
  const next = patterns.map((_, i) => {
    if (tables.every((t) => t[i] === null)) return null;
    const all = new Uint8Array(129 * tables.length).fill(1);
    tables.forEach((t, k) => {
      for (let c = 0; c < 128; c++) all[129 * k + c] = +(t[i] === null || holds(t[i]!, c));
    });
    return all;
  });
  return { classOf, length: Int32Array.from(length), next };
}
