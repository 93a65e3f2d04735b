import { createLocalJWKSet, importJWK, importSPKI, jwtVerify, errors as joseErrors, type JWK, type JSONWebKeySet } from 'jose';
import { PreflightPolicyError } from './errors';
import type { PolicyBundlePayload } from './policy';

/** JOSE `typ` of a policy bundle (see src/services/license.service.ts). */
const BUNDLE_TYP = 'preflight-policy+jwt';

/** A pinned key: a public JWK (object or JSON string) or an SPKI PEM. */
export type PinnedKey = JWK | string;

async function keyFor(pinned: PinnedKey) {
  if (typeof pinned === 'string' && pinned.includes('-----BEGIN')) return importSPKI(pinned, 'RS256');
  const jwk = typeof pinned === 'string' ? (JSON.parse(pinned) as JWK) : pinned;
  return importJWK(jwk, 'RS256');
}

/**
 * Verifies a signed policy bundle (compact JWS, RS256) against a pinned key or a JWKS, and
 * refuses a tampered, wrongly signed, wrongly typed or expired one with PreflightPolicyError.
 */
export async function verifyPolicyBundle(bundle: string, key: { pinned?: PinnedKey; jwks?: JSONWebKeySet }): Promise<PolicyBundlePayload> {
  try {
    const verifyKey = key.pinned !== undefined ? await keyFor(key.pinned) : createLocalJWKSet(key.jwks ?? { keys: [] });
    const { payload } = await jwtVerify(bundle, verifyKey, { algorithms: ['RS256'], issuer: 'preflight', typ: BUNDLE_TYP, requiredClaims: ['exp'] });
    if (!Array.isArray((payload as { policies?: unknown }).policies)) {
      throw new PreflightPolicyError('The policy bundle carries no policies', { code: 'policy_invalid' });
    }
    return payload as unknown as PolicyBundlePayload;
  } catch (e) {
    if (e instanceof PreflightPolicyError) throw e;
    if (e instanceof joseErrors.JWTExpired) throw new PreflightPolicyError('The policy bundle has expired', { code: 'policy_expired', cause: e });
    throw new PreflightPolicyError('The policy bundle failed verification', { code: 'policy_invalid', cause: e });
  }
}
