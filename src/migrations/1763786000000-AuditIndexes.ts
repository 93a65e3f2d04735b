import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

const ref = (name: string) => ({ name, type: 'varchar', length: '40' });
const big = (name: string) => ({ name, type: 'bigint', default: 0 });

/**
 * Indexes and tables that keep the audit log and analytics fast at millions of records:
 * - a covering index for audit pages of one organization and for the per-day aggregates;
 * - per-record finding counts (`preflight_finding_counts`), written in the preflight transaction,
 *   so detection breakdowns are SQL aggregates on both engines (finding_counts is JSON text);
 * - daily roll-ups per organization for sealed UTC days (`analytics_daily`, `analytics_daily_findings`)
 *   and how far each organization is rolled up (`analytics_rollup_state`; `generation` moves whenever
 *   a record lands on a day that may be rolled up already). Roll-ups are a cache of
 *   the records: every figure is the roll-up for days before `rolled_until_day` plus a live
 *   aggregate of the records after it.
 */
export class AuditIndexes1763786000000 implements MigrationInterface {
  name = 'AuditIndexes1763786000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createIndex(
      'preflight_records',
      new TableIndex({
        name: 'idx_preflight_org_stats',
        // id: audit pages (created_at DESC, id DESC) read their ids from this index alone on SQLite too.
        columnNames: ['org_id', 'created_at', 'id', 'decision', 'input_size_bytes', 'findings_total'],
      }),
    );
    await q.createTable(
      new Table({
        name: 'preflight_finding_counts',
        columns: [
          { ...ref('preflight_id'), isPrimary: true },
          { name: 'finding_type', type: 'varchar', length: '100', isPrimary: true },
          ref('org_id'),
          { name: 'finding_count', type: 'int' },
          { name: 'created_at', type: 'bigint' },
        ],
        indices: [{ name: 'idx_finding_counts_org', columnNames: ['org_id', 'created_at', 'finding_type', 'finding_count'] }],
      }),
    );
    await q.createTable(
      new Table({
        name: 'analytics_daily',
        columns: [
          { ...ref('org_id'), isPrimary: true },
          { name: 'day_number', type: 'int', isPrimary: true },
          big('checks_total'),
          big('allowed'),
          big('masked'),
          big('blocked'),
          big('bytes_processed'),
          big('bytes_protected'),
          big('findings_total'),
          big('prevented_exposures'),
        ],
        indices: [{ name: 'idx_analytics_daily_day', columnNames: ['day_number'] }],
      }),
    );
    await q.createTable(
      new Table({
        name: 'analytics_daily_findings',
        columns: [
          { ...ref('org_id'), isPrimary: true },
          { name: 'day_number', type: 'int', isPrimary: true },
          { name: 'finding_type', type: 'varchar', length: '100', isPrimary: true },
          big('finding_count'),
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'analytics_rollup_state',
        columns: [
          { ...ref('org_id'), isPrimary: true },
          { name: 'rolled_until_day', type: 'int' },
          { name: 'generation', type: 'int', default: 0 },
        ],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['analytics_rollup_state', 'analytics_daily_findings', 'analytics_daily', 'preflight_finding_counts']) {
      await q.dropTable(t);
    }
    await q.dropIndex('preflight_records', 'idx_preflight_org_stats');
  }
}
