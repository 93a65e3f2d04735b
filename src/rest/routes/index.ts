import type { Services } from '../../services';
import type { Config } from '../../config';
import type { RouteDef } from '../route';
import { organizationRoutes } from './organization.route';
import { policyRoutes } from './policy.route';
import { licenseRoutes } from './license.route';
import { preflightRoutes } from './preflight.route';
import { auditRoutes } from './audit.route';
import { analyticsRoutes } from './analytics.route';
import { forwardingRoutes } from './forwarding.route';
import { sessionRoutes } from './session.route';

/** Every REST operation. Add new route modules here. */
export function restRoutes(s: Services, config: Readonly<Config>): RouteDef[] {
  return [...organizationRoutes(s), ...policyRoutes(s), ...licenseRoutes(s), ...preflightRoutes(s, config.maxBodyBytes), ...auditRoutes(s), ...analyticsRoutes(s), ...forwardingRoutes(s), ...sessionRoutes(s)];
}
