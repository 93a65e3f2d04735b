/**
 * The client library's figures: gzipped size of each entry, and local-mode checks per second on
 * 2 KB texts in Node and in headless Chromium (Debian's /usr/bin/chromium; skipped, saying so,
 * without it). Needs the built SDK (`npm run build -w sdk`).
 *
 *   npm run bench:sdk            # or: npx tsc -p tsconfig.json && node dist/bench/sdk.js [--seconds 3]
 *
 * Size: "own" is the entry with the chunks it imports from sdk/dist; "with deps" is what a
 * browser loads: the entry bundled with jose and re2js by esbuild, minified. Target for
 * `@preflight/sdk/local`: at most 100 KB gzipped. Speed: texts are 2 KB slices of the mixed
 * corpus (bench/corpus.ts), checked one after another; the figure is wall-clock on one thread, so
 * the load average is printed with it. Only counts are printed, never values.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as zlib from 'zlib';
import { build } from 'esbuild';
import { mixedText, repoRoot } from './corpus';
import { numberArg } from './stats';
import { hasChromium, launchChromium, servePage } from '../test/support/sdk-browser';
import { POLICY } from '../test/unit/sdk/fixtures';

const TARGET_LOCAL_GZ = 100 * 1024;
const gz = (b: Buffer | Uint8Array) => zlib.gzipSync(b, { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** The entry file and every sdk/dist chunk it imports, transitively. */
function ownFiles(dist: string, file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = fs.readFileSync(path.join(dist, file), 'utf8');
  for (const m of code.matchAll(/from\s*["']\.\/([^"']+)["']/g)) ownFiles(dist, m[1], seen);
  return seen;
}

async function sizes(): Promise<void> {
  const dist = path.join(repoRoot(), 'sdk', 'dist');
  for (const entry of ['index', 'local']) {
    const own = [...ownFiles(dist, `${entry}.js`)].reduce((n, f) => n + gz(fs.readFileSync(path.join(dist, f))), 0);
    const out = await build({ entryPoints: [path.join(dist, `${entry}.js`)], bundle: true, minify: true, format: 'esm', platform: 'browser', write: false, logLevel: 'silent' });
    const all = gz(out.outputFiles[0].contents);
    const name = entry === 'index' ? '@preflight/sdk' : '@preflight/sdk/local';
    const verdict = entry === 'local' ? ` (target <= ${kb(TARGET_LOCAL_GZ)}: ${all <= TARGET_LOCAL_GZ ? 'met' : 'MISSED'})` : '';
    console.log(`size ${name}: own ${kb(own)} gzipped, with deps ${kb(all)} gzipped${verdict}`);
  }
}

function texts(): string[] {
  const text = mixedText(400_000);
  const out: string[] = [];
  for (let i = 0; i + 2048 <= text.length && out.length < 150; i += 2048) out.push(text.slice(i, i + 2048));
  return out;
}

async function node(samples: string[], seconds: number): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Preflight } = require('@preflight/sdk') as typeof import('@preflight/sdk');
  const pf = new Preflight({ mode: 'local', policy: POLICY });
  for (const t of samples.slice(0, 20)) await pf.checkText(t, { destination: 'AI_TOOL' }); // warm-up
  let n = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  while (performance.now() - t0 < seconds * 1000) await pf.checkText(samples[n++ % samples.length], { destination: 'AI_TOOL' });
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  console.log(`node local mode: ${Math.round((n / ms) * 1000)} checks/s wall, ${Math.round((n / cpuMs) * 1000)} checks/s CPU time (${n} checks of 2 KB)`);
}

async function browser(samples: string[], seconds: number): Promise<void> {
  if (!hasChromium()) {
    console.log('chromium local mode: skipped (/usr/bin/chromium is not installed)');
    return;
  }
  const page = await servePage();
  const b = await launchChromium();
  try {
    await b.page.goto(page.url);
    await b.page.waitForFunction(() => (globalThis as any).sdkReady === true);
    const r = await b.page.evaluate(
      async ({ policy, samples, seconds }) => {
        const pf = new (globalThis as any).sdk.Preflight({ mode: 'local', policy });
        for (const t of samples.slice(0, 20)) await pf.checkText(t, { destination: 'AI_TOOL' });
        let n = 0;
        const t0 = performance.now();
        while (performance.now() - t0 < seconds * 1000) await pf.checkText(samples[n++ % samples.length], { destination: 'AI_TOOL' });
        return { n, ms: performance.now() - t0 };
      },
      { policy: POLICY, samples, seconds },
    );
    console.log(`chromium local mode: ${Math.round((r.n / r.ms) * 1000)} checks/s wall (${r.n} checks of 2 KB)`);
  } finally {
    await b.close();
    await page.close();
  }
}

async function main(): Promise<void> {
  const seconds = numberArg('seconds', 3);
  console.log(`machine: ${os.cpus()[0]?.model ?? 'unknown'} x${os.cpus().length}, node ${process.version}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  await sizes();
  const samples = texts();
  await node(samples, seconds);
  await browser(samples, seconds);
  console.log(`load average after: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
