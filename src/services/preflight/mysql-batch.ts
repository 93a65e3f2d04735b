import { createPool, type Pool, type PoolConnection } from 'mysql2';

/**
 * The record writer's own MySQL/MariaDB connection: a batch's transaction (its INSERTs and
 * statements between START TRANSACTION and COMMIT) goes to the server as one multi-statement
 * query, one round trip instead of one per statement, and past TypeORM's query runner, whose
 * per-query work cost the event loop more than the SQL itself (bench/README.md, http-load).
 * Only this pool allows several statements per query, and every value it sends is a `?`
 * placeholder escaped by mysql2, never SQL text built from input.
 */
export class MysqlBatchConnection {
  private readonly pool: Pool;

  constructor(url: string) {
    this.pool = createPool({
      uri: url,
      charset: 'utf8mb4',
      timezone: 'Z',
      supportBigNumbers: true,
      bigNumberStrings: false,
      multipleStatements: true,
      connectionLimit: 1,
    });
  }

  /** Runs the statements in one transaction; resolves once it has committed. */
  async transaction(statements: ReadonlyArray<readonly [string, unknown[]]>): Promise<void> {
    const conn = await new Promise<PoolConnection>((resolve, reject) => this.pool.getConnection((err, c) => (err ? reject(err) : resolve(c))));
    const sql = ['START TRANSACTION', ...statements.map(([s]) => s), 'COMMIT'].join(';\n');
    const params = statements.flatMap(([, p]) => p);
    try {
      await new Promise<void>((resolve, reject) => conn.query(sql, params, (err) => (err ? reject(err) : resolve())));
    } catch (err) {
      // The server stopped at the failed statement with the transaction open: closing the
      // connection rolls it back.
      conn.destroy();
      throw err;
    }
    conn.release();
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.pool.end(() => resolve()));
  }
}
