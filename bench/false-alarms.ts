/**
 * False alarms on real code and prose: the TypeScript and JavaScript under `node_modules`,
 * Debian's changelogs under `/usr/share/doc` (gunzipped) and Python's standard library, read in
 * place from this machine (nothing is copied into the repository). None of it should hold a
 * secret, so every SECRETS finding counts as a false alarm; IP addresses and street addresses
 * are counted too (version strings and references are the usual mistakes there), and
 * identifiers (IDENTIFIERS: bucket and project hosts, user names in settings) are listed.
 *
 *   npx tsc -p tsconfig.json && node dist/bench/false-alarms.js [--mb 4] [--pass full|local]
 *
 * --mb caps each source (default 4 MB); see bench/real-text.ts for how files are chosen. A
 * missing source is skipped.
 * Printed: MB per source, findings per MB by type (in all and per source), the most frequent
 * false alarms by recognizer with file and line and the line redacted (the finding replaced by
 * its type), and for PERSON and STREET_ADDRESS the most frequent shapes of what was found (each
 * letter written `A` or `a`, each digit `9`: `Aaaa Aaaaaa`, never the value) with a redacted line.
 * PERSON findings in the changelogs are mostly real maintainers' names; in code they are mostly
 * not, so read the per-source figures.
 */
import * as os from 'os';
import * as path from 'path';
import { type Finding, scan } from '../src/detection';
import { type Doc, realSources } from './real-text';
import { numberArg } from './stats';

function main(): void {
  const cap = numberArg('mb', 4) * 1_000_000;
  const passArg = process.argv.indexOf('--pass');
  const pass = passArg >= 0 && process.argv[passArg + 1] === 'local' ? 'local' : 'full';
  const sources = realSources(cap);
  console.log(`False alarms on real code and prose, ${pass} pass; machine load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  const byType = new Map<string, number>();
  const examples = new Map<string, { count: number; where: string[] }>();
  const perSource: { source: string; mb: number; byType: Map<string, number> }[] = [];
  const shapes = new Map<string, Map<string, { count: number; where: string }>>();
  let totalBytes = 0;
  let secrets = 0;
  for (const docs of sources) {
    if (docs.length === 0) continue;
    const bytes = docs.reduce((n, d) => n + Buffer.byteLength(d.text, 'utf8'), 0);
    totalBytes += bytes;
    let sourceSecrets = 0;
    const sourceTypes = new Map<string, number>();
    perSource.push({ source: docs[0].source, mb: bytes / 1e6, byType: sourceTypes });
    for (const doc of docs) {
      const findings = scan(doc.text, { pass });
      for (const f of findings) {
        byType.set(f.type, (byType.get(f.type) ?? 0) + 1);
        sourceTypes.set(f.type, (sourceTypes.get(f.type) ?? 0) + 1);
        if (f.type === 'PERSON' || f.type === 'STREET_ADDRESS') {
          const byShape = shapes.get(f.type) ?? new Map<string, { count: number; where: string }>();
          shapes.set(f.type, byShape);
          const key = `${docs[0].source.split(' ')[0]}  ${shape(doc.text.slice(f.start, f.end))}`;
          const entry = byShape.get(key) ?? { count: 0, where: redactedLine(doc, f, findings) };
          entry.count++;
          byShape.set(key, entry);
        }
        const isSecret = f.dataTypes.includes('SECRETS');
        if (isSecret) sourceSecrets++;
        if (!isSecret && !f.dataTypes.includes('IDENTIFIERS') && f.type !== 'IP_ADDRESS' && f.type !== 'STREET_ADDRESS') continue;
        const key = `${f.type} (${f.recognizer})`;
        const entry = examples.get(key) ?? { count: 0, where: [] };
        entry.count++;
        if (entry.where.length < 3) entry.where.push(redactedLine(doc, f, findings));
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
  for (const [type, n] of [...byType].sort((a, b) => b[1] - a[1])) {
    const each = perSource.map((p) => `${p.source.split(' ')[0]} ${((p.byType.get(type) ?? 0) / p.mb).toFixed(2)}`).join(', ');
    console.log(`  ${type.padEnd(22)} ${String(n).padStart(6)}  ${(n / mb).toFixed(2)}/MB  (${each})`);
  }
  console.log('top false alarms (secrets, IP and street addresses), redacted:');
  for (const [key, e] of [...examples].sort((a, b) => b[1].count - a[1].count).slice(0, 15)) {
    console.log(`  ${e.count}x ${key}`);
    for (const w of e.where) console.log(`      ${w}`);
  }
  for (const [type, byShape] of shapes) {
    console.log(`most frequent ${type} shapes per source (value never printed), with one redacted line each:`);
    for (const [key, e] of [...byShape].sort((a, b) => b[1].count - a[1].count).slice(0, 12)) {
      console.log(`  ${String(e.count).padStart(5)}x ${key}`);
      console.log(`      ${e.where}`);
    }
  }
}

/** The shape of a finding: letters as `A`/`a`, digits as `9`, spaces folded, other characters kept; at most 40 characters. */
function shape(value: string): string {
  return value
    .replace(/\p{Lu}/gu, 'A')
    .replace(/\p{Ll}/gu, 'a')
    .replace(/\d/g, '9')
    .replace(/\s+/g, ' ')
    .slice(0, 40);
}

/** The finding's line with every finding on it replaced by `[TYPE]`, cut to 140 characters; with file:line. */
function redactedLine(doc: Doc, finding: Finding, all: readonly Finding[]): string {
  const { start, end } = finding;
  const lineStart = doc.text.lastIndexOf('\n', start - 1) + 1;
  let lineEnd = doc.text.indexOf('\n', end);
  if (lineEnd < 0) lineEnd = doc.text.length;
  let line = '';
  let at = lineStart;
  for (const f of all.filter((x) => x.end > lineStart && x.start < lineEnd).sort((a, b) => a.start - b.start)) {
    if (f.start < at) continue;
    line += doc.text.slice(at, f.start) + `[${f.type}]`;
    at = f.end;
  }
  line = (line + doc.text.slice(at, lineEnd)).trim().slice(0, 140);
  const lineNo = doc.text.slice(0, start).split('\n').length;
  return `${path.basename(path.dirname(doc.file))}/${path.basename(doc.file)}:${lineNo}: ${line}`;
}

main();
