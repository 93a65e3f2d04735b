import type { Finding } from '../detection/types';
import type { Action, Decision, Destination, Region, Rule } from './types';

/** What the request tells about where the content goes. */
export interface RequestContext {
  destination: Destination;
  destinationRegion?: Region;
  sccVerified?: boolean;
  /** settings.data_region of the organization: EU makes personal data count as EU_DATA. */
  orgDataRegion?: string;
}

export interface FindingVerdict {
  finding: Finding;
  action: Action;
  /** The rule that decided, or null when no rule applied (allowed, still counted). */
  rule: Rule | null;
}

export interface Evaluation {
  decision: Decision;
  verdicts: FindingVerdict[];
}

const PERSONAL = new Set(['PII', 'PHI', 'FINANCIAL']);
const RANK: Record<Action, number> = { ALLOW: 0, MASK: 1, BLOCK: 2 };

/** Data types a finding counts as under this request: adds EU_DATA for personal data of EU orgs. */
export function effectiveDataTypes(f: Finding, ctx: RequestContext): Set<string> {
  const types = new Set<string>(f.dataTypes);
  if (ctx.orgDataRegion === 'EU' && f.dataTypes.some((t) => PERSONAL.has(t))) types.add('EU_DATA');
  return types;
}

function conditionHolds(cond: string, ctx: RequestContext): boolean {
  const negated = cond.startsWith('!');
  const name = negated ? cond.slice(1) : cond;
  let holds: boolean;
  switch (name) {
    case 'non_eu_destination':
      holds = ctx.destinationRegion !== 'EU';
      break;
    case 'scc_verified':
      holds = ctx.sccVerified === true;
      break;
    default:
      // Unknown conditions are rejected when a policy is saved; never apply a rule we cannot read.
      return false;
  }
  return negated ? !holds : holds;
}

function ruleApplies(rule: Rule, types: Set<string>, ctx: RequestContext): boolean {
  if (!rule.enabled || !rule.destinations.includes(ctx.destination)) return false;
  if (!rule.dataTypes.some((t) => t === 'ALL' || types.has(t))) return false;
  return rule.conditions.every((c) => conditionHolds(c, ctx));
}

/**
 * docs/api-contract.md#preflight-checks: each finding takes the most restrictive action of the rules that apply
 * (BLOCK > MASK > ALLOW); the decision is BLOCKED if any finding is blocked, else
 * ALLOWED_WITH_MASKING if any is masked, else ALLOWED.
 */
export function evaluate(findings: readonly Finding[], rules: Rule[], ctx: RequestContext): Evaluation {
  // The action depends only on a finding's data types, and findings of one recognizer share one
  // array of them: decided once per array, not once per finding (a 10 MB text can hold 900 k).
  const byTypes = new Map<readonly string[], { action: Action; rule: Rule | null }>();
  const verdicts = findings.map((finding): FindingVerdict => {
    let best = byTypes.get(finding.dataTypes);
    if (best === undefined) {
      const types = effectiveDataTypes(finding, ctx);
      best = { action: 'ALLOW', rule: null };
      for (const rule of rules) {
        if (!ruleApplies(rule, types, ctx)) continue;
        if (best.rule === null || RANK[rule.action] > RANK[best.action]) best = { action: rule.action, rule };
      }
      byTypes.set(finding.dataTypes, best);
    }
    return { finding, action: best.action, rule: best.rule };
  });
  const decision: Decision = verdicts.some((v) => v.action === 'BLOCK')
    ? 'BLOCKED'
    : verdicts.some((v) => v.action === 'MASK')
      ? 'ALLOWED_WITH_MASKING'
      : 'ALLOWED';
  return { decision, verdicts };
}
