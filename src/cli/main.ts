/**
 * The `preflight` command line: scans text offline with the detection engine (no server, no
 * database). Never prints a detected value: JSONL output carries offsets only, the file report
 * shows obscured samples.
 *
 *   preflight scan --jsonl [--mode local|full] [--custom patterns.json]   < lines.jsonl
 *   preflight scan [--mode local|full] [--custom patterns.json] FILE...
 */
import * as fs from 'fs';
import * as readline from 'readline';
import { compileCustomPatterns, DetectionConfigError, labelFor, scan, type CompiledCustom, type CustomPattern, type Finding } from '../detection';
import { obscureSample } from '../detection/masking';
import { DomainError } from '../errors';
import { extractFile } from '../extract';

/** Where the CLI writes; tests pass their own. */
export interface CliIo {
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

const USAGE = `Usage:
  preflight scan --jsonl [--mode local|full] [--custom FILE]   read {"id", "text"} lines from stdin,
                                                              write {"id", "findings"} lines to stdout
  preflight scan [--mode local|full] [--custom FILE] FILE...   print a readable report per file
  preflight --help                                            print this help

Files are read like the server reads them: text formats as text; PDF, DOCX, XLSX, PPTX,
ODT/ODS/ODP and EML through their parsers (every text-bearing part), within the same limits.

Options:
  --mode local|full   local: pattern recognizers only; full (default): adds names, addresses, health context
  --custom FILE       JSON array of custom patterns: [{"name": "...", "regex": "..."} or {"name", "keywords": [...]}]

Exit codes: JSONL mode 0, or 1 when a line was invalid (an error object is written for it).
File mode 0 when nothing was found, 1 when something was found, 2 on a usage or read error.
`;

interface Options {
  jsonl: boolean;
  mode: 'local' | 'full';
  custom?: CompiledCustom;
  files: string[];
}

class UsageError extends Error {}

function parseArgs(argv: string[]): Options {
  if (argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') throw new UsageError('');
  if (argv[0] !== 'scan') throw new UsageError(argv.length === 0 ? 'missing command' : `unknown command "${argv[0]}"`);
  const opts: Options = { jsonl: false, mode: 'full', files: [] };
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--jsonl') opts.jsonl = true;
    else if (a === '--mode') {
      const m = argv[++i];
      if (m !== 'local' && m !== 'full') throw new UsageError('--mode must be local or full');
      opts.mode = m;
    } else if (a.startsWith('--mode=')) {
      const m = a.slice(7);
      if (m !== 'local' && m !== 'full') throw new UsageError('--mode must be local or full');
      opts.mode = m;
    } else if (a === '--custom') {
      const file = argv[++i];
      if (!file) throw new UsageError('--custom needs a file');
      opts.custom = loadCustom(file);
    } else if (a === '--help' || a === '-h') throw new UsageError('');
    else if (a.startsWith('--')) throw new UsageError(`unknown option ${a}`);
    else opts.files.push(a);
  }
  if (opts.jsonl && opts.files.length > 0) throw new UsageError('--jsonl reads stdin; give no files');
  if (!opts.jsonl && opts.files.length === 0) throw new UsageError('give --jsonl or at least one file');
  return opts;
}

function loadCustom(file: string): CompiledCustom {
  let patterns: CustomPattern[];
  try {
    patterns = JSON.parse(fs.readFileSync(file, 'utf8')) as CustomPattern[];
  } catch {
    throw new UsageError(`--custom: cannot read a JSON array from ${file}`);
  }
  if (!Array.isArray(patterns)) throw new UsageError('--custom: the file must hold a JSON array');
  try {
    return compileCustomPatterns(patterns);
  } catch (e) {
    if (e instanceof DetectionConfigError) throw new UsageError(`--custom: ${e.message}`);
    throw e;
  }
}

/** Runs the CLI; resolves to the exit code. */
export async function main(argv: string[], io: CliIo = process): Promise<number> {
  let opts: Options;
  try {
    opts = parseArgs(argv);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    if (!e.message) {
      io.stdout.write(USAGE);
      return 0;
    }
    io.stderr.write(`preflight: ${e.message}\n\n${USAGE}`);
    return 2;
  }
  return opts.jsonl ? scanJsonl(opts, io) : scanFiles(opts, io);
}

function findings(text: string, opts: Options): Finding[] {
  return scan(text, { pass: opts.mode, compiledCustom: opts.custom });
}

async function scanJsonl(opts: Options, io: CliIo): Promise<number> {
  const lines = readline.createInterface({ input: io.stdin, crlfDelay: Infinity });
  let lineNo = 0;
  let failed = false;
  for await (const line of lines) {
    lineNo++;
    if (line.trim() === '') continue;
    let out: object;
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch {
      record = undefined;
    }
    const id = record !== null && typeof record === 'object' && 'id' in record ? (record as { id: unknown }).id : null;
    const text = record !== null && typeof record === 'object' ? (record as { text?: unknown }).text : undefined;
    if (record === undefined) {
      failed = true;
      out = { id: null, line: lineNo, error: { code: 'invalid_json', message: 'the line is not valid JSON' } };
    } else if (typeof text !== 'string') {
      failed = true;
      out = { id, line: lineNo, error: { code: 'missing_text', message: 'the line has no "text" string' } };
    } else {
      out = {
        id,
        findings: findings(text, opts).map((f) => ({ type: f.type, data_types: f.dataTypes, start: f.start, end: f.end, score: f.score })),
      };
    }
    if (!io.stdout.write(JSON.stringify(out) + '\n')) await new Promise((r) => io.stdout.once('drain', r));
  }
  return failed ? 1 : 0;
}

function lineCol(offset: number, lineStarts: number[]): [number, number] {
  let lo = 0;
  let hi = lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lineStarts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return [lo + 1, offset - lineStarts[lo] + 1];
}

async function scanFiles(opts: Options, io: CliIo): Promise<number> {
  let found = false;
  let readError = false;
  for (const file of opts.files) {
    let text: string;
    let metadata: string;
    try {
      ({ text, metadata } = await extractFile(fs.readFileSync(file), file, undefined));
    } catch (e) {
      if (e instanceof DomainError) {
        io.stdout.write(`${file}\n  skipped: ${e.details?.[0]?.problem ?? e.message}\n\n`);
        continue;
      }
      readError = true;
      io.stderr.write(`preflight: cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? 'error'}\n`);
      continue;
    }
    // The document's metadata (author, title, comment authors, ...) is listed as `meta:LINE`.
    const list = [...findings(text, opts).map((f) => ({ f, in: text, where: '' })), ...findings(metadata, opts).map((f) => ({ f, in: metadata, where: 'meta:' }))];
    io.stdout.write(`${file}\n`);
    if (list.length === 0) {
      io.stdout.write('  no findings\n\n');
      continue;
    }
    found = true;
    const starts = new Map<string, number[]>();
    const counts = new Map<string, number>();
    for (const { f, in: src, where } of list) {
      let lineStarts = starts.get(where);
      if (!lineStarts) {
        lineStarts = [0];
        for (let i = src.indexOf('\n'); i >= 0; i = src.indexOf('\n', i + 1)) lineStarts.push(i + 1);
        starts.set(where, lineStarts);
      }
      const [line, col] = lineCol(f.start, lineStarts);
      const sample = obscureSample(f.type, src.slice(f.start, f.end), f.dataTypes) ?? '(hidden)';
      io.stdout.write(`  ${`${where}${line}:${col}`.padEnd(9)} ${f.type.padEnd(22)} ${sample}  (score ${f.score.toFixed(2)})\n`);
      counts.set(f.type, (counts.get(f.type) ?? 0) + 1);
    }
    const summary = [...counts.entries()].map(([t, n]) => `${n} × ${labelFor(t)}`).join(', ');
    io.stdout.write(`  ${list.length} finding${list.length === 1 ? '' : 's'}: ${summary}\n\n`);
  }
  if (readError) return 2;
  return found ? 1 : 0;
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      process.stderr.write(`preflight: ${(e as Error).message}\n`);
      process.exitCode = 2;
    },
  );
}
