import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

/**
 * Drops `idx_preflight_org_created` (org_id, created_at): it is a prefix of
 * `idx_preflight_org_stats` (org_id, created_at, id, ...), which serves every query it served, so
 * it only cost a second index write per check.
 */
export class DropRedundantIndex1763787000000 implements MigrationInterface {
  name = 'DropRedundantIndex1763787000000';

  async up(q: QueryRunner): Promise<void> {
    await q.dropIndex('preflight_records', 'idx_preflight_org_created');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.createIndex('preflight_records', new TableIndex({ name: 'idx_preflight_org_created', columnNames: ['org_id', 'created_at'] }));
  }
}
