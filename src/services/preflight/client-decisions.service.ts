import { z } from 'zod';
import { In } from 'typeorm';
import { PreflightRecordEntity } from '../../../entities';
import { isUniqueViolation } from '../../db/errors';
import { labelFor } from '../../detection/labels';
import { DECISIONS, DESTINATIONS, INPUT_TYPES } from '../../policy/types';
import {
  CLIENT_ID_RE,
  CLIENT_SOURCE_TYPES,
  FINDING_TYPE_RE,
  IDENT_RE,
  MAX_CLIENT_DECISIONS,
  type ClientDecision,
} from '../../policy/client-decision';
import { forbidden, notFound } from '../../errors';
import type { ServiceDeps } from '../deps';
import type { LookupCache } from '../lookup-cache';
import type { Principal } from '../principal';
import { parseInput } from '../validation';
import type { Admission } from './preflight.service';
import type { RecordWriter } from './record-writer';
import type { IngestResult } from '../views';

const token = (max: number) => z.string().max(max).regex(IDENT_RE, `letters, digits and . _ : @ + - only, at most ${max}`);

/**
 * One decision a client library made on its own (local or fallback mode). Counts only: the schema
 * is strict and admits no free text, no samples and no content.
 */
export const clientDecisionSchema = z
  .object({
    preflight_id: z.string().regex(CLIENT_ID_RE, '8 to 40 letters, digits, - or _'),
    created_at: z.iso.datetime({ offset: true }),
    decision: z.enum(DECISIONS),
    destination: z.enum(DESTINATIONS),
    policy_version: token(20),
    finding_counts_by_type: z
      .record(z.string().regex(FINDING_TYPE_RE, 'an UPPER_SNAKE finding type'), z.number().int().min(1).max(1_000_000))
      .refine((r) => Object.keys(r).length <= 200, 'at most 200 finding types'),
    input_type: z.enum(INPUT_TYPES),
    input_size_bytes: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    source_type: z.enum(CLIENT_SOURCE_TYPES),
    actor_id: token(200).optional(),
  })
  .strict() satisfies z.ZodType<ClientDecision>;

export const clientDecisionBatchSchema = z
  .object({ decisions: z.array(clientDecisionSchema).min(1).max(MAX_CLIENT_DECISIONS) })
  .strict();


/** A summary built from counts alone, like a server check's but naming the client's decision. */
function clientSummary(d: ClientDecision): string {
  const found = Object.entries(d.finding_counts_by_type).map(([type, n]) => `${n} × ${labelFor(type)}`);
  const head = `${d.decision === 'BLOCKED' ? 'Blocked' : d.decision === 'ALLOWED_WITH_MASKING' ? 'Allowed with masking' : 'Allowed'} on the client (${d.source_type})`;
  return found.length ? `${head}: found ${found.join(', ')}.` : `${head}: no sensitive data found.`;
}

/**
 * Decisions made by client libraries (POST /api/preflight/events): recorded as preflight records,
 * counted against the allowance and forwarded like any check; idempotent on preflight_id.
 */
export class ClientDecisionService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly cache: LookupCache,
    private readonly admission: Admission,
    private readonly records: RecordWriter,
  ) {}

  /** Records a batch; a quota or rate-limit error stops it after the decisions already recorded (retry to send the rest). */
  async ingest(p: Principal, input: unknown): Promise<IngestResult> {
    if (p.kind !== 'policy') throw forbidden('Client decisions need a policy API key in X-Service-API-Key');
    const { decisions } = parseInput(clientDecisionBatchSchema, input);
    // The same cached rows as the check path (docs/decisions.md, "Cached lookups on the check path").
    await this.cache.fresh();
    const org = await this.cache.organization(p.orgId);
    if (!org) throw notFound('Organization');
    const policy = await this.cache.policy(p.policyId);
    if (!policy || policy.orgId !== org.id) throw notFound('Policy');

    const unique = [...new Map(decisions.map((d) => [d.preflight_id, d])).values()];
    const known = await this.deps.ds
      .getRepository(PreflightRecordEntity)
      .find({ select: { id: true }, where: { id: In(unique.map((d) => d.preflight_id)) } });
    const knownIds = new Set(known.map((r) => r.id));
    const fresh = unique.filter((d) => !knownIds.has(d.preflight_id));
    const result: IngestResult = { recorded: 0, duplicates: decisions.length - fresh.length };
    for (const d of fresh) {
      await this.admission.admit(org.id, policy.id);
      const total = Object.values(d.finding_counts_by_type).reduce((a, b) => a + b, 0);
      const record = Object.assign(new PreflightRecordEntity(), {
        id: d.preflight_id,
        orgId: org.id,
        orgName: org.name,
        policyId: policy.id,
        policyName: policy.name,
        policyVersion: d.policy_version,
        decision: d.decision,
        destination: d.destination,
        sourceType: d.source_type,
        actorId: d.actor_id ?? null,
        inputType: d.input_type,
        inputSizeBytes: d.input_size_bytes,
        findingCounts: d.finding_counts_by_type,
        findingsTotal: total,
        detected: Object.entries(d.finding_counts_by_type).map(([type, count]) => ({ type, count, sample: null })),
        summary: clientSummary(d),
        maskedContentEnc: null,
        contentExpiresAt: null,
        maskedFileId: null,
        // A client clock ahead of ours must not date a decision in the future.
        createdAt: new Date(Math.min(Date.parse(d.created_at), this.deps.now().getTime())),
      } satisfies Partial<PreflightRecordEntity>);
      try {
        await this.writeRecord(record);
        result.recorded++;
      } catch (err) {
        // The same decision sent twice at once: the other request recorded it.
        if (!isUniqueViolation(err)) throw err;
        result.duplicates++;
      }
    }
    this.deps.logger.info({ org_id: org.id, policy_id: policy.id, ...result }, 'client decisions recorded');
    return result;
  }

  /** Client decisions reach storage through the check path's group-commit writer: counted and forwarded alike. */
  private writeRecord(record: PreflightRecordEntity): Promise<void> {
    return this.records.write([{ record, maskedFile: null }]);
  }
}
