import { Entity, PrimaryColumn, Column, Index } from 'typeorm';
import { TimeColumn } from './columns';

/** An organization API key. Only its SHA-256 hash and a redacted preview are stored. */
@Entity('api_keys')
export class ApiKeyEntity {
  @PrimaryColumn({ type: 'varchar', length: 40 }) id!: string;
  @Index() @Column({ name: 'org_id', type: 'varchar', length: 40 }) orgId!: string;
  @Column({ type: 'varchar', length: 200 }) name!: string;
  @Column({ name: 'key_hash', type: 'varchar', length: 64, unique: true }) keyHash!: string;
  @Column({ name: 'key_preview', type: 'varchar', length: 40 }) keyPreview!: string;
  @TimeColumn({ name: 'created_at' }) createdAt!: Date;
  @TimeColumn({ name: 'rotated_at', nullable: true }) rotatedAt!: Date | null;
  @TimeColumn({ name: 'last_used_at', nullable: true }) lastUsedAt!: Date | null;
}
