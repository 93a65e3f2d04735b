import { Entity, PrimaryColumn, Column, Index } from 'typeorm';
import { TimeColumn } from './columns';

/**
 * An HTTPS collector an organization forwards its audit events to. The one auth header value is
 * kept AES-256-GCM encrypted (`v1:<keyId>:...`, see src/lib/secrets.ts) and never leaves the service.
 */
@Entity('forwarding_destinations')
export class ForwardingDestinationEntity {
  @PrimaryColumn({ type: 'varchar', length: 40 }) id!: string;
  @Index('idx_fwd_destinations_org') @Column({ name: 'org_id', type: 'varchar', length: 40 }) orgId!: string;
  @Column({ type: 'varchar', length: 2048 }) url!: string;
  @Column({ name: 'auth_header_name', type: 'varchar', length: 256, nullable: true }) authHeaderName!: string | null;
  @Column({ name: 'auth_header_value_enc', type: 'text', nullable: true }) authHeaderValueEnc!: string | null;
  @Column({ type: 'boolean' }) enabled!: boolean;
  /** The failure that dead-lettered the latest dead-lettered delivery (safe text: status or error class). */
  @Column({ name: 'last_error', type: 'varchar', length: 1000, nullable: true }) lastError!: string | null;
  @TimeColumn({ name: 'last_error_at', nullable: true }) lastErrorAt!: Date | null;
  @TimeColumn({ name: 'created_at' }) createdAt!: Date;
  @TimeColumn({ name: 'updated_at' }) updatedAt!: Date;
}
