/**
 * Held-out provider tokens: recall on credentials of providers that have no rule in the Nosey
 * Parker examples (test/fixtures/provider-tokens.ts, written for this repository before the
 * recognizers of secrets-providers.ts), and findings on the same contexts with placeholders.
 *
 *   npx tsc -p tsconfig.json && node dist/bench/provider-tokens.js
 *
 * A snippet counts as found when a SECRETS finding of the local pass overlaps its credential.
 * Prints counts, and the provider and kind of each miss or false alarm (our own fixture's labels),
 * never a value.
 */
import { scan } from '../src/detection';
import { providerTokenNegatives, providerTokenSnippets } from '../test/fixtures/provider-tokens';

function pct(n: number, d: number): string {
  return `${((100 * n) / d).toFixed(1)}% (${n}/${d})`;
}

function main(): void {
  const misses: string[] = [];
  let found = 0;
  for (const s of providerTokenSnippets) {
    const start = s.text.indexOf(s.value);
    const end = start + s.value.length;
    const hit = scan(s.text, { pass: 'local' }).some((f) => f.dataTypes.includes('SECRETS') && f.start < end && f.end > start);
    if (hit) found++;
    else misses.push(`  ${s.provider}: ${s.kind}`);
  }
  const alarms: string[] = [];
  providerTokenNegatives.forEach((text, i) => {
    const types = [...new Set(scan(text, { pass: 'local' }).filter((f) => f.dataTypes.includes('SECRETS')).map((f) => f.type))];
    if (types.length > 0) alarms.push(`  negative #${i + 1}: ${types.join(',')}`);
  });
  const providers = new Set(providerTokenSnippets.map((s) => s.provider)).size;
  console.log(`Provider tokens (held out), local pass: ${providerTokenSnippets.length} snippets of ${providers} providers, ${providerTokenNegatives.length} negatives`);
  console.log(`recall (a SECRETS finding overlaps the credential): ${pct(found, providerTokenSnippets.length)}`);
  console.log(`negatives flagged:                                  ${pct(alarms.length, providerTokenNegatives.length)}`);
  console.log(`\nmisses (${misses.length}):`);
  for (const m of misses) console.log(m);
  console.log(`\nflagged negatives (${alarms.length}):`);
  for (const a of alarms) console.log(a);
}

main();
