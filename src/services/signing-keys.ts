import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { webcrypto } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, importPKCS8, importSPKI, type JWK } from 'jose';

/** The RS256 key pair that signs license tokens; `kid` is the public key's JWK thumbprint. */
export interface SigningKeys {
  kid: string;
  privateKey: webcrypto.CryptoKey;
  publicKey: webcrypto.CryptoKey;
  publicPem: string;
  publicJwk: JWK;
}

/**
 * Reads the private key (PKCS#8 PEM) from PREFLIGHT_LICENSE_PRIVATE_KEY, or generates one once and
 * keeps it in <dataDir>/license-signing-key.pem, so tokens stay verifiable across restarts.
 */
export async function loadSigningKeys(configuredPem: string | undefined, dataDir: string): Promise<SigningKeys> {
  let privatePem = configuredPem?.replace(/\\n/g, '\n');
  if (!privatePem) {
    const file = path.join(dataDir, 'license-signing-key.pem');
    if (!fs.existsSync(file)) {
      fs.mkdirSync(dataDir, { recursive: true });
      const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
      try {
        fs.writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600, flag: 'wx' });
      } catch (e) {
        // Another process created it first: use theirs.
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
    }
    privatePem = fs.readFileSync(file, 'utf8');
  }
  const keyObject = crypto.createPrivateKey(privatePem);
  const publicPem = crypto.createPublicKey(keyObject).export({ type: 'spki', format: 'pem' }).toString();
  const privateKey = await importPKCS8(keyObject.export({ type: 'pkcs8', format: 'pem' }).toString(), 'RS256');
  const publicKey = await importSPKI(publicPem, 'RS256', { extractable: true });
  const jwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(jwk);
  return { kid, privateKey, publicKey, publicPem, publicJwk: { ...jwk, kid, alg: 'RS256', use: 'sig' } };
}
