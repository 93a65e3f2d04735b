import { RE2JS } from 're2js';
import { DetectionConfigError } from './errors';
import type { CustomPattern, Finding } from './types';

/** Limits that keep one policy's custom patterns cheap to compile and to run. */
export const CUSTOM_PATTERN_LIMITS = { maxPatterns: 100, maxRegexLength: 2000, maxKeywords: 500, maxKeywordLength: 200 };

/** Score of a custom-pattern finding: the customer asked for it explicitly. */
const CUSTOM_SCORE = 0.9;

interface CompiledCustomPattern {
  name: string;
  type: string;
  recognizer: string;
  matchers: RE2JS[];
}

/** Custom patterns compiled once (RE2: linear time in the text, whatever the pattern). */
export interface CompiledCustom {
  readonly patterns: readonly CompiledCustomPattern[];
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
 * Compiles a policy's custom patterns with RE2 (re2js). Throws DetectionConfigError naming the
 * first pattern that is invalid: no name, neither regex nor keywords, RE2 syntax it does not
 * accept (lookaround, backreferences: exactly what could backtrack), or over the size limits.
 */
export function compileCustomPatterns(patterns: readonly CustomPattern[]): CompiledCustom {
  if (patterns.length > CUSTOM_PATTERN_LIMITS.maxPatterns) {
    throw new DetectionConfigError('invalid_custom_pattern', `#${CUSTOM_PATTERN_LIMITS.maxPatterns + 1}`, `at most ${CUSTOM_PATTERN_LIMITS.maxPatterns} custom patterns are allowed`);
  }
  const seen = new Set<string>();
  const compiled = patterns.map((p, index) => {
    const name = typeof p?.name === 'string' ? p.name.trim() : '';
    const label = name || `#${index + 1}`;
    const fail = (problem: string): never => {
      throw new DetectionConfigError('invalid_custom_pattern', label, problem);
    };
    if (!name) fail('a name is required');
    const type = customFindingType(name);
    if (!type) fail('the name must contain a letter or digit');
    if (seen.has(type)) fail('another custom pattern has the same name');
    seen.add(type);
    const matchers: RE2JS[] = [];
    const hasRegex = typeof p.regex === 'string' && p.regex.length > 0;
    const keywords = Array.isArray(p.keywords) ? p.keywords : [];
    if (!hasRegex && keywords.length === 0) fail('give a regex or at least one keyword');
    if (hasRegex) {
      const regex = p.regex as string;
      if (regex.length > CUSTOM_PATTERN_LIMITS.maxRegexLength) fail(`the regex is longer than ${CUSTOM_PATTERN_LIMITS.maxRegexLength} characters`);
      try {
        matchers.push(RE2JS.compile(regex));
      } catch {
        fail('the regex is not valid RE2 syntax (lookaround and backreferences are not supported)');
      }
    }
    if (keywords.length > 0) {
      if (keywords.length > CUSTOM_PATTERN_LIMITS.maxKeywords) fail(`at most ${CUSTOM_PATTERN_LIMITS.maxKeywords} keywords are allowed`);
      const parts = keywords.map((kw) => {
        if (typeof kw !== 'string' || kw.trim() === '') fail('keywords must be non-empty strings');
        const k = kw.trim();
        if (k.length > CUSTOM_PATTERN_LIMITS.maxKeywordLength) fail(`a keyword is longer than ${CUSTOM_PATTERN_LIMITS.maxKeywordLength} characters`);
        // Word boundaries only where the keyword's edge is a word character: `C++` still matches.
        const head = /^\w/.test(k) ? '\\b' : '';
        const tail = /\w$/.test(k) ? '\\b' : '';
        return head + RE2JS.quote(k) + tail;
      });
      matchers.push(RE2JS.compile(`(?:${parts.join('|')})`, RE2JS.CASE_INSENSITIVE));
    }
    return { name, type, recognizer: `custom:${name}`, matchers };
  });
  return { patterns: compiled };
}

/** Runs compiled custom patterns over `text`; empty matches are ignored. */
export function scanCustom(text: string, custom: CompiledCustom): Finding[] {
  const out: Finding[] = [];
  for (const p of custom.patterns) {
    for (const re of p.matchers) {
      for (const m of re.matchAll(text)) {
        const start = m.index ?? 0;
        if (m[0].length === 0) continue;
        out.push({ type: p.type, dataTypes: ['CUSTOM'], start, end: start + m[0].length, score: CUSTOM_SCORE, recognizer: p.recognizer });
      }
    }
  }
  return out;
}
