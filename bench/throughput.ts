/**
 * Throughput of the detection engine, single thread, local and full passes, on a 10 MB mixed
 * text built from the corpora in `../shared/data` (PII records, secrets snippets, number vectors
 * in sentences, filler prose; see bench/corpus.ts).
 *
 *   npx tsc -p tsconfig.json && node dist/bench/throughput.js [--mb 10] [--runs 5]
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof dist/bench/throughput.js --runs 1   # profile
 *
 * MB/s counts 10^6 bytes of UTF-8 input per second; the figure is the median of the runs after
 * two warm-up scans of the whole text per pass, so the figure is the steady state of a running
 * service (the JIT has compiled the hot paths), not the first call. Two figures per pass: wall-clock, and CPU time of this process
 * (user + system). On an idle machine they agree; on a shared one the wall-clock figure also
 * measures the other processes, so the load average is printed too. Only counts per finding type
 * are printed, never values.
 */
import * as os from 'os';
import { scan } from '../src/detection';
import { mixedText } from './corpus';
import { median, numberArg } from './stats';


function main(): void {
  const mb = numberArg('mb', 10);
  const runs = Math.max(1, Math.min(9, numberArg('runs', 5)));
  const t0 = Date.now();
  const text = mixedText(mb * 1_000_000);
  const bytes = Buffer.byteLength(text, 'utf8');
  console.log(`input: ${(bytes / 1e6).toFixed(2)} MB mixed text (${text.length} UTF-16 units), built in ${Date.now() - t0} ms`);
  console.log(`machine: ${os.cpus()[0]?.model ?? 'unknown'} x${os.cpus().length}, node ${process.version}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);

  for (const pass of ['local', 'full', 'local', 'full'] as const) scan(text, { pass });
  const targets = { local: 50, full: 10 };
  for (const pass of ['local', 'full'] as const) {
    const times: number[] = [];
    const cpuTimes: number[] = [];
    let counts: Record<string, number> = {};
    for (let r = 0; r < runs; r++) {
      const start = process.hrtime.bigint();
      const cpu0 = process.cpuUsage();
      const findings = scan(text, { pass });
      const cpu = process.cpuUsage(cpu0);
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      times.push(ms);
      cpuTimes.push((cpu.user + cpu.system) / 1000);
      counts = {};
      for (const f of findings) counts[f.type] = (counts[f.type] ?? 0) + 1;
      if (ms > 20_000) break;
    }
    const ms = median(times);
    const rate = bytes / 1e6 / (ms / 1000);
    const cpuRate = bytes / 1e6 / (median(cpuTimes) / 1000);
    const verdict = (r: number) => (r >= targets[pass] ? 'meets' : 'BELOW');
    console.log(
      `${pass.padEnd(5)} pass: ${rate.toFixed(1)} MB/s wall (median of ${times.length}: ${times.map((t) => t.toFixed(0)).join(', ')} ms) - ${verdict(rate)} the ${targets[pass]} MB/s target; ` +
        `${cpuRate.toFixed(1)} MB/s by CPU time (${cpuTimes.map((t) => t.toFixed(0)).join(', ')} ms) - ${verdict(cpuRate)}`,
    );
    const top = Object.entries(counts).sort((a, b) => b[1] - a[1]);
    console.log(`       findings: ${top.map(([t, n]) => `${t}=${n}`).join(' ')}`);
  }
}

main();
