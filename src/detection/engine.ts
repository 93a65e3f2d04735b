import { contextualDetectors } from './contextual';
import { compileCustomPatterns, scanCustom, type CompiledCustom } from './custom';
import { DetectionConfigError } from './errors';
import { KeywordMatcher } from './keyword-matcher';
import { assertLabelled, labelFor } from './labels';
import { resolveOverlaps } from './overlap';
import { recognizers as builtinRecognizers } from './recognizers';
import { hasNestedUnboundedQuantifier } from './regex-safety';
import {
  DATA_TYPES,
  type ContextualDetector,
  type CustomPattern,
  type DataType,
  type Finding,
  type FindingTypeInfo,
  type Recognizer,
  type Validator,
} from './types';
import { validators as builtinValidators } from './validators';

export { compileCustomPatterns, type CompiledCustom } from './custom';

/** What to scan for. */
export interface ScanOptions {
  /** `local`: pattern recognizers only (client side); `full`: adds full-pass recognizers and contextual detectors. */
  pass: 'local' | 'full';
  /** A policy's custom patterns; compiled (and cached) on first use. Invalid ones throw DetectionConfigError. */
  customPatterns?: CustomPattern[];
  /** Custom patterns already compiled with `compileCustomPatterns` (wins over `customPatterns`). */
  compiledCustom?: CompiledCustom;
  /** Cache key of `customPatterns` (a policy's id and version): spares serializing them on every scan. */
  customKey?: string;
}

/** A configured detection engine. */
export interface Engine {
  /** Finds sensitive data in `text`; findings sorted by start, non-overlapping. */
  scan(text: string, opts: ScanOptions): Finding[];
  /** The recognizers this engine runs, in order. */
  readonly recognizers: readonly Recognizer[];
  /** The contextual detectors this engine runs in the full pass. */
  readonly detectors: readonly ContextualDetector[];
  /** Every finding type this engine can report, with its data types and label. */
  readonly findingTypes: readonly FindingTypeInfo[];
}

const ID_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const TYPE_RE = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/;
const DEFAULT_CONTEXT = { before: 64, after: 32 } as const;
const DEFAULT_BOOST = 0.35;
const DEFAULT_MIN_SCORE = 0.5;
const NEGATIVE_WINDOW = 24;
/** Largest `keywordStart` reach: beyond it, trying every position costs more than a window scan. */
const MAX_KEYWORD_START = 64;

interface CompiledPattern {
  name: string;
  score: number;
  /** Global regex for scanning the text or a window. */
  re: RegExp;
  /** Sticky twin: re-checks a window match against the whole text (boundaries, lookbehinds). */
  sticky: RegExp;
  group?: string;
}

interface CompiledRecognizer {
  rec: Recognizer;
  order: number;
  /** Reports SECRETS: same-span candidates of other secret recognizers can skip validation. */
  secret: boolean;
  patterns: CompiledPattern[];
  keywords: string[];
  windowed: boolean;
  /** Keyword windows open only on keyword hits that stand as words (see Recognizer.keywordsInsideWords). */
  wordKeywords: boolean;
  /** `keywordStart`: patterns are tried at these offsets from each keyword occurrence. */
  startRange?: { before: number; after: number };
  window: number;
  anchorSource?: string;
  anchorReach: number;
  context: string[];
  negative: string[];
  /** `context` / `negative` compiled to one case-insensitive regex each (null when empty). */
  contextRe: RegExp | null;
  negativeRe: RegExp | null;
  before: number;
  after: number;
  boost: number;
  minScore: number;
  allow: Set<string>;
  validator?: Validator;
}

/** A shared anchor of a pass and the recognizers (indices into `recs`) that use it. */
interface Anchor {
  re: RegExp;
  /** The literal character every match starts with, when the regex says so; null otherwise. */
  lead: string | null;
  /** Sticky twin of `re`, tried at each occurrence of `lead`. */
  sticky: RegExp;
  recs: number[];
}

interface PassPlan {
  recs: CompiledRecognizer[];
  matcher: KeywordMatcher;
  /** For each keyword id, the indices into `recs` of the recognizers that use it. */
  keywordRecs: number[][];
  /** Distinct anchors, each with the indices into `recs` of the recognizers that use it. */
  anchors: Anchor[];
  /** Length of each keyword, by keyword id. */
  kwLen: number[];
  /** By keyword id: it starts with a letter or digit, so a window hit must start a word. */
  kwWordStart: boolean[];
  /** By keyword id: a word of three characters or fewer, so a window hit must also end one. */
  kwWordEnd: boolean[];
}

/**
 * Builds an engine. Every pattern is compiled here, once; a bad recognizer (duplicate id, bad
 * type, pattern that does not compile or nests unbounded quantifiers, unknown validator)
 * throws DetectionConfigError naming its id.
 */
export function createEngine(opts?: {
  recognizers?: Recognizer[];
  detectors?: ContextualDetector[];
  validators?: Record<string, Validator>;
}): Engine {
  return new DetectionEngine(
    opts?.recognizers ?? builtinRecognizers,
    opts?.detectors ?? contextualDetectors,
    opts?.validators ?? builtinValidators,
  );
}

class DetectionEngine implements Engine {
  readonly recognizers: readonly Recognizer[];
  readonly detectors: readonly ContextualDetector[];
  readonly findingTypes: readonly FindingTypeInfo[];
  private readonly localPlan: PassPlan;
  private readonly fullPlan: PassPlan;
  private readonly orderById = new Map<string, number>();
  private readonly customCache = new Map<string, CompiledCustom>();

  constructor(recognizers: Recognizer[], detectors: ContextualDetector[], validators: Record<string, Validator>) {
    this.recognizers = Object.freeze(recognizers.slice());
    this.detectors = Object.freeze(detectors.slice());
    const compiled = recognizers.map((rec, order) => compileRecognizer(rec, order, validators));
    const seen = new Set<string>();
    for (const item of [...recognizers, ...detectors]) {
      if (seen.has(item.id)) throw new DetectionConfigError('invalid_recognizer', item.id, 'duplicate id');
      seen.add(item.id);
      this.orderById.set(item.id, this.orderById.size);
    }
    for (const d of detectors) checkMeta(d.id, d.type, d.dataTypes);
    this.localPlan = plan(compiled.filter((c) => c.rec.pass === 'local'));
    this.fullPlan = plan(compiled);
    this.findingTypes = Object.freeze(catalogue(recognizers, detectors));
  }

  scan(text: string, opts: ScanOptions): Finding[] {
    if (typeof text !== 'string') throw new TypeError('scan() expects a string');
    const full = opts?.pass === 'full';
    const candidates: Finding[] = [];
    const custom = opts?.compiledCustom ?? this.custom(opts?.customPatterns, opts?.customKey);
    if (text.length === 0) return [];
    const plan = full ? this.fullPlan : this.localPlan;
    secretSpans = text.length < SPAN_KEY_LIMIT ? new Map() : null;
    // Windows as [start, end) pairs per recognizer: one keyword pass, one pass per anchor.
    const hits: (number[] | null)[] = new Array(plan.recs.length).fill(null);
    const { keywordRecs, recs } = plan;
    const kwLen = plan.kwLen;
    const { kwWordStart, kwWordEnd } = plan;
    plan.matcher.scan(text, (kw, start) => {
      const users = keywordRecs[kw];
      // Keyword windows open only on whole words, as context words count ("dl" in "handling" is not a label).
      let word: boolean | undefined;
      for (let i = 0; i < users.length; i++) {
        const cr = recs[users[i]];
        if (cr.wordKeywords && !(word ??= isWordHit(text, start, kwLen[kw], kwWordStart[kw], kwWordEnd[kw]))) continue;
        let list = hits[users[i]];
        if (list === null) list = hits[users[i]] = [];
        // A keyword that only gates the recognizer needs one hit, not a list of windows.
        else if (!cr.windowed && cr.startRange === undefined) continue;
        if (cr.startRange !== undefined) list.push(start);
        else addWindow(list, start - cr.window, start + kwLen[kw] + cr.window);
      }
    });
    // Anchor windows, one list per anchor and reach. Recognizers with only an anchor share that
    // list and one joined text; one with keywords too scans where its keyword windows meet it.
    const sharedKey: (string | null)[] = new Array(recs.length).fill(null);
    for (const anchor of plan.anchors) {
      // A recognizer that also has keywords only needs its anchor when a keyword occurs.
      const users = anchor.recs.filter((r) => recs[r].keywords.length === 0 || hits[r] !== null);
      if (users.length === 0) continue;
      const byReach = new Map<number, number[]>();
      for (const r of users) byReach.set(recs[r].anchorReach, []);
      const targets = [...byReach];
      forEachAnchorMatch(text, anchor, (start, end) => {
        for (const [reach, list] of targets) addWindow(list, start - reach, end + reach);
      });
      const merged = new Map<number, number[]>();
      for (const r of users) {
        const reach = recs[r].anchorReach;
        const near = byReach.get(reach)!;
        if (recs[r].keywords.length === 0) {
          hits[r] = near;
          sharedKey[r] = `${anchor.re.source}\u0000${reach}`;
        } else {
          let clean = merged.get(reach);
          if (!clean) merged.set(reach, (clean = windows(near, text.length)));
          hits[r] = intersect(windows(hits[r]!, text.length), clean);
        }
      }
    }
    const joinedCache = new Map<string, Joined>();
    for (let r = 0; r < recs.length; r++) {
      const cr = recs[r];
      const h = hits[r];
      if (h === null && cr.keywords.length > 0) continue;
      if (cr.startRange !== undefined) {
        scanAt(text, cr, h!, candidates);
      } else if (cr.windowed && h !== null) {
        const key = sharedKey[r];
        let joined = key === null ? undefined : joinedCache.get(key);
        if (!joined) {
          joined = joinWindows(text, windows(h, text.length), windowMargin(cr));
          if (key !== null) joinedCache.set(key, joined);
        }
        scanJoined(text, cr, joined, candidates);
      } else {
        scanWhole(text, cr, candidates);
      }
    }
    if (custom) candidates.push(...scanCustom(text, custom));
    if (full && this.detectors.length > 0) {
      // The lower-cased copy costs a pass over the text; made only if a detector reads it.
      let lower: string | undefined;
      const ctx = {
        get lower(): string {
          return (lower ??= lowerSameLength(text));
        },
        findings: candidates.slice(),
      };
      for (const d of this.detectors) {
        for (const f of d.detect(text, ctx)) candidates.push(f);
      }
    }
    secretSpans = null;
    const unknown = this.orderById.size;
    return resolveOverlaps(candidates, (f) => this.orderById.get(f.recognizer) ?? unknown);
  }

  private custom(patterns: CustomPattern[] | undefined, customKey: string | undefined): CompiledCustom | undefined {
    if (!patterns || patterns.length === 0) return undefined;
    const key = customKey ?? JSON.stringify(patterns);
    let compiled = this.customCache.get(key);
    if (!compiled) {
      compiled = compileCustomPatterns(patterns);
      if (this.customCache.size >= 16) this.customCache.delete(this.customCache.keys().next().value as string);
      this.customCache.set(key, compiled);
    }
    return compiled;
  }
}

function checkMeta(id: string, type: string, dataTypes: DataType[]): void {
  if (!ID_RE.test(id)) throw new DetectionConfigError('invalid_recognizer', id, 'id must be kebab-case');
  if (!TYPE_RE.test(type)) throw new DetectionConfigError('invalid_recognizer', id, 'type must be UPPER_SNAKE');
  if (!Array.isArray(dataTypes) || dataTypes.length === 0 || dataTypes.some((d) => !DATA_TYPES.includes(d))) {
    throw new DetectionConfigError('invalid_recognizer', id, 'dataTypes must be a non-empty list of known data types');
  }
}

function compileRecognizer(rec: Recognizer, order: number, validators: Record<string, Validator>): CompiledRecognizer {
  const id = rec.id;
  const fail = (problem: string): never => {
    throw new DetectionConfigError('invalid_recognizer', String(id), problem);
  };
  checkMeta(id, rec.type, rec.dataTypes);
  if (rec.pass !== 'local' && rec.pass !== 'full') fail('pass must be local or full');
  if (!Array.isArray(rec.patterns) || rec.patterns.length === 0) fail('at least one pattern is required');
  if (!rec.samples || !Array.isArray(rec.samples.positive) || !Array.isArray(rec.samples.negative)) fail('samples are required');
  const names = new Set<string>();
  const patterns = rec.patterns.map((p) => {
    if (!p.name || names.has(p.name)) fail(`pattern names must be unique and non-empty (${p.name})`);
    names.add(p.name);
    if (!(p.score >= 0 && p.score <= 1)) fail(`pattern ${p.name}: score must be within 0..1`);
    if (hasNestedUnboundedQuantifier(p.regex)) fail(`pattern ${p.name}: nested unbounded quantifiers can backtrack catastrophically`);
    const flags = (p.flags ?? '').replace(/[gy]/g, '') + (p.group ? 'd' : '');
    let re: RegExp;
    let sticky: RegExp;
    try {
      re = new RegExp(p.regex, flags + 'g');
      sticky = new RegExp(p.regex, flags + 'y');
    } catch (e) {
      return fail(`pattern ${p.name} does not compile: ${(e as Error).message}`);
    }
    if (p.group && !new RegExp(`\\(\\?<${p.group}>`).test(p.regex)) fail(`pattern ${p.name}: no capture group named ${p.group}`);
    return { name: p.name, score: p.score, re, sticky, group: p.group };
  });
  let validator: Validator | undefined;
  if (rec.validator !== undefined) {
    validator = validators[rec.validator];
    if (typeof validator !== 'function') fail(`unknown validator ${rec.validator}`);
  }
  const lowerList = (list: string[] | undefined, what: string): string[] => {
    const out = list ?? [];
    if (out.some((w) => typeof w !== 'string' || w.length === 0 || w !== w.toLowerCase())) fail(`${what} must be non-empty lower-case strings`);
    return out;
  };
  const context = lowerList(rec.context, 'context words');
  const keywordWindowed = rec.keywordWindow !== undefined;
  const keywords = lowerList(rec.keywords ?? (keywordWindowed ? rec.context : undefined), 'keywords');
  if (keywordWindowed && (keywords.length === 0 || !(rec.keywordWindow! > 0))) fail('keywordWindow needs keywords (or context words) and a positive size');
  if (rec.anchor !== undefined) {
    if (!(rec.anchor.reach >= 0) || typeof rec.anchor.regex !== 'string') fail('anchor needs a regex and a reach');
    if (hasNestedUnboundedQuantifier(rec.anchor.regex)) fail('anchor: nested unbounded quantifiers can backtrack catastrophically');
    try {
      new RegExp(rec.anchor.regex, 'g');
    } catch (e) {
      fail(`anchor does not compile: ${(e as Error).message}`);
    }
    if (keywords.length > 0 && !keywordWindowed) fail('a recognizer with an anchor and keywords needs a keywordWindow');
  }
  const windowed = keywordWindowed || rec.anchor !== undefined;
  const startRange = rec.keywordStart;
  if (startRange !== undefined) {
    const bound = (n: number) => Number.isInteger(n) && n >= 0 && n <= MAX_KEYWORD_START;
    if (!bound(startRange.before) || !bound(startRange.after)) fail(`keywordStart needs before and after within 0..${MAX_KEYWORD_START}`);
    if (keywords.length === 0) fail('keywordStart needs keywords');
    if (windowed) fail('keywordStart excludes keywordWindow and anchor');
  }
  const minScore = rec.minScore ?? DEFAULT_MIN_SCORE;
  const boost = rec.contextBoost ?? DEFAULT_BOOST;
  if (patterns.every((p) => p.score + (context.length ? boost : 0) < minScore)) fail('no pattern can ever reach minScore');
  return {
    rec,
    order,
    secret: rec.dataTypes.includes('SECRETS'),
    patterns,
    keywords,
    windowed,
    wordKeywords: keywordWindowed && rec.keywordsInsideWords !== true,
    startRange: startRange ? { before: startRange.before, after: startRange.after } : undefined,
    window: rec.keywordWindow ?? 0,
    anchorSource: rec.anchor?.regex,
    anchorReach: rec.anchor?.reach ?? 0,
    context,
    negative: lowerList(rec.negativeContext, 'negative context words'),
    contextRe: wordsRegex(context),
    negativeRe: wordsRegex(lowerList(rec.negativeContext, 'negative context words')),
    before: rec.contextWindow?.before ?? DEFAULT_CONTEXT.before,
    after: rec.contextWindow?.after ?? DEFAULT_CONTEXT.after,
    boost,
    minScore,
    allow: new Set((rec.allowList ?? []).map((v) => v.toLowerCase())),
    validator,
  };
}

function plan(recs: CompiledRecognizer[]): PassPlan {
  const keywordIndex = new Map<string, number>();
  const keywordRecs: number[][] = [];
  recs.forEach((cr, r) => {
    for (const kw of new Set(cr.keywords)) {
      let id = keywordIndex.get(kw);
      if (id === undefined) {
        id = keywordRecs.length;
        keywordIndex.set(kw, id);
        keywordRecs.push([]);
      }
      keywordRecs[id].push(r);
    }
  });
  const anchorIndex = new Map<string, number>();
  const anchors: Anchor[] = [];
  recs.forEach((cr, r) => {
    if (cr.anchorSource === undefined) return;
    let id = anchorIndex.get(cr.anchorSource);
    if (id === undefined) {
      id = anchors.length;
      anchorIndex.set(cr.anchorSource, id);
      const source = cr.anchorSource;
      anchors.push({ re: new RegExp(source, 'g'), lead: literalLead(source), sticky: new RegExp(source, 'y'), recs: [] });
    }
    anchors[id].recs.push(r);
  });
  const keywords = [...keywordIndex.keys()];
  return {
    recs,
    matcher: new KeywordMatcher(keywords),
    keywordRecs,
    anchors,
    kwLen: keywords.map((k) => k.length),
    kwWordStart: keywords.map((k) => isWordCode(k.charCodeAt(0))),
    kwWordEnd: keywords.map((k) => k.length <= 3 && isWordCode(k.charCodeAt(k.length - 1))),
  };
}

/**
 * Appends the window [a, b) to a flat list of pairs, merging it into the last window when they
 * overlap. Hits arrive nearly in order (keywords by end, anchors by start), so this keeps the
 * list short; `windows` finishes the job.
 */
function addWindow(list: number[], a: number, b: number): void {
  const n = list.length;
  if (n >= 2 && a <= list[n - 1] && b >= list[n - 2]) {
    if (a < list[n - 2]) list[n - 2] = a;
    if (b > list[n - 1]) list[n - 1] = b;
  } else {
    list.push(a, b);
  }
}

/** Sorted, merged, clamped [start, end) windows from a flat list of pairs. */
function windows(hits: number[], length: number): number[] {
  let sorted = true;
  for (let i = 2; i < hits.length; i += 2) {
    if (hits[i] < hits[i - 2]) {
      sorted = false;
      break;
    }
  }
  let pairs = hits;
  if (!sorted) {
    const idx: number[] = [];
    for (let i = 0; i < hits.length; i += 2) idx.push(i);
    idx.sort((x, y) => hits[x] - hits[y]);
    pairs = [];
    for (const i of idx) pairs.push(hits[i], hits[i + 1]);
  }
  const out: number[] = [];
  for (let i = 0; i < pairs.length; i += 2) {
    const a = Math.max(0, pairs[i]);
    const b = Math.min(length, pairs[i + 1]);
    const n = out.length;
    if (n > 0 && a <= out[n - 1]) {
      if (b > out[n - 1]) out[n - 1] = b;
    } else if (b > a) {
      out.push(a, b);
    }
  }
  return out;
}

/**
 * The first character of a regex source when it is a literal that every match starts with: no
 * metacharacter, no quantifier on it, no alternation anywhere (which could offer another start).
 */
function literalLead(source: string): string | null {
  if (source.length < 2 || source.includes('|')) return null;
  if ('\\^$.|?*+()[]{}'.includes(source[0]) || '?*+{'.includes(source[1])) return null;
  return source[0];
}

/**
 * Calls `onMatch` with the [start, end) span of each anchor match in text order, as a global scan
 * finds them. An
 * anchor led by a literal character jumps between its occurrences with indexOf (a native
 * memchr-like search, several times faster than the regex engine's own scan for a rare
 * character) and tries the regex only there.
 */
function forEachAnchorMatch(text: string, anchor: Anchor, onMatch: (start: number, end: number) => void): void {
  if (anchor.lead !== null) {
    const { lead, sticky } = anchor;
    let i = text.indexOf(lead);
    while (i !== -1) {
      sticky.lastIndex = i;
      const m = sticky.exec(text);
      const len = m === null ? 0 : m[0].length;
      if (m !== null) onMatch(i, i + len);
      i = text.indexOf(lead, i + Math.max(1, len));
    }
    return;
  }
  const re = anchor.re;
  re.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    if (m[0].length === 0) re.lastIndex++;
    onMatch(m.index, m.index + m[0].length);
  }
}

/** Intersection of two sorted, merged [start, end) window lists. */
function intersect(a: number[], b: number[]): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const lo = Math.max(a[i], b[j]);
    const hi = Math.min(a[i + 1], b[j + 1]);
    if (lo < hi) out.push(lo, hi);
    if (a[i + 1] < b[j + 1]) i += 2;
    else j += 2;
  }
  return out;
}

function scanWhole(text: string, cr: CompiledRecognizer, out: Finding[]): void {
  for (const p of cr.patterns) {
    const re = p.re;
    re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = re.exec(text)) !== null) {
      if (m[0].length === 0) {
        re.lastIndex++;
        continue;
      }
      consider(text, cr, p, m, out);
    }
  }
}

/**
 * Least distance a window's text reaches past the window, so a value starting inside is not cut
 * (a recognizer's keyword window or anchor reach, when larger, is used instead).
 */
const WINDOW_MARGIN = 16;

function windowMargin(cr: CompiledRecognizer): number {
  // An anchor window already reaches `reach` past the anchor match, which every value contains,
  // and `reach` covers what follows its digits ("... 3M02 606" of a French IBAN): no margin.
  if (cr.anchorSource !== undefined && cr.keywords.length === 0) return 0;
  return Math.max(WINDOW_MARGIN, cr.window, cr.anchorReach);
}

/**
 * The windows of a text joined into one string (with a separator no pattern spans), so each
 * pattern runs once over all windows instead of once per window; `textStart`/`joinStart` map
 * offsets back.
 */
interface Joined {
  joined: string;
  joinStart: number[];
  textStart: number[];
  /** End of each window proper: matches must start before it (the slice runs `margin` further). */
  textEnd: number[];
}

const JOIN_SEPARATOR = '\n\u0000\n';

function joinWindows(text: string, spans: number[], margin: number): Joined {
  const parts: string[] = [];
  const joinStart: number[] = [];
  const textStart: number[] = [];
  const textEnd: number[] = [];
  let pos = 0;
  for (let w = 0; w < spans.length; w += 2) {
    joinStart.push(pos);
    textStart.push(spans[w]);
    textEnd.push(spans[w + 1]);
    const part = text.slice(spans[w], Math.min(text.length, spans[w + 1] + margin));
    parts.push(part);
    pos += part.length + JOIN_SEPARATOR.length;
  }
  return { joined: parts.join(JOIN_SEPARATOR), joinStart, textStart, textEnd };
}

function scanJoined(text: string, cr: CompiledRecognizer, j: Joined, out: Finding[]): void {
  const { joined, joinStart, textStart, textEnd } = j;
  if (joinStart.length === 0) return;
  for (const p of cr.patterns) {
    const re = p.re;
    re.lastIndex = 0;
    let w = 0;
    let lastAt = -1;
    let m: RegExpExecArray | null;
    while ((m = re.exec(joined)) !== null) {
      if (m[0].length === 0) {
        re.lastIndex++;
        continue;
      }
      while (w + 1 < joinStart.length && joinStart[w + 1] <= m.index) w++;
      const at = textStart[w] + (m.index - joinStart[w]);
      if (at <= lastAt || at >= textEnd[w]) continue;
      // Re-run at the same place on the whole text: real boundaries, lookbehinds and full length.
      p.sticky.lastIndex = at;
      const whole = p.sticky.exec(text);
      if (whole !== null && whole[0].length > 0) {
        lastAt = at;
        consider(text, cr, p, whole, out);
      }
    }
  }
}

/**
 * Runs each pattern anchored at the positions `keywordStart` allows around the keyword starts in
 * `starts`, in text order. Like a global scan, the next attempt begins after a match's end.
 */
function scanAt(text: string, cr: CompiledRecognizer, starts: number[], out: Finding[]): void {
  const { before, after } = cr.startRange!;
  for (let i = 1; i < starts.length; i++) {
    if (starts[i] < starts[i - 1]) {
      starts.sort((a, b) => a - b);
      break;
    }
  }
  const limit = text.length - 1;
  for (const p of cr.patterns) {
    const re = p.sticky;
    let next = 0;
    for (let k = 0; k < starts.length; k++) {
      let at = Math.max(next, starts[k] - before);
      const last = Math.min(limit, starts[k] + after);
      while (at <= last) {
        re.lastIndex = at;
        const m = re.exec(text);
        if (m !== null && m[0].length > 0) {
          consider(text, cr, p, m, out);
          at += m[0].length;
        } else {
          at++;
        }
      }
      if (at > next) next = at;
    }
  }
}

/**
 * Best score accepted so far in this scan per span of a SECRETS finding (key: start * 2^26 +
 * end). A token assigned to `token=` is a candidate of its vendor's recognizer and of the
 * generic ones; recognizers run in priority order, and a later candidate on the same span that
 * cannot score higher than one already accepted never survives overlap resolution (higher
 * score, then longer span, then earlier recognizer win), so its validator is skipped. Secret
 * types only: contextual detectors read the other candidates.
 */
let secretSpans: Map<number, number> | null = null;
const SPAN_KEY_LIMIT = 2 ** 26;

function consider(text: string, cr: CompiledRecognizer, p: CompiledPattern, m: RegExpExecArray, out: Finding[]): void {
  let start = m.index;
  let end = start + m[0].length;
  if (p.group) {
    const span = m.indices?.groups?.[p.group];
    if (!span) return;
    start = span[0];
    end = span[1];
    if (end <= start) return;
  }
  // Cheapest checks first: the validator is a pure function, context needs a regex search.
  const best = p.score + (cr.contextRe !== null ? cr.boost : 0);
  if (best < cr.minScore) return;
  const spanKey = cr.secret && secretSpans !== null ? start * SPAN_KEY_LIMIT + end : -1;
  if (spanKey >= 0 && (secretSpans!.get(spanKey) ?? -1) >= Math.min(1, best)) return;
  const value = text.slice(start, end);
  if (cr.allow.size > 0 && cr.allow.has(value.toLowerCase())) return;
  if (cr.validator && !cr.validator(value)) return;
  if (cr.negativeRe !== null && hasWord(text, start - NEGATIVE_WINDOW, start, cr.negativeRe)) return;
  let score = p.score;
  if (cr.contextRe !== null && score < 1) {
    if (hasWord(text, start - cr.before, start, cr.contextRe) || hasWord(text, end, end + cr.after, cr.contextRe)) {
      score = Math.min(1, score + cr.boost);
    }
  }
  if (score < cr.minScore) return;
  if (spanKey >= 0 && !((secretSpans!.get(spanKey) ?? -1) >= score)) secretSpans!.set(spanKey, score);
  out.push({ type: cr.rec.type, dataTypes: cr.rec.dataTypes, start, end, score: round(score), recognizer: cr.rec.id });
}

function round(score: number): number {
  return Math.round(score * 1000) / 1000;
}

const WORD_START = /^[\p{L}\p{N}]/u;

/**
 * One case-insensitive regex for a list of context words, longest first so the regex engine
 * dispatches on the first character. Words of three letters or fewer ("ssn", "dl", "tel") must
 * end a word in the text (a plural "s" allowed); longer ones may continue ("phone" matches
 * "phones"). That a word starts a word in the text is checked by `hasWord`.
 */
function wordsRegex(words: string[]): RegExp | null {
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
function isWordHit(text: string, start: number, len: number, checkStart: boolean, checkEnd: boolean): boolean {
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
function isWordCode(c: number): boolean {
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
    if (at === 0 || !WORD_START.test(m[0]) || !isWordCode(text.charCodeAt(at - 1))) return true;
    re.lastIndex = m.index + 1;
  }
  return false;
}

/** `text.toLowerCase()` that keeps every UTF-16 offset (a few characters lower-case to two). */
export function lowerSameLength(text: string): string {
  const lower = text.toLowerCase();
  if (lower.length === text.length) return lower;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const l = text[i].toLowerCase();
    out += l.length === 1 ? l : text[i];
  }
  return out;
}

function catalogue(recognizers: readonly Recognizer[], detectors: readonly ContextualDetector[]): FindingTypeInfo[] {
  const byType = new Map<string, FindingTypeInfo>();
  for (const r of [...recognizers, ...detectors]) {
    const known = byType.get(r.type);
    if (known) {
      for (const d of r.dataTypes) if (!known.dataTypes.includes(d)) known.dataTypes.push(d);
    } else {
      byType.set(r.type, { type: r.type, dataTypes: [...r.dataTypes], label: labelFor(r.type) });
    }
  }
  return [...byType.values()];
}

/** The engine with every built-in recognizer and contextual detector (each type labelled). */
export const defaultEngine: Engine = (() => {
  assertLabelled([...builtinRecognizers, ...contextualDetectors]);
  return createEngine();
})();

/** `defaultEngine.scan`. */
export function scan(text: string, opts: ScanOptions): Finding[] {
  return defaultEngine.scan(text, opts);
}
