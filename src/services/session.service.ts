import crypto from 'node:crypto';
import { LessThan } from 'typeorm';
import { z } from 'zod';
import { ApiKeyEntity, ConsoleSessionEntity, OrganizationEntity } from '../../entities';
import { DomainError, unauthenticated } from '../errors';
import { hashSecret, safeEqual } from '../lib/secrets';
import type { AuthService } from './auth.service';
import type { ServiceDeps } from './deps';
import type { Principal } from './principal';
import { parseInput } from './validation';
import type { SessionView } from './views';

const signInSchema = z.strictObject({
  api_key: z.string({ error: 'api_key is required' }).trim().min(1, 'api_key is required').max(500),
});

/** A new session: the two secrets go to the browser once (cookie and CSRF header), only hashes stay. */
export interface OpenedSession {
  token: string;
  csrfToken: string;
  expiresAt: Date;
  view: SessionView;
}

/**
 * Console sessions: the operator key or an organization API key is exchanged once for a random
 * session token kept in an HttpOnly cookie (docs in README "The console"), so no key sits in the
 * browser. A session dies at its expiry, on sign-out, and when its key is rotated or revoked.
 */
export class SessionService {
  constructor(
    private readonly deps: ServiceDeps,
    private readonly auth: AuthService,
  ) {}

  async signIn(input: unknown): Promise<OpenedSession> {
    const { api_key } = parseInput(signInSchema, input);
    const principal = await this.auth.fromBearer(`Bearer ${api_key}`);
    if (principal.kind !== 'operator' && principal.kind !== 'org') {
      throw unauthenticated('Sign in with the operator key or an organization API key');
    }
    const repo = this.deps.ds.getRepository(ConsoleSessionEntity);
    const now = this.deps.now();
    await repo.delete({ expiresAt: LessThan(now) });
    const token = crypto.randomBytes(32).toString('base64url');
    const csrfToken = crypto.randomBytes(32).toString('base64url');
    const row = repo.create({
      tokenHash: hashSecret(token),
      csrfHash: hashSecret(csrfToken),
      kind: principal.kind,
      orgId: principal.kind === 'org' ? principal.orgId : null,
      keyId: principal.kind === 'org' ? principal.keyId : null,
      credentialHash: hashSecret(api_key),
      createdAt: now,
      expiresAt: new Date(now.getTime() + this.deps.config.sessionTtlHours * 3_600_000),
    });
    await repo.insert(row);
    return { token, csrfToken, expiresAt: row.expiresAt, view: await this.view(row) };
  }

  /**
   * The principal of a session token. `csrfToken` is checked when given (state-changing
   * requests must present it; reads need not).
   */
  async principal(token: string, csrfToken?: string | null): Promise<Principal> {
    const row = await this.live(token);
    if (csrfToken !== null && csrfToken !== undefined) {
      if (!safeEqual(hashSecret(csrfToken), row.csrfHash)) throw new DomainError('forbidden', 'Invalid CSRF token: reload the console');
    }
    if (row.kind === 'operator') return { kind: 'operator' };
    return { kind: 'org', orgId: row.orgId!, keyId: row.keyId! };
  }

  async current(token: string): Promise<SessionView> {
    return this.view(await this.live(token));
  }

  async signOut(token: string): Promise<void> {
    await this.deps.ds.getRepository(ConsoleSessionEntity).delete({ tokenHash: hashSecret(token) });
  }

  private async live(token: string): Promise<ConsoleSessionEntity> {
    const repo = this.deps.ds.getRepository(ConsoleSessionEntity);
    const row = await repo.findOneBy({ tokenHash: hashSecret(token) });
    if (!row || row.expiresAt <= this.deps.now()) throw unauthenticated('Session expired or signed out: sign in again');
    const admin = this.deps.config.adminKey;
    const stillValid =
      row.kind === 'operator'
        ? !!admin && safeEqual(hashSecret(admin), row.credentialHash)
        : !!(await this.deps.ds.getRepository(ApiKeyEntity).findOneBy({ id: row.keyId!, keyHash: row.credentialHash }));
    if (!stillValid) {
      await repo.delete({ tokenHash: row.tokenHash });
      throw unauthenticated('The key this session was opened with was rotated or revoked: sign in again');
    }
    return row;
  }

  private async view(row: ConsoleSessionEntity): Promise<SessionView> {
    const org = row.orgId ? await this.deps.ds.getRepository(OrganizationEntity).findOneBy({ id: row.orgId }) : null;
    return {
      kind: row.kind as SessionView['kind'],
      org_id: row.orgId,
      org_name: org?.name ?? null,
      expires_at: row.expiresAt.toISOString(),
    };
  }
}
