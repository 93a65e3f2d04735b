import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Prefixes tell a leaked key's kind at a glance (and let secret scanners find ours). */
export const KEY_PREFIX = { org: 'pfk_', policy: 'pfp_', license: 'pfl_' } as const;

/** A new random secret: prefix + 32 bytes of base64url. */
export function newSecret(prefix: string): string {
  return prefix + crypto.randomBytes(32).toString('base64url');
}

/** Keys are 256-bit random, so a plain SHA-256 is a sufficient (and indexable) hash. */
export function hashSecret(secret: string): string {
  // One-shot: no Hash object per call (the check path hashes its key on every request).
  return crypto.hash('sha256', secret, 'hex');
}

/** Redacted form shown after creation: `prefix…last4`. */
export function previewSecret(secret: string): string {
  const prefix = secret.slice(0, secret.indexOf('_') + 1);
  return `${prefix}…${secret.slice(-4)}`;
}

/** Constant-time string comparison. */
export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && crypto.timingSafeEqual(ab, bb);
}

/** Random bytes for ids, drawn in bulk: one call to the CSPRNG per 256 ids (as crypto.randomUUID does). */
const ID_BYTES = 12;
const idPool = Buffer.alloc(ID_BYTES * 256);
let idOffset = idPool.length;

/** Ids: a kind prefix and 12 random bytes in lower-case hex. */
export function newId(prefix: string): string {
  if (idOffset === idPool.length) {
    crypto.randomFillSync(idPool);
    idOffset = 0;
  }
  const hex = idPool.toString('hex', idOffset, idOffset + ID_BYTES);
  idOffset += ID_BYTES;
  return `${prefix}_${hex}`;
}

/**
 * AES-256-GCM for values kept at rest (destination header values, retained masked content).
 * Format: v1:<keyId>:<iv b64>:<tag b64>:<ciphertext b64>. The key id lets a rotation decrypt
 * with old keys while writing with the new one.
 */
export class Cipher {
  private readonly keys: Map<string, Buffer>;
  private readonly currentId: string;

  /** keys: newest first. */
  constructor(keys: Buffer[]) {
    if (keys.length === 0) throw new Error('Cipher needs at least one key');
    for (const k of keys) if (k.length !== 32) throw new Error('encryption keys must be 32 bytes');
    this.keys = new Map(keys.map((k) => [Cipher.keyId(k), k]));
    this.currentId = Cipher.keyId(keys[0]);
  }

  static keyId(key: Buffer): string {
    return crypto.createHash('sha256').update(key).digest('hex').slice(0, 8);
  }

  encrypt(plain: string | Buffer): string {
    const iv = crypto.randomBytes(12);
    const c = crypto.createCipheriv('aes-256-gcm', this.keys.get(this.currentId)!, iv);
    const data = Buffer.concat([c.update(plain), c.final()]);
    return ['v1', this.currentId, iv.toString('base64'), c.getAuthTag().toString('base64'), data.toString('base64')].join(':');
  }

  decryptBuffer(token: string): Buffer {
    const [v, kid, iv, tag, data] = token.split(':');
    const key = this.keys.get(kid);
    if (v !== 'v1' || !key) throw new Error('cannot decrypt: unknown key');
    const d = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
    d.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([d.update(Buffer.from(data, 'base64')), d.final()]);
  }

  decrypt(token: string): string {
    return this.decryptBuffer(token).toString('utf8');
  }

  /**
   * An HMAC-SHA256 tag over `data` with a key derived (HKDF) from the current encryption key for
   * `purpose`, for short-lived signed URLs. Verifies against every configured key, so a rotation
   * does not break URLs already handed out.
   */
  mac(purpose: string, data: string): string {
    return this.macWith(this.keys.get(this.currentId)!, purpose, data);
  }

  verifyMac(purpose: string, data: string, tag: string): boolean {
    return [...this.keys.values()].some((k) => safeEqual(this.macWith(k, purpose, data), tag));
  }

  private macWith(key: Buffer, purpose: string, data: string): string {
    const derived = Buffer.from(crypto.hkdfSync('sha256', key, Buffer.alloc(0), `preflight:${purpose}`, 32));
    return crypto.createHmac('sha256', derived).update(data).digest('base64url');
  }

  /** True when the value was written with an older key (for re-encryption after rotation). */
  isStale(token: string): boolean {
    return token.split(':')[1] !== this.currentId;
  }
}

/**
 * Keys from PREFLIGHT_ENCRYPTION_KEY: comma-separated base64 (or 64-hex) 32-byte keys, newest
 * first. Unset: one key generated once and kept in <dataDir>/encryption.key (mode 0600).
 */
export function loadCipher(configured: string | undefined, dataDir: string): Cipher {
  if (configured) {
    return new Cipher(
      configured.split(',').map((s) => {
        const t = s.trim();
        return /^[0-9a-fA-F]{64}$/.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t, 'base64');
      }),
    );
  }
  const file = path.join(dataDir, 'encryption.key');
  fs.mkdirSync(dataDir, { recursive: true });
  if (!fs.existsSync(file)) {
    fs.writeFileSync(file, crypto.randomBytes(32).toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
  }
  return new Cipher([Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64')]);
}
