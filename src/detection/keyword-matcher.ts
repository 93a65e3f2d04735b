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
  readonly outputs: number[][] = [];

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
    let longest = 0;
    for (const kw of keywords) longest = Math.max(longest, kw.length);
    this.context = (longest + 1) & ~1;
    const size = CHUNK + this.context;
    this.scratch = NodeBuffer === undefined ? null : NodeBuffer.alloc(2 * size);
    this.units = this.scratch === null ? new Uint16Array(size) : new Uint16Array(this.scratch.buffer, this.scratch.byteOffset, size);
    this.pairs = new Int32Array(this.units.buffer, this.units.byteOffset, this.units.length >> 1);
    // A few runs over a block of class-0 units (no hit) while the function is still interpreted
    // (V8 gives a function its feedback vector only after several calls), so the stores after
    // its loop have type feedback when V8 compiles the loop mid-scan; without it, the optimized
    // code left the loop into a deoptimization at every later call.
    for (let k = 0; k < 16; k++) collect(this.pairs, 2, 2, this.root, table, this.hits, this.counts);
  }

  /** Calls `onHit(keywordId, start)` for every occurrence, in order of the keyword's end. */
  scan(text: string, onHit: (keywordId: number, start: number) => void): void {
    const { outputs, keywords } = this;
    this.scanOutputs(text, (output, end) => {
      for (const k of outputs[output]) onHit(k, end - keywords[k].length);
    });
  }

  /**
   * Calls `onOutput(output, end)` wherever keywords end, in order of `end`: `outputs[output]` are
   * the keyword ids that end there. A caller with its own data per output needs no lookup per keyword.
   */
  scanOutputs(text: string, onOutput: (output: number, end: number) => void): void {
    if (this.keywords.length === 0) return;
    const { table, scratch, units, pairs, context, counts } = this;
    for (let base = 0; base < text.length; base += CHUNK) {
      // units[k] is the text's unit base - context + k: the chunk comes after the `context`
      // units before it (class-0 units before the text's start, which lead to the start state).
      const from = Math.max(0, base - context);
      const to = Math.min(base + CHUNK, text.length);
      const pos = from - base + context;
      units.fill(0, 0, pos);
      // The UTF-16 units are copied natively into a typed array the matcher keeps (no allocation
      // per scan): reading it involves no inner loop over string representations, and the
      // automaton loop (`collect`) makes no call.
      if (scratch !== null) scratch.write(to - from === text.length ? text : text.slice(from, to), 2 * pos, 2 * (to - from), 'utf16le');
      else for (let i = from; i < to; i++) units[pos + i - from] = text.charCodeAt(i);
      // Four streams of `seg` units (even, so they start on a pair), the last padded with units
      // of no keyword (class 0: to the start state, which ends none).
      const seg = ((to - base + 7) & ~7) >> 2;
      const n = seg + context;
      units.fill(0, pos + to - from, context + 4 * seg);
      // At most one hit per unit and stream: each stream has room for all of its own.
      if (this.hits.length < 8 * n) this.hits = new Int32Array(8 * n);
      const hits = this.hits;
      collect(pairs, seg, n, this.root, table, hits, counts);
      for (let q = 0; q < 4; q++) {
        for (let h = 2 * q * n; h < counts[q]; h += 2) {
          // A hit in the units a stream reads first is its previous stream's.
          if (hits[h] > context + q * seg) onOutput(table[hits[h + 1] - 1], base - context + hits[h]);
        }
      }
    }
  }

  /**
   * Longest keyword, rounded up to even. The automaton's state after some text is the text's
   * longest suffix that is a keyword's prefix, so reading the last `context` units from the start
   * state reaches it: each stream of `collect` starts there, `context` units before its part.
   */
  private readonly context: number;
  /** The hits of the four streams of a chunk, (end, state) pairs: stream q's from 2q·seg on. */
  private hits = new Int32Array(16);
  /** Where each stream's hits end in `hits`, after `collect`. */
  private readonly counts = new Int32Array(4);
  /**
   * The current chunk's UTF-16 units (after its context), a view of `scratch` under Node; in a
   * browser bundle of the local pass (no `Buffer`) they are copied unit by unit.
   */
  private readonly scratch: Utf16Writer | null;
  private readonly units: Uint16Array;
  /** The same units two at a time (little-endian: the first in the low half), as `collect` reads them. */
  private readonly pairs: Int32Array;
}

/** A Node `Buffer` as far as the scan uses it (the SDK's browser build has no Node types). */
type Utf16Writer = Uint8Array & { write(text: string, offset: number, length: number, encoding: 'utf16le'): number };
const NodeBuffer = (globalThis as { Buffer?: { alloc(size: number): Utf16Writer } }).Buffer;

/** UTF-16 units copied and scanned at a time. */
const CHUNK = 32768;

/** Where the DFA's rows start in KeywordMatcher's table, after the class of each UTF-16 unit. */
const ROWS = 65536;

/**
 * Runs the automaton over four streams at once, from the start state `root`: n units of `pairs`
 * from unit q·seg on, for q = 0..3. A DFA step is a load that depends on the previous one, so one
 * stream waits for each load in turn; four independent streams keep four loads in flight
 * (measured in bench/keyword-matcher.ts). Stream q's hits, (end, state) pairs, go to `hits` from
 * 2q·n on; where they end, to `counts`. Two units per load of `pairs`; the OR of the eight
 * entries tells whether any ends a keyword (an odd row offset). (`| 0`: 32-bit adds, no
 * overflow checks.)
 */
function collect(pairs: Int32Array, seg: number, n: number, root: number, table: Int32Array, hits: Int32Array, counts: Int32Array): void {
  const half = seg >> 1;
  let s0 = root;
  let s1 = root;
  let s2 = root;
  let s3 = root;
  let n0 = 0;
  let n1 = 2 * n;
  let n2 = 4 * n;
  let n3 = 6 * n;
  for (let j = 0; j < n >> 1; j = (j + 1) | 0) {
    const p0 = pairs[j];
    const p1 = pairs[(j + half) | 0];
    const p2 = pairs[(j + 2 * half) | 0];
    const p3 = pairs[(j + 3 * half) | 0];
    const a0 = table[(s0 + table[p0 & 0xffff]) | 0];
    const a1 = table[(s1 + table[p1 & 0xffff]) | 0];
    const a2 = table[(s2 + table[p2 & 0xffff]) | 0];
    const a3 = table[(s3 + table[p3 & 0xffff]) | 0];
    s0 = table[(a0 + table[p0 >>> 16]) | 0];
    s1 = table[(a1 + table[p1 >>> 16]) | 0];
    s2 = table[(a2 + table[p2 >>> 16]) | 0];
    s3 = table[(a3 + table[p3 >>> 16]) | 0];
    if (((a0 | s0 | a1 | s1 | a2 | s2 | a3 | s3) & 1) !== 0) {
      const end = 2 * j + 2;
      n0 = hit(hits, n0, end, a0, s0);
      n1 = hit(hits, n1, end + seg, a1, s1);
      n2 = hit(hits, n2, end + 2 * seg, a2, s2);
      n3 = hit(hits, n3, end + 3 * seg, a3, s3);
    }
  }
  counts[0] = n0;
  counts[1] = n1;
  counts[2] = n2;
  counts[3] = n3;
}

/** Records the hits among two consecutive units ending at `end` - 1 and `end` in the states of row offsets `x` and `y`; returns the new count. */
function hit(hits: Int32Array, n: number, end: number, x: number, y: number): number {
  if ((x & 1) !== 0) {
    hits[n] = end - 1;
    hits[n + 1] = x;
    n += 2;
  }
  if ((y & 1) !== 0) {
    hits[n] = end;
    hits[n + 1] = y;
    n += 2;
  }
  return n;
}
