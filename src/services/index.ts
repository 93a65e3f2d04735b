import type { ServiceDeps } from './deps';
import { AuthService } from './auth.service';
import { OrganizationService } from './organization.service';
import { ApiKeyService } from './api-key.service';
import { PolicyService } from './policy.service';
import { LicenseService } from './license.service';
import type { SigningKeys } from './signing-keys';
import type { BackgroundTask } from '../runtime';

/** The service layer: the only code that touches repositories and queues. */
export interface Services {
  auth: AuthService;
  orgs: OrganizationService;
  apiKeys: ApiKeyService;
  policies: PolicyService;
  licenses: LicenseService;
  /** Background duties of the services (sweepers, delivery drivers). */
  backgroundTasks(): BackgroundTask[];
  /** Extra readiness checks (for example Redis), by name. */
  readinessProbes(): Record<string, () => Promise<boolean>>;
  /** Releases connections the services hold (Redis, worker pools). */
  close(): Promise<void>;
}

export function createServices(deps: ServiceDeps, keys: SigningKeys): Services {
  const orgs = new OrganizationService(deps);
  return {
    auth: new AuthService(deps),
    orgs,
    apiKeys: new ApiKeyService(deps, orgs),
    policies: new PolicyService(deps, orgs),
    licenses: new LicenseService(deps, orgs, keys),
    backgroundTasks: () => [],
    readinessProbes: () => ({}),
    close: async () => undefined,
  };
}
