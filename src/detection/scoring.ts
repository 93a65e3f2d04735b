/**
 * Turning a pattern match into a finding: the reported span, allow list, validator, negative
 * context, context boost and minimum score, cheapest checks first.
 */
import type { CompiledPattern, CompiledRecognizer } from './compile';
import type { Finding, Validator } from './types';

const NEGATIVE_WINDOW = 24;

/**
 * A score per span [start, end), in an open-addressing table of typed arrays (linear probing, at
 * most half full). It replaced a `Map` from start to [end, score] lists: a hash-table entry and a
 * small array per span, and a map grown entry by entry to tens of thousands on a large text.
 */
class SpanScores {
  /** Per slot: the span's start (-1: empty), its end and its score. */
  private starts = new Int32Array(64).fill(-1);
  private ends = new Int32Array(64);
  private scores = new Float64Array(64);
  private size = 0;

  /** The score of the span, or -1 when it has none. */
  get(start: number, end: number): number {
    const i = this.slot(start, end);
    return this.starts[i] === -1 ? -1 : this.scores[i];
  }

  /** Sets the span's score to `score` unless it holds one at least as high. */
  raise(start: number, end: number, score: number): void {
    let i = this.slot(start, end);
    if (this.starts[i] !== -1) {
      if (!(this.scores[i] >= score)) this.scores[i] = score;
      return;
    }
    if (2 * ++this.size > this.starts.length) {
      this.grow();
      i = this.slot(start, end);
    }
    this.starts[i] = start;
    this.ends[i] = end;
    this.scores[i] = score;
  }

  /** The span's slot, or the empty slot where it would go. */
  private slot(start: number, end: number): number {
    const { starts, ends } = this;
    const mask = starts.length - 1;
    let i = (Math.imul(start, 0x9e3779b1) ^ end) & mask;
    while (starts[i] !== -1 && (starts[i] !== start || ends[i] !== end)) i = (i + 1) & mask;
    return i;
  }

  private grow(): void {
    const { starts, ends, scores } = this;
    this.starts = new Int32Array(starts.length * 2).fill(-1);
    this.ends = new Int32Array(starts.length * 2);
    this.scores = new Float64Array(starts.length * 2);
    for (let j = 0; j < starts.length; j++) {
      if (starts[j] === -1) continue;
      const i = this.slot(starts[j], ends[j]);
      this.starts[i] = starts[j];
      this.ends[i] = ends[j];
      this.scores[i] = scores[j];
    }
  }
}

/** What one scan remembers across recognizers: accepted secret spans and validator verdicts. */
export class ScanState {
  /**
   * Best score accepted so far in this scan per span of a SECRETS finding (see SpanScores). A
   * token assigned to `token=` is a candidate of its vendor's recognizer and of the generic ones;
   * recognizers run in priority order, and a later candidate on the same span that cannot score
   * higher than one accepted never survives overlap resolution (higher score, then longer span,
   * then earlier recognizer win), so its validator is skipped. Secret types only: contextual
   * detectors read the other candidates.
   */
  private readonly secretSpans = new SpanScores();
  /**
   * Verdicts of each validator on the values it saw in this scan: validators are pure functions
   * of the value, and a text often repeats a value (the same key on every line of a log, a card
   * number in every row of an export), so each distinct value is validated once.
   */
  private readonly verdicts = new Map<Validator, Map<string, boolean>>();

  bestSecret(start: number, end: number): number {
    return this.secretSpans.get(start, end);
  }

  raiseSecret(start: number, end: number, score: number): void {
    this.secretSpans.raise(start, end, score);
  }

  valid(validator: Validator, value: string): boolean {
    let seen = this.verdicts.get(validator);
    if (seen === undefined) this.verdicts.set(validator, (seen = new Map()));
    let ok = seen.get(value);
    if (ok === undefined) seen.set(value, (ok = validator(value)));
    return ok;
  }
}

/** Scores a match of pattern `p` of `cr` on `text`; pushes a finding when it passes. */
export function consider(text: string, cr: CompiledRecognizer, p: CompiledPattern, m: RegExpExecArray, state: ScanState, out: Finding[]): void {
  // The reported value: the pattern's group, or the whole match (the match's own strings, not new slices).
  const value = p.group ? m[p.groupIndex] : m[0];
  if (!value) return; // the group did not take part, or matched nothing
  let start = m.index;
  if (p.group) {
    // Without flag `d` a match has no group offsets. When the value occurs once in the match its
    // offset is certain; otherwise the `d` twin re-runs at the same position (same match,
    // deterministic) and reports it.
    const at = m[0].indexOf(value);
    if (at >= 0 && m[0].indexOf(value, at + 1) < 0) start += at;
    else {
      const re = p.indices!;
      re.lastIndex = start;
      const span = re.exec(text)?.indices?.[p.groupIndex];
      if (!span) return;
      start = span[0];
    }
  }
  const end = start + value.length;
  // Cheapest checks first: the validator is a pure function, context needs a regex search.
  const best = p.score + (cr.contextRe !== null ? cr.boost : 0);
  if (best < cr.minScore) return;
  if (cr.secret && state.bestSecret(start, end) >= Math.min(1, best)) return;
  if (cr.allow.size > 0 && cr.allow.has(value.toLowerCase())) return;
  if (cr.validator && !state.valid(cr.validator, value)) return;
  if (cr.negativeRe !== null && hasWord(text, start - NEGATIVE_WINDOW, start, cr.negativeRe)) return;
  let score = p.score;
  if (cr.contextRe !== null && score < 1) {
    // After the value, only its own line: a label on the next line belongs to the next value.
    if (hasWord(text, start - cr.before, start, cr.contextRe) || hasWord(text, end, lineEndBefore(text, end, end + cr.after), cr.contextRe)) {
      score = Math.min(1, score + cr.boost);
    }
  }
  if (score < cr.minScore) return;
  if (cr.secret) state.raiseSecret(start, end, score);
  out.push({ type: cr.type, dataTypes: cr.dataTypes, start, end, score: Math.round(score * 1000) / 1000, recognizer: cr.id });
}

/**
 * The first line break in [from, to), or `to`: read unit by unit, since `indexOf` would read on to
 * the next line break anywhere in the text (all of it, once per candidate, on one long line).
 */
function lineEndBefore(text: string, from: number, to: number): number {
  const stop = Math.min(to, text.length);
  for (let k = from; k < stop; k++) if (text.charCodeAt(k) === 10) return k;
  return to;
}

const WORD_START = /^[\p{L}\p{N}]/u;

/** `WORD_START.test(s)`, without the regex for ASCII (a Unicode class is a call into the runtime per test). */
function startsWithWordChar(s: string): boolean {
  const c = s.charCodeAt(0);
  if (c < 128) return (c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 122);
  return WORD_START.test(s);
}

/**
 * One case-insensitive regex for a list of context words, longest first so the regex engine
 * dispatches on the first character. Words of three letters or fewer ("ssn", "dl", "tel") must
 * end a word in the text (a plural "s" allowed); longer ones may continue ("phone" matches
 * "phones"). That a word starts a word in the text is checked by `hasWord`.
 */
export function wordsRegex(words: string[]): RegExp | null {
  if (words.length === 0) return null;
  const alts = words
    .slice()
    .sort((a, b) => b.length - a.length)
    .map((w) => {
      const short = w.length <= 3 && /[\p{L}\p{N}]$/u.test(w);
      return w.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&') + (short ? '(?:s)?(?![A-Za-z\\u00C0-\\u024F])' : '');
    });
  return new RegExp(`(?:${alts.join('|')})`, 'gi');
}

/**
 * Whether a keyword occurrence at [start, start + len) stands as a word, by the rules context
 * words follow (`wordsRegex`, `hasWord`): it starts a word (or a camel-case part: "homePhone"),
 * and a word of three characters or fewer also ends there, a plural "s" allowed ("dl", "ssns").
 */
export function isWordHit(text: string, start: number, len: number, checkStart: boolean, checkEnd: boolean): boolean {
  if (checkStart && start > 0) {
    const before = text.charCodeAt(start - 1);
    const first = text.charCodeAt(start);
    const camel = before >= 97 && before <= 122 && first >= 65 && first <= 90;
    if (isWordCode(before) && !camel) return false;
  }
  if (checkEnd) {
    let after = start + len;
    if ((text.charCodeAt(after) | 32) === 115) after++; // plural s
    if (after < text.length && isLetterCode(text.charCodeAt(after))) return false;
  }
  return true;
}

/** Letters, ASCII and Latin (what may not follow a short context word). */
function isLetterCode(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 0xc0 && c <= 0x24f && c !== 0xd7 && c !== 0xf7);
}

/** Letters and digits, ASCII and Latin (the scripts of the context words). */
export function isWordCode(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 0xc0 && c <= 0x24f && c !== 0xd7 && c !== 0xf7);
}

/**
 * Whether a word of `re` occurs in text[from, to) at a word start (for words that begin with a
 * letter or digit; the character before `from` counts).
 */
function hasWord(text: string, from: number, to: number, re: RegExp): boolean {
  const a = Math.max(0, from);
  const b = Math.min(text.length, to);
  if (b <= a) return false;
  const seg = text.slice(a, b);
  re.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(seg)) !== null) {
    const at = a + m.index;
    if (at === 0 || !startsWithWordChar(m[0]) || !isWordCode(text.charCodeAt(at - 1))) return true;
    re.lastIndex = m.index + 1;
  }
  return false;
}
