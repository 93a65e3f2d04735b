import { Entity, PrimaryColumn, Column, Index } from 'typeorm';
import { LargeTextColumn, TimeColumn } from './columns';

/** A short-lived masked file (AES-256-GCM encrypted, base64), served through a signed URL. */
@Entity('masked_files')
export class MaskedFileEntity {
  @PrimaryColumn({ type: 'varchar', length: 40 }) id!: string;
  @Column({ name: 'preflight_id', type: 'varchar', length: 40 }) preflightId!: string;
  @Column({ name: 'org_id', type: 'varchar', length: 40 }) orgId!: string;
  @Column({ type: 'varchar', length: 255 }) filename!: string;
  @Column({ name: 'content_type', type: 'varchar', length: 100 }) contentType!: string;
  @LargeTextColumn({ name: 'content_enc' }) contentEnc!: string;
  @Index() @TimeColumn({ name: 'expires_at' }) expiresAt!: Date;
}
