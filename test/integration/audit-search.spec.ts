import { expect } from 'chai';
import { ADMIN_KEY, ENGINES, TestApp, createOrg, createOrgKey, createPolicy, startApp } from '../support/app';
import { RecordSpec, insertRecords, newRecordId } from '../support/audit-fixtures';
import { deleteRedisKeys } from '../support/redis';
import { backfillAuditSearch, chunkEntries } from '../../src/services/audit-search';

const NOW = new Date('2026-11-20T12:00:00.000Z');
const HOUR = 3_600_000;

/**
 * Texts that exercise the search semantics: case (ASCII and not), LIKE wildcards and the escape
 * character as literal text, non-ASCII letters, and ids not shaped like the service's own.
 */
const SUMMARIES = [
  'Blocked: found 2 × Email address; blocked by rule "Finance outbound".',
  'Allowed with masking: found 1 × IBAN; masked by rule "Payroll_masking".',
  '100% of rows_masked',
  'Escape ! and % and _ literally',
  'Résumé ÉCOLE straße İstanbul ǅ',
  'Ｆｕｌｌｗｉｄｔｈ letters and emoji 🙂 ok',
  'No sensitive data found.',
  "Quote ' and \" and back\\slash",
];
const POLICIES = ['Default', 'Finance outbound', 'Support AI', 'Équipe Données', 'KELVIN K'];
const CLIENT_IDS = ['client-Decision-0001', 'ABCDEF_0123456789', 'pf_UPPERCASE0123456789ABCD', 'zz-only-letters-xyz'];

const TERMS = [
  'a', 'A', 'b', 'z', 'é', 'É', 'e', 'ß', 'ss', 'İ', 'i', 'ǆ', '🙂', 'ｆｕｌｌ', 'full', 'K', 'k',
  '%', '_', '!', '!%', '100%', 'rows_m', 'o_s', 's_m', 'ws_', "'", '"', '\\', 'back\\slash',
  'pf_', 'PF_', 'f_0', 'pf_u', 'uppercase', 'client-', '-', 'decision-0001', 'abcdef_', 'xyz', '0123',
  'finance', 'FINANCE OUTBOUND', 'blocked', 'allowed_with', 'ALLOWED', 'vendor', 'ai_tool', 'ustom',
  'résumé', 'RÉSUMÉ', 'equipe', 'données', 'nothing at all', ' found ', 'x'.repeat(41),
];

for (const engine of ENGINES) {
  describe(`audit search index (${engine})`, function () {
    this.timeout(120_000);
    let app: TestApp;
    let orgA: { org_id: string; key: string };
    let orgB: { org_id: string; key: string };
    const mysql = engine === 'mysql';

    /** The audit log's search as it was before the index: LIKE over the five columns of the records. */
    async function reference(
      orgId: string | null,
      term: string,
      filters: { decision?: string; destination?: string } = {},
      window: { from?: number; to?: number } = { from: NOW.getTime() - 30 * 86_400_000 },
    ) {
      const pattern = `%${term.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;
      const conds: string[] = [];
      const params: unknown[] = [];
      if (window.from !== undefined) conds.push('created_at >= ?'), params.push(window.from);
      if (window.to !== undefined) conds.push('created_at < ?'), params.push(window.to);
      if (orgId) conds.push('org_id = ?'), params.push(orgId);
      if (filters.decision) conds.push('decision = ?'), params.push(filters.decision);
      if (filters.destination) conds.push('destination = ?'), params.push(filters.destination);
      const cols = ['id', 'summary', 'policy_name', 'decision', 'destination'];
      conds.push(`(${cols.map((c) => `LOWER(${c}) LIKE ? ESCAPE '!'`).join(' OR ')})`);
      params.push(...cols.map(() => pattern));
      const rows = await app.rt.ds.query(
        `SELECT id FROM preflight_records WHERE ${conds.join(' AND ')} ORDER BY created_at DESC, id DESC`,
        params,
      );
      return rows.map((r: { id: string }) => r.id);
    }

    async function indexed(token: string, term: string, extra = '') {
      const res = await app.api('GET', `/api/audit?limit=500&search=${encodeURIComponent(term)}${extra}`, { token });
      expect(res.status, term).to.equal(200);
      return { ids: res.body.items.map((i: { preflight_id: string }) => i.preflight_id), total: res.body.total };
    }

    before(async () => {
      app = await startApp(engine, { now: () => NOW });
      const a = await createOrg(app, { name: 'Acme Health' });
      const b = await createOrg(app, { name: 'Borealis Bank' });
      orgA = { org_id: a.org_id, key: (await createOrgKey(app, a.org_id)).key };
      orgB = { org_id: b.org_id, key: (await createOrgKey(app, b.org_id)).key };
      const specs: RecordSpec[] = [];
      const decisions = ['ALLOWED', 'ALLOWED_WITH_MASKING', 'BLOCKED'] as const;
      const destinations = ['AI_TOOL', 'VENDOR', 'CUSTOMER'] as const;
      for (let i = 0; i < 120; i++) {
        specs.push({
          id: i < CLIENT_IDS.length ? CLIENT_IDS[i] : newRecordId(),
          orgId: i % 5 === 4 ? orgB.org_id : orgA.org_id,
          summary: SUMMARIES[i % SUMMARIES.length],
          policyName: POLICIES[i % POLICIES.length],
          decision: decisions[i % 3],
          destination: destinations[(i >> 1) % 3],
          // Every 7th record falls outside the default 30-day window.
          createdAt: NOW.getTime() - (i % 7 === 6 ? 40 * 24 : i) * HOUR,
        });
      }
      await insertRecords(app.rt, specs);
    });
    after(async () => {
      const patterns = app?.rt.services.limits.redisKeyPatterns() ?? [];
      await app?.close();
      await deleteRedisKeys(process.env.TEST_REDIS_URL, patterns);
    });

    it('returns what LIKE over the records returns, for every term, organization key and operator', async () => {
      for (const term of TERMS) {
        for (const [token, orgId] of [[orgA.key, orgA.org_id], [orgB.key, orgB.org_id], [ADMIN_KEY, null]] as const) {
          const want = await reference(orgId, term.trim());
          const got = await indexed(token, term);
          expect(got.ids, `${term} (${orgId ?? 'operator'})`).to.deep.equal(want);
          expect(got.total, `${term} total`).to.equal(want.length);
        }
      }
    });

    it('finds something for most terms (the comparison above is not vacuous)', async () => {
      let found = 0;
      for (const term of TERMS) if ((await reference(null, term.trim())).length) found++;
      expect(found).to.be.greaterThan(TERMS.length * 0.7);
    });

    it('agrees with LIKE under decision and destination filters, and pages the same', async () => {
      for (const term of ['a', 'finance', 'pf_', 'client', '%', 'é', 'vendor']) {
        const want = await reference(orgA.org_id, term, { decision: 'BLOCKED', destination: 'VENDOR' });
        const got = await indexed(orgA.key, term, '&decision=BLOCKED&destination=VENDOR');
        expect(got.ids, term).to.deep.equal(want);
        const all = await reference(orgA.org_id, term);
        const page = await app.api('GET', `/api/audit?limit=7&offset=5&search=${encodeURIComponent(term)}`, { token: orgA.key });
        expect(page.body.items.map((i: { preflight_id: string }) => i.preflight_id), `${term} page`).to.deep.equal(all.slice(5, 12));
        expect(page.body.total).to.equal(all.length);
      }
    });

    it('counts and pages terms with more than a thousand matches, and pages past the thousandth', async () => {
      const c = await createOrg(app, { name: 'Bulk' });
      const key = (await createOrgKey(app, c.org_id)).key;
      const specs: RecordSpec[] = Array.from({ length: 1100 }, (_, i) => ({
        orgId: c.org_id,
        summary: i % 11 ? 'Bulk row' : 'Other row',
        createdAt: NOW.getTime() - i * 60_000,
      }));
      await insertRecords(app.rt, specs);
      for (const [term, offset] of [['bulk', 0], ['bulk', 990], ['row', 1095], ['other', 0]] as const) {
        const want = await reference(c.org_id, term);
        const res = await app.api('GET', `/api/audit?limit=20&offset=${offset}&search=${term}`, { token: key });
        expect(res.body.items.map((i: { preflight_id: string }) => i.preflight_id), `${term} at ${offset}`).to.deep.equal(want.slice(offset, offset + 20));
        expect(res.body.total, term).to.equal(want.length);
      }
      expect((await reference(c.org_id, 'bulk')).length).to.equal(1000);
      expect((await reference(c.org_id, 'row')).length).to.equal(1100);
    });

    it('agrees with LIKE for fragments of service ids of every length, at any place in the id', async () => {
      const ids: string[] = (await reference(orgA.org_id, 'pf_')).filter((id: string) => /^pf_[0-9a-f]{24}$/.test(id)).slice(0, 3);
      expect(ids.length).to.equal(3);
      const terms = new Set(['pf', 'f', 'pf_', 'f_']);
      ids.forEach((id, k) => {
        for (let length = 1; length <= 24; length++) {
          const start = 3 + ((length * 7 + k * 5) % (25 - length));
          terms.add(id.slice(start, start + length));
          if (length <= 3) terms.add(id.slice(2, 3 + length)).add(id.slice(0, 3 + length));
        }
        terms.add(id.slice(3 + k, 9 + k).toUpperCase());
      });
      for (const term of terms) {
        for (const [token, orgId] of [[orgA.key, orgA.org_id], [ADMIN_KEY, null]] as const) {
          const want = await reference(orgId, term);
          const got = await indexed(token, term);
          expect(got.ids, `${term} (${orgId ?? 'operator'})`).to.deep.equal(want.slice(0, 500));
          expect(got.total, `${term} total`).to.equal(want.length);
        }
        const filtered = await reference(orgA.org_id, term, { decision: 'BLOCKED' });
        expect((await indexed(orgA.key, term, '&decision=BLOCKED')).ids, `${term} BLOCKED`).to.deep.equal(filtered);
      }
      // Not vacuous: every fragment finds its own id, and one-digit fragments find many.
      for (const id of ids) expect(await reference(orgA.org_id, id.slice(9, 17))).to.include(id);
      expect((await reference(orgA.org_id, ids[0].slice(10, 11))).length).to.be.greaterThan(10);
    });

    it('finds a check answered by the hot path at once, by its id fragment and by its summary', async () => {
      const policy = await createPolicy(app, orgA.org_id, { name: 'Hot path policy' });
      const res = await app.api('POST', '/api/preflight/text', {
        body: { text: 'Write to jane.doe@example.com about the invoice', destination: 'AI_TOOL' },
        headers: { 'X-Service-API-Key': policy.api_key },
      });
      expect(res.status).to.equal(200);
      const id = res.body.preflight_id as string;
      expect((await indexed(orgA.key, id.slice(5, 15))).ids).to.deep.equal([id]);
      const byPolicy = await indexed(orgA.key, 'hot path pol');
      expect(byPolicy.ids).to.deep.equal([id]);
      expect((await indexed(orgA.key, res.body.summary.slice(0, 20))).ids).to.include(id);
    });

    it('agrees with LIKE for windows that cut days, whole periods, id prefixes and pages across days', async () => {
      const c = await createOrg(app, { name: 'Spread' });
      const key = (await createOrgKey(app, c.org_id)).key;
      // 600 records every 5 hours (125 days), texts of varied frequency, a few client ids.
      const specs: RecordSpec[] = Array.from({ length: 600 }, (_, i) => ({
        id: i % 97 === 5 ? `client-${i}-AB` : newRecordId(),
        orgId: c.org_id,
        summary: i % 53 === 0 ? 'Rare finance note' : SUMMARIES[i % 3],
        policyName: POLICIES[i % POLICIES.length],
        decision: (['ALLOWED', 'BLOCKED'] as const)[i % 2],
        createdAt: NOW.getTime() + 2 * HOUR - i * 5 * HOUR,
      }));
      await insertRecords(app.rt, specs);
      const sample = specs.find((s) => /^pf_/.test(s.id!))!.id!;
      const iso = (ms: number) => new Date(ms).toISOString();
      const windows: Array<{ query: string; window: { from?: number; to?: number } }> = [
        { query: '', window: { from: NOW.getTime() - 30 * 86_400_000 } },
        { query: `&from=${iso(NOW.getTime() - 40 * 86_400_000 + 7 * HOUR)}&to=${iso(NOW.getTime() - 9 * 86_400_000 - 3 * HOUR)}`, window: { from: NOW.getTime() - 40 * 86_400_000 + 7 * HOUR, to: NOW.getTime() - 9 * 86_400_000 - 3 * HOUR + 1 } },
        { query: `&from=${iso(NOW.getTime() - 3 * HOUR)}&to=${iso(NOW.getTime() + HOUR)}`, window: { from: NOW.getTime() - 3 * HOUR, to: NOW.getTime() + HOUR + 1 } },
        { query: '&from=2026-06-01', window: { from: Date.UTC(2026, 5, 1) } },
        { query: '&to=2026-11-01', window: { to: Date.UTC(2026, 10, 2) } },
        { query: '&from=2026-09-03&to=2026-10-08', window: { from: Date.UTC(2026, 8, 3), to: Date.UTC(2026, 9, 9) } },
      ];
      const terms = [
        'finance', 'rare', 'blocked', 'allowed', 'client', '-ab', sample.slice(0, 5), sample.slice(0, 6), sample.slice(2, 7), sample.slice(2, 12).toUpperCase(),
        sample.slice(0, 10), 'pf_zz', 'résumé', 'a', 'e', '5', 'p', '_', sample.slice(0, 4), sample.slice(2, 4),
        // Fragments from the middle of an id: 1, 2, 3, 4, 8 and 17 hex digits.
        sample.slice(12, 13), sample.slice(20, 22), sample.slice(9, 12), sample.slice(15, 19).toUpperCase(), sample.slice(8, 16), sample.slice(10),
      ];
      for (const { query, window } of windows) {
        for (const term of terms) {
          for (const [token, orgId] of [[key, c.org_id], [ADMIN_KEY, null]] as const) {
            const want = await reference(orgId, term, {}, window);
            for (const [limit, offset] of [[500, 0], [7, 0], [10, 33], [25, 140], [3, Math.max(0, want.length - 2)], [5, want.length + 3]]) {
              const res = await app.api('GET', `/api/audit?limit=${limit}&offset=${offset}&search=${encodeURIComponent(term)}${query}`, { token });
              expect(res.status).to.equal(200);
              const label = `${term} ${query} ${orgId ?? 'operator'} ${limit}@${offset}`;
              expect(res.body.items.map((i: { preflight_id: string }) => i.preflight_id), label).to.deep.equal(want.slice(offset, offset + limit));
              expect(res.body.total, label).to.equal(want.length);
            }
          }
        }
        const filtered = await reference(c.org_id, 'finance', { decision: 'BLOCKED' }, window);
        const res = await app.api('GET', `/api/audit?limit=500&search=finance&decision=BLOCKED${query}`, { token: key });
        expect(res.body.items.map((i: { preflight_id: string }) => i.preflight_id), `filtered ${query}`).to.deep.equal(filtered);
      }
      expect((await reference(c.org_id, 'rare', {}, {})).length).to.be.greaterThan(5);
      expect((await reference(c.org_id, sample.slice(0, 5), {}, {}))).to.include(sample);
    });

    it('the migration back-fill rebuilds the same index from the records', async () => {
      // Chunks are cut where a writer's batches fell: compare each text's days as sorted entries.
      const snapshot = async () => {
        const days = new Map<string, string[]>();
        for (const r of await app.rt.ds.query('SELECT text_key, day, org_id, n, ids, ats FROM audit_search_chunks')) {
          const entries = chunkEntries(Number(r.day), r.ids, r.ats);
          expect(entries.length).to.equal(Number(r.n));
          const key = `${r.text_key} ${r.day} ${r.org_id}`;
          days.set(key, [...(days.get(key) ?? []), ...entries.map((e) => `${e.id}@${e.at}`)]);
        }
        return [
          JSON.stringify([...days.entries()].map(([k, v]) => [k, v.sort()]).sort()),
          JSON.stringify(await app.rt.ds.query('SELECT org_id, created_at, id, text_key FROM audit_search_ids ORDER BY id')),
          JSON.stringify(await app.rt.ds.query('SELECT org_id, text_key, summary, policy_name, decision, destination FROM audit_search_texts ORDER BY text_key')),
        ];
      };
      const before = await snapshot();
      expect(JSON.parse(before[1]).length, 'ids not shaped like the service ones').to.be.at.least(CLIENT_IDS.length);
      const [records] = await app.rt.ds.query('SELECT COUNT(*) AS n FROM preflight_records');
      const [chunked] = await app.rt.ds.query('SELECT SUM(n) AS n FROM audit_search_chunks');
      expect(Number(chunked.n), 'every record in a chunk').to.equal(Number(records.n));
      for (const t of ['audit_search_chunks', 'audit_search_ids', 'audit_search_texts']) await app.rt.ds.query(`DELETE FROM ${t}`);
      expect((await indexed(orgA.key, 'finance')).total).to.equal(0);
      const done = await backfillAuditSearch(app.rt.ds.manager, mysql);
      expect(done).to.equal(Number(records.n));
      expect(await snapshot()).to.deep.equal(before);
      expect((await indexed(orgA.key, 'finance')).total).to.equal((await reference(orgA.org_id, 'finance')).length);
    });

    it('the retention sweep takes the day counts with the records', async () => {
      const c = await createOrg(app, { name: 'Old' });
      const key = (await createOrgKey(app, c.org_id)).key;
      const retention = app.rt.deps.config.auditRetentionDays;
      await insertRecords(app.rt, [
        { orgId: c.org_id, summary: 'Old finance', createdAt: NOW.getTime() - (retention + 2) * 86_400_000 },
        { orgId: c.org_id, summary: 'Old finance', createdAt: NOW.getTime() - 2 * 86_400_000 },
        { id: 'client-old-1', orgId: c.org_id, summary: 'x', createdAt: NOW.getTime() - (retention + 3) * 86_400_000 },
      ]);
      const all = '&from=2000-01-01';
      expect((await app.api('GET', `/api/audit?search=finance${all}`, { token: key })).body.total).to.equal(2);
      await app.rt.services.audit.sweep();
      expect((await app.api('GET', `/api/audit?search=finance${all}`, { token: key })).body.total).to.equal(1);
      expect((await app.api('GET', `/api/audit?search=client-old${all}`, { token: key })).body.total).to.equal(0);
      const [days] = await app.rt.ds.query('SELECT COUNT(*) AS n, SUM(n) AS records FROM audit_search_chunks WHERE org_id = ?', [c.org_id]);
      expect([Number(days.n), Number(days.records)]).to.deep.equal([1, 1]);
    });

    it('deleting an organization removes its index rows and texts', async () => {
      const count = async (t: string) => Number((await app.rt.ds.query(`SELECT COUNT(*) AS n FROM ${t} WHERE org_id = ?`, [orgB.org_id]))[0].n);
      expect(await count('audit_search_chunks')).to.be.greaterThan(0);
      expect((await app.api('DELETE', `/api/orgs/${orgB.org_id}`, { token: ADMIN_KEY })).status).to.equal(204);
      expect(await count('audit_search_chunks')).to.equal(0);
      expect(await count('audit_search_texts')).to.equal(0);
      expect(await count('audit_search_ids')).to.equal(0);
    });
  });
}
