/**
 * `@preflight/sdk/local`: the local pass and the policy evaluator only, for bundle-size-sensitive
 * clients (browser extensions). No network code at all.
 */
export { checkLocal, newClientId, type CheckOptions, type PreflightResult } from './local-check';
export { resolvePolicy, type PolicyObject, type PolicyRule, type PolicyBundlePayload, type ResolvedPolicy } from './policy';
export { evaluate, type Evaluation, type RequestContext } from '../../src/policy/evaluate';
export { decide, type Outcome, type DetectedView } from '../../src/policy/outcome';
export type { Rule, Decision, Destination, Region } from '../../src/policy/types';
export type { MaskSpan } from '../../src/detection/masking';
export { PreflightError, PreflightPolicyError } from './errors';
