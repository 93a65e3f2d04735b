import type { MaskSpan } from '../../detection/masking';
import type { ScanOptions } from '../../detection/engine';
import { scan } from '../../detection';
import type { RequestContext } from '../../policy/evaluate';
import { decide, type DetectedView } from '../../policy/outcome';
import type { Decision, Rule } from '../../policy/types';

export type { DetectedView };

/** One check's detection work, as plain data so it can run in a worker thread. */
export interface AnalysisInput {
  text: string;
  /** A submitted file's name (and its document's metadata lines): scanned like content and counted in the decision, never masked into the output. */
  name?: string;
  scan: ScanOptions;
  rules: Rule[];
  context: RequestContext;
  /** Return the offsets and tokens of masked values (text checks with include_spans). */
  includeSpans?: boolean;
}

/** What a check needs back: no finding offsets and no raw values cross threads (spans carry offsets and tokens only). */
export interface Analysis {
  decision: Decision;
  summary: string;
  detected: DetectedView[];
  findingsTotal: number;
  /** Masked text; null when the check is blocked. */
  masked: string | null;
  spans: MaskSpan[];
}

/** Scans the text and the file name, then decides, masks and counts with the policy evaluator the client library shares. */
export function analyze(input: AnalysisInput): Analysis {
  const inText = scan(input.text, input.scan);
  const inName = input.name ? { name: input.name, findings: scan(input.name, input.scan) } : undefined;
  const o = decide(input.text, inText, input.rules, input.context, { inName, withSpans: input.includeSpans === true });
  return {
    decision: o.decision,
    summary: o.summary,
    detected: o.detected,
    findingsTotal: o.findingsTotal,
    masked: o.masked,
    spans: o.spans,
  };
}
