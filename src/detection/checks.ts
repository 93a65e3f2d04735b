/**
 * Checks of recognizer data: ids, types, patterns that compile and cannot backtrack
 * catastrophically, known validators, a legal placement, labels. An engine runs them once, when
 * it is built, before compiling (compile.ts assumes checked data); a bad recognizer throws
 * DetectionConfigError naming its id. Apart from compiling so that the client library, which
 * runs only the built-in recognizers the service's tests build engines from, leaves them out of
 * its bundle (sdk/tsup.config.ts).
 */
import { captureIndex, DEFAULT_BOOST, DEFAULT_MIN_SCORE } from './compile';
import { DetectionConfigError } from './errors';
import { FINDING_LABELS } from './labels';
import { hasNestedUnboundedQuantifier } from './regex-safety';
import { DATA_TYPES, type DataType, type Placement, type Recognizer, type Validator } from './types';

const ID_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const TYPE_RE = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/;
/** Largest `start` reach: beyond it, trying every position costs more than a window scan. */
export const MAX_KEYWORD_START = 64;

export function checkMeta(id: string, type: string, dataTypes: DataType[]): void {
  if (!ID_RE.test(id)) throw new DetectionConfigError('invalid_recognizer', id, 'id must be kebab-case');
  if (!TYPE_RE.test(type)) throw new DetectionConfigError('invalid_recognizer', id, 'type must be UPPER_SNAKE');
  if (!Array.isArray(dataTypes) || dataTypes.length === 0 || dataTypes.some((d) => !DATA_TYPES.includes(d))) {
    throw new DetectionConfigError('invalid_recognizer', id, 'dataTypes must be a non-empty list of known data types');
  }
}

/** Start-up check: every finding type a built-in recognizer reports has its catalogue label. */
export function assertLabelled(sources: readonly { id: string; type: string }[]): void {
  for (const s of sources) {
    if (!Object.prototype.hasOwnProperty.call(FINDING_LABELS, s.type)) {
      throw new DetectionConfigError('invalid_recognizer', s.id, `finding type ${s.type} has no label in src/detection/labels.ts`);
    }
  }
}

export function checkRecognizer(rec: Recognizer<string>, validators: Record<string, Validator>): void {
  const fail = (problem: string): never => {
    throw new DetectionConfigError('invalid_recognizer', String(rec.id), problem);
  };
  checkMeta(rec.id, rec.type, rec.dataTypes);
  if (rec.pass !== 'local' && rec.pass !== 'full') fail('pass must be local or full');
  if (!Array.isArray(rec.patterns) || rec.patterns.length === 0) fail('at least one pattern is required');
  if (!rec.samples || !Array.isArray(rec.samples.positive) || !Array.isArray(rec.samples.negative)) fail('samples are required');
  const names = new Set<string>();
  for (const p of rec.patterns) {
    if (!p.name || names.has(p.name)) fail(`pattern names must be unique and non-empty (${p.name})`);
    names.add(p.name);
    if (!(p.score >= 0 && p.score <= 1)) fail(`pattern ${p.name}: score must be within 0..1`);
    if (hasNestedUnboundedQuantifier(p.regex)) fail(`pattern ${p.name}: nested unbounded quantifiers can backtrack catastrophically`);
    try {
      new RegExp(p.regex, (p.flags ?? '').replace(/[gyd]/g, ''));
      if (p.lead !== undefined) new RegExp(p.lead, 'gi');
    } catch (e) {
      fail(`pattern ${p.name} does not compile: ${(e as Error).message}`);
    }
    // One class of printable ASCII characters, not negated: no other character belongs to it.
    if (p.run !== undefined && !(p.run.length >= 1 && /^\[(?!\^)[ -[_-~]+\]$/.test(p.run.of) && rec.placement.kind === 'everywhere')) {
      fail(`pattern ${p.name}: run needs a length, one class of printable ASCII characters and an everywhere placement`);
    }
    if (p.lead !== undefined && hasNestedUnboundedQuantifier(p.lead)) fail(`pattern ${p.name}: its lead nests unbounded quantifiers`);
    if (p.group && captureIndex(p.regex, p.group) < 0) fail(`pattern ${p.name}: no capture group named ${p.group}`);
  }
  if (rec.validator !== undefined && typeof validators[rec.validator] !== 'function') fail(`unknown validator ${rec.validator}`);
  const lowerList = (list: string[] | undefined, what: string): string[] => {
    const out = list ?? [];
    if (!Array.isArray(out) || out.some((w) => typeof w !== 'string' || w.length === 0 || w !== w.toLowerCase())) fail(`${what} must be non-empty lower-case strings`);
    return out;
  };
  const context = lowerList(rec.context, 'context words');
  checkPlacement(rec.placement, context, lowerList, fail);
  const boost = rec.contextBoost ?? DEFAULT_BOOST;
  if (rec.patterns.every((p) => p.score + (context.length ? boost : 0) < (rec.minScore ?? DEFAULT_MIN_SCORE))) fail('no pattern can ever reach minScore');
  lowerList(rec.negativeContext, 'negative context words');
}

/** The union already rules out illegal combinations for typed data; these checks cover values (sizes, regexes) and untyped input. */
function checkPlacement(
  placement: Placement | undefined,
  context: string[],
  lowerList: (list: string[] | undefined, what: string) => string[],
  fail: (problem: string) => never,
): void {
  if (placement === undefined || typeof placement !== 'object') return fail('placement is required');
  const keywordList = (list: string[] | undefined, what: string) => {
    if (lowerList(list, 'keywords').length === 0) fail(`${what} needs keywords`);
  };
  const window = (w: { keywords?: string[]; reach: number }, what: string) => {
    keywordList(w.keywords ?? context, `${what} (keywords or context words)`);
    if (!(w.reach > 0)) fail(`${what} needs a positive reach`);
  };
  switch (placement.kind) {
    case 'everywhere':
      return;
    case 'gate':
      return keywordList(placement.keywords, 'a gate');
    case 'window':
      return window(placement, 'a keyword window');
    case 'start': {
      const { leading } = placement;
      const bound = (n: number, max: number) => Number.isInteger(n) && n >= 0 && n <= max;
      // With `leading`, positions before the run of its characters cost nothing: `before` may reach further.
      if (!bound(placement.before ?? 0, leading === undefined ? MAX_KEYWORD_START : 4 * MAX_KEYWORD_START) || !bound(placement.after ?? 0, MAX_KEYWORD_START)) {
        fail(`a start placement needs before and after within 0..${MAX_KEYWORD_START} (before within 0..${4 * MAX_KEYWORD_START} with leading)`);
      }
      if (leading !== undefined) {
        try {
          if (!/^\[(?:\\.|[^\]\\])+\]$/.test(leading)) throw new Error();
          new RegExp(leading);
        } catch {
          fail('leading must be one character class');
        }
      }
      return keywordList(placement.keywords, 'a start placement');
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
      if (placement.shapes !== undefined) {
        const count = (n: number | undefined) => n === undefined || (Number.isInteger(n) && n >= 0);
        if (!Array.isArray(placement.shapes) || placement.shapes.length === 0) fail('anchor shapes must be a non-empty list');
        for (const sh of placement.shapes) {
          if (!count(sh.digits) || !count(sh.run) || (sh.anyOf !== undefined && (typeof sh.anyOf !== 'string' || !/^[\x20-\x7e]+$/.test(sh.anyOf)))) {
            fail('an anchor shape needs whole counts and printable ASCII characters');
          }
        }
      }
      if (placement.window !== undefined) window(placement.window, 'an anchor window');
      if (placement.near !== undefined && (!Number.isInteger(placement.near) || placement.near < 0 || placement.window !== undefined)) {
        fail('anchor near must be a whole count, without a keyword window');
      }
      return;
    }
    default:
      return fail(`unknown placement kind ${(placement as { kind?: unknown }).kind}`);
  }
}
