/**
 * The detection engine: builds the plans of the two passes once, then per scan runs the pattern
 * recognizers by their placement (placement.ts), a policy's custom patterns (custom.ts), the
 * contextual detectors in the full pass (contextual-pass.ts), scans entity-encoded lines
 * decoded (entities.ts), and resolves overlaps (overlap.ts). Recognizer data is checked when the engine is built (checks.ts).
 */
import { contextualDetectors } from './contextual';
import { catalogue } from './catalogue';
import { assertLabelled, checkMeta, checkRecognizer } from './checks';
import { compileRecognizer } from './compile';
import { runContextual } from './contextual-pass';
import { compileCustomPatterns, scanCustom, type CompiledCustom } from './custom';
import { entityLines } from './entities';
import { DetectionConfigError } from './errors';
import { resolveOverlaps } from './overlap';
import { plan, runPlan, type PassPlan } from './placement';
import { recognizers as builtinRecognizers } from './recognizers';
import { ScanState } from './scoring';
import type { ContextualDetector, CustomPattern, Finding, FindingTypeInfo, Recognizer, Validator } from './types';
import { validators as builtinValidators } from './validators';

export { compileCustomPatterns, type CompiledCustom } from './custom';
export { lowerSameLength } from './contextual-pass';

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
  readonly recognizers: readonly Recognizer<string>[];
  /** The contextual detectors this engine runs in the full pass. */
  readonly detectors: readonly ContextualDetector[];
  /** Every finding type this engine can report, with its data types and label. */
  readonly findingTypes: readonly FindingTypeInfo[];
}

/**
 * Builds an engine. Every pattern is compiled here, once; a bad recognizer (duplicate id, bad
 * type, pattern that does not compile or nests unbounded quantifiers, unknown validator, bad
 * placement) throws DetectionConfigError naming its id. Recognizers name validators of
 * `validators` (the built-in ones by default).
 */
export function createEngine<V extends string = keyof typeof builtinValidators>(opts?: {
  recognizers?: Recognizer<V>[];
  detectors?: ContextualDetector[];
  validators?: Record<V, Validator>;
}): Engine {
  return new DetectionEngine(
    opts?.recognizers ?? builtinRecognizers,
    opts?.detectors ?? contextualDetectors,
    opts?.validators ?? builtinValidators,
  );
}

class DetectionEngine implements Engine {
  readonly recognizers: readonly Recognizer<string>[];
  readonly detectors: readonly ContextualDetector[];
  readonly findingTypes: readonly FindingTypeInfo[];
  private readonly localPlan: PassPlan;
  private readonly fullPlan: PassPlan;
  private readonly orderById = new Map<string, number>();
  private readonly customCache = new Map<string, CompiledCustom>();
  /**
   * A finding's recognizer's place in `orderById` (unknown ones last), for `resolveOverlaps`. Made
   * once: a closure made per scan was compiled against that scan and thrown away after it.
   */
  private readonly orderOf = (f: Finding): number => this.orderById.get(f.recognizer) ?? this.orderById.size;

  constructor(recognizers: Recognizer<string>[], detectors: ContextualDetector[], validators: Record<string, Validator>) {
    this.recognizers = Object.freeze(recognizers.slice());
    this.detectors = Object.freeze(detectors.slice());
    const compiled = recognizers.map((rec, order) => {
      checkRecognizer(rec, validators);
      return compileRecognizer(rec, order, validators);
    });
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
    this.candidates(text, full, custom, candidates);
    // Entity-encoded values (entities.ts): findings of a decoded line that cover an entity, and
    // secrets delimited by one (`Password=&quot;a;b&quot;`, `&lt;pass&gt;x&lt;/pass&gt;`), mapped back.
    if (text.includes('&')) {
      for (const line of entityLines(text)) {
        const decoded: Finding[] = [];
        this.candidates(line.text, full, custom, decoded);
        // Whether decoded character k came from an entity.
        const entity = (k: number) => k >= 0 && k < line.starts.length - 1 && line.starts[k + 1] - line.starts[k] > 1;
        for (const f of decoded) {
          const start = line.starts[f.start];
          const end = line.starts[f.end];
          const delimited = f.dataTypes.includes('SECRETS') && (entity(f.start - 1) || entity(f.end));
          if (end - start !== f.end - f.start || delimited) candidates.push({ ...f, start, end });
        }
      }
    }
    return resolveOverlaps(candidates, this.orderOf);
  }

  private candidates(text: string, full: boolean, custom: CompiledCustom | undefined, out: Finding[]): void {
    runPlan(text, full ? this.fullPlan : this.localPlan, new ScanState(), out);
    if (custom) out.push(...scanCustom(text, custom));
    if (full && this.detectors.length > 0) runContextual(text, this.detectors, out);
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

/** The engine with every built-in recognizer and contextual detector (each type labelled). */
export const defaultEngine: Engine = (() => {
  assertLabelled([...builtinRecognizers, ...contextualDetectors]);
  return createEngine();
})();

/** `defaultEngine.scan`. */
export function scan(text: string, opts: ScanOptions): Finding[] {
  return defaultEngine.scan(text, opts);
}
