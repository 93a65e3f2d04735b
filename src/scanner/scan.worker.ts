import { scan, type ScanOptions } from '../detection/engine';
import type { Finding } from '../detection/types';

/** Piscina task: scans one text in a worker thread. */
export default function scanTask({ text, opts }: { text: string; opts: ScanOptions }): Finding[] {
  return scan(text, opts);
}
