import { expect } from 'chai';
import mysql from 'mysql2/promise';
import { MysqlBatchConnection } from '../../src/services/preflight/mysql-batch';
import { freshMysqlDatabase } from '../support/app';

describe('the record writer’s MySQL transactions (mysql)', function () {
  this.timeout(60_000);
  let db: { url: string; drop(): Promise<void> };
  let batch: MysqlBatchConnection;
  let reader: mysql.Connection;

  before(async function () {
    if (!process.env.TEST_DATABASE_URL) this.skip(); // needs a MySQL/MariaDB server (TEST_DATABASE_URL)
    db = await freshMysqlDatabase();
    reader = await mysql.createConnection(db.url);
    await reader.query('CREATE TABLE t (id VARCHAR(40) PRIMARY KEY, body LONGTEXT NOT NULL)');
    batch = new MysqlBatchConnection(db.url);
  });
  after(async () => {
    await batch?.close();
    await reader?.end();
    await db?.drop();
  });

  const ids = async () => ((await reader.query('SELECT id FROM t ORDER BY id'))[0] as Array<{ id: string }>).map((r) => r.id);

  it('stores nothing of a transaction whose later statement fails, and the next one still commits', async () => {
    await batch.transaction([['INSERT INTO t (id, body) VALUES (?, ?)', ['b0', 'stored']]]);
    let error: unknown;
    await batch
      .transaction([
        ['INSERT INTO t (id, body) VALUES (?, ?)', ['b1', 'one']],
        ['INSERT INTO t (id, body) VALUES (?, ?)', ['b0', 'already stored']],
      ])
      .catch((err) => (error = err));
    expect((error as { code?: string }).code).to.equal('ER_DUP_ENTRY');
    expect(await ids()).to.not.include('b1');
    await batch.transaction([['INSERT INTO t (id, body) VALUES (?, ?)', ['b2', 'two']]]);
    // b1 never commits later either (an open transaction left on a reused connection would).
    expect(await ids()).to.deep.equal(['b0', 'b2']);
  });
});
