import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

/**
 * The record writer's SQLite connection, in a thread of its own so the commit's fsync never
 * blocks the event loop: each message is one batch (statements with parameters) run in one
 * IMMEDIATE transaction; the answer says it committed or carries the error's code and message.
 */
const db = new Database(workerData.file as string, { timeout: 10_000 });
db.pragma('journal_mode = WAL');
db.pragma(`synchronous = ${workerData.synchronous as string}`);
const prepared = new Map<string, Database.Statement>();
const statement = (sql: string) => {
  let s = prepared.get(sql);
  if (!s) {
    if (prepared.size > 500) prepared.clear();
    s = db.prepare(sql);
    prepared.set(sql, s);
  }
  return s;
};
const runBatch = db.transaction((statements: Array<[string, unknown[]]>) => {
  for (const [sql, params] of statements) statement(sql).run(params);
});

parentPort!.on('message', (msg: { id: number; statements: Array<[string, unknown[]]> } | 'close') => {
  if (msg === 'close') {
    db.close();
    parentPort!.close();
    return;
  }
  try {
    runBatch.immediate(msg.statements);
    parentPort!.postMessage({ id: msg.id });
  } catch (err) {
    const e = err as { code?: string; message?: string };
    parentPort!.postMessage({ id: msg.id, error: { code: e.code ?? 'ERROR', message: e.message ?? String(err) } });
  }
});
