import type { Validator } from '../types';

/**
 * Validators of the secret recognizers. Pure functions of the matched value (no I/O, no Node
 * APIs), so the client library runs them too. A pattern finds the shape of a credential; these
 * decide whether the value is a real one or a placeholder, an example, a variable reference or a
 * low-entropy stand-in (`xxxx`, `<your-key>`, `${API_KEY}`, `changeme`, `AKIAIOSFODNN7EXAMPLE`).
 */

/**
 * Minimum Shannon entropy, in bits per character, of a value reported as a token or key.
 *
 * 3.0 bits/char keeps random credentials and drops stand-ins: over 2,000 random draws per shape,
 * the 1st percentile of base62 strings is 3.0 at 12 characters and 3.3 at 16, of lower-case
 * base36 3.1 at 16 and 3.4 at 20, of hex 3.1 at 24 and 3.3 at 32; repeated or patterned
 * stand-ins (`AKIADEADBEEFDEADBEEF` 2.6, `xxxx...` < 1, a zero UUID 0.5) fall below it.
 * Short random values overlap with words, so entropy is never the only test for them.
 */
export const MIN_TOKEN_ENTROPY = 3.0;

/** Scratch counts for shannonEntropy (ASCII), zeroed again after each call. */
const asciiCounts = new Int32Array(128);

/** Shannon entropy of `value` in bits per character (0 for the empty string). */
export function shannonEntropy(value: string): number {
  const n = value.length;
  if (n === 0) return 0;
  let other: Map<number, number> | undefined;
  for (let i = 0; i < n; i++) {
    const c = value.charCodeAt(i);
    if (c < 128) asciiCounts[c]++;
    else (other ??= new Map()).set(c, (other.get(c) ?? 0) + 1);
  }
  let h = 0;
  // Each distinct ASCII character is counted once (its count is zeroed when first met).
  for (let i = 0; i < n; i++) {
    const c = value.charCodeAt(i);
    if (c >= 128) continue;
    const count = asciiCounts[c];
    if (count === 0) continue;
    asciiCounts[c] = 0;
    const p = count / n;
    h -= p * Math.log2(p);
  }
  if (other) {
    for (const count of other.values()) {
      const p = count / n;
      h -= p * Math.log2(p);
    }
  }
  return h;
}

/**
 * Substrings that mark a documentation or template stand-in rather than a credential: filler and
 * elisions, example words, `your_` / `insert-` / `replace_` / `_here` slots, test values that
 * say they are wrong (`login('user', 'doesnotexist')`), escaped angle brackets and environment
 * lookups. One alternation, so a value is searched once.
 */
const PLACEHOLDER_PARTS_RE =
  /xxxx|\*\*\*|\.\.\.|…|####|••••|example|sample|dummy|placeholder|change(?:[_-]?me|it)|redacted|your(?:[_-]|key|token|secret|pass|api)|insert[_-]|replace(?:[_-]|me)|[_-]here|todo|fixme|not(?:[_-]?(?:real|set)|exist)|fake[_-]|nonexist|(?:wrong|bad|invalid)pass|dontuse|&[lg]t;|process\.env|os\.environ|getenv/;

/** Whole values (lower-cased, surrounding punctuation removed) that are never credentials. */
const PLACEHOLDER_WORDS = new Set([
  'password',
  'passwd',
  'pass',
  'pwd',
  'passphrase',
  'token',
  'apikey',
  'api_key',
  'api-key',
  'key',
  'value',
  'null',
  'nil',
  'none',
  'undefined',
  'true',
  'false',
  'yes',
  'no',
  'on',
  'off',
  'string',
  'str',
  'text',
  'number',
  'int',
  'integer',
  'bool',
  'boolean',
  'any',
  'object',
  'bytes',
  'varchar',
  'char',
  'required',
  'optional',
  'empty',
  'unset',
  'missing',
  'blank',
  'default',
  'hidden',
  'masked',
  'secret_key',
  'secretkey',
  'access_token',
  'accesstoken',
  'auth_token',
  'client_secret',
  'private_key',
  'test',
  'tbd',
  'n/a',
  'foo',
  'bar',
  'baz',
  'foobar',
  'include',
  'omit',
  'same-origin',
  'username',
  'user',
  'login',
  'env',
  'environment',
  // Build-configuration values (Perl's Config.sh `d_pwpasswd='define'`, C `#define` flags) and
  // test outcomes (`pass: fail`).
  'define',
  'undef',
  'fail',
  // Test values that say they are wrong or filler.
  'incorrect',
  'invalid',
  'wrong',
  'blah',
  'hello', // DBI's and many tutorials' `connect($dsn, "joe", "hello")`
  'helloworld',
]);

/**
 * Documentation stand-ins for a password and product defaults (`password: secret`, `password:
 * sekrit`, redis' `foobared`, apt_auth.conf(5)'s `password debian`). Quoted in code they are
 * hard-coded credentials, weak ones (secret scanners report `'The password is 'admin'`); as the
 * bare value of a setting they are what configuration examples and docs write.
 */
const WEAK_DEFAULTS = new Set([
  'secret',
  'sekrit',
  's3cret',
  's3cr3t',
  'mysecret',
  'topsecret',
  'mypassword',
  'admin',
  'root',
  'guest',
  'demo',
  'letmein',
  'hunter2',
  'foobared',
  'tiger', // Oracle's demo account, scott/tiger
  'toor',
]);

/**
 * A product's or system's own name as its documented default account password (PostgreSQL's
 * images and guides, Oracle's containers, Raspberry Pi OS, Vagrant boxes, Ubiquiti,
 * apt_auth.conf(5)'s example): quoted or bare, it names what a template or a guide sets up.
 */
const PRODUCT_DEFAULTS = new Set(['postgres', 'mysql', 'mariadb', 'oracle', 'debian', 'ubuntu', 'raspberry', 'vagrant', 'ubnt']);

/**
 * Credentials published in vendor documentation and tutorials, reproduced everywhere; reporting
 * them is noise. (AWS's documented keys contain EXAMPLE and are caught by PLACEHOLDER_PARTS.)
 */
const KNOWN_EXAMPLES = new Set([
  'sk_test_4ec39hqlyjwdarjtt1zdp7dc', // Stripe API reference
  'sk_test_bqokikjoxlxwc0fonc3p3hd2', // Stripe API reference (older)
  'eyjhbgcioijiuzi1niisinr5cci6ikpxvcj9.eyjzdwiioiixmjm0nty3odkwiiwibmftzsi6ikpvag4grg9liiwiawf0ijoxnte2mjm5mdiyfq.sflkxwrjsmekkf2qt4fwpmejf36pok6yjv_adqssw5c', // jwt.io
  // OAuth 2.0's examples (RFC 6749 sections 1.2, 4.1-4.4): access and refresh tokens, code, client secret.
  '2yotnfzfejr1zcsicmwpaa',
  'tgzv3jokf0xg5qx2tlkwia',
  'splxlobezqqybys6wxsbia',
  '7fjfp0zbr1ktdrbnfvdmiw',
  // OAuth 1.0's examples (RFC 5849 sections 1.2 and 3.1): client, temporary and token credentials.
  'dpf43f3p2l4k3l03',
  'kd94hf93k423kf44',
  'hh5s93j4hdidpola',
  'hdhd0244k9j7ao03',
  'nnch734d00sl2jdk',
  'pfkkdhi9sl3r4s00',
  'kkk9d7dh3k39sjv7',
  '9djdj82h48djs9d2',
]);

/** `${VAR}`, `{{ var }}`, `#{x}`, `%(x)s`, `$(cmd)`, `<%= %>`, `%VAR%`, `@VAR@`, `__VAR__`, `{0}`, `%s`. */
const TEMPLATE_RE =
  /\$\{[A-Za-z_]|#\{[A-Za-z_@$]|%\([A-Za-z_]\w*\)[sdrif]?|\$\([A-Za-z_]|^\$[A-Za-z_]|^%[A-Za-z_][\w]*%$|^@[A-Za-z_][\w.]*@$|^__[A-Za-z0-9_]+__$|\{\d+\}|%[sdv](?![A-Za-z0-9])/;

/**
 * A template's pair of brackets (`{{ x }}`, `[[x]]`, `<%= x %>`): both of a pair in order, one
 * of them at an end of the value (a template cut short), or any of them in a short value. One
 * alone inside a long generated value (a WordPress salt's `]]`, drawn from 90 symbols) is chance.
 */
function isTemplate(v: string): boolean {
  if (TEMPLATE_RE.test(v)) return true;
  for (const pair of ['{{}}', '[[]]', '<%%>']) {
    const i = v.indexOf(pair.slice(0, 2));
    const j = v.lastIndexOf(pair.slice(2));
    if (i >= 0 ? i === 0 || j > i || v.length < 32 : j >= 0 && (j === v.length - 2 || v.length < 32)) return true;
  }
  return false;
}

/**
 * YAML tags whose value is read from elsewhere (Home Assistant's `!secret`, Ansible's `!vault`,
 * CloudFormation's `!Ref` / `!Sub` / `!GetAtt`, ESPHome's and GitLab's `!include` /
 * `!reference`, Serverless' `!ImportValue`): `password: !secret name` names a secret, it is not
 * one. Any tag followed by a space and more is also a reference.
 */
const YAML_TAGS = ['secret', 'vault', 'env', 'env_var', 'ENV', 'include', 'input', 'reference', 'Ref', 'Sub', 'GetAtt', 'ImportValue', 'Join', 'Select', 'FindInMap', 'Base64', 'If'];
const YAML_TAG_RE = new RegExp(`^!(?:(?:${YAML_TAGS.join('|')})(?![\\w])|[A-Za-z][\\w:]*\\s)`);

/** Letters or digits of `value` in order, lower-cased (ASCII only). */
function alnum(value: string): string {
  return lowerAlnum(value.toLowerCase());
}

/** The ASCII letters and digits of an already lower-cased string (a regex replace: faster than a copy loop). */
function lowerAlnum(lower: string): string {
  return lower.replace(/[^a-z0-9]+/g, '');
}

const KEYBOARD_ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'].flatMap((row) => [row, [...row].reverse().join('')]);

/** Four to ten adjacent letters of one row of a QWERTY keyboard, either way ("asdf", "lkjh", "qwerty"). */
function isKeyboardRun(chars: string): boolean {
  return chars.length >= 4 && chars.length <= 10 && KEYBOARD_ROWS.some((row) => row.includes(chars));
}

/** Five or more letters all from the home row (`asdfghjkl`) with digits beside them: a hand on the keyboard. */
function isHomeRowMash(chars: string): boolean {
  // Hex digits a, d and f are home-row letters too: a hex key whose letters happen to be only
  // those (`6d475af9...`) is generated, not mashed; a mash has a home-row letter beyond a-f.
  // One regex that fails at the first letter off the home row, with no copy of the value.
  return /^(?:\d*[adfghjkls]){5}[\dadfghjkls]*$(?<=\d.*)(?<=[ghjkls].*)/.test(chars);
}

/** Scratch table for distinctCount: one stamp per call instead of an allocation. */
const seenStamp = new Uint32Array(128);
let stamp = 0;

/** Number of distinct characters of a lower-case alphanumeric string. */
function distinctCount(chars: string): number {
  stamp = (stamp + 1) >>> 0;
  if (stamp === 0) {
    seenStamp.fill(0);
    stamp = 1;
  }
  let n = 0;
  for (let i = 0; i < chars.length; i++) {
    const c = chars.charCodeAt(i) & 127;
    if (seenStamp[c] !== stamp) {
      seenStamp[c] = stamp;
      n++;
    }
  }
  return n;
}

/**
 * Share of positions that continue an ascending or descending run (`abcd`, `4321`) directly or
 * one step apart (`a1b2c3`, `d4c3b2`): made-up keys typed by people, not generated ones. Random
 * base62 strings score about 0.1, random hex about 0.25.
 */
export function sequentialShare(value: string): number {
  return sequentialShareOf(alnum(value));
}

function sequentialShareOf(s: string): number {
  if (s.length < 6) return 0;
  let hits = 0;
  let before = 0; // the character two back (none at i = 1)
  let last = s.charCodeAt(0);
  for (let i = 1; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const step1 = c - last;
    const step2 = i >= 2 ? c - before : 99;
    if (step1 === 1 || step1 === -1 || step2 === 1 || step2 === -1 || (step1 === -9 && c === 48)) hits++;
    before = last;
    last = c;
  }
  return hits / (s.length - 1);
}

/**
 * Whether `value` is a stand-in: a template or variable reference, a documentation example, a
 * masked or repeated filler, a type name, or a patterned value typed by hand.
 */
export function isPlaceholder(value: string): boolean {
  const v = value.trim();
  if (v.length === 0) return true;
  const lower = v.toLowerCase();
  if (KNOWN_EXAMPLES.has(lower)) return true;
  if (lower.length <= 24 && PLACEHOLDER_WORDS.has(lower.replace(/^[\s"'`:;,.!?<>()[\]{}]+|[\s"'`:;,.!?<>()[\]{}]+$/g, ''))) return true;
  if (PLACEHOLDER_PARTS_RE.test(lower)) return true;
  if (isTemplate(v)) return true;
  if (/^<[^<>]*>$/.test(v) || /^\[[^[\]]*\]$/.test(v)) return true;
  // roff source: a font change marks a man page's metavariable (`\fIuser_id\fR`); `\(:a` is a
  // special character, `\-` a hyphen, `\&` a zero-width break: a man page's text, not a value typed by someone.
  if (/\\f[BIRP(]|\\\([^\s]{2}|\\[-&]/.test(v)) return true;
  const chars = lowerAlnum(lower);
  const distinct = distinctCount(chars);
  if (chars.length >= 4 && distinct <= 2) return true;
  if (chars.length >= 12 && distinct <= 4) return true;
  const sequential = chars.length >= 6 ? sequentialShareOf(chars) : 0;
  // Hex and digit strings draw from few symbols, so runs occur by chance more often.
  if (chars.length >= 8 && sequential >= (/^[0-9a-f]+$/.test(chars) ? 0.8 : 0.7)) return true;
  if (chars.length >= 6 && chars.length === v.length && sequential === 1) return true; // "abcdef", "123456"
  if (chars.length === v.length && isKeyboardRun(chars)) return true; // "asdf", "zxcv": filler typed along a row
  if (isHomeRowMash(chars)) return true; // "sdlfkj452": letters hit at random on the home row, then digits
  // "fallback-password", "password-for-test", "my-top-secret": the word named as a phrase.
  if (/(?:^|[_\-.\s])(?:password|passwd|secret|token)(?:$|[_\-.\s])/.test(lower) && /[a-z0-9][_\-.\s][a-z0-9]/.test(lower) && isWordLike(v)) return true;
  // "my_password", "db_pass", "smtp_password": the name of the setting typed as its value.
  if (/^(?:(?:my|your|the|some|new|old|db|smtp|admin|user|app|api|test)[_-]?)+(?:password|passwd|pass|pwd|secret|token|key|apikey)s?$/.test(lower)) return true;
  // "test123", "demo1", "foo42": a stand-in word, numbered.
  if (/^(?:test|demo|dummy|foo|bar|baz)\d{1,4}$/.test(lower)) return true;
  // `{password}`, `{__template_name__}`: a named slot of a format string or template.
  if (/^\{+_*[A-Za-z][\w.-]*_*\}+$/.test(v)) return true;
  return false;
}

/** `secret123`, `password12345678`, `test1`: a stand-in word, numbered. */
function isNumberedStandIn(value: string): boolean {
  return /^(?:secret|password|passwd|pass|test|admin|demo)\d{1,8}$/.test(value);
}

/** "Passwort", "wachtwoord", "Secret": the word for a password itself, in a supported language. */
function isSecretWord(value: string): boolean {
  return /^[A-Za-z][a-z]+$/.test(value) && !WEAK_DEFAULTS.has(value.toLowerCase()) && SECRET_WORDS_RE.test(value.toLowerCase());
}

/**
 * A value that names itself a password, lower-case inside a word (`authpassword`, `123Abpassword`,
 * `proxypass`, `repopwd`, `testpw`, Prisma's documented `randompassword`): documentation and tests write such stand-ins; a chosen
 * password capitalizes or decorates the word (`Password123!`) and is left to the other tests.
 */
function isSelfNamed(value: string): boolean {
  // The word with at most five characters more (`thisismypassword` is a phrase somebody set).
  if (/password|passwd|passphrase/.test(value) && value.replace(/password|passwd|passphrase/, '').length <= 5) return true;
  return /^(?:(?:auth|proxy|repo|multi|mail|root|web|ftp|ssh|server|client|store|login|site|service|default|master|local|remote|dev|prod|my|your|the|some|new|old|db|smtp|admin|user|app|api|test|key|random|dummy|example|sample|fake|strong|secure|super)[_-]?)+(?:pass(?:word)?|pwd|pw|secret)$/.test(value);
}

/** Whether `value` reads as an expression or reference in code rather than a literal. */
export function isCodeReference(value: string): boolean {
  const v = value.trim();
  // env.PASSWORD, config.db.password, this.state.token, $settings->password; not a dotted
  // token whose part is generated (Vault's legacy `s.<24 random characters>`).
  // Not capitalized words with a digit inside one (`Tunn3l.Bastion`): a chosen password.
  if (/^[A-Za-z_$][\w$]*(?:(?:\.|->|::)[A-Za-z_$][\w$]*)+$/.test(v)) {
    if (/^[A-Z]/.test(v) && /[A-Za-z]\d+[A-Za-z]/.test(v)) return false;
    return !v.split(/\.|->|::/).some((p) => p.length >= 16 && /\d/.test(p) && /[A-Za-z]/.test(p) && !isWordLike(p));
  }
  // getPassword(), os.getenv("X"), request.form["password"], String(key: a name and a bracket
  // first, or a call last (a generated secret may hold brackets elsewhere: 'w8#k2$z!q9m)h0g(f5d').
  if (/^[A-Za-z_$][\w$.]*\s*[([]/.test(v) || /[\w$]\([^()]*\)$/.test(v)) return true;
  // e.tokens.length-1, node.children.length+offset: arithmetic on a property path (lower-case
  // first: `Cafe.Com.Leite-9` is capitalized words, a chosen password).
  if (/^[a-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+[-+*/%][\w$.]+$/.test(v)) return true;
  return false;
}

/** Whether `value` is a URL, a file path, a host name or an ARN rather than a credential. */
export function isLocator(value: string): boolean {
  const v = value.trim();
  if (/^[a-z][a-z0-9+.-]{1,15}:\/\//i.test(v) || v.includes('://')) return true;
  if (/^(?:\/|\.{1,2}\/|~\/|[A-Za-z]:\\)/.test(v)) return true;
  if (/^arn:/i.test(v)) return true;
  if (/^[a-z0-9-]+(?:\.[a-z0-9-]+)*:\d{2,5};?$/i.test(v)) return true; // host:port (`proxy_pass localhost:873;`)
  if (/^[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|io|dev|app|cloud|local|internal|co|us|eu|de|uk|fr|nl|ai)$/i.test(v)) return true;
  // some/path/to/file.ext, cms/sites/passwords#edit, text/html
  if (/^[\w.-]+(?:\/[\w.-]+)+(?:[#?][\w=&.-]*)?$/.test(v) && /[a-z]{3}\/[a-z]{2}/i.test(v) && !/[+=]/.test(v)) return true;
  return false;
}

/** Whether a character code is a vowel (aeiouy, either case). */
function isVowel(c: number): boolean {
  const l = c | 32;
  return l === 97 || l === 101 || l === 105 || l === 111 || l === 117 || l === 121;
}

/**
 * Whether `value` is made of words: an identifier, a setting name, a slug or a phrase
 * (`app_settings_v2`, `UserRepository`, `my-bucket-name`). At least 60% of its letters and digits
 * sit in pronounceable alphabetic runs (three or more letters, a quarter of them vowels, never
 * five consonants in a row); random tokens break into short runs and digits and score far below
 * that. Runs split at anything but an ASCII letter and at camel-case humps (`userID` | `Repo`).
 * One pass over the characters, no intermediate strings: it runs for most assignment values.
 */
export function isWordLike(value: string): boolean {
  const n = value.length;
  let alnumCount = 0;
  let covered = 0;
  let run = 0;
  let vowels = 0;
  let consonants = 0;
  let harsh = false;
  for (let i = 0; i <= n; i++) {
    const c = i < n ? value.charCodeAt(i) : 0;
    const upper = c >= 65 && c <= 90;
    const letter = upper || (c >= 97 && c <= 122);
    if (letter || (c >= 48 && c <= 57)) alnumCount++;
    let boundary = !letter;
    if (upper && i > 0) {
      const before = value.charCodeAt(i - 1);
      const after = i + 1 < n ? value.charCodeAt(i + 1) : 0;
      // lower -> Upper ("userRepo"), or the last capital of an acronym before a word ("IDRepo").
      boundary = (before >= 97 && before <= 122) || (before >= 65 && before <= 90 && after >= 97 && after <= 122);
    }
    if (boundary && run > 0) {
      if (run >= 3 && vowels * 4 >= run && !harsh) covered += run;
      run = vowels = consonants = 0;
      harsh = false;
    }
    if (!letter) continue;
    run++;
    if (isVowel(c)) {
      vowels++;
      consonants = 0;
    } else if (++consonants >= 5) {
      harsh = true;
    }
  }
  return covered / (alnumCount || 1) >= 0.6;
}

/**
 * Whether `value` is base64 of readable words ("aGVsbG8gd29ybGQ=" is "hello world"): encoded
 * text, not key material. Random bytes almost never decode to printable ASCII.
 */
export function isEncodedText(value: string): boolean {
  if (!/^[A-Za-z0-9+/]{8,}={0,2}$/.test(value) || value.length % 4 !== 0) return false;
  // Random bytes are rarely printable: stop at the first byte that is not, before decoding it all.
  if (!decodesToPrintable(value)) return false;
  const decoded = decodeBase64(value)!;
  const words = decoded.split(/[\s,.;:!?'"()/_-]+/).filter(Boolean);
  return words.length > 0 && words.every((w) => /^\d+$/.test(w) || /^(?=[A-Za-z]*[aeiouyAEIOUY])(?![A-Za-z]*[^aeiouyAEIOUY\d\W]{5})[A-Za-z]+$/.test(w));
}

/**
 * camelCase, PascalCase, snake_case, kebab-case or UPPER_SNAKE words without digits: a name in
 * code (`startOfFileToken`, `DB_PASSWORD`), not a generated value. Random mixed-case strings
 * almost never alternate so regularly (about 0.2% of 16-character base62 draws).
 */
export function isIdentifierShaped(value: string): boolean {
  return (
    /^[a-z]+(?:[A-Z][a-z]+)+$/.test(value) ||
    /^(?:[A-Z][a-z]+){2,}$/.test(value) ||
    /^[a-z]+(?:[_-][a-z]+)+$/.test(value) ||
    /^[A-Z]+(?:_[A-Z]+)+$/.test(value)
  );
}

/** Case changes between neighbouring letters per letter: high in random mixed-case text. */
function caseFlips(value: string): number {
  const letters = value.replace(/[^A-Za-z]/g, '');
  if (letters.length < 2) return 0;
  let flips = 0;
  for (let i = 1; i < letters.length; i++) {
    const a = letters[i - 1] >= 'a';
    const b = letters[i] >= 'a';
    if (a !== b) flips++;
  }
  return flips / (letters.length - 1);
}

/**
 * A prefixed provider token (`ghp_...`, `xoxb-...`, `AKIA...`): the prefix already says what it
 * is, so only stand-ins are dropped: placeholders and values under MIN_TOKEN_ENTROPY.
 */
export function isProviderToken(value: string): boolean {
  return shannonEntropy(value) >= MIN_TOKEN_ENTROPY && !isPlaceholder(value);
}

/**
 * A value assigned to a secret-like name (`api_key = "..."`, `?token=...`): it must look
 * generated. At least 8 characters, not a stand-in, not a locator or code reference, not made
 * of words, and random enough: entropy >= MIN_TOKEN_ENTROPY (2.7 for 8-11 characters, where
 * random strings cannot reach 3), digits mixed with letters, or many case changes when it has
 * no digits.
 */
export function isGeneratedSecret(value: string): boolean {
  const v = value.trim();
  if (v.length < 8 || v.length > 1000 || /\s/.test(v)) return false;
  if (shannonEntropy(v) < (v.length < 12 ? 2.7 : MIN_TOKEN_ENTROPY)) return false;
  if (isPlaceholder(v) || isLocator(v) || isCodeReference(v)) return false;
  if (/^\d+$/.test(v)) return v.length >= 20;
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v)) return true;
  if (isWordLike(v) || isEncodedText(v) || isIdentifierShaped(v)) return false;
  // `secret%3Dpassword`: URL-encoded words.
  if (/%[0-9A-Fa-f]{2}/.test(v)) {
    const decoded = decodeSafe(v);
    if (decoded !== v && (isWordLike(decoded) || isPlaceholder(decoded))) return false;
  }
  // `rsa:3072`, `redis:6379`: an algorithm and its size, or a host and its port.
  if (/^[A-Za-z][\w-]*:\d{2,5}$/.test(v)) return false;
  // `rc2_key_st`, `session_token_id`: short lower-case parts, one of them the secret word: a name.
  if (/^[a-z0-9]{1,8}(?:_[a-z0-9]{1,8})+$/.test(v) && /(?:^|_)(?:key|token|secret|salt)(?:_|$)/.test(v)) return false;
  // Generated values have no runs; `abcdefg12346` and `d4c3b2a1-f6e5` were typed by a person.
  const chars = alnum(v);
  if (sequentialShareOf(chars) >= (/^[0-9a-f]+$/.test(chars) ? 0.6 : 0.4)) return false;
  const hasDigit = /\d/.test(v);
  const hasLetter = /[A-Za-z]/.test(v);
  if (hasDigit && hasLetter) return true;
  if (!hasDigit) return v.length >= 16 && caseFlips(v) >= 0.25;
  return false;
}

/**
 * A password written as a literal: people choose words, so no entropy floor, but it must not be
 * a stand-in, a reference to a variable or setting, a locator, a bare number under 6 digits or
 * shorter than 4 characters.
 */
export function isPasswordLiteral(value: string): boolean {
  const v = value.trim();
  if (v.length < 4 || v.length > 200 || v !== value) return false;
  if (isPlaceholder(v) || isCodeReference(v) || isLocator(v)) return false;
  if (/^\d{1,5}$/.test(v) || /^0x[0-9a-f]+$/i.test(v)) return false; // a small number, a hex literal
  if (/^[~^<>=v]{0,2}\d+(?:\.\d+){1,3}(?:[-+][\w.]+)?$/.test(v)) return false; // a version: "^1.2.1"
  if (/^p[a@4][s$5]{2}(?:w[o0]rd|wd)$/i.test(v)) return false; // "pa$$word", "p@ssw0rd": the word itself
  if (isDecoratedKeyword(v)) return false; // "pass1", "secret2", "#pass", "pa#ss": the word itself, numbered
  if (PRODUCT_DEFAULTS.has(v.toLowerCase())) return false; // `password: "oracle"` in a compose template
  // Documentation and test stand-ins, quoted as well as bare: `{ password: 'secret123' }`, `using
  // password "authpassword"`, `Passwort`. (The weak defaults themselves, `'secret'`, `'admin'`,
  // stay reported when quoted: secret scanners' own examples count them as hard-coded credentials.)
  if (isNumberedStandIn(v) || isSelfNamed(v) || isSecretWord(v)) return false;
  if (/^\\u[0-9A-Fa-f]{4}/.test(v)) return false; // a translated message in Java's \uXXXX escapes (`-keypass \uC774...`)
  if (/^[A-Z]+(?:[-_:][A-Z]+)+:?$/.test(v)) return false; // a metavariable in capitals: `PASS-PHRASE`, `USER_ID:PASSWD:`
  if (/^-[A-Za-z]/.test(v)) return false; // an option or a negation: `-anonymous@`, `-PSK:HIGH`
  if (/(?:user|anonymous|guest)@$/i.test(v)) return false; // anonymous FTP's password by convention: `IEUser@`, aria2's `ARIA2USER@`
  if (/^[A-Za-z_$][\w$]*\.$/.test(v)) return false; // a member access cut at `#`: `this.#c()`
  if (/^[A-Za-z_]+(?:::?[A-Za-z_]+)+$/.test(v)) return false; // a field layout or a namespace: `GID:user_list`, `Net::FTP`
  if (/^[#.][a-z]+(?:-[a-z]+)+$/.test(v)) return false; // CSS selector: "#add-password"
  if (/^[$%@&*.+,;:?)\]}>=|]/.test(v) || /[+(]$/.test(v)) return false; // interpolation, a pointer, code, a fragment, a shell `${X:?message}`
  if (YAML_TAG_RE.test(v)) return false; // a YAML tag that reads the value from elsewhere: `!secret mqtt_password`, `!Ref DbPassword`
  if (/^["'\x60]+\$[A-Za-z_{(]/.test(v)) return false; // a quoted shell variable: '$DB_PASSWORD'
  if (/\s/.test(v) && /[()+]/.test(v)) return false; // an expression: `+new Buffer(`
  if (/^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/.test(v)) return false; // an environment variable's name
  if (/\s{2,}|\s[+&|]{1,2}\s/.test(v)) return false; // prose or a concatenation
  const words = v.split(/\s+/);
  if (words.length > 2) return isWordsPassphrase(words);
  if (words.length === 2 && /^(?:enter|your|the|a|an|new|old|confirm|current|invalid|wrong|incorrect|forgot|reset|change|show|hide|no|is|not|please|type|min|max|repeat|retype)$/i.test(words[0])) return false;
  return true;
}

/**
 * Words for "password" and "secret" in the languages of the labels (German, French, Spanish,
 * Italian, Dutch, Portuguese, Polish), and `secure`: a value made only of them is a stand-in.
 */
const SECRET_WORDS_RE = /^(?:pass|password|passwd|pwd|pw|secret|secure|token|geheim|passwort|kennwort|parole|motdepasse|mdp|secreto|contrasena|clave|segreto|wachtwoord|geheime?|senha|segredo|haslo)+$/;

/**
 * Whether the value is the setting's own word (or two of them) with a few digits or symbols
 * around or inside it (`pass1`, `secret2`, `#pass`, `pa#ss`, `password123`, `geheim$parole`):
 * how tests and docs write and number stand-ins.
 */
function isDecoratedKeyword(value: string, most = 2): boolean {
  const letters = value.replace(/[^A-Za-z]/g, '').toLowerCase();
  // One or two characters: "Secret123" and "Pass123!@#" are what people set (and what secret
  // scanners' own examples count as found); the bare word is a weak default (WEAK_DEFAULTS).
  const extra = value.length - letters.length;
  return extra >= 1 && extra <= most && SECRET_WORDS_RE.test(letters);
}

/** A password written bare in a setting or prose: a literal, and not a documentation default. */
export function isBarePasswordLiteral(value: string): boolean {
  if (!isPasswordLiteral(value) || WEAK_DEFAULTS.has(value.toLowerCase())) return false;
  if (isDecoratedKeyword(value, 4)) return false; // `--root-password=password123` in documentation
  if (/^[A-Za-z]+:$/.test(value)) return false; // a label or a reST role (`Pass :meth:`)
  // Bare in code, a snake_case or camelCase name made of words is a variable (`smtp.password =
  // sim_auth`); one that is not (`gT8mQ2vL5pZ1`, `pg_circle_8812`) is a generated or chosen value.
  return !(/^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$|^[a-z]+(?:[A-Z][a-z0-9]+)+$/.test(value) && isWordLike(value));
}

/** A password literal mixing letters with digits or symbols, as chosen passwords do and words do not. */
export function isMixedPassword(value: string): boolean {
  return isBarePasswordLiteral(value) && /[A-Za-z]/.test(value) && /[0-9!#$%^&*?@~+=_.-]/.test(value);
}

/**
 * A shared secret of a network service (RADIUS, VRRP, SNMP): mixed, and not made of words, so a
 * setting naming a secret (`secret: db-credentials`) or a product default stays out.
 */
export function isSharedSecret(value: string): boolean {
  return isMixedPassword(value) && !isWordLike(value);
}

/**
 * A password on a command line: a literal mixing letters with digits or symbols, so ports (`-p
 * 8080:80`), numbers, addresses and plain words after a `-p` flag (`-p prod`) stay out.
 */
export function isCliPassword(value: string): boolean {
  return isMixedPassword(value) && !/^[\d.:/-]+$/.test(value);
}

/**
 * Words that mark prose or help text rather than a passphrase (`must be at least 8 characters`,
 * `see section 4`): a passphrase is a few content words and a number.
 */
const PROSE_WORDS = new Set(
  (
    'a an the and or not no nor but if then than when while of in on at to for from by with without into onto ' +
    'is are was were be been being am do does did has have had can could should would will shall may might must ' +
    'i you your yours he she it its we our they their my me us them this that these those there here ' +
    'least most more less min max minimum maximum long short length characters character chars char digits digit ' +
    'letters letter symbols symbol times time attempts attempt failed allowed required optional ' +
    'enter type use see set reset change choose pick repeat retype confirm new old current wrong invalid ' +
    'section chapter page step manual docs documentation example sample password passwords passphrase secret'
  ).split(' '),
);

/**
 * A password of three to six words (`St@g!ng ftp 22`, `C1ub Mail 2026`), one of them with a symbol
 * or a digit between letters, one with three letters (`Sh0p` counts), none of them a prose word (words and numbers alone are isPassphrase's);
 * or a Google app password as Google shows it (`qwmz rtkv ploh bxsn`: four groups of four lower-case letters).
 */
function isWordsPassphrase(words: string[]): boolean {
  if (words.length === 4 && words.every((w) => /^[a-z]{4}$/.test(w))) return true;
  return (
    words.length <= 6 &&
    words.some((w) => /[!#$%^&*?@~+=;]|[A-Za-z]\d+[A-Za-z]/.test(w)) &&
    words.some((w) => /(?:[A-Za-z]\d?){3}/.test(w)) &&
    words.every((w) => w.length <= 20 && !PROSE_WORDS.has(w.toLowerCase()))
  );
}

/** Words of instructions and stand-ins in a setting's value (`change me in production`, `put your unique phrase here`), besides the prose words and isPlaceholder's. */
const STAND_IN_WORDS = new Set('change replace put insert generate random unique phrase something same ask string'.split(' '));

/**
 * A passphrase of lower-case words under a variable named a secret or a password: four to eight
 * words, none an instruction, a stand-in or a participle (`stored`, `signing`); with a word
 * holding a digit (`3rd`) fewer than half of them prose words, otherwise none.
 */
export function isWordsSecret(value: string): boolean {
  const words = value.split(' ');
  if (words.length < 4 || words.length > 8 || value.length < 16 || /[A-Z]/.test(value) || isPlaceholder(value)) return false;
  if (words.some((w) => STAND_IN_WORDS.has(w) || /..(?:ed|ing)$/.test(w))) return false;
  const prose = words.filter((w) => PROSE_WORDS.has(w)).length;
  return words.some((w) => /\d/.test(w)) ? prose * 2 < words.length : prose === 0;
}

/**
 * A passphrase of three to six words with a number among them (`correct staple 42 horse`,
 * `Guest Wifi 2024 Lobby`): each word letters or digits, none of them a prose word.
 */
export function isPassphrase(value: string): boolean {
  const v = value.trim();
  if (v !== value || /\s{2,}/.test(v) || isPlaceholder(v)) return false;
  const words = v.split(' ');
  if (words.length < 3 || words.length > 6) return false;
  if (!words.some((w) => /\d/.test(w)) || !words.some((w) => /^[A-Za-z]{3,}$/.test(w))) return false;
  return words.every((w) => w.length <= 20 && /^(?:[A-Za-z]+|\d+|[A-Za-z]+\d+)$/.test(w) && !PROSE_WORDS.has(w.toLowerCase()));
}

/** `user:password` from a URL's userinfo: the password part must be a literal, not a stand-in. */
export function isUrlCredential(value: string): boolean {
  const i = value.indexOf(':');
  if (i < 0) return false;
  const user = decodeSafe(value.slice(0, i));
  const pass = decodeSafe(value.slice(i + 1));
  // The user name may be an example address (`ops@corp.example`); a template is a stand-in.
  if (user !== '' && (isTemplate(user) || /^<[^<>]*>$/.test(user))) return false;
  // `your-name@gmail.com:...`, `yourusername:...`: the reader is to put in their own account.
  if (/^your[-_.]?(?:name|user|login|email|account|id)/i.test(user)) return false;
  if (pass.length < 3 || isPlaceholder(pass)) return false;
  if (pass.startsWith('//')) return false; // "http://host": a scheme read as a user name
  if (user !== '' && user === pass) return false; // guest:guest, admin:admin: product defaults quoted in docs
  if (/^\d{1,5}$/.test(pass)) return false; // host:port mistaken for user:password
  if (pass.startsWith(':')) return false; // `Some::Module`: a namespace, not user:password
  if (pass.length <= 5 && 'abcdefghijklmnopqrstuvwxyz'.includes(pass.toLowerCase())) return false; // `abc:xyz`
  if (WEAK_DEFAULTS.has(pass.toLowerCase()) || PRODUCT_DEFAULTS.has(pass.toLowerCase())) return false; // `-u user:secret`, `apt:debian@` in documentation
  if (isSelfNamed(pass) || isSecretWord(pass) || isNumberedStandIn(pass)) return false; // `redis://user:authpassword@host`, `http://benutzer:passwort@server` in docs
  // `OPEN:/var/log/app.log,append`, `tcp-listen:8080,fork` (socat addresses): a path or a port with options.
  if (pass.startsWith('/') || /^\d{1,5}[,/]/.test(pass)) return false;
  return !isTemplate(pass);
}

function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Value of each base64 character (standard alphabet), by character code. */
const B64_VALUE = new Uint8Array(128);
for (let i = 0; i < B64.length; i++) B64_VALUE[B64.charCodeAt(i)] = i;

/**
 * Whether standard base64 (already checked to use its alphabet, padding optional) decodes to at
 * least one byte and only printable ASCII bytes; stops at the first byte that is not.
 */
function decodesToPrintable(value: string): boolean {
  let acc = 0;
  let bits = 0;
  let any = false;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === 61) break; // '=' padding
    acc = ((acc << 6) | B64_VALUE[c]) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      const byte = (acc >> bits) & 0xff;
      if (byte < 0x20 || byte > 0x7e) return false;
      any = true;
    }
  }
  return any;
}

/** Decodes standard or URL-safe base64 (padding optional) to a Latin-1 string; null when invalid. */
export function decodeBase64(input: string): string | null {
  const s = input.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (s.length % 4 === 1 || /[^A-Za-z0-9+/]/.test(s)) return null;
  let out = '';
  let bits = 0;
  let acc = 0;
  for (let i = 0; i < s.length; i++) {
    acc = (acc << 6) | B64.indexOf(s[i]);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += String.fromCharCode((acc >> bits) & 0xff);
    }
  }
  return out;
}

/** `Authorization: Basic <b64>`: decodes to printable `user:password` with a real password. */
export function isBasicCredential(value: string): boolean {
  const decoded = decodeBase64(value);
  if (decoded === null || !/^[\x20-\x7e]+$/.test(decoded)) return false;
  return isUrlCredential(decoded);
}

/**
 * A JSON Web Token (RFC 7519): header and payload are base64url JSON objects and the header
 * names its algorithm (`alg`) or type (`typ`); opaque dotted strings starting `eyJ` are not JWTs.
 */
export function isJwt(value: string): boolean {
  const parts = value.split('.');
  if (parts.length !== 3 && parts.length !== 5) return false; // JWS compact, or JWE compact
  const header = decodeBase64(parts[0]);
  const payload = decodeBase64(parts[1]);
  if (header === null || !/^\s*\{/.test(header) || !/"(?:alg|typ|enc|kid)"/.test(header)) return false;
  if (parts.length === 3 && (payload === null || !/^\s*\{/.test(payload))) return false;
  return parts[parts.length - 1].length >= 16 && !isPlaceholder(parts[parts.length - 1]);
}

/**
 * A PEM private key block (RFC 7468) or similar armoured key: the body between the armour lines
 * carries at least 64 base64 characters and is not an elided stand-in (`...`, `<key>`, `xxxx`).
 */
export function isPrivateKeyBody(value: string): boolean {
  const body = value
    .replace(/-----(?:BEGIN|END)[^-\n]{0,60}-----/g, ' ')
    .replace(/^[A-Za-z-]+: .*$/gm, ' ') // Proc-Type / DEK-Info / Comment headers
    .replace(/\\[rn]/g, ' ');
  if (/\.\.\.|…|xxxx|<[^>]*>|\byour\b/i.test(body)) return false;
  const b64 = body.replace(/[^A-Za-z0-9+/=]/g, '');
  if (b64.length < 64) return false;
  return shannonEntropy(b64) >= 4.5;
}

/**
 * An AWS secret access key: 40 base64 characters. Pure hex of that length is a SHA-1 (a commit,
 * a checksum), and a generated key has the entropy of random base64 (>= 4.0 bits/char; a random
 * draw of 40 base64 characters is above 4.4 in 99% of cases).
 */
export function isAwsSecretKey(value: string): boolean {
  if (value.length !== 40 || /^[0-9a-f]{40}$/i.test(value)) return false;
  if (!/[A-Z]/.test(value) || !/[a-z]/.test(value)) return false;
  return !isPlaceholder(value) && shannonEntropy(value) >= 4.0;
}

/**
 * A password hash in a crypt(3)-style format (`$2b$12$...`, `$6$salt$...`, `$krb5asrep$23$...`):
 * the digest after the last `$` is long enough and not a stand-in.
 */
export function isPasswordHash(value: string): boolean {
  const digest = value.slice(value.lastIndexOf('$') + 1);
  return digest.length >= 16 && !isPlaceholder(digest) && shannonEntropy(digest) >= MIN_TOKEN_ENTROPY;
}

/** Validators of the secret recognizers, by the name recognizers refer to. */
export const secretValidators = {
  /** Shannon entropy of at least MIN_TOKEN_ENTROPY bits per character. */
  entropy: (v) => shannonEntropy(v) >= MIN_TOKEN_ENTROPY,
  /** Not a placeholder, template, example or patterned stand-in. */
  'not-placeholder': (v) => !isPlaceholder(v),
  /** A prefixed provider token that is not a stand-in. */
  'secret-token': isProviderToken,
  /** A generated-looking value beside a secret-like name. */
  'secret-generic': isGeneratedSecret,
  /** A password literal. */
  'secret-password': isPasswordLiteral,
  /** A value of a setting named "secret": a password literal, and not one short lower-case word (`--oauth-client-secret='looker'`). */
  'secret-setting': (v) => isPasswordLiteral(v) && !/^[a-z]{1,8}$/.test(v),
  /** A bare password literal that is not a documentation default (`secret`, `sekrit`). */
  'secret-password-bare': isBarePasswordLiteral,
  /** A bare password literal mixing letters with digits or symbols. */
  'secret-password-mixed': isMixedPassword,
  /** A shared secret of a network service: mixed and not made of words. */
  'secret-shared': isSharedSecret,
  /** A password on a command line (not a port or a number). */
  'secret-cli-password': isCliPassword,
  /** A passphrase of three to six words with a number. */
  'secret-passphrase': isPassphrase,
  /**
   * In a slot that holds nothing but a password (a `.pgpass` entry's last field, a connection
   * string's `Password=`): also two to six plain words, none of them prose (`local pg super`).
   */
  'secret-password-slot': (v) => isPasswordLiteral(v) || (!isPlaceholder(v) && /^[\w.]+(?: [\w.]+){1,5}$/.test(v) && v.split(' ').every((w) => !PROSE_WORDS.has(w.toLowerCase()))),
  /** A passphrase of ordinary words under a secret's or a password's name. */
  'secret-words': isWordsSecret,
  /** A password literal or, quoted on a command line, a passphrase of words and a number (`-a 'Rds cache 77'`). */
  'secret-password-or-passphrase': (v) => isPasswordLiteral(v) || isPassphrase(v),
  /** `user:password` of a URL or connection string. */
  'secret-url-credential': isUrlCredential,
  /** Base64 `user:password` of HTTP Basic authentication (RFC 7617). */
  'secret-basic-auth': isBasicCredential,
  /** A JSON Web Token (RFC 7519). */
  'secret-jwt': isJwt,
  /** A crypt(3)-style password hash. */
  'secret-password-hash': isPasswordHash,
  /** A PEM private key body (RFC 7468). */
  'secret-private-key': isPrivateKeyBody,
  /** An AWS secret access key. */
  'secret-aws-secret-key': isAwsSecretKey,
} satisfies Record<string, Validator>;
