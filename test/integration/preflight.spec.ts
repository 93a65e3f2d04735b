import { expect } from 'chai';
import * as fs from 'fs';
import * as path from 'path';
import { PreflightRecordEntity } from '../../entities';
import { ADMIN_KEY, ENGINES, TestApp, createOrg, createOrgKey, createPolicy, startApp } from '../support/app';
import { makeDocx, makePdf, makeXlsx } from '../fixtures/documents';
import { EMAIL, OTHER_EMAIL, privateKeyPem, visaNumber } from '../fixtures/values';

const ALL_DEST = ['AI_TOOL', 'VENDOR', 'CUSTOMER'];

for (const engine of ENGINES) {
  describe(`preflight checks (${engine})`, function () {
    this.timeout(60_000);
    let app: TestApp;
    let org: { org_id: string; slug: string };
    let key: string;
    let policyId: string;

    const check = (body: unknown, k = key, path = '/api/preflight/text') =>
      app.api('POST', path, { body, headers: { 'X-Service-API-Key': k } });

    before(async () => {
      app = await startApp(engine, { env: { PREFLIGHT_MAX_BODY_BYTES: String(256 * 1024) } });
      org = await createOrg(app);
      const p = await createPolicy(app, org.org_id);
      key = p.api_key;
      policyId = p.policy_id;
    });
    after(async () => app?.close());

    describe('authentication and validation', () => {
      it('answers 401 without a policy key and with an unknown one', async () => {
        const none = await app.api('POST', '/api/preflight/text', { body: { text: 'hi', destination: 'AI_TOOL' } });
        expect(none.status).to.equal(401);
        expect(none.body.error.code).to.equal('unauthenticated');
        const bad = await check({ text: 'hi', destination: 'AI_TOOL' }, 'pfp_unknown');
        expect(bad.status).to.equal(401);
      });

      it('answers 401 when an organization key is sent as the policy key', async () => {
        const orgKey = await createOrgKey(app, org.org_id);
        const res = await app.api('POST', '/api/preflight/text', { body: { text: 'hi', destination: 'AI_TOOL' }, headers: { 'X-Service-API-Key': orgKey.key } });
        expect(res.status).to.equal(401);
      });

      it('answers 422 naming the field for missing text, missing destination and a bad destination', async () => {
        const missing = await check({ destination: 'AI_TOOL' });
        expect(missing.status).to.equal(422);
        expect(missing.body.error.details.map((d: { field: string }) => d.field)).to.include('text');
        const noDest = await check({ text: 'hello' });
        expect(noDest.status).to.equal(422);
        expect(noDest.body.error.details.map((d: { field: string }) => d.field)).to.include('destination');
        const badDest = await check({ text: 'hello', destination: 'PRINTER' });
        expect(badDest.status).to.equal(422);
        expect(badDest.body.error.details[0]).to.deep.include({ field: 'destination' });
      });

      it('answers 400 for malformed JSON and 415 for a non-JSON body, without echoing it', async () => {
        const res = await app.api('POST', '/api/preflight/text', {
          raw: `{"text": "${EMAIL}", `,
          headers: { 'X-Service-API-Key': key, 'content-type': 'application/json' },
        });
        expect(res.status).to.equal(400);
        expect(res.body.error.code).to.equal('malformed_json');
        expect(res.text).not.to.include(EMAIL);
        const plainText = await app.api('POST', '/api/preflight/text', { raw: 'hello', headers: { 'X-Service-API-Key': key, 'content-type': 'text/plain' } });
        expect(plainText.status).to.equal(415);
      });

      it('answers 413 when the body is over PREFLIGHT_MAX_BODY_BYTES', async () => {
        const res = await check({ text: 'a'.repeat(300 * 1024), destination: 'AI_TOOL' });
        expect(res.status).to.equal(413);
        expect(res.body.error.code).to.equal('payload_too_large');
      });

      it('answers 403 for an org_id of another organization and 404 for a policy of another organization', async () => {
        const other = await createOrg(app);
        const otherPolicy = await createPolicy(app, other.org_id);
        const wrongOrg = await check({ text: 'hi', destination: 'AI_TOOL', org_id: other.org_id });
        expect(wrongOrg.status).to.equal(403);
        const wrongPolicy = await check({ text: 'hi', destination: 'AI_TOOL', policy_id: otherPolicy.policy_id });
        expect(wrongPolicy.status).to.equal(404);
      });
    });

    describe('decisions', () => {
      it('allows text with nothing sensitive', async () => {
        const res = await check({ text: 'Please summarise the quarterly roadmap in three bullet points.', destination: 'AI_TOOL' });
        expect(res.status).to.equal(200);
        expect(res.body.decision).to.equal('ALLOWED');
        expect(res.body.detected).to.deep.equal([]);
        expect(res.body.summary).to.equal('No sensitive data found.');
        expect(res.body.masked_content).to.equal('Please summarise the quarterly roadmap in three bullet points.');
        expect(res.body.preflight_id).to.match(/^pf_/);
        expect(res.body.policy_version).to.equal('1');
      });

      it('masks personal data with [TYPE_n] tokens, the same value always getting the same token', async () => {
        const text = `Contact ${EMAIL} or ${OTHER_EMAIL}; again: ${EMAIL}.`;
        const res = await check({ text, destination: 'VENDOR' });
        expect(res.status).to.equal(200);
        expect(res.body.decision).to.equal('ALLOWED_WITH_MASKING');
        expect(res.body.masked_content).to.equal('Contact [EMAIL_1] or [EMAIL_2]; again: [EMAIL_1].');
        const email = res.body.detected.find((d: { type: string }) => d.type === 'EMAIL');
        expect(email.count).to.equal(3);
        expect(email.sample).to.equal('j***@northwind-mail.com');
        expect(res.body.summary).to.include('Mask personal data');
      });

      it('blocks secrets: no masked content, no sample, and the summary names the rule', async () => {
        const text = `deploy with\n${privateKeyPem()}\nand card ${visaNumber()}`;
        const res = await check({ text, destination: 'AI_TOOL' });
        expect(res.status).to.equal(200);
        expect(res.body.decision).to.equal('BLOCKED');
        expect(res.body.masked_content).to.equal(null);
        const secret = res.body.detected.find((d: { type: string }) => d.type === 'PRIVATE_KEY');
        expect(secret, JSON.stringify(res.body.detected.map((d: { type: string }) => d.type))).to.exist;
        expect(secret.sample).to.equal(null);
        expect(res.body.summary).to.include('Block secrets');
        const card = res.body.detected.find((d: { type: string }) => d.type === 'CREDIT_CARD');
        expect(card.sample).to.match(/^\*{4} \*{4} \*{4} \d{4}$/);
      });

      it('serves the same operation under /v1', async () => {
        const res = await check({ text: `mail ${EMAIL}`, destination: 'CUSTOMER' }, key, '/v1/preflight/text');
        expect(res.status).to.equal(200);
        expect(res.body.decision).to.equal('ALLOWED_WITH_MASKING');
      });

      it('applies EU_DATA rules to personal data of an organization whose data_region is EU, with conditions', async () => {
        const eu = await createOrg(app, { settings: { data_region: 'EU' } });
        const p = await createPolicy(app, eu.org_id, {
          rules: [{ name: 'EU data stays in the EU', dataTypes: ['EU_DATA'], destinations: ALL_DEST, action: 'BLOCK', conditions: ['non_eu_destination'] }],
        });
        const outside = await check({ text: `mail ${EMAIL}`, destination: 'VENDOR', destination_region: 'US' }, p.api_key);
        expect(outside.body.decision).to.equal('BLOCKED');
        const inside = await check({ text: `mail ${EMAIL}`, destination: 'VENDOR', destination_region: 'EU' }, p.api_key);
        expect(inside.body.decision).to.equal('ALLOWED');
        expect(inside.body.summary).to.include('no rule applies');
        // The same policy in a non-EU organization: e-mail is not EU_DATA there.
        const us = await createOrg(app, { settings: { data_region: 'US' } });
        const pUs = await createPolicy(app, us.org_id, {
          rules: [{ name: 'EU data stays in the EU', dataTypes: ['EU_DATA'], destinations: ALL_DEST, action: 'BLOCK', conditions: ['non_eu_destination'] }],
        });
        const usRes = await check({ text: `mail ${EMAIL}`, destination: 'VENDOR', destination_region: 'US' }, pUs.api_key);
        expect(usRes.body.decision).to.equal('ALLOWED');
      });

      it("runs the policy's custom patterns", async () => {
        const p = await createPolicy(app, org.org_id, {
          custom_patterns: [{ name: 'project-codename', keywords: ['Bluebird', 'Nightjar'] }, { name: 'ticket', regex: 'TKT-[0-9]{6}' }],
          rules: [{ name: 'Mask internal', dataTypes: ['CUSTOM'], destinations: ALL_DEST, action: 'MASK' }],
        });
        const res = await check({ text: 'Status of bluebird is in TKT-123456.', destination: 'AI_TOOL' }, p.api_key);
        expect(res.body.decision).to.equal('ALLOWED_WITH_MASKING');
        expect(res.body.masked_content).to.equal('Status of [PROJECT_CODENAME_1] is in [TICKET_1].');
      });

      it('takes source_type and actor_id from the X-Service-Source and X-Service-Actor headers', async () => {
        const res = await app.api('POST', '/api/preflight/text', {
          body: { text: 'hello', destination: 'AI_TOOL' },
          headers: { 'X-Service-API-Key': key, 'X-Service-Source': 'browser_extension', 'X-Service-Actor': 'user-42' },
        });
        expect(res.body.source_type).to.equal('browser_extension');
        const row = await app.rt.ds.getRepository(PreflightRecordEntity).findOneByOrFail({ id: res.body.preflight_id });
        expect(row.actorId).to.equal('user-42');
      });

      it('refuses checks on an inactive policy', async () => {
        const p = await createPolicy(app, org.org_id, { is_active: false });
        const res = await check({ text: 'hello', destination: 'AI_TOOL' }, p.api_key);
        expect(res.status).to.equal(403);
      });
    });

    describe('records and results', () => {
      it('keeps one durable record with counts and never the content or a detected value', async () => {
        const card = visaNumber();
        const text = `Card ${card} for ${EMAIL}`;
        const res = await check({ text, destination: 'VENDOR', actor_id: 'alice' });
        const row = await app.rt.ds.getRepository(PreflightRecordEntity).findOneByOrFail({ id: res.body.preflight_id });
        expect(row.orgId).to.equal(org.org_id);
        expect(row.policyId).to.equal(policyId);
        expect(row.decision).to.equal('ALLOWED_WITH_MASKING');
        expect(row.findingCounts).to.deep.equal({ CREDIT_CARD: 1, EMAIL: 1 });
        expect(row.inputSizeBytes).to.equal(Buffer.byteLength(text));
        expect(row.maskedContentEnc).to.equal(null); // METADATA retention by default
        const raw = JSON.stringify(await app.rt.ds.query('SELECT * FROM preflight_records WHERE id = ?', [row.id]));
        expect(raw).not.to.include(EMAIL);
        expect(raw).not.to.include(card);
        expect(raw).not.to.include(card.replace(/ /g, ''));
        expect(app.logs.text()).not.to.include(EMAIL);
        expect(app.logs.text()).not.to.include(card);
      });

      it('returns a stored result to the policy key and the organization key, 404 to another organization', async () => {
        const res = await check({ text: `mail ${EMAIL}`, destination: 'AI_TOOL' });
        const id = res.body.preflight_id;
        const byPolicy = await app.api('GET', `/api/preflight/${id}`, { headers: { 'X-Service-API-Key': key } });
        expect(byPolicy.status).to.equal(200);
        expect(byPolicy.body).to.deep.include({ preflight_id: id, decision: 'ALLOWED_WITH_MASKING', policy_version: '1' });
        expect(byPolicy.body.masked_content).to.equal(null); // not retained under METADATA
        expect(byPolicy.body.detected[0]).to.deep.equal({ type: 'EMAIL', count: 1, sample: null });
        const orgKey = await createOrgKey(app, org.org_id);
        expect((await app.api('GET', `/v1/preflight/${id}`, { token: orgKey.key })).status).to.equal(200);
        const other = await createOrg(app);
        const otherPolicy = await createPolicy(app, other.org_id);
        const denied = await app.api('GET', `/api/preflight/${id}`, { headers: { 'X-Service-API-Key': otherPolicy.api_key } });
        expect(denied.status).to.equal(404);
        expect((await app.api('GET', '/api/preflight/pf_missing', { token: ADMIN_KEY })).status).to.equal(404);
      });

      it('keeps the masked content, encrypted, under retention_mode FULL and removes it after retention_days', async () => {
        const full = await createOrg(app, { settings: { retention_mode: 'FULL', retention_days: 7 } });
        const p = await createPolicy(app, full.org_id);
        const res = await check({ text: `mail ${EMAIL}`, destination: 'AI_TOOL' }, p.api_key);
        const row = await app.rt.ds.getRepository(PreflightRecordEntity).findOneByOrFail({ id: res.body.preflight_id });
        expect(row.maskedContentEnc).to.be.a('string').and.not.include('[EMAIL_1]');
        const got = await app.api('GET', `/api/preflight/${row.id}`, { headers: { 'X-Service-API-Key': p.api_key } });
        expect(got.body.masked_content).to.equal('mail [EMAIL_1]');
        expect(got.body.detected[0].sample).to.equal('j***@northwind-mail.com');
        await app.rt.ds.getRepository(PreflightRecordEntity).update({ id: row.id }, { contentExpiresAt: new Date(Date.now() - 1000) });
        const swept = await app.rt.services.preflight.sweepExpiredContent();
        expect(swept.contents).to.be.greaterThan(0);
        const after = await app.rt.ds.getRepository(PreflightRecordEntity).findOneByOrFail({ id: row.id });
        expect(after.maskedContentEnc).to.equal(null);
      });
    });

    describe('files', () => {
      const upload = (file: Buffer, filename: string, type: string, fields: Record<string, string> = { destination: 'VENDOR' }, k = key) => {
        const form = new FormData();
        for (const [n, v] of Object.entries(fields)) form.append(n, v);
        form.append('file', new Blob([new Uint8Array(file)], { type }), filename);
        return app.api('POST', '/api/preflight', { raw: form, headers: { 'X-Service-API-Key': k } });
      };

      it('masks a CSV and serves the masked file in the same format through a signed URL', async () => {
        const csv = `id,email\n1,${EMAIL}\n2,${OTHER_EMAIL}\n`;
        const res = await upload(Buffer.from(csv), 'contacts.csv', 'text/csv');
        expect(res.status, res.text).to.equal(200);
        expect(res.body.decision).to.equal('ALLOWED_WITH_MASKING');
        expect(res.body).not.to.have.property('masked_content');
        // Relative without PREFLIGHT_PUBLIC_URL: resolved against the URL the client called.
        expect(res.body.masked_file_url).to.match(/^\/api\/preflight\/pf_\w+\/masked-file\?token=/);
        const url = new URL(res.body.masked_file_url, app.url);
        const dl = await app.api('GET', url.pathname + url.search);
        expect(dl.status).to.equal(200);
        expect(dl.headers.get('content-type')).to.include('text/csv');
        expect(dl.headers.get('content-disposition')).to.equal('attachment; filename=masked.csv'); // generic: the submitted name is never echoed
        expect(dl.text).to.equal('id,email\n1,[EMAIL_1]\n2,[EMAIL_2]\n');
        const tampered = await app.api('GET', url.pathname + url.search.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')));
        expect(tampered.status).to.equal(401);
        const row = await app.rt.ds.getRepository(PreflightRecordEntity).findOneByOrFail({ id: res.body.preflight_id });
        expect(row.inputType).to.equal('file');
        expect(row.inputSizeBytes).to.equal(Buffer.byteLength(csv));
      });

      it('masks a card right after a CSV comma, and an XLSX as CSV whose cells stay cells', async () => {
        const card = visaNumber();
        const download = async (file: Buffer, name: string, type: string) => {
          const res = await upload(file, name, type);
          expect(res.status, res.text).to.equal(200);
          return (await app.api('GET', res.body.masked_file_url)).text;
        };
        expect(await download(Buffer.from(`name,card\nJo,${card}\n`), 'cards.csv', 'text/csv')).to.equal('name,card\nJo,[CREDIT_CARD_1]\n');
        const xlsx = await makeXlsx([
          ['note', 'card', 'mail'],
          ['paid, thanks', card, EMAIL],
        ]);
        expect(await download(xlsx, 'book.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).to.equal(
          'note,card,mail\n"paid, thanks",[CREDIT_CARD_1],[EMAIL_1]\n',
        );
      });

      it('reads PDF and DOCX files and returns a masked text rendition', async () => {
        const pdf = await upload(makePdf(['Patient record', `Reach me at ${EMAIL}`]), 'letter.pdf', 'application/pdf');
        expect(pdf.status, pdf.text).to.equal(200);
        expect(pdf.body.detected.map((d: { type: string }) => d.type)).to.include('EMAIL');
        const pdfFile = await app.api('GET', pdf.body.masked_file_url);
        expect(pdfFile.text).to.include('[EMAIL_1]').and.not.include(EMAIL);
        expect(pdfFile.headers.get('content-disposition')).to.equal('attachment; filename=masked.txt');
        const docx = await upload(await makeDocx(['Hello', `Write to ${OTHER_EMAIL}`]), 'memo.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
        expect(docx.status, docx.text).to.equal(200);
        expect(docx.body.decision).to.equal('ALLOWED_WITH_MASKING');
      });

      it("scans a document's metadata and keeps it out of the masked rendition", async () => {
        // props.docx (LibreOffice): author, editor, manager and comment author are people, the
        // keywords an IBAN, the subject an e-mail, the description a phone; the body holds none.
        const docx = fs.readFileSync(path.join(__dirname, '..', '..', '..', 'test', 'fixtures', 'libreoffice', 'props.docx'));
        const res = await upload(docx, 'props.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
        expect(res.status, res.text).to.equal(200);
        const types = res.body.detected.map((d: { type: string }) => d.type);
        expect(types).to.include.members(['PERSON', 'EMAIL', 'IBAN', 'PHONE']);
        expect(res.body.decision).to.equal('ALLOWED_WITH_MASKING');
        const rendition = (await app.api('GET', res.body.masked_file_url)).text;
        expect(rendition).to.include('Plain body text without personal data.');
        for (const part of ['Vossberg', 'Quenneville', 'Achterberg', 'Osterhagen', 'Dankwart', 'Author', 'Company']) expect(rendition.includes(part), 'metadata in the rendition').to.equal(false);
      });

      it('returns a null masked_file_url when the file is blocked', async () => {
        const res = await upload(Buffer.from(`key:\n${privateKeyPem()}\n`), 'id_rsa.txt', 'text/plain');
        expect(res.body.decision).to.equal('BLOCKED');
        expect(res.body.masked_file_url).to.equal(null);
      });

      it('answers 415 for an unsupported file, 422 without a file, 413 over the limit', async () => {
        const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
        expect((await upload(png, 'image.png', 'image/png')).status).to.equal(415);
        const form = new FormData();
        form.append('destination', 'VENDOR');
        const none = await app.api('POST', '/api/preflight', { raw: form, headers: { 'X-Service-API-Key': key } });
        expect(none.status).to.equal(422);
        expect(none.body.error.details[0].field).to.equal('file');
        const big = await upload(Buffer.alloc(300 * 1024, 'a'), 'big.txt', 'text/plain');
        expect(big.status).to.equal(413);
      });
    });

    describe('GraphQL', () => {
      it('checks text and reads the result', async () => {
        const res = await app.gql(
          'mutation($input: PreflightTextInput!) { preflightText(input: $input) { preflight_id decision masked_content detected { type count sample } } }',
          { input: { text: `mail ${EMAIL}`, destination: 'AI_TOOL' } },
          { headers: { 'X-Service-API-Key': key } },
        );
        expect(res.body.errors).to.equal(undefined);
        expect(res.body.data.preflightText.masked_content).to.equal('mail [EMAIL_1]');
        const id = res.body.data.preflightText.preflight_id;
        const read = await app.gql('query($id: ID!) { preflightResult(preflight_id: $id) { decision } }', { id }, { headers: { 'X-Service-API-Key': key } });
        expect(read.body.data.preflightResult.decision).to.equal('ALLOWED_WITH_MASKING');
        const bad = await app.gql(
          'mutation($input: PreflightTextInput!) { preflightText(input: $input) { decision } }',
          { input: { text: 'x', destination: 'PRINTER' } },
          { headers: { 'X-Service-API-Key': key } },
        );
        // Destination is an enum: the schema refuses an unknown one before the service runs.
        expect(bad.body.errors?.[0].extensions.code).to.equal('BAD_USER_INPUT');
        // Its message names the variable, never the submitted value (src/http/graphql.ts maskGraphqlMessage).
        expect(bad.body.errors?.[0].message).to.match(/^Variable "\$input" has an invalid value/).and.not.match(/PRINTER/);
      });

      it('checks an uploaded file (graphql multipart request)', async () => {
        const form = new FormData();
        form.append('operations', JSON.stringify({
          query: 'mutation($file: Upload!, $input: PreflightFileInput!) { preflightFile(file: $file, input: $input) { decision masked_file_url } }',
          variables: { file: null, input: { destination: 'VENDOR' } },
        }));
        form.append('map', JSON.stringify({ 0: ['variables.file'] }));
        form.append('0', new Blob([`email: ${EMAIL}\n`], { type: 'text/plain' }), 'note.txt');
        const res = await app.api('POST', '/graphql', { raw: form, headers: { 'X-Service-API-Key': key, 'apollo-require-preflight': 'true' } });
        expect(res.status, res.text).to.equal(200);
        expect(res.body.data.preflightFile.decision).to.equal('ALLOWED_WITH_MASKING');
        expect(res.body.data.preflightFile.masked_file_url).to.include('/masked-file?token=');
      });
    });
  });
}
