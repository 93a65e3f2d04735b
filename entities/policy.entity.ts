import { Entity, PrimaryColumn, Column, Index } from 'typeorm';
import { JsonColumn, TimeColumn } from './columns';
import type { Rule, CustomPatternDef } from '../src/policy/types';

/** A policy: rules and custom patterns are kept with it as JSON. */
@Entity('policies')
export class PolicyEntity {
  @PrimaryColumn({ type: 'varchar', length: 40 }) id!: string;
  @Index() @Column({ name: 'org_id', type: 'varchar', length: 40 }) orgId!: string;
  @Column({ type: 'varchar', length: 200 }) name!: string;
  @Column({ type: 'text' }) description!: string;
  @JsonColumn() tags!: string[];
  @Column({ name: 'policy_group', type: 'varchar', length: 100 }) policyGroup!: string;
  @Column({ name: 'is_active', type: 'boolean' }) isActive!: boolean;
  @Column({ type: 'int' }) version!: number;
  @JsonColumn() rules!: Rule[];
  @JsonColumn({ name: 'custom_patterns' }) customPatterns!: CustomPatternDef[];
  @Column({ name: 'api_key_hash', type: 'varchar', length: 64, unique: true }) apiKeyHash!: string;
  @Column({ name: 'api_key_preview', type: 'varchar', length: 40 }) apiKeyPreview!: string;
  @TimeColumn({ name: 'created_at' }) createdAt!: Date;
  @TimeColumn({ name: 'updated_at' }) updatedAt!: Date;
}
