import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { id, ref, str, time } from './columns';

/** Forwarding destinations and the delivery outbox (docs/forwarding.md). */
export class Forwarding1763785000000 implements MigrationInterface {
  name = 'Forwarding1763785000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'forwarding_destinations',
        columns: [
          id(),
          ref('org_id'),
          str('url', 2048),
          str('auth_header_name', 256, true),
          { name: 'auth_header_value_enc', type: 'text', isNullable: true },
          { name: 'enabled', type: 'boolean' },
          str('last_error', 1000, true),
          time('last_error_at', true),
          time('created_at'),
          time('updated_at'),
        ],
        indices: [{ name: 'idx_fwd_destinations_org', columnNames: ['org_id'] }],
      }),
    );
    await q.createTable(
      new Table({
        name: 'forwarding_deliveries',
        columns: [
          id(),
          ref('org_id'),
          ref('destination_id'),
          ref('record_id'),
          str('state', 16),
          { name: 'attempts', type: 'int' },
          time('next_attempt_at'),
          time('locked_until', true),
          ref('lease_token', true),
          { name: 'last_status_code', type: 'int', isNullable: true },
          str('last_error', 1000, true),
          time('last_attempt_at', true),
          time('delivered_at', true),
          { name: 'attempt_log', type: 'text' },
          time('created_at'),
          time('updated_at'),
        ],
        indices: [
          { name: 'idx_fwd_deliveries_due', columnNames: ['state', 'next_attempt_at'] },
          { name: 'idx_fwd_deliveries_dest_state', columnNames: ['destination_id', 'state'] },
          { name: 'idx_fwd_deliveries_dest_attempt', columnNames: ['destination_id', 'last_attempt_at'] },
          { name: 'uq_fwd_deliveries_record_dest', columnNames: ['record_id', 'destination_id'], isUnique: true },
        ],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('forwarding_deliveries');
    await q.dropTable('forwarding_destinations');
  }
}
