import { contextualDetectors } from './contextual';
import { compileCustomPatterns, scanCustom, type CompiledCustom } from './custom';
import { DetectionConfigError } from './errors';
import { KeywordMatcher } from './keyword-matcher';
import { labelFor } from './labels';
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
  patterns: CompiledPattern[];
  keywords: string[];
  windowed: boolean;
  window: number;
  context: string[];
  negative: string[];
  before: number;
  after: number;
  boost: number;
  minScore: number;
  allow: Set<string>;
  validator?: Validator;
}

interface PassPlan {
  recs: CompiledRecognizer[];
  matcher: KeywordMatcher;
  /** For each keyword id, the indices into `recs` of the recognizers that use it. */
  keywordRecs: number[][];
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
    const custom = opts?.compiledCustom ?? this.custom(opts?.customPatterns);
    if (text.length === 0) return [];
    const plan = full ? this.fullPlan : this.localPlan;
    const hits: (number[] | null)[] = new Array(plan.recs.length).fill(null);
    const { keywordRecs } = plan;
    const kwLen = plan.matcher.keywords.map((k) => k.length);
    plan.matcher.scan(text, (kw, start) => {
      const recs = keywordRecs[kw];
      for (let i = 0; i < recs.length; i++) {
        const list = hits[recs[i]] ?? (hits[recs[i]] = []);
        list.push(start, start + kwLen[kw]);
      }
    });
    for (let r = 0; r < plan.recs.length; r++) {
      const cr = plan.recs[r];
      const h = hits[r];
      if (cr.keywords.length > 0 && h === null) continue;
      if (cr.windowed && h !== null) scanWindows(text, cr, windows(h, cr.window, text.length), candidates);
      else scanWhole(text, cr, candidates);
    }
    if (custom) candidates.push(...scanCustom(text, custom));
    if (full && this.detectors.length > 0) {
      const ctx = { lower: lowerSameLength(text), findings: candidates.slice() };
      for (const d of this.detectors) {
        for (const f of d.detect(text, ctx)) candidates.push(f);
      }
    }
    const unknown = this.orderById.size;
    return resolveOverlaps(candidates, (f) => this.orderById.get(f.recognizer) ?? unknown);
  }

  private custom(patterns: CustomPattern[] | undefined): CompiledCustom | undefined {
    if (!patterns || patterns.length === 0) return undefined;
    const key = JSON.stringify(patterns);
    let compiled = this.customCache.get(key);
    if (!compiled) {
      compiled = compileCustomPatterns(patterns);
      if (this.customCache.size >= 64) this.customCache.delete(this.customCache.keys().next().value as string);
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
  const windowed = rec.keywordWindow !== undefined;
  const keywords = lowerList(rec.keywords ?? (windowed ? rec.context : undefined), 'keywords');
  if (windowed && (keywords.length === 0 || !(rec.keywordWindow! > 0))) fail('keywordWindow needs keywords (or context words) and a positive size');
  const minScore = rec.minScore ?? DEFAULT_MIN_SCORE;
  const boost = rec.contextBoost ?? DEFAULT_BOOST;
  if (patterns.every((p) => p.score + (context.length ? boost : 0) < minScore)) fail('no pattern can ever reach minScore');
  return {
    rec,
    order,
    patterns,
    keywords,
    windowed,
    window: rec.keywordWindow ?? 0,
    context,
    negative: lowerList(rec.negativeContext, 'negative context words'),
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
  return { recs, matcher: new KeywordMatcher([...keywordIndex.keys()]), keywordRecs };
}

/** Merged [start, end) windows reaching `reach` characters around each keyword hit. */
function windows(hits: number[], reach: number, length: number): number[] {
  const spans: number[][] = [];
  for (let i = 0; i < hits.length; i += 2) spans.push([Math.max(0, hits[i] - reach), Math.min(length, hits[i + 1] + reach)]);
  spans.sort((a, b) => a[0] - b[0]);
  const out: number[] = [];
  for (const [a, b] of spans) {
    const last = out.length - 1;
    if (last > 0 && a <= out[last]) out[last] = Math.max(out[last], b);
    else out.push(a, b);
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

/** How far past a window its slice reaches, so a value starting inside is never cut short. */
const WINDOW_MARGIN = 256;

function scanWindows(text: string, cr: CompiledRecognizer, spans: number[], out: Finding[]): void {
  const margin = Math.max(WINDOW_MARGIN, cr.window);
  for (let w = 0; w < spans.length; w += 2) {
    const a = spans[w];
    const b = spans[w + 1];
    const slice = text.slice(a, Math.min(text.length, b + margin));
    for (const p of cr.patterns) {
      const re = p.re;
      re.lastIndex = 0;
      let m: RegExpExecArray | null;
      while ((m = re.exec(slice)) !== null) {
        if (m[0].length === 0) {
          re.lastIndex++;
          continue;
        }
        if (a + m.index >= b) break;
        // The slice may cut a token: re-run at the same place on the whole text.
        p.sticky.lastIndex = a + m.index;
        const whole = p.sticky.exec(text);
        if (whole !== null && whole[0].length > 0) consider(text, cr, p, whole, out);
      }
    }
  }
}

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
  const value = text.slice(start, end);
  if (cr.allow.size > 0 && cr.allow.has(value.toLowerCase())) return;
  if (cr.negative.length > 0 && hasWord(text, Math.max(0, start - NEGATIVE_WINDOW), start, cr.negative)) return;
  let score = p.score;
  if (cr.context.length > 0 && (score < 1 || score < cr.minScore)) {
    if (
      hasWord(text, Math.max(0, start - cr.before), start, cr.context) ||
      hasWord(text, end, Math.min(text.length, end + cr.after), cr.context)
    ) {
      score = Math.min(1, score + cr.boost);
    }
  }
  if (score < cr.minScore) return;
  if (cr.validator && !cr.validator(value)) return;
  out.push({ type: cr.rec.type, dataTypes: cr.rec.dataTypes, start, end, score: round(score), recognizer: cr.rec.id });
}

function round(score: number): number {
  return Math.round(score * 1000) / 1000;
}

const WORDISH = /[\p{L}\p{N}]/u;

/**
 * Whether one of `words` occurs in text[from, to) starting at a word start. Words of three
 * letters or fewer ("ssn", "dl", "tel") must also end at a word end (a plural "s" is allowed),
 * longer ones may continue ("phone" matches "phones", "phonebook").
 */
function hasWord(text: string, from: number, to: number, words: string[]): boolean {
  if (to <= from) return false;
  const seg = text.slice(from, to).toLowerCase();
  for (const w of words) {
    let i = seg.indexOf(w);
    while (i >= 0) {
      const prev = i > 0 ? seg[i - 1] : from > 0 ? text[from - 1] : '';
      if (!(prev && WORDISH.test(prev) && WORDISH.test(w[0]))) {
        if (w.length > 3 || !WORDISH.test(w[w.length - 1])) return true;
        const next = seg[i + w.length] ?? '';
        const afterNext = seg[i + w.length + 1] ?? '';
        if (!next || !/\p{L}/u.test(next) || (next === 's' && !(afterNext && /\p{L}/u.test(afterNext)))) return true;
      }
      i = seg.indexOf(w, i + 1);
    }
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
      if (r.label && known.label === labelFor(r.type)) known.label = r.label;
    } else {
      byType.set(r.type, { type: r.type, dataTypes: [...r.dataTypes], label: r.label ?? labelFor(r.type) });
    }
  }
  return [...byType.values()];
}

/** The engine with every built-in recognizer and contextual detector. */
export const defaultEngine: Engine = createEngine();

/** `defaultEngine.scan`. */
export function scan(text: string, opts: ScanOptions): Finding[] {
  return defaultEngine.scan(text, opts);
}
