import Redis from 'ioredis';
import { Counter } from 'prom-client';
import { RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { DomainError, RateLimitInfo } from '../errors';
import { safeErrorFields } from '../lib/logger';
import type { ServiceDeps } from './deps';
import { DAY_MS, monthBounds } from './time';
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
 * Increments a counter, seeding it first when absent: returns nil when absent and no seed was
 * given, so the caller counts the month's records once and calls again with the seed.
 */
const QUOTA_SCRIPT = `
local v = redis.call('GET', KEYS[1])
if not v then
  if ARGV[1] == '' then return nil end
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2], 'NX')
end
return redis.call('INCRBY', KEYS[1], ARGV[3])`;

/** Takes back an increment, never creating the counter. */
const QUOTA_UNDO_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('DECRBY', KEYS[1], 1) end
return nil`;

/**
 * Admission of preflight checks: an active license, rate limits per policy key and per
 * organization (rate-limiter-flexible: in memory, or in Redis so replicas share counts), and the
 * license's monthly allowance. The allowance counter is seeded once per organization and month
 * from the month's preflight records and then incremented per admitted check (in Redis when
 * configured), so no check runs a COUNT over the month.
 */
export class LimitsService {
  private readonly redis?: Redis;
  private readonly windowSeconds: number;
  private readonly policyLimiter: RateLimiterAbstract;
  private readonly orgLimiter: RateLimiterAbstract;
  /** In-process monthly counters: without Redis, or while Redis is unreachable. */
  private readonly localQuota = new Map<string, { month: string; count: number } | Promise<{ month: string; count: number }>>();
  private redisQuotaDown = false;
  private readonly rejected: Counter<'reason'>;

  constructor(
    private readonly deps: ServiceDeps,
    private readonly licenses: LicenseService,
    opts: LimitsOptions = {},
  ) {
    const { config } = deps;
    this.windowSeconds = opts.windowSeconds ?? 60;
    if (config.redisUrl) {
      this.redis = new Redis(config.redisUrl, {
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
        commandTimeout: 2000,
        connectionName: 'preflight-limits',
        // The two rate limiters' commands of a check, and those of concurrent checks, go out in
        // one write: a write per command costs the event loop more than the command.
        enableAutoPipelining: true,
      });
      // ioredis reports connection errors as events; the limiters fall back to memory meanwhile.
      this.redis.on('error', (err) => deps.logger.debug({ ...safeErrorFields(err) }, 'limits redis connection error'));
    }
    this.policyLimiter = this.limiter('policy', config.rateLimits.policyPerMinute);
    this.orgLimiter = this.limiter('org', config.rateLimits.orgPerMinute);
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
    // Both rate limits at once (one round trip with Redis); a refused check takes back what the
    // other limiter counted, so an organization-wide 429 never uses up a policy key's points.
    const [perOrg, perPolicy] = await Promise.allSettled([
      this.consume(this.orgLimiter, orgId, 'organization'),
      this.consume(this.policyLimiter, policyId, 'policy key'),
    ]);
    if (perOrg.status === 'rejected' || perPolicy.status === 'rejected') {
      if (perOrg.status === 'fulfilled') await this.orgLimiter.reward(orgId).catch(() => undefined);
      if (perPolicy.status === 'fulfilled') await this.policyLimiter.reward(policyId).catch(() => undefined);
      throw perOrg.status === 'rejected' ? perOrg.reason : (perPolicy as PromiseRejectedResult).reason;
    }
    let monthly: AdmitInfo;
    try {
      monthly = await this.consumeAllowance(orgId, license.maxChecksPerMonth, now);
    } catch (err) {
      await this.rewardRates(orgId, policyId);
      throw err;
    }
    return [perPolicy.value, perOrg.value, monthly].reduce((tightest, x) => (x.remaining < tightest.remaining ? x : tightest));
  }

  /**
   * Takes back an admitted check that failed before its record was written (invalid input, an
   * unreadable file): its rate-limit points and its place in the allowance of the month it was
   * admitted in, so the counter keeps matching the records.
   */
  async release(orgId: string, policyId: string, admittedAt: Date): Promise<void> {
    await this.rewardRates(orgId, policyId);
    await this.incrementMonth(orgId, monthBounds(admittedAt), -1).catch(() => undefined);
  }

  private async rewardRates(orgId: string, policyId: string): Promise<void> {
    await Promise.all([this.orgLimiter.reward(orgId).catch(() => undefined), this.policyLimiter.reward(policyId).catch(() => undefined)]);
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

  private limiter(scope: 'policy' | 'org', points: number): RateLimiterAbstract {
    const keyPrefix = `${this.deps.config.queuePrefix}:rl:${scope}`;
    const memory = new RateLimiterMemory({ points, duration: this.windowSeconds, keyPrefix });
    if (!this.redis) return memory;
    // When Redis is down each replica limits on its own until it is back.
    return new RateLimiterRedis({
      storeClient: this.redis,
      points,
      duration: this.windowSeconds,
      keyPrefix,
      rejectIfRedisNotReady: true,
      insuranceLimiter: memory,
    });
  }

  private async consume(limiter: RateLimiterAbstract, key: string, scope: string): Promise<AdmitInfo> {
    try {
      const r = await limiter.consume(key);
      return { limit: limiter.points, remaining: r.remainingPoints, resetAtUnix: Math.ceil((Date.now() + r.msBeforeNext) / 1000) };
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err;
      const retry = Math.max(1, Math.ceil(err.msBeforeNext / 1000));
      this.rejected.inc({ reason: 'rate_limited' });
      const window = this.windowSeconds === 60 ? 'minute' : `${this.windowSeconds} seconds`;
      throw new DomainError(
        'rate_limited',
        `Rate limit of ${limiter.points} checks per ${window} for this ${scope} reached; retry after ${retry} s`,
        undefined,
        { retryAfterSeconds: retry, limit: limiter.points, remaining: 0, resetAtUnix: Math.ceil((Date.now() + err.msBeforeNext) / 1000) },
      );
    }
  }

  private async consumeAllowance(orgId: string, limit: number, now: Date): Promise<AdmitInfo> {
    const month = monthBounds(now);
    const resetAtUnix = Math.floor(month.next / 1000);
    const count = await this.incrementMonth(orgId, month, 1);
    if (count > limit) {
      await this.incrementMonth(orgId, month, -1);
      this.rejected.inc({ reason: 'quota_exceeded' });
      const info: RateLimitInfo = {
        retryAfterSeconds: Math.max(1, Math.ceil((month.next - now.getTime()) / 1000)),
        limit,
        remaining: 0,
        resetAtUnix,
      };
      throw new DomainError(
        'quota_exceeded',
        `The organization has used its allowance of ${limit} checks this month; it renews at the start of next month (UTC)`,
        undefined,
        info,
      );
    }
    return { limit, remaining: limit - count, resetAtUnix };
  }

  /** Adds `by` to the organization's counter for the month and returns the new value. */
  private async incrementMonth(orgId: string, month: ReturnType<typeof monthBounds>, by: 1 | -1): Promise<number> {
    if (this.redis && this.redis.status === 'ready') {
      try {
        const key = `${this.deps.config.queuePrefix}:quota:${orgId}:${month.label}`;
        if (by === -1) return Number(await this.redis.eval(QUOTA_UNDO_SCRIPT, 1, key));
        let v = await this.redis.eval(QUOTA_SCRIPT, 1, key, '', QUOTA_TTL_MS, by);
        if (v === null) v = await this.redis.eval(QUOTA_SCRIPT, 1, key, await this.countMonth(orgId, month), QUOTA_TTL_MS, by);
        if (this.redisQuotaDown) this.deps.logger.info('monthly allowance counters back on redis');
        this.redisQuotaDown = false;
        return Number(v);
      } catch (err) {
        if (!this.redisQuotaDown) this.deps.logger.warn({ ...safeErrorFields(err) }, 'monthly allowance counters fall back to this process');
        this.redisQuotaDown = true;
      }
    }
    return this.incrementLocal(orgId, month, by);
  }

  private async incrementLocal(orgId: string, month: ReturnType<typeof monthBounds>, by: 1 | -1): Promise<number> {
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
  private async countMonth(orgId: string, month: ReturnType<typeof monthBounds>): Promise<number> {
    const [row] = await this.deps.ds.query(
      'SELECT COUNT(*) AS n FROM preflight_records WHERE org_id = ? AND created_at >= ? AND created_at < ?',
      [orgId, month.start, month.next],
    );
    return Number(row?.n ?? 0);
  }
}
