import type { CustomPattern } from '../../src/detection/types';
import { compileCustomPatterns, type CompiledCustom } from '../../src/detection/custom';
import type { Rule } from '../../src/policy/types';
import { PreflightPolicyError } from './errors';

/** A rule as the service stores it; by hand, `id`, `enabled` (true) and `conditions` ([]) may be left out. */
export type PolicyRule = Omit<Rule, 'id' | 'enabled' | 'conditions'> & { id?: string; enabled?: boolean; conditions?: string[] };

/** One policy as the service serves it (license validation, signed bundle) or as written by hand. */
export interface PolicyObject {
  policy_id?: string;
  name?: string;
  /** Increases with every change of the rules; reported as `policy_version`. */
  version?: string | number;
  policy_group?: string;
  rules: PolicyRule[];
  custom_patterns?: CustomPattern[];
}

/** The payload of a signed policy bundle (also accepted as a plain object). */
export interface PolicyBundlePayload {
  org_id?: string;
  license_id?: string;
  policy_version?: string;
  /** settings.data_region of the organization: `EU` makes personal data count as EU_DATA. */
  data_region?: string | null;
  default_policy_group?: string;
  policies: PolicyObject[];
  exp?: number;
}

/** A policy ready for the local pass: custom patterns compiled once. */
export interface ResolvedPolicy {
  policyId: string;
  name: string;
  version: string;
  rules: Rule[];
  compiledCustom?: CompiledCustom;
  orgId: string | null;
  dataRegion?: string;
  /** Expiry of the signed bundle it came from (ms since the epoch); undefined for plain objects. */
  expiresAt?: number;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Picks and prepares one policy: `policyId` when given (the one the API key is bound to), else
 * the first of the default policy group, else the first. Accepts a bundle payload or one policy.
 */
export function resolvePolicy(source: PolicyBundlePayload | PolicyObject, policyId?: string): ResolvedPolicy {
  const bundle: PolicyBundlePayload = 'policies' in source ? source : { policies: [source as PolicyObject] };
  if (!Array.isArray(bundle.policies) || bundle.policies.length === 0) {
    throw new PreflightPolicyError('The policy has no rules to apply', { code: 'policy_missing' });
  }
  const chosen =
    (policyId && bundle.policies.find((p) => p.policy_id === policyId)) ||
    bundle.policies.find((p) => bundle.default_policy_group && p.policy_group === bundle.default_policy_group) ||
    bundle.policies[0];
  if (!isObject(chosen) || !Array.isArray(chosen.rules)) {
    throw new PreflightPolicyError('A policy needs a rules array', { code: 'policy_invalid' });
  }
  let compiledCustom: CompiledCustom | undefined;
  if (chosen.custom_patterns?.length) {
    try {
      compiledCustom = compileCustomPatterns(chosen.custom_patterns);
    } catch (e) {
      throw new PreflightPolicyError(`The policy's custom patterns are invalid: ${(e as Error).message}`, { code: 'policy_invalid', cause: e });
    }
  }
  return {
    policyId: chosen.policy_id ?? 'local',
    name: chosen.name ?? 'Local policy',
    version: String(chosen.version ?? bundle.policy_version ?? '1'),
    rules: chosen.rules.map((r, i): Rule => ({ ...r, id: r.id ?? `rule-${i + 1}`, enabled: r.enabled !== false, conditions: r.conditions ?? [] })),
    compiledCustom,
    orgId: bundle.org_id ?? null,
    dataRegion: bundle.data_region ?? undefined,
    expiresAt: typeof bundle.exp === 'number' ? bundle.exp * 1000 : undefined,
  };
}
