import { RE2JS } from 're2js';
import { DetectionConfigError } from './errors';
import { KeywordMatcher } from './keyword-matcher';
import type { CustomPattern, Finding } from './types';

/**
 * Limits that keep one policy's custom patterns cheap to compile, to hold and to run. Keywords go
 * into one automaton whose table grows with their total length; regexes cost per scanned byte, so
 * their total is bounded here and their measured cost by `customScanCostMsPerMb`.
 */
export const CUSTOM_PATTERN_LIMITS = {
  maxPatterns: 100,
  maxRegexLength: 2000,
  maxKeywords: 1000,
  maxKeywordLength: 200,
  /** All regex sources of a policy together. */
  maxTotalRegexLength: 20_000,
  /** All keywords of a policy together, in characters. */
  maxTotalKeywordChars: 50_000,
  /** A policy's patterns may not make scanning 1 MB of text take longer than this. */
  maxMsPerMb: 1000,
};

/** Score of a custom-pattern finding: the customer asked for it explicitly. */
const CUSTOM_SCORE = 0.9;

interface PatternMeta {
  type: string;
  recognizer: string;
}

/** Custom patterns compiled once: regexes on RE2 (linear time), all keywords in one automaton. */
export interface CompiledCustom {
  readonly regexes: ReadonlyArray<PatternMeta & { re: RE2JS }>;
  readonly keywords: KeywordMatcher;
  /** By keyword id: the patterns it belongs to, and whether its edges need word boundaries. */
  readonly keywordOwners: ReadonlyArray<{ patterns: PatternMeta[]; head: boolean; tail: boolean }>;
}

/** `project-x` / `Project X` -> `PROJECT_X`. */
export function customFindingType(name: string): string {
  return name
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toUpperCase();
}

/**
 * Compiles a policy's custom patterns. Throws DetectionConfigError naming the first invalid
 * pattern by its position (`#3`), never by its name or content (both may hold customer terms):
 * no name, neither regex nor keywords, RE2 syntax it does not accept (lookaround,
 * backreferences: exactly what could backtrack), or over the size limits.
 */
export function compileCustomPatterns(patterns: readonly CustomPattern[]): CompiledCustom {
  const L = CUSTOM_PATTERN_LIMITS;
  const policyFail = (problem: string): never => {
    throw new DetectionConfigError('invalid_custom_pattern', '*', problem);
  };
  if (patterns.length > L.maxPatterns) policyFail(`at most ${L.maxPatterns} custom patterns are allowed`);
  const totalRegex = patterns.reduce((n, p) => n + (typeof p?.regex === 'string' ? p.regex.length : 0), 0);
  if (totalRegex > L.maxTotalRegexLength) policyFail(`the regexes are longer than ${L.maxTotalRegexLength} characters together`);
  const totalKeywords = patterns.reduce((n, p) => n + (Array.isArray(p?.keywords) ? p.keywords.reduce((m, k) => m + (typeof k === 'string' ? k.length : 0), 0) : 0), 0);
  if (totalKeywords > L.maxTotalKeywordChars) policyFail(`the keywords are longer than ${L.maxTotalKeywordChars} characters together`);

  const seen = new Set<string>();
  const regexes: CompiledCustom['regexes'][number][] = [];
  const keywordIds = new Map<string, number>();
  const keywordOwners: CompiledCustom['keywordOwners'][number][] = [];
  patterns.forEach((p, index) => {
    const fail = (problem: string): never => {
      throw new DetectionConfigError('invalid_custom_pattern', `#${index + 1}`, problem);
    };
    const name = typeof p?.name === 'string' ? p.name.trim() : '';
    if (!name) fail('a name is required');
    const type = customFindingType(name);
    if (!type) fail('the name must contain a letter or digit');
    if (seen.has(type)) fail('another custom pattern has the same name');
    seen.add(type);
    const meta: PatternMeta = { type, recognizer: `custom:${name}` };
    const hasRegex = typeof p.regex === 'string' && p.regex.length > 0;
    const keywords = Array.isArray(p.keywords) ? p.keywords : [];
    if (!hasRegex && keywords.length === 0) fail('give a regex or at least one keyword');
    if (hasRegex) {
      const regex = p.regex as string;
      if (regex.length > L.maxRegexLength) fail(`the regex is longer than ${L.maxRegexLength} characters`);
      try {
        regexes.push({ ...meta, re: RE2JS.compile(regex) });
      } catch {
        fail('the regex is not valid RE2 syntax (lookaround and backreferences are not supported)');
      }
    }
    if (keywords.length > L.maxKeywords) fail(`at most ${L.maxKeywords} keywords are allowed`);
    for (const kw of keywords) {
      if (typeof kw !== 'string' || kw.trim() === '') fail('keywords must be non-empty strings');
      const k = kw.trim();
      if (k.length > L.maxKeywordLength) fail(`a keyword is longer than ${L.maxKeywordLength} characters`);
      // The automaton folds case by the keyword's own characters: give it the lower-case form
      // when that keeps the length (offsets stay those of the text).
      const lower = k.toLowerCase();
      const key = lower.length === k.length ? lower : k;
      let id = keywordIds.get(key);
      if (id === undefined) {
        id = keywordOwners.length;
        keywordIds.set(key, id);
        // Word boundaries only where the keyword's edge is a word character: `C++` still matches.
        keywordOwners.push({ patterns: [], head: /^\w/.test(k), tail: /\w$/.test(k) });
      }
      if (!keywordOwners[id].patterns.includes(meta)) keywordOwners[id].patterns.push(meta);
    }
  });
  return { regexes, keywords: new KeywordMatcher([...keywordIds.keys()]), keywordOwners };
}

const isWordCode = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;

/** Runs compiled custom patterns over `text`; empty matches are ignored. */
export function scanCustom(text: string, custom: CompiledCustom): Finding[] {
  const out: Finding[] = [];
  const push = (p: PatternMeta, start: number, end: number) =>
    out.push({ type: p.type, dataTypes: ['CUSTOM'], start, end, score: CUSTOM_SCORE, recognizer: p.recognizer });
  for (const p of custom.regexes) {
    for (const m of p.re.matchAll(text)) {
      const start = m.index ?? 0;
      if (m[0].length > 0) push(p, start, start + m[0].length);
    }
  }
  const { keywords, keywordOwners } = custom;
  keywords.scan(text, (id, start) => {
    const owner = keywordOwners[id];
    const end = start + keywords.keywords[id].length;
    if (owner.head && start > 0 && isWordCode(text.charCodeAt(start - 1))) return;
    if (owner.tail && end < text.length && isWordCode(text.charCodeAt(end))) return;
    for (const p of owner.patterns) push(p, start, end);
  });
  return out;
}

/** A fixed sample of mixed text (words, numbers, identifiers, addresses) that cost estimates run over. */
function costSample(size: number): string {
  const words = ['the', 'Invoice', 'customer', 'Müller', 'account', 'ref', 'order', 'São', 'data', 'note', 'Project', 'id'];
  const parts: string[] = [];
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
  let length = 0;
  while (length < size) {
    const r = next() % 10;
    const part =
      r < 6 ? words[next() % words.length] : r === 6 ? String(next() % 100000) : r === 7 ? `x${next().toString(36)}@mail.example` : r === 8 ? `AB-${next() % 9999}` : '\n';
    parts.push(part);
    length += part.length + 1;
  }
  return parts.join(' ').slice(0, size);
}

const COST_SAMPLE_BYTES = 64 * 1024;
let sample: string | undefined;

/**
 * The yardstick: a one-class regex whose scan of 1 MB took 38 ms on the reference machine (AMD
 * EPYC, Node 20; the fastest of repeated runs).
 * Costs are measured as multiples of it, so a busy machine slows the yardstick and the patterns
 * alike and the estimate stays put. Pure: a client bundle that never measures costs drops it.
 */
const YARDSTICK = /* @__PURE__ */ RE2JS.compile('[a-z]\\d');
const YARDSTICK_MS_PER_MB = 38;

/** The fastest of a few runs, in ms: what the work costs, not what other processes cost. */
function fastest(run: () => void, stopAboveMs: number, runs = 3): number {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    // performance.now() is the clock both Node and browsers have (the engine stays platform-neutral).
    const t0 = performance.now();
    run();
    best = Math.min(best, performance.now() - t0);
    if (best > stopAboveMs) break;
  }
  return best;
}

const drain = (re: RE2JS, text: string) => {
  for (const _ of re.matchAll(text));
};

/**
 * Estimated milliseconds to run these patterns over 1 MB of text on the reference machine,
 * measured on a 64 KB sample against the yardstick. Measurement stops as soon as the running
 * estimate passes `stopAboveMs`, so estimating a hopeless policy costs about a sixteenth of that
 * budget (in yardstick terms). Run on every policy save, in a worker thread (src/scanner/pool.ts).
 */
export function customScanCostMsPerMb(custom: CompiledCustom, stopAboveMs = CUSTOM_PATTERN_LIMITS.maxMsPerMb): number {
  sample ??= costSample(COST_SAMPLE_BYTES);
  const text = sample;
  // The yardstick's first runs also warm the matcher code every regex shares.
  const unit = Math.max(fastest(() => drain(YARDSTICK, text), Infinity, 6), 1e-3);
  const toMsPerMb = (ms: number) => (ms / unit) * YARDSTICK_MS_PER_MB;
  const stopMs = (stopAboveMs / YARDSTICK_MS_PER_MB) * unit;
  let total = 0;
  for (const p of custom.regexes) {
    total += toMsPerMb(fastest(() => drain(p.re, text), stopMs));
    if (total > stopAboveMs) return total;
  }
  total += toMsPerMb(fastest(() => custom.keywords.scan(text, () => undefined), stopMs));
  return total;
}
