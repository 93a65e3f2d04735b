import { parentPort, workerData } from 'node:worker_threads';
import { nameThread } from '../lib/thread-name';
import type { AnalysisInput } from '../services/preflight/analysis';
import { analyzeTask, type SmallScanAnswer } from './task-result';

/**
 * The small-scan thread (src/scanner/pool.ts): each message is the list of small texts the event
 * loop handed over in one of its turns; the answer is one message with every result, in order.
 * `done` counts finished scans, so the event loop knows this thread's backlog before it reads
 * the answers. A scan that throws anything but a DomainError (a defect) answers `failed`, with no
 * message: an error text could quote the content.
 */
nameThread('pf-scan-small');
const done = new Int32Array(workerData.done as SharedArrayBuffer);
parentPort!.on('message', (inputs: AnalysisInput[]) => {
  const results = inputs.map((input): SmallScanAnswer => {
    try {
      return analyzeTask(input);
    } catch {
      return { ok: false, failed: true };
    } finally {
      Atomics.add(done, 0, 1);
    }
  });
  parentPort!.postMessage(results);
});
