import { MigrationInterface, QueryRunner } from 'typeorm';
import { backfillAuditSearch } from '../services/audit-search';

/**
 * The audit search index keeps each text's records of a UTC day as chunk rows holding their ids
 * and times as strings (src/services/audit-search.ts, docs/decisions.md#audit-search), instead
 * of a row per record (`audit_search_rows`) and a count per text and day (`audit_search_days`):
 * an id fragment is looked for in a few kB per row rather than in a row per record, and the
 * record writer upserts a row per text and day of a batch, not one per record. The index is
 * rebuilt from the records. On MySQL the strings are ASCII with a binary collation (ids are
 * ASCII: service ids and client ids, docs/api-contract.md#preflight-checks), so LOCATE compares
 * bytes. On SQLite the table is WITHOUT ROWID, clustered by its key as InnoDB is: a text's days are
 * adjacent, and a sum of `n` reads the rows' first bytes, not their strings (on the 1M-record bench
 * database, summing every text's 120 days took 80-110 ms against 140-170 ms with a rowid table,
 * load average 16).
 */
export class AuditSearchChunks1763791000000 implements MigrationInterface {
  name = 'AuditSearchChunks1763791000000';

  async up(q: QueryRunner): Promise<void> {
    const mysql = q.connection.driver.options.type === 'mysql';
    const ascii = mysql ? ' CHARACTER SET ascii COLLATE ascii_bin' : '';
    const text = mysql ? 'mediumtext' : 'text';
    await q.query(
      'CREATE TABLE audit_search_chunks (text_key varchar(32) NOT NULL, day int NOT NULL, seq int NOT NULL, org_id varchar(40) NOT NULL, ' +
        `n int NOT NULL, other_ids int NOT NULL, ids ${text}${ascii} NOT NULL, ats ${text}${ascii} NOT NULL, PRIMARY KEY (text_key, day, seq))${mysql ? '' : ' WITHOUT ROWID'}`,
    );
    await q.dropTable('audit_search_days');
    await q.dropTable('audit_search_rows');
    await q.query('DELETE FROM audit_search_ids');
    await q.query('DELETE FROM audit_search_texts');
    await backfillAuditSearch(q.manager, mysql);
  }

  /** The previous layout's tables, empty: records stored before are not searchable after a downgrade. */
  async down(q: QueryRunner): Promise<void> {
    const mysql = q.connection.driver.options.type === 'mysql';
    const rows = 'org_id varchar(40) NOT NULL, created_at bigint NOT NULL, id varchar(40) NOT NULL, hex_id smallint NOT NULL, text_key varchar(32) NOT NULL, PRIMARY KEY (org_id, created_at, id)';
    await q.query(`CREATE TABLE audit_search_rows (${rows})${mysql ? '' : ' WITHOUT ROWID'}`);
    await q.query('CREATE INDEX idx_audit_search_rows_key ON audit_search_rows (text_key, created_at, id)');
    await q.query('CREATE TABLE audit_search_days (text_key varchar(32) NOT NULL, day int NOT NULL, org_id varchar(40) NOT NULL, n bigint NOT NULL, PRIMARY KEY (text_key, day))');
    await q.dropTable('audit_search_chunks');
  }
}
