import { expect } from 'chai';
import { chunkEntries } from '../../src/services/audit-search';
import { ADMIN_KEY, ENGINES, TestApp, createOrg, createOrgKey, startApp } from '../support/app';
import { DAY, RecordSpec, insertRecords, newRecordId } from '../support/audit-fixtures';
import { deleteRedisKeys } from '../support/redis';

const NOW = new Date('2026-11-20T12:00:00.000Z');
const at = (iso: string) => new Date(iso).getTime();

interface Org {
  org_id: string;
  slug: string;
  key: string;
}

for (const engine of ENGINES) {
  describe(`audit log (${engine})`, function () {
    this.timeout(60_000);
    let app: TestApp;
    let clock = NOW;
    let a: Org;
    let b: Org;
    /** Every record of organization A, as inserted. */
    const aRecords: Array<RecordSpec & { id: string }> = [];
    const sameInstant = at('2026-11-20T10:00:00.000Z');
    const tiedIds = [newRecordId(), newRecordId(), newRecordId()];

    const list = (query: string, token: string) => app.api('GET', `/api/audit${query}`, { token });
    const ids = (res: { body: { items: Array<{ preflight_id: string }> } }) => res.body.items.map((i) => i.preflight_id);
    /** A's records in [from, to) newest first, ties by id descending: what the log must return. */
    const expectedA = (from: number, to = Infinity) =>
      aRecords
        .filter((r) => +new Date(r.createdAt) >= from && +new Date(r.createdAt) < to)
        .sort((x, y) => +new Date(y.createdAt) - +new Date(x.createdAt) || (x.id < y.id ? 1 : -1))
        .map((r) => r.id);

    before(async () => {
      app = await startApp(engine, { now: () => clock });
      const oa = await createOrg(app, { name: 'Acme Health' });
      const ob = await createOrg(app, { name: 'Borealis Bank' });
      a = { ...oa, key: (await createOrgKey(app, oa.org_id)).key };
      b = { ...ob, key: (await createOrgKey(app, ob.org_id)).key };
      const specs: Array<RecordSpec & { id: string }> = [
        ...tiedIds.map((id) => ({ id, orgId: a.org_id, createdAt: sameInstant, decision: 'BLOCKED' as const, policyName: 'Secrets Guard' })),
        { id: newRecordId(), orgId: a.org_id, createdAt: at('2026-11-19T08:00:00Z'), destination: 'VENDOR', summary: 'Masked 2 × IBAN for payroll' },
        { id: newRecordId(), orgId: a.org_id, createdAt: at('2026-11-01T00:00:00.000Z') },
        { id: newRecordId(), orgId: a.org_id, createdAt: at('2026-11-01T23:59:59.999Z'), destination: 'CUSTOMER' },
        { id: newRecordId(), orgId: a.org_id, createdAt: at('2026-10-31T23:59:59.999Z') },
        { id: newRecordId(), orgId: a.org_id, createdAt: at('2026-10-21T12:00:01Z') },
        { id: newRecordId(), orgId: a.org_id, createdAt: at('2026-10-21T11:59:59Z') },
        { id: newRecordId(), orgId: a.org_id, createdAt: at('2026-09-01T09:00:00Z'), summary: '100% of rows_masked' },
      ];
      for (let i = 0; i < 60; i++) {
        specs.push({
          id: newRecordId(),
          orgId: a.org_id,
          createdAt: at('2026-11-10T00:00:00Z') + i * 3_600_000,
          decision: (['ALLOWED', 'ALLOWED_WITH_MASKING', 'BLOCKED'] as const)[i % 3],
          findingCounts: i % 3 ? { EMAIL: 1 + (i % 2) } : {},
        });
      }
      aRecords.push(...specs);
      await insertRecords(app.rt, specs.map((s) => ({ ...s, orgName: 'Acme Health' })));
      await insertRecords(app.rt, [
        { orgId: b.org_id, orgName: 'Borealis Bank', createdAt: at('2026-11-20T09:00:00Z'), policyName: 'Secrets Guard', decision: 'BLOCKED' },
        { orgId: b.org_id, orgName: 'Borealis Bank', createdAt: at('2026-11-05T09:00:00Z') },
      ]);
    });
    after(async () => {
      const patterns = app?.rt.services.limits.redisKeyPatterns() ?? [];
      await app?.close();
      await deleteRedisKeys(process.env.TEST_REDIS_URL, patterns);
    });

    describe('reach', () => {
      it('shows an organization key only its own records, with the audit item fields and no content', async () => {
        const res = await list('?limit=500', a.key);
        expect(res.status).to.equal(200);
        expect(res.body.items.every((i: { org_id: string }) => i.org_id === a.org_id)).to.equal(true);
        const item = res.body.items[0];
        for (const f of ['preflight_id', 'created_at', 'destination', 'decision', 'summary', 'policy_version', 'policy_name', 'org_id', 'org_name']) {
          expect(item[f], f).to.be.a('string');
        }
        expect(item.org_name).to.equal('Acme Health');
        expect(item).to.not.have.any.keys('detected', 'masked_content', 'masked_content_enc', 'sample');
      });

      it('shows the operator every organization and narrows by org_id (id or slug)', async () => {
        const all = await list('?limit=500', ADMIN_KEY);
        const orgs = new Set(all.body.items.map((i: { org_id: string }) => i.org_id));
        expect([...orgs].sort()).to.deep.equal([a.org_id, b.org_id].sort());
        const onlyB = await list(`?org_id=${b.slug}`, ADMIN_KEY);
        expect(onlyB.body.total).to.equal(2);
        expect(onlyB.body.items.map((i: { org_id: string }) => i.org_id)).to.deep.equal([b.org_id, b.org_id]);
        const byId = await list(`?org_id=${b.org_id}`, ADMIN_KEY);
        expect(ids(byId)).to.deep.equal(ids(onlyB));
      });

      it("answers 403 when an organization key names another organization, 404 for an unknown one (operator)", async () => {
        const other = await list(`?org_id=${b.org_id}`, a.key);
        expect(other.status).to.equal(403);
        expect(other.body.error.code).to.equal('forbidden');
        const own = await list(`?org_id=${a.slug}`, a.key);
        expect(own.status).to.equal(200);
        const missing = await list('?org_id=org_000000000000000000000000', ADMIN_KEY);
        expect(missing.status).to.equal(404);
      });

      it('answers 401 without a credential and 403 for a license key', async () => {
        expect((await app.api('GET', '/api/audit')).status).to.equal(401);
        const org = await app.api('GET', `/api/orgs/${a.org_id}`, { token: ADMIN_KEY });
        expect(org.status).to.equal(200);
        const lic = await createOrg(app);
        const res = await list('', lic.license_key);
        expect(res.status).to.equal(403);
      });
    });

    describe('window, order and paging', () => {
      it('lists the last 30 days by default, newest first, ties broken by id descending', async () => {
        const res = await list('?limit=500', a.key);
        const from = NOW.getTime() - 30 * DAY;
        expect(ids(res)).to.deep.equal(expectedA(from));
        expect(res.body.total).to.equal(expectedA(from).length);
        expect(ids(res)).to.include(aRecords.find((r) => +new Date(r.createdAt) === at('2026-10-21T12:00:01Z'))!.id);
        expect(ids(res)).to.not.include(aRecords.find((r) => +new Date(r.createdAt) === at('2026-10-21T11:59:59Z'))!.id);
        const tied = ids(res).filter((id) => tiedIds.includes(id));
        expect(tied).to.deep.equal([...tiedIds].sort().reverse());
      });

      it('pages with limit and offset: default 50, disjoint pages, constant total', async () => {
        const full = expectedA(NOW.getTime() - 30 * DAY);
        const first = await list('', a.key);
        expect(first.body.limit).to.equal(50);
        expect(first.body.offset).to.equal(0);
        expect(first.body.items).to.have.length(50);
        const pages: string[] = [];
        for (let offset = 0; offset < full.length; offset += 7) {
          const page = await list(`?limit=7&offset=${offset}`, a.key);
          expect(page.body.total).to.equal(full.length);
          expect(page.body.limit).to.equal(7);
          expect(page.body.offset).to.equal(offset);
          pages.push(...ids(page));
        }
        expect(pages).to.deep.equal(full);
        const past = await list(`?offset=${full.length}`, a.key);
        expect(past.body.items).to.deep.equal([]);
        expect(past.body.total).to.equal(full.length);
      });

      it('treats a from/to date as the whole UTC day, inclusive', async () => {
        const res = await list('?from=2026-11-01&to=2026-11-01', a.key);
        expect(ids(res)).to.deep.equal(expectedA(at('2026-11-01T00:00:00Z'), at('2026-11-02T00:00:00Z')));
        expect(res.body.total).to.equal(2);
      });

      it('treats date-times as instants, inclusive, UTC unless an offset is given', async () => {
        const exact = await list('?from=2026-11-01T00:00:00Z&to=2026-11-01T00:00:00Z', a.key);
        expect(exact.body.total).to.equal(1);
        const offset = await list(`?from=${encodeURIComponent('2026-11-01T01:00:00+01:00')}&to=2026-11-01T00:00:00`, a.key);
        expect(ids(offset)).to.deep.equal(ids(exact));
        const ms = await list('?from=2026-10-31T23:59:59.999Z&to=2026-11-01T00:00:00.000Z', a.key);
        expect(ms.body.total).to.equal(2);
      });

      it('leaves the other side open when only from or only to is given', async () => {
        const onlyTo = await list('?to=2026-10-31&limit=500', a.key);
        expect(ids(onlyTo)).to.deep.equal(expectedA(0, at('2026-11-01T00:00:00Z')));
        expect(onlyTo.body.total).to.equal(4);
        const onlyFrom = await list('?from=2026-09-01&limit=500', a.key);
        expect(onlyFrom.body.total).to.equal(aRecords.length);
      });
    });

    describe('search', () => {
      const search = (term: string, token = a.key) => list(`?limit=500&from=2026-01-01&search=${encodeURIComponent(term)}`, token);

      it('matches the preflight id, summary, policy name, decision and destination, case-insensitively', async () => {
        const target = aRecords[4];
        expect(ids(await search(target.id.slice(3, 20)))).to.deep.equal([target.id]);
        expect(ids(await search('payroll'))).to.have.length(1);
        const policy = await search('secrets guard');
        expect(ids(policy).sort()).to.deep.equal([...tiedIds].sort());
        expect(policy.body.total).to.equal(3);
        const blocked = await search('blocked');
        expect(blocked.body.total).to.equal(aRecords.filter((r) => r.decision === 'BLOCKED').length);
        const vendor = await search('Vendor');
        expect(vendor.body.total).to.equal(1);
        const customer = await search('CUSTOMER');
        expect(customer.body.items[0].destination).to.equal('CUSTOMER');
      });

      it('finds a whole preflight id directly, only within reach', async () => {
        const target = aRecords[5];
        const res = await list(`?search=${target.id.toUpperCase()}`, a.key);
        expect(ids(res)).to.deep.equal([target.id]);
        expect(res.body.total).to.equal(1);
        expect((await list(`?search=${target.id}`, b.key)).body.total).to.equal(0);
        expect((await list(`?search=${target.id}`, ADMIN_KEY)).body.total).to.equal(1);
      });

      it('takes % and _ literally', async () => {
        expect(ids(await search('100%'))).to.have.length(1);
        expect((await search('rows_m')).body.total).to.equal(1);
        expect((await search('%')).body.total).to.equal(1);
        expect((await search('s_m')).body.total).to.equal(1);
        expect((await search('ws_')).body.total).to.equal(1);
        expect((await search('o_s')).body.total).to.equal(0);
      });

      it('never crosses organizations', async () => {
        const res = await search('secrets guard', b.key);
        expect(res.body.total).to.equal(1);
        expect(res.body.items[0].org_id).to.equal(b.org_id);
        const op = await search('secrets guard', ADMIN_KEY);
        expect(op.body.total).to.equal(4);
      });
    });

    describe('validation', () => {
      const problem = async (query: string) => {
        const res = await list(query, a.key);
        expect(res.status, query).to.equal(422);
        expect(res.body.error.code).to.equal('validation_failed');
        return res.body.error.details as Array<{ field: string; problem: string }>;
      };

      it('answers 422 with the field for bad limit and offset', async () => {
        expect((await problem('?limit=0'))[0].field).to.equal('limit');
        expect((await problem('?limit=501'))[0].field).to.equal('limit');
        expect((await problem('?limit=ten'))[0].field).to.equal('limit');
        expect((await problem('?offset=-1'))[0].field).to.equal('offset');
        expect((await problem('?offset=1.5'))[0].field).to.equal('offset');
      });

      it('answers 422 for dates that are not dates, a range that ends before it starts, and unknown parameters', async () => {
        expect((await problem('?from=2026-02-30'))[0].field).to.equal('from');
        expect((await problem('?to=yesterday'))[0].field).to.equal('to');
        expect((await problem('?from=2026-11-01T25:00:00Z'))[0].field).to.equal('from');
        expect((await problem('?from=2026-11-02&to=2026-11-01'))[0].field).to.equal('to');
        expect((await problem('?form=2026-11-01'))[0].problem).to.match(/unrecognized|unknown/i);
      });

      it('echoes no submitted value in a 422', async () => {
        const res = await list('?from=s3cr3t-value-xyz', a.key);
        expect(res.status).to.equal(422);
        expect(res.text).to.not.contain('s3cr3t-value-xyz');
      });
    });

    describe('GraphQL', () => {
      const QUERY = `query ($limit: Int, $offset: Int, $org: String, $search: String, $from: String, $to: String) {
        auditLog(limit: $limit, offset: $offset, org: $org, search: $search, from: $from, to: $to) {
          total limit offset items { preflight_id created_at destination decision summary policy_version policy_name org_id org_name finding_counts }
        }
      }`;

      it('returns what REST returns for the same filters', async () => {
        const vars = { limit: 5, offset: 2, from: '2026-11-01', to: '2026-11-20', search: 'a' };
        const gql = await app.gql(QUERY, vars, { token: a.key });
        expect(gql.body.errors).to.equal(undefined);
        const rest = await list('?limit=5&offset=2&from=2026-11-01&to=2026-11-20&search=a', a.key);
        expect(gql.body.data.auditLog.total).to.equal(rest.body.total);
        expect(gql.body.data.auditLog.items.map((i: { preflight_id: string }) => i.preflight_id)).to.deep.equal(ids(rest));
      });

      it('carries the REST error codes in extensions.code', async () => {
        const bad = await app.gql(QUERY, { limit: 9999 }, { token: a.key });
        expect(bad.body.errors![0].extensions.code).to.equal('validation_failed');
        expect(bad.body.errors![0].extensions.details[0].field).to.equal('limit');
        const other = await app.gql(QUERY, { org: b.org_id }, { token: a.key });
        expect(other.body.errors![0].extensions.code).to.equal('forbidden');
      });
    });

    describe('totals from roll-ups', () => {
      it('agree with the listed items across rolled days, partial days and a back-filled record', async () => {
        const windows = ['', '?from=2026-09-01', '?from=2026-11-01T12:00:00Z&to=2026-11-19T07:59:59Z', '?to=2026-11-10'];
        const count = async (q: string) => {
          const sep = q ? '&' : '?';
          const res = await list(`${q}${sep}limit=500`, a.key);
          expect(res.body.total, q).to.equal(res.body.items.length);
          return res.body.total as number;
        };
        const before = await Promise.all(windows.map(count));
        const op = await list('?limit=500&from=2026-09-01', ADMIN_KEY);
        expect(op.body.total).to.equal(op.body.items.length);
        // Roll-ups now cover every sealed day; a back-filled record on one of them must still count.
        const [{ w }] = await app.rt.ds.query('SELECT rolled_until_day AS w FROM analytics_rollup_state WHERE org_id = ?', [a.org_id]);
        expect(Number(w)).to.equal(Math.floor(NOW.getTime() / DAY));
        const backfill = { id: newRecordId(), orgId: a.org_id, createdAt: at('2026-11-05T05:00:00Z') };
        await insertRecords(app.rt, [backfill]);
        aRecords.push(backfill);
        const after = await Promise.all(windows.map(count));
        expect(after).to.deep.equal([before[0] + 1, before[1] + 1, before[2] + 1, before[3] + 1]);
        const op2 = await list('?limit=500&from=2026-09-01', ADMIN_KEY);
        expect(op2.body.total).to.equal(op.body.total + 1);
      });
    });
  });

  describe(`audit retention sweeper (${engine})`, function () {
    this.timeout(60_000);
    let app: TestApp;
    const clock = new Date('2026-11-20T12:00:00Z');
    after(async () => app?.close());

    it('purges records past PREFLIGHT_AUDIT_RETENTION_DAYS with their finding counts and roll-ups, on its interval', async () => {
      app = await startApp(engine, {
        now: () => clock,
        redis: false,
        env: { PREFLIGHT_AUDIT_RETENTION_DAYS: '60', PREFLIGHT_AUDIT_SWEEP_INTERVAL_MS: '100' },
      });
      const org = await createOrg(app);
      // Cutoff: whole UTC days older than 60 days: before 2026-09-21T00:00Z.
      const old = await insertRecords(app.rt, [
        { orgId: org.org_id, createdAt: at('2026-09-20T23:59:59Z'), findingCounts: { EMAIL: 2 } },
        { orgId: org.org_id, createdAt: at('2026-08-01T00:00:00Z'), findingCounts: { IBAN: 1 } },
      ]);
      const kept = await insertRecords(app.rt, [
        { orgId: org.org_id, createdAt: at('2026-09-21T00:00:00Z'), findingCounts: { EMAIL: 1 } },
        { orgId: org.org_id, createdAt: at('2026-11-20T08:00:00Z') },
      ]);
      await app.rt.services.rollups.rollUpAll();
      const daily = async () => Number((await app.rt.ds.query('SELECT COUNT(*) AS n FROM analytics_daily WHERE org_id = ?', [org.org_id]))[0].n);
      expect(await daily()).to.equal(3);
      expect(app.rt.tasks.map((t) => t.name)).to.include('audit-retention-sweeper');
      await app.rt.start();
      const deadline = Date.now() + 10_000;
      let left: string[] = [];
      while (Date.now() < deadline) {
        left = (await app.rt.ds.query('SELECT id FROM preflight_records ORDER BY created_at')).map((r: { id: string }) => r.id);
        // The sweep removes the roll-ups after the records, then logs: wait for the whole sweep.
        if (left.length === kept.length && app.logs.text().includes('audit records purged')) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(left).to.deep.equal(kept.map((r) => r.id));
      const counts = await app.rt.ds.query('SELECT preflight_id FROM preflight_finding_counts');
      expect(counts.map((r: { preflight_id: string }) => r.preflight_id)).to.deep.equal([kept[0].id]);
      const chunks = await app.rt.ds.query('SELECT day, ids, ats FROM audit_search_chunks');
      const indexed = chunks.flatMap((r: { day: number; ids: string; ats: string }) => chunkEntries(Number(r.day), r.ids, r.ats));
      expect(indexed.sort((a: { at: number }, b: { at: number }) => a.at - b.at).map((e: { id: string }) => e.id)).to.deep.equal(left);
      expect(old.every((r) => !left.includes(r.id))).to.equal(true);
      expect(await daily()).to.equal(1);
      const res = await app.api('GET', `/api/audit?org_id=${org.org_id}&from=2026-01-01&limit=500`, { token: ADMIN_KEY });
      expect(res.body.total).to.equal(2);
      expect(await app.rt.services.audit.sweep()).to.deep.equal({ records: 0 });
      expect(app.logs.text()).to.contain('audit records purged');
    });
  });
}
