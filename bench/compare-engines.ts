/**
 * Finding-by-finding comparison of this build's engine with another build's (a speed change
 * must not change what is found): both scan the same texts in both passes, and every finding
 * (type, span, score, recognizer) must be equal. Prints counts only, never values; exits 1 on
 * any difference.
 *
 *   cp -a dist /tmp/before/ && ln -s "$PWD/node_modules" /tmp/before/   # built on the commit to compare against
 *   npx tsc -p tsconfig.json && node dist/bench/compare-engines.js --old /tmp/before/dist [--mb 1] [--text mixed,dense,real]
 */
import * as path from 'path';
import { scan } from '../src/detection';
import type { Finding } from '../src/detection/types';
import { denseText, mixedText } from './corpus';
import { realText } from './real-text';
import { numberArg } from './stats';

type ScanFn = typeof scan;

const key = (f: Finding) => `${f.start}\u0000${f.end}\u0000${f.type}\u0000${f.recognizer}\u0000${f.score}`;

function main(): void {
  const oldArg = process.argv.indexOf('--old');
  if (oldArg < 0) throw new Error('usage: compare-engines --old <dist folder of the other build>');
  const oldScan = (require(path.resolve(process.argv[oldArg + 1], 'src/detection')) as { scan: ScanFn }).scan;
  const mb = numberArg('mb', 1);
  const textArg = process.argv.indexOf('--text');
  const wanted = textArg >= 0 ? process.argv[textArg + 1].split(',') : ['mixed', 'dense', 'real'];
  const builders: Record<string, (bytes: number) => string> = { mixed: mixedText, dense: denseText, real: realText };
  let differences = 0;
  for (const name of wanted) {
    const text = builders[name](mb * 1_000_000);
    for (const pass of ['local', 'full'] as const) {
      const before = oldScan(text, { pass });
      const after = scan(text, { pass });
      const a = new Set(before.map(key));
      const b = new Set(after.map(key));
      const lost = new Map<string, number>();
      const gained = new Map<string, number>();
      for (const f of before) if (!b.has(key(f))) lost.set(f.recognizer, (lost.get(f.recognizer) ?? 0) + 1);
      for (const f of after) if (!a.has(key(f))) gained.set(f.recognizer, (gained.get(f.recognizer) ?? 0) + 1);
      const n = [...lost.values(), ...gained.values()].reduce((x, y) => x + y, 0);
      differences += n;
      const list = (m: Map<string, number>) => [...m].map(([r, c]) => `${r}=${c}`).join(' ') || 'none';
      console.log(
        `${name.padEnd(5)} ${pass.padEnd(5)} ${before.length} findings before, ${after.length} after: ` +
          (n === 0 ? 'identical' : `only before: ${list(lost)}; only after: ${list(gained)}`),
      );
    }
  }
  if (differences > 0) process.exitCode = 1;
}

main();
