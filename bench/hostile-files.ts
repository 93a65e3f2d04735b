/**
 * Hostile inputs against the scanning pool: for each one, the answer (status code or result),
 * the wall-clock time and the longest event-loop delay of this process while it was handled
 * (perf_hooks.monitorEventLoopDelay, 10 ms resolution), and the event loop's busy time
 * (performance.eventLoopUtilization: the main thread's own work, whatever else runs on the
 * machine). The target is a delay under 100 ms for every input: parsing, masking and counting run
 * in worker threads, so the busy time stays a few milliseconds.
 *
 *   npx tsc -p tsconfig.json && node dist/bench/hostile-files.js
 *
 * On a shared machine the delays also measure the other processes: the load average is printed.
 */
import * as os from 'os';
import { monitorEventLoopDelay } from 'perf_hooks';
import { analyzeText, closePool, configureScanPool } from '../src/scanner/pool';
import { extractInPool } from '../src/scanner/pool';
import { DEFAULT_PARSE_LIMITS } from '../src/extract/limits';
import { makeDocx, makePdf, makeZip } from '../test/fixtures/documents';

async function measure(label: string, run: () => Promise<string>): Promise<void> {
  const h = monitorEventLoopDelay({ resolution: 10 });
  h.enable();
  const elu = performance.eventLoopUtilization();
  const t0 = performance.now();
  let answer: string;
  try {
    answer = await run();
  } catch (e) {
    answer = (e as { code?: string }).code ?? 'error';
  }
  const ms = performance.now() - t0;
  h.disable();
  const busy = performance.eventLoopUtilization(elu).active;
  console.log(`${label.padEnd(44)} ${answer.padEnd(22)} ${ms.toFixed(0).padStart(7)} ms   event loop busy ${busy.toFixed(0).padStart(4)} ms, max delay ${(h.max / 1e6).toFixed(0)} ms`);
}

async function main(): Promise<void> {
  console.log(`machine: ${os.cpus()[0]?.model ?? 'unknown'} x${os.cpus().length}, node ${process.version}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  configureScanPool({ maxQueue: 16, parseTimeoutMs: 10_000, heapMb: 1024, parseLimits: DEFAULT_PARSE_LIMITS });
  const paragraphBomb = await makeDocx([], { bodyXml: '<w:p/>'.repeat(1_000_000) });
  const zipBomb = await makeZip({ 'word/document.xml': Buffer.alloc(64 * 1024 * 1024, 0x20) });
  const pages = makePdf(['Quarterly report'], { pages: 5000 });
  const unit = 'id 10.0.0.1 ';
  const dense = unit.repeat(Math.floor((10 * 1024 * 1024) / unit.length));
  const file = (buf: Buffer, name: string) => async () => `${(await extractInPool(buf, name, undefined)).text.length} chars`;
  await measure('warm-up: a one-page PDF', file(makePdf(['hello']), 'a.pdf'));
  await measure(`DOCX, 1 M empty paragraphs (${(paragraphBomb.length / 1024).toFixed(0)} KB)`, file(paragraphBomb, 'a.docx'));
  await measure(`zip bomb named .docx (${(zipBomb.length / 1024).toFixed(0)} KB)`, file(zipBomb, 'a.docx'));
  await measure(`5,000-page PDF (${(pages.length / 1024).toFixed(0)} KB)`, file(pages, 'a.pdf'));
  configureScanPool({ maxQueue: 16, parseTimeoutMs: 2000, heapMb: 1024, parseLimits: { ...DEFAULT_PARSE_LIMITS, maxPages: 100_000 } });
  await closePool(); // the new settings apply to the next pool
  await measure('5,000-page PDF, pages allowed, 2 s budget', file(pages, 'a.pdf'));
  await measure('10 MB text, ~870 k findings: analyze', async () => {
    const a = await analyzeText({ text: dense, scan: { pass: 'full' }, rules: [{ id: 'm', name: 'mask', enabled: true, action: 'MASK', dataTypes: ['PII'], destinations: ['AI_TOOL'], conditions: [] }], context: { destination: 'AI_TOOL' } });
    return `${a.findingsTotal} findings`;
  });
  await closePool();
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
