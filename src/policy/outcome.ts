import type { Finding } from '../detection/types';
import { labelFor } from '../detection/labels';
import { maskWithSpans, obscureSample, type MaskSpan } from '../detection/masking';
import { evaluate, type Evaluation, type RequestContext } from './evaluate';
import type { Decision, Rule } from './types';

/** One finding type of a result: how many, and an obscured sample of its first value. */
export interface DetectedView {
  type: string;
  count: number;
  sample: string | null;
}

/** Everything a check decides from its findings; pure, so the service and the client library share it. */
export interface Outcome {
  evaluation: Evaluation;
  decision: Decision;
  /** Null when blocked. */
  masked: string | null;
  /** Offsets and tokens of the masked values (empty when blocked). */
  spans: MaskSpan[];
  detected: DetectedView[];
  counts: Map<string, number>;
  summary: string;
  /** Findings in the text and in the file name together. */
  findingsTotal: number;
}

/** A submitted file's name and its findings: they count in the decision and the result, and are never masked into the output. */
export interface NameFindings {
  name: string;
  findings: readonly Finding[];
}

export interface DecideOptions {
  inName?: NameFindings;
  /** Whether to return a span per masked value (default true). */
  withSpans?: boolean;
}

const plural = (n: number, label: string) => `${n} × ${label}`;

/** The summary sentence: what was found and which rule decided (names and counts only, never values). */
export function summarize(evaluation: Evaluation, counts: Map<string, number>): string {
  if (counts.size === 0) return 'No sensitive data found.';
  const found = [...counts].map(([type, n]) => plural(n, labelFor(type))).join(', ');
  // Verdicts share their rule objects: the distinct rules first, then their names.
  const decided = new Set<Rule>();
  for (const v of evaluation.verdicts) if (v.rule) decided.add(v.rule);
  const rulesFor = (action: string) => [...new Set([...decided].filter((r) => r.action === action).map((r) => `"${r.name}"`))];
  const rules = (names: string[]) => `${names.length > 1 ? 'rules' : 'rule'} ${names.join(', ')}`;
  switch (evaluation.decision) {
    case 'BLOCKED':
      return `Blocked: found ${found}; blocked by ${rules(rulesFor('BLOCK'))}.`;
    case 'ALLOWED_WITH_MASKING':
      return `Allowed with masking: found ${found}; masked by ${rules(rulesFor('MASK'))}.`;
    default: {
      const allowing = rulesFor('ALLOW');
      return `Allowed: found ${found}; ${allowing.length ? `allowed by ${rules(allowing)}` : 'no rule applies'}.`;
    }
  }
}

/**
 * Evaluates the findings of `text` (and of a file name, `inName`) against `rules`, masks what the
 * rules mask in the text, and summarizes. `withSpans: false` leaves `spans` empty (one object less
 * per masked value when the caller does not return them).
 */
export function decide(text: string, findings: readonly Finding[], rules: Rule[], ctx: RequestContext, opts: DecideOptions = {}): Outcome {
  const { inName, withSpans = true } = opts;
  const all = inName?.findings.length ? [...findings, ...inName.findings] : findings;
  const evaluation = evaluate(all, rules, ctx);
  const blocked = evaluation.decision === 'BLOCKED';
  // verdicts[i] is the verdict of all[i], and findings are the first entries of all.
  const { masked, spans } = blocked ? { masked: null, spans: [] } : maskWithSpans(text, findings, (_, i) => evaluation.verdicts[i].action === 'MASK', withSpans);
  const nameSet = new Set(inName?.findings ?? []);
  const valueOf = (f: Finding) => (nameSet.has(f) ? inName!.name : text).slice(f.start, f.end);
  const detected = detectedItems(all, valueOf, blocked);
  const counts = new Map(detected.map((d) => [d.type, d.count]));
  return { evaluation, decision: evaluation.decision, masked, spans, detected, counts, summary: summarize(evaluation, counts), findingsTotal: all.length };
}

/** One item per finding type, in order of first appearance, with an obscured sample of its first value. */
function detectedItems(findings: readonly Finding[], valueOf: (f: Finding) => string, blocked: boolean): DetectedView[] {
  const items = new Map<string, DetectedView>();
  for (const f of findings) {
    const item = items.get(f.type);
    if (item) {
      item.count++;
      continue;
    }
    const hidePhi = blocked && f.dataTypes.includes('PHI');
    items.set(f.type, { type: f.type, count: 1, sample: hidePhi ? null : obscureSample(f.type, valueOf(f), f.dataTypes) });
  }
  return [...items.values()];
}
