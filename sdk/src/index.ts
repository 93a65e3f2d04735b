/** `@preflight/sdk`: the Preflight client (local, cloud, cloud_with_fallback, auto) with reversible masking. */
export { Preflight, type Mode, type PreflightOptions, type FileCheckOptions, type Protected, type ChatMessage, type GuardedMessages } from './client';
export { PreflightError, PreflightPolicyError } from './errors';
export * from './client-errors';
export { verifyPolicyBundle, type PinnedKey } from './bundle';
export type { CheckOptions, PreflightResult } from './local-check';
export type { PolicyObject, PolicyRule, PolicyBundlePayload } from './policy';
export type { ClientDecision, ClientSourceType } from '../../src/policy/client-decision';
export type { MaskSpan } from '../../src/detection/masking';
export type { DetectedView } from '../../src/policy/outcome';
