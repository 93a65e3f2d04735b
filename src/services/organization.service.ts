import { z } from 'zod';
import { EntityManager } from 'typeorm';
import {
  ApiKeyEntity,
  LicenseEntity,
  MaskedFileEntity,
  OrganizationEntity,
  PolicyEntity,
  PreflightRecordEntity,
} from '../../entities';
import { isTransientLockError, isUniqueViolation } from '../db/errors';
import { DomainError, forbidden, notFound } from '../errors';
import { KEY_PREFIX, hashSecret, newId, newSecret, previewSecret } from '../lib/secrets';
import type { ServiceDeps } from './deps';
import { DAY_MS } from './time';
import { type Principal, requireOperator } from './principal';
import { isoDate, parseInput } from './validation';
import type { CreatedOrganizationView, OrganizationView } from './views';
import { findPage, mapPage, type Page, type PageRequest } from './paging';

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

const MAX_SETTINGS_BYTES = 32 * 1024;

/** Known settings keys are validated; unknown keys are kept as given. */
export const settingsSchema = z
  .looseObject({
    primary_color: z.string().regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'must be a hex color like #1a2b3c').optional(),
    admin_email: z.email('must be an e-mail address').optional(),
    data_region: z.enum(['EU', 'US', 'APAC']).optional(),
    retention_mode: z.enum(['FULL', 'METADATA']).optional(),
    retention_days: z.number().int().positive().max(3650).optional(),
  })
  .refine((s) => s.retention_days === undefined || s.retention_mode !== 'METADATA', {
    message: 'retention_days is used only with retention_mode FULL',
    path: ['retention_days'],
  })
  // Kept in a TEXT column (64 KiB on MySQL): unknown keys are welcome, unbounded blobs are not.
  .refine((s) => Buffer.byteLength(JSON.stringify(s), 'utf8') <= MAX_SETTINGS_BYTES, {
    message: `settings must be at most ${MAX_SETTINGS_BYTES / 1024} KiB of JSON`,
  });

export const createOrganizationSchema = z.strictObject({
  name: z.string().trim().min(1).max(200),
  slug: z.string().regex(SLUG, 'lower-case letters, digits and -, at most 64').optional(),
  settings: settingsSchema.default({}),
});

export const updateOrganizationSchema = z.strictObject({
  name: z.string().trim().min(1).max(200).optional(),
  slug: z.string().regex(SLUG, 'lower-case letters, digits and -, at most 64').optional(),
  settings: settingsSchema.optional(),
});

/** The stored settings with a patch applied; problems are reported under `settings.<key>` like the patch's own. */
const mergedSettingsSchema = z.object({ settings: settingsSchema });

export type CreateOrganizationInput = z.input<typeof createOrganizationSchema>;
export type UpdateOrganizationInput = z.input<typeof updateOrganizationSchema>;

export const DEFAULT_POLICY_GROUP = 'default';

export function organizationView(o: OrganizationEntity): OrganizationView {
  return {
    org_id: o.id,
    name: o.name,
    slug: o.slug,
    settings: o.settings,
    created_at: isoDate(o.createdAt)!,
    updated_at: isoDate(o.updatedAt)!,
  };
}

function slugify(name: string): string {
  const s = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/, '');
  return s || 'org';
}

const slugTaken = () =>
  new DomainError('conflict', 'An organization with this slug already exists', [{ field: 'slug', problem: 'already taken' }]);

/** Organizations: the tenant boundary. Creating one also issues its trial license. */
export class OrganizationService {
  constructor(private readonly deps: ServiceDeps) {}

  /**
   * The organization a management call names, by id or slug: the one check every management call
   * starts with. The operator reaches any (404 when absent); an organization key only its own; any
   * other key, or another organization, is 403.
   */
  async resolve(p: Principal, idOrSlug: string): Promise<OrganizationEntity> {
    const repo = this.deps.ds.getRepository(OrganizationEntity);
    if (p.kind !== 'operator') {
      const own = await repo.findOneBy({ id: p.orgId });
      if (!own || (own.id !== idOrSlug && own.slug !== idOrSlug)) throw forbidden();
      if (p.kind !== 'org') throw forbidden('This operation needs an organization API key or the operator key');
      return own;
    }
    const org = idOrSlug.startsWith('org_') ? await repo.findOneBy({ id: idOrSlug }) : await repo.findOneBy({ slug: idOrSlug });
    if (!org) throw notFound('Organization');
    return org;
  }

  /** Lists organizations, oldest first: all for the operator, the caller's own for an organization key. */
  async list(p: Principal, page: PageRequest): Promise<Page<OrganizationView>> {
    if (p.kind !== 'operator' && p.kind !== 'org') throw forbidden();
    const where = p.kind === 'org' ? { id: p.orgId } : {};
    const repo = this.deps.ds.getRepository(OrganizationEntity);
    return mapPage(await findPage(repo, { where, order: { createdAt: 'ASC', id: 'ASC' } }, page), organizationView);
  }

  /** Creates an organization with a trial license (operator only). The license key is shown only here. */
  async create(p: Principal, input: unknown): Promise<CreatedOrganizationView> {
    requireOperator(p);
    const data = parseInput(createOrganizationSchema, input);
    const now = this.deps.now();
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.insertWithLicense(data, now);
      } catch (err) {
        // A concurrent create took the slug between our check and our insert (or MySQL picked this
        // transaction as a deadlock victim): a derived slug is derived again, an explicit one is a conflict.
        const again = isTransientLockError(err) || (isUniqueViolation(err) && data.slug === undefined);
        if (again && attempt < 8) continue;
        if (isUniqueViolation(err)) throw slugTaken();
        throw err;
      }
    }
  }

  private insertWithLicense(data: z.output<typeof createOrganizationSchema>, now: Date): Promise<CreatedOrganizationView> {
    const { trial } = this.deps.config;
    return this.deps.ds.transaction(async (em) => {
      const slug = data.slug ?? (await this.freeSlug(em, slugify(data.name)));
      if (await em.getRepository(OrganizationEntity).existsBy({ slug })) throw slugTaken();
      const org = em.getRepository(OrganizationEntity).create({
        id: newId('org'),
        name: data.name,
        slug,
        settings: data.settings,
        createdAt: now,
        updatedAt: now,
      });
      await em.getRepository(OrganizationEntity).insert(org);
      const licenseKey = newSecret(KEY_PREFIX.license);
      const license = em.getRepository(LicenseEntity).create({
        id: newId('lic'),
        orgId: org.id,
        keyHash: hashSecret(licenseKey),
        keyPreview: previewSecret(licenseKey),
        licenseType: 'trial',
        status: 'active',
        expiresAt: new Date(now.getTime() + trial.days * DAY_MS),
        maxChecksPerMonth: trial.maxChecksPerMonth,
        defaultPolicyGroup: DEFAULT_POLICY_GROUP,
        createdAt: now,
        updatedAt: now,
      });
      await em.getRepository(LicenseEntity).insert(license);
      this.deps.logger.info({ org_id: org.id }, 'organization created');
      return {
        ...organizationView(org),
        license_id: license.id,
        license_key: licenseKey,
        license_type: license.licenseType,
        license_expires_at: license.expiresAt.toISOString(),
      };
    });
  }

  /** Reads one organization by id or slug. */
  async get(p: Principal, idOrSlug: string): Promise<OrganizationView> {
    return organizationView(await this.resolve(p, idOrSlug));
  }

  /** Partial update: omitted fields stay; settings keys given replace those keys only. */
  async update(p: Principal, idOrSlug: string, input: unknown): Promise<OrganizationView> {
    const org = await this.resolve(p, idOrSlug);
    const data = parseInput(updateOrganizationSchema, input);
    const repo = this.deps.ds.getRepository(OrganizationEntity);
    if (data.slug && data.slug !== org.slug && (await repo.existsBy({ slug: data.slug }))) throw slugTaken();
    if (data.name !== undefined) org.name = data.name;
    if (data.slug !== undefined) org.slug = data.slug;
    if (data.settings !== undefined) {
      const merged: Record<string, unknown> = { ...org.settings, ...data.settings };
      // Switching to METADATA drops a stored retention_days (it applies only to FULL) before the
      // merged settings are checked; the patch itself cannot carry both (rejected above).
      if (data.settings.retention_mode === 'METADATA') delete merged.retention_days;
      org.settings = parseInput(mergedSettingsSchema, { settings: merged }).settings;
    }
    org.updatedAt = this.deps.now();
    await repo.save(org).catch((err) => {
      // Another request took the new slug since the check above.
      throw isUniqueViolation(err) ? slugTaken() : err;
    });
    return organizationView(org);
  }

  /** Deletes an organization and everything it owns (operator only). */
  async remove(p: Principal, idOrSlug: string): Promise<void> {
    requireOperator(p);
    const org = await this.resolve(p, idOrSlug);
    await this.deps.ds.transaction(async (em) => {
      for (const hook of this.ownedTables) await hook(em, org.id);
      await em.getRepository(OrganizationEntity).delete({ id: org.id });
    });
    this.deps.logger.info({ org_id: org.id }, 'organization deleted');
  }

  /** Other areas register what an organization owns, so deleting it removes their rows too. */
  registerOwned(hook: (em: EntityManager, orgId: string) => Promise<unknown>): void {
    this.ownedTables.push(hook);
  }

  private readonly ownedTables: Array<(em: EntityManager, orgId: string) => Promise<unknown>> = [
    (em, orgId) => em.getRepository(ApiKeyEntity).delete({ orgId }),
    (em, orgId) => em.getRepository(PolicyEntity).delete({ orgId }),
    (em, orgId) => em.getRepository(LicenseEntity).delete({ orgId }),
    (em, orgId) => em.getRepository(MaskedFileEntity).delete({ orgId }),
    (em, orgId) => em.getRepository(PreflightRecordEntity).delete({ orgId }),
  ];

  private async freeSlug(em: EntityManager, base: string): Promise<string> {
    const repo = em.getRepository(OrganizationEntity);
    if (!(await repo.existsBy({ slug: base }))) return base;
    for (let i = 2; i < 1000; i++) {
      const s = `${base}-${i}`;
      if (!(await repo.existsBy({ slug: s }))) return s;
    }
    return `${base}-${Date.now().toString(36)}`;
  }
}
