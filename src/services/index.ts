import type { ServiceDeps } from './deps';
import { AuthService } from './auth.service';
import { OrganizationService } from './organization.service';
import { ApiKeyService } from './api-key.service';
import { PolicyService } from './policy.service';
import { LicenseService } from './license.service';
import { PreflightService } from './preflight/preflight.service';
import { RecordWriter } from './preflight/record-writer';
import { ClientDecisionService } from './preflight/client-decisions.service';
import { AnalyticsService } from './analytics.service';
import { CheckCounter } from './analytics/check-counter';
import { RollupStore } from './analytics/rollup-store';
import { AuditService } from './audit.service';
import { auditSearchListener } from './audit-search';
import { LimitsService } from './limits.service';
import { ForwardingService } from './forwarding/forwarding.service';
import { SessionService } from './session.service';
import { LookupCache } from './lookup-cache';
import type { SigningKeys } from './signing-keys';
import { periodicTask, type BackgroundTask } from '../lib/background';
import { closePool, configureScanPool } from '../scanner/pool';

/** The service layer: the only code that touches repositories and queues. */
export interface Services {
  auth: AuthService;
  orgs: OrganizationService;
  apiKeys: ApiKeyService;
  policies: PolicyService;
  licenses: LicenseService;
  preflight: PreflightService;
  /** Group commit of preflight records with their analytics and outbox rows; other ingest paths write through it too. */
  recordWriter: RecordWriter;
  /** Decisions made by client libraries, recorded like checks (same hooks). */
  clientDecisions: ClientDecisionService;
  audit: AuditService;
  analytics: AnalyticsService;
  /** Daily roll-ups and per-record finding counts behind analytics and audit totals. */
  rollups: RollupStore;
  /** Admission of checks: license, rate limits, monthly allowance (a required part of the preflight service). */
  limits: LimitsService;
  forwarding: ForwardingService;
  /** Console sign-in: sessions exchanged for the operator or an organization key. */
  sessions: SessionService;
  /** Policies, organizations, licenses and destinations as the check path reads them. */
  lookups: LookupCache;
  /** Background duties of the services (sweepers, delivery drivers). */
  backgroundTasks(): BackgroundTask[];
  /** Extra readiness checks (for example Redis), by name. */
  readinessProbes(): Record<string, () => Promise<boolean>>;
  /** Releases connections the services hold (Redis, worker pools). */
  close(): Promise<void>;
}

const CONTENT_SWEEP_MS = 60_000;

export function createServices(deps: ServiceDeps, keys: SigningKeys): Services {
  configureScanPool(deps.config.scanPool);
  const lookups = new LookupCache(deps);
  const auth = new AuthService(deps, lookups);
  const orgs = new OrganizationService(deps);
  const licenses = new LicenseService(deps, orgs, keys, lookups);
  const rollups = new RollupStore(deps, orgs);
  const analytics = new AnalyticsService(deps, orgs, rollups);
  const audit = new AuditService(deps, orgs, new CheckCounter(deps, rollups), rollups);
  const limits = new LimitsService(deps, licenses);
  const forwarding = new ForwardingService(deps, orgs, lookups);
  // Every stored check: its finding counts and its outbox rows in the records' transaction.
  const recordWriter = new RecordWriter(deps, [rollups.recordListener, forwarding.recordListener, auditSearchListener(deps.ds.options.type === 'mysql')]);
  const preflight = new PreflightService(deps, { cache: lookups, admission: limits, records: recordWriter, orgs });

  const tasks: BackgroundTask[] = [
    periodicTask('content-sweeper', CONTENT_SWEEP_MS, () => preflight.sweepExpiredContent(), deps.logger),
    periodicTask('audit-retention-sweeper', deps.config.auditSweepIntervalMs, () => audit.sweep(), deps.logger),
    periodicTask('analytics-rollup', deps.config.analyticsRollupIntervalMs, () => rollups.rollUpAll(), deps.logger),
    ...forwarding.backgroundTasks(),
  ];
  const probes: Record<string, () => Promise<boolean>> = { ...forwarding.readinessProbes() };
  if (deps.config.redisUrl) probes['redis-limits'] = () => limits.ping();
  // Records first (queued checks still commit), then what they hand work to.
  const closers: Array<() => Promise<unknown>> = [
    () => recordWriter.close(),
    closePool,
    () => limits.close(),
    () => forwarding.close(),
    () => lookups.close(),
  ];

  return {
    auth,
    sessions: new SessionService(deps, auth),
    orgs,
    apiKeys: new ApiKeyService(deps, orgs),
    policies: new PolicyService(deps, orgs),
    licenses,
    preflight,
    recordWriter,
    clientDecisions: new ClientDecisionService(deps, lookups, limits, recordWriter),
    audit,
    analytics,
    rollups,
    limits,
    forwarding,
    lookups,
    backgroundTasks: () => tasks,
    readinessProbes: () => probes,
    close: async () => {
      for (const c of closers) await c();
    },
  };
}
