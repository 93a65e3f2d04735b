import { Entity, PrimaryColumn, Column, Index } from 'typeorm';
import { JsonColumn, TimeColumn } from './columns';

/** One delivery attempt as recorded on its delivery (no content, no header values). */
export interface DeliveryAttempt {
  /** ISO 8601 time the attempt started. */
  at: string;
  /** HTTP status of the answer; null when none came (DNS, connect, TLS, time-out). */
  status_code: number | null;
  /** Null on success; otherwise a safe description (status line or error class). */
  error: string | null;
  duration_ms: number;
}

/**
 * The forwarding outbox: one row per (preflight record, destination), written in the preflight's
 * own transaction. States: queued -> retrying -> delivered | failed (dead-lettered). Both drivers
 * (in-process poller, BullMQ) schedule from this table; src/services/forwarding/delivery-state.ts
 * owns the transitions.
 */
@Entity('forwarding_deliveries')
@Index('idx_fwd_deliveries_due', ['state', 'nextAttemptAt'])
@Index('idx_fwd_deliveries_dest_state', ['destinationId', 'state'])
@Index('idx_fwd_deliveries_dest_attempt', ['destinationId', 'lastAttemptAt'])
@Index('uq_fwd_deliveries_record_dest', ['recordId', 'destinationId'], { unique: true })
export class DeliveryEntity {
  @PrimaryColumn({ type: 'varchar', length: 40 }) id!: string;
  @Column({ name: 'org_id', type: 'varchar', length: 40 }) orgId!: string;
  @Column({ name: 'destination_id', type: 'varchar', length: 40 }) destinationId!: string;
  /** The preflight record (preflight_id) whose event this delivers. */
  @Column({ name: 'record_id', type: 'varchar', length: 40 }) recordId!: string;
  @Column({ type: 'varchar', length: 16 }) state!: string;
  @Column({ type: 'int' }) attempts!: number;
  @TimeColumn({ name: 'next_attempt_at' }) nextAttemptAt!: Date;
  /** In-process driver's claim: another process may take the row over once this passes. */
  @TimeColumn({ name: 'locked_until', nullable: true }) lockedUntil!: Date | null;
  @Column({ name: 'lease_token', type: 'varchar', length: 40, nullable: true }) leaseToken!: string | null;
  @Column({ name: 'last_status_code', type: 'int', nullable: true }) lastStatusCode!: number | null;
  @Column({ name: 'last_error', type: 'varchar', length: 1000, nullable: true }) lastError!: string | null;
  @TimeColumn({ name: 'last_attempt_at', nullable: true }) lastAttemptAt!: Date | null;
  @TimeColumn({ name: 'delivered_at', nullable: true }) deliveredAt!: Date | null;
  /** The latest attempts (at most 20), oldest first. */
  @JsonColumn({ name: 'attempt_log' }) attemptLog!: DeliveryAttempt[];
  @TimeColumn({ name: 'created_at' }) createdAt!: Date;
  @TimeColumn({ name: 'updated_at' }) updatedAt!: Date;
}
