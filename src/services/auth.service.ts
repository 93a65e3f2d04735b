import { ApiKeyEntity, LicenseEntity, PolicyEntity } from '../../entities';
import { DomainError, unauthenticated } from '../errors';
import { hashSecret, safeEqual } from '../lib/secrets';
import type { ServiceDeps } from './deps';
import type { LookupCache } from './lookup-cache';
import type { Principal } from './principal';

/** Turns a presented credential into a Principal, or 401. */
export class AuthService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly cache: LookupCache,
  ) {}

  /** `Authorization: Bearer <key>`: operator key, organization key, or (for their own routes) policy or license key. */
  async fromBearer(header: string | undefined): Promise<Principal> {
    const token = parseBearer(header);
    const admin = this.deps.config.adminKey;
    if (admin && safeEqual(token, admin)) return { kind: 'operator' };
    const hash = hashSecret(token);
    const ds = this.deps.ds;
    const key = await ds.getRepository(ApiKeyEntity).findOneBy({ keyHash: hash });
    if (key) {
      // Best effort, not awaited on the hot path's critical section.
      void ds.getRepository(ApiKeyEntity).update({ id: key.id }, { lastUsedAt: this.deps.now() }).catch(() => undefined);
      return { kind: 'org', orgId: key.orgId, keyId: key.id };
    }
    const policy = await ds.getRepository(PolicyEntity).findOneBy({ apiKeyHash: hash });
    if (policy) return { kind: 'policy', orgId: policy.orgId, policyId: policy.id };
    const license = await ds.getRepository(LicenseEntity).findOneBy({ keyHash: hash });
    if (license) return { kind: 'license', orgId: license.orgId, licenseId: license.id };
    throw unauthenticated();
  }

  /** `X-Service-API-Key: <policy key>` for preflight checks. */
  async fromServiceKey(value: string | undefined): Promise<Principal> {
    if (!value || !value.trim()) throw unauthenticated('Missing X-Service-API-Key header');
    // The check path: cached, and dropped on every change of a policy (rotation, deletion) anywhere.
    await this.cache.fresh();
    const policy = await this.cache.policyForKey(hashSecret(value.trim()));
    if (!policy) throw unauthenticated('Invalid X-Service-API-Key');
    return { kind: 'policy', orgId: policy.orgId, policyId: policy.policyId };
  }
}

export function parseBearer(header: string | undefined): string {
  if (!header) throw unauthenticated('Missing Authorization header');
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!m) throw new DomainError('unauthenticated', 'Authorization must be "Bearer <key>"');
  return m[1];
}
