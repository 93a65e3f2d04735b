/**
 * PII accuracy benchmark on the Presidio synthetic corpus (pii-synth-presidio.json, MIT, from
 * microsoft/presidio-research; read in place, never copied into the repository).
 *
 *   npx tsc -p tsconfig.json && node dist/bench/accuracy-pii.js [--detectors-only] [--errors TYPE]
 *
 * The data folder is the repository's `../shared/data`; PREFLIGHT_BENCH_DATA overrides it (a
 * folder holding the file, or the file itself).
 *
 * Matching rules (overlap matching):
 * - Nine core types are scored; corpus labels map to ours: PERSON, STREET_ADDRESS,
 *   EMAIL_ADDRESS->EMAIL, PHONE_NUMBER->PHONE, CREDIT_CARD, IBAN_CODE->IBAN, US_SSN->SSN,
 *   IP_ADDRESS, US_DRIVER_LICENSE->DRIVER_LICENSE.
 * - A gold span is found (recall) when at least one prediction of its mapped type overlaps it
 *   (shares at least one character). Gold spans of other labels (GPE, ORGANIZATION, DATE_TIME,
 *   ZIP_CODE, TITLE, ...) are never missed: they are ignored.
 * - A prediction of one of the nine types is correct (precision) when it overlaps a gold span of
 *   its own type. Otherwise it is a false positive, with one exception: a prediction that
 *   overlaps only gold spans of unmapped labels is ignored (the corpus labels that text, just
 *   not as one of the nine types), except that a PERSON prediction overlapping only
 *   ORGANIZATION or GPE spans is a false positive (calling an organisation or a place a person
 *   is a real error).
 * - Predictions of our other types (PHI, DATE_OF_BIRTH, secrets, ...) are ignored.
 * - precision = correct predictions / counted predictions; recall = found gold / gold;
 *   F1 = harmonic mean. Micro figures add the counts of the types first.
 * - The local pass runs no contextual detector, so it cannot find PERSON or STREET_ADDRESS
 *   (about four fifths of the gold spans). Its micro-F1 is printed over all nine types and over
 *   the types the local pass covers; the 0.80 target is judged on the covered types, because
 *   the local pass is by design the pattern-only subset, and a score over types it never
 *   attempts would only measure the share of names and addresses in this corpus.
 * - Records are split by index (even / odd) so that tuning on one half can be checked on the
 *   other; both halves and the whole are printed.
 */
import * as fs from 'fs';
import * as path from 'path';
import { contextualDetectors } from '../src/detection/contextual';
import { fold, getLexicon } from '../src/detection/contextual/lexicon';
import { errorLine, evaluate as evaluateSpans, fmt, microLine, overlaps, printTable, remembering, type Counts, type ErrorLog, type RecordIn, type Scanner, type ScoringRules } from './span-scoring';

const LABEL_MAP: Record<string, string> = {
  PERSON: 'PERSON',
  STREET_ADDRESS: 'STREET_ADDRESS',
  EMAIL_ADDRESS: 'EMAIL',
  PHONE_NUMBER: 'PHONE',
  CREDIT_CARD: 'CREDIT_CARD',
  IBAN_CODE: 'IBAN',
  US_SSN: 'SSN',
  IP_ADDRESS: 'IP_ADDRESS',
  US_DRIVER_LICENSE: 'DRIVER_LICENSE',
};
const CORE_TYPES = Object.values(LABEL_MAP);

function dataFile(): string {
  const override = process.env.PREFLIGHT_BENCH_DATA;
  const base = override ?? path.resolve(__dirname, '../../../shared/data');
  return base.endsWith('.json') ? base : path.join(base, 'pii-synth-presidio.json');
}

function evaluate(records: RecordIn[], indices: number[], scanner: Scanner, errors?: ErrorLog[], types = CORE_TYPES, exact = false): Record<string, Counts> {
  const rules: ScoringRules = {
    labels: Object.fromEntries(Object.entries(LABEL_MAP).filter(([, t]) => types.includes(t))),
    falseLabels: { PERSON: ['ORGANIZATION', 'GPE'] },
  };
  const counts = evaluateSpans(records, indices, scanner, rules, errors, exact);
  for (const t of CORE_TYPES) counts[t] ??= { gold: 0, found: 0, predicted: 0, correct: 0 };
  return counts;
}

/**
 * How much PERSON recall rests on the name lists: gold names with at least one word in the
 * given-name or surname lists, against names with none (found from context and word shape only).
 */
function personCoverage(records: RecordIn[], scanner: Scanner): void {
  const lex = getLexicon();
  const known = (w: string): boolean => {
    const lw = w.toLowerCase();
    return lex.given.has(lw) || lex.surnames.has(lw) || lex.given.has(fold(lw)) || lex.surnames.has(fold(lw));
  };
  const tally = { known: { gold: 0, found: 0 }, unknown: { gold: 0, found: 0 } };
  for (const rec of records) {
    const gold = rec.spans.filter((g) => g.entity_type === 'PERSON');
    if (!gold.length) continue;
    const preds = scanner(rec.full_text).filter((f) => f.type === 'PERSON');
    for (const g of gold) {
      const bucket = (g.entity_value ?? '').split(/[\s.]+/).some((w) => w.length > 1 && known(w)) ? tally.known : tally.unknown;
      bucket.gold++;
      if (preds.some((p) => overlaps(p, g.start_position, g.end_position))) bucket.found++;
    }
  }
  const line = (name: string, t: { gold: number; found: number }): string =>
    `${name} ${t.found}/${t.gold} = ${fmt(t.gold ? t.found / t.gold : 0)}`;
  console.log(`\nPERSON recall by name-list coverage (all records): ${line('names with a listed word', tally.known)}; ${line('names with none', tally.unknown)}`);
}

function loadEngine(): { full: Scanner; local: Scanner; localTypes: string[] } | undefined {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const engine = require('../src/detection/engine') as typeof import('../src/detection/engine');
    const localTypes = CORE_TYPES.filter((t) => engine.defaultEngine.recognizers.some((r) => r.pass === 'local' && r.type === t));
    return {
      full: (text) => engine.scan(text, { pass: 'full' }),
      local: (text) => engine.scan(text, { pass: 'local' }),
      localTypes,
    };
  } catch (err) {
    console.log(`engine not loadable (${(err as Error).message.split('\n')[0]}); contextual detectors only`);
    return undefined;
  }
}

function main(): void {
  const args = process.argv.slice(2);
  const detectorsOnly = args.includes('--detectors-only');
  const errIdx = args.indexOf('--errors');
  const errType = errIdx >= 0 ? args[errIdx + 1] : undefined;
  const errSplit = args.includes('--odd') ? 1 : 0;

  const file = dataFile();
  const records = JSON.parse(fs.readFileSync(file, 'utf8')) as RecordIn[];
  const all = records.map((_, i) => i);
  const even = all.filter((i) => i % 2 === 0);
  const odd = all.filter((i) => i % 2 === 1);
  console.log(`PII accuracy: ${records.length} records from ${path.basename(file)} (overlap matching, see the header)`);

  const detectorsScanner: Scanner = (text) => {
    // One context per text, as the engine passes it, so the detectors share their tokens.
    const ctx = { lower: text.toLowerCase(), findings: [] };
    return contextualDetectors.flatMap((d) => d.detect(text, ctx));
  };
  const engine = detectorsOnly ? undefined : loadEngine();
  const full = engine?.full ?? detectorsScanner;
  const fullTypes = engine ? CORE_TYPES : ['PERSON', 'STREET_ADDRESS'];

  if (errType) {
    const errors: ErrorLog[] = [];
    evaluate(records, errSplit ? odd : even, full, errors);
    for (const e of errors.filter((x) => x.type === errType)) console.log(errorLine(e, records[e.index]));
    return;
  }

  // The last of the three timed evaluations keeps its findings for the exact-span scoring below.
  const fullSeen = remembering(full);
  const started = Date.now();
  const fullSplits = {
    even: evaluate(records, even, full),
    odd: evaluate(records, odd, full),
    all: evaluate(records, all, fullSeen),
  };
  const fullMs = Date.now() - started;
  printTable(`FULL pass${engine ? '' : ' (contextual detectors only)'}: per type`, fullSplits, fullTypes);
  const fullMicro = microLine('FULL pass micro (nine types)', fullSplits, fullTypes);
  // The same with exact spans (CoNLL-style): a span with other bounds counts as wrong.
  const exactSplits = {
    even: evaluate(records, even, fullSeen, undefined, CORE_TYPES, true),
    odd: evaluate(records, odd, fullSeen, undefined, CORE_TYPES, true),
    all: evaluate(records, all, fullSeen, undefined, CORE_TYPES, true),
  };
  printTable('FULL pass, exact spans: per type', exactSplits, fullTypes);
  microLine('FULL pass micro, exact spans', exactSplits, fullTypes);

  let localMicro: Record<string, number> | undefined;
  if (engine) {
    const localSplits = {
      even: evaluate(records, even, engine.local),
      odd: evaluate(records, odd, engine.local),
      all: evaluate(records, all, engine.local),
    };
    printTable('LOCAL pass: per type', localSplits, CORE_TYPES);
    microLine('LOCAL pass micro (all nine types)', localSplits, CORE_TYPES);
    if (engine.localTypes.length) {
      localMicro = microLine(`LOCAL pass micro (covered: ${engine.localTypes.length} types)`, localSplits, engine.localTypes);
      console.log(`  covered by the local pass: ${engine.localTypes.join(', ')}`);
    } else {
      console.log('LOCAL pass covers none of the nine types yet (no local recognizer reports them)');
    }
  }

  personCoverage(records, full);

  console.log('\nTargets (judged on "all"):');
  console.log(`  full pass micro-F1 >= 0.90: ${fmt(fullMicro.all)} ${fullMicro.all >= 0.9 ? 'MET' : 'NOT MET'}`);
  if (localMicro) {
    console.log(
      `  local pass micro-F1 >= 0.80 over the types it covers: ${fmt(localMicro.all)} ${localMicro.all >= 0.8 ? 'MET' : 'NOT MET'}`,
    );
  } else if (engine) {
    console.log('  local pass micro-F1 >= 0.80 over the types it covers: n/a (no local recognizer for the nine types)');
  }
  const chars = records.reduce((n, r) => n + r.full_text.length, 0);
  console.log(`  (three full-pass evaluations of ${chars} characters took ${fullMs} ms)`);
  console.log('Reference: the best npm peers reach F1 0.53-0.74 on this corpus.');
}

main();
