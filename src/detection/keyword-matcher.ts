/**
 * Aho-Corasick automaton over all recognizer keywords, compiled to a dense DFA, so one pass over
 * the text finds every keyword occurrence of every recognizer. ASCII letters match
 * case-insensitively (the alphabet folds A-Z onto a-z), so the text need not be lower-cased
 * for the prefilter.
 */
export class KeywordMatcher {
  readonly keywords: readonly string[];
  /**
   * One table, so the scan loop checks one typed array's map per unit instead of two: first the
   * character class of each UTF-16 code unit (0: in no keyword) at [0, 65536), then the dense DFA,
   * row-major, one row of `width` entries per state from ROWS on. An entry holds the next state's
   * row offset, not its number, and that offset is odd exactly when the state ends a keyword; so
   * the scan loop does two loads and an add per character, and tests the low bit of four entries
   * at once (measured in bench/keyword-matcher.ts). 32-bit: the fastest loads.
   */
  private readonly table: Int32Array;
  /** Row offset of the start state. */
  private readonly root: number;
  /**
   * The keyword ids that end in a state (including via failure links), by the index held in the
   * entry just before its row (a state ending a keyword has that one entry more, so a hit needs no
   * hash lookup).
   */
  private readonly outputs: number[][] = [];

  constructor(keywords: readonly string[]) {
    this.keywords = keywords;
    const classOf = new Int32Array(65536);
    let nextClass = 1;
    for (const kw of keywords) {
      for (let i = 0; i < kw.length; i++) {
        const code = kw.charCodeAt(i);
        if (classOf[code] !== 0) continue;
        const cls = nextClass++;
        classOf[code] = cls;
        const upper = kw[i].toUpperCase();
        if (upper.length === 1 && upper.charCodeAt(0) !== code) classOf[upper.charCodeAt(0)] = cls;
      }
    }
    const width = nextClass;

    // Trie.
    const children: Map<number, number>[] = [new Map()];
    const terminal: number[][] = [[]];
    keywords.forEach((kw, id) => {
      let s = 0;
      for (let i = 0; i < kw.length; i++) {
        const cls = classOf[kw.charCodeAt(i)];
        let next = children[s].get(cls);
        if (next === undefined) {
          next = children.length;
          children.push(new Map());
          terminal.push([]);
          children[s].set(cls, next);
        }
        s = next;
      }
      terminal[s].push(id);
    });

    // Breadth-first failure links, filled straight into the DFA table.
    const states = children.length;
    const delta = new Int32Array(states * width);
    const fail = new Int32Array(states);
    const outputs: (number[] | null)[] = new Array(states).fill(null);
    const queue: number[] = [];
    for (let cls = 0; cls < width; cls++) {
      const next = children[0].get(cls);
      if (next !== undefined) {
        delta[cls] = next;
        fail[next] = 0;
        queue.push(next);
      }
    }
    if (terminal[0].length) outputs[0] = terminal[0].slice();
    for (let q = 0; q < queue.length; q++) {
      const s = queue[q];
      const own = terminal[s];
      const inherited = outputs[fail[s]];
      if (own.length || inherited) outputs[s] = [...own, ...(inherited ?? [])];
      for (let cls = 0; cls < width; cls++) {
        const next = children[s].get(cls);
        if (next !== undefined) {
          fail[next] = delta[fail[s] * width + cls];
          delta[s * width + cls] = next;
          queue.push(next);
        } else {
          delta[s * width + cls] = delta[fail[s] * width + cls];
        }
      }
    }
    // Row offsets: odd for the states that end a keyword, even for the others (a gap of one
    // entry where the parity would not fit), so an entry tells both where to go and whether a
    // keyword ends there. A state that ends one has an entry before its row: see `outputs`.
    const row = new Int32Array(states);
    let at = ROWS;
    for (let st = 0; st < states; st++) {
      if (outputs[st] !== null) at++;
      if ((at & 1) !== (outputs[st] === null ? 0 : 1)) at++;
      row[st] = at;
      at += width;
    }
    const table = new Int32Array(at);
    table.set(classOf);
    for (let st = 0; st < states; st++) {
      for (let cls = 0; cls < width; cls++) table[row[st] + cls] = row[delta[st * width + cls]];
      if (outputs[st] !== null) table[row[st] - 1] = this.outputs.push(outputs[st]!) - 1;
    }
    this.table = table;
    this.root = row[0];
    // A few runs over a block of class-0 units (no hit) while the function is still interpreted
    // (V8 gives a function its feedback vector only after several calls), so the stores after
    // its loop have type feedback when V8 compiles the loop mid-scan; without it, the optimized
    // code left the loop into a deoptimization at every later call.
    for (let k = 0; k < 16; k++) collect(this.pairs, 0, 8, this.root, table, this.hits);
  }

  /** Calls `onHit(keywordId, start)` for every occurrence, in order of the keyword's end. */
  scan(text: string, onHit: (keywordId: number, start: number) => void): void {
    if (this.keywords.length === 0) return;
    const { outputs, keywords, hits, table } = this;
    // The UTF-16 units are copied natively, a chunk at a time, into a typed array the matcher
    // keeps (no allocation per scan): reading it involves no inner loop over string
    // representations, and the automaton loop (`collect`) makes no call, so it runs about a
    // sixth fewer instructions per unit than `charCodeAt` with a callback.
    const { scratch, units } = this;
    let state = this.root;
    for (let base = 0; base < text.length; base += CHUNK) {
      const len = Math.min(CHUNK, text.length - base);
      if (scratch !== null) scratch.write(len === text.length ? text : text.slice(base, base + len), 0, 2 * len, 'utf16le');
      else for (let i = 0; i < len; i++) units[i] = text.charCodeAt(base + i);
      // `collect` takes four units per step: the last chunk is padded with units of no
      // keyword (class 0: to the root state, which ends none), so no code runs for a remainder.
      const padded = (len + 3) & ~3;
      units.fill(0, len, padded);
      let from = 0;
      while (from < padded) {
        const count = collect(this.pairs, from, padded, state, table, hits);
        for (let h = 0; h < count; h += 2) {
          const end = base + hits[h];
          const out = outputs[table[hits[h + 1] - 1]];
          for (let k = 0; k < out.length; k++) onHit(out[k], end - keywords[out[k]].length);
        }
        from = hits[hits.length - 2];
        state = hits[hits.length - 1];
      }
    }
  }

  /** End offset (in the chunk) and state (row offset) of each hit of a chunk, as pairs; then the position and state where `collect` stopped. */
  private readonly hits = new Int32Array(2050);
  /**
   * The current chunk's UTF-16 units, a view of `scratch` under Node; in a browser bundle of the
   * local pass (no `Buffer`) they are copied unit by unit.
   */
  private readonly scratch: Utf16Writer | null = NodeBuffer === undefined ? null : NodeBuffer.alloc(2 * CHUNK);
  private readonly units = this.scratch === null ? new Uint16Array(CHUNK) : new Uint16Array(this.scratch.buffer, this.scratch.byteOffset, CHUNK);
  /** The same units two at a time (little-endian: the first in the low half), as `collect` reads them. */
  private readonly pairs = new Int32Array(this.units.buffer, this.units.byteOffset, CHUNK >> 1);
}

/** A Node `Buffer` as far as the scan uses it (the SDK's browser build has no Node types). */
type Utf16Writer = Uint8Array & { write(text: string, offset: number, length: number, encoding: 'utf16le'): number };
const NodeBuffer = (globalThis as { Buffer?: { alloc(size: number): Utf16Writer } }).Buffer;

/** UTF-16 units copied and scanned at a time. */
const CHUNK = 32768;

/** Where the DFA's rows start in KeywordMatcher's table, after the class of each UTF-16 unit. */
const ROWS = 65536;

/**
 * Runs the automaton over the units [from, n) of `pairs` from state `state`, `from` and n multiples of four, until `n`
 * or until `hits` has no room for four more pairs, and returns the number of pair entries; the
 * position and the state where it stopped go to the last two entries of `hits`. Four units per
 * step: straight-line code in which V8 checks each typed array once, not once per unit; the OR of
 * the four entries tells whether any of them ends a keyword (an odd row offset). (`| 0`: 32-bit
 * adds, no overflow checks.)
 */
function collect(pairs: Int32Array, from: number, n: number, state: number, table: Int32Array, hits: Int32Array): number {
  const cap = hits.length - 2;
  let s = state;
  let count = 0;
  let i = from;
  while (i < n && count <= cap - 8) {
    // Two units per load: one bounds check instead of two.
    const j = i >> 1;
    const p0 = pairs[j];
    const p1 = pairs[(j + 1) | 0];
    const t0 = table[(s + table[p0 & 0xffff]) | 0];
    const t1 = table[(t0 + table[p0 >>> 16]) | 0];
    const t2 = table[(t1 + table[p1 & 0xffff]) | 0];
    const t3 = table[(t2 + table[p1 >>> 16]) | 0];
    s = t3;
    if (((t0 | t1 | t2 | t3) & 1) !== 0) {
      if ((t0 & 1) !== 0) count = hit(hits, count, i + 1, t0);
      if ((t1 & 1) !== 0) count = hit(hits, count, i + 2, t1);
      if ((t2 & 1) !== 0) count = hit(hits, count, i + 3, t2);
      if ((t3 & 1) !== 0) count = hit(hits, count, i + 4, t3);
    }
    i = (i + 4) | 0;
  }
  hits[cap] = i;
  hits[cap + 1] = s;
  return count;
}

/** Records a hit ending at `end` in the state of row offset `row`; returns the new count. */
function hit(hits: Int32Array, count: number, end: number, row: number): number {
  hits[count] = end;
  hits[count + 1] = row;
  return count + 2;
}
