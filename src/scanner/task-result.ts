import { DomainError } from '../errors';
import { analyze, type Analysis, type AnalysisInput } from '../services/preflight/analysis';

/** A task's answer: DomainErrors cross the thread boundary as data (a class does not survive cloning). */
export type TaskResult<T> = { ok: true; value: T } | { ok: false; error: { code: DomainError['code']; message: string; details?: DomainError['details'] } };

/**
 * The small-scan thread's answer for one text: a task's result, or `failed` when the scan threw
 * something other than a DomainError (a defect), with no message: an error text could quote the content.
 */
export type SmallScanAnswer = TaskResult<Analysis> | { ok: false; failed: true };

export function settle<T>(run: () => T): TaskResult<T> {
  try {
    return { ok: true, value: run() };
  } catch (e) {
    if (e instanceof DomainError) return { ok: false, error: { code: e.code, message: e.message, details: e.details } };
    throw e;
  }
}

/** One check's scan, decision, masking and counts, as a thread's task. */
export function analyzeTask(input: AnalysisInput): TaskResult<Analysis> {
  return settle(() => analyze(input));
}
