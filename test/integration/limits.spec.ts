import { expect } from 'chai';
import { DomainError } from '../../src/errors';
import { LimitsService } from '../../src/services/limits.service';
import type { ServiceDeps } from '../../src/services/deps';
import { ADMIN_KEY, ENGINES, TestApp, createOrg, createPolicy, startApp } from '../support/app';
import { insertRecords } from '../support/audit-fixtures';
import { deleteRedisKeys } from '../support/redis';

const unix = (iso: string) => Date.parse(iso) / 1000;

/** The DomainError admit() throws (fails the test when it resolves). */
async function refusal(p: Promise<unknown>): Promise<DomainError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
  throw new Error('expected admit() to refuse');
}

function expect429(res: { status: number; body: any; headers: Headers }, code: string) {
  expect(res.status).to.equal(429);
  expect(Object.keys(res.body).sort()).to.deep.equal(['error', 'retry_after']);
  expect(res.body.error.code).to.equal(code);
  expect(res.body.error.message).to.be.a('string').and.not.equal('');
  expect(res.headers.get('retry-after')).to.equal(String(res.body.retry_after));
  return {
    retryAfter: res.body.retry_after as number,
    limit: Number(res.headers.get('x-ratelimit-limit')),
    remaining: Number(res.headers.get('x-ratelimit-remaining')),
    reset: Number(res.headers.get('x-ratelimit-reset')),
  };
}

const check = (app: TestApp, key: string) =>
  app.api('POST', '/api/preflight/text', { body: { text: 'Nothing sensitive here.', destination: 'AI_TOOL' }, headers: { 'X-Service-API-Key': key } });

async function closeApp(app: TestApp | undefined) {
  if (!app) return;
  const patterns = app.rt.services.limits.redisKeyPatterns();
  await app.close();
  await deleteRedisKeys(process.env.TEST_REDIS_URL, patterns);
}

for (const engine of ENGINES) {
  describe(`monthly allowance and license (${engine})`, function () {
    this.timeout(60_000);
    const START = new Date('2026-01-31T23:58:00.000Z');
    let clock = START;
    let app: TestApp;

    before(async () => {
      app = await startApp(engine, { now: () => clock, env: { PREFLIGHT_TRIAL_MAX_CHECKS: '3' } });
    });
    after(() => closeApp(app));
    afterEach(() => {
      clock = START;
    });

    it('counts this month’s records, answers 429 quota_exceeded until the next UTC month, then admits again', async () => {
      const org = await createOrg(app);
      const policy = await createPolicy(app, org.org_id);
      await insertRecords(app.rt, [
        { orgId: org.org_id, createdAt: '2026-01-10T10:00:00Z' },
        ...[1, 2, 3, 4].map((d) => ({ orgId: org.org_id, createdAt: `2025-12-0${d}T10:00:00Z` })),
      ]);
      const limits = app.rt.services.limits;
      expect(await limits.admit(org.org_id, policy.policy_id)).to.deep.equal({ limit: 3, remaining: 1, resetAtUnix: unix('2026-02-01T00:00:00Z') });
      expect((await limits.admit(org.org_id, policy.policy_id)).remaining).to.equal(0);
      const err = await refusal(limits.admit(org.org_id, policy.policy_id));
      expect(err.code).to.equal('quota_exceeded');
      expect(err.rateLimit).to.deep.equal({ retryAfterSeconds: 120, limit: 3, remaining: 0, resetAtUnix: unix('2026-02-01T00:00:00Z') });

      const res = await check(app, policy.api_key);
      const h = expect429(res, 'quota_exceeded');
      expect(h).to.deep.equal({ retryAfter: 120, limit: 3, remaining: 0, reset: unix('2026-02-01T00:00:00Z') });
      expect(await app.rt.ds.query('SELECT id FROM preflight_records WHERE org_id = ? AND created_at >= ?', [org.org_id, Date.parse('2026-01-31T00:00:00Z')])).to.deep.equal([]);

      clock = new Date('2026-02-01T00:00:30Z');
      expect(await limits.admit(org.org_id, policy.policy_id)).to.deep.equal({ limit: 3, remaining: 2, resetAtUnix: unix('2026-03-01T00:00:00Z') });
      clock = new Date('2026-02-28T23:59:59Z');
      await limits.admit(org.org_id, policy.policy_id);
      await limits.admit(org.org_id, policy.policy_id);
      expect((await refusal(limits.admit(org.org_id, policy.policy_id))).rateLimit!.retryAfterSeconds).to.equal(1);
    });

    it('seeds the counter once per month from the records, never counting them on every check', async () => {
      const org = await createOrg(app);
      const policy = await createPolicy(app, org.org_id);
      await insertRecords(app.rt, [{ orgId: org.org_id, createdAt: '2026-01-02T00:00:00Z' }, { orgId: org.org_id, createdAt: '2025-12-31T23:59:59.999Z' }]);
      const original = app.rt.ds.query.bind(app.rt.ds);
      let counts = 0;
      app.rt.ds.query = ((sql: string, params?: unknown[]) => {
        if (/COUNT\(\*\)[\s\S]*preflight_records/i.test(sql)) counts++;
        return original(sql, params);
      }) as typeof app.rt.ds.query;
      try {
        expect((await app.rt.services.limits.admit(org.org_id, policy.policy_id)).remaining).to.equal(1);
        expect((await app.rt.services.limits.admit(org.org_id, policy.policy_id)).remaining).to.equal(0);
        await refusal(app.rt.services.limits.admit(org.org_id, policy.policy_id));
        await refusal(app.rt.services.limits.admit(org.org_id, policy.policy_id));
      } finally {
        app.rt.ds.query = original;
      }
      expect(counts).to.equal(1);
    });

    it('shares the monthly counter between replicas through Redis', async function () {
      if (!app.rt.config.redisUrl) this.skip(); // needs Redis: without it each process counts its own admissions
      const org = await createOrg(app);
      const policy = await createPolicy(app, org.org_id);
      const r1 = new LimitsService(app.rt.deps, app.rt.services.licenses);
      const r2 = new LimitsService(app.rt.deps, app.rt.services.licenses);
      try {
        for (let i = 0; i < 100 && !((await r1.ping()) && (await r2.ping())); i++) await new Promise((r) => setTimeout(r, 20));
        await r1.admit(org.org_id, policy.policy_id);
        await r1.admit(org.org_id, policy.policy_id);
        // The second replica continues the first one's count (no re-seed from the records).
        expect((await r2.admit(org.org_id, policy.policy_id)).remaining).to.equal(0);
        expect((await refusal(r2.admit(org.org_id, policy.policy_id))).code).to.equal('quota_exceeded');
        expect((await refusal(r1.admit(org.org_id, policy.policy_id))).code).to.equal('quota_exceeded');
      } finally {
        await r1.close();
        await r2.close();
      }
    });

    it('never admits past the allowance when checks arrive together, on one replica or two', async () => {
      const org = await createOrg(app);
      const policy = await createPolicy(app, org.org_id);
      const r2 = new LimitsService(app.rt.deps, app.rt.services.licenses);
      try {
        for (let i = 0; i < 100 && !(await r2.ping()); i++) await new Promise((r) => setTimeout(r, 20));
        const replicas = app.rt.config.redisUrl ? [app.rt.services.limits, r2] : [app.rt.services.limits];
        const results = await Promise.allSettled(replicas.flatMap((l) => [1, 2, 3].map(() => l.admit(org.org_id, policy.policy_id))));
        expect(results.filter((r) => r.status === 'fulfilled')).to.have.length(3);
        for (const r of results.filter((x) => x.status === 'rejected')) expect(((r as PromiseRejectedResult).reason as DomainError).code).to.equal('quota_exceeded');
      } finally {
        await r2.close();
      }
    });

    it('answers 403 license_inactive for an expired license and for a revoked one', async () => {
      const org = await createOrg(app);
      const policy = await createPolicy(app, org.org_id);
      clock = new Date(START.getTime() + 31 * 86_400_000);
      const expired = await refusal(app.rt.services.limits.admit(org.org_id, policy.policy_id));
      expect(expired.code).to.equal('license_inactive');
      expect(expired.status).to.equal(403);
      expect(expired.message).to.contain('expired');
      const res = await check(app, policy.api_key);
      expect(res.status).to.equal(403);
      expect(res.body.error.code).to.equal('license_inactive');
      clock = START;

      const other = await createOrg(app);
      const p2 = await createPolicy(app, other.org_id);
      expect((await app.api('POST', `/api/licenses/${other.license_id}/revoke`, { token: ADMIN_KEY })).status).to.equal(204);
      const revoked = await refusal(app.rt.services.limits.admit(other.org_id, p2.policy_id));
      expect(revoked.code).to.equal('license_inactive');
      expect(revoked.message).to.contain('revoked');
      expect((await check(app, p2.api_key)).status).to.equal(403);
    });
  });

  describe(`rate limits per policy key and organization (${engine})`, function () {
    this.timeout(60_000);
    let app: TestApp;
    const extra: LimitsService[] = [];
    /** Another replica (or a test limiter with a shorter window) on the same configuration. */
    const replica = (opts: { windowSeconds?: number; redisUrl?: string } = {}) => {
      const deps: ServiceDeps = opts.redisUrl
        ? { ...app.rt.deps, config: { ...app.rt.deps.config, redisUrl: opts.redisUrl } }
        : app.rt.deps;
      const l = new LimitsService(deps, app.rt.services.licenses, { windowSeconds: opts.windowSeconds });
      extra.push(l);
      return l;
    };
    const ready = async (l: LimitsService) => {
      for (let i = 0; i < 100 && !(await l.ping()); i++) await new Promise((r) => setTimeout(r, 20));
      expect(await l.ping()).to.equal(true);
    };

    before(async () => {
      app = await startApp(engine, { env: { PREFLIGHT_RATE_LIMIT_POLICY_PER_MINUTE: '3', PREFLIGHT_RATE_LIMIT_ORG_PER_MINUTE: '5' } });
      await ready(app.rt.services.limits);
    });
    after(async () => {
      for (const l of extra) await l.close();
      await closeApp(app);
    });

    it('limits each policy key, then the organization, with 429 rate_limited and the rate-limit headers', async () => {
      const org = await createOrg(app);
      const p1 = await createPolicy(app, org.org_id);
      const p2 = await createPolicy(app, org.org_id, { name: 'Second' });
      const limits = app.rt.services.limits;
      const seen = [];
      for (let i = 0; i < 3; i++) seen.push(await limits.admit(org.org_id, p1.policy_id));
      expect(seen.map((s) => [s.limit, s.remaining])).to.deep.equal([[3, 2], [3, 1], [3, 0]]);
      const before = Math.floor(Date.now() / 1000);
      const h = expect429(await check(app, p1.api_key), 'rate_limited');
      expect(h.limit).to.equal(3);
      expect(h.remaining).to.equal(0);
      expect(h.retryAfter).to.be.within(1, 60);
      expect(h.reset).to.be.within(before + 1, before + 61);

      expect(await limits.admit(org.org_id, p2.policy_id)).to.include({ limit: 5, remaining: 1 });
      await limits.admit(org.org_id, p2.policy_id);
      const err = await refusal(limits.admit(org.org_id, p2.policy_id));
      expect(err.code).to.equal('rate_limited');
      expect(err.message).to.contain('organization');
      expect(err.rateLimit).to.include({ limit: 5, remaining: 0 });
      // A third key of the organization has room of its own, but the organization has none.
      const p3 = await createPolicy(app, org.org_id, { name: 'Third' });
      const res = await check(app, p3.api_key);
      expect(expect429(res, 'rate_limited').limit).to.equal(5);
      expect(app.logs.text()).to.not.contain(p1.api_key);
    });

    it('admits checks arriving together exactly up to the limit', async () => {
      const org = await createOrg(app);
      const p = await createPolicy(app, org.org_id);
      const limits = app.rt.services.limits;
      const results = await Promise.allSettled([1, 2, 3, 4, 5].map(() => limits.admit(org.org_id, p.policy_id)));
      expect(results.filter((r) => r.status === 'fulfilled').map((r) => (r as PromiseFulfilledResult<{ remaining: number }>).value.remaining).sort()).to.deep.equal([0, 1, 2]);
      const refused = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason as DomainError);
      expect(refused.map((e) => [e.code, e.rateLimit!.limit])).to.deep.equal([['rate_limited', 3], ['rate_limited', 3]]);
      // Refused checks took nothing from the organization: 5 - 3 admitted leaves 2.
      const p2 = await createPolicy(app, org.org_id, { name: 'Second' });
      expect(await limits.admit(org.org_id, p2.policy_id)).to.include({ limit: 5, remaining: 1 });
    });

    it('resets when the window has passed', async () => {
      const org = await createOrg(app);
      const p = await createPolicy(app, org.org_id);
      const short = replica({ windowSeconds: 1 });
      if (app.rt.config.redisUrl) await ready(short);
      for (let i = 0; i < 3; i++) await short.admit(org.org_id, p.policy_id);
      const err = await refusal(short.admit(org.org_id, p.policy_id));
      expect(err.rateLimit!.retryAfterSeconds).to.equal(1);
      await new Promise((r) => setTimeout(r, 1100));
      expect(await short.admit(org.org_id, p.policy_id)).to.include({ limit: 3, remaining: 2 });
    });

    it('shares counts between replicas through Redis (and keeps them per process without it)', async () => {
      const org = await createOrg(app);
      const p = await createPolicy(app, org.org_id);
      const r1 = replica();
      const r2 = replica();
      if (app.rt.config.redisUrl) await Promise.all([ready(r1), ready(r2)]);
      for (let i = 0; i < 3; i++) await r1.admit(org.org_id, p.policy_id);
      if (app.rt.config.redisUrl) {
        expect((await refusal(r2.admit(org.org_id, p.policy_id))).code).to.equal('rate_limited');
      } else {
        expect((await r2.admit(org.org_id, p.policy_id)).remaining).to.equal(2);
      }
    });

    it('answers its readiness probe once a connection still being made at start-up is ready', async function () {
      if (!app.rt.config.redisUrl) this.skip(); // needs a real Redis (TEST_REDIS_URL); the SQLite run has none
      const fresh = replica({ redisUrl: app.rt.config.redisUrl });
      expect(await fresh.ping()).to.equal(true);
    });

    it('keeps admitting with in-process limits when Redis is unreachable', async () => {
      const org = await createOrg(app);
      const p = await createPolicy(app, org.org_id);
      const down = replica({ redisUrl: 'redis://127.0.0.1:1' });
      expect(await down.ping()).to.equal(false);
      for (let i = 0; i < 3; i++) await down.admit(org.org_id, p.policy_id);
      expect((await refusal(down.admit(org.org_id, p.policy_id))).code).to.equal('rate_limited');
    });

    it('sets X-RateLimit-* on admitted checks (the tightest limit)', async () => {
      const org = await createOrg(app);
      const p = await createPolicy(app, org.org_id);
      const res = await check(app, p.api_key);
      expect(res.status).to.equal(200);
      expect(res.headers.get('x-ratelimit-limit')).to.equal('3');
      expect(res.headers.get('x-ratelimit-remaining')).to.equal('2');
      expect(Number(res.headers.get('x-ratelimit-reset'))).to.be.greaterThan(Date.now() / 1000);
    });
  });
}
