/**
 * Real code and prose read in place from this machine (never copied into the repository): the
 * TypeScript and JavaScript under `node_modules`, Debian's changelogs under `/usr/share/doc`
 * (gunzipped) and Python's standard library. Used by bench/false-alarms.ts and as the third
 * text of bench/throughput.ts. A missing source yields no documents.
 * PREFLIGHT_PYTHON_LIB names the standard library folder (default: Python 3.11 under
 * /root/.pyenv/versions or /usr/lib if present, else the newest Python 3 found there).
 */
import * as fs from 'fs';
import * as path from 'path';
import * as zlib from 'zlib';
import { repoRoot } from './corpus';

/** One file of a source. */
export interface Doc {
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

/**
 * The three sources, each capped at `capBytes`; files are taken in a fixed pseudo-random order of
 * their paths, so the sample spreads over packages and is the same on every run.
 */
export function realSources(capBytes: number): Doc[][] {
  const utf8 = (p: string) => fs.readFileSync(p, 'utf8');
  const py = pythonLib();
  return [
    take(
      'node_modules TS/JS',
      walk(path.join(repoRoot(), 'node_modules'), (p) => /\.(?:[cm]?js|ts)$/.test(p) && !/\.min\.js$/.test(p), () => false),
      capBytes,
      utf8,
    ),
    take(
      '/usr/share/doc changelogs',
      walk('/usr/share/doc', (p) => /\/changelog(?:\.Debian)?\.gz$/.test(p), () => false),
      capBytes,
      (p) => zlib.gunzipSync(fs.readFileSync(p)).toString('utf8'),
    ),
    py ? take(`Python stdlib (${py})`, walk(py, (p) => p.endsWith('.py'), (n) => n === 'site-packages' || n === '__pycache__'), capBytes, utf8) : [],
  ];
}

/** About `targetBytes` of real code and prose: a third from each source, files joined by blank lines. */
export function realText(targetBytes: number): string {
  const docs = realSources(Math.ceil(targetBytes / 3)).flat();
  if (docs.length === 0) throw new Error('no real code or prose found on this machine (node_modules, /usr/share/doc, Python)');
  return docs.map((d) => d.text).join('\n\n');
}
