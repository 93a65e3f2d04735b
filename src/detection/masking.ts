import type { Finding } from './types';

/** Where a mask token stands in for a value: offsets into the original text, never the value. */
export interface MaskSpan {
  type: string;
  start: number;
  end: number;
  token: string;
}

/**
 * Replaces each finding chosen by `shouldMask` with `[TYPE_n]`, where n numbers the distinct values
 * of that type within this text, so the same value always gets the same token (docs/api-contract.md#preflight-checks).
 * Findings must not overlap (the engine guarantees it); order does not matter. Also returns the
 * spans replaced, so a client can put the values back (docs: sdk/README.md, "Reversible masking"),
 * unless `withSpans` is false.
 */
export function maskWithSpans(
  text: string,
  findings: readonly Finding[],
  shouldMask: (f: Finding, index: number) => boolean,
  withSpans = true,
): { masked: string; spans: MaskSpan[] } {
  const chosen = findings.filter(shouldMask).sort((a, b) => a.start - b.start);
  if (chosen.length === 0) return { masked: text, spans: [] };
  /** The token of each distinct value, by type. */
  const tokens = new Map<string, Map<string, string>>();
  const parts: string[] = [];
  const spans: MaskSpan[] = [];
  let pos = 0;
  for (const f of chosen) {
    if (f.start < pos) continue; // defensive: skip an overlap rather than corrupt the text
    const value = text.slice(f.start, f.end);
    let byValue = tokens.get(f.type);
    if (!byValue) tokens.set(f.type, (byValue = new Map()));
    let token = byValue.get(value);
    if (token === undefined) byValue.set(value, (token = `[${f.type}_${byValue.size + 1}]`));
    parts.push(text.slice(pos, f.start), token);
    if (withSpans) spans.push({ type: f.type, start: f.start, end: f.end, token });
    pos = f.end;
  }
  parts.push(text.slice(pos));
  return { masked: parts.join(''), spans };
}

const keepTail = (s: string, n: number) => (s.length <= n ? '*'.repeat(s.length) : s.slice(-n));

/**
 * A partially obscured sample of a value, showing at most a few characters (docs/api-contract.md#preflight-checks):
 * `j***@example.com`, `***-**-6789`, `**** **** **** 1111`. Returns null for values that must not
 * be shown at all (secrets); the caller also nulls PHI samples when a check is blocked.
 */
export function obscureSample(type: string, value: string, dataTypes: readonly string[]): string | null {
  if (dataTypes.includes('SECRETS')) return null;
  const v = value.trim();
  if (type === 'EMAIL') {
    const at = v.lastIndexOf('@');
    if (at > 0) return `${v[0]}***${v.slice(at)}`;
  }
  const digits = v.replace(/\D/g, '');
  if (digits.length >= 6 && digits.length / v.replace(/\s/g, '').length > 0.6) {
    // Keep the separators' shape, reveal only the last 4 digits.
    let seen = 0;
    const revealFrom = digits.length - 4;
    return v.replace(/\d/g, (d) => (seen++ >= revealFrom ? d : '*'));
  }
  if (v.length <= 4) return '*'.repeat(v.length);
  // Names, addresses, identifiers: first character and the last two, the rest starred (max 12 stars).
  const stars = '*'.repeat(Math.min(12, Math.max(3, v.length - 3)));
  return `${v[0]}${stars}${keepTail(v, 2)}`;
}
