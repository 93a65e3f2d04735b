import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { nameThread } from '../../lib/thread-name';

/** One batch of the record writer: statements with parameters, run in one transaction. */
interface BatchMessage {
  id: number;
  statements: Array<[string, unknown[]]>;
}

/** Batches merged into one transaction at most (the rest wait for the next commit). */
const MAX_MERGED = 64;

/**
 * The record writer's SQLite connection, in a thread of its own so the commit's fsync never
 * blocks the event loop. Each message is one batch; the batches that arrived while the previous
 * commit ran are committed together in one IMMEDIATE transaction (one fsync), so commits follow
 * each other as fast as the disk allows, whatever the event loop is doing meanwhile. The answer
 * names the batches that committed, or carries a batch's error code and message.
 */
nameThread(workerData.checkpointEveryMs ? 'pf-checkpoint' : 'pf-record-write');
const db = new Database(workerData.file as string, { timeout: 10_000 });
db.pragma('journal_mode = WAL');
db.pragma(`synchronous = ${workerData.synchronous as string}`);
// The WAL file is cut back to this size when it restarts after a checkpoint.
db.pragma('journal_size_limit = 67108864');
const checkpointEveryMs = workerData.checkpointEveryMs as number | undefined;
if (checkpointEveryMs) {
  // The checkpointer (a second thread of this file): copies committed pages from the WAL into the
  // database without taking the write lock (PASSIVE), so no commit waits for a checkpoint.
  setInterval(() => {
    try {
      db.pragma('wal_checkpoint(PASSIVE)');
    } catch {
      // Busy (another connection checkpointing): the next round catches up.
    }
  }, checkpointEveryMs);
} else if (workerData.checkpointer) {
  // The writer leaves checkpoints to the checkpointer thread (see above).
  db.pragma('wal_autocheckpoint = 0');
}
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
const runBatches = db.transaction((batches: BatchMessage[]) => {
  for (const b of batches) for (const [sql, params] of b.statements) statement(sql).run(params);
});

function commit(batches: BatchMessage[]): void {
  try {
    runBatches.immediate(batches);
    parentPort!.postMessage({ ids: batches.map((b) => b.id) });
  } catch (err) {
    // One batch's error (a record id stored twice) must not fail the others: each alone.
    if (batches.length > 1) return void batches.forEach((b) => commit([b]));
    const e = err as { code?: string; message?: string };
    parentPort!.postMessage({ ids: [batches[0].id], error: { code: e.code ?? 'ERROR', message: e.message ?? String(err) } });
  }
}

if (!checkpointEveryMs) parentPort!.on('message', (msg: BatchMessage | 'close') => {
  if (msg === 'close') {
    db.close();
    parentPort!.close();
    return;
  }
  const batches = [msg];
  while (batches.length < MAX_MERGED) {
    const next = receiveMessageOnPort(parentPort!)?.message as BatchMessage | 'close' | undefined;
    if (next === undefined) break;
    if (next === 'close') {
      commit(batches);
      db.close();
      parentPort!.close();
      return;
    }
    batches.push(next);
  }
  commit(batches);
});
