import crypto from 'node:crypto';
import { z } from 'zod';
import type { Repository } from 'typeorm';
import { CUSTOM_PATTERN_LIMITS } from '../detection/custom';
import { checkCustomPatterns as customPatternCheck } from '../scanner/pool';
import { PolicyEntity } from '../../entities';
import { notFound, validationFailed } from '../errors';
import { KEY_PREFIX, hashSecret, newId, newSecret, previewSecret } from '../lib/secrets';
import { CustomPatternDef, Rule, customPatternSchema, ruleInputSchema } from '../policy/types';
import { DEFAULT_POLICY_GROUP } from './organization.service';
import type { Principal } from './principal';
import { isoDate, parseInput } from './validation';
import type { PolicyView } from './views';
import { OrgScopedService } from './org-scoped.service';
import type { Page, PageRequest } from './paging';

/**
 * Custom patterns must compile with the engine's linear-time (RE2) compiler (no backreferences or
 * lookaround, within size limits, names unique) and cost at most the limit per MB scanned.
 * Compiled and measured in a worker thread, so a save never blocks the event loop; problems name
 * a pattern by its position, never by its name or content.
 */
async function checkCustomPatterns(list: readonly CustomPatternDef[] | undefined): Promise<void> {
  if (!list?.length) return;
  const checked = await customPatternCheck([...list]);
  if ('invalid' in checked) {
    const index = checked.invalid.subject.startsWith('#') ? Number(checked.invalid.subject.slice(1)) - 1 : -1;
    throw validationFailed([{ field: index >= 0 ? `custom_patterns.${index}` : 'custom_patterns', problem: checked.invalid.message }]);
  }
  if (checked.msPerMb <= CUSTOM_PATTERN_LIMITS.maxMsPerMb) return;
  throw validationFailed([
    {
      field: 'custom_patterns',
      problem: `these patterns would take about ${(checked.msPerMb / 1000).toFixed(1)} s to scan 1 MB of text (at most ${CUSTOM_PATTERN_LIMITS.maxMsPerMb / 1000} s): use keywords, or regexes that start with literal text`,
    },
  ]);
}

/** Total keyword characters are checked before the per-keyword validation, so an oversized list fails fast. */
const customPatterns = z
  .array(z.unknown())
  .max(CUSTOM_PATTERN_LIMITS.maxPatterns)
  .superRefine((list, ctx) => {
    let chars = 0;
    for (const p of list) {
      const kws = (p as { keywords?: unknown })?.keywords;
      if (Array.isArray(kws)) for (const k of kws) chars += typeof k === 'string' ? k.length : 0;
    }
    if (chars > CUSTOM_PATTERN_LIMITS.maxTotalKeywordChars) {
      ctx.addIssue({ code: 'custom', message: `custom patterns: the keywords are longer than ${CUSTOM_PATTERN_LIMITS.maxTotalKeywordChars} characters together` });
    }
  })
  .pipe(z.array(customPatternSchema));

const fields = {
  description: z.string().max(2000),
  tags: z.array(z.string().trim().min(1).max(64)).max(50),
  rules: z.array(ruleInputSchema).max(200),
  custom_patterns: customPatterns,
  policy_group: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'lower-case letters, digits, - and _'),
  is_active: z.boolean(),
};

export const createPolicySchema = z.strictObject({
  name: z.string().trim().min(1).max(200),
  description: fields.description.default(''),
  tags: fields.tags.default([]),
  rules: fields.rules.default([]),
  custom_patterns: fields.custom_patterns.default([]),
  policy_group: fields.policy_group.default(DEFAULT_POLICY_GROUP),
  is_active: fields.is_active.default(true),
});

export const updatePolicySchema = z.strictObject({
  name: z.string().trim().min(1).max(200).optional(),
  description: fields.description.optional(),
  tags: fields.tags.optional(),
  rules: fields.rules.optional(),
  custom_patterns: fields.custom_patterns.optional(),
  policy_group: fields.policy_group.optional(),
  is_active: fields.is_active.optional(),
});

export type CreatePolicyInput = z.input<typeof createPolicySchema>;
export type UpdatePolicyInput = z.input<typeof updatePolicySchema>;

export function policyView(p: PolicyEntity, fullKey?: string): PolicyView {
  return {
    policy_id: p.id,
    org_id: p.orgId,
    name: p.name,
    description: p.description,
    version: String(p.version),
    tags: p.tags,
    is_active: p.isActive,
    policy_group: p.policyGroup,
    api_key: fullKey ?? p.apiKeyPreview,
    rules: p.rules,
    custom_patterns: p.customPatterns,
    created_at: isoDate(p.createdAt)!,
    updated_at: isoDate(p.updatedAt)!,
  };
}

function withIds(rules: z.output<typeof ruleInputSchema>[]): Rule[] {
  return rules.map(({ id, ...rest }) => ({ id: id ?? `rule_${crypto.randomBytes(6).toString('hex')}`, ...rest }));
}

/** JSON with object keys sorted: the same rules sent back in another key order are no change. */
function canonicalJson(v: unknown): string {
  return JSON.stringify(v, (_k, x) =>
    x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => a.localeCompare(b))) : x,
  );
}

/** Policies: rule sets with their own preflight API key and a version that moves with every rule change. */
export class PolicyService extends OrgScopedService {
  /** Lists an organization's policies, oldest first. */
  list(p: Principal, org: string, page: PageRequest): Promise<Page<PolicyView>> {
    return this.pageOf(p, org, this.repo(), page, (r) => policyView(r));
  }

  /** Creates a policy; its API key is returned in full only here. */
  async create(p: Principal, org: string, input: unknown): Promise<PolicyView> {
    const o = await this.orgs.resolve(p, org);
    const data = parseInput(createPolicySchema, input);
    await checkCustomPatterns(data.custom_patterns);
    const key = newSecret(KEY_PREFIX.policy);
    const now = this.deps.now();
    const policy = this.repo().create({
      id: newId('pol'),
      orgId: o.id,
      name: data.name,
      description: data.description,
      tags: data.tags,
      policyGroup: data.policy_group,
      isActive: data.is_active,
      version: 1,
      rules: withIds(data.rules),
      customPatterns: data.custom_patterns,
      apiKeyHash: hashSecret(key),
      apiKeyPreview: previewSecret(key),
      createdAt: now,
      updatedAt: now,
    });
    await this.repo().insert(policy);
    this.deps.logger.info({ org_id: o.id, policy_id: policy.id }, 'policy created');
    return policyView(policy, key);
  }

  /** Reads one policy. */
  async get(p: Principal, org: string, policyId: string): Promise<PolicyView> {
    return policyView(await this.find(p, org, policyId));
  }

  /** Partial update; a change of rules or custom patterns raises the version. */
  async update(p: Principal, org: string, policyId: string, input: unknown): Promise<PolicyView> {
    const found = await this.find(p, org, policyId);
    const data = parseInput(updatePolicySchema, input);
    await checkCustomPatterns(data.custom_patterns);
    // Read-modify-write under a row lock: concurrent rule changes must each raise the version
    // (on MySQL two PATCHes read the same version and both wrote version + 1). SQLite has a single
    // writer and no row locks.
    const lock = this.deps.ds.options.type === 'mysql' ? { lock: { mode: 'pessimistic_write' as const } } : {};
    return this.deps.ds.transaction(async (em) => {
      const policy = await em.getRepository(PolicyEntity).findOne({ where: { id: found.id }, ...lock });
      if (!policy) throw notFound('Policy');
      return this.applyUpdate(em.getRepository(PolicyEntity), policy, data);
    });
  }

  private async applyUpdate(repo: Repository<PolicyEntity>, policy: PolicyEntity, data: z.output<typeof updatePolicySchema>): Promise<PolicyView> {
    let changedRules = false;
    if (data.rules !== undefined) {
      const rules = withIds(data.rules);
      changedRules ||= canonicalJson(rules) !== canonicalJson(policy.rules);
      policy.rules = rules;
    }
    if (data.custom_patterns !== undefined) {
      changedRules ||= canonicalJson(data.custom_patterns) !== canonicalJson(policy.customPatterns);
      policy.customPatterns = data.custom_patterns;
    }
    if (changedRules) policy.version += 1;
    if (data.name !== undefined) policy.name = data.name;
    if (data.description !== undefined) policy.description = data.description;
    if (data.tags !== undefined) policy.tags = data.tags;
    if (data.policy_group !== undefined) policy.policyGroup = data.policy_group;
    if (data.is_active !== undefined) policy.isActive = data.is_active;
    policy.updatedAt = this.deps.now();
    await repo.save(policy);
    return policyView(policy);
  }

  /** Deletes a policy; its key stops working at once. */
  async remove(p: Principal, org: string, policyId: string): Promise<void> {
    const policy = await this.find(p, org, policyId);
    await this.repo().delete({ id: policy.id });
    this.deps.logger.info({ org_id: policy.orgId, policy_id: policy.id }, 'policy deleted');
  }

  /** Issues a new policy API key; the old one stops working at once. */
  async regenerateKey(p: Principal, org: string, policyId: string): Promise<{ policy_id: string; api_key: string }> {
    const policy = await this.find(p, org, policyId);
    const key = newSecret(KEY_PREFIX.policy);
    await this.repo().update(
      { id: policy.id },
      { apiKeyHash: hashSecret(key), apiKeyPreview: previewSecret(key), updatedAt: this.deps.now() },
    );
    this.deps.logger.info({ org_id: policy.orgId, policy_id: policy.id }, 'policy key regenerated');
    return { policy_id: policy.id, api_key: key };
  }

  /** A policy by id alone (federation references): 404 outside the caller's reach. */
  async getById(p: Principal, policyId: string): Promise<PolicyView> {
    const policy = await this.repo().findOneBy({ id: policyId });
    if (!policy || (p.kind !== 'operator' && !(p.kind === 'org' && p.orgId === policy.orgId))) throw notFound('Policy');
    return policyView(policy);
  }

  /** A policy by id for internal callers (preflight), with no principal check. */
  async byId(policyId: string): Promise<PolicyEntity | null> {
    return this.repo().findOneBy({ id: policyId });
  }

  /** Active policies of an organization, for license validation's policy_config. */
  async activeFor(orgId: string): Promise<PolicyEntity[]> {
    return this.repo().find({ where: { orgId, isActive: true }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  private async find(p: Principal, org: string, policyId: string): Promise<PolicyEntity> {
    const o = await this.orgs.resolve(p, org);
    const policy = await this.repo().findOneBy({ id: policyId, orgId: o.id });
    if (!policy) throw notFound('Policy');
    return policy;
  }

  private repo() {
    return this.deps.ds.getRepository(PolicyEntity);
  }
}
