import { expect } from 'chai';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { makeDocx, makePdf } from '../../fixtures/documents';

/** The compiled CLI, spawned as a user would run it (`npx preflight ...` runs this file). */
function findRoot(): string {
  let dir = __dirname;
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return dir;
}
const BIN = path.join(findRoot(), 'bin', 'preflight.js');

function run(args: string[], input = '') {
  const r = spawnSync(process.execPath, [BIN, ...args], { input, encoding: 'utf8', timeout: 45_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('preflight CLI', function () {
  // Each case spawns Node and loads the engine; shared CI machines can be slow to start processes.
  this.timeout(60_000);
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'preflight-cli-'));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('scan --jsonl writes one result line per input line with offsets, types and scores, never the values', () => {
    const lines = [
      { id: 'a', text: 'mail ana@example.org please' },
      { id: 2, text: 'card 4111 1111 1111 1111' },
      { id: 'c', text: 'nothing to see' },
    ];
    const r = run(['scan', '--jsonl', '--mode', 'local'], lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    expect(r.code).to.equal(0);
    const out = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(out.map((o) => o.id)).to.deep.equal(['a', 2, 'c']);
    expect(out[0].findings).to.deep.equal([{ type: 'EMAIL', data_types: ['PII'], start: 5, end: 20, score: 0.9 }]);
    expect(out[1].findings[0]).to.include({ type: 'CREDIT_CARD', start: 5, end: 24 });
    expect(out[2].findings).to.deep.equal([]);
    expect(r.stdout).to.not.contain('ana@example.org').and.not.contain('4111');
  });

  it('answers a bad line with an error object for that line, keeps going and exits non-zero', () => {
    const r = run(['scan', '--jsonl'], 'not json at all\n{"id": 7}\n{"id": 8, "text": "ssn 536-22-8726"}\n');
    expect(r.code).to.equal(1);
    const out = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(out[0]).to.deep.include({ id: null, line: 1 });
    expect(out[0].error.code).to.equal('invalid_json');
    expect(out[1]).to.deep.include({ id: 7, line: 2 });
    expect(out[1].error.code).to.equal('missing_text');
    expect(out[2].id).to.equal(8);
    expect(out[2].findings.map((f: { type: string }) => f.type)).to.deep.equal(['SSN']);
    expect(r.stdout + r.stderr).to.not.contain('not json at all');
  });

  it('scan FILE prints type, line:col and an obscured sample, and exits 1 when something was found', () => {
    const file = path.join(dir, 'notes.txt');
    fs.writeFileSync(file, 'Hello,\nmy card is 4111 1111 1111 1111 and mail ana@example.org\n');
    const clean = path.join(dir, 'clean.txt');
    fs.writeFileSync(clean, 'nothing sensitive here\n');
    const r = run(['scan', file, clean]);
    expect(r.code).to.equal(1);
    expect(r.stdout).to.match(/2:12\s+CREDIT_CARD\s+\*\*\*\* \*\*\*\* \*\*\*\* 1111/);
    expect(r.stdout).to.match(/2:41\s+EMAIL\s+a\*\*\*@example\.org/);
    expect(r.stdout).to.contain('clean.txt\n  no findings');
    expect(r.stdout).to.not.contain('4111 1111').and.not.contain('ana@example.org');
  });

  it('exits 0 for files without findings and 2 for a missing file or bad usage', () => {
    const clean = path.join(dir, 'clean2.txt');
    fs.writeFileSync(clean, 'just prose\n');
    expect(run(['scan', clean]).code).to.equal(0);
    expect(run(['scan', path.join(dir, 'missing.txt')]).code).to.equal(2);
    expect(run(['scan', '--mode', 'fast', clean]).code).to.equal(2);
    expect(run([]).code).to.equal(2);
  });

  it('runs custom patterns from --custom and rejects an invalid one by its position', () => {
    const patterns = path.join(dir, 'patterns.json');
    fs.writeFileSync(patterns, JSON.stringify([{ name: 'project code', regex: 'PRJ-\\d{5}' }]));
    const r = run(['scan', '--jsonl', '--custom', patterns], '{"id":1,"text":"see PRJ-12345"}\n');
    expect(JSON.parse(r.stdout).findings).to.deep.equal([{ type: 'PROJECT_CODE', data_types: ['CUSTOM'], start: 4, end: 13, score: 0.9 }]);
    fs.writeFileSync(patterns, JSON.stringify([{ name: 'broken', regex: '(x' }]));
    const bad = run(['scan', '--jsonl', '--custom', patterns], '');
    expect(bad.code).to.equal(2);
    expect(bad.stderr).to.contain('custom pattern #1').and.not.contain('broken');
  });

  it('--help prints the usage on stdout and exits 0', () => {
    for (const args of [['--help'], ['scan', '--help']]) {
      const r = run(args);
      expect(r.code).to.equal(0);
      expect(r.stdout).to.contain('Usage:').and.contain('preflight scan');
    }
  });

  it('stops quietly when its reader closes the pipe early (`| head`)', () => {
    const file = path.join(dir, 'many.txt');
    // About 200 kB of report: more than a pipe holds, so the CLI is still writing when head exits.
    fs.writeFileSync(file, Array.from({ length: 3000 }, (_, i) => `row ${i} mail user${i}@example.org`).join('\n'));
    const r = spawnSync('sh', ['-c', `"${process.execPath}" "${BIN}" scan "${file}" | head -c 100 > /dev/null`], { encoding: 'utf8', timeout: 45_000 });
    expect(r.status).to.equal(0);
    expect(r.stderr).to.not.contain('EPIPE').and.not.contain('Error');
  });

  it('reads PDF and DOCX files with the server\'s extractors, not as raw bytes', async () => {
    const pdf = path.join(dir, 'invoice.pdf');
    fs.writeFileSync(pdf, makePdf(['Invoice', 'Contact: billing.team@example.org']));
    const docx = path.join(dir, 'memo.docx');
    fs.writeFileSync(docx, await makeDocx(['Memo'], { footer: 'Footer: footer.team@example.org' }));
    const r = run(['scan', '--mode', 'local', pdf, docx]);
    expect(r.code, r.stderr).to.equal(1);
    expect(r.stdout.match(/1 finding: 1 × E-mail address/g)).to.have.length(2);
    expect(r.stdout).not.to.contain('billing.team@example.org');
  });

  it("lists a document's metadata findings (author, subject, comment author) as meta:LINE", () => {
    const docx = path.join(findRoot(), 'test', 'fixtures', 'libreoffice', 'props.docx');
    const r = run(['scan', '--mode', 'full', docx]);
    expect(r.code, r.stderr).to.equal(1);
    const meta = r.stdout.split('\n').filter((l) => /^ {2}meta:\d+:\d+/.test(l));
    expect(meta.map((l) => l.trim().split(/\s+/)[1])).to.include.members(['PERSON', 'EMAIL', 'IBAN']);
    expect(r.stdout).not.to.match(/Vossberg|ilse\.dankwart|Osterhagen/);
  });
});

