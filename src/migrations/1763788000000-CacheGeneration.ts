import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/**
 * `cache_generation`: one row whose counter moves in the same transaction as every change of a
 * policy, organization, license or forwarding destination. Processes that cache those rows for the
 * check path compare it per check (SQLite: a prepared point read) when no Redis invalidation
 * channel is connected, so a rotated key stops working at once in every process on the database.
 */
export class CacheGeneration1763788000000 implements MigrationInterface {
  name = 'CacheGeneration1763788000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'cache_generation',
        columns: [
          { name: 'id', type: 'int', isPrimary: true },
          { name: 'generation', type: 'bigint', default: 0 },
        ],
      }),
    );
    await q.query('INSERT INTO cache_generation (id, generation) VALUES (1, 0)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('cache_generation');
  }
}
