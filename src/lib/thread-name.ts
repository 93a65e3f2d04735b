import fs from 'node:fs';

/**
 * Names the calling OS thread (Linux: its `comm`, 15 characters at most), so the CPU time of each
 * thread in /proc/<pid>/task/<tid>/stat says whose it is (bench/http-load.ts prints the split).
 * Elsewhere, or when /proc is not writable, nothing happens.
 */
export function nameThread(name: string): void {
  try {
    fs.writeFileSync('/proc/thread-self/comm', name.slice(0, 15));
  } catch {
    // not Linux, or /proc mounted read-only: the thread keeps its name
  }
}
