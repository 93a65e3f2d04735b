import type { Finding } from '../../detection/types';
import { maskText, obscureSample } from '../../detection/masking';
import { labelFor } from '../../detection/labels';
import type { ScanOptions } from '../../detection/engine';
import { scan } from '../../detection';
import { evaluate, type Evaluation, type RequestContext } from '../../policy/evaluate';
import type { Decision, Rule } from '../../policy/types';

export interface DetectedView {
  type: string;
  count: number;
  sample: string | null;
}

/** One check's detection work, as plain data so it can run in a worker thread. */
export interface AnalysisInput {
  text: string;
  /** A submitted file's name: scanned like content and counted in the decision, never masked into the output. */
  name?: string;
  scan: ScanOptions;
  rules: Rule[];
  context: RequestContext;
}

/** What a check needs back: no finding offsets and no raw values cross threads. */
export interface Analysis {
  decision: Decision;
  summary: string;
  detected: DetectedView[];
  findingsTotal: number;
  /** Masked text; null when the check is blocked. */
  masked: string | null;
}

const plural = (n: number, label: string) => `${n} × ${label}`;

/** The summary sentence: what was found and which rule decided (names and counts only, never values). */
export function summarize(evaluation: Evaluation, counts: Map<string, number>): string {
  if (counts.size === 0) return 'No sensitive data found.';
  const found = [...counts].map(([type, n]) => plural(n, labelFor(type))).join(', ');
  const rulesFor = (action: string) => {
    const names = new Set<string>();
    for (const v of evaluation.verdicts) if (v.action === action && v.rule) names.add(`"${v.rule.name}"`);
    return [...names];
  };
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
 * Scans, decides, masks and counts one check. The file name's findings join the content's in the
 * decision and the counts; masking applies to the content only (the masked file gets a generic name).
 */
export function analyze(input: AnalysisInput): Analysis {
  const inText = scan(input.text, input.scan);
  const inName = input.name ? scan(input.name, input.scan) : [];
  const all = inName.length ? [...inText, ...inName] : inText;
  const evaluation = evaluate(all, input.rules, input.context);
  const blocked = evaluation.decision === 'BLOCKED';
  const maskedSet = new Set(evaluation.verdicts.filter((v) => v.action === 'MASK').map((v) => v.finding));
  const masked = blocked ? null : maskText(input.text, inText, (f) => maskedSet.has(f));
  const nameSet = new Set(inName);
  const valueOf = (f: Finding) => (nameSet.has(f) ? input.name! : input.text).slice(f.start, f.end);
  const detected = detectedItems(all, valueOf, blocked);
  const counts = new Map(detected.map((d) => [d.type, d.count]));
  return { decision: evaluation.decision, summary: summarize(evaluation, counts), detected, findingsTotal: all.length, masked };
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
