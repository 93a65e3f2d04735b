/**
 * Compiling recognizers: the regexes, their first characters and the placement with its defaults
 * filled in, once when an engine is built, from data that checks.ts has found valid.
 */
import { spellCaseless } from './caseless';
import { firstChars, wordLed, type FirstChars } from './first-chars';
import { startFit, tokens, type StartFit } from './keyword-fit';
import { wordsRegex } from './scoring';
import type { DataType, KeywordWindow, Placement, Recognizer, Validator } from './types';

const DEFAULT_CONTEXT = { before: 64, after: 32 } as const;
export const DEFAULT_BOOST = 0.35;
export const DEFAULT_MIN_SCORE = 0.5;

export interface CompiledPattern {
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
  /** The pattern's `lead`, global and case-insensitive (see scanJoined). */
  lead?: RegExp;
  /** The pattern's `run`, its class as a table by ASCII code (see scanRuns). */
  run?: { length: number; of: Uint8Array };
}

/** How a compiled recognizer is placed (Placement with the defaults filled in). */
export type CompiledPlacement =
  | { kind: 'everywhere' }
  | { kind: 'gate'; keywords: string[] }
  | { kind: 'window'; keywords: string[]; reach: number; wordKeywords: boolean }
  | { kind: 'start'; keywords: string[]; before: number; after: number; leading?: RegExp; ascii?: Uint8Array }
  | { kind: 'anchor'; source: string; reach: number; window?: { keywords: string[]; reach: number; wordKeywords: boolean }; shapes?: CompiledShape[]; near?: number };

/** An AnchorShape with its defaults (0, '' for any). */
export interface CompiledShape {
  digits: number;
  run: number;
  anyOf: string;
}

export interface CompiledRecognizer {
  rec: Recognizer<string>;
  /**
   * `rec`'s type, data types and id, read for every finding: recognizer objects come in many
   * shapes (their optional fields), so reading them through `rec` is a megamorphic load.
   */
  type: string;
  dataTypes: DataType[];
  id: string;
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
  /** For a `start` placement that tries the keyword start alone: which patterns may match after which keywords (keyword-fit.ts). */
  fit: StartFit | null;
}

export function compileRecognizer(rec: Recognizer<string>, order: number, validators: Record<string, Validator>): CompiledRecognizer {
  const patterns = rec.patterns.map((p): CompiledPattern => {
    const given = (p.flags ?? '').replace(/[gyd]/g, '');
    // A back-reference under flag `i` costs a call into the runtime's case mapping per comparison (caseless.ts).
    const spelled = given.includes('i') && !/[uv]/.test(given) && /\\(?:k<|[1-9])/.test(p.regex) ? spellCaseless(p.regex) : null;
    const source = spelled ?? p.regex;
    const flags = spelled === null ? given : given.replace('i', '');
    const first = firstChars(p.regex, given);
    return {
      score: p.score,
      // Global scans only: a sticky attempt is already filtered by `first`.
      re: new RegExp((wordLed(first) && !source.startsWith('\\b') ? '\\b' : '') + source, flags + 'g'),
      sticky: new RegExp(source, flags + 'y'),
      group: p.group,
      groupIndex: p.group ? captureIndex(p.regex, p.group) : 0,
      indices: p.group ? new RegExp(source, flags + 'yd') : undefined,
      first,
      lead: p.lead === undefined ? undefined : new RegExp(p.lead, 'gi'),
      run: p.run && { length: p.run.length, of: asciiTable(new RegExp(p.run.of)) },
    };
  });
  const context = rec.context ?? [];
  const placement = compilePlacement(rec.placement, context);
  const keywords =
    placement.kind === 'everywhere' ? [] : placement.kind === 'anchor' ? (placement.window?.keywords ?? []) : placement.keywords;
  return {
    rec,
    type: rec.type,
    dataTypes: rec.dataTypes,
    id: rec.id,
    order,
    secret: rec.dataTypes.includes('SECRETS'),
    patterns,
    placement,
    keywords,
    contextRe: wordsRegex(context),
    negativeRe: wordsRegex(rec.negativeContext ?? []),
    before: rec.contextWindow?.before ?? DEFAULT_CONTEXT.before,
    after: rec.contextWindow?.after ?? DEFAULT_CONTEXT.after,
    boost: rec.contextBoost ?? DEFAULT_BOOST,
    minScore: rec.minScore ?? DEFAULT_MIN_SCORE,
    allow: new Set((rec.allowList ?? []).map((v) => v.toLowerCase())),
    validator: rec.validator === undefined ? undefined : validators[rec.validator],
    fit:
      placement.kind === 'start' && placement.before + placement.after === 0 && !placement.leading
        ? startFit(keywords, patterns.map((p) => p.sticky))
        : null,
  };
}

/** Whether `re` matches each ASCII character, by code. */
function asciiTable(re: RegExp): Uint8Array {
  return new Uint8Array(128).map((_, c) => +re.test(String.fromCharCode(c)));
}

/** The number of the capture group named `name` in `source`: capturing groups opened before it, plus one. */
export function captureIndex(source: string, name: string): number {
  let count = 0;
  for (const t of tokens(source)) {
    if (t === '(' || /^\(\?<[^=!]/.test(t)) {
      count++;
      if (t === `(?<${name}>`) return count;
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

/** A placement with its defaults filled in (a window without keywords opens on the context words). */
function compilePlacement(placement: Placement, context: string[]): CompiledPlacement {
  const window = (w: KeywordWindow) => ({ keywords: w.keywords ?? context, reach: w.reach, wordKeywords: w.insideWords !== true });
  switch (placement.kind) {
    case 'everywhere':
      return { kind: 'everywhere' };
    case 'gate':
      return { kind: 'gate', keywords: placement.keywords };
    case 'window':
      return { kind: 'window', ...window(placement) };
    case 'start': {
      // `leading` as a regex, and its verdict on each ASCII character (what the scan reads).
      const leading = placement.leading === undefined ? undefined : new RegExp(placement.leading);
      const ascii = leading && asciiTable(leading);
      return { kind: 'start', keywords: placement.keywords, before: placement.before ?? 0, after: placement.after ?? 0, leading, ascii };
    }
    case 'anchor':
      return {
        kind: 'anchor',
        source: placement.anchor.regex,
        reach: placement.anchor.reach,
        window: placement.window === undefined ? undefined : window(placement.window),
        shapes: placement.shapes?.map((sh) => ({ digits: sh.digits ?? 0, run: sh.run ?? 0, anyOf: sh.anyOf ?? '' })),
        near: placement.near,
      };
  }
}
