import os from 'node:os';
import path from 'node:path';
import { Piscina } from 'piscina';
import { scan, type ScanOptions } from '../detection/engine';
import type { Finding } from '../detection/types';

/** Inputs up to this size are scanned inline: a worker round trip costs more than the scan. */
export const INLINE_SCAN_LIMIT = 256 * 1024;

let pool: Piscina | undefined;

function workerPool(): Piscina {
  pool ??= new Piscina({
    filename: path.join(__dirname, 'scan.worker.js'),
    maxThreads: Math.max(1, Math.min(4, os.availableParallelism() - 1)),
    idleTimeout: 30_000,
  });
  return pool;
}

/**
 * Scans text with the detection engine: inline when small, in a worker thread when large, so a
 * 10 MB input never blocks the event loop. Only plain data (text, options) crosses threads.
 */
export async function scanText(text: string, opts: ScanOptions): Promise<Finding[]> {
  if (text.length <= INLINE_SCAN_LIMIT) return scan(text, opts);
  const plainOpts: ScanOptions = { pass: opts.pass, customPatterns: opts.customPatterns };
  return workerPool().run({ text, opts: plainOpts });
}

/** Scans waiting for a pool thread (0 when no pool is running). */
export function scanQueueDepth(): number {
  return pool?.queueSize ?? 0;
}

/** Stops the worker threads (a later scan starts a new pool). */
export async function closePool(): Promise<void> {
  const p = pool;
  pool = undefined;
  await p?.destroy();
}
