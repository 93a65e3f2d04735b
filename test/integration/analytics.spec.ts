import { expect } from 'chai';
import { ADMIN_KEY, ENGINES, TestApp, createOrg, createOrgKey, createPolicy, startApp } from '../support/app';
import { DAY, RecordSpec, insertRecords } from '../support/audit-fixtures';
import { deleteRedisKeys } from '../support/redis';
import { EMAIL, OTHER_EMAIL } from '../fixtures/values';

type Decision = 'ALLOWED' | 'ALLOWED_WITH_MASKING' | 'BLOCKED';
const DECISIONS: Decision[] = ['ALLOWED', 'ALLOWED_WITH_MASKING', 'BLOCKED', 'ALLOWED_WITH_MASKING', 'ALLOWED'];
const TYPES = ['EMAIL', 'IBAN', 'ACME_TICKET', 'SSN'];
const PERIODS = { '7d': 7, '30d': 30, '90d': 90 } as const;
const round1 = (v: number) => Math.round(v * 10) / 10;
const dateOf = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);

/** What the analytics must say about `records` for a period ending on the day of `now`: computed here from the specs. */
function expected(records: RecordSpec[], now: Date, days: number) {
  const today = Math.floor(now.getTime() / DAY);
  const fromDay = today - days + 1;
  const inWindow = records.filter((r) => {
    const day = Math.floor(new Date(r.createdAt).getTime() / DAY);
    return day >= fromDay && day <= today;
  });
  const findings = (r: RecordSpec) => Object.values(r.findingCounts ?? {}).reduce((a, b) => a + b, 0);
  const protectedOnes = inWindow.filter((r) => r.decision !== 'ALLOWED');
  const count = (d: Decision) => inWindow.filter((r) => r.decision === d).length;
  const perType = new Map<string, number>();
  for (const r of inWindow) for (const [t, n] of Object.entries(r.findingCounts ?? {})) perType.set(t, (perType.get(t) ?? 0) + n);
  const totalDetections = [...perType.values()].reduce((a, b) => a + b, 0);
  const series = [];
  for (let day = fromDay; day <= today; day++) {
    const of = inWindow.filter((r) => Math.floor(new Date(r.createdAt).getTime() / DAY) === day);
    series.push({
      date: dateOf(day),
      checks_total: of.length,
      allowed: of.filter((r) => r.decision === 'ALLOWED').length,
      masked: of.filter((r) => r.decision === 'ALLOWED_WITH_MASKING').length,
      blocked: of.filter((r) => r.decision === 'BLOCKED').length,
      bytes_processed: of.reduce((a, r) => a + (r.inputSizeBytes ?? 0), 0),
    });
  }
  return {
    summary: {
      total_checks: inWindow.length,
      bytes_protected: protectedOnes.reduce((a, r) => a + (r.inputSizeBytes ?? 0), 0),
      allowed: count('ALLOWED'),
      masked: count('ALLOWED_WITH_MASKING'),
      blocked: count('BLOCKED'),
      prevented_exposures: protectedOnes.reduce((a, r) => a + findings(r), 0),
      safe_share_rate: inWindow.length ? round1(((count('ALLOWED') + count('ALLOWED_WITH_MASKING')) / inWindow.length) * 100) : 0,
      from_date: dateOf(fromDay),
      to_date: dateOf(today),
    },
    series,
    totalDetections,
    perType,
  };
}

for (const engine of ENGINES) {
  describe(`analytics (${engine})`, function () {
    this.timeout(60_000);
    const START = new Date('2026-11-20T12:00:00.000Z');
    let clock = START;
    let app: TestApp;
    let a: { org_id: string; slug: string; key: string };
    let b: { org_id: string; key: string };
    const records: RecordSpec[] = [];

    const get = (path: string, token = a.key) => app.api('GET', `/api/orgs/${a.org_id}/analytics${path}`, { token });

    async function checkAll(period: keyof typeof PERIODS) {
      const want = expected(records, clock, PERIODS[period]);
      const s = await get(`?period=${period}`);
      expect(s.status).to.equal(200);
      expect(s.body).to.deep.equal({ org_id: a.org_id, org_name: 'Acme Health', period, ...want.summary });
      const ts = await get(`/timeseries?period=${period}`);
      expect(ts.body).to.deep.equal({ org_id: a.org_id, period, from_date: want.summary.from_date, to_date: want.summary.to_date, data: want.series });
      const det = await get(`/detections?period=${period}`);
      expect(det.body.total_detections).to.equal(want.totalDetections);
      expect(Object.fromEntries(det.body.types.map((t: { type: string; count: number }) => [t.type, t.count]))).to.deep.equal(
        Object.fromEntries([...want.perType].filter(([, n]) => n > 0)),
      );
      return { summary: s.body, series: ts.body, detections: det.body };
    }

    before(async () => {
      app = await startApp(engine, { now: () => clock });
      const oa = await createOrg(app, { name: 'Acme Health' });
      a = { ...oa, key: (await createOrgKey(app, oa.org_id)).key };
      const ob = await createOrg(app, { name: 'Borealis Bank' });
      b = { org_id: ob.org_id, key: (await createOrgKey(app, ob.org_id)).key };
      const today = Math.floor(START.getTime() / DAY);
      let i = 0;
      for (let ago = 0; ago < 100; ago++) {
        const perDay = (ago * 7) % 5; // some days have no checks at all
        for (let k = 0; k < perDay; k++, i++) {
          const decision = DECISIONS[i % DECISIONS.length];
          const findingCounts: Record<string, number> = {};
          if (decision !== 'ALLOWED' || i % 4 === 0) {
            findingCounts[TYPES[i % TYPES.length]] = 1 + (i % 3);
            if (i % 5 === 0) findingCounts[TYPES[(i + 1) % TYPES.length]] = 1;
          }
          records.push({
            orgId: a.org_id,
            orgName: 'Acme Health',
            decision,
            inputSizeBytes: 100 + 13 * i,
            findingCounts,
            createdAt: (today - ago) * DAY + (k * 5 + 1) * 3_600_000,
          });
        }
      }
      // Edges of the 7-day window: first and last millisecond around its start, and the last of today.
      records.push(
        { orgId: a.org_id, decision: 'BLOCKED', inputSizeBytes: 7, findingCounts: { SSN: 1 }, createdAt: (today - 6) * DAY },
        { orgId: a.org_id, decision: 'BLOCKED', inputSizeBytes: 9, findingCounts: { SSN: 2 }, createdAt: (today - 6) * DAY - 1 },
        { orgId: a.org_id, decision: 'ALLOWED', inputSizeBytes: 11, createdAt: (today + 1) * DAY - 1 },
      );
      await insertRecords(app.rt, records);
      await insertRecords(app.rt, [{ orgId: b.org_id, decision: 'BLOCKED', inputSizeBytes: 5000, findingCounts: { EMAIL: 9 }, createdAt: START.getTime() - DAY }]);
    });
    after(async () => {
      const patterns = app?.rt.services.limits.redisKeyPatterns() ?? [];
      await app?.close();
      await deleteRedisKeys(process.env.TEST_REDIS_URL, patterns);
    });

    it('computes totals, bytes protected, prevented exposures and the safe-share rate for 7d, 30d and 90d', async () => {
      for (const period of ['7d', '30d', '90d'] as const) {
        const { summary } = await checkAll(period);
        expect(summary.total_checks).to.equal(summary.allowed + summary.masked + summary.blocked);
        expect(summary.total_checks).to.be.greaterThan(0);
      }
    });

    it('defaults to 30d and rejects any other period or parameter with 422', async () => {
      const def = await get('');
      expect(def.body.period).to.equal('30d');
      expect(def.body).to.deep.equal((await get('?period=30d')).body);
      for (const path of ['?period=1y', '/timeseries?period=7', '/detections?period=']) {
        const res = await get(path);
        expect(res.status, path).to.equal(422);
        expect(res.body.error.details[0].field).to.equal('period');
      }
      expect((await get('?periods=7d')).status).to.equal(422);
    });

    it('zero-fills the daily series: one entry per UTC day, oldest first', async () => {
      const ts = await get('/timeseries?period=90d');
      expect(ts.body.data).to.have.length(90);
      expect(ts.body.data[0].date).to.equal(ts.body.from_date);
      expect(ts.body.data[89].date).to.equal(ts.body.to_date);
      expect(ts.body.to_date).to.equal('2026-11-20');
      for (let i = 1; i < 90; i++) {
        expect(Date.parse(ts.body.data[i].date) - Date.parse(ts.body.data[i - 1].date)).to.equal(DAY);
      }
      const empty = ts.body.data.filter((d: { checks_total: number }) => d.checks_total === 0);
      expect(empty.length).to.be.greaterThan(0);
      expect(empty.every((d: Record<string, number>) => d.allowed === 0 && d.masked === 0 && d.blocked === 0 && d.bytes_processed === 0)).to.equal(true);
    });

    it('labels finding types and gives each a one-decimal share, most frequent first', async () => {
      const det = (await get('/detections?period=90d')).body;
      const byType = Object.fromEntries(det.types.map((t: { type: string }) => [t.type, t]));
      expect(byType.EMAIL.label).to.equal('E-mail address');
      expect(byType.ACME_TICKET.label).to.equal('Acme ticket');
      for (const t of det.types) expect(t.percentage).to.equal(round1((t.count / det.total_detections) * 100));
      const counts = det.types.map((t: { count: number }) => t.count);
      expect(counts).to.deep.equal([...counts].sort((x: number, y: number) => y - x));
      expect(det.from_date).to.equal('2026-08-23');
    });

    it('agrees with the audit log: checks, bytes, findings and days', async () => {
      for (const period of ['7d', '90d'] as const) {
        const s = (await get(`?period=${period}`)).body;
        const det = (await get(`/detections?period=${period}`)).body;
        const ts = (await get(`/timeseries?period=${period}`)).body;
        const items: Array<Record<string, any>> = [];
        for (let offset = 0; ; offset += 500) {
          const page = await app.api('GET', `/api/audit?from=${s.from_date}&to=${s.to_date}&limit=500&offset=${offset}`, { token: a.key });
          expect(page.body.total).to.equal(s.total_checks);
          items.push(...page.body.items);
          if (page.body.items.length < 500) break;
        }
        expect(items).to.have.length(s.total_checks);
        const prot = items.filter((it) => it.decision !== 'ALLOWED');
        expect(prot.reduce((x, it) => x + it.input_size_bytes, 0)).to.equal(s.bytes_protected);
        expect(prot.reduce((x, it) => x + it.findings_total, 0)).to.equal(s.prevented_exposures);
        expect(items.reduce((x, it) => x + it.findings_total, 0)).to.equal(det.total_detections);
        expect(det.types.reduce((x: number, t: { count: number }) => x + t.count, 0)).to.equal(det.total_detections);
        for (const day of ts.data) {
          expect(items.filter((it) => it.created_at.startsWith(day.date)).length, day.date).to.equal(day.checks_total);
        }
        expect(ts.data.reduce((x: number, d: { bytes_processed: number }) => x + d.bytes_processed, 0)).to.equal(
          items.reduce((x, it) => x + it.input_size_bytes, 0),
        );
      }
    });

    it('reads sealed days from roll-ups and stays right as days seal and records are back-filled', async () => {
      await checkAll('90d');
      const [{ w }] = await app.rt.ds.query('SELECT rolled_until_day AS w FROM analytics_rollup_state WHERE org_id = ?', [a.org_id]);
      expect(Number(w)).to.equal(Math.floor(START.getTime() / DAY));
      const [{ n }] = await app.rt.ds.query('SELECT COUNT(*) AS n FROM analytics_daily WHERE org_id = ?', [a.org_id]);
      expect(Number(n)).to.be.greaterThan(50);
      try {
        // Five minutes past midnight: yesterday is not sealed yet and must still be counted live.
        clock = new Date(Math.floor(START.getTime() / DAY) * DAY + DAY + 5 * 60_000);
        const late: RecordSpec = { orgId: a.org_id, decision: 'BLOCKED', inputSizeBytes: 3, findingCounts: { IBAN: 4 }, createdAt: clock.getTime() - 6 * 60_000 };
        await insertRecords(app.rt, [late]);
        records.push(late);
        await checkAll('7d');
        // Two days on, everything before today is rolled; then a back-fill lands on a rolled day.
        clock = new Date(START.getTime() + 2 * DAY);
        await checkAll('30d');
        const backfill: RecordSpec = { orgId: a.org_id, decision: 'ALLOWED_WITH_MASKING', inputSizeBytes: 1234, findingCounts: { EMAIL: 5 }, createdAt: START.getTime() - 3 * DAY };
        await insertRecords(app.rt, [backfill]);
        records.push(backfill);
        await checkAll('30d');
        await checkAll('90d');
      } finally {
        clock = START;
      }
    });

    it('answers zeros for an organization without checks', async () => {
      const org = await createOrg(app);
      const s = await app.api('GET', `/api/orgs/${org.org_id}/analytics?period=7d`, { token: ADMIN_KEY });
      expect(s.body).to.include({ total_checks: 0, bytes_protected: 0, prevented_exposures: 0, safe_share_rate: 0 });
      const ts = await app.api('GET', `/api/orgs/${org.org_id}/analytics/timeseries?period=7d`, { token: ADMIN_KEY });
      expect(ts.body.data).to.have.length(7);
      expect(ts.body.data.every((d: { checks_total: number }) => d.checks_total === 0)).to.equal(true);
      const det = await app.api('GET', `/api/orgs/${org.org_id}/analytics/detections`, { token: ADMIN_KEY });
      expect(det.body).to.include({ total_detections: 0 });
      expect(det.body.types).to.deep.equal([]);
    });

    it("answers 403 for another organization's key, 404 for an unknown organization, 401 without a credential", async () => {
      for (const path of ['', '/timeseries', '/detections']) {
        expect((await get(path, b.key)).status, path).to.equal(403);
        expect((await get(path, ADMIN_KEY)).status, path).to.equal(200);
        expect((await app.api('GET', `/api/orgs/org_000000000000000000000000/analytics${path}`, { token: ADMIN_KEY })).status).to.equal(404);
        expect((await app.api('GET', `/api/orgs/${a.org_id}/analytics${path}`)).status).to.equal(401);
      }
      const bySlug = await app.api('GET', `/api/orgs/${a.slug}/analytics`, { token: a.key });
      expect(bySlug.body.org_id).to.equal(a.org_id);
    });

    it('serves the same figures over GraphQL', async () => {
      const q = `query ($org: String!, $period: AnalyticsPeriod) {
        organizationAnalytics(org: $org, period: $period) { org_id org_name period total_checks bytes_protected allowed masked blocked prevented_exposures safe_share_rate from_date to_date }
        analyticsTimeSeries(org: $org, period: $period) { org_id period from_date to_date data { date checks_total allowed masked blocked bytes_processed } }
        detectionBreakdown(org: $org, period: $period) { org_id period total_detections from_date to_date types { type label count percentage } }
      }`;
      const res = await app.gql(q, { org: a.org_id, period: 'LAST_90_DAYS' }, { token: a.key });
      expect(res.body.errors).to.equal(undefined);
      // The same figures; the period is an enum value in GraphQL (`7d` is not a GraphQL name).
      const asGraphql = async (path: string) => ({ ...(await get(path)).body, period: 'LAST_90_DAYS' });
      expect(res.body.data!.organizationAnalytics).to.deep.equal(await asGraphql('?period=90d'));
      expect(res.body.data!.analyticsTimeSeries).to.deep.equal(await asGraphql('/timeseries?period=90d'));
      expect(res.body.data!.detectionBreakdown).to.deep.equal(await asGraphql('/detections?period=90d'));
      const bad = await app.gql(q, { org: a.org_id, period: '5d' }, { token: a.key });
      expect(bad.body.errors![0].extensions.code).to.equal('BAD_USER_INPUT');
      const other = await app.gql(q, { org: a.org_id }, { token: b.key });
      expect(other.body.errors![0].extensions.code).to.equal('forbidden');
    });

    it('counts real preflight checks: the record and its finding counts are written in the check transaction', async () => {
      const org = await createOrg(app, { name: 'Live Checks' });
      const policy = await createPolicy(app, org.org_id);
      const res = await app.api('POST', '/api/preflight/text', {
        body: { text: `Write to ${EMAIL} and ${OTHER_EMAIL}`, destination: 'AI_TOOL' },
        headers: { 'X-Service-API-Key': policy.api_key },
      });
      expect(res.status).to.equal(200);
      const emails = res.body.detected.find((d: { type: string }) => d.type === 'EMAIL');
      expect(emails.count).to.equal(2);
      const s = await app.api('GET', `/api/orgs/${org.org_id}/analytics?period=7d`, { token: ADMIN_KEY });
      expect(s.body.total_checks).to.equal(1);
      expect(s.body[res.body.decision === 'ALLOWED' ? 'allowed' : res.body.decision === 'BLOCKED' ? 'blocked' : 'masked']).to.equal(1);
      const det = await app.api('GET', `/api/orgs/${org.org_id}/analytics/detections?period=7d`, { token: ADMIN_KEY });
      expect(det.body.types.find((t: { type: string }) => t.type === 'EMAIL')).to.deep.include({ count: 2, label: 'E-mail address' });
      const audit = await app.api('GET', `/api/audit?org_id=${org.org_id}`, { token: ADMIN_KEY });
      expect(audit.body.items.map((i: { preflight_id: string }) => i.preflight_id)).to.deep.equal([res.body.preflight_id]);
      expect(audit.body.items[0].finding_counts.EMAIL).to.equal(2);
      expect(audit.text).to.not.contain(EMAIL);
      expect(app.logs.text()).to.not.contain(EMAIL);
    });
  });
}
