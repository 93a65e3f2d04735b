/**
 * Cost of the keyword prefilter alone: one pass of the engine's Aho-Corasick DFA (every
 * recognizer keyword of the local pass) over the 10 MB mixed text of bench/corpus.ts, next to a
 * bare `charCodeAt` loop over the same text, the floor any per-character JavaScript loop pays.
 *
 *   npx tsc -p tsconfig.json && node dist/bench/keyword-matcher.js [--mb 10] [--runs 5]
 *
 * Prints the median milliseconds and MB/s after two warm-up passes, and the number of keyword
 * hits (counts only, never text).
 */
import { KeywordMatcher } from '../src/detection/keyword-matcher';
import { placementKeywords } from '../src/detection/compile';
import { defaultEngine } from '../src/detection';
import { mixedText } from './corpus';
import { median, numberArg } from './stats';


function time(runs: number, fn: () => void): number {
  fn();
  fn();
  const ms: number[] = [];
  for (let r = 0; r < runs; r++) {
    const t = process.hrtime.bigint();
    fn();
    ms.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return median(ms);
}

function main(): void {
  const mb = numberArg('mb', 10);
  const runs = Math.max(1, Math.min(9, numberArg('runs', 5)));
  const text = mixedText(mb * 1_000_000);
  const bytes = Buffer.byteLength(text, 'utf8');
  const keywords = [...new Set(defaultEngine.recognizers.filter((r) => r.pass === 'local').flatMap(placementKeywords))];
  const matcher = new KeywordMatcher(keywords);
  let hits = 0;
  let sink = 0; // written by the floor loop so the JIT cannot drop it
  const floor = time(runs, () => {
    let s = 0;
    for (let i = 0; i < text.length; i++) s += text.charCodeAt(i);
    sink += s;
  });
  const dfa = time(runs, () => {
    hits = 0;
    matcher.scan(text, () => hits++);
  });
  const rate = (ms: number) => (bytes / 1e6 / (ms / 1000)).toFixed(0);
  console.log(`input: ${(bytes / 1e6).toFixed(2)} MB, ${keywords.length} keywords, ${hits} keyword hits per pass`);
  console.log(`charCodeAt loop (floor): ${floor.toFixed(1)} ms  ${rate(floor)} MB/s`);
  console.log(`keyword DFA:             ${dfa.toFixed(1)} ms  ${rate(dfa)} MB/s  (${(dfa / floor).toFixed(2)}x the floor)`);
}

main();
