import type { ServiceDeps } from './deps';
import { AuthService } from './auth.service';
import { OrganizationService } from './organization.service';
import { ApiKeyService } from './api-key.service';
import { PolicyService } from './policy.service';
import { LicenseService } from './license.service';
import { PreflightService, type PreflightHooks } from './preflight/preflight.service';
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
  const preflight = new PreflightService(deps, preflightHooks);
  const tasks: BackgroundTask[] = [
    periodicTask('content-sweeper', CONTENT_SWEEP_MS, () => preflight.sweepExpiredContent(), deps.logger),
  ];
  const probes: Record<string, () => Promise<boolean>> = {};
  const closers: Array<() => Promise<unknown>> = [closePool];

  return {
    auth: new AuthService(deps),
    orgs,
    apiKeys: new ApiKeyService(deps, orgs),
    policies: new PolicyService(deps, orgs),
    licenses: new LicenseService(deps, orgs, keys),
    preflight,
    backgroundTasks: () => tasks,
    readinessProbes: () => probes,
    close: async () => {
      for (const c of closers) await c();
    },
  };
}
