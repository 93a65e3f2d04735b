import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { expect } from 'chai';
import { MaskedFileEntity, PreflightRecordEntity } from '../../entities';
import { ADMIN_KEY, ENGINES, TestApp, createOrg, createPolicy, startApp, type ApiResponse } from '../support/app';
import { makeDocx, makePdf, makeZip } from '../fixtures/documents';

const ALL_DEST = ['AI_TOOL', 'VENDOR', 'CUSTOMER'];

/** One request as plain data, sent by the attacker thread. */
interface AttackRequest {
  path: string;
  headers: Record<string, string>;
  /** A JSON body, serialized beforehand. */
  json?: string;
  /** A multipart upload: form fields and the file. */
  file?: { data: Uint8Array; name: string; type: string; fields: Record<string, string> };
}

/**
 * The attacker runs in its own thread: the test process is also the server, and building a
 * 10 MB body or reading a 15 MB answer on the main thread would delay the /healthz probes for
 * reasons that are the client's, not the server's.
 */
const ATTACKER = `
const { parentPort, workerData } = require('node:worker_threads');
const send = async (r) => {
  let body = r.json;
  const headers = { ...r.headers };
  if (r.json !== undefined) headers['content-type'] = 'application/json';
  if (r.file) {
    body = new FormData();
    for (const [k, v] of Object.entries(r.file.fields)) body.append(k, v);
    body.append('file', new Blob([r.file.data], { type: r.file.type }), r.file.name);
  }
  const res = await fetch(workerData.url + r.path, { method: 'POST', headers, body });
  return { status: res.status, headers: [...res.headers], text: await res.text() };
};
Promise.all(workerData.requests.map(send)).then((answers) => parentPort.postMessage(answers), (e) => parentPort.postMessage(String(e)));
`;

function attackFromThread(url: string, requests: AttackRequest[]): Promise<ApiResponse[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(ATTACKER, { eval: true, workerData: { url, requests } });
    worker.once('message', (answers: unknown) => {
      void worker.terminate();
      if (!Array.isArray(answers)) return reject(new Error(String(answers)));
      // Parsed by the caller after the probe window (see underProbe).
      resolve(answers.map((a: { status: number; headers: [string, string][]; text: string }) => ({ status: a.status, headers: new Headers(a.headers), text: a.text, body: undefined })));
    });
    worker.once('error', reject);
  });
}

const parsed = (r: ApiResponse): ApiResponse => ({ ...r, body: r.text ? JSON.parse(r.text) : undefined });

/**
 * Hostile inputs: each one is sent while /healthz is probed in a loop; every probe must answer
 * within 200 ms (the event loop is never blocked by parsing, masking or custom patterns), the
 * hostile request gets its documented status, and the process keeps serving.
 */
for (const engine of ENGINES) {
  describe(`hostile files and policies (${engine})`, function () {
    this.timeout(180_000);
    let app: TestApp;
    let orgId: string;
    let key: string;
    const files: Record<string, Buffer> = {};

    before(async () => {
      app = await startApp(engine, {
        env: {
          PREFLIGHT_MAX_BODY_BYTES: String(16 * 1024 * 1024),
          // Pages are allowed here so the 5,000-page PDF meets the time budget rather than the page limit.
          PREFLIGHT_FILE_MAX_PAGES: '100000',
          PREFLIGHT_FILE_PARSE_TIMEOUT_MS: '1500',
          PREFLIGHT_SCAN_QUEUE_MAX: '1',
        },
      });
      orgId = (await createOrg(app)).org_id;
      key = (await createPolicy(app, orgId)).api_key;
      // Generated before any probe window: the test shares the server's event loop.
      files.paragraphBomb = await makeDocx([], { bodyXml: '<w:p/>'.repeat(1_000_000) });
      files.zipBomb = await makeZip({ '[Content_Types].xml': '<Types/>', 'word/document.xml': Buffer.alloc(64 * 1024 * 1024, 0x20) });
      files.manyPages = makePdf(['Quarterly report'], { pages: 5000 });
    });
    after(async () => app?.close());

    const upload = (file: Buffer, filename: string, type = 'application/octet-stream') => {
      const form = new FormData();
      form.append('destination', 'VENDOR');
      form.append('file', new Blob([new Uint8Array(file)], { type }), filename);
      return app.api('POST', '/api/preflight', { raw: form, headers: { 'X-Service-API-Key': key } });
    };
    const fileRequest = (file: Buffer, name: string, type = 'application/octet-stream'): AttackRequest => ({
      path: '/api/preflight',
      headers: { 'X-Service-API-Key': key },
      file: { data: new Uint8Array(file), name, type, fields: { destination: 'VENDOR' } },
    });
    const attack = (...requests: AttackRequest[]) => () => attackFromThread(app.url, requests);

    /** Runs the attack while probing /healthz; returns the answers (parsed after the window) and the slowest probe. */
    async function underProbeAll(run: () => Promise<ApiResponse[]>): Promise<{ results: ApiResponse[]; slowestMs: number; probes: number }> {
      let done = false;
      const pending = run().finally(() => (done = true));
      let slowestMs = 0;
      let probes = 0;
      while (!done) {
        const t0 = performance.now();
        const res = await fetch(`${app.url}/healthz`);
        await res.text();
        slowestMs = Math.max(slowestMs, performance.now() - t0);
        probes++;
        expect(res.status).to.equal(200);
        await new Promise((r) => setTimeout(r, 20));
      }
      return { results: (await pending).map(parsed), slowestMs, probes };
    }
    const underProbe = async (run: () => Promise<ApiResponse[]>) => {
      const { results, ...rest } = await underProbeAll(run);
      return { result: results[0], ...rest };
    };

    const expectError = (res: ApiResponse, status: number, code: string) => {
      expect(res.status, res.text).to.equal(status);
      expect(res.body.error.code).to.equal(code);
    };

    it('a 100 KB DOCX holding 1 M empty paragraphs: 422 file_too_complex, /healthz fast', async () => {
      expect(files.paragraphBomb.length).to.be.below(200 * 1024);
      const { result, slowestMs, probes } = await underProbe(attack(fileRequest(files.paragraphBomb, 'empty.docx')));
      expectError(result, 422, 'file_too_complex');
      // The ratio limit refuses it before inflating; the paragraph limit is the next line of defence (test/unit/extract/limits.spec.ts).
      expect(result.body.error.details[0].problem).to.match(/decompresses more than|paragraphs/);
      expect(probes).to.be.at.least(1);
      expect(slowestMs).to.be.below(200);
    });

    it('a zip bomb named .docx: 422 file_too_complex before inflating, /healthz fast', async () => {
      expect(files.zipBomb.length).to.be.below(200 * 1024);
      const { result, slowestMs } = await underProbe(attack(fileRequest(files.zipBomb, 'bomb.docx')));
      expectError(result, 422, 'file_too_complex');
      expect(result.body.error.details[0].problem).to.match(/decompresses more than/);
      expect(slowestMs).to.be.below(200);
    });

    it('a 5,000-page PDF over the parse time budget: the thread is stopped, 422 file_too_complex, /healthz fast', async () => {
      const { result, slowestMs } = await underProbe(attack(fileRequest(files.manyPages, 'pages.pdf', 'application/pdf')));
      expectError(result, 422, 'file_too_complex');
      expect(result.body.error.details[0].problem).to.match(/time budget/);
      expect(slowestMs).to.be.below(200);
      // The pool recovers: the next file is read normally.
      const ok = await upload(makePdf(['Contact ana.lima@example.org']), 'ok.pdf', 'application/pdf');
      expect(ok.status, ok.text).to.equal(200);
      expect(ok.body.detected.map((d: { type: string }) => d.type)).to.include('EMAIL');
    });

    it('a 10 MB text with ~700 k findings: scanned, masked and counted off the event loop', async () => {
      const unit = 'id 10.0.0.1 ';
      const text = unit.repeat(Math.floor((10 * 1024 * 1024) / unit.length));
      const json = JSON.stringify({ text, destination: 'AI_TOOL' });
      const { result, slowestMs } = await underProbe(attack({ path: '/api/preflight/text', headers: { 'X-Service-API-Key': key }, json }));
      expect(result.status, result.text.slice(0, 300)).to.equal(200);
      const total = result.body.detected.reduce((n: number, d: { count: number }) => n + d.count, 0);
      expect(total).to.be.greaterThan(700_000);
      expect(slowestMs).to.be.below(200);
    });

    it('a full scanning pool answers 503 service_busy with Retry-After; /healthz stays fast', async () => {
      // Six at once: at most four threads plus a queue of one, whatever the machine.
      const { results: answers, slowestMs } = await underProbeAll(attack(...Array.from({ length: 6 }, (_, i) => fileRequest(files.manyPages, `p${i}.pdf`, 'application/pdf'))));
      const busy = answers.filter((r) => r.status === 503);
      expect(busy.length).to.be.at.least(1);
      for (const r of busy) {
        expect(r.body.error.code).to.equal('service_busy');
        expect(Number(r.headers.get('retry-after'))).to.be.greaterThan(0);
      }
      for (const r of answers.filter((a) => a.status !== 503)) expectError(r, 422, 'file_too_complex');
      expect(slowestMs).to.be.below(200);
    });

    it('100 custom patterns x 500 keywords: saving is refused (422, no name echoed) without freezing', async () => {
      const patterns = Array.from({ length: 100 }, (_, p) => ({ name: `canaryname${p}`, keywords: Array.from({ length: 500 }, (_, k) => `term${p}x${k}`) }));
      const json = JSON.stringify({ name: 'heavy', custom_patterns: patterns });
      const { result, slowestMs } = await underProbe(attack({ path: `/api/orgs/${orgId}/policies`, headers: { authorization: `Bearer ${ADMIN_KEY}` }, json }));
      expectError(result, 422, 'validation_failed');
      expect(result.text).not.to.contain('canaryname').and.not.to.contain('term1x');
      expect(slowestMs).to.be.below(200);
    });

    it('custom regexes that would take over 1 s per MB are refused by the cost model (422, no echo)', async () => {
      const patterns = Array.from({ length: 20 }, (_, p) => ({
        name: `canaryregex${p}`,
        regex: `(?:${Array.from({ length: 60 }, (_, i) => `[a-z]{${(i % 5) + 1}}\\d{${(i % 3) + 1}}`).join('|')})`,
      }));
      const json = JSON.stringify({ name: 'slow', custom_patterns: patterns });
      const { result, slowestMs } = await underProbe(attack({ path: `/api/orgs/${orgId}/policies`, headers: { authorization: `Bearer ${ADMIN_KEY}` }, json }));
      expectError(result, 422, 'validation_failed');
      expect(result.body.error.details[0].problem).to.match(/1 MB/);
      expect(result.text).not.to.contain('canaryregex').and.not.to.contain('[a-z]');
      expect(slowestMs).to.be.below(200);
    });

    it('the largest allowed keyword policy checks a 250 KB text quickly', async () => {
      const patterns = Array.from({ length: 100 }, (_, p) => ({ name: `kw${p}`, keywords: Array.from({ length: 60 }, (_, k) => `w${p}q${k}`) }));
      const policy = await createPolicy(app, orgId, {
        name: 'many keywords',
        custom_patterns: patterns,
        rules: [{ name: 'mask custom', dataTypes: ['CUSTOM'], destinations: ALL_DEST, action: 'MASK' }],
      });
      const text = 'plain words and w7q3 here '.repeat(Math.floor((250 * 1024) / 26));
      const json = JSON.stringify({ text, destination: 'AI_TOOL' });
      const { result, slowestMs } = await underProbe(attack({ path: '/api/preflight/text', headers: { 'X-Service-API-Key': policy.api_key }, json }));
      expect(result.status, result.text.slice(0, 300)).to.equal(200);
      expect(result.body.detected.find((d: { type: string }) => d.type === 'KW7')?.count).to.equal(Math.floor((250 * 1024) / 26));
      expect(slowestMs).to.be.below(200);
    });

    it('a file name carrying canary values is scanned and counted, and never reaches a response, a log line or a stored row', async () => {
      const ssn = '446-63-6315';
      const name = `SSN ${ssn} for canary.person@example.org.csv`;
      const res = await upload(Buffer.from('id,note\n1,hello\n'), name, 'text/csv');
      expect(res.status, res.text).to.equal(200);
      expect(res.body.decision).to.equal('ALLOWED_WITH_MASKING');
      expect(res.body.detected.map((d: { type: string }) => d.type)).to.include('EMAIL');
      const url = new URL(res.body.masked_file_url, app.url);
      const dl = await app.api('GET', url.pathname + url.search);
      expect(dl.headers.get('content-disposition')).to.equal('attachment; filename=masked.csv');
      const token = 'ghp_eFweGVrlpCpzibDbtetKAfPwm1X2sMmiGBYD';
      const blocked = await upload(Buffer.from('nothing here'), `key ${token}.txt`, 'text/plain');
      expect(blocked.body.decision).to.equal('BLOCKED');
      const records = await app.rt.ds.getRepository(PreflightRecordEntity).find();
      const masked = await app.rt.ds.getRepository(MaskedFileEntity).find();
      const stored = JSON.stringify([records, masked]);
      const sqliteFiles = engine === 'sqlite' ? fs.readdirSync(app.dataDir).map((f) => fs.readFileSync(path.join(app.dataDir, f)).toString('latin1')).join('') : '';
      for (const canary of [ssn, 'canary.person', token]) {
        for (const [where, text] of [
          ['response', res.text + dl.text + blocked.text],
          ['logs', app.logs.text()],
          ['stored rows', stored],
          ['database files', sqliteFiles],
        ]) {
          expect(text, `${canary} in ${where}`).not.to.contain(canary);
        }
      }
    });
  });
}
