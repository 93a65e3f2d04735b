import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { ref, str, time } from './columns';

/** Console sessions: hashes only (token, CSRF token, the credential signed in with). */
export class ConsoleSessions1763789000000 implements MigrationInterface {
  name = 'ConsoleSessions1763789000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'console_sessions',
        columns: [
          { ...str('token_hash', 64), isPrimary: true },
          str('csrf_hash', 64),
          str('kind', 20),
          ref('org_id', true),
          ref('key_id', true),
          str('credential_hash', 64),
          time('created_at'),
          time('expires_at'),
        ],
        indices: [{ name: 'idx_console_sessions_expires', columnNames: ['expires_at'] }],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('console_sessions');
  }
}
