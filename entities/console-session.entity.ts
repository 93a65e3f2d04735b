import { Entity, PrimaryColumn, Column, Index } from 'typeorm';
import { TimeColumn } from './columns';

/**
 * A console sign-in. Only hashes are stored: of the session token (the cookie), of its CSRF token,
 * and of the credential it was opened with, so rotating or revoking that key (or changing the
 * operator key) ends the session too.
 */
@Entity('console_sessions')
export class ConsoleSessionEntity {
  @PrimaryColumn({ name: 'token_hash', type: 'varchar', length: 64 }) tokenHash!: string;
  @Column({ name: 'csrf_hash', type: 'varchar', length: 64 }) csrfHash!: string;
  /** operator or org */
  @Column({ type: 'varchar', length: 20 }) kind!: string;
  @Column({ name: 'org_id', type: 'varchar', length: 40, nullable: true }) orgId!: string | null;
  @Column({ name: 'key_id', type: 'varchar', length: 40, nullable: true }) keyId!: string | null;
  @Column({ name: 'credential_hash', type: 'varchar', length: 64 }) credentialHash!: string;
  @TimeColumn({ name: 'created_at' }) createdAt!: Date;
  @Index() @TimeColumn({ name: 'expires_at' }) expiresAt!: Date;
}
