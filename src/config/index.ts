import path from 'node:path';
import { DEFAULT_PARSE_LIMITS } from '../extract/limits';
import type { ScanPoolSettings } from '../scanner/pool';
import { z } from 'zod';
import { StartupError } from '../lib/lifecycle';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const msList = z
  .string()
  .regex(/^\d+(,\d+)*$/, 'a comma-separated list of milliseconds')
  .transform((v) => v.split(',').map(Number));

/** Every environment variable the service reads, validated once. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  HOST: z.string().default('127.0.0.1'),
  PREFLIGHT_DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^mysql:\/\//, 'must start with mysql://')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  // A key of blanks (or one padded with them) could never be sent back in a Bearer header.
  PREFLIGHT_ADMIN_KEY: z
    .string()
    .refine((v) => v.trim() === v, 'must not start or end with blanks')
    .refine((v) => v.replace(/\s/g, '').length >= 16, 'must hold at least 16 non-blank characters')
    .optional(),
  PREFLIGHT_ENCRYPTION_KEY: z.string().optional(),
  PREFLIGHT_LICENSE_PRIVATE_KEY: z.string().optional(),
  PREFLIGHT_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PREFLIGHT_MAX_BODY_BYTES: z.coerce.number().int().positive().default(10 * 1024 * 1024),
  PREFLIGHT_PUBLIC_URL: z.string().url().optional(),
  PREFLIGHT_MASKED_FILE_TTL_SECONDS: z.coerce.number().int().positive().default(3600),
  PREFLIGHT_SESSION_TTL_HOURS: z.coerce.number().int().min(1).max(720).default(12),
  PREFLIGHT_TRIAL_DAYS: z.coerce.number().int().positive().default(30),
  PREFLIGHT_TRIAL_MAX_CHECKS: z.coerce.number().int().positive().default(10_000),
  PREFLIGHT_RATE_LIMIT_POLICY_PER_MINUTE: z.coerce.number().int().positive().default(6000),
  PREFLIGHT_RATE_LIMIT_ORG_PER_MINUTE: z.coerce.number().int().positive().default(30000),
  PREFLIGHT_AUDIT_RETENTION_DAYS: z.coerce.number().int().positive().default(400),
  PREFLIGHT_AUDIT_SWEEP_INTERVAL_MS: z.coerce.number().int().positive().default(3_600_000),
  PREFLIGHT_ANALYTICS_ROLLUP_INTERVAL_MS: z.coerce.number().int().positive().default(600_000),
  PREFLIGHT_FORWARD_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(3),
  PREFLIGHT_FORWARD_BACKOFF_MS: msList.default([60_000, 120_000, 240_000]),
  PREFLIGHT_FORWARD_INTERVAL_MS: z.coerce.number().int().positive().default(10_000),
  PREFLIGHT_FORWARD_TEST_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  PREFLIGHT_FORWARD_DELIVERY_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  PREFLIGHT_FORWARD_CONCURRENCY: z.coerce.number().int().positive().default(64),
  PREFLIGHT_FORWARD_STALLED_MS: z.coerce.number().int().min(500).default(30_000),
  PREFLIGHT_FORWARD_CA_FILE: z.string().optional(),
  NODE_EXTRA_CA_CERTS: z.string().optional(),
  PREFLIGHT_ALLOW_PRIVATE_DESTINATIONS: bool.default(false),
  PREFLIGHT_ALLOW_INSECURE_DESTINATIONS: bool.default(false),
  PREFLIGHT_RUN_WORKER: bool.default(true),
  PREFLIGHT_QUEUE_PREFIX: z.string().regex(/^[a-z0-9:_-]+$/).default('preflight'),
  PREFLIGHT_SCAN_QUEUE_MAX: z.coerce.number().int().min(0).default(16),
  PREFLIGHT_SCAN_WORKER_HEAP_MB: z.coerce.number().int().min(64).default(1024),
  PREFLIGHT_FILE_PARSE_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  PREFLIGHT_FILE_MAX_PAGES: z.coerce.number().int().positive().default(DEFAULT_PARSE_LIMITS.maxPages),
  PREFLIGHT_FILE_MAX_PARAGRAPHS: z.coerce.number().int().positive().default(DEFAULT_PARSE_LIMITS.maxParagraphs),
  PREFLIGHT_FILE_MAX_UNZIPPED_BYTES: z.coerce.number().int().positive().default(DEFAULT_PARSE_LIMITS.maxUnzippedBytes),
  PREFLIGHT_FILE_MAX_ZIP_ENTRIES: z.coerce.number().int().positive().default(DEFAULT_PARSE_LIMITS.maxZipEntries),
  PREFLIGHT_FILE_MAX_ZIP_RATIO: z.coerce.number().int().positive().default(DEFAULT_PARSE_LIMITS.maxZipRatio),
  PREFLIGHT_API_PROCESSES: z.coerce.number().int().min(1).max(64).default(1),
  PREFLIGHT_SQLITE_SYNCHRONOUS: z.enum(['full', 'normal']).default('normal'),
});


export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  adminKey?: string;
  encryptionKey?: string;
  licensePrivateKey?: string;
  logLevel: string;
  maxBodyBytes: number;
  publicUrl?: string;
  maskedFileTtlSeconds: number;
  /** How long a console session lasts after sign-in. */
  sessionTtlHours: number;
  trial: { days: number; maxChecksPerMonth: number };
  rateLimits: { policyPerMinute: number; orgPerMinute: number };
  auditRetentionDays: number;
  /** How often records past the audit retention are purged. */
  auditSweepIntervalMs: number;
  /** How often sealed days are rolled up for analytics (reads also roll up lazily). */
  analyticsRollupIntervalMs: number;
  forwarding: {
    maxAttempts: number;
    backoffMs: number[];
    intervalMs: number;
    testTimeoutMs: number;
    deliveryTimeoutMs: number;
    concurrency: number;
    /** How long a crashed worker's delivery stays claimed before another worker takes it over. */
    stalledMs: number;
    /** Extra CA bundle (PEM) trusted for destinations, beside the system store and NODE_EXTRA_CA_CERTS. */
    caFile?: string;
    /** NODE_EXTRA_CA_CERTS, re-read when caFile replaces the default trust store. */
    nodeExtraCaFile?: string;
    allowPrivate: boolean;
    allowInsecure: boolean;
    runWorker: boolean;
  };
  queuePrefix: string;
  /** Bounds of the scanning/parsing worker pool and of file parsing. */
  scanPool: ScanPoolSettings;
  /** API processes `npm start` runs on the port (the Node cluster module); above 1 needs Redis. */
  apiProcesses: number;
  /** SQLite `synchronous` of the record writer's connection (README: Throughput and durability). */
  sqliteSynchronous: 'FULL' | 'NORMAL';
}

/** Thrown at start-up when the environment is invalid; names the variable, never its value. */
export class ConfigError extends StartupError {}

/** Reads and validates the environment once; the result is frozen. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Readonly<Config> {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  if (e.PREFLIGHT_API_PROCESSES > 1 && !e.REDIS_URL) {
    // Rate limits and the monthly allowance are shared between processes through Redis only.
    throw new ConfigError('Invalid configuration:\n  PREFLIGHT_API_PROCESSES: above 1 needs REDIS_URL (processes share rate limits and the monthly allowance through Redis)');
  }
  const config: Config = {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.PREFLIGHT_DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    adminKey: e.PREFLIGHT_ADMIN_KEY,
    encryptionKey: e.PREFLIGHT_ENCRYPTION_KEY,
    licensePrivateKey: e.PREFLIGHT_LICENSE_PRIVATE_KEY,
    logLevel: e.PREFLIGHT_LOG_LEVEL,
    maxBodyBytes: e.PREFLIGHT_MAX_BODY_BYTES,
    publicUrl: e.PREFLIGHT_PUBLIC_URL?.replace(/\/+$/, ''),
    maskedFileTtlSeconds: e.PREFLIGHT_MASKED_FILE_TTL_SECONDS,
    sessionTtlHours: e.PREFLIGHT_SESSION_TTL_HOURS,
    trial: { days: e.PREFLIGHT_TRIAL_DAYS, maxChecksPerMonth: e.PREFLIGHT_TRIAL_MAX_CHECKS },
    rateLimits: {
      policyPerMinute: e.PREFLIGHT_RATE_LIMIT_POLICY_PER_MINUTE,
      orgPerMinute: e.PREFLIGHT_RATE_LIMIT_ORG_PER_MINUTE,
    },
    auditRetentionDays: e.PREFLIGHT_AUDIT_RETENTION_DAYS,
    auditSweepIntervalMs: e.PREFLIGHT_AUDIT_SWEEP_INTERVAL_MS,
    analyticsRollupIntervalMs: e.PREFLIGHT_ANALYTICS_ROLLUP_INTERVAL_MS,
    forwarding: {
      maxAttempts: e.PREFLIGHT_FORWARD_MAX_ATTEMPTS,
      backoffMs: e.PREFLIGHT_FORWARD_BACKOFF_MS,
      intervalMs: e.PREFLIGHT_FORWARD_INTERVAL_MS,
      testTimeoutMs: e.PREFLIGHT_FORWARD_TEST_TIMEOUT_MS,
      deliveryTimeoutMs: e.PREFLIGHT_FORWARD_DELIVERY_TIMEOUT_MS,
      concurrency: e.PREFLIGHT_FORWARD_CONCURRENCY,
      stalledMs: e.PREFLIGHT_FORWARD_STALLED_MS,
      caFile: e.PREFLIGHT_FORWARD_CA_FILE,
      nodeExtraCaFile: e.NODE_EXTRA_CA_CERTS,
      allowPrivate: e.PREFLIGHT_ALLOW_PRIVATE_DESTINATIONS,
      allowInsecure: e.PREFLIGHT_ALLOW_INSECURE_DESTINATIONS,
      runWorker: e.PREFLIGHT_RUN_WORKER,
    },
    queuePrefix: e.PREFLIGHT_QUEUE_PREFIX,
    scanPool: {
      smallScansInThreads: e.PREFLIGHT_API_PROCESSES === 1,
      maxQueue: e.PREFLIGHT_SCAN_QUEUE_MAX,
      heapMb: e.PREFLIGHT_SCAN_WORKER_HEAP_MB,
      parseTimeoutMs: e.PREFLIGHT_FILE_PARSE_TIMEOUT_MS,
      parseLimits: {
        maxPages: e.PREFLIGHT_FILE_MAX_PAGES,
        maxParagraphs: e.PREFLIGHT_FILE_MAX_PARAGRAPHS,
        maxUnzippedBytes: e.PREFLIGHT_FILE_MAX_UNZIPPED_BYTES,
        maxZipEntries: e.PREFLIGHT_FILE_MAX_ZIP_ENTRIES,
        maxZipRatio: e.PREFLIGHT_FILE_MAX_ZIP_RATIO,
      },
    },
    apiProcesses: e.PREFLIGHT_API_PROCESSES,
    sqliteSynchronous: e.PREFLIGHT_SQLITE_SYNCHRONOUS === 'full' ? 'FULL' : 'NORMAL',
  };
  return deepFreeze(config);
}

function deepFreeze<T extends object>(o: T): Readonly<T> {
  for (const v of Object.values(o)) if (v && typeof v === 'object') deepFreeze(v);
  return Object.freeze(o);
}
