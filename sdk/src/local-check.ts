import { scan } from '../../src/detection/engine';
import type { MaskSpan } from '../../src/detection/masking';
import { decide, type DetectedView } from '../../src/policy/outcome';
import type { Decision, Destination, Region } from '../../src/policy/types';
import type { ResolvedPolicy } from './policy';

/** Where the content goes and who sends it: the same fields as a service check. */
export interface CheckOptions {
  destination: Destination;
  destinationRegion?: Region;
  sccVerified?: boolean;
  actorId?: string;
}

/** The service's preflight result fields, plus where the decision was made. */
export interface PreflightResult {
  preflight_id: string;
  decision: Decision;
  summary: string;
  detected: DetectedView[];
  /** Text checks: send this instead of the original; null when blocked. */
  masked_content?: string | null;
  /** File checks in cloud mode: signed, expiring download of the masked file. */
  masked_file_url?: string | null;
  /** Where each mask token stands in the submitted text (never the value). */
  spans?: MaskSpan[];
  policy_version: string;
  policy_id: string;
  org_id: string | null;
  destination: string;
  source_type: string;
  input_type: 'text' | 'file';
  created_at: string;
  /** `local`: decided in this process; `cloud`: by the service. */
  mode_used: 'local' | 'cloud';
  /** True when the service could not answer and the decision was made locally instead. */
  degraded: boolean;
}

/** A random id for a client-made decision (`pfc_` + 24 hex digits), from WebCrypto. */
export function newClientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `pfc_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The local pass and the policy evaluator, in process: no network, no Node-only API. Same
 * decision, masking and summary code as the service (src/policy/outcome.ts); the service adds
 * the contextual detectors (names, addresses, health context) that only the full pass runs.
 */
export function checkLocal(
  text: string,
  policy: ResolvedPolicy,
  opts: CheckOptions & { sourceType?: string; inputType?: 'text' | 'file'; degraded?: boolean },
): PreflightResult {
  const findings = scan(text, { pass: 'local', compiledCustom: policy.compiledCustom });
  const outcome = decide(text, findings, policy.rules, {
    destination: opts.destination,
    destinationRegion: opts.destinationRegion,
    sccVerified: opts.sccVerified,
    orgDataRegion: policy.dataRegion,
  });
  return {
    preflight_id: newClientId(),
    decision: outcome.decision,
    summary: outcome.summary,
    detected: outcome.detected,
    masked_content: outcome.masked,
    spans: outcome.spans,
    policy_version: policy.version,
    policy_id: policy.policyId,
    org_id: policy.orgId,
    destination: opts.destination,
    source_type: opts.sourceType ?? 'sdk',
    input_type: opts.inputType ?? 'text',
    created_at: new Date().toISOString(),
    mode_used: 'local',
    degraded: opts.degraded ?? false,
  };
}
