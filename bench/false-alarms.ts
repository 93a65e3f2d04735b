/**
 * False alarms on real code and prose: the TypeScript and JavaScript under `node_modules`,
 * Debian's changelogs under `/usr/share/doc` (gunzipped) and Python's standard library, read in
 * place from this machine (nothing is copied into the repository). None of it should hold a
 * secret, so every SECRETS finding counts as a false alarm; IP addresses and street addresses
 * are counted too (version strings and references are the usual mistakes there).
 *
 *   npx tsc -p tsconfig.json && node dist/bench/false-alarms.js [--mb 4] [--pass full|local]
 *
 * --mb caps each source (default 4 MB); files are taken in a fixed pseudo-random order of their
 * paths so the sample spreads over packages. A missing source is skipped and said so.
 * PREFLIGHT_PYTHON_LIB names the standard library folder (default: the newest Python 3 found
 * under /root/.pyenv/versions or /usr/lib/python3.*).
 * Printed: MB per source, findings per MB by type, and the most frequent false alarms by
 * recognizer with file and line and the line redacted (the finding replaced by its type).
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as zlib from 'zlib';
import { scan } from '../src/detection';
import { numberArg } from './stats';

interface Doc {
  source: string;
  file: string;
  text: string;
}

/** FNV-1a of a string: a fixed pseudo-random order of paths. */
function fnv(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

function walk(dir: string, accept: (p: string) => boolean, skipDir: (name: string) => boolean, out: string[] = []): string[] {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const e of entries) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (!skipDir(e.name)) walk(p, accept, skipDir, out);
    } else if (e.isFile() && accept(p)) out.push(p);
  }
  return out;
}

/** Files of one source in a fixed spread order, read until `cap` bytes. */
function take(source: string, files: string[], cap: number, read: (p: string) => string): Doc[] {
  const docs: Doc[] = [];
  let bytes = 0;
  for (const file of files.sort((a, b) => fnv(a) - fnv(b) || (a < b ? -1 : 1))) {
    if (bytes >= cap) break;
    let text: string;
    try {
      text = read(file);
    } catch {
      continue;
    }
    if (text.length === 0 || text.length > 2_000_000 || text.includes('\u0000')) continue;
    bytes += Buffer.byteLength(text, 'utf8');
    docs.push({ source, file, text });
  }
  return docs;
}

function pythonLib(): string | undefined {
  if (process.env.PREFLIGHT_PYTHON_LIB) return process.env.PREFLIGHT_PYTHON_LIB;
  const roots = ['/root/.pyenv/versions', '/usr/lib'];
  for (const root of roots) {
    let names: string[] = [];
    try {
      names = fs.readdirSync(root);
    } catch {
      continue;
    }
    const found = names
      .map((n) => (root === '/usr/lib' ? (/^python3\.\d+$/.test(n) ? path.join(root, n) : '') : path.join(root, n, 'lib', `python${n.split('.').slice(0, 2).join('.')}`)))
      .filter((p) => p !== '' && /python3\.\d+$/.test(p) && fs.existsSync(p))
      .sort((a, b) => Number(b.match(/3\.(\d+)$/)![1]) - Number(a.match(/3\.(\d+)$/)![1]));
    // The figures were taken on 3.11; prefer it when present, else the newest.
    const preferred = found.find((p) => p.endsWith('python3.11')) ?? found[0];
    if (preferred) return preferred;
  }
  return undefined;
}

function main(): void {
  const cap = numberArg('mb', 4) * 1_000_000;
  const passArg = process.argv.indexOf('--pass');
  const pass = passArg >= 0 && process.argv[passArg + 1] === 'local' ? 'local' : 'full';
  const utf8 = (p: string) => fs.readFileSync(p, 'utf8');
  const nodeModules = path.resolve(__dirname, '../../node_modules');
  const py = pythonLib();
  const sources: Doc[][] = [
    take(
      'node_modules TS/JS',
      walk(nodeModules, (p) => /\.(?:[cm]?js|ts)$/.test(p) && !/\.min\.js$/.test(p), () => false),
      cap,
      utf8,
    ),
    take(
      '/usr/share/doc changelogs',
      walk('/usr/share/doc', (p) => /\/changelog(?:\.Debian)?\.gz$/.test(p), () => false),
      cap,
      (p) => zlib.gunzipSync(fs.readFileSync(p)).toString('utf8'),
    ),
    py ? take(`Python stdlib (${py})`, walk(py, (p) => p.endsWith('.py'), (n) => n === 'site-packages' || n === '__pycache__'), cap, utf8) : [],
  ];
  console.log(`False alarms on real code and prose, ${pass} pass; machine load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  const byType = new Map<string, number>();
  const examples = new Map<string, { count: number; where: string[] }>();
  let totalBytes = 0;
  let secrets = 0;
  for (const docs of sources) {
    if (docs.length === 0) continue;
    const bytes = docs.reduce((n, d) => n + Buffer.byteLength(d.text, 'utf8'), 0);
    totalBytes += bytes;
    let sourceSecrets = 0;
    for (const doc of docs) {
      for (const f of scan(doc.text, { pass })) {
        byType.set(f.type, (byType.get(f.type) ?? 0) + 1);
        const isSecret = f.dataTypes.includes('SECRETS');
        if (isSecret) sourceSecrets++;
        if (!isSecret && f.type !== 'IP_ADDRESS' && f.type !== 'STREET_ADDRESS') continue;
        const key = `${f.type} (${f.recognizer})`;
        const entry = examples.get(key) ?? { count: 0, where: [] };
        entry.count++;
        if (entry.where.length < 3) entry.where.push(redactedLine(doc, f.start, f.end, f.type));
        examples.set(key, entry);
      }
    }
    secrets += sourceSecrets;
    console.log(`  ${docs[0].source}: ${(bytes / 1e6).toFixed(2)} MB in ${docs.length} files, ${sourceSecrets} secret findings (${(sourceSecrets / (bytes / 1e6)).toFixed(2)} per MB)`);
  }
  if (totalBytes === 0) {
    console.log('no source found');
    return;
  }
  const mb = totalBytes / 1e6;
  console.log(`total: ${mb.toFixed(2)} MB; secret findings ${secrets} = ${(secrets / mb).toFixed(2)} per MB (target <= 0.5)`);
  console.log('findings per MB by type:');
  for (const [type, n] of [...byType].sort((a, b) => b[1] - a[1])) console.log(`  ${type.padEnd(22)} ${String(n).padStart(6)}  ${(n / mb).toFixed(2)}/MB`);
  console.log('top false alarms (secrets, IP and street addresses), redacted:');
  for (const [key, e] of [...examples].sort((a, b) => b[1].count - a[1].count).slice(0, 15)) {
    console.log(`  ${e.count}x ${key}`);
    for (const w of e.where) console.log(`      ${w}`);
  }
}

/** The finding's line, the finding replaced by `[TYPE]`, cut to 140 characters; with file:line. */
function redactedLine(doc: Doc, start: number, end: number, type: string): string {
  const lineStart = doc.text.lastIndexOf('\n', start - 1) + 1;
  let lineEnd = doc.text.indexOf('\n', end);
  if (lineEnd < 0) lineEnd = doc.text.length;
  const line = (doc.text.slice(lineStart, start) + `[${type}]` + doc.text.slice(end, lineEnd)).trim().slice(0, 140);
  const lineNo = doc.text.slice(0, start).split('\n').length;
  return `${path.basename(path.dirname(doc.file))}/${path.basename(doc.file)}:${lineNo}: ${line}`;
}

main();
