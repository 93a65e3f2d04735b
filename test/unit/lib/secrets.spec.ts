import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { Cipher, KEY_PREFIX, hashSecret, loadCipher, newId, newSecret, previewSecret, safeEqual } from '../../../src/lib/secrets';

const key = () => crypto.randomBytes(32);

describe('secrets', () => {
  describe('newSecret / hashSecret / previewSecret', () => {
    it('makes prefixed 256-bit random secrets that differ every time', () => {
      const a = newSecret(KEY_PREFIX.org);
      const b = newSecret(KEY_PREFIX.org);
      expect(a).to.match(/^pfk_[A-Za-z0-9_-]{43}$/);
      expect(a).to.not.equal(b);
      expect(newSecret(KEY_PREFIX.policy)).to.match(/^pfp_/);
      expect(newSecret(KEY_PREFIX.license)).to.match(/^pfl_/);
    });

    it('hashes to a stable SHA-256 hex digest that does not contain the secret', () => {
      const s = newSecret(KEY_PREFIX.org);
      const h = hashSecret(s);
      expect(h).to.match(/^[0-9a-f]{64}$/);
      expect(hashSecret(s)).to.equal(h);
      expect(hashSecret(s + 'x')).to.not.equal(h);
      expect(h).to.not.include(s.slice(4, 12));
    });

    it('previews as prefix…last4 and reveals nothing else', () => {
      const s = 'pfk_ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopq';
      expect(previewSecret(s)).to.equal('pfk_…nopq');
      const generated = newSecret(KEY_PREFIX.policy);
      const p = previewSecret(generated);
      expect(p).to.equal(`pfp_…${generated.slice(-4)}`);
      expect(p.length).to.equal(9);
    });

    it('compares in constant time and handles different lengths', () => {
      expect(safeEqual('abc', 'abc')).to.equal(true);
      expect(safeEqual('abc', 'abd')).to.equal(false);
      expect(safeEqual('abc', 'abcd')).to.equal(false);
      expect(safeEqual('', '')).to.equal(true);
    });

    it('makes ids with the kind prefix', () => {
      expect(newId('org')).to.match(/^org_[0-9a-f]{24}$/);
      expect(newId('org')).to.not.equal(newId('org'));
    });
  });

  describe('Cipher (AES-256-GCM)', () => {
    it('round-trips strings and buffers, with a fresh IV each time', () => {
      const c = new Cipher([key()]);
      const a = c.encrypt('Authorization: ApiKey c2VjcmV0');
      const b = c.encrypt('Authorization: ApiKey c2VjcmV0');
      expect(a).to.not.equal(b);
      expect(a).to.not.include('c2VjcmV0');
      expect(a.split(':')[0]).to.equal('v1');
      expect(c.decrypt(a)).to.equal('Authorization: ApiKey c2VjcmV0');
      const bin = crypto.randomBytes(1000);
      expect(c.decryptBuffer(c.encrypt(bin)).equals(bin)).to.equal(true);
      expect(c.decrypt(c.encrypt(''))).to.equal('');
    });

    it('detects tampering with the ciphertext or the tag', () => {
      const c = new Cipher([key()]);
      const parts = c.encrypt('hello world').split(':');
      const data = Buffer.from(parts[4], 'base64');
      data[0] ^= 1;
      expect(() => c.decrypt([...parts.slice(0, 4), data.toString('base64')].join(':'))).to.throw();
      const tag = Buffer.from(parts[3], 'base64');
      tag[0] ^= 1;
      expect(() => c.decrypt([parts[0], parts[1], parts[2], tag.toString('base64'), parts[4]].join(':'))).to.throw();
    });

    it('cannot decrypt with a different key', () => {
      const token = new Cipher([key()]).encrypt('x');
      expect(() => new Cipher([key()]).decrypt(token)).to.throw(/unknown key/);
    });

    it('after a rotation decrypts old values, writes with the new key and flags old values stale', () => {
      const oldKey = key();
      const newKey = key();
      const before = new Cipher([oldKey]);
      const oldToken = before.encrypt('secret header value');
      const after = new Cipher([newKey, oldKey]);
      expect(after.decrypt(oldToken)).to.equal('secret header value');
      expect(after.isStale(oldToken)).to.equal(true);
      const fresh = after.encrypt('secret header value');
      expect(after.isStale(fresh)).to.equal(false);
      expect(fresh.split(':')[1]).to.equal(Cipher.keyId(newKey));
      // The old key alone cannot read what the new key wrote.
      expect(() => before.decrypt(fresh)).to.throw();
    });

    it('refuses keys that are not 32 bytes, and no keys at all', () => {
      expect(() => new Cipher([crypto.randomBytes(16)])).to.throw(/32 bytes/);
      expect(() => new Cipher([])).to.throw();
    });
  });

  describe('loadCipher', () => {
    let dir: string;
    beforeEach(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pf-secrets-'));
    });
    afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('generates one key in the data directory (mode 0600) and reuses it', () => {
      const a = loadCipher(undefined, dir);
      const file = path.join(dir, 'encryption.key');
      expect(fs.existsSync(file)).to.equal(true);
      expect(fs.statSync(file).mode & 0o777).to.equal(0o600);
      const token = a.encrypt('kept across restarts');
      expect(loadCipher(undefined, dir).decrypt(token)).to.equal('kept across restarts');
    });

    it('reads configured keys in base64 or hex, newest first', () => {
      const k1 = key();
      const k2 = key();
      const c = loadCipher(`${k2.toString('hex')}, ${k1.toString('base64')}`, dir);
      const oldToken = new Cipher([k1]).encrypt('v');
      expect(c.decrypt(oldToken)).to.equal('v');
      expect(c.encrypt('v').split(':')[1]).to.equal(Cipher.keyId(k2));
      expect(fs.existsSync(path.join(dir, 'encryption.key'))).to.equal(false);
    });

    it('refuses a configured key of the wrong length', () => {
      expect(() => loadCipher(crypto.randomBytes(10).toString('base64'), dir)).to.throw(/32 bytes/);
    });
  });
});
