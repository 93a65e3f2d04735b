import { Entity, PrimaryColumn, Column, Index } from 'typeorm';
import { TimeColumn } from './columns';

export const LICENSE_STATUSES = ['active', 'expired', 'revoked'] as const;
export type LicenseStatus = (typeof LICENSE_STATUSES)[number];

/** A license. The key is stored as a SHA-256 hash; `status` is stored, `expired` derived on read. */
@Entity('licenses')
export class LicenseEntity {
  @PrimaryColumn({ type: 'varchar', length: 40 }) id!: string;
  @Index() @Column({ name: 'org_id', type: 'varchar', length: 40 }) orgId!: string;
  @Column({ name: 'key_hash', type: 'varchar', length: 64, unique: true }) keyHash!: string;
  @Column({ name: 'key_preview', type: 'varchar', length: 40 }) keyPreview!: string;
  @Column({ name: 'license_type', type: 'varchar', length: 40 }) licenseType!: string;
  @Column({ type: 'varchar', length: 20 }) status!: LicenseStatus;
  @TimeColumn({ name: 'expires_at' }) expiresAt!: Date;
  @Column({ name: 'max_checks_per_month', type: 'int' }) maxChecksPerMonth!: number;
  @Column({ name: 'default_policy_group', type: 'varchar', length: 100 }) defaultPolicyGroup!: string;
  @TimeColumn({ name: 'created_at' }) createdAt!: Date;
  @TimeColumn({ name: 'updated_at' }) updatedAt!: Date;
}
