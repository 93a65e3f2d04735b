import crypto from 'node:crypto';
import { SignJWT } from 'jose';
import { LicenseEntity, OrganizationEntity, PolicyEntity } from '../../entities';
import type { LicenseStatus } from '../../entities/license.entity';
import { notFound, forbidden } from '../errors';
import type { ServiceDeps } from './deps';
import type { LookupCache } from './lookup-cache';
import type { OrganizationService } from './organization.service';
import { type Principal, requireOperator } from './principal';
import type { SigningKeys } from './signing-keys';
import { isoDate } from './validation';
import type { LicenseView, PolicyConfig, ValidationView } from './views';
import { findPage, mapPage, type Page, type PageRequest } from './paging';

/** Longest lifetime of a validation token; never past the license's own expiry. */
const TOKEN_TTL_MS = 24 * 3600 * 1000;

/** JOSE `typ` of a policy bundle, so a license token is never taken for one (and back). */
export const POLICY_BUNDLE_TYP = 'preflight-policy+jwt';

/** `expired` is derived from expires_at, so it needs no sweeper. */
export function effectiveStatus(l: LicenseEntity, now: Date): LicenseStatus {
  if (l.status === 'active' && l.expiresAt.getTime() <= now.getTime()) return 'expired';
  return l.status;
}

/** One version string for an organization's whole active configuration: it moves with any policy change. */
export function configVersion(policies: PolicyEntity[]): string {
  const h = crypto.createHash('sha256');
  for (const p of [...policies].sort((a, b) => a.id.localeCompare(b.id))) h.update(`${p.id}:${p.version};`);
  return `cfg-${h.digest('hex').slice(0, 12)}`;
}

/** Licenses: list, revoke, and validation for client libraries (signed RS256 token). */
export class LicenseService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly orgs: OrganizationService,
    private readonly keys: SigningKeys,
    private readonly cache: LookupCache,
  ) {}

  view(l: LicenseEntity): LicenseView {
    return {
      license_id: l.id,
      org_id: l.orgId,
      license_key: l.keyPreview,
      license_type: l.licenseType,
      status: effectiveStatus(l, this.deps.now()),
      expires_at: isoDate(l.expiresAt)!,
      max_checks_per_month: l.maxChecksPerMonth,
      default_policy_group: l.defaultPolicyGroup,
      created_at: isoDate(l.createdAt)!,
      updated_at: isoDate(l.updatedAt)!,
    };
  }

  /** Lists one organization's licenses or, without `org`, every license (operator only); oldest first. */
  async list(p: Principal, org: string | undefined, page: PageRequest): Promise<Page<LicenseView>> {
    let where = {};
    if (org === undefined) requireOperator(p);
    else {
      const o = await this.orgs.resolve(p, org);
      where = { orgId: o.id };
    }
    return mapPage(await findPage(this.repo(), { where, order: { createdAt: 'ASC', id: 'ASC' } }, page), (l) => this.view(l));
  }

  /** A license by id alone (federation references): 404 outside the caller's reach. */
  async getById(p: Principal, licenseId: string): Promise<LicenseView> {
    const l = await this.repo().findOneBy({ id: licenseId });
    if (!l || (p.kind !== 'operator' && !(p.kind === 'org' && p.orgId === l.orgId))) throw notFound('License');
    return this.view(l);
  }

  /** Revokes a license and deactivates every policy of its organization (operator only). */
  async revoke(p: Principal, licenseId: string): Promise<void> {
    requireOperator(p);
    const license = await this.repo().findOneBy({ id: licenseId });
    if (!license) throw notFound('License');
    const now = this.deps.now();
    await this.deps.ds.transaction(async (em) => {
      await em.getRepository(LicenseEntity).update({ id: license.id }, { status: 'revoked', updatedAt: now });
      await em.getRepository(PolicyEntity).update({ orgId: license.orgId }, { isActive: false, updatedAt: now });
    });
    this.deps.logger.info({ org_id: license.orgId, license_id: license.id }, 'license revoked');
  }

  /** The organization's current license: the newest active one, else the newest. */
  async currentFor(orgId: string): Promise<LicenseEntity | null> {
    await this.cache.fresh();
    const rows = await this.cache.licensesOf(orgId);
    const now = this.deps.now();
    return rows.find((l) => effectiveStatus(l, now) === 'active') ?? rows[0] ?? null;
  }

  /** Validates a license key presented as a bearer credential. */
  async validate(p: Principal): Promise<ValidationView> {
    if (p.kind !== 'license') throw forbidden('License validation needs a license key');
    const license = await this.repo().findOneBy({ id: p.licenseId });
    if (!license) throw notFound('License');
    const now = this.deps.now();
    const status = effectiveStatus(license, now);
    const policies = await this.deps.ds
      .getRepository(PolicyEntity)
      .find({ where: { orgId: license.orgId, isActive: true }, order: { createdAt: 'ASC', id: 'ASC' } });
    const policyVersion = configVersion(policies);
    const groups = [...new Set([license.defaultPolicyGroup, ...policies.map((x) => x.policyGroup)])];
    const result: ValidationView = {
      valid: status === 'active',
      expires: license.expiresAt.toISOString(),
      org_id: license.orgId,
      license_id: license.id,
      status,
      policy_version: policyVersion,
      policy_config: {
        policies: policies.map((x) => ({
          policy_id: x.id,
          name: x.name,
          version: String(x.version),
          policy_group: x.policyGroup,
          rules: x.rules,
          custom_patterns: x.customPatterns,
        })),
      },
      policy_groups: groups,
      default_policy_group: license.defaultPolicyGroup,
    };
    if (!result.valid) return result;
    const exp = Math.min(license.expiresAt.getTime(), now.getTime() + TOKEN_TTL_MS);
    result.jwt_token = await new SignJWT({ org_id: license.orgId, license_id: license.id, policy_version: policyVersion })
      .setProtectedHeader({ alg: 'RS256', kid: this.keys.kid, typ: 'JWT' })
      .setIssuer('preflight')
      .setSubject(license.id)
      .setIssuedAt(Math.floor(now.getTime() / 1000))
      .setExpirationTime(Math.floor(exp / 1000))
      .sign(this.keys.privateKey);
    result.policy_bundle = await this.policyBundle(license, result.policy_config, policyVersion, now, exp);
    return result;
  }

  /**
   * The organization's active policies (rules, custom patterns, version) as a compact JWS (RS256,
   * kid), expiring with the validation token, so client libraries can decide offline with a policy
   * they can prove came from this service (docs: sdk/README.md, "Signed policies").
   */
  private async policyBundle(license: LicenseEntity, config: PolicyConfig, policyVersion: string, now: Date, expMs: number): Promise<string> {
    const org = await this.deps.ds.getRepository(OrganizationEntity).findOneBy({ id: license.orgId });
    return new SignJWT({
      org_id: license.orgId,
      license_id: license.id,
      policy_version: policyVersion,
      data_region: org?.settings?.data_region ?? null,
      default_policy_group: license.defaultPolicyGroup,
      policies: config.policies,
    })
      .setProtectedHeader({ alg: 'RS256', kid: this.keys.kid, typ: POLICY_BUNDLE_TYP })
      .setIssuer('preflight')
      .setSubject(license.orgId)
      .setIssuedAt(Math.floor(now.getTime() / 1000))
      .setExpirationTime(Math.floor(expMs / 1000))
      .sign(this.keys.privateKey);
  }

  /** The public key that verifies validation tokens, as PEM and JWK. */
  publicKey(): { kid: string; alg: 'RS256'; pem: string; jwk: Record<string, unknown> } {
    return { kid: this.keys.kid, alg: 'RS256', pem: this.keys.publicPem, jwk: { ...this.keys.publicJwk } };
  }

  /** JWKS document for /.well-known/jwks.json. */
  jwks(): { keys: Record<string, unknown>[] } {
    return { keys: [{ ...this.keys.publicJwk }] };
  }

  private repo() {
    return this.deps.ds.getRepository(LicenseEntity);
  }
}
