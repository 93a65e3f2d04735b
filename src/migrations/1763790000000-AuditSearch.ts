import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { ref, str, text, time } from './columns';
import { backfillAuditSearch } from '../services/audit-search';

/**
 * The audit search index (src/services/audit-search.ts, docs/decisions.md#audit-search): the
 * distinct searchable texts per organization and one narrow row per record, then every record
 * already stored indexed. On SQLite the row table is WITHOUT ROWID, so its primary key (org_id,
 * created_at, id) is the table and a window scan reads text_key from it without a second lookup
 * (InnoDB clusters by the primary key anyway).
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
    if (mysql) {
      await q.createTable(
        new Table({
          name: 'audit_search_rows',
          columns: [
            { ...ref('org_id'), isPrimary: true },
            { ...time('created_at'), isPrimary: true },
            { ...ref('id'), isPrimary: true },
            { name: 'hex_id', type: 'smallint' },
            str('text_key', 32),
          ],
          indices: [{ name: 'idx_audit_search_rows_created', columnNames: ['created_at', 'id', 'hex_id', 'text_key'] }],
        }),
      );
    } else {
      await q.query(
        'CREATE TABLE "audit_search_rows" ("org_id" varchar(40) NOT NULL, "created_at" bigint NOT NULL, "id" varchar(40) NOT NULL, "hex_id" smallint NOT NULL, ' +
          '"text_key" varchar(32) NOT NULL, PRIMARY KEY ("org_id", "created_at", "id")) WITHOUT ROWID',
      );
      await q.query('CREATE INDEX "idx_audit_search_rows_created" ON "audit_search_rows" ("created_at", "id", "hex_id", "text_key")');
    }
    await backfillAuditSearch(q.manager, mysql);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('audit_search_rows');
    await q.dropTable('audit_search_texts');
  }
}
