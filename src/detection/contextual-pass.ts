/**
 * The contextual pass: detectors that need more than patterns (names, addresses, health
 * context) run after the pattern recognizers of the full pass, reading their candidates.
 */
import { endScan } from './contextual/shared';
import type { ContextualDetector, Finding } from './types';

/** Runs `detectors` over `text`; their findings are appended to `candidates`. */
export function runContextual(text: string, detectors: readonly ContextualDetector[], candidates: Finding[]): void {
  // The lower-cased copy costs a pass over the text; made only if a detector reads it.
  let lower: string | undefined;
  const ctx = {
    get lower(): string {
      return (lower ??= lowerSameLength(text));
    },
    findings: candidates.slice(),
  };
  try {
    for (const d of detectors) {
      for (const f of d.detect(text, ctx)) candidates.push(f);
    }
  } finally {
    // The detectors' shared state of this scan (contextual/shared.ts) ends with the pass: its token arrays serve the next scan.
    endScan(ctx);
  }
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
