import { Entity, PrimaryColumn, Column, Index } from 'typeorm';
import { JsonColumn, LargeTextColumn, TimeColumn } from './columns';
import type { Decision, Destination, InputType } from '../src/policy/types';

/** One detected type in a stored result; `sample` is kept only under retention_mode FULL. */
export interface StoredDetected {
  type: string;
  count: number;
  sample: string | null;
}

/**
 * One preflight decision: metadata and counts only. Content (the masked text) is kept, encrypted,
 * only when the organization's retention_mode is FULL, and removed after retention_days.
 */
@Entity('preflight_records')
// Pages and aggregates of one organization use idx_preflight_org_stats (migration AuditIndexes).
@Index('idx_preflight_created', ['createdAt'])
export class PreflightRecordEntity {
  @PrimaryColumn({ type: 'varchar', length: 40 }) id!: string;
  @Column({ name: 'org_id', type: 'varchar', length: 40 }) orgId!: string;
  @Column({ name: 'org_name', type: 'varchar', length: 200 }) orgName!: string;
  @Column({ name: 'policy_id', type: 'varchar', length: 40 }) policyId!: string;
  @Column({ name: 'policy_name', type: 'varchar', length: 200 }) policyName!: string;
  @Column({ name: 'policy_version', type: 'varchar', length: 20 }) policyVersion!: string;
  @Column({ type: 'varchar', length: 24 }) decision!: Decision;
  @Column({ type: 'varchar', length: 16 }) destination!: Destination;
  @Column({ name: 'source_type', type: 'varchar', length: 24 }) sourceType!: string;
  @Column({ name: 'actor_id', type: 'varchar', length: 200, nullable: true }) actorId!: string | null;
  @Column({ name: 'input_type', type: 'varchar', length: 16 }) inputType!: InputType;
  @Column({ name: 'input_size_bytes', type: 'bigint', transformer: { to: (v: number) => v, from: (v: string | number) => Number(v) } })
  inputSizeBytes!: number;
  @JsonColumn({ name: 'finding_counts' }) findingCounts!: Record<string, number>;
  @Column({ name: 'findings_total', type: 'int' }) findingsTotal!: number;
  @JsonColumn() detected!: StoredDetected[];
  @Column({ type: 'text' }) summary!: string;
  @LargeTextColumn({ name: 'masked_content_enc', nullable: true }) maskedContentEnc!: string | null;
  @TimeColumn({ name: 'content_expires_at', nullable: true }) contentExpiresAt!: Date | null;
  @Column({ name: 'masked_file_id', type: 'varchar', length: 40, nullable: true }) maskedFileId!: string | null;
  @TimeColumn({ name: 'created_at' }) createdAt!: Date;
}
