/**
 * False alarms on real code and prose, read in place from this machine (nothing is copied into
 * the repository; bench/real-text.ts): the three sources (the TypeScript and JavaScript
 * under `node_modules`, Debian's changelogs under `/usr/share/doc`, Python's standard library) and
 * more (the dashboard's and SDK's node_modules, third-party Python, Perl, C headers, man pages,
 * the JDK's Java sources, npm packages' Markdown, CMake's help, Git's docs, the rest of
 * /usr/share/doc, GNU info manuals, the Cloud SDK's YAML specs, npm's sources, /etc configs).
 * None of it should hold a secret, so every SECRETS finding counts as a false alarm; IP addresses
 * and street addresses are counted too (version strings and references are the usual mistakes
 * there), and identifiers (IDENTIFIERS: bucket and project hosts, user names in settings) are listed.
 *
 *   npx tsc -p tsconfig.json && node dist/bench/false-alarms.js [--mb 1.5] [--samples 5] [--seed 0]
 *       [--narrow] [--list 3] [--pass full|local]
 *
 * Each of `--samples` disjoint samples takes about `--mb` MB of whole files from every source
 * (files in a pseudo-random order of their paths, shuffled by `--seed`; no file is in two
 * samples); `--narrow` reads the three sources only. A missing source is skipped.
 * Printed: per sample and source the MB and the secret findings per MB, then for all samples
 * together findings per MB by type and source, the most frequent false alarms by recognizer
 * (`--list` redacted lines each: file, line, every finding on it replaced by its type; values are
 * never printed), and for PERSON and STREET_ADDRESS the most frequent shapes of what was found
 * (each letter written `A` or `a`, each digit `9`: `Aaaa Aaaaaa`, never the value).
 * PERSON findings in the changelogs are mostly real maintainers' names; in code they are mostly
 * not, so read the per-source figures.
 */
import * as os from 'os';
import * as path from 'path';
import { type Finding, scan } from '../src/detection';
import { type Doc, realSources } from './real-text';
import { numberArg } from './stats';

/** Findings counted for one source over all samples. */
interface SourceTally {
  mb: number;
  secrets: number;
  byType: Map<string, number>;
}

const perMb = (n: number, mb: number) => (mb > 0 ? n / mb : 0).toFixed(2);

function main(): void {
  const cap = numberArg('mb', 1.5) * 1_000_000;
  const samples = numberArg('samples', 5);
  const seed = numberArg('seed', 0);
  const list = numberArg('list', 3);
  const passArg = process.argv.indexOf('--pass');
  const pass = passArg >= 0 && process.argv[passArg + 1] === 'local' ? 'local' : 'full';
  const wide = !process.argv.includes('--narrow');
  const drawn = realSources({ capBytes: cap, samples, seed, wide });
  console.log(`False alarms on real code and prose, ${pass} pass, ${samples} disjoint samples of ${cap / 1e6} MB per source, seed ${seed}; machine load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  const byType = new Map<string, number>();
  const examples = new Map<string, { count: number; where: string[] }>();
  const perSource = new Map<string, SourceTally>();
  const shapes = new Map<string, Map<string, { count: number; where: string }>>();
  let totalBytes = 0;
  let secrets = 0;
  let worst = 0;
  drawn.forEach((sample, k) => {
    let sampleBytes = 0;
    let sampleSecrets = 0;
    const parts: string[] = [];
    for (const docs of sample) {
      if (docs.length === 0) continue;
      const name = docs[0].source;
      const bytes = docs.reduce((n, d) => n + Buffer.byteLength(d.text, 'utf8'), 0);
      const tally = perSource.get(name) ?? { mb: 0, secrets: 0, byType: new Map<string, number>() };
      perSource.set(name, tally);
      tally.mb += bytes / 1e6;
      let sourceSecrets = 0;
      for (const doc of docs) {
        const findings = scan(doc.text, { pass });
        for (const f of findings) {
          byType.set(f.type, (byType.get(f.type) ?? 0) + 1);
          tally.byType.set(f.type, (tally.byType.get(f.type) ?? 0) + 1);
          if (f.type === 'PERSON' || f.type === 'STREET_ADDRESS') {
            const byShape = shapes.get(f.type) ?? new Map<string, { count: number; where: string }>();
            shapes.set(f.type, byShape);
            const key = `${name.split(' ')[0]}  ${shape(doc.text.slice(f.start, f.end))}`;
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
          if (entry.where.length < list) entry.where.push(`[sample ${k + 1}] ${redactedLine(doc, f, findings)}`);
          examples.set(key, entry);
        }
      }
      sampleBytes += bytes;
      sampleSecrets += sourceSecrets;
      tally.secrets += sourceSecrets;
      parts.push(`${name.split(' (')[0]} ${(bytes / 1e6).toFixed(2)} MB ${sourceSecrets} (${perMb(sourceSecrets, bytes / 1e6)}/MB)`);
    }
    totalBytes += sampleBytes;
    secrets += sampleSecrets;
    const rate = sampleSecrets / Math.max(sampleBytes / 1e6, 1e-9);
    worst = Math.max(worst, rate);
    console.log(`sample ${k + 1}: ${(sampleBytes / 1e6).toFixed(2)} MB, ${sampleSecrets} secret findings = ${rate.toFixed(2)} per MB`);
    console.log(`    ${parts.join('; ')}`);
  });
  if (totalBytes === 0) {
    console.log('no source found');
    return;
  }
  const mb = totalBytes / 1e6;
  console.log(`total: ${mb.toFixed(2)} MB; secret findings ${secrets} = ${perMb(secrets, mb)} per MB, worst sample ${worst.toFixed(2)} per MB (target <= 0.5)`);
  console.log('per source, all samples: MB, secret findings per MB');
  for (const [name, t] of perSource) {
    console.log(`  ${name}: ${t.mb.toFixed(2)} MB, ${t.secrets} secret findings, ${perMb(t.secrets, t.mb)}/MB`);
  }
  console.log('findings per MB by type (all, then per source):');
  for (const [type, n] of [...byType].sort((a, b) => b[1] - a[1])) {
    const each = [...perSource].map(([name, t]) => `${name.split(' ')[0]} ${perMb(t.byType.get(type) ?? 0, t.mb)}`).join(', ');
    console.log(`  ${type.padEnd(22)} ${String(n).padStart(6)}  ${perMb(n, mb)}/MB  (${each})`);
  }
  console.log('top false alarms (secrets, identifiers, IP and street addresses), redacted:');
  for (const [key, e] of [...examples].sort((a, b) => b[1].count - a[1].count).slice(0, 25)) {
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
