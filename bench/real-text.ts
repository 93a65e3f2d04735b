/**
 * Real code and prose read in place from this machine (never copied into the repository): the
 * issue's three sources (the TypeScript and JavaScript under `node_modules`, Debian's changelogs
 * under `/usr/share/doc` (gunzipped) and Python's standard library) and, for the false-alarm
 * bench's wide run, more (see `moreSources`). Used by bench/false-alarms.ts and, the issue's three
 * only, as the third text of bench/throughput.ts. A missing source yields no documents.
 * PREFLIGHT_PYTHON_LIB names the standard library folder (default: Python 3.11 under
 * /root/.pyenv/versions or /usr/lib if present, else the newest Python 3 found there).
 */
import * as fs from 'fs';
import * as path from 'path';
import * as zlib from 'zlib';
import { unzipSync } from 'fflate';
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

/** One source: its name, its files (each with the path that orders it), and how to read one file. */
interface Source {
  name: string;
  files: () => { file: string; relative: string }[];
  read: (p: string) => string;
}

/**
 * Files of one source in a fixed pseudo-random order of their paths relative to the source's
 * root (so every checkout of the repository reads the same files), shuffled by `seed`, cut into
 * consecutive slices of `cap` bytes: slice `k` is sample `k`, and no file is in two samples.
 */
function take(source: Source, cap: number, samples: number, seed: number): Doc[][] {
  const out: Doc[][] = Array.from({ length: samples }, () => []);
  const files = source.files().map(({ file, relative }) => ({ file, order: fnv(`${seed}:${relative}`) }));
  files.sort((a, b) => a.order - b.order || (a.file < b.file ? -1 : 1));
  let k = 0;
  let bytes = 0;
  for (const { file } of files) {
    if (k >= samples) break;
    let text: string;
    try {
      text = source.read(file);
    } catch {
      continue;
    }
    if (text.length === 0 || text.length > 2_000_000 || text.includes('\u0000')) continue;
    bytes += Buffer.byteLength(text, 'utf8');
    out[k].push({ source: source.name, file, text });
    if (bytes >= cap) {
      k++;
      bytes = 0;
    }
  }
  return out;
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
    // The issue's figures were taken on 3.11; prefer it when present, else the newest.
    const preferred = found.find((p) => p.endsWith('python3.11')) ?? found[0];
    if (preferred) return preferred;
  }
  return undefined;
}

const utf8 = (p: string) => fs.readFileSync(p, 'utf8');
const gunzip = (p: string) => zlib.gunzipSync(fs.readFileSync(p)).toString('utf8');
const noSkip = () => false;

/**
 * A source of every file under the `roots` that `accept` takes (folders named in `skip` are not
 * entered), each ordered by its path relative to its root's parent: the same on every checkout.
 */
function source(name: string, roots: string[], accept: (p: string) => boolean, read = utf8, skip: (name: string) => boolean = noSkip): Source {
  const files = () => roots.flatMap((root) => walk(root, accept, skip).map((file) => ({ file, relative: path.relative(path.dirname(root), file) })));
  return { name, files, read };
}

const jsOrTs = (p: string) => /\.(?:[cm]?js|ts)$/.test(p) && !/\.min\.js$/.test(p);

/** The issue's three sources: node_modules TS/JS, Debian changelogs, Python's standard library. */
function issueSources(): Source[] {
  const py = pythonLib();
  return [
    source('node_modules TS/JS', [path.join(repoRoot(), 'node_modules')], jsOrTs),
    source('/usr/share/doc changelogs', ['/usr/share/doc'], (p) => /\/changelog(?:\.Debian)?\.gz$/.test(p), gunzip),
    ...(py ? [source(`Python stdlib (${py})`, [py], (p) => p.endsWith('.py'), utf8, (n) => n === 'site-packages' || n === '__pycache__')] : []),
  ];
}

/** Is a file readable by everyone (so a real config's defaults, never a private file)? */
function worldReadable(p: string): boolean {
  try {
    return (fs.statSync(p).mode & 0o004) !== 0;
  } catch {
    return false;
  }
}

/** A text file by its name: no images, archives, compiled objects or fonts. */
const textLike = (p: string) => !/\.(?:png|jpe?g|gif|ico|svg|pdf|zip|jar|xz|bz2|tgz|so|a|o|pyc|mo|gmo|ttf|otf|woff2?|bin|db|cache|icns|dat)$/i.test(p);

/**
 * A source of the entries of zip archives (e.g. the JDK's `lib/src.zip`) that `accept` takes,
 * read with fflate (the project's zip library); each entry is ordered by its name in the archive.
 */
function zipSource(name: string, zips: string[], accept: (entry: string) => boolean): Source {
  const buffers = new Map<string, Uint8Array>();
  const open = (zip: string) => {
    let buf = buffers.get(zip);
    if (!buf) buffers.set(zip, (buf = fs.readFileSync(zip)));
    return buf;
  };
  const files = () =>
    zips.flatMap((zip) => {
      const names: string[] = [];
      try {
        unzipSync(open(zip), { filter: (f) => (accept(f.name) && names.push(f.name), false) });
      } catch {
        return [];
      }
      return names.map((entry) => ({ file: `${zip}!/${entry}`, relative: entry }));
    });
  const read = (p: string) => {
    const [zip, entry] = p.split('!/');
    const out = unzipSync(open(zip), { filter: (f) => f.name === entry });
    return new TextDecoder('utf-8').decode(out[entry]);
  };
  return { name, files, read };
}

/** The newest JDK's `lib/src.zip` found under /usr/lib/jvm (one only: the JDKs share most files). */
function jdkSources(): string[] {
  let names: string[] = [];
  try {
    names = fs.readdirSync('/usr/lib/jvm');
  } catch {
    return [];
  }
  const zips = names
    .map((n) => path.join('/usr/lib/jvm', n, 'lib', 'src.zip'))
    .filter((z) => {
      try {
        return fs.statSync(z).size > 0;
      } catch {
        return false;
      }
    })
    .sort((a, b) => fs.statSync(b).size - fs.statSync(a).size);
  return zips.slice(0, 1);
}

/** Gunzipped when the name ends in `.gz`, else read as UTF-8. */
const maybeGz = (p: string) => (p.endsWith('.gz') ? gunzip(p) : utf8(p));

/**
 * More real code and prose found on this machine, beyond the issue's three: the dashboard's and
 * the SDK's own node_modules, third-party Python (Debian's dist-packages, the Google Cloud SDK's
 * libraries), Perl modules and their POD, C headers, man pages (roff, gunzipped); and, added for
 * the second false-alarm round: the JDK's Java sources (read from `src.zip` in place), npm
 * packages' Markdown (READMEs and docs, full of configuration examples), CMake's reStructuredText
 * help, Git's documentation, the rest of /usr/share/doc (READMEs, NEWS, copyright files, not the
 * changelogs), GNU info manuals, the Google Cloud SDK's YAML command specs, npm's own sources, and
 * world-readable configuration files under /etc (real defaults).
 */
function moreSources(): Source[] {
  const notCache = (n: string) => n === '__pycache__';
  const nodeModules = [path.join(repoRoot(), 'node_modules'), path.join(repoRoot(), 'dashboard', 'node_modules'), path.join(repoRoot(), 'sdk', 'node_modules')];
  return [
    source('dashboard+sdk node_modules', [path.join(repoRoot(), 'dashboard', 'node_modules'), path.join(repoRoot(), 'sdk', 'node_modules')], jsOrTs),
    source('Python packages', ['/usr/lib/python3/dist-packages', '/usr/lib/google-cloud-sdk/lib'], (p) => p.endsWith('.py'), utf8, notCache),
    source('Perl', ['/usr/share/perl', '/usr/share/perl5', '/usr/lib/x86_64-linux-gnu/perl', '/usr/lib/x86_64-linux-gnu/perl5'], (p) => /\.(?:pm|pl|pod)$/.test(p)),
    source('C headers', ['/usr/include'], (p) => /\.h$/.test(p)),
    source('man pages', ['/usr/share/man'], (p) => p.endsWith('.gz'), gunzip),
    zipSource('JDK Java sources', jdkSources(), (e) => e.endsWith('.java')),
    source('npm Markdown', nodeModules, (p) => /\.(?:md|markdown)$/i.test(p)),
    source('CMake help', fs.existsSync('/usr/share') ? fs.readdirSync('/usr/share').filter((n) => /^cmake/.test(n)).map((n) => path.join('/usr/share', n, 'Help')) : [], (p) => p.endsWith('.rst')),
    source('Git docs', ['/usr/share/doc/git', '/usr/share/git-core/templates'], (p) => textLike(p) && !/\.html$/.test(p), maybeGz),
    source('/usr/share/doc other', ['/usr/share/doc'], (p) => textLike(p) && !/\/changelog[^/]*$/.test(p) && !/\.html?$/.test(p), maybeGz, (n) => n === 'git'),
    source('GNU info', ['/usr/share/info'], (p) => p.endsWith('.gz'), gunzip),
    source('Cloud SDK YAML', ['/usr/lib/google-cloud-sdk/lib'], (p) => /\.ya?ml$/.test(p), utf8, notCache),
    source('npm CLI', ['/usr/lib/node_modules/npm'], jsOrTs, utf8, (n) => n === 'node_modules'),
    source('/etc configs', ['/etc'], (p) => textLike(p) && worldReadable(p), utf8, (n) => n === 'ssl'),
  ];
}

/** How `realSources` samples: bytes per source per sample, how many disjoint samples, which order, which sources. */
export interface SampleOptions {
  capBytes: number;
  samples?: number;
  seed?: number;
  /** The issue's three sources only (false), or those and `moreSources` (true). */
  wide?: boolean;
}

/**
 * Disjoint samples of real code and prose: `result[k][s]` is sample `k` of source `s`, about
 * `capBytes` of whole files. Files are taken in a fixed pseudo-random order of their paths under
 * their source's folder (shuffled by `seed`), so every checkout reads the same files and the same
 * seed gives the same samples on every run; a missing source yields empty lists.
 */
export function realSources(options: SampleOptions): Doc[][][] {
  const { capBytes, samples = 1, seed = 0, wide = false } = options;
  const all = wide ? [...issueSources(), ...moreSources()] : issueSources();
  const bySource = all.map((s) => take(s, capBytes, samples, seed));
  return Array.from({ length: samples }, (_, k) => bySource.map((slices) => slices[k]));
}

/** About `targetBytes` of real code and prose: a third from each of the issue's sources, files joined by blank lines. */
export function realText(targetBytes: number): string {
  const docs = realSources({ capBytes: Math.ceil(targetBytes / 3) })[0].flat();
  if (docs.length === 0) throw new Error('no real code or prose found on this machine (node_modules, /usr/share/doc, Python)');
  return docs.map((d) => d.text).join('\n\n');
}
