import { z } from 'zod';
import { ApiKeyEntity } from '../../entities';
import { notFound } from '../errors';
import { KEY_PREFIX, hashSecret, newId, newSecret, previewSecret } from '../lib/secrets';
import type { Principal } from './principal';
import { isoDate, parseInput } from './validation';
import type { ApiKeyView } from './views';
import { OrgScopedService } from './org-scoped.service';
import type { Page, PageRequest } from './paging';

export const createApiKeySchema = z.strictObject({ name: z.string().trim().min(1).max(200) });
export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;

function view(k: ApiKeyEntity, fullKey?: string): ApiKeyView {
  return {
    key_id: k.id,
    org_id: k.orgId,
    name: k.name,
    key_preview: k.keyPreview,
    ...(fullKey ? { key: fullKey } : {}),
    created_at: isoDate(k.createdAt)!,
    rotated_at: isoDate(k.rotatedAt),
    last_used_at: isoDate(k.lastUsedAt),
  };
}

/** Organization API keys: named, created, rotated and revoked per organization. */
export class ApiKeyService extends OrgScopedService {
  /** Lists an organization's keys (redacted), oldest first. */
  list(p: Principal, org: string, page: PageRequest): Promise<Page<ApiKeyView>> {
    return this.pageOf(p, org, this.deps.ds.getRepository(ApiKeyEntity), page, (k) => view(k));
  }

  /** Creates a key; the full key is returned only in this response. */
  async create(p: Principal, org: string, input: unknown): Promise<ApiKeyView> {
    const o = await this.orgs.resolve(p, org);
    const data = parseInput(createApiKeySchema, input);
    const secret = newSecret(KEY_PREFIX.org);
    const key = this.deps.ds.getRepository(ApiKeyEntity).create({
      id: newId('key'),
      orgId: o.id,
      name: data.name,
      keyHash: hashSecret(secret),
      keyPreview: previewSecret(secret),
      createdAt: this.deps.now(),
      rotatedAt: null,
      lastUsedAt: null,
    });
    await this.deps.ds.getRepository(ApiKeyEntity).insert(key);
    this.deps.logger.info({ org_id: o.id, key_id: key.id }, 'api key created');
    return view(key, secret);
  }

  /** Replaces a key's secret; the old one stops working at once. */
  async rotate(p: Principal, org: string, keyId: string): Promise<ApiKeyView> {
    const key = await this.find(p, org, keyId);
    const secret = newSecret(KEY_PREFIX.org);
    key.keyHash = hashSecret(secret);
    key.keyPreview = previewSecret(secret);
    key.rotatedAt = this.deps.now();
    await this.deps.ds.getRepository(ApiKeyEntity).save(key);
    this.deps.logger.info({ org_id: key.orgId, key_id: key.id }, 'api key rotated');
    return view(key, secret);
  }

  /** Revokes (deletes) a key. */
  async revoke(p: Principal, org: string, keyId: string): Promise<void> {
    const key = await this.find(p, org, keyId);
    await this.deps.ds.getRepository(ApiKeyEntity).delete({ id: key.id });
    this.deps.logger.info({ org_id: key.orgId, key_id: key.id }, 'api key revoked');
  }

  private async find(p: Principal, org: string, keyId: string): Promise<ApiKeyEntity> {
    const o = await this.orgs.resolve(p, org);
    const key = await this.deps.ds.getRepository(ApiKeyEntity).findOneBy({ id: keyId, orgId: o.id });
    if (!key) throw notFound('API key');
    return key;
  }
}
