import type { Services } from '../../services';
import type { RouteDef } from '../route';
import { organizationRoutes } from './organizations.route';
import { policyRoutes } from './policies.route';
import { licenseRoutes } from './licenses.route';

/** Every REST operation. Add new route modules here. */
export function restRoutes(s: Services): RouteDef[] {
  return [...organizationRoutes(s), ...policyRoutes(s), ...licenseRoutes(s)];
}
