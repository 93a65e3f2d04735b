import Redis from 'ioredis';
import { Counter } from 'prom-client';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { DomainError, RateLimitInfo } from '../errors';
import { safeErrorFields } from '../lib/logger';
import type { ServiceDeps } from './deps';
import { DAY_MS, monthBounds, type MonthBounds } from './time';
import { effectiveStatus, type LicenseService } from './license.service';

/** Rate-limit state of an admitted check, for the X-RateLimit-* headers of the preflight response. */
export interface AdmitInfo {
  limit: number;
  remaining: number;
  resetAtUnix: number;
}

export interface LimitsOptions {
  /** Length of the rate-limit window in seconds (60: the configured limits are per minute). */
  windowSeconds?: number;
}

/** Monthly counters live this long in Redis (a month plus slack); the key names the month anyway. */
const QUOTA_TTL_MS = 40 * DAY_MS;

/**
 * Admits up to ARGV[1] checks of one policy key at once, in order, as many as the organization's
 * rate window (KEYS[1], ARGV[2] points), the key's (KEYS[2], ARGV[3]) and the month's allowance
 * (KEYS[3], ARGV[5]) all have room for; the windows (ARGV[4] s) start with their first check.
 * The month's counter is seeded from ARGV[6] when absent; with no seed given it answers nil, so
 * the caller counts the month's records once and calls again. Answers the counts before the
 * checks (org, key, month), how many were admitted, and the windows' remaining milliseconds.
 */
const ADMIT_SCRIPT = `
local q = redis.call('GET', KEYS[3])
if not q then
  if ARGV[6] == '' then return nil end
  redis.call('SET', KEYS[3], ARGV[6], 'PX', ARGV[7], 'NX')
  q = redis.call('GET', KEYS[3])
end
q = tonumber(q)
redis.call('SET', KEYS[1], 0, 'EX', ARGV[4], 'NX')
redis.call('SET', KEYS[2], 0, 'EX', ARGV[4], 'NX')
local o = tonumber(redis.call('GET', KEYS[1]))
local p = tonumber(redis.call('GET', KEYS[2]))
local k = math.max(0, math.min(tonumber(ARGV[1]), tonumber(ARGV[2]) - o, tonumber(ARGV[3]) - p, tonumber(ARGV[5]) - q))
if k > 0 then
  redis.call('INCRBY', KEYS[1], k)
  redis.call('INCRBY', KEYS[2], k)
  redis.call('INCRBY', KEYS[3], k)
end
return {o, p, q, k, redis.call('PTTL', KEYS[1]), redis.call('PTTL', KEYS[2])}`;

/** Takes one check back from each counter that still exists, never creating one. */
const RELEASE_SCRIPT = `
for _, key in ipairs(KEYS) do
  if redis.call('EXISTS', key) == 1 then redis.call('DECRBY', key, 1) end
end
return 0`;

interface AdmitCommands {
  pfAdmit(org: string, policy: string, month: string, ...args: Array<string | number>): Promise<[number, number, number, number, number, number] | null>;
  pfRelease(org: string, policy: string, month: string): Promise<number>;
}

/** Checks of one policy key in one month waiting for the next admission round trip. */
interface Group {
  orgId: string;
  policyId: string;
  month: MonthBounds;
  limit: number;
  now: Date;
  waiting: Array<{ resolve(info: AdmitInfo): void; reject(err: unknown): void }>;
}

/**
 * Admission of preflight checks: an active license, rate limits per policy key and per
 * organization, and the license's monthly allowance. With Redis (replicas share the counts) the
 * checks that arrive in one turn of the event loop are admitted together, per policy key, by one
 * script that counts them against the three limits at once: one round trip, and the counts as
 * exact as one check at a time. The allowance counter is seeded once per organization and month
 * from the month's preflight records, so no check runs a COUNT over the month. Without Redis, or
 * while it is unreachable, each process counts in memory (rate-limiter-flexible).
 */
export class LimitsService {
  private readonly redis?: Redis & AdmitCommands;
  private readonly windowSeconds: number;
  private readonly policyLimiter: RateLimiterMemory;
  private readonly orgLimiter: RateLimiterMemory;
  /** In-process monthly counters: without Redis, or while Redis is unreachable. */
  private readonly localQuota = new Map<string, { month: string; count: number } | Promise<{ month: string; count: number }>>();
  private redisDown = false;
  private readonly rejected: Counter<'reason'>;
  /** Checks waiting for this turn's admission round trip, by policy key and month. */
  private groups = new Map<string, Group>();

  constructor(
    private readonly deps: ServiceDeps,
    private readonly licenses: LicenseService,
    opts: LimitsOptions = {},
  ) {
    const { config } = deps;
    this.windowSeconds = opts.windowSeconds ?? 60;
    if (config.redisUrl) {
      const redis = new Redis(config.redisUrl, {
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
        commandTimeout: 2000,
        connectionName: 'preflight-limits',
        // Admissions of different policy keys in one turn go out in one write.
        enableAutoPipelining: true,
      });
      redis.defineCommand('pfAdmit', { numberOfKeys: 3, lua: ADMIT_SCRIPT });
      redis.defineCommand('pfRelease', { numberOfKeys: 3, lua: RELEASE_SCRIPT });
      this.redis = redis as Redis & AdmitCommands;
      // ioredis reports connection errors as events; the limits fall back to memory meanwhile.
      redis.on('error', (err) => deps.logger.debug({ ...safeErrorFields(err) }, 'limits redis connection error'));
    }
    const limiter = (scope: string, points: number) =>
      new RateLimiterMemory({ points, duration: this.windowSeconds, keyPrefix: `${config.queuePrefix}:rl:${scope}` });
    this.policyLimiter = limiter('policy', config.rateLimits.policyPerMinute);
    this.orgLimiter = limiter('org', config.rateLimits.orgPerMinute);
    const name = 'preflight_admission_rejected_total';
    this.rejected =
      (deps.metrics.getSingleMetric(name) as Counter<'reason'> | undefined) ??
      new Counter({ name, help: 'Preflight checks refused at admission, by reason', labelNames: ['reason'], registers: [deps.metrics] });
  }

  /**
   * Before a check runs: the organization's license must be active (else 403 license_inactive);
   * the policy key's and the organization's rate limits (else 429 rate_limited) and the monthly
   * allowance (else 429 quota_exceeded, retry_after up to the next UTC month) must have room.
   * Every admitted check counts against the allowance. Returns the tightest of the three for the
   * X-RateLimit-* headers.
   */
  async admit(orgId: string, policyId: string): Promise<AdmitInfo> {
    const now = this.deps.now();
    const license = await this.licenses.currentFor(orgId);
    const status = license ? effectiveStatus(license, now) : 'missing';
    if (!license || status !== 'active') {
      this.rejected.inc({ reason: 'license_inactive' });
      throw new DomainError(
        'license_inactive',
        license
          ? `The organization's license is ${status}; preflight checks are stopped until it is renewed`
          : 'The organization has no license; preflight checks are stopped',
      );
    }
    const month = monthBounds(now);
    if (this.redis?.status !== 'ready') return this.admitInMemory(orgId, policyId, license.maxChecksPerMonth, month, now);
    return new Promise<AdmitInfo>((resolve, reject) => {
      const key = `${policyId}\n${month.label}\n${license.maxChecksPerMonth}`;
      let group = this.groups.get(key);
      if (!group) {
        group = { orgId, policyId, month, limit: license.maxChecksPerMonth, now, waiting: [] };
        if (this.groups.size === 0) setImmediate(() => this.admitGroups());
        this.groups.set(key, group);
      }
      group.waiting.push({ resolve, reject });
    });
  }

  /**
   * Takes back an admitted check that failed before its record was written (invalid input, an
   * unreadable file): its rate-limit points and its place in the allowance of the month it was
   * admitted in, so the counter keeps matching the records.
   */
  async release(orgId: string, policyId: string, admittedAt: Date): Promise<void> {
    const month = monthBounds(admittedAt);
    if (this.redis?.status === 'ready') {
      const released = await this.redis.pfRelease(...this.keys(orgId, policyId, month)).then(
        () => true,
        () => false,
      );
      if (released) return;
    }
    await Promise.all([this.orgLimiter.reward(orgId).catch(() => undefined), this.policyLimiter.reward(policyId).catch(() => undefined)]);
    await this.incrementLocal(orgId, month, -1).catch(() => undefined);
  }

  /** Redis reachable (readiness probe); true when no Redis is configured. */
  async ping(): Promise<boolean> {
    const redis = this.redis;
    if (!redis) return true;
    // Just after start-up the first connection may still be in progress: wait for it briefly
    // rather than report Redis down (a lost connection, 'reconnecting', answers at once).
    if (redis.status === 'wait' || redis.status === 'connecting' || redis.status === 'connect') {
      const ready = await new Promise<boolean>((resolve) => {
        const done = (ok: boolean) => {
          clearTimeout(timer);
          redis.off('ready', onReady).off('error', onFail).off('close', onFail);
          resolve(ok);
        };
        const onReady = () => done(true);
        const onFail = () => done(false);
        const timer = setTimeout(onFail, 2000);
        redis.once('ready', onReady).once('error', onFail).once('close', onFail);
      });
      if (!ready) return false;
    }
    if (redis.status !== 'ready') return false;
    return (await redis.ping().catch(() => '')) === 'PONG';
  }

  /** Key prefixes this service writes in Redis (tests clean them up). */
  redisKeyPatterns(): string[] {
    const p = this.deps.config.queuePrefix;
    return [`${p}:rl:*`, `${p}:quota:*`];
  }

  async close(): Promise<void> {
    if (this.redis) await this.redis.quit().catch(() => this.redis?.disconnect());
  }

  /** Redis keys of the organization's and the policy key's rate windows and the month's allowance. */
  private keys(orgId: string, policyId: string, month: MonthBounds): [string, string, string] {
    const p = this.deps.config.queuePrefix;
    return [`${p}:rl:org:${orgId}`, `${p}:rl:policy:${policyId}`, `${p}:quota:${orgId}:${month.label}`];
  }

  /** One round trip per policy key for the checks that arrived in this turn. */
  private admitGroups(): void {
    const groups = [...this.groups.values()];
    this.groups = new Map();
    for (const g of groups) {
      void this.admitGroup(g).catch((err) => {
        for (const w of g.waiting) w.reject(err);
      });
    }
  }

  private async admitGroup(g: Group): Promise<void> {
    const n = g.waiting.length;
    const { config } = this.deps;
    const keys = this.keys(g.orgId, g.policyId, g.month);
    const args = [n, config.rateLimits.orgPerMinute, config.rateLimits.policyPerMinute, this.windowSeconds, g.limit];
    let r: Awaited<ReturnType<AdmitCommands['pfAdmit']>>;
    try {
      r = await this.redis!.pfAdmit(...keys, ...args, '', QUOTA_TTL_MS);
      if (r === null) r = await this.redis!.pfAdmit(...keys, ...args, await this.countMonth(g.orgId, g.month), QUOTA_TTL_MS);
      if (this.redisDown) this.deps.logger.info('rate limits and monthly allowance counters back on redis');
      this.redisDown = false;
    } catch (err) {
      if (!this.redisDown) this.deps.logger.warn({ ...safeErrorFields(err) }, 'rate limits and monthly allowance counters fall back to this process');
      this.redisDown = true;
      for (const w of g.waiting) this.admitInMemory(g.orgId, g.policyId, g.limit, g.month, g.now).then(w.resolve, w.reject);
      return;
    }
    const [org, policy, month, admitted, orgMs, policyMs] = r!.map(Number);
    const now = Date.now();
    const resetAt = (ms: number) => Math.ceil((now + Math.max(0, ms)) / 1000);
    const monthReset = Math.floor(g.month.next / 1000);
    g.waiting.forEach((w, i) => {
      if (i < admitted) {
        const tightest = [
          { limit: config.rateLimits.policyPerMinute, remaining: config.rateLimits.policyPerMinute - policy - i - 1, resetAtUnix: resetAt(policyMs) },
          { limit: config.rateLimits.orgPerMinute, remaining: config.rateLimits.orgPerMinute - org - i - 1, resetAtUnix: resetAt(orgMs) },
          { limit: g.limit, remaining: g.limit - month - i - 1, resetAtUnix: monthReset },
        ].reduce((t, x) => (x.remaining < t.remaining ? x : t));
        w.resolve(tightest);
      } else if (org + admitted >= config.rateLimits.orgPerMinute) {
        w.reject(this.rateLimited(config.rateLimits.orgPerMinute, orgMs, 'organization'));
      } else if (policy + admitted >= config.rateLimits.policyPerMinute) {
        w.reject(this.rateLimited(config.rateLimits.policyPerMinute, policyMs, 'policy key'));
      } else {
        w.reject(this.quotaExceeded(g.limit, g.month, g.now));
      }
    });
  }

  /** Admission counted by this process alone (no Redis, or Redis unreachable). */
  private async admitInMemory(orgId: string, policyId: string, limit: number, month: MonthBounds, now: Date): Promise<AdmitInfo> {
    // Both rate limits; a refused check takes back what the other limiter counted, so an
    // organization-wide 429 never uses up a policy key's points.
    const [perOrg, perPolicy] = await Promise.allSettled([this.consume(this.orgLimiter, orgId, 'organization'), this.consume(this.policyLimiter, policyId, 'policy key')]);
    if (perOrg.status === 'rejected' || perPolicy.status === 'rejected') {
      if (perOrg.status === 'fulfilled') await this.orgLimiter.reward(orgId).catch(() => undefined);
      if (perPolicy.status === 'fulfilled') await this.policyLimiter.reward(policyId).catch(() => undefined);
      throw perOrg.status === 'rejected' ? perOrg.reason : (perPolicy as PromiseRejectedResult).reason;
    }
    let count: number;
    try {
      count = await this.incrementLocal(orgId, month, 1);
      if (count > limit) {
        await this.incrementLocal(orgId, month, -1);
        throw this.quotaExceeded(limit, month, now);
      }
    } catch (err) {
      await Promise.all([this.orgLimiter.reward(orgId).catch(() => undefined), this.policyLimiter.reward(policyId).catch(() => undefined)]);
      throw err;
    }
    const monthly = { limit, remaining: limit - count, resetAtUnix: Math.floor(month.next / 1000) };
    return [perPolicy.value, perOrg.value, monthly].reduce((tightest, x) => (x.remaining < tightest.remaining ? x : tightest));
  }

  private async consume(limiter: RateLimiterMemory, key: string, scope: string): Promise<AdmitInfo> {
    try {
      const r = await limiter.consume(key);
      return { limit: limiter.points, remaining: r.remainingPoints, resetAtUnix: Math.ceil((Date.now() + r.msBeforeNext) / 1000) };
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
      throw this.rateLimited(limiter.points, err.msBeforeNext, scope);
    }
  }

  private rateLimited(points: number, msBeforeNext: number, scope: string): DomainError {
    const retry = Math.max(1, Math.ceil(msBeforeNext / 1000));
    this.rejected.inc({ reason: 'rate_limited' });
    const window = this.windowSeconds === 60 ? 'minute' : `${this.windowSeconds} seconds`;
    return new DomainError(
      'rate_limited',
      `Rate limit of ${points} checks per ${window} for this ${scope} reached; retry after ${retry} s`,
      undefined,
      { retryAfterSeconds: retry, limit: points, remaining: 0, resetAtUnix: Math.ceil((Date.now() + msBeforeNext) / 1000) },
    );
  }

  private quotaExceeded(limit: number, month: MonthBounds, now: Date): DomainError {
    this.rejected.inc({ reason: 'quota_exceeded' });
    const info: RateLimitInfo = {
      retryAfterSeconds: Math.max(1, Math.ceil((month.next - now.getTime()) / 1000)),
      limit,
      remaining: 0,
      resetAtUnix: Math.floor(month.next / 1000),
    };
    return new DomainError(
      'quota_exceeded',
      `The organization has used its allowance of ${limit} checks this month; it renews at the start of next month (UTC)`,
      undefined,
      info,
    );
  }

  private async incrementLocal(orgId: string, month: MonthBounds, by: 1 | -1): Promise<number> {
    let entry = this.localQuota.get(orgId);
    if (entry instanceof Promise) entry = await entry;
    if (!entry || entry.month !== month.label) {
      const seeding = this.countMonth(orgId, month).then((count) => ({ month: month.label, count }));
      this.localQuota.set(orgId, seeding);
      try {
        entry = await seeding;
      } catch (err) {
        this.localQuota.delete(orgId);
        throw err;
      }
      // Concurrent callers awaited the same seed; the first to get here stores the plain entry.
      const current = this.localQuota.get(orgId);
      if (current === seeding) this.localQuota.set(orgId, entry);
      else if (current && !(current instanceof Promise)) entry = current;
    }
    entry.count += by;
    return entry.count;
  }

  /** Preflight records of the organization in the month: the seed of its counter. */
  private async countMonth(orgId: string, month: MonthBounds): Promise<number> {
    const [row] = await this.deps.ds.query(
      'SELECT COUNT(*) AS n FROM preflight_records WHERE org_id = ? AND created_at >= ? AND created_at < ?',
      [orgId, month.start, month.next],
    );
    return Number(row?.n ?? 0);
  }
}
