import type { ServiceDeps } from './deps';
import { AuthService } from './auth.service';
import { OrganizationService } from './organization.service';
import { ApiKeyService } from './api-key.service';
import { PolicyService } from './policy.service';
import { LicenseService } from './license.service';
import { PreflightService, type PreflightHooks } from './preflight/preflight.service';
import { AnalyticsService } from './analytics.service';
import { AuditService } from './audit.service';
import { LimitsService } from './limits.service';
import { ForwardingService } from './forwarding/forwarding.service';
import { SessionService } from './session.service';
import type { SigningKeys } from './signing-keys';
import { periodicTask, type BackgroundTask } from '../lib/background';
import { closePool } from '../scanner/pool';

/** The service layer: the only code that touches repositories and queues. */
export interface Services {
  auth: AuthService;
  orgs: OrganizationService;
  apiKeys: ApiKeyService;
  policies: PolicyService;
  licenses: LicenseService;
  preflight: PreflightService;
  audit: AuditService;
  analytics: AnalyticsService;
  /** Admission of checks: license, rate limits, monthly allowance (called through preflightHooks.admit). */
  limits: LimitsService;
  forwarding: ForwardingService;
  /** Console sign-in: sessions exchanged for the operator or an organization key. */
  sessions: SessionService;
  /** Background duties of the services (sweepers, delivery drivers). */
  backgroundTasks(): BackgroundTask[];
  /** Extra readiness checks (for example Redis), by name. */
  readinessProbes(): Record<string, () => Promise<boolean>>;
  /** Releases connections the services hold (Redis, worker pools). */
  close(): Promise<void>;
}

const CONTENT_SWEEP_MS = 60_000;

export function createServices(deps: ServiceDeps, keys: SigningKeys): Services {
  const orgs = new OrganizationService(deps);
  /** Other areas plug into every check here: admission, same-transaction work, after-commit work. */
  const preflightHooks: PreflightHooks = { inTransaction: [], afterCommit: [] };
  const preflight = new PreflightService(deps, preflightHooks, orgs);
  const tasks: BackgroundTask[] = [
    periodicTask('content-sweeper', CONTENT_SWEEP_MS, () => preflight.sweepExpiredContent(), deps.logger),
  ];
  const probes: Record<string, () => Promise<boolean>> = {};
  const closers: Array<() => Promise<unknown>> = [closePool];

  const licenses = new LicenseService(deps, orgs, keys);
  const analytics = new AnalyticsService(deps, orgs);
  const audit = new AuditService(deps, orgs, analytics);
  const limits = new LimitsService(deps, licenses);
  preflightHooks.admit = (orgId, policyId) => limits.admit(orgId, policyId);
  preflightHooks.inTransaction.push((em, record) => analytics.recordFindings(em, record));
  tasks.push(
    periodicTask('audit-retention-sweeper', deps.config.auditSweepIntervalMs, () => audit.sweep(), deps.logger),
    periodicTask('analytics-rollup', deps.config.analyticsRollupIntervalMs, () => analytics.rollUpAll(), deps.logger),
  );
  if (deps.config.redisUrl) probes['redis-limits'] = () => limits.ping();
  closers.push(() => limits.close());
  // Audit forwarding: an outbox row per enabled destination in the check's transaction, handed to the driver after commit.
  const forwarding = new ForwardingService(deps, orgs);
  preflightHooks.inTransaction.push((em, record) => forwarding.enqueueForRecord(em, record));
  preflightHooks.afterCommit.push((recordId) => forwarding.afterCommit(recordId));
  tasks.push(...forwarding.backgroundTasks());
  Object.assign(probes, forwarding.readinessProbes());
  closers.push(() => forwarding.close());

  const auth = new AuthService(deps);
  return {
    auth,
    sessions: new SessionService(deps, auth),
    orgs,
    apiKeys: new ApiKeyService(deps, orgs),
    policies: new PolicyService(deps, orgs),
    licenses,
    preflight,
    audit,
    analytics,
    limits,
    forwarding,
    backgroundTasks: () => tasks,
    readinessProbes: () => probes,
    close: async () => {
      for (const c of closers) await c();
    },
  };
}
