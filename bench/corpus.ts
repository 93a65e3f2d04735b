/**
 * Shared helpers of the benchmarks: read the labelled corpora in place from the repository's
 * `../shared/data` (never copied into the repository), or from PREFLIGHT_BENCH_DATA (a folder).
 * Attribution of the corpora: see that folder's README.md.
 */
import * as fs from 'fs';
import * as path from 'path';

/** The repository root: the nearest folder above this file holding package.json. */
export function repoRoot(): string {
  let dir = __dirname;
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error('repository root not found');
    dir = up;
  }
  return dir;
}

/** The folder holding the corpora. */
export function dataDir(): string {
  const override = process.env.PREFLIGHT_BENCH_DATA;
  if (override) return fs.statSync(override).isDirectory() ? override : path.dirname(override);
  return path.resolve(repoRoot(), '..', 'shared', 'data');
}

export function dataFile(name: string): string {
  const file = path.join(dataDir(), name);
  if (!fs.existsSync(file)) throw new Error(`${name} not found in ${dataDir()} (set PREFLIGHT_BENCH_DATA)`);
  return file;
}

export interface PresidioSpan {
  entity_type: string;
  entity_value: string;
  start_position: number;
  end_position: number;
}
export interface PresidioRecord {
  full_text: string;
  spans: PresidioSpan[];
}
export interface SecretSnippet {
  rule_id: string;
  rule_name: string;
  categories: string[];
  label: 'pos' | 'neg';
  text: string;
}
export interface NumberVector {
  format: string;
  label: 'valid' | 'invalid';
  value: string;
}

function jsonl<T>(file: string): T[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as T);
}

export function readPresidio(): PresidioRecord[] {
  return JSON.parse(fs.readFileSync(dataFile('pii-synth-presidio.json'), 'utf8')) as PresidioRecord[];
}

export function readSecrets(): SecretSnippet[] {
  return jsonl<SecretSnippet>(dataFile('secrets-noseyparker.jsonl'));
}

export function readNumbers(): NumberVector[] {
  return jsonl<NumberVector>(dataFile('numbers-stdnum.jsonl'));
}

/** A small deterministic PRNG (mulberry32), so built texts are the same on every run. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'the of and to in is that for it as was with be by on not he this are or his from at which but have an they you were ' +
  'her she there been one all we their has would when if so no will more can out other into some could time these two may ' +
  'first then do any like my now over such our man me even most made after also did many before must through back years ' +
  'where much your way well down should because each just those people how too little state good very make world still own ' +
  'see men work long get here between both life being under never day same another know while last might us great old year ' +
  'off come since against go came right used take three report meeting project release customer team plan budget review ' +
  'server deploy feature quarter contract invoice support update schedule office policy design data model service'
).split(' ');

/** Filler prose with the odd harmless number (years, counts, versions, times, prices). */
export function fillerParagraph(rand: () => number): string {
  const sentences: string[] = [];
  const n = 3 + Math.floor(rand() * 5);
  for (let s = 0; s < n; s++) {
    const len = 8 + Math.floor(rand() * 14);
    const words: string[] = [];
    for (let w = 0; w < len; w++) {
      const r = rand();
      if (r < 0.02) words.push(String(1990 + Math.floor(rand() * 40)));
      else if (r < 0.035) words.push(String(Math.floor(rand() * 500)));
      else if (r < 0.04) words.push(`v${Math.floor(rand() * 9)}.${Math.floor(rand() * 20)}.${Math.floor(rand() * 30)}`);
      else if (r < 0.045) words.push(`${Math.floor(rand() * 24)}:${String(Math.floor(rand() * 60)).padStart(2, '0')}`);
      else if (r < 0.05) words.push(`$${(rand() * 10000).toFixed(2)}`);
      else words.push(WORDS[Math.floor(rand() * WORDS.length)]);
    }
    const sentence = words.join(' ');
    sentences.push(sentence.charAt(0).toUpperCase() + sentence.slice(1) + '.');
  }
  return sentences.join(' ');
}

/** A sentence carrying a number vector, as people write them in mail and chat. */
export function numberSentence(v: NumberVector, rand: () => number): string {
  const templates = [
    (x: string) => `Please use ${x} for the transfer.`,
    (x: string) => `The reference on file is ${x}, as discussed.`,
    (x: string) => `Our records show ${x} for this customer.`,
  ];
  return templates[Math.floor(rand() * templates.length)](v.value);
}

/**
 * About `targetBytes` of UTF-8 made of parts drawn with the given cumulative shares: PII
 * records below `records`, secrets snippets below `secrets`, number sentences below `numbers`,
 * filler prose above. Deterministic for a seed.
 */
function composeText(targetBytes: number, seed: number, shares: { records: number; secrets: number; numbers: number }): string {
  const rand = prng(seed);
  const presidio = readPresidio().map((r) => r.full_text);
  const secrets = readSecrets().map((s) => s.text);
  const numbers = readNumbers();
  const parts: string[] = [];
  let bytes = 0;
  while (bytes < targetBytes) {
    const r = rand();
    let part: string;
    if (r < shares.records) part = presidio[Math.floor(rand() * presidio.length)];
    else if (r < shares.secrets) part = secrets[Math.floor(rand() * secrets.length)];
    else if (r < shares.numbers) part = numberSentence(numbers[Math.floor(rand() * numbers.length)], rand);
    else part = fillerParagraph(rand);
    parts.push(part);
    bytes += Buffer.byteLength(part, 'utf8') + 2;
  }
  return parts.join('\n\n');
}

/**
 * A mixed text of about `targetBytes` UTF-8 bytes, built from the corpora: PII records,
 * secrets snippets, number vectors in sentences and filler prose (roughly 35/10/10/45 by volume).
 */
export function mixedText(targetBytes: number, seed = 42): string {
  return composeText(targetBytes, seed, { records: 0.35, secrets: 0.45, numbers: 0.55 });
}

/**
 * A dense text of about `targetBytes`: PII records, secrets snippets and number vectors in
 * sentences only (roughly 60/25/15 by volume), no filler prose: the worst case for the engine.
 */
export function denseText(targetBytes: number, seed = 7): string {
  return composeText(targetBytes, seed, { records: 0.6, secrets: 0.85, numbers: 1 });
}

/**
 * About `targetBytes` of the Presidio synthetic PII records alone, in corpus order and repeated
 * as often as needed (the corpus holds about 130 KB): no secrets snippets, no number sentences,
 * no filler. A second dense text, not drawn by the same mix as `denseText`, so a speed-up can be
 * checked for being tuned to one text.
 */
export function recordsText(targetBytes: number): string {
  const presidio = readPresidio().map((r) => r.full_text);
  const parts: string[] = [];
  let bytes = 0;
  for (let i = 0; bytes < targetBytes; i++) {
    const part = presidio[i % presidio.length];
    parts.push(part);
    bytes += Buffer.byteLength(part, 'utf8') + 2;
  }
  return parts.join('\n\n');
}
