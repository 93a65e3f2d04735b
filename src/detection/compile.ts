/**
 * Compiling recognizers: every check a recognizer's data must pass (ids, types, patterns that
 * compile and cannot backtrack catastrophically, known validators, a legal placement), done
 * once when an engine is built; a bad recognizer throws DetectionConfigError naming its id.
 */
import { spellCaseless } from './caseless';
import { DetectionConfigError } from './errors';
import { firstChars, type FirstChars } from './first-chars';
import { hasNestedUnboundedQuantifier } from './regex-safety';
import { wordsRegex } from './scoring';
import { DATA_TYPES, type DataType, type Placement, type Recognizer, type Validator } from './types';

const ID_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const TYPE_RE = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/;
const DEFAULT_CONTEXT = { before: 64, after: 32 } as const;
const DEFAULT_BOOST = 0.35;
const DEFAULT_MIN_SCORE = 0.5;
/** Largest `start` reach: beyond it, trying every position costs more than a window scan. */
export const MAX_KEYWORD_START = 64;

export interface CompiledPattern {
  name: string;
  score: number;
  /** Global regex for scanning the text or a window. */
  re: RegExp;
  /** Sticky twin: re-checks a window match against the whole text (boundaries, lookbehinds). */
  sticky: RegExp;
  /**
   * Capture group holding the reported value, with a sticky twin that reports group offsets
   * (flag `d`). Offsets cost an allocation per match, so they are asked for only when the value
   * occurs more than once in the match (see `consider`).
   */
  group?: string;
  /** Number of that group (a match's index of it: a keyed load by name is megamorphic across patterns). */
  groupIndex: number;
  indices?: RegExp;
  /** Characters a match can start with (see first-chars.ts); null when unknown. */
  first: FirstChars | null;
}

/** How a compiled recognizer is placed (Placement with the defaults filled in). */
export type CompiledPlacement =
  | { kind: 'everywhere' }
  | { kind: 'gate'; keywords: string[] }
  | { kind: 'window'; keywords: string[]; reach: number; wordKeywords: boolean }
  | { kind: 'start'; keywords: string[]; before: number; after: number }
  | { kind: 'anchor'; source: string; reach: number; window?: { keywords: string[]; reach: number; wordKeywords: boolean }; shapes?: CompiledShape[] };

/** An AnchorShape with its defaults (0, '' for any). */
export interface CompiledShape {
  digits: number;
  run: number;
  anyOf: string;
}

export interface CompiledRecognizer {
  rec: Recognizer<string>;
  order: number;
  /** Reports SECRETS: same-span candidates of other secret recognizers can skip validation. */
  secret: boolean;
  patterns: CompiledPattern[];
  placement: CompiledPlacement;
  /** Keywords of the placement (none for `everywhere` and a bare `anchor`). */
  keywords: string[];
  /** `context` / `negativeContext` compiled to one case-insensitive regex each (null when empty). */
  contextRe: RegExp | null;
  negativeRe: RegExp | null;
  before: number;
  after: number;
  boost: number;
  minScore: number;
  allow: Set<string>;
  validator?: Validator;
}

export function checkMeta(id: string, type: string, dataTypes: DataType[]): void {
  if (!ID_RE.test(id)) throw new DetectionConfigError('invalid_recognizer', id, 'id must be kebab-case');
  if (!TYPE_RE.test(type)) throw new DetectionConfigError('invalid_recognizer', id, 'type must be UPPER_SNAKE');
  if (!Array.isArray(dataTypes) || dataTypes.length === 0 || dataTypes.some((d) => !DATA_TYPES.includes(d))) {
    throw new DetectionConfigError('invalid_recognizer', id, 'dataTypes must be a non-empty list of known data types');
  }
}

export function compileRecognizer(rec: Recognizer<string>, order: number, validators: Record<string, Validator>): CompiledRecognizer {
  const id = rec.id;
  const fail = (problem: string): never => {
    throw new DetectionConfigError('invalid_recognizer', String(id), problem);
  };
  checkMeta(id, rec.type, rec.dataTypes);
  if (rec.pass !== 'local' && rec.pass !== 'full') fail('pass must be local or full');
  if (!Array.isArray(rec.patterns) || rec.patterns.length === 0) fail('at least one pattern is required');
  if (!rec.samples || !Array.isArray(rec.samples.positive) || !Array.isArray(rec.samples.negative)) fail('samples are required');
  const names = new Set<string>();
  const patterns = rec.patterns.map((p): CompiledPattern => {
    if (!p.name || names.has(p.name)) fail(`pattern names must be unique and non-empty (${p.name})`);
    names.add(p.name);
    if (!(p.score >= 0 && p.score <= 1)) fail(`pattern ${p.name}: score must be within 0..1`);
    if (hasNestedUnboundedQuantifier(p.regex)) fail(`pattern ${p.name}: nested unbounded quantifiers can backtrack catastrophically`);
    const given = (p.flags ?? '').replace(/[gyd]/g, '');
    try {
      new RegExp(p.regex, given);
      // A back-reference under flag `i` costs a call into the runtime's case mapping per comparison (caseless.ts).
      const spelled = given.includes('i') && !/[uv]/.test(given) && /\\(?:k<|[1-9])/.test(p.regex) ? spellCaseless(p.regex) : null;
      const source = spelled ?? p.regex;
      const flags = spelled === null ? given : given.replace('i', '');
      const re = new RegExp(source, flags + 'g');
      const sticky = new RegExp(source, flags + 'y');
      if (p.group && captureIndex(p.regex, p.group) < 0) fail(`pattern ${p.name}: no capture group named ${p.group}`);
      const indices = p.group ? new RegExp(source, flags + 'yd') : undefined;
      const groupIndex = p.group ? captureIndex(p.regex, p.group) : 0;
      return { name: p.name, score: p.score, re, sticky, group: p.group, groupIndex, indices, first: firstChars(p.regex, given) };
    } catch (e) {
      if (e instanceof DetectionConfigError) throw e;
      return fail(`pattern ${p.name} does not compile: ${(e as Error).message}`);
    }
  });
  let validator: Validator | undefined;
  if (rec.validator !== undefined) {
    validator = validators[rec.validator];
    if (typeof validator !== 'function') fail(`unknown validator ${rec.validator}`);
  }
  const lowerList = (list: string[] | undefined, what: string): string[] => {
    const out = list ?? [];
    if (!Array.isArray(out) || out.some((w) => typeof w !== 'string' || w.length === 0 || w !== w.toLowerCase())) fail(`${what} must be non-empty lower-case strings`);
    return out;
  };
  const context = lowerList(rec.context, 'context words');
  const placement = compilePlacement(rec.placement, context, lowerList, fail);
  const minScore = rec.minScore ?? DEFAULT_MIN_SCORE;
  const boost = rec.contextBoost ?? DEFAULT_BOOST;
  if (patterns.every((p) => p.score + (context.length ? boost : 0) < minScore)) fail('no pattern can ever reach minScore');
  const keywords =
    placement.kind === 'everywhere' ? [] : placement.kind === 'anchor' ? (placement.window?.keywords ?? []) : placement.keywords;
  return {
    rec,
    order,
    secret: rec.dataTypes.includes('SECRETS'),
    patterns,
    placement,
    keywords,
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

/** The number of the capture group named `name` in `source`: capturing groups opened before it, plus one. */
export function captureIndex(source: string, name: string): number {
  let count = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') {
      i++;
    } else if (c === '[') {
      for (i++; i < source.length && source[i] !== ']'; i++) if (source[i] === '\\') i++;
    } else if (c === '(') {
      if (source[i + 1] !== '?') count++;
      else if (source[i + 2] === '<' && source[i + 3] !== '=' && source[i + 3] !== '!') {
        count++;
        if (source.startsWith(`(?<${name}>`, i)) return count;
      }
    }
  }
  return -1;
}

/** The keywords a recognizer's placement feeds the keyword automaton (context words for a window without its own). */
export function placementKeywords(rec: Pick<Recognizer<string>, 'placement' | 'context'>): string[] {
  const p = rec.placement;
  if (p.kind === 'everywhere') return [];
  if (p.kind === 'gate' || p.kind === 'start') return p.keywords;
  const window = p.kind === 'window' ? p : p.window;
  return window === undefined ? [] : (window.keywords ?? rec.context ?? []);
}

/**
 * Checks a placement and fills in its defaults. The union already rules out illegal
 * combinations for typed data; these checks cover values (sizes, regexes) and untyped input.
 */
function compilePlacement(
  placement: Placement | undefined,
  context: string[],
  lowerList: (list: string[] | undefined, what: string) => string[],
  fail: (problem: string) => never,
): CompiledPlacement {
  if (placement === undefined || typeof placement !== 'object') return fail('placement is required');
  const keywordList = (list: string[] | undefined, what: string): string[] => {
    const out = lowerList(list, 'keywords');
    if (out.length === 0) fail(`${what} needs keywords`);
    return out;
  };
  const window = (w: { keywords?: string[]; reach: number; insideWords?: boolean }, what: string) => {
    const keywords = keywordList(w.keywords ?? context, `${what} (keywords or context words)`);
    if (!(w.reach > 0)) fail(`${what} needs a positive reach`);
    return { keywords, reach: w.reach, wordKeywords: w.insideWords !== true };
  };
  switch (placement.kind) {
    case 'everywhere':
      return { kind: 'everywhere' };
    case 'gate':
      return { kind: 'gate', keywords: keywordList(placement.keywords, 'a gate') };
    case 'window':
      return { kind: 'window', ...window(placement, 'a keyword window') };
    case 'start': {
      const bound = (n: number) => Number.isInteger(n) && n >= 0 && n <= MAX_KEYWORD_START;
      if (!bound(placement.before) || !bound(placement.after)) fail(`a start placement needs before and after within 0..${MAX_KEYWORD_START}`);
      return { kind: 'start', keywords: keywordList(placement.keywords, 'a start placement'), before: placement.before, after: placement.after };
    }
    case 'anchor': {
      const anchor = placement.anchor;
      if (!anchor || !(anchor.reach >= 0) || typeof anchor.regex !== 'string') return fail('anchor needs a regex and a reach');
      if (hasNestedUnboundedQuantifier(anchor.regex)) fail('anchor: nested unbounded quantifiers can backtrack catastrophically');
      try {
        new RegExp(anchor.regex, 'g');
      } catch (e) {
        fail(`anchor does not compile: ${(e as Error).message}`);
      }
      let shapes: CompiledShape[] | undefined;
      if (placement.shapes !== undefined) {
        const count = (n: number | undefined) => n === undefined || (Number.isInteger(n) && n >= 0);
        if (!Array.isArray(placement.shapes) || placement.shapes.length === 0) fail('anchor shapes must be a non-empty list');
        shapes = placement.shapes.map((sh) => {
          if (!count(sh.digits) || !count(sh.run) || (sh.anyOf !== undefined && (typeof sh.anyOf !== 'string' || !/^[\x20-\x7e]+$/.test(sh.anyOf)))) {
            fail('an anchor shape needs whole counts and printable ASCII characters');
          }
          return { digits: sh.digits ?? 0, run: sh.run ?? 0, anyOf: sh.anyOf ?? '' };
        });
      }
      return {
        kind: 'anchor',
        source: anchor.regex,
        reach: anchor.reach,
        window: placement.window === undefined ? undefined : window(placement.window, 'an anchor window'),
        shapes,
      };
    }
    default:
      return fail(`unknown placement kind ${(placement as { kind?: unknown }).kind}`);
  }
}
