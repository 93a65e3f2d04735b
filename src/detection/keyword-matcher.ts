/**
 * Aho-Corasick automaton over all recognizer keywords, compiled to a dense DFA, so one pass over
 * the text finds every keyword occurrence of every recognizer. ASCII letters match
 * case-insensitively (the alphabet folds A-Z onto a-z), so the text need not be lower-cased
 * for the prefilter.
 */
export class KeywordMatcher {
  readonly keywords: readonly string[];
  /** Character class of each UTF-16 code unit (0: in no keyword). 32-bit: the fastest loads. */
  private readonly classOf: Int32Array;
  /**
   * Dense DFA table, row-major, one row of `width` entries per state. An entry holds the next
   * state's row offset (state * width), not its number, and is stored bit-inverted (negative)
   * when that state ends a keyword; so the scan loop does two loads, an add and a sign test per
   * character (measured in bench/keyword-matcher.ts).
   */
  private readonly delta: Int32Array;
  /** By row offset: the keyword ids that end in that state (including via failure links). */
  private readonly outputs: Map<number, number[]>;

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
    this.classOf = classOf;
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
    for (let i = 0; i < delta.length; i++) {
      const next = delta[i];
      delta[i] = outputs[next] === null ? next * width : ~(next * width);
    }
    this.delta = delta;
    this.outputs = new Map();
    for (let st = 0; st < states; st++) if (outputs[st] !== null) this.outputs.set(st * width, outputs[st]!);
  }

  /** Whether the matcher has any keyword at all (an empty one never needs to scan). */
  get empty(): boolean {
    return this.keywords.length === 0;
  }

  /** Calls `onHit(keywordId, start)` for every occurrence, in order of the keyword's end. */
  scan(text: string, onHit: (keywordId: number, start: number) => void): void {
    if (this.keywords.length === 0) return;
    const { classOf, delta, outputs, keywords } = this;
    let s = 0;
    const n = text.length;
    for (let i = 0; i < n; i++) {
      s = delta[s + classOf[text.charCodeAt(i)]];
      if (s < 0) {
        s = ~s;
        const out = outputs.get(s)!;
        for (let k = 0; k < out.length; k++) onHit(out[k], i + 1 - keywords[out[k]].length);
      }
    }
  }
}
