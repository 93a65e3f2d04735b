import os from 'node:os';
import path from 'node:path';
import { MessageChannel, Worker } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { CustomPattern } from '../detection/types';
import { DomainError } from '../errors';
import { DEFAULT_PARSE_LIMITS, type ExtractedFile, type ParseLimits } from '../extract';
import { analyze, type Analysis, type AnalysisInput } from '../services/preflight/analysis';
import type { CustomPatternCheck } from './scan.task';
import type { SmallScanAnswer, TaskResult } from './task-result';

/**
 * Inputs up to this size may be analyzed inline, on the event loop, when every scanning thread is
 * busy (a full pass over 32 KB takes a few milliseconds, bench/throughput.ts); larger ones always
 * go to a thread.
 */
export const INLINE_SCAN_LIMIT = 32 * 1024;

/** Worker threads: one core is left to the event loop. */
const THREADS = Math.max(1, Math.min(4, os.availableParallelism() - 1));

/**
 * Small scans sent to the small-scan thread while fewer than this many wait or run there: a
 * backlog the thread works through while the event loop is busy; past it the event loop scans
 * them itself, so under load both cores detect. 16 took the most detection off the event loop at
 * 32 connections (2, 4, 8 and 16 measured, bench/README.md, http-load).
 */
const SMALL_IN_FLIGHT = 16;

/** How the scanning pool is bounded (README: configuration table). */
export interface ScanPoolSettings {
  /** Tasks waiting for a thread; past it, new checks are refused with 503 service_busy. */
  maxQueue: number;
  /** Time one file's parsing may take once a thread runs it; past it the thread is stopped. */
  parseTimeoutMs: number;
  /** Heap limit of each worker thread, in MB: a parser that balloons kills its thread, not the process. */
  heapMb: number;
  parseLimits: ParseLimits;
  /**
   * Small scans go to the threads too (while they have room): true when this is the only API
   * * process (the default), so the threads have a core of their own; with several API processes on the cores,
   * a thread round trip only adds work to a core another event loop needs.
   */
  smallScansInThreads?: boolean;
}

let settings: ScanPoolSettings = { maxQueue: 16, parseTimeoutMs: 10_000, heapMb: 1024, parseLimits: DEFAULT_PARSE_LIMITS };
let pool: Piscina | undefined;
/** Tasks running or waiting; counted here because piscina's own queue bound loosens while threads restart. */
let inFlight = 0;

/** Sets the pool's bounds (from src/config, at start-up); a pool already running keeps its own. */
export function configureScanPool(next: ScanPoolSettings): void {
  settings = next;
}

function workerPool(): Piscina {
  pool ??= new Piscina({
    filename: path.join(__dirname, 'scan.task.js'),
    maxThreads: THREADS,
    idleTimeout: 30_000,
    resourceLimits: { maxOldGenerationSizeMb: settings.heapMb },
  });
  return pool;
}

type Settle = { resolve(r: SmallScanAnswer): void; reject(err: unknown): void };

/**
 * The small-scan thread: text analyses only, never a parser, so never stopped under its tasks.
 * The small texts of one turn of the event loop go over in one message and come back in one
 * (small-scan.thread.ts): a hand-off per check (piscina's post, and the wake-up of a thread
 * waiting on an Atomics futex) took about a sixth of the event loop's time per check
 * (bench/README.md, http-load). The thread works through its backlog while the event loop is busy;
 * `done` (shared memory) tells the event loop how many it has finished before their answers are read.
 */
class SmallScanThread {
  private readonly worker: Worker;
  private readonly done = new Int32Array(new SharedArrayBuffer(4));
  private posted = 0;
  /** Inputs of this turn, not yet posted. */
  private next: AnalysisInput[] = [];
  private nextSettle: Settle[] = [];
  /** Posted turns, in order: the thread answers each with one message. */
  private readonly waiting: Settle[][] = [];
  private failed?: unknown;

  constructor(heapMb: number) {
    this.worker = new Worker(path.join(__dirname, 'small-scan.thread.js'), { workerData: { done: this.done.buffer }, resourceLimits: { maxOldGenerationSizeMb: heapMb } });
    this.worker.on('message', (results: Array<SmallScanAnswer>) => {
      const settles = this.waiting.shift() ?? [];
      results.forEach((r, i) => settles[i]?.resolve(r));
      if (!this.waiting.length && !this.next.length) this.worker.unref();
    });
    const fail = (err: unknown) => {
      this.failed = err ?? new Error('the small-scan thread stopped');
      if (smallThread === this) smallThread = undefined;
      for (const s of [...this.waiting.flat(), ...this.nextSettle]) s.reject(this.failed);
      this.waiting.length = 0;
      this.next = [];
      this.nextSettle = [];
    };
    this.worker.on('error', fail).on('exit', () => fail(undefined));
    this.worker.unref();
  }

  /** Scans posted to the thread and not finished there yet, plus those of this turn. */
  backlog(): number {
    return this.posted - Atomics.load(this.done, 0) + this.next.length;
  }

  run(input: AnalysisInput): Promise<SmallScanAnswer> {
    if (this.failed) return Promise.reject(this.failed);
    if (this.next.length === 0) setImmediate(() => this.post());
    this.next.push(input);
    return new Promise((resolve, reject) => this.nextSettle.push({ resolve, reject }));
  }

  private post(): void {
    if (!this.next.length || this.failed) return;
    this.worker.ref();
    try {
      this.worker.postMessage(this.next);
    } catch (err) {
      // An input that cannot be cloned (never a plain analysis input): its turn fails, not the thread.
      for (const s of this.nextSettle) s.reject(err);
      this.next = [];
      this.nextSettle = [];
      return;
    }
    this.posted += this.next.length;
    this.waiting.push(this.nextSettle);
    this.next = [];
    this.nextSettle = [];
  }

  terminate(): Promise<number> {
    return this.worker.terminate();
  }
}

let smallThread: SmallScanThread | undefined;

function unwrap<T>(result: TaskResult<T>): T {
  if (result.ok) return result.value;
  throw new DomainError(result.error.code, result.error.message, result.error.details);
}

/** Runs one task in the pool, or refuses with 503 service_busy when every thread is busy and the queue is full. */
async function bounded<T>(run: (p: Piscina) => Promise<T>): Promise<T> {
  if (inFlight >= THREADS + settings.maxQueue) throw new DomainError('service_busy', 'The service is busy scanning other requests; retry shortly');
  inFlight++;
  try {
    return await run(workerPool());
  } finally {
    inFlight--;
  }
}

/**
 * One check's scan, decision, masking and counts, in a worker thread, so the event loop is free
 * for HTTP while the scanning threads detect. A small input (up to INLINE_SCAN_LIMIT, no custom
 * patterns) is analyzed inline when the threads already have work enough (a thread round trip
 * then only adds a wait) or when small scans stay inline (several API processes). A large one never blocks the event loop (a 10 MB text with hundreds of
 * thousands of findings). Checks with custom patterns always run in a thread: compiling a large
 * policy's patterns takes longer than the event loop may be blocked, and each thread keeps them
 * compiled per policy version.
 */
export async function analyzeText(input: AnalysisInput): Promise<Analysis> {
  const small = input.text.length <= INLINE_SCAN_LIMIT && !input.scan.customPatterns?.length;
  // A small scan is never refused with service_busy: past the small-scan thread's backlog it runs here.
  if (small) {
    if (settings.smallScansInThreads === false) return analyze(input);
    smallThread ??= new SmallScanThread(settings.heapMb);
    if (smallThread.backlog() >= SMALL_IN_FLIGHT) return analyze(input);
    const result = await smallThread.run(input);
    if ('failed' in result) throw new Error('a small scan failed in its thread');
    return unwrap(result);
  }
  return unwrap(await bounded((p) => p.run(input, { name: 'analyzeTask' })));
}

/**
 * Reads a submitted file in a worker thread within the parse limits and time budget. A parse
 * over budget, or one that exhausts the thread's heap, stops that thread: 422 file_too_complex.
 * Only the extension of the file name crosses to the thread.
 */
export async function extractInPool(buffer: Buffer, filename: string, mimetype: string | undefined): Promise<ExtractedFile> {
  const data = new Uint8Array(buffer); // a copy we can transfer
  const { port1, port2 } = new MessageChannel();
  const abort = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  port1.once('message', () => {
    timer = setTimeout(() => abort.abort(), settings.parseTimeoutMs);
  });
  port1.unref();
  try {
    const task = { data, filename: `file${path.extname(filename || '')}`, mimetype, limits: settings.parseLimits, started: port2 };
    return unwrap(await bounded((p) => p.run(task, { name: 'extractTask', signal: abort.signal, transferList: [data.buffer, port2] as never })));
  } catch (e) {
    if (e instanceof DomainError) throw e;
    // Aborted over budget, or the thread died (heap limit): the file costs more than we allow.
    throw new DomainError('file_too_complex', 'The file is too complex to read within the configured limits', [{ field: 'file', problem: abort.signal.aborted ? 'parsing took longer than the time budget' : 'parsing exceeded the memory limit' }]);
  } finally {
    clearTimeout(timer);
    port1.close();
  }
}

/**
 * Compiles a policy's custom patterns in a worker thread and measures them: the problem of the
 * first invalid pattern, or the estimated milliseconds to scan 1 MB (see customScanCostMsPerMb).
 */
export async function checkCustomPatterns(patterns: CustomPattern[]): Promise<CustomPatternCheck> {
  return bounded((p) => p.run(patterns, { name: 'customPatternsTask' }));
}

/** Scans waiting for a pool thread (0 when no pool is running). */
export function scanQueueDepth(): number {
  // Small scans never queue for a thread: past the small-scan thread's backlog they run inline.
  return pool?.queueSize ?? 0;
}

/** Stops the worker threads (a later scan starts a new pool). */
export async function closePool(): Promise<void> {
  const p = pool;
  const small = smallThread;
  pool = undefined;
  smallThread = undefined;
  await Promise.all([p?.destroy(), small?.terminate()]);
}
