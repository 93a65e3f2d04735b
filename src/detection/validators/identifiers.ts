import type { Validator } from '../types';
import { isPlaceholder } from './secrets';

const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BECH32_GENERATOR = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];

/**
 * Bech32 checksum (BIP 173), used by age recipients (`age1...`): the human-readable part and
 * the data part, all lower or all upper case, with a valid six-character checksum.
 */
export function bech32Valid(value: string): boolean {
  if (value !== value.toLowerCase() && value !== value.toUpperCase()) return false;
  const v = value.toLowerCase();
  const sep = v.lastIndexOf('1');
  if (sep < 1 || v.length - sep < 7) return false;
  let chk = 1;
  const step = (x: number) => {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ x;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= BECH32_GENERATOR[i];
  };
  for (let i = 0; i < sep; i++) step(v.charCodeAt(i) >>> 5);
  step(0);
  for (let i = 0; i < sep; i++) step(v.charCodeAt(i) & 31);
  for (let i = sep + 1; i < v.length; i++) {
    const d = BECH32_CHARSET.indexOf(v[i]);
    if (d < 0) return false;
    step(d);
  }
  return chk === 1;
}

/** Where the provider's part of a resource host starts (`.s3.`, `.blob.core.`, `.myshopify.`). */
const HOST_SUFFIX_RE =
  /\.(?:s3[.-]|storage\.googleapis\.|(?:blob|file|queue|table|dfs|web)\.core\.|myshopify\.|firebaseio\.|firebaseapp\.|(?:[a-z0-9]{2,4}\.r\.)?appspot\.|[a-z0-9-]{2,30}\.firebasedatabase\.)|$/i;

/**
 * The name part of a resource host or URL (`shop.myshopify.com` -> `shop`,
 * `s3.amazonaws.com/bucket` -> `bucket`, `s3://bucket` -> `bucket`): what the owner chose.
 */
function namePart(value: string): string {
  const scheme = value.indexOf('://');
  if (scheme >= 0) return value.slice(scheme + 3);
  const slash = value.indexOf('/');
  if (slash >= 0) return value.slice(slash + 1);
  return value.slice(0, value.search(HOST_SUFFIX_RE));
}

/** Documentation stand-ins for a resource name (`your-bucket`, `example-shop`, `my-project-id`). */
const NAME_PLACEHOLDER_RE =
  /^(?:(?:your|my|example|sample|some|test|dummy|foo|bar|bucket|shop|store|project|account|storage|app|site|name|id|here)[-_.]?)+$/i;

/** A resource name that is not a placeholder or documentation example. */
export function isResourceName(value: string): boolean {
  const name = namePart(value);
  return name.length > 0 && !isPlaceholder(name) && !NAME_PLACEHOLDER_RE.test(name);
}

/**
 * A user name literal: not a placeholder, a boolean, a number, a documentation stand-in, a
 * constant's name (`SEMATTRS_DB_USER = TMP_DB_USER`) or the setting's own name as its value
 * (`DB_USER = 'db.user'`, `SMTP_USER=smtp_user`, `ATTR_USER_NAME = 'user.name'`).
 */
export function isUserName(value: string): boolean {
  if (/^\d+$/.test(value) || /^(?:name|login|your[-_]?\w*)$/i.test(value)) return false;
  if (/^[A-Z][A-Z0-9]*_[A-Z0-9_]+$/.test(value)) return false;
  if (/(?:^|[._-])user(?:[-_.]?name)?$/i.test(value)) return false; // also `process.real_user.name` (a semantic-convention key)
  return !isPlaceholder(value);
}

/** Validators of the identifier recognizers, by the name recognizers refer to. */
export const identifierValidators = {
  /** A Bech32 string with a valid checksum (BIP 173). */
  bech32: bech32Valid,
  /** A cloud or shop resource named by its owner, not a placeholder. */
  'resource-name': isResourceName,
  /** A user name literal. */
  'user-name': isUserName,
} satisfies Record<string, Validator>;
