import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { DataSource, EntityTarget, ObjectLiteral } from 'typeorm';
import { Histogram } from 'prom-client';
import { MaskedFileEntity, PreflightRecordEntity } from '../../../entities';
import { isUniqueViolation } from '../../db/errors';
import type { ServiceDeps } from '../deps';
import { safeErrorFields } from '../../lib/logger';
import { MysqlBatchConnection } from './mysql-batch';

/** Rows for one table, written with a multi-row INSERT (the same SQL on SQLite and MySQL). */
export interface TableRows {
  table: string;
  columns: string[];
  rows: unknown[][];
}

/** A statement run in the batch's transaction after its inserts. */
export interface BatchStatement {
  sql: string;
  params: unknown[];
}

/** What another area writes with a batch of records, in the same transaction. */
export interface BatchWrites {
  inserts?: TableRows[];
  statements?: BatchStatement[];
}

/**
 * Work other areas do for every stored record: rows in the records' transaction (analytics
 * finding counts, forwarding outbox), and work once that transaction has committed.
 */
export interface RecordListener {
  name: string;
  /** Called before the transaction, outside it; the result is written inside it. */
  writesFor(records: readonly PreflightRecordEntity[]): Promise<BatchWrites>;
  afterCommit?(records: readonly PreflightRecordEntity[]): void;
}

/** A record, with its masked file when the check was a file that was not blocked. */
export interface RecordToWrite {
  record: PreflightRecordEntity;
  maskedFile?: MaskedFileEntity | null;
}

/** Rows per INSERT statement (SQLite allows 32,766 parameters; records have 20 columns). */
const INSERT_ROWS = 400;
/** How often the checkpointer thread copies the SQLite WAL into the database. */
const CHECKPOINT_EVERY_MS = 200;
/** At most this many records per transaction; the rest wait for the next. */
const MAX_BATCH = 2000;

interface Pending {
  items: RecordToWrite[];
  resolve(): void;
  reject(err: unknown): void;
}

/**
 * Group commit of preflight records: the records (and masked files, and the rows listeners add)
 * of every check that reaches this point while a batch is being written are written together in
 * the next transaction, one commit (one fsync) per batch; each caller's promise settles when its
 * batch has committed (or failed, with the same error for every caller in it).
 *
 * SQLite: a connection of its own (better-sqlite3, WAL, `synchronous` from PREFLIGHT_SQLITE_SYNCHRONOUS:
 * NORMAL by default, README: Throughput and durability; prepared statements)
 * in a worker thread (sqlite-writer.thread.ts), so neither the commit's fsync nor waiting for
 * the write lock (held, say, by a TypeORM transaction open across awaits) blocks the event loop.
 * MySQL: a connection of its own (mysql-batch.ts); each batch's transaction, multi-row INSERTs
 * and all, is one multi-statement query.
 */
export class RecordWriter {
  private queue: Pending[] = [];
  /** A batch is to be started in the next turn of the event loop. */
  private scheduled = false;
  /** Batches being written: at most `pipeline`. */
  private active = 0;
  /**
   * Batches written at once. SQLite: several, handed to the writer thread without waiting for
   * the previous commit; the thread merges those that wait into its next transaction, so a commit
   * starts as soon as the previous one ends rather than when the event loop next gets to it
   * (bench/README.md, http-load). MySQL: one at a time on one connection.
   */
  private readonly pipeline: number;
  private idleWaiters: Array<() => void> = [];
  private sqlite?: Worker;
  private checkpointer?: Worker;
  private mysql?: MysqlBatchConnection;
  private readonly inFlight = new Map<number, { records: number; resolve(): void; reject(err: Error): void }>();
  private nextId = 0;
  private readonly batchSize: Histogram;
  private readonly writeSeconds: Histogram;
  private closed = false;

  constructor(
    private readonly deps: ServiceDeps,
    private readonly listeners: readonly RecordListener[],
  ) {
    if (deps.ds.options.type === 'better-sqlite3') {
      const file = path.resolve(String(deps.ds.options.database));
      const thread = path.join(__dirname, 'sqlite-writer.thread.js');
      const synchronous = deps.config.sqliteSynchronous;
      this.sqlite = new Worker(thread, { workerData: { file, synchronous, checkpointer: true } });
      // Checkpoints in a thread of their own, off the commits' path (bench/README.md, http-load).
      this.checkpointer = new Worker(thread, { workerData: { file, synchronous, checkpointEveryMs: CHECKPOINT_EVERY_MS } });
      // Without it the WAL only grows until a commit elsewhere checkpoints it: logged, never fatal.
      this.checkpointer.on('error', (err) => deps.logger.warn({ ...safeErrorFields(err) }, 'the SQLite checkpointer thread stopped'));
      this.checkpointer.unref();
      this.sqlite.on('message', (m: { ids: number[]; error?: { code: string; message: string } }) => {
        let records = 0;
        for (const id of m.ids) {
          const p = this.inFlight.get(id);
          this.inFlight.delete(id);
          if (!p) continue;
          records += p.records;
          if (m.error) p.reject(Object.assign(new Error(m.error.message), { code: m.error.code }));
          else p.resolve();
        }
        // The thread's transaction: the batches it merged.
        if (!m.error) this.batchSize.observe(records);
      });
      this.sqlite.on('error', (err) => {
        for (const p of this.inFlight.values()) p.reject(err);
        this.inFlight.clear();
      });
      this.sqlite.unref();
    }
    else this.mysql = new MysqlBatchConnection(String((deps.ds.options as { url?: string }).url));
    this.pipeline = this.sqlite ? 4 : 1;
    this.batchSize = metric(deps, 'preflight_record_batch_size', 'Records committed per group-commit transaction', [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024]);
    this.writeSeconds = metric(deps, 'preflight_record_batch_seconds', 'Time from a batch of records handed to the writer to its commit', [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1]);
  }

  /** Writes the records durably (committed) together with concurrent callers' records. */
  write(items: RecordToWrite[]): Promise<void> {
    if (this.closed) return Promise.reject(new Error('record writer closed'));
    if (items.length === 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ items, resolve, reject });
      if (!this.scheduled && this.active < this.pipeline) {
        // Checks whose records are ready in this turn of the event loop join the same batch.
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.startBatches();
          this.notifyIfIdle();
        });
      }
    });
  }

  /** Waits for queued records, then releases the connection. */
  async close(): Promise<void> {
    this.closed = true;
    while (this.active || this.queue.length || this.scheduled) await new Promise<void>((r) => this.idleWaiters.push(r));
    await this.checkpointer?.terminate();
    if (this.sqlite) await this.sqlite.terminate();
    await this.mysql?.close();
  }

  private startBatches(): void {
    while (this.queue.length && this.active < this.pipeline) {
      const batch: Pending[] = [];
      let n = 0;
      while (this.queue.length && (n === 0 || n + this.queue[0].items.length <= MAX_BATCH)) {
        const p = this.queue.shift()!;
        batch.push(p);
        n += p.items.length;
      }
      this.active++;
      void this.writeBatch(batch).finally(() => {
        this.active--;
        // Records queued while this batch was written go now, without waiting for another turn.
        this.startBatches();
        this.notifyIfIdle();
      });
    }
  }

  private notifyIfIdle(): void {
    if (!this.active && !this.queue.length && !this.scheduled) for (const r of this.idleWaiters.splice(0)) r();
  }

  private async writeBatch(batch: Pending[]): Promise<void> {
    const items = batch.flatMap((p) => p.items);
    const started = performance.now();
    try {
      await this.commit(items);
      if (!this.sqlite) this.batchSize.observe(items.length);
      this.writeSeconds.observe((performance.now() - started) / 1000);
    } catch (err) {
      // A record id already stored (a client decision sent twice at once) fails only its own
      // caller: the batch is written again one caller at a time. Other errors fail them all.
      if (batch.length > 1 && isUniqueViolation(err)) await this.commitEachAlone(batch);
      else for (const p of batch) p.reject(err);
      return;
    }
    for (const p of batch) p.resolve();
    this.committed(items);
  }

  private committed(items: RecordToWrite[]): void {
    const records = items.map((i) => i.record);
    for (const l of this.listeners) l.afterCommit?.(records);
  }

  private async commitEachAlone(batch: Pending[]): Promise<void> {
    for (const p of batch) {
      try {
        await this.commit(p.items);
      } catch (err) {
        p.reject(err);
        continue;
      }
      p.resolve();
      this.committed(p.items);
    }
  }

  private async commit(items: RecordToWrite[]): Promise<void> {
    const records = items.map((i) => i.record);
    const files = items.flatMap((i) => (i.maskedFile ? [i.maskedFile] : []));
    const inserts: TableRows[] = [entityRows(this.deps.ds, PreflightRecordEntity, records)];
    if (files.length) inserts.push(entityRows(this.deps.ds, MaskedFileEntity, files));
    const statements: BatchStatement[] = [];
    for (const l of this.listeners) {
      const w = await l.writesFor(records);
      if (w.inserts) inserts.push(...w.inserts.filter((t) => t.rows.length));
      if (w.statements) statements.push(...w.statements);
    }
    const all: Array<[string, unknown[]]> = [...insertStatements(inserts), ...statements.map((st): [string, unknown[]] => [st.sql, st.params])];
    if (this.sqlite) return this.commitSqlite(records.length, all);
    await this.mysql!.transaction(all);
  }

  private commitSqlite(records: number, all: Array<[string, unknown[]]>): Promise<void> {
    const id = this.nextId++;
    return new Promise<void>((resolve, reject) => {
      this.inFlight.set(id, { records, resolve, reject });
      this.sqlite!.postMessage({ id, statements: all });
    });
  }
}

/** Entity objects as rows of database values (transformers and JSON columns applied by the driver). */
export function entityRows<T extends ObjectLiteral>(ds: DataSource, target: EntityTarget<T>, entities: readonly T[]): TableRows {
  const meta = ds.getMetadata(target);
  return {
    table: meta.tableName,
    columns: meta.columns.map((c) => c.databaseName),
    rows: entities.map((e) => meta.columns.map((c) => ds.driver.preparePersistentValue(c.getEntityValue(e), c) ?? null)),
  };
}

/** Multi-row INSERT statements (SQL, parameters) for the rows, at most INSERT_ROWS rows each. */
export function* insertStatements(inserts: readonly TableRows[]): Generator<[string, unknown[]]> {
  for (const t of inserts) {
    const tuple = `(${t.columns.map(() => '?').join(', ')})`;
    for (let i = 0; i < t.rows.length; i += INSERT_ROWS) {
      const part = t.rows.slice(i, i + INSERT_ROWS);
      yield [`INSERT INTO ${t.table} (${t.columns.join(', ')}) VALUES ${part.map(() => tuple).join(', ')}`, part.flat()];
    }
  }
}

function metric(deps: ServiceDeps, name: string, help: string, buckets: number[]): Histogram {
  return (deps.metrics.getSingleMetric(name) as Histogram | undefined) ?? new Histogram({ name, help, buckets, registers: [deps.metrics] });
}
