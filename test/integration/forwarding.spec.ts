import { expect } from 'chai';
import { DeliveryEntity, ForwardingDestinationEntity, PreflightRecordEntity } from '../../entities';
import { ADMIN_KEY, ENGINES, createOrg, createOrgKey, createPolicy, startApp, type TestApp } from '../support/app';
import { HttpsReceiver, freePort } from '../support/https-receiver';
import { buildRecord, fakeCredential, insertRecord } from '../support/records';
import { insertStatements } from '../../src/services/preflight/record-writer';
import { buildAuditEvent } from '../../src/services/forwarding/event';
import { expectError, expectGqlError, expectInvalid } from './helpers';
import { deliveriesOf, dropQueueKeys, eventually, expectNothingScheduled, forwardingEnv } from './forwarding-helpers';

for (const engine of ENGINES) {
  describe(`forwarding (${engine}${engine === 'mysql' && process.env.TEST_REDIS_URL ? ' + BullMQ' : ', in-process'})`, function () {
    this.timeout(30_000);
    let receiver: HttpsReceiver;
    let app: TestApp;
    let n = 0;
    const pathFor = () => `/ingest/${engine}/${++n}`;

    before(async () => {
      receiver = await HttpsReceiver.start();
      app = await startApp(engine, { env: forwardingEnv(receiver) });
      await app.rt.start();
    });

    after(async () => {
      if (app) {
        await app.close();
        await dropQueueKeys(app);
      }
      await receiver?.close();
    });

    async function destination(orgId: string, body: Record<string, unknown>, token = ADMIN_KEY) {
      const res = await app.api('POST', `/api/orgs/${orgId}/forwarding-destinations`, { token, body });
      expect(res.status, res.text).to.equal(201);
      return res.body as { destination_id: string; [k: string]: unknown };
    }

    it('runs the driver the engine calls for', () => {
      expect(app.rt.services.forwarding.driverKind).to.equal(app.rt.config.redisUrl ? 'bullmq' : 'in-process');
    });

    it('creates, lists, reads, updates and deletes destinations; the header value is write-only', async () => {
      const org = await createOrg(app);
      const secret = fakeCredential();
      const url = receiver.url(pathFor());
      const created = await app.api('POST', `/api/orgs/${org.org_id}/forwarding-destinations`, {
        token: ADMIN_KEY,
        body: { url, auth_header_name: 'Authorization', auth_header_value: secret },
      });
      expect(created.status, created.text).to.equal(201);
      const d = created.body;
      expect(d.destination_id).to.match(/^fwd_[0-9a-f]{24}$/);
      expect(d).to.include({ org_id: org.org_id, url, auth_header_name: 'Authorization', auth_header_configured: true, enabled: true, status: 'Idle', last_error: null });
      expect(d.created_at).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/);
      expect(d.deliveries).to.deep.equal({ queued: 0, retrying: 0, delivered: 0, failed: 0 });
      expect(d).not.to.have.property('auth_header_value');
      expect(created.text).not.to.include(secret);

      const stored = await app.rt.ds.getRepository(ForwardingDestinationEntity).findOneByOrFail({ id: d.destination_id });
      expect(stored.authHeaderValueEnc).to.match(/^v1:[0-9a-f]{8}:/);
      expect(stored.authHeaderValueEnc).not.to.include(secret.slice(7));

      const list = await app.api('GET', `/api/orgs/${org.org_id}/forwarding-destinations`, { token: ADMIN_KEY });
      expect(list.status).to.equal(200);
      expect(list.body.items.map((i: any) => i.destination_id)).to.deep.equal([d.destination_id]);
      const one = await app.api('GET', `/api/orgs/${org.slug}/forwarding-destinations/${d.destination_id}`, { token: ADMIN_KEY });
      expect(one.status).to.equal(200);
      expect(one.body.auth_header_configured).to.equal(true);

      const rotated = await app.api('PATCH', `/api/orgs/${org.org_id}/forwarding-destinations/${d.destination_id}`, {
        token: ADMIN_KEY,
        body: { auth_header_value: fakeCredential(), enabled: false },
      });
      expect(rotated.status, rotated.text).to.equal(200);
      expect(rotated.body).to.include({ enabled: false, status: 'Disabled', auth_header_configured: true });
      const after = await app.rt.ds.getRepository(ForwardingDestinationEntity).findOneByOrFail({ id: d.destination_id });
      expect(after.authHeaderValueEnc).not.to.equal(stored.authHeaderValueEnc);

      const cleared = await app.api('PATCH', `/api/orgs/${org.org_id}/forwarding-destinations/${d.destination_id}`, {
        token: ADMIN_KEY,
        body: { auth_header_value: '', enabled: true },
      });
      expect(cleared.body).to.include({ enabled: true, auth_header_configured: false, auth_header_name: 'Authorization' });

      const del = await app.api('DELETE', `/api/orgs/${org.org_id}/forwarding-destinations/${d.destination_id}`, { token: ADMIN_KEY });
      expect(del.status).to.equal(204);
      expectError(await app.api('GET', `/api/orgs/${org.org_id}/forwarding-destinations/${d.destination_id}`, { token: ADMIN_KEY }), 404, 'not_found');
    });

    it('enforces bearer auth: 401 without a key, 403 for another organization, 404 for an unknown destination', async () => {
      const a = await createOrg(app);
      const b = await createOrg(app);
      const keyA = await createOrgKey(app, a.org_id);
      const keyB = await createOrgKey(app, b.org_id);
      const d = await destination(a.org_id, { url: receiver.url(pathFor()) }, keyA.key);
      const base = `/api/orgs/${a.org_id}/forwarding-destinations`;
      expectError(await app.api('GET', base), 401, 'unauthenticated');
      expectError(await app.api('GET', base, { token: 'pfk_nope' }), 401, 'unauthenticated');
      expectError(await app.api('GET', base, { token: keyB.key }), 403, 'forbidden');
      expectError(await app.api('POST', `${base}/${d.destination_id}/test`, { token: keyB.key }), 403, 'forbidden');
      expectError(await app.api('DELETE', `${base}/${d.destination_id}`, { token: keyB.key }), 403, 'forbidden');
      expectError(await app.api('GET', `${base}/fwd_000000000000000000000000`, { token: keyA.key }), 404, 'not_found');
      // Another organization's destination through one's own path: not revealed.
      expectError(await app.api('GET', `/api/orgs/${b.org_id}/forwarding-destinations/${d.destination_id}`, { token: keyB.key }), 404, 'not_found');
      const policy = await createPolicy(app, a.org_id);
      expectError(await app.api('GET', base, { token: policy.api_key }), 403, 'forbidden');
      const own = await app.api('GET', base, { token: keyA.key });
      expect(own.status).to.equal(200);
      expect(own.body.items).to.have.length(1);
    });

    it('validates input: https URL, header name, value without a name', async () => {
      const org = await createOrg(app);
      const base = `/api/orgs/${org.org_id}/forwarding-destinations`;
      expectInvalid(await app.api('POST', base, { token: ADMIN_KEY, body: {} }), 'url');
      expectInvalid(await app.api('POST', base, { token: ADMIN_KEY, body: { url: 'ftp://example.com/x' } }), 'url');
      expectInvalid(await app.api('POST', base, { token: ADMIN_KEY, body: { url: 'https://u:p@example.com/x' } }), 'url');
      expectInvalid(await app.api('POST', base, { token: ADMIN_KEY, body: { url: receiver.url('/x'), auth_header_name: 'Content-Type', auth_header_value: 'x' } }), 'auth_header_name');
      expectInvalid(await app.api('POST', base, { token: ADMIN_KEY, body: { url: receiver.url('/x'), auth_header_name: 'Bad Name' } }), 'auth_header_name');
      const noName = await app.api('POST', base, { token: ADMIN_KEY, body: { url: receiver.url('/x'), auth_header_value: 'secret-value-1' } });
      expectInvalid(noName, 'auth_header_value');
      expect(noName.text).not.to.include('secret-value-1');
      const badValue = await app.api('POST', base, { token: ADMIN_KEY, body: { url: receiver.url('/x'), auth_header_name: 'X-Key', auth_header_value: 'line\nbreak-secret' } });
      expectInvalid(badValue, 'auth_header_value');
      expect(badValue.text).not.to.include('break-secret');
    });

    it('delivers each event once with the exact body and exactly the documented headers', async () => {
      const org = await createOrg(app);
      const p = pathFor();
      const secret = fakeCredential();
      const d = await destination(org.org_id, { url: receiver.url(p), auth_header_name: 'Authorization', auth_header_value: secret });
      const record = await insertRecord(app.rt, org.org_id, { createdAt: new Date('2026-11-22T10:00:00.123Z'), findingCounts: { EMAIL: 2, US_SSN: 1 } });
      const [got] = await receiver.waitFor(p, 1);
      expect(got.method).to.equal('POST');
      expect(got.headerNames.map((h) => h.toLowerCase()).sort()).to.deep.equal(['authorization', 'connection', 'content-length', 'content-type', 'host']);
      expect(got.headers['content-type']).to.equal('application/json');
      expect(got.headers.authorization).to.equal(secret);
      expect(got.headers['content-length']).to.equal(String(Buffer.byteLength(got.body)));
      // The event's exact shape is pinned by the builder's own test; delivered is exactly that event of this record.
      expect(JSON.parse(got.body)).to.deep.equal(JSON.parse(JSON.stringify(buildAuditEvent(record))));
      expect(JSON.parse(got.body)).to.deep.include({ '@timestamp': '2026-11-22T10:00:00.123000+00:00', organization: { id: org.org_id } });
      const delivered = await eventually(async () => {
        const [row] = await deliveriesOf(app, d.destination_id);
        return row?.state === 'delivered' && row;
      }, 5000, 'delivered state');
      expect(delivered.attempts).to.equal(1);
      expect(delivered.attemptLog).to.have.length(1);
      expect(delivered.attemptLog[0]).to.include({ status_code: 200, error: null });
      const read = await app.api('GET', `/api/orgs/${org.org_id}/forwarding-destinations/${d.destination_id}`, { token: ADMIN_KEY });
      expect(read.body.status).to.equal('Active');
      expect(read.body.deliveries).to.deep.equal({ queued: 0, retrying: 0, delivered: 1, failed: 0 });
      await expectNothingScheduled(app, [delivered.id]);
      expect(receiver.requests(p)).to.have.length(1);
    });

    it('retries 5xx and 4xx on the configured schedule, then delivers', async () => {
      const org = await createOrg(app);
      const p = pathFor();
      receiver.script(p, 503, 401);
      const d = await destination(org.org_id, { url: receiver.url(p) });
      await insertRecord(app.rt, org.org_id);
      const reqs = await receiver.waitFor(p, 3, 8000);
      const gap1 = reqs[1].at - reqs[0].at;
      const gap2 = reqs[2].at - reqs[1].at;
      expect(gap1, 'first retry after 200 ms').to.be.within(190, 1800);
      expect(gap2, 'second retry after 400 ms').to.be.within(390, 2200);
      expect(reqs[0].body).to.equal(reqs[2].body);
      const row = await eventually(async () => {
        const [r] = await deliveriesOf(app, d.destination_id);
        return r?.state === 'delivered' && r;
      });
      expect(row.attempts).to.equal(3);
      expect(row.attemptLog.map((a) => a.status_code)).to.deep.equal([503, 401, 200]);
      expect(row.attemptLog[0].error).to.match(/^HTTP 503/);
      expect(row.attemptLog[1].error).to.match(/^HTTP 401 Unauthorized/);
      for (const a of row.attemptLog) expect(a.duration_ms).to.be.a('number').and.at.least(0);
    });

    it('dead-letters after the third failure, sets last_error and never retries after', async () => {
      const org = await createOrg(app);
      const p = pathFor();
      receiver.handle(p, () => ({ status: 500 }));
      const d = await destination(org.org_id, { url: receiver.url(p) });
      await insertRecord(app.rt, org.org_id);
      await receiver.waitFor(p, 3, 8000);
      const row = await eventually(async () => {
        const [r] = await deliveriesOf(app, d.destination_id);
        return r?.state === 'failed' && r;
      });
      expect(row.attempts).to.equal(3);
      const read = await app.api('GET', `/api/orgs/${org.org_id}/forwarding-destinations/${d.destination_id}`, { token: ADMIN_KEY });
      expect(read.body.status).to.equal('Failing');
      expect(read.body.last_error).to.match(/^HTTP 500 Internal Server Error/);
      expect(read.body.last_error_at).to.be.a('string');
      expect(read.body.deliveries).to.deep.equal({ queued: 0, retrying: 0, delivered: 0, failed: 1 });
      await expectNothingScheduled(app, [row.id]);
      expect(receiver.requests(p)).to.have.length(3);
      const metrics = await app.api('GET', '/metrics');
      expect(metrics.text).to.match(/^preflight_forwarding_dead_lettered_total [1-9]/m);
      expect(metrics.text).to.match(/^preflight_forwarding_retried_total\{reason="http"\} [1-9]/m);
    });

    it('retries a refused connection and dead-letters it with a clear error', async () => {
      const org = await createOrg(app);
      const port = await freePort();
      const d = await destination(org.org_id, { url: `https://localhost:${port}/in` });
      await insertRecord(app.rt, org.org_id);
      const row = await eventually(async () => {
        const [r] = await deliveriesOf(app, d.destination_id);
        return r?.state === 'failed' && r;
      }, 8000, 'dead-letter');
      expect(row.attempts).to.equal(3);
      expect(row.attemptLog.map((a) => a.status_code)).to.deep.equal([null, null, null]);
      const read = await app.api('GET', `/api/orgs/${org.org_id}/forwarding-destinations/${d.destination_id}`, { token: ADMIN_KEY });
      expect(read.body.last_error).to.equal(`connection refused by localhost:${port}`);
    });

    it('sends nothing to a disabled destination and drops pending deliveries when one is disabled', async () => {
      const org = await createOrg(app);
      const off = pathFor();
      const offDest = await destination(org.org_id, { url: receiver.url(off), enabled: false });
      expect(offDest.enabled).to.equal(false);
      expect(offDest.status).to.equal('Disabled');
      const flaky = pathFor();
      receiver.handle(flaky, () => ({ status: 503 }));
      const flakyDest = await destination(org.org_id, { url: receiver.url(flaky) });
      await insertRecord(app.rt, org.org_id);
      await receiver.waitFor(flaky, 1);
      expect(await deliveriesOf(app, offDest.destination_id)).to.have.length(0);
      const [retrying] = await eventually(async () => {
        const rows = await deliveriesOf(app, flakyDest.destination_id);
        return rows[0]?.state === 'retrying' && rows;
      });
      const patched = await app.api('PATCH', `/api/orgs/${org.org_id}/forwarding-destinations/${flakyDest.destination_id}`, { token: ADMIN_KEY, body: { enabled: false } });
      expect(patched.body.deliveries).to.deep.equal({ queued: 0, retrying: 0, delivered: 0, failed: 0 });
      const seen = receiver.requests(flaky).length;
      await expectNothingScheduled(app, [retrying.id]);
      expect(receiver.requests(flaky)).to.have.length(seen);
      expect(receiver.requests(off)).to.have.length(0);
      // Re-enabled: new events flow again (events from while it was off are not replayed).
      await app.api('PATCH', `/api/orgs/${org.org_id}/forwarding-destinations/${offDest.destination_id}`, { token: ADMIN_KEY, body: { enabled: true } });
      await insertRecord(app.rt, org.org_id);
      await receiver.waitFor(off, 1);
    });

    it('drops, in the processor, a delivery whose destination was disabled after it was queued', async () => {
      const org = await createOrg(app);
      const p = pathFor();
      const d = await destination(org.org_id, { url: receiver.url(p) });
      const record = buildRecord(org.org_id);
      // Queued, then disabled behind the service's back (another process), before the hand-off.
      const outbox = app.rt.services.forwarding.recordListener;
      const { inserts = [] } = await outbox.writesFor([record]);
      const queued = await app.rt.ds.transaction(async (em) => {
        await em.getRepository(PreflightRecordEntity).insert(record);
        for (const [sql, params] of insertStatements(inserts)) await em.query(sql, params);
        const ids = (await em.getRepository(DeliveryEntity).findBy({ destinationId: d.destination_id })).map((r) => r.id);
        await em.getRepository(ForwardingDestinationEntity).update({ id: d.destination_id }, { enabled: false });
        return ids;
      });
      outbox.afterCommit!([record]);
      await eventually(async () => (await deliveriesOf(app, d.destination_id)).length === 0, 5000, 'dropped');
      const metrics = await app.api('GET', '/metrics');
      expect(metrics.text).to.match(/^preflight_forwarding_dropped_total [1-9]/m);
      await expectNothingScheduled(app, queued);
      expect(receiver.requests(p)).to.have.length(0);
    });

    it('deleting a destination clears its pending deliveries (and their queued jobs)', async () => {
      const org = await createOrg(app);
      const p = pathFor();
      receiver.handle(p, () => ({ status: 502 }));
      const d = await destination(org.org_id, { url: receiver.url(p) });
      await insertRecord(app.rt, org.org_id);
      await insertRecord(app.rt, org.org_id);
      await receiver.waitFor(p, 2);
      await eventually(async () => (await deliveriesOf(app, d.destination_id)).every((r) => r.state === 'retrying'));
      const ids = (await deliveriesOf(app, d.destination_id)).map((r) => r.id);
      const del = await app.api('DELETE', `/api/orgs/${org.org_id}/forwarding-destinations/${d.destination_id}`, { token: ADMIN_KEY });
      expect(del.status).to.equal(204);
      expect(await deliveriesOf(app, d.destination_id)).to.have.length(0);
      const seen = receiver.requests(p).length;
      await expectNothingScheduled(app, ids);
      expect(receiver.requests(p)).to.have.length(seen);
    });

    it('tests a destination synchronously with a synthetic event and clear errors', async () => {
      const org = await createOrg(app);
      const base = `/api/orgs/${org.org_id}/forwarding-destinations`;
      const okPath = pathFor();
      const secret = fakeCredential();
      const good = await destination(org.org_id, { url: receiver.url(okPath), auth_header_name: 'X-Api-Key', auth_header_value: secret, enabled: false });
      const ok = await app.api('POST', `${base}/${good.destination_id}/test`, { token: ADMIN_KEY });
      expect(ok.status, ok.text).to.equal(200);
      expect(ok.body).to.include({ ok: true, status_code: 200, error: null });
      const [sent] = receiver.requests(okPath);
      expect(sent.headers['x-api-key']).to.equal(secret);
      const event = JSON.parse(sent.body);
      expect(event.event.dataset).to.equal('service.audit_stream.test');
      expect(event.organization.id).to.equal(org.org_id);

      const denied = pathFor();
      receiver.script(denied, 401);
      const deniedDest = await destination(org.org_id, { url: receiver.url(denied) });
      const r401 = await app.api('POST', `${base}/${deniedDest.destination_id}/test`, { token: ADMIN_KEY });
      expect(r401.body).to.include({ ok: false, status_code: 401 });
      expect(r401.body.error).to.match(/^HTTP 401 Unauthorized: .*credential/);

      const port = await freePort();
      const refused = await destination(org.org_id, { url: `https://localhost:${port}/x` });
      const rRefused = await app.api('POST', `${base}/${refused.destination_id}/test`, { token: ADMIN_KEY });
      expect(rRefused.body).to.include({ ok: false, status_code: null });
      expect(rRefused.body.error).to.match(/connection refused/);

      const dns = await destination(org.org_id, { url: 'https://collector.does-not-exist.invalid/x' });
      const rDns = await app.api('POST', `${base}/${dns.destination_id}/test`, { token: ADMIN_KEY });
      expect(rDns.body).to.include({ ok: false, status_code: null });
      expect(rDns.body.error).to.match(/^DNS lookup failed/);

      const slow = pathFor();
      receiver.script(slow, { hold: true });
      const slowDest = await destination(org.org_id, { url: receiver.url(slow) });
      const started = Date.now();
      const rSlow = await app.api('POST', `${base}/${slowDest.destination_id}/test`, { token: ADMIN_KEY });
      expect(Date.now() - started).to.be.below(4000);
      expect(rSlow.body).to.include({ ok: false, status_code: null });
      expect(rSlow.body.error).to.match(/timed out: no answer within 1500 ms/);
      expect(JSON.stringify([ok.body, r401.body, app.logs.text()])).not.to.include(secret);
    });

    it('redelivers dead-lettered deliveries, optionally only since a time', async () => {
      const org = await createOrg(app);
      const p = pathFor();
      let down = true;
      receiver.handle(p, () => ({ status: down ? 503 : 200 }));
      const d = await destination(org.org_id, { url: receiver.url(p) });
      await insertRecord(app.rt, org.org_id);
      await eventually(async () => (await deliveriesOf(app, d.destination_id))[0]?.state === 'failed', 8000, 'dead-letter');
      const base = `/api/orgs/${org.org_id}/forwarding-destinations/${d.destination_id}`;
      const none = await app.api('POST', `${base}/redeliver`, { token: ADMIN_KEY, body: { since: new Date(Date.now() + 60_000).toISOString() } });
      expect(none.body).to.deep.equal({ destination_id: d.destination_id, requeued: 0, more: false });
      expectInvalid(await app.api('POST', `${base}/redeliver`, { token: ADMIN_KEY, body: { since: 'yesterday' } }), 'since');
      down = false;
      const seen = receiver.requests(p).length;
      const again = await app.api('POST', `${base}/redeliver`, { token: ADMIN_KEY });
      expect(again.status, again.text).to.equal(200);
      expect(again.body.requeued).to.equal(1);
      await receiver.waitFor(p, seen + 1);
      const row = await eventually(async () => {
        const [r] = await deliveriesOf(app, d.destination_id);
        return r?.state === 'delivered' && r;
      });
      expect(row.attemptLog.map((a) => a.status_code)).to.deep.equal([503, 503, 503, 200]);
      const page = await app.api('GET', `${base}/deliveries?state=delivered`, { token: ADMIN_KEY });
      expect(page.body.total).to.equal(1);
      expect(page.body.items[0]).to.include({ state: 'delivered', attempts: 1, preflight_id: row.recordId });
    });

    it('delivers a delivery committed without its hand-off (outbox: crash between commit and queue add)', async () => {
      const org = await createOrg(app);
      const p = pathFor();
      const d = await destination(org.org_id, { url: receiver.url(p) });
      const record = await insertRecord(app.rt, org.org_id, {}, { crashBeforeHandOff: true });
      const [got] = await receiver.waitFor(p, 1, 8000);
      expect(JSON.parse(got.body).event.id).to.equal(record.id);
      await eventually(async () => (await deliveriesOf(app, d.destination_id))[0]?.state === 'delivered');
    });

    it('forwards a real preflight check end to end, with counts and never the submitted text', async () => {
      const org = await createOrg(app);
      const policy = await createPolicy(app, org.org_id);
      const p = pathFor();
      await destination(org.org_id, { url: receiver.url(p) });
      const text = 'Please email jane.roe@example.com about invoice 4411';
      const check = await app.api('POST', '/api/preflight/text', {
        headers: { 'x-service-api-key': policy.api_key, 'x-service-actor': 'actor-7' },
        body: { text, destination: 'AI_TOOL' },
      });
      expect(check.status, check.text).to.equal(200);
      const [got] = await receiver.waitFor(p, 1);
      const event = JSON.parse(got.body);
      expect(event.event.id).to.equal(check.body.preflight_id);
      expect(event.service).to.include({ preflight_id: check.body.preflight_id, decision: check.body.decision, policy_id: policy.policy_id, actor_id: 'actor-7' });
      expect(event.service.finding_counts_by_type.EMAIL).to.equal(1);
      expect(event.service.input_size_bytes).to.equal(Buffer.byteLength(text));
      expect(got.body).not.to.include('jane.roe');
    });

    it('manages destinations through GraphQL with the same rules', async () => {
      const org = await createOrg(app);
      const key = await createOrgKey(app, org.org_id);
      const other = await createOrgKey(app, (await createOrg(app)).org_id);
      const secret = fakeCredential();
      const create = await app.gql(
        `mutation($org: String!, $input: CreateForwardingDestinationInput!) {
           createForwardingDestination(org: $org, input: $input) { destination_id url auth_header_name auth_header_configured enabled status deliveries { queued delivered } }
         }`,
        { org: org.org_id, input: { url: receiver.url(pathFor()), auth_header_name: 'Authorization', auth_header_value: secret } },
        { token: key.key },
      );
      expect(create.body.errors, create.text).to.equal(undefined);
      const d = create.body.data.createForwardingDestination;
      expect(d).to.include({ auth_header_configured: true, enabled: true, status: 'Idle' });
      const test = await app.gql(
        'mutation($org: String!, $id: ID!) { testForwardingDestination(org: $org, destination_id: $id) { ok status_code error } }',
        { org: org.org_id, id: d.destination_id },
        { token: key.key },
      );
      expect(test.body.data.testForwardingDestination).to.deep.equal({ ok: true, status_code: 200, error: null });
      const upd = await app.gql(
        'mutation($org: String!, $id: ID!) { updateForwardingDestination(org: $org, destination_id: $id, input: { auth_header_value: "" }) { auth_header_configured } }',
        { org: org.org_id, id: d.destination_id },
        { token: key.key },
      );
      expect(upd.body.data.updateForwardingDestination.auth_header_configured).to.equal(false);
      expectGqlError(await app.gql('query($org: String!) { forwardingDestinations(org: $org) { items { destination_id } } }', { org: org.org_id }, { token: other.key }), 'forbidden');
      expectGqlError(
        await app.gql('mutation($org: String!) { createForwardingDestination(org: $org, input: { url: "ftp://x.example.com" }) { destination_id } }', { org: org.org_id }, { token: key.key }),
        'validation_failed',
      );
      const list = await app.gql('query($org: String!) { forwardingDestinations(org: $org) { items { destination_id } total } }', { org: org.org_id }, { token: key.key });
      expect(list.body.data.forwardingDestinations).to.deep.equal({ items: [{ destination_id: d.destination_id }], total: 1 });
      const del = await app.gql('mutation($org: String!, $id: ID!) { deleteForwardingDestination(org: $org, destination_id: $id) }', { org: org.org_id, id: d.destination_id }, { token: key.key });
      expect(del.body.data.deleteForwardingDestination).to.equal(true);
      expect(create.text + test.text).not.to.include(secret);
    });

    it('serves the queue board to the operator only, and forwarding metrics', async () => {
      const org = await createOrg(app);
      const key = await createOrgKey(app, org.org_id);
      const none = await app.api('GET', '/admin/queues');
      expectError(none, 401, 'unauthenticated');
      expect(none.headers.get('www-authenticate')).to.match(/^Basic realm=/);
      expectError(await app.api('GET', '/admin/queues', { token: key.key }), 403, 'forbidden');
      const board = await app.api('GET', '/admin/queues', { token: ADMIN_KEY });
      const basic = await app.api('GET', '/admin/queues/api/queues', { headers: { authorization: `Basic ${Buffer.from(`ops:${ADMIN_KEY}`).toString('base64')}` } });
      if (app.rt.config.redisUrl) {
        expect(board.status).to.equal(200);
        expect(board.text).to.match(/<html/i);
        expect(basic.status, basic.text).to.equal(200);
        expect(JSON.stringify(basic.body)).to.include('forwarding-delivery');
        const ready = await app.api('GET', '/readyz');
        expect(ready.body.checks).to.include({ database: 'ok', redis: 'ok' });
      } else {
        expectError(board, 404, 'not_found');
      }
      const metrics = await app.api('GET', '/metrics');
      expect(metrics.text).to.match(/^preflight_forwarding_queue_depth\{state="queued"\} \d+/m);
      expect(metrics.text).to.match(/^preflight_forwarding_delivered_total [1-9]/m);
    });

    it('never writes a header value to a log line', () => {
      expect(app.logs.lines.length).to.be.greaterThan(10);
      expect(app.logs.text()).not.to.match(/sekrit-[0-9a-f]{24}/);
    });
  });
}
