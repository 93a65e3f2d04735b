/**
 * Aho-Corasick automaton over all recognizer keywords, compiled to a dense DFA, so one pass over
 * the text finds every keyword occurrence of every recognizer. ASCII letters match
 * case-insensitively (the alphabet folds A-Z onto a-z), so the text need not be lower-cased
 * for the prefilter.
 */
export class KeywordMatcher {
  readonly keywords: readonly string[];
  private readonly classOf: Uint16Array;
  private readonly width: number;
  /** Dense DFA table, row-major; 16-bit entries keep it small enough for the CPU cache. */
  private readonly delta: Uint16Array | Uint32Array;
  /** 1 where a state ends at least one keyword. */
  private readonly accepting: Uint8Array;
  /** For each state, the keyword ids that end there (including via failure links), or null. */
  private readonly outputs: (number[] | null)[];

  constructor(keywords: readonly string[]) {
    this.keywords = keywords;
    const classOf = new Uint16Array(65536);
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
    this.width = width;
    this.delta = states < 65536 ? Uint16Array.from(delta) : Uint32Array.from(delta);
    this.accepting = new Uint8Array(states);
    for (let st = 0; st < states; st++) if (outputs[st] !== null) this.accepting[st] = 1;
    this.outputs = outputs;
  }

  /** Whether the matcher has any keyword at all (an empty one never needs to scan). */
  get empty(): boolean {
    return this.keywords.length === 0;
  }

  /** Calls `onHit(keywordId, start)` for every occurrence, in order of the keyword's end. */
  scan(text: string, onHit: (keywordId: number, start: number) => void): void {
    if (this.keywords.length === 0) return;
    const { classOf, delta, width, accepting, outputs, keywords } = this;
    let s = 0;
    const n = text.length;
    for (let i = 0; i < n; i++) {
      s = delta[s * width + classOf[text.charCodeAt(i)]];
      if (accepting[s] === 1) {
        const out = outputs[s]!;
        for (let k = 0; k < out.length; k++) onHit(out[k], i + 1 - keywords[out[k]].length);
      }
    }
  }
}
