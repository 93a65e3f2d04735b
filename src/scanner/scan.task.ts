import type { MessagePort } from 'node:worker_threads';
import { nameThread } from '../lib/thread-name';
import { compileCustomPatterns, customScanCostMsPerMb } from '../detection/custom';
import { DetectionConfigError } from '../detection/errors';
import type { CustomPattern } from '../detection/types';
import { extractFile, type ExtractedFile, type ParseLimits } from '../extract';
import { settle, type TaskResult } from './task-result';

nameThread('pf-scan');

export { analyzeTask } from './task-result';
export type { TaskResult } from './task-result';

/** pdf.js is loaded with the thread, so a file's time budget counts parsing, not module loading. */
const preload = import('pdf-parse').catch(() => undefined);

/**
 * Piscina task: reads one submitted file. Posts on `started` when it begins, so the caller's time
 * budget counts parsing only, not the wait for a free thread.
 */
export async function extractTask(args: { data: Uint8Array; filename: string; mimetype?: string; limits: ParseLimits; started: MessagePort }): Promise<TaskResult<ExtractedFile>> {
  await preload;
  args.started.postMessage('started');
  args.started.close();
  try {
    return { ok: true, value: await extractFile(args.data, args.filename, args.mimetype, args.limits) };
  } catch (e) {
    return settle(() => {
      throw e;
    });
  }
}

/** A policy's custom patterns checked: the first invalid one (position and problem), or their cost. */
export type CustomPatternCheck = { invalid: { subject: string; message: string } } | { msPerMb: number };

/** Piscina task: compiles custom patterns and estimates the milliseconds they add to scanning 1 MB. */
export function customPatternsTask(patterns: CustomPattern[]): CustomPatternCheck {
  try {
    return { msPerMb: customScanCostMsPerMb(compileCustomPatterns(patterns)) };
  } catch (e) {
    if (e instanceof DetectionConfigError) return { invalid: { subject: e.subject, message: e.message } };
    throw e;
  }
}
