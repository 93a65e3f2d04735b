/**
 * Shared vocabulary of the detection engine. Pure TypeScript: no Node-only imports anywhere
 * under src/detection, so the client library (and a browser) can run the same engine.
 */

import type { validators } from './validators';

/** Data-type families a finding belongs to; policy rules select findings by these. */
export const DATA_TYPES = ['PII', 'PHI', 'FINANCIAL', 'SECRETS', 'IDENTIFIERS', 'EU_DATA', 'CUSTOM'] as const;
export type DataType = (typeof DATA_TYPES)[number];

/** Which pass a recognizer belongs to. `local` recognizers run in both passes. */
export type Pass = 'local' | 'full';

/**
 * Keywords as labels: the patterns run only inside windows reaching `reach` characters either
 * side of a keyword occurrence. Use it for recognizers that need a keyword or context word near
 * the value anyway (speed).
 */
export interface KeywordWindow {
  /** Lower-case literals; the recognizer's `context` words when omitted. */
  keywords?: string[];
  /** Characters either side of a keyword occurrence; positive. */
  reach: number;
  /**
   * By default a window opens only where a keyword stands as a word (it starts a word or a
   * camel-case part, and one of three characters or fewer also ends a word, a plural "s"
   * allowed), the rules context words follow, so "dl" in "handling" opens nothing. True lets a
   * keyword match inside words too (URL parts, fragments of tokens).
   */
  insideWords?: boolean;
}

/**
 * A cheap regular expression whose matches anchor windows, for values no literal keyword can name
 * (a run of digits, hex groups with colons); the shared ones are in recognizers/anchors.ts.
 */
export interface AnchorSpec {
  regex: string;
  /** The patterns run only within this many characters of an anchor match. */
  reach: number;
}

/**
 * A shape of an anchor match, for recognizers that only match near some anchor matches: every
 * field given must hold. Counts are over the anchor match's text (for DIGIT_RUN: a chain of
 * digits with single separators).
 */
export interface AnchorShape {
  /** At least this many digits. */
  digits?: number;
  /** A run of at least this many consecutive digits. */
  run?: number;
  /** At least one of these (ASCII) characters, e.g. the separators `' -'`. */
  anyOf?: string;
}

/**
 * Where a recognizer's patterns run. One of:
 * - `everywhere`: over the whole text, always (keep these few and cheap);
 * - `gate`: over the whole text, when one of `keywords` (lower-case literals) occurs anywhere;
 * - `window`: only inside windows around keyword occurrences (see KeywordWindow);
 * - `start`: anchored (sticky) at the positions from `before` characters before a keyword's
 *   first character to `after` characters after it (both 0 when left out: the match starts with
 *   the keyword, as vendor prefixes do; both within 0..64). No window text is built and a miss
 *   costs one failed attempt per position. A test checks it finds what a keyword window finds.
 *   With `leading` (a character class), only positions from which every character up to the
 *   keyword is of that class are tried (an e-mail address's local part before its `@`), and
 *   `before` may reach up to 256;
 * - `anchor`: only within `anchor.reach` of a match of the anchor regex, which runs once per scan
 *   however many recognizers share it. With `window`, the recognizer runs only when a keyword
 *   occurs, and only where a keyword window and an anchor window meet: a labelled number
 *   ("phone", "account") must also contain a run of digits. With `shapes`, only anchor matches of
 *   one of these shapes count (the others are not looked at): declare them only when every match
 *   of the recognizer contains an anchor match of such a shape and starts within `reach` of it,
 *   e.g. a dashed SSN always holds a chain of nine digits with a `-` (`{ digits: 9, anyOf: '-' }`).
 *   With `near` (no `window`), the patterns are tried (sticky) only at the positions from `near`
 *   characters before an anchor match (of the shapes) to its end, and no window text is built:
 *   declare it only when every match, wherever it stands in the text, starts there.
 *
 * Keywords are matched case-insensitively by one automaton pass shared by every recognizer
 * (docs/decisions.md, "Recognizers say where they run, as one value").
 *
 * From the former separate fields (recognizers written before this union):
 * - no `keywords`, no `anchor`                      -> `{ kind: 'everywhere' }`
 * - `keywords: K` alone                             -> `{ kind: 'gate', keywords: K }`
 * - `keywords: K, keywordWindow: W[, keywordsInsideWords: I]`
 *                                                   -> `{ kind: 'window', keywords: K, reach: W[, insideWords: I] }`
 *   (`keywords` omitted when the old recognizer had none: context words open the windows)
 * - `keywords: K, keywordStart: { before: B, after: A }`
 *                                                   -> `{ kind: 'start', keywords: K, before: B, after: A }`
 * - `anchor: X` alone                               -> `{ kind: 'anchor', anchor: X }`
 * - `anchor: X, keywordWindow: W[, keywords: K][, keywordsInsideWords: I]`
 *                                                   -> `{ kind: 'anchor', anchor: X, window: { keywords: K, reach: W[, insideWords: I] } }`
 */
export type Placement =
  | { kind: 'everywhere' }
  | { kind: 'gate'; keywords: string[] }
  | ({ kind: 'window' } & KeywordWindow)
  | { kind: 'start'; keywords: string[]; before?: number; after?: number; leading?: string }
  | { kind: 'anchor'; anchor: AnchorSpec; window?: KeywordWindow; shapes?: AnchorShape[]; near?: number };

/** One regular expression of a recognizer. */
export interface PatternSpec {
  /** Short name, unique within the recognizer (used in error messages and tests). */
  name: string;
  /** JavaScript regular-expression source. Must not backtrack catastrophically. */
  regex: string;
  /** Extra flags besides `g`, which the engine always adds (for example `i`, `u`). */
  flags?: string;
  /** Score of a bare match before context and validation, 0..1. */
  score: number;
  /** Name of the capture group holding the reported value; the whole match when omitted. */
  group?: string;
  /**
   * Speed, in window and anchor placements: a regex (compiled case-insensitively) that matches at
   * the start of every match of this pattern, so the pattern is tried only where one scan of the
   * window text finds it, and patterns with the same `lead` share that scan.
   */
  lead?: string;
  /**
   * Speed, in an `everywhere` placement: every match is a whole run of exactly `length` characters
   * of `of` (one class of printable ASCII characters, so none of them stands just before or after
   * it), so the pattern is tried (sticky) only at the start of such runs (see scanRuns).
   */
  run?: { length: number; of: string };
}

/** A positive sample: text that must yield a finding of the recognizer's type covering `value`. */
export interface PositiveSample {
  text: string;
  /** The exact substring expected to be reported. */
  value: string;
}

/**
 * A recognizer declared as data. Code lives only in named validators: `V` is the set of validator
 * names it may refer to, the built-in ones unless an engine is built with validators of its own.
 */
export interface Recognizer<V extends string = ValidatorName> {
  /** Kebab-case id, unique across the engine. */
  id: string;
  /** Finding type reported, UPPER_SNAKE (EMAIL, SSN, AWS_ACCESS_KEY, ...). */
  type: string;
  /** Data-type families of the finding. */
  dataTypes: DataType[];
  /** `local`: cheap, runs in both passes; `full`: only in the server-side full pass. */
  pass: Pass;
  /** The patterns; each match becomes a candidate finding. */
  patterns: PatternSpec[];
  /** Where in a text the patterns run (see Placement): a keyword gate, windows, anchors or everywhere. */
  placement: Placement;
  /** Words near a match (same line or within ~60 characters) that raise its score. */
  context?: string[];
  /** Name of a pure validator (see validators) applied to the value; a failing value is dropped. */
  validator?: V;
  /** Findings scoring below this are dropped (default 0.5). */
  minScore?: number;
  /** Values (compared case-insensitively) that are never reported: placeholders, examples. */
  allowList?: string[];
  /** Positive and negative samples, run for every recognizer by one generated test. */
  samples: { positive: PositiveSample[]; negative: string[] };
  /** Characters searched for context words before and after a match (default 64 / 32). */
  contextWindow?: { before: number; after: number };
  /** Score added when a context word is near a match (default 0.35). */
  contextBoost?: number;
  /** Words in the 24 characters before a match that veto it ("version" before an IP-like value). */
  negativeContext?: string[];
}

/** One finding: offsets are UTF-16 string indices into the scanned text, end exclusive. */
export interface Finding {
  type: string;
  dataTypes: DataType[];
  start: number;
  end: number;
  score: number;
  /** Id of the recognizer (or `custom:<name>`) that produced it. */
  recognizer: string;
}

/**
 * A detector that needs more than patterns (names, addresses, health context). Declared with
 * the same metadata and samples as a Recognizer; runs only in the full pass.
 */
export interface ContextualDetector {
  /** Kebab-case id, unique across the engine. */
  id: string;
  /** Finding type reported. */
  type: string;
  /** Data-type families of the finding. */
  dataTypes: DataType[];
  /** Positive and negative samples, run by the same generated test as the recognizers'. */
  samples: { positive: PositiveSample[]; negative: string[] };
  /**
   * Finds candidates in `text`; must run in linear time in the length of `text`. `ctx` (always
   * passed by the engine) carries the lower-cased text and the pattern findings of the same pass
   * before overlap resolution, e.g. to tell health context near an identifier.
   */
  detect(text: string, ctx?: DetectContext): Finding[];
}

/** What the engine hands a contextual detector besides the text. */
export interface DetectContext {
  /** `text.toLowerCase()`, computed on first read, once per scan (same length and offsets). */
  lower: string;
  /** Findings of the pattern recognizers in this pass, before overlap resolution. */
  findings: readonly Finding[];
}

/** One entry of the finding-type catalogue: what a type means and which data types it carries. */
export interface FindingTypeInfo {
  type: string;
  dataTypes: DataType[];
  /** Human label from the one catalogue (src/detection/labels.ts), e.g. "E-mail address". */
  label: string;
}

/** A pure check of a matched value (checksum, entropy, ...). Cites its standard where it has one. */
export type Validator = (value: string) => boolean;

/** Name of a built-in validator (a key of `validators`). */
export type ValidatorName = keyof typeof validators;

/** A customer's pattern from a policy's `custom_patterns`; run with a linear-time engine. */
export interface CustomPattern {
  /** Name; the finding type is this name in UPPER_SNAKE (for example `project-x` -> PROJECT_X). */
  name: string;
  /** RE2-syntax regular expression (linear time); either this or `keywords`. */
  regex?: string;
  /** Literal keywords matched case-insensitively on word boundaries. */
  keywords?: string[];
}
