import { z } from 'zod';
import { EntityManager, LessThan } from 'typeorm';
import { MaskedFileEntity, OrganizationEntity, PolicyEntity, PreflightRecordEntity } from '../../../entities';
import type { StoredDetected } from '../../../entities/preflight-record.entity';
import type { Finding } from '../../detection/types';
import { maskText, obscureSample } from '../../detection/masking';
import { labelFor } from '../../detection/labels';
import { evaluate, type Evaluation } from '../../policy/evaluate';
import { DESTINATIONS, REGIONS, type Decision } from '../../policy/types';
import { scanText } from '../../scanner/pool';
import { DomainError, forbidden, notFound } from '../../errors';
import { newId } from '../../lib/secrets';
import type { ServiceDeps } from '../deps';
import type { Principal } from '../principal';
import { isoDate, parseInput } from '../validation';
import { extractFile } from './extract';

export const SOURCE_TYPES = ['api', 'sdk', 'browser_extension', 'desktop_agent'] as const;

const boolish = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

/** Fields every check takes besides its content (docs/api-contract.md#preflight-checks). */
const checkFields = {
  destination: z.enum(DESTINATIONS, { error: 'must be one of AI_TOOL, VENDOR, CUSTOMER' }),
  org_id: z.string().min(1).max(100).optional(),
  policy_id: z.string().min(1).max(100).optional(),
  source_type: z.enum(SOURCE_TYPES).default('api'),
  actor_id: z.string().trim().min(1).max(200).optional(),
  destination_region: z.enum(REGIONS).optional(),
  destination_scc_verified: boolish.optional(),
};

export const textCheckSchema = z.object({
  text: z.string({ error: 'text is required and must be a string' }).min(1, 'text must not be empty'),
  ...checkFields,
});
export const fileCheckFieldsSchema = z.object(checkFields);

export type TextCheckInput = z.input<typeof textCheckSchema>;
export type FileCheckFields = z.input<typeof fileCheckFieldsSchema>;

export interface DetectedView {
  type: string;
  count: number;
  sample: string | null;
}

export interface PreflightResultView {
  preflight_id: string;
  decision: Decision;
  summary: string;
  detected: DetectedView[];
  masked_content?: string | null;
  masked_file_url?: string | null;
  policy_version: string;
  policy_id: string;
  org_id: string;
  destination: string;
  source_type: string;
  input_type: string;
  created_at: string;
}

/** Rate-limit state of an admitted check, for the X-RateLimit-* headers. */
export interface AdmitInfo {
  limit: number;
  remaining: number;
  resetAtUnix: number;
}

/** What other areas do around a check: admission (quota, rate limits) and per-record work in the same transaction. */
export interface PreflightHooks {
  admit?(orgId: string, policyId: string): Promise<AdmitInfo | void>;
  inTransaction: Array<(em: EntityManager, record: PreflightRecordEntity) => Promise<void>>;
  afterCommit: Array<(recordId: string) => void>;
}

export interface CheckMeta {
  /** Public base URL for masked_file_url (config.publicUrl wins). */
  baseUrl: string;
  /** Header fallbacks for source_type and actor_id. */
  sourceHeader?: string;
  actorHeader?: string;
}

export interface UploadedFile {
  buffer: Buffer;
  filename: string;
  mimetype?: string;
}

interface Content {
  text: string;
  sizeBytes: number;
  inputType: 'text' | 'file';
}

const MASKED_FILE_PURPOSE = 'masked-file';

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

/** Preflight checks: detection, policy decision, masking, the durable record, and result reads. */
export class PreflightService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly hooks: PreflightHooks,
  ) {}

  /** Checks text (POST /api/preflight/text). */
  async checkText(p: Principal, input: unknown, meta: CheckMeta): Promise<{ result: PreflightResultView; admit?: AdmitInfo }> {
    const data = parseInput(textCheckSchema, withHeaderDefaults(input, meta));
    const content: Content = { text: data.text, sizeBytes: Buffer.byteLength(data.text, 'utf8'), inputType: 'text' };
    return this.run(p, data, content, meta, null);
  }

  /** Checks a file (POST /api/preflight, multipart field `file`). */
  async checkFile(
    p: Principal,
    file: UploadedFile | undefined,
    fields: unknown,
    meta: CheckMeta,
  ): Promise<{ result: PreflightResultView; admit?: AdmitInfo }> {
    const data = parseInput(fileCheckFieldsSchema, withHeaderDefaults(fields, meta));
    if (!file) throw new DomainError('validation_failed', 'Validation failed', [{ field: 'file', problem: 'file is required' }]);
    const extracted = await extractFile(file.buffer, file.filename, file.mimetype);
    const content: Content = { text: extracted.text, sizeBytes: file.buffer.length, inputType: 'file' };
    return this.run(p, data, content, meta, extracted);
  }

  private async run(
    p: Principal,
    data: z.output<typeof fileCheckFieldsSchema>,
    content: Content,
    meta: CheckMeta,
    file: Awaited<ReturnType<typeof extractFile>> | null,
  ): Promise<{ result: PreflightResultView; admit?: AdmitInfo }> {
    if (p.kind !== 'policy') throw forbidden('Preflight checks need a policy API key in X-Service-API-Key');
    const { org, policy } = await this.target(p, data.org_id, data.policy_id);
    const admit = (await this.hooks.admit?.(org.id, policy.id)) ?? undefined;

    const findings = await scanText(content.text, { pass: 'full', customPatterns: this.customPatterns(policy) });
    const evaluation = evaluate(findings, policy.rules, {
      destination: data.destination,
      destinationRegion: data.destination_region,
      sccVerified: data.destination_scc_verified,
      orgDataRegion: org.settings?.data_region,
    });
    const blocked = evaluation.decision === 'BLOCKED';
    const masked = blocked ? null : maskText(content.text, findings, verdictLookup(evaluation));
    const detected = detectedItems(findings, content.text, blocked);
    const counts = new Map(detected.map((d) => [d.type, d.count]));
    const now = this.deps.now();
    const full = org.settings?.retention_mode === 'FULL';
    const retentionDays = Number(org.settings?.retention_days ?? 30);

    const record = this.deps.ds.getRepository(PreflightRecordEntity).create({
      id: newId('pf'),
      orgId: org.id,
      orgName: org.name,
      policyId: policy.id,
      policyName: policy.name,
      policyVersion: String(policy.version),
      decision: evaluation.decision,
      destination: data.destination,
      sourceType: data.source_type,
      actorId: data.actor_id ?? null,
      inputType: content.inputType,
      inputSizeBytes: content.sizeBytes,
      findingCounts: Object.fromEntries(counts),
      findingsTotal: findings.length,
      detected: detected.map((d): StoredDetected => ({ ...d, sample: full ? d.sample : null })),
      summary: summarize(evaluation, counts),
      maskedContentEnc: full && masked !== null ? this.deps.cipher.encrypt(masked) : null,
      contentExpiresAt: full && masked !== null ? new Date(now.getTime() + retentionDays * 86_400_000) : null,
      maskedFileId: null,
      createdAt: now,
    });
    let maskedFile: MaskedFileEntity | null = null;
    if (file && masked !== null) {
      maskedFile = this.deps.ds.getRepository(MaskedFileEntity).create({
        id: newId('mf'),
        preflightId: record.id,
        orgId: org.id,
        filename: file.maskedFilename,
        contentType: file.maskedContentType,
        contentEnc: this.deps.cipher.encrypt(masked),
        expiresAt: new Date(now.getTime() + this.deps.config.maskedFileTtlSeconds * 1000),
      });
      record.maskedFileId = maskedFile.id;
    }
    // The record (and the outbox rows other areas add) is durable before the answer leaves.
    await this.deps.ds.transaction(async (em) => {
      await em.getRepository(PreflightRecordEntity).insert(record);
      if (maskedFile) await em.getRepository(MaskedFileEntity).insert(maskedFile);
      for (const hook of this.hooks.inTransaction) await hook(em, record);
    });
    for (const hook of this.hooks.afterCommit) hook(record.id);
    this.deps.logger.info(
      { preflight_id: record.id, org_id: org.id, policy_id: policy.id, decision: record.decision, findings: findings.length, bytes: content.sizeBytes },
      'preflight checked',
    );
    const result = this.view(record, detected);
    if (file) result.masked_file_url = maskedFile ? this.maskedFileUrl(record.id, maskedFile.expiresAt, meta.baseUrl) : null;
    else result.masked_content = masked;
    return { result, admit: admit || undefined };
  }

  /** Reads a stored result: with a policy key or an organization/operator bearer key of that organization. */
  async get(p: Principal, preflightId: string, meta: CheckMeta): Promise<PreflightResultView> {
    const record = await this.deps.ds.getRepository(PreflightRecordEntity).findOneBy({ id: preflightId });
    const reach = p.kind === 'operator' || ((p.kind === 'org' || p.kind === 'policy') && record?.orgId === p.orgId);
    if (!record || !reach) throw notFound('Preflight result');
    const result = this.view(record, record.detected);
    const now = this.deps.now();
    const contentLive = record.contentExpiresAt && record.contentExpiresAt > now;
    if (record.inputType === 'file') {
      const file = record.maskedFileId ? await this.deps.ds.getRepository(MaskedFileEntity).findOneBy({ id: record.maskedFileId }) : null;
      result.masked_file_url = file && file.expiresAt > now ? this.maskedFileUrl(record.id, file.expiresAt, meta.baseUrl) : null;
    } else {
      result.masked_content = contentLive && record.maskedContentEnc ? this.deps.cipher.decrypt(record.maskedContentEnc) : null;
    }
    return result;
  }

  /** The masked file behind a signed, expiring masked_file_url. */
  async maskedFile(preflightId: string, token: unknown): Promise<{ filename: string; contentType: string; content: Buffer }> {
    const [expStr, tag] = typeof token === 'string' ? token.split('.') : [];
    const exp = Number(expStr);
    const valid =
      Number.isFinite(exp) &&
      exp * 1000 > this.deps.now().getTime() &&
      !!tag &&
      this.deps.cipher.verifyMac(MASKED_FILE_PURPOSE, `${preflightId}.${exp}`, tag);
    if (!valid) throw new DomainError('unauthenticated', 'The download link is invalid or has expired');
    const file = await this.deps.ds.getRepository(MaskedFileEntity).findOneBy({ preflightId });
    if (!file || file.expiresAt <= this.deps.now()) throw notFound('Masked file');
    return { filename: file.filename, contentType: file.contentType, content: this.deps.cipher.decryptBuffer(file.contentEnc) };
  }

  /** Removes retained content past retention_days and masked files past their lifetime. */
  async sweepExpiredContent(): Promise<{ contents: number; files: number }> {
    const now = this.deps.now();
    const contents = await this.deps.ds
      .getRepository(PreflightRecordEntity)
      .update({ contentExpiresAt: LessThan(now) }, { maskedContentEnc: null, contentExpiresAt: null });
    const files = await this.deps.ds.getRepository(MaskedFileEntity).delete({ expiresAt: LessThan(now) });
    return { contents: contents.affected ?? 0, files: files.affected ?? 0 };
  }

  private view(record: PreflightRecordEntity, detected: DetectedView[]): PreflightResultView {
    return {
      preflight_id: record.id,
      decision: record.decision as Decision,
      summary: record.summary,
      detected,
      policy_version: record.policyVersion,
      policy_id: record.policyId,
      org_id: record.orgId,
      destination: record.destination,
      source_type: record.sourceType,
      input_type: record.inputType,
      created_at: isoDate(record.createdAt)!,
    };
  }

  private maskedFileUrl(preflightId: string, expiresAt: Date, baseUrl: string): string {
    const exp = Math.floor(expiresAt.getTime() / 1000);
    const tag = this.deps.cipher.mac(MASKED_FILE_PURPOSE, `${preflightId}.${exp}`);
    const base = this.deps.config.publicUrl ?? baseUrl;
    return `${base}/api/preflight/${preflightId}/masked-file?token=${exp}.${tag}`;
  }

  /** The policy key decides the organization; org_id and policy_id may only narrow within it. */
  private async target(p: Extract<Principal, { kind: 'policy' }>, orgId?: string, policyId?: string) {
    const org = await this.deps.ds.getRepository(OrganizationEntity).findOneBy({ id: p.orgId });
    if (!org) throw notFound('Organization');
    if (orgId !== undefined && orgId !== org.id && orgId !== org.slug) throw forbidden('This policy key belongs to another organization');
    const policy = await this.deps.ds.getRepository(PolicyEntity).findOneBy({ id: policyId ?? p.policyId, orgId: org.id });
    if (!policy) throw notFound('Policy');
    if (!policy.isActive) throw forbidden('The policy is not active');
    return { org, policy };
  }

  private customPatterns(policy: PolicyEntity) {
    if (!policy.customPatterns?.length) return undefined;
    return policy.customPatterns.map((c) => ({ name: c.name, regex: c.regex, keywords: c.keywords }));
  }
}

/** Body fields win; the X-Service-Source / X-Service-Actor headers fill in what the body omits. */
function withHeaderDefaults(input: unknown, meta: CheckMeta): unknown {
  if (!input || typeof input !== 'object') return input;
  const o = { ...(input as Record<string, unknown>) };
  if (o.source_type === undefined && meta.sourceHeader) o.source_type = meta.sourceHeader;
  if (o.actor_id === undefined && meta.actorHeader) o.actor_id = meta.actorHeader;
  return o;
}

function verdictLookup(evaluation: Evaluation): (f: Finding) => boolean {
  const masked = new Set(evaluation.verdicts.filter((v) => v.action === 'MASK').map((v) => v.finding));
  return (f) => masked.has(f);
}

/** One item per finding type, in order of first appearance, with an obscured sample of its first value. */
function detectedItems(findings: readonly Finding[], text: string, blocked: boolean): DetectedView[] {
  const items = new Map<string, DetectedView>();
  for (const f of findings) {
    const item = items.get(f.type);
    if (item) {
      item.count++;
      continue;
    }
    const hidePhi = blocked && f.dataTypes.includes('PHI');
    items.set(f.type, { type: f.type, count: 1, sample: hidePhi ? null : obscureSample(f.type, text.slice(f.start, f.end), f.dataTypes) });
  }
  return [...items.values()];
}
