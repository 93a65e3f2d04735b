/**
 * Where the PERSON detector's time goes, for two builds alternated in one process: per scan of
 * one text, the tokenizer (`tokensOf`), the street addresses PERSON reads (`addressesOf`) and
 * PERSON's own work (`detectPersons` once both are made). compare-engines times the contextual
 * detectors together, where a change to one part hides in the others' spread on a shared machine;
 * this splits them. CPU time per scan: the median and the mean of the lower half of the runs
 * (the runs a neighbour's load slowed least). Prints timings only.
 *
 *   npx tsc -p tsconfig.json
 *   node dist/bench/person-split.js [--old /path/to/other/checkout/dist] [--text dense|mixed|real|records] [--mb 10] [--runs 16]
 */
import * as path from 'path';
import type { DetectContext } from '../src/detection/types';
import { denseText, mixedText, recordsText } from './corpus';
import { realText } from './real-text';
import { numberArg } from './stats';

const TEXTS: Record<string, (bytes: number) => string> = { mixed: mixedText, dense: denseText, real: realText, records: recordsText };

interface Build {
  label: string;
  shared: typeof import('../src/detection/contextual/shared');
  street: typeof import('../src/detection/contextual/street-address');
  person: typeof import('../src/detection/contextual/person');
  times: { tokens: number[]; addresses: number[]; person: number[] };
}

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}

function load(label: string, dist: string): Build {
  const at = (m: string) => require(path.join(dist, 'src/detection/contextual', m));
  return { label, shared: at('shared'), street: at('street-address'), person: at('person'), times: { tokens: [], addresses: [], person: [] } };
}

function cpuMs(fn: () => unknown): number {
  const c0 = process.cpuUsage();
  fn();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
}

/** `median / lower-half mean` of `runs`, in ms. */
function summary(runs: number[]): string {
  const s = runs.slice().sort((a, b) => a - b);
  const half = s.slice(0, Math.max(1, s.length >> 1));
  return `${s[s.length >> 1].toFixed(1)} / ${(half.reduce((a, b) => a + b, 0) / half.length).toFixed(1)}`;
}

function main(): void {
  const text = TEXTS[arg('text', 'dense')](numberArg('mb', 10) * 1_000_000);
  const runs = numberArg('runs', 16);
  const old = arg('old', '');
  const builds = [load('new', path.resolve(__dirname, '..'))];
  if (old) builds.unshift(load('old', path.resolve(old)));
  // Two warm-up rounds, then the builds in turn (A B B A ...), so that both see the same load.
  for (let r = 0; r < runs + 2; r++) {
    for (let b = 0; b < builds.length; b++) {
      const build = builds[r % 2 ? builds.length - 1 - b : b];
      const ctx: DetectContext = { lower: text.toLowerCase(), findings: [] };
      const state = build.shared.stateFor(text, ctx);
      const tokens = cpuMs(() => build.shared.tokensOf(state));
      const addresses = cpuMs(() => build.street.addressesOf(state));
      const person = cpuMs(() => build.person.detectPersons(text, ctx));
      build.shared.endScan(ctx);
      if (r < 2) continue;
      build.times.tokens.push(tokens);
      build.times.addresses.push(addresses);
      build.times.person.push(person);
    }
  }
  console.log(`${arg('text', 'dense')}, ${(text.length / 1e6).toFixed(2)} M characters, ${runs} runs per build; CPU ms per scan, median / mean of the lower half`);
  for (const b of builds) console.log(`  ${b.label}: tokenize ${summary(b.times.tokens)}, addresses ${summary(b.times.addresses)}, PERSON's own ${summary(b.times.person)}`);
}

main();
