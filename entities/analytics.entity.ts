import { Entity, PrimaryColumn, Column, Index } from 'typeorm';

/** A BIGINT read back as a number on both engines (counters, epoch ms, day numbers). */
const bigNumber = { type: 'bigint' as const, transformer: { to: (v: number) => v, from: (v: string | number) => Number(v) } };

/**
 * One finding type's count in one preflight record, written with the record, so detection
 * breakdowns are SQL aggregates on both engines (the record's finding_counts is JSON text).
 */
@Entity('preflight_finding_counts')
@Index('idx_finding_counts_org', ['orgId', 'createdAt', 'findingType', 'findingCount'])
export class FindingCountEntity {
  @PrimaryColumn({ name: 'preflight_id', type: 'varchar', length: 40 }) preflightId!: string;
  @PrimaryColumn({ name: 'finding_type', type: 'varchar', length: 100 }) findingType!: string;
  @Column({ name: 'org_id', type: 'varchar', length: 40 }) orgId!: string;
  @Column({ name: 'finding_count', type: 'int' }) findingCount!: number;
  /** Epoch ms, as the record's created_at. */
  @Column({ name: 'created_at', ...bigNumber }) createdAt!: number;
}

/** Figures of one organization and one sealed UTC day (day_number = floor(epoch ms / 86400000)). */
@Entity('analytics_daily')
@Index('idx_analytics_daily_day', ['dayNumber'])
export class AnalyticsDailyEntity {
  @PrimaryColumn({ name: 'org_id', type: 'varchar', length: 40 }) orgId!: string;
  @PrimaryColumn({ name: 'day_number', type: 'int' }) dayNumber!: number;
  @Column({ name: 'checks_total', ...bigNumber, default: 0 }) checksTotal!: number;
  @Column({ ...bigNumber, default: 0 }) allowed!: number;
  @Column({ ...bigNumber, default: 0 }) masked!: number;
  @Column({ ...bigNumber, default: 0 }) blocked!: number;
  @Column({ name: 'bytes_processed', ...bigNumber, default: 0 }) bytesProcessed!: number;
  @Column({ name: 'bytes_protected', ...bigNumber, default: 0 }) bytesProtected!: number;
  @Column({ name: 'findings_total', ...bigNumber, default: 0 }) findingsTotal!: number;
  @Column({ name: 'prevented_exposures', ...bigNumber, default: 0 }) preventedExposures!: number;
}

/** Findings of one type, organization and sealed UTC day. */
@Entity('analytics_daily_findings')
export class AnalyticsDailyFindingEntity {
  @PrimaryColumn({ name: 'org_id', type: 'varchar', length: 40 }) orgId!: string;
  @PrimaryColumn({ name: 'day_number', type: 'int' }) dayNumber!: number;
  @PrimaryColumn({ name: 'finding_type', type: 'varchar', length: 100 }) findingType!: string;
  @Column({ name: 'finding_count', ...bigNumber, default: 0 }) findingCount!: number;
}

/** How far an organization is rolled up; `generation` moves when a record lands on a rolled day. */
@Entity('analytics_rollup_state')
export class RollupStateEntity {
  @PrimaryColumn({ name: 'org_id', type: 'varchar', length: 40 }) orgId!: string;
  @Column({ name: 'rolled_until_day', type: 'int' }) rolledUntilDay!: number;
  @Column({ type: 'int', default: 0 }) generation!: number;
}

/** The counter that moves with every change of the rows the check path caches (one row, id 1). */
@Entity('cache_generation')
export class CacheGenerationEntity {
  @PrimaryColumn({ type: 'int' }) id!: number;
  @Column({ ...bigNumber, default: 0 }) generation!: number;
}

/**
 * One distinct (organization, summary, policy name, decision, destination) of the preflight
 * records, under a hash of the five: what a free-text audit search compares (src/services/audit-search.ts).
 */
@Entity('audit_search_texts')
export class AuditSearchTextEntity {
  @PrimaryColumn({ name: 'org_id', type: 'varchar', length: 40 }) orgId!: string;
  @PrimaryColumn({ name: 'text_key', type: 'varchar', length: 32 }) textKey!: string;
  @Column({ type: 'text' }) summary!: string;
  @Column({ name: 'policy_name', type: 'varchar', length: 200 }) policyName!: string;
  @Column({ type: 'varchar', length: 24 }) decision!: string;
  @Column({ type: 'varchar', length: 16 }) destination!: string;
}

/**
 * A chunk of one text's records of one UTC day, as the audit search reads them
 * (src/services/audit-search.ts): their ids and times as strings, and their number.
 */
@Entity('audit_search_chunks')
export class AuditSearchChunkEntity {
  @PrimaryColumn({ name: 'text_key', type: 'varchar', length: 32 }) textKey!: string;
  /** UTC day number (days since 1970-01-01). */
  @PrimaryColumn({ type: 'int' }) day!: number;
  /** Tells the day's chunks apart (a writer's own numbering). */
  @PrimaryColumn({ type: 'int' }) seq!: number;
  @Column({ name: 'org_id', type: 'varchar', length: 40 }) orgId!: string;
  @Column({ type: 'int' }) n!: number;
  /** How many of the ids are not service-shaped (client libraries' ids, the only ones with capitals). */
  @Column({ name: 'other_ids', type: 'int' }) otherIds!: number;
  /** Each record's id followed by a comma. */
  @Column({ type: 'text' }) ids!: string;
  /** Each record's ms of its day as 8 digits, in the order of `ids`. */
  @Column({ type: 'text' }) ats!: string;
}
