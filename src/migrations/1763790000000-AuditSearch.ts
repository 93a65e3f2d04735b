import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { ref, str, text, time } from './columns';

/**
 * The audit search index (src/services/audit-search.ts, docs/decisions.md#audit-search): the
 * distinct searchable texts per organization, record counts per text and UTC day, one narrow row
 * per record (and one more for ids not shaped like the service's own). The per-record and per-day
 * tables are replaced by chunks in AuditSearchChunks1763791000000, which also indexes the records
 * already stored. On SQLite the row tables are WITHOUT ROWID, so their primary key (org_id,
 * created_at, id) is the table and a window scan reads text_key from it without a second lookup
 * (InnoDB clusters by the primary key anyway); (text_key, created_at, id) reads a matching text's
 * records of a day range.
 */
export class AuditSearch1763790000000 implements MigrationInterface {
  name = 'AuditSearch1763790000000';

  async up(q: QueryRunner): Promise<void> {
    const mysql = q.connection.driver.options.type === 'mysql';
    await q.createTable(
      new Table({
        name: 'audit_search_texts',
        columns: [
          { ...ref('org_id'), isPrimary: true },
          { ...str('text_key', 32), isPrimary: true },
          // The same types as the records' columns, so LIKE compares them the same way.
          text('summary'),
          str('policy_name', 200),
          str('decision', 24),
          str('destination', 16),
        ],
      }),
    );
    // The per-record tables: (org_id, created_at, id) clustered, then their own columns.
    const perRecord = async (name: string, extra: Array<{ name: string; type: string; length?: number }>) => {
      if (mysql) {
        await q.createTable(
          new Table({
            name,
            columns: [
              { ...ref('org_id'), isPrimary: true },
              { ...time('created_at'), isPrimary: true },
              { ...ref('id'), isPrimary: true },
              ...extra.map((c) => (c.length ? str(c.name, c.length) : { name: c.name, type: c.type })),
            ],
          }),
        );
        return;
      }
      const cols = extra.map((c) => `"${c.name}" ${c.length ? `varchar(${c.length})` : c.type} NOT NULL, `).join('');
      await q.query(
        `CREATE TABLE "${name}" ("org_id" varchar(40) NOT NULL, "created_at" bigint NOT NULL, "id" varchar(40) NOT NULL, ${cols}` +
          'PRIMARY KEY ("org_id", "created_at", "id")) WITHOUT ROWID',
      );
    };
    await perRecord('audit_search_rows', [
      { name: 'hex_id', type: 'smallint' },
      { name: 'text_key', type: 'varchar', length: 32 },
    ]);
    await q.query(`CREATE INDEX idx_audit_search_rows_key ON audit_search_rows (text_key, created_at, id)`);
    await perRecord('audit_search_ids', [{ name: 'text_key', type: 'varchar', length: 32 }]);
    await q.createTable(
      new Table({
        name: 'audit_search_days',
        columns: [
          { ...str('text_key', 32), isPrimary: true },
          { name: 'day', type: 'int', isPrimary: true },
          ref('org_id'),
          { name: 'n', type: 'bigint' },
        ],
      }),
    );
    // Records stored before are indexed by AuditSearchChunks1763791000000, which replaces two of these tables.
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('audit_search_days');
    await q.dropTable('audit_search_ids');
    await q.dropTable('audit_search_rows');
    await q.dropTable('audit_search_texts');
  }
}
