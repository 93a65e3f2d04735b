/**
 * Shared vocabulary of the detection engine. Pure TypeScript: no Node-only imports anywhere
 * under src/detection, so the client library (and a browser) can run the same engine.
 */

/** Data-type families a finding belongs to; policy rules select findings by these. */
export const DATA_TYPES = ['PII', 'PHI', 'FINANCIAL', 'SECRETS', 'EU_DATA', 'CUSTOM'] as const;
export type DataType = (typeof DATA_TYPES)[number];

/** Which pass a recognizer belongs to. `local` recognizers run in both passes. */
export type Pass = 'local' | 'full';

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
}

/** A positive sample: text that must yield a finding of the recognizer's type covering `value`. */
export interface PositiveSample {
  text: string;
  /** The exact substring expected to be reported. */
  value: string;
}

/** A recognizer declared as data. Code lives only in named validators. */
export interface Recognizer {
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
  /**
   * Prefilter: lower-case literals of which at least one must occur in the (lower-cased) text
   * for the recognizer to run at all. Omit only for recognizers that must always run.
   */
  keywords?: string[];
  /** Words near a match (same line or within ~60 characters) that raise its score. */
  context?: string[];
  /** Name of a pure validator (see validators) applied to the value; a failing value is dropped. */
  validator?: string;
  /** Findings scoring below this are dropped (default 0.5). */
  minScore?: number;
  /** Values (compared case-insensitively) that are never reported: placeholders, examples. */
  allowList?: string[];
  /** Positive and negative samples, run for every recognizer by one generated test. */
  samples: { positive: PositiveSample[]; negative: string[] };
  /**
   * When set, keywords are anchors, not just a whole-text gate: the patterns run only inside
   * windows reaching this many characters either side of a keyword occurrence. Use it for
   * recognizers that need a keyword or context word near the value anyway (speed).
   */
  keywordWindow?: number;
  /**
   * With `keywordWindow`, keywords are labels: a window opens only where one stands as a word (it
   * starts a word or a camel-case part, and one of three characters or fewer also ends a word, a
   * plural "s" allowed), the rule context words follow, so "dl" in "handling" opens nothing. True
   * lets a keyword match inside words too (URL parts, fragments of tokens).
   */
  keywordsInsideWords?: boolean;
  /**
   * Where every match starts relative to a keyword occurrence, when that is known: from `before`
   * characters before the keyword's first character to `after` characters after it
   * (`{ before: 0, after: 0 }`: the match starts with the keyword, as vendor prefixes do). The
   * engine then tries the patterns anchored (sticky) at just those positions instead of scanning
   * windows: no window text is built and a miss costs one failed attempt per position. Exclusive
   * with `keywordWindow` and `anchor`. A test checks it finds what a keyword window finds.
   */
  keywordStart?: { before: number; after: number };
  /**
   * A cheap regular expression whose matches anchor windows, for values no literal keyword can
   * name (a run of digits, hex groups with colons). Each distinct anchor runs once per scan and
   * is shared by every recognizer naming it; the patterns then run only within `reach`
   * characters of an anchor match. Combined with `keywords` (which then need a `keywordWindow`),
   * the recognizer runs only when a keyword occurs, and only where a keyword window and an anchor
   * window meet: a labelled number ("phone", "account") must also contain a run of digits.
   */
  anchor?: { regex: string; reach: number };
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

/** A customer's pattern from a policy's `custom_patterns`; run with a linear-time engine. */
export interface CustomPattern {
  /** Name; the finding type is this name in UPPER_SNAKE (for example `project-x` -> PROJECT_X). */
  name: string;
  /** RE2-syntax regular expression (linear time); either this or `keywords`. */
  regex?: string;
  /** Literal keywords matched case-insensitively on word boundaries. */
  keywords?: string[];
}
