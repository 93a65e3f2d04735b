import { z } from 'zod';
import { LessThan } from 'typeorm';
import { MaskedFileEntity, PreflightRecordEntity } from '../../../entities';
import type { StoredDetected } from '../../../entities/preflight-record.entity';
import { DESTINATIONS, REGIONS } from '../../policy/types';
import { analyzeText, extractInPool } from '../../scanner/pool';
import type { ExtractedFile } from '../../extract';
import { DomainError, forbidden, notFound } from '../../errors';
import { newId } from '../../lib/secrets';
import type { ServiceDeps } from '../deps';
import type { CachedOrganization, CachedPolicy, LookupCache } from '../lookup-cache';
import { DAY_MS } from '../time';
import { createCheckMetrics, type CheckMetrics } from './metrics';
import type { RecordWriter } from './record-writer';
import type { Principal } from '../principal';
import type { OrganizationService } from '../organization.service';
import { isoDate, parseInput } from '../validation';
import type { DetectedView } from './analysis';
import type { PreflightResultView, TryResultView } from '../views';

export type { DetectedView };

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
  /** Adds `spans` (offsets and mask tokens, never values) so a client can restore a masked reply. */
  include_spans: z.boolean().optional(),
});
export const fileCheckFieldsSchema = z.object(checkFields);
/** A trial run of a policy: the text and where it would go. */
export const tryTextSchema = z.strictObject({
  text: textCheckSchema.shape.text,
  destination: checkFields.destination,
  destination_region: checkFields.destination_region,
  destination_scc_verified: checkFields.destination_scc_verified,
});

export type TextCheckInput = z.input<typeof textCheckSchema>;
export type FileCheckFields = z.input<typeof fileCheckFieldsSchema>;

export type { AdmitInfo } from '../limits.service';
import type { AdmitInfo } from '../limits.service';

/** Admission of checks (license, rate limits, monthly allowance): a required dependency, never optional. */
export interface Admission {
  admit(orgId: string, policyId: string): Promise<AdmitInfo>;
  /** Takes back an admitted check that failed before its record was written. */
  release(orgId: string, policyId: string, admittedAt: Date): Promise<void>;
}

/** A check admitted before its body was read: who sent it, and its rate-limit state. */
export interface AdmittedCheck {
  orgId: string;
  /** The policy of the key (the rate-limit key); the body's policy_id may narrow within the organization. */
  keyPolicyId: string;
  info: AdmitInfo;
  at: Date;
  /** Settled once: recorded, or released back to the limits. */
  settled: boolean;
}

export interface PreflightServiceParts {
  cache: LookupCache;
  admission: Admission;
  records: RecordWriter;
  orgs: OrganizationService;
}

export interface CheckMeta {
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
  /** A file's name and its document's metadata lines: scanned with the content, never stored or echoed. */
  name?: string;
}

const MASKED_FILE_PURPOSE = 'masked-file';

/** Preflight checks: detection, policy decision, masking, the durable record, and result reads. */
export class PreflightService {
  private readonly metrics: CheckMetrics;

  constructor(
    private readonly deps: ServiceDeps,
    private readonly parts: PreflightServiceParts,
  ) {
    this.metrics = createCheckMetrics(deps.metrics);
  }

  /**
   * Admission, before the body is read or a file parsed: a policy key (the credential), the
   * organization's license, rate limits and monthly allowance. 403/429 here cost no parsing.
   */
  async admit(p: Principal): Promise<AdmittedCheck> {
    if (p.kind !== 'policy') throw forbidden('Preflight checks need a policy API key in X-Service-API-Key');
    const started = performance.now();
    const at = this.deps.now();
    const info = await this.parts.admission.admit(p.orgId, p.policyId);
    this.metrics.stage('admission', started);
    return { orgId: p.orgId, keyPolicyId: p.policyId, info, at, settled: false };
  }

  /** Checks text (POST /api/preflight/text). */
  async checkText(admitted: AdmittedCheck, input: unknown, meta: CheckMeta): Promise<{ result: PreflightResultView; admit: AdmitInfo }> {
    return this.settle(admitted, async () => {
      const data = parseInput(textCheckSchema, withHeaderDefaults(input, meta));
      const content: Content = { text: data.text, sizeBytes: Buffer.byteLength(data.text, 'utf8'), inputType: 'text' };
      return this.run(admitted, data, content, null, data.include_spans === true);
    });
  }

  /** Checks a file (POST /api/preflight, multipart field `file`). */
  async checkFile(
    admitted: AdmittedCheck,
    file: UploadedFile | undefined,
    fields: unknown,
    meta: CheckMeta,
  ): Promise<{ result: PreflightResultView; admit: AdmitInfo }> {
    return this.settle(admitted, async () => {
      const data = parseInput(fileCheckFieldsSchema, withHeaderDefaults(fields, meta));
      if (!file) throw new DomainError('validation_failed', 'Validation failed', [{ field: 'file', problem: 'file is required' }]);
      const extracted = await extractInPool(file.buffer, file.filename, file.mimetype);
      // The document's metadata is scanned with the file name: counted, never masked into the rendition.
      const name = extracted.metadata ? `${file.filename}\n${extracted.metadata}` : file.filename;
      const content: Content = { text: extracted.text, sizeBytes: file.buffer.length, inputType: 'file', name };
      return this.run(admitted, data, content, extracted);
    });
  }

  /** Gives an admitted check back to the limits when it fails before its record is written. */
  async release(admitted: AdmittedCheck): Promise<void> {
    if (admitted.settled) return;
    admitted.settled = true;
    await this.parts.admission.release(admitted.orgId, admitted.keyPolicyId, admitted.at);
  }

  private async settle<T>(admitted: AdmittedCheck, work: () => Promise<T>): Promise<T> {
    if (admitted.settled) throw new Error('an admitted check is used once');
    try {
      return await work();
    } catch (err) {
      await this.release(admitted);
      throw err;
    }
  }

  /**
   * Runs text through a policy without recording a check, counting it against the allowance or
   * forwarding it (the console's Try it panel). The policy may be inactive: that is how a new one is tried.
   */
  async tryText(p: Principal, org: string, policyId: string, input: unknown): Promise<TryResultView> {
    const o = await this.parts.orgs.resolve(p, org);
    const policy = await this.parts.cache.policy(policyId);
    if (!policy || policy.orgId !== o.id) throw notFound('Policy');
    const data = parseInput(tryTextSchema, input);
    const analysis = await analyzeText({ text: data.text, ...underPolicy(policy, o, data), includeSpans: false });
    return {
      decision: analysis.decision,
      summary: analysis.summary,
      detected: analysis.detected,
      masked_content: analysis.masked,
      policy_version: String(policy.version),
    };
  }

  private async run(
    admitted: AdmittedCheck,
    data: z.output<typeof fileCheckFieldsSchema>,
    content: Content,
    file: ExtractedFile | null,
    includeSpans = false,
  ): Promise<{ result: PreflightResultView; admit: AdmitInfo }> {
    const { org, policy } = await this.target(admitted, data.org_id, data.policy_id);

    const detectStart = performance.now();
    const analysis = await analyzeText({ text: content.text, name: content.name, ...underPolicy(policy, org, data), includeSpans });
    const { masked, detected } = analysis;
    const counts = new Map(detected.map((d) => [d.type, d.count]));
    this.metrics.stage('detection', detectStart);

    const recordStart = performance.now();
    const now = this.deps.now();
    const full = org.settings?.retention_mode === 'FULL';
    const retentionDays = Number(org.settings?.retention_days ?? 30);
    const record = Object.assign(new PreflightRecordEntity(), {
      id: newId('pf'),
      orgId: org.id,
      orgName: org.name,
      policyId: policy.id,
      policyName: policy.name,
      policyVersion: String(policy.version),
      decision: analysis.decision,
      destination: data.destination,
      sourceType: data.source_type,
      actorId: data.actor_id ?? null,
      inputType: content.inputType,
      inputSizeBytes: content.sizeBytes,
      findingCounts: Object.fromEntries(counts),
      findingsTotal: analysis.findingsTotal,
      detected: detected.map((d): StoredDetected => ({ ...d, sample: full ? d.sample : null })),
      summary: analysis.summary,
      maskedContentEnc: full && masked !== null ? this.deps.cipher.encrypt(masked) : null,
      contentExpiresAt: full && masked !== null ? new Date(now.getTime() + retentionDays * DAY_MS) : null,
      maskedFileId: null as string | null,
      createdAt: now,
    } satisfies Partial<PreflightRecordEntity>);
    let maskedFile: MaskedFileEntity | null = null;
    if (file && masked !== null) {
      maskedFile = Object.assign(new MaskedFileEntity(), {
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
    // The record (and the rows the record listeners add) is committed before the answer leaves.
    // Settled before the wait, so a client that disconnects meanwhile does not give back a check
    // whose record is being committed; a failed write unsettles it and settle() releases it.
    admitted.settled = true;
    try {
      await this.parts.records.write([{ record, maskedFile }]);
    } catch (err) {
      admitted.settled = false;
      throw err;
    }
    this.metrics.stage('record', recordStart);
    this.metrics.checked(record, counts);
    this.deps.logger.debug(
      { preflight_id: record.id, org_id: org.id, policy_id: policy.id, decision: record.decision, findings: analysis.findingsTotal, bytes: content.sizeBytes },
      'preflight checked',
    );
    const result = this.view(record, detected);
    if (file) result.masked_file_url = maskedFile ? this.maskedFileUrl(record.id, maskedFile.expiresAt) : null;
    else {
      result.masked_content = masked;
      if (includeSpans) result.spans = analysis.spans;
    }
    return { result, admit: admitted.info };
  }

  /** Reads a stored result: with a policy key or an organization/operator bearer key of that organization. */
  async get(p: Principal, preflightId: string): Promise<PreflightResultView> {
    const record = await this.deps.ds.getRepository(PreflightRecordEntity).findOneBy({ id: preflightId });
    const reach = p.kind === 'operator' || ((p.kind === 'org' || p.kind === 'policy') && record?.orgId === p.orgId);
    if (!record || !reach) throw notFound('Preflight result');
    const result = this.view(record, record.detected);
    const now = this.deps.now();
    const contentLive = record.contentExpiresAt && record.contentExpiresAt > now;
    if (record.inputType === 'file') {
      const file = record.maskedFileId ? await this.deps.ds.getRepository(MaskedFileEntity).findOneBy({ id: record.maskedFileId }) : null;
      result.masked_file_url = file && file.expiresAt > now ? this.maskedFileUrl(record.id, file.expiresAt) : null;
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
      decision: record.decision,
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

  /** Absolute on PREFLIGHT_PUBLIC_URL, else relative: never built from the request's Host header (README, Operations). */
  private maskedFileUrl(preflightId: string, expiresAt: Date): string {
    const exp = Math.floor(expiresAt.getTime() / 1000);
    const tag = this.deps.cipher.mac(MASKED_FILE_PURPOSE, `${preflightId}.${exp}`);
    const base = this.deps.config.publicUrl ?? '';
    return `${base}/api/preflight/${preflightId}/masked-file?token=${exp}.${tag}`;
  }

  /** The policy key decides the organization; org_id and policy_id may only narrow within it. */
  private async target(admitted: AdmittedCheck, orgId?: string, policyId?: string): Promise<{ org: CachedOrganization; policy: CachedPolicy }> {
    const { cache } = this.parts;
    await cache.fresh();
    const org = await cache.organization(admitted.orgId);
    if (!org) throw notFound('Organization');
    if (orgId !== undefined && orgId !== org.id && orgId !== org.slug) throw forbidden('This policy key belongs to another organization');
    const policy = await cache.policy(policyId ?? admitted.keyPolicyId);
    if (!policy || policy.orgId !== org.id) throw notFound('Policy');
    if (!policy.isActive) throw forbidden('The policy is not active');
    return { org, policy };
  }
}

/** How a policy analyses content going to a destination: its patterns, rules and the check's context. */
function underPolicy(
  policy: CachedPolicy,
  org: CachedOrganization,
  data: Pick<z.output<typeof fileCheckFieldsSchema>, 'destination' | 'destination_region' | 'destination_scc_verified'>,
) {
  return {
    scan: { pass: 'full' as const, customPatterns: customPatterns(policy), customKey: `${policy.id}:${policy.version}` },
    rules: policy.rules,
    context: {
      destination: data.destination,
      destinationRegion: data.destination_region,
      sccVerified: data.destination_scc_verified,
      orgDataRegion: org.settings?.data_region,
    },
  };
}

function customPatterns(policy: CachedPolicy) {
  if (!policy.customPatterns?.length) return undefined;
  return policy.customPatterns.map((c) => ({ name: c.name, regex: c.regex, keywords: c.keywords }));
}

/** Body fields win; the X-Service-Source / X-Service-Actor headers fill in what the body omits. */
function withHeaderDefaults(input: unknown, meta: CheckMeta): unknown {
  if (!input || typeof input !== 'object') return input;
  const o = { ...(input as Record<string, unknown>) };
  if (o.source_type === undefined && meta.sourceHeader) o.source_type = meta.sourceHeader;
  if (o.actor_id === undefined && meta.actorHeader) o.actor_id = meta.actorHeader;
  return o;
}
