import { expect } from 'chai';
import { expectVerdicts } from '../../support/verdicts';
import { scan } from '../../../src/detection';
import { secretRecognizers } from '../../../src/detection/recognizers/secrets';
import { LETTER_AHEAD } from '../../../src/detection/recognizers/secrets-generic';
import { placementKeywords } from '../../../src/detection/compile';
import {
  MIN_TOKEN_ENTROPY,
  decodeBase64,
  isAwsSecretKey,
  isBarePasswordLiteral,
  isBasicCredential,
  isCliPassword,
  isCodeReference,
  isEncodedText,
  isGeneratedSecret,
  isJwt,
  isMixedPassword,
  isPassphrase,
  isPasswordLiteral,
  isPlaceholder,
  isPrivateKeyBody,
  isSharedSecret,
  isUrlCredential,
  secretValidators,
  sequentialShare,
  shannonEntropy,
} from '../../../src/detection/validators/secrets';

/** Deterministic pseudo-random strings (mulberry32), so tests never depend on Math.random. */
function randomString(seed: number, length: number, alphabet: string): string {
  let a = seed >>> 0;
  let out = '';
  for (let i = 0; i < length; i++) {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    out += alphabet[((t ^ (t >>> 14)) >>> 0) % alphabet.length];
  }
  return out;
}
const B62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const HEX = '0123456789abcdef';
const B64 = B62 + '+/';

/**
 * SECRETS findings of the default engine's local pass, as `TYPE@start-end`: a failing assertion
 * prints types and offsets, never a value (the samples look like secrets).
 */
function secretsIn(text: string): string[] {
  return scan(text, { pass: 'local' })
    .filter((f) => f.dataTypes.includes('SECRETS'))
    .map((f) => `${f.type}@${f.start}-${f.end}`);
}

/** How `secretsIn` writes a finding of `type` spanning the first `value` in `text`. */
function secretAt(text: string, type: string, value: string): string {
  const start = text.indexOf(value);
  return `${type}@${start}-${start + value.length}`;
}

function toBase64(s: string): string {
  return Buffer.from(s, 'utf8').toString('base64');
}

describe('secret validators', () => {
  it('registers every validator the secret recognizers name', () => {
    for (const r of secretRecognizers) {
      if (r.validator) expect(secretValidators, r.id).to.have.property(r.validator);
    }
    expect(secretValidators).to.include.keys('entropy', 'not-placeholder');
  });

  it('measures Shannon entropy in bits per character', () => {
    expect(shannonEntropy('')).to.equal(0);
    expect(shannonEntropy('aaaaaaaa')).to.equal(0);
    expect(shannonEntropy('abababab')).to.be.closeTo(1, 1e-9);
    expect(shannonEntropy('abcd')).to.be.closeTo(2, 1e-9);
    expect(shannonEntropy(B62)).to.be.closeTo(Math.log2(62), 1e-9);
  });

  it('keeps random tokens above the entropy threshold and drops repeated stand-ins', () => {
    const entropy = secretValidators.entropy;
    for (let seed = 1; seed <= 50; seed++) {
      expect(entropy(randomString(seed, 24, B62)), `b62 seed ${seed}`).to.equal(true);
      expect(entropy(randomString(seed, 32, HEX)), `hex seed ${seed}`).to.equal(true);
    }
    expect(MIN_TOKEN_ENTROPY).to.equal(3.0);
    expect(entropy('AKIADEADBEEFDEADBEEF')).to.equal(false);
    expect(entropy('x'.repeat(40))).to.equal(false);
    expect(entropy('00000000-0000-0000-0000-000000000000')).to.equal(false);
  });

  it('recognises placeholders, templates and documentation examples', () => {
    const placeholders = [
      'xxxxxxxxxxxxxxxx',
      '<your-api-key>',
      '${API_KEY}',
      '{{ .Values.secret }}',
      '%(password)s',
      '$DB_PASSWORD',
      '%SECRET%',
      '@db.password@',
      '__TOKEN__',
      'changeme',
      'CHANGE_ME',
      'AKIAIOSFODNN7EXAMPLE',
      'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      'your_api_key_here',
      'insert-token-here',
      '********',
      '######',
      'sk-...',
      'password',
      'undefined',
      'string',
      'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaNRAL',
      'a1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6q7r8NRAL',
      '1234567890abcdef',
      'my_password',
      'fallback-password',
      'sk_test_4eC39HqLyjWDarjtT1zdp7dc',
    ];
    expectVerdicts(isPlaceholder, placeholders, []);
  });

  it('does not mistake generated tokens or ordinary passwords for placeholders', () => {
    const generated = Array.from({ length: 40 }, (_, i) => randomString(100 + i, 32, B62));
    expectVerdicts(isPlaceholder, [], [...generated, 'Tr0ub4dor&3', 'secret', 'open sesame', 'hunter2', 'Rrhh1234', 'abuser123456', 'django-insecure-q8x!v@3k']);
  });

  it('scores typed sequences high and random strings low on the run test', () => {
    expect(sequentialShare('abcdefghijkl')).to.equal(1);
    expect(sequentialShare('a1b2c3d4e5f6')).to.be.greaterThan(0.9);
    expect(sequentialShare(randomString(7, 40, B62))).to.be.lessThan(0.3);
  });

  it('treats base64 of plain words as encoded text, not key material', () => {
    expect(isEncodedText(toBase64('hello world from preflight'))).to.equal(true);
    expect(isEncodedText(toBase64('this is a test'))).to.equal(true);
    expect(isGeneratedSecret(toBase64('hello world from preflight'))).to.equal(false);
    expect(isEncodedText(randomString(3, 44, B64))).to.equal(false);
    expect(decodeBase64('aGk=')).to.equal('hi');
    expect(decodeBase64('not base64!')).to.equal(null);
  });

  it('accepts generated values beside a secret name and rejects words, locators and code', () => {
    expectVerdicts(
      isGeneratedSecret,
      [randomString(11, 32, HEX), randomString(12, 40, B62), 'c55dbac4-e0e8-4a06-b892-75cac2387ce5'],
      [
        'app_settings_v2_production',
        'UserRepositoryFactory',
        'https://example.com/callback',
        '/etc/secrets/api.key',
        'config.aws.secret_key',
        'getToken(user)',
        'startOfFileToken',
        'DB_PASSWORD',
        'abcdefg12346+FJQCK',
        'd4c3b2a1-f6e5-h8g7-j1i8-p5o0n5m3l2k1',
        'short1',
      ],
    );
  });

  it('accepts word passwords but not variable references, type names or expressions', () => {
    expectVerdicts(
      isPasswordLiteral,
      ['open_sesame', 'Summer2024!', 'correct horse', '`123QWERasdf', '#gets0m3', 'Prestigitariu$'],
      [
        '123',
        '$db_password',
        "'$PRECOMPILE_PASSWORD'",
        'env.DB_PASSWORD',
        'request.form["password"]',
        '#add-password',
        'DB_PASSWORD_FROM_ENV',
        '+new Buffer(',
        'Enter your password',
        'string',
        'cms/sites/passwords#update',
        'arn:aws:iam::aws:policy/IAMUserChangePassword',
        '^1.2.1',
        'pa$$word',
      ],
    );
  });

  it('drops documentation defaults and variable names only where a password is written bare', () => {
    expectVerdicts(isBarePasswordLiteral, ['Winter2024!', 'hunter2-Xq9!zK', 'whiteduke'], ['secret', 'sekrit', 'admin', 'foobared', 'sim_auth', 'smtpPassword']);
    // Quoted in code, a weak literal is still a hard-coded credential; numbered and self-naming
    // stand-ins are what docs and tests write (`{ password: 'secret123' }`); a chosen value stays.
    expect(isPasswordLiteral('secret')).to.equal(true);
    expectVerdicts(isPasswordLiteral, ['Secret123', 'Password123!', 'whiteduke', 'thisismypassword', 'hunter2'], ['secret123', 'authpassword', 'proxypass', 'Passwort', '123Abpassword', 'PASS-PHRASE']);
    expect(isPasswordLiteral('0x8896')).to.equal(false);
  });

  it('keeps snake_case and camelCase values that are not made of words, and drops shell and YAML references', () => {
    // Random and chosen values can happen to alternate case or hold underscores.
    expectVerdicts(isBarePasswordLiteral, ['gT8mQ2vL5pZ1', 'pg_circle_8812', 'kcKeyst0re22'], ['sim_auth', 'db_password', 'smtpPassword', 'userName2']);
    // `${DB_PASS:?set DB_PASS}` yields `?set`; YAML tags read the value from elsewhere.
    expectVerdicts(isPasswordLiteral, ['!Summer2024', '!Passw0rd'], ['?set', '!secret mqtt_password', '!secret', '!Ref DbPassword', '!vault']);
  });

  it('tells passphrases from prose, and mixed values from words and numbers', () => {
    expectVerdicts(
      isPassphrase,
      ['correct staple 42 horse', 'Guest Wifi 2024 Lobby', 'hummingbird garden 7'],
      ['must be at least 8 characters', 'see section 4 of the manual', 'correct horse battery staple', 'one 2', 'use 12 or more characters', 'a b c 1 d e f g'],
    );
    expectVerdicts(isMixedPassword, ['Br1dgeMqtt4', 'k3pAl1v9', 'mango-tree-71'], ['bridge', 'PASSWORD', '12345678', '${MQTT_PASS}']);
    expectVerdicts(isSharedSecret, ['R4d!usAp9', 'Rt3lK9corp', '094F471A1A0A'], ['mango-tree-71', 'db-credentials', 'testing123', 'public']);
    expectVerdicts(isCliPassword, ['Hx71mzq0Lw6e', 'Sq1Agent!x'], ['8080:80', '2222', '10.0.0.1', 'prod', 'password']);
  });

  it('tells code references from generated values holding brackets or dots', () => {
    expectVerdicts(isCodeReference, ['getPassword()', 'os.getenv("X")', 'String(key', 'config.db.password'], ["w8#k2$z!q9m@v7r^x4t&p1n*b6c%l3j)h0g(f5d+s-a", 's.Xq7vZ7nP2bB5gT1eO7lA2dI3']);
  });

  it('checks user:password pairs of URLs and HTTP Basic credentials (RFC 7617)', () => {
    expectVerdicts(
      isUrlCredential,
      ['deploy:Zt7GeN6IH911xvRj', ':Zt7GeN6IH911xvRj'],
      ['user:password', 'localhost:8080', 'http://localhost:8080/logs', 'guest:guest', 'user:***', '${USER}:${PASS}'],
    );
    expectVerdicts((v: string) => isBasicCredential(toBase64(v)), ['svc-billing:T0p-s3cr3t-2025'], ['user:password', 'no colon here']);
  });

  it('accepts a JWT only when its header and payload are JSON objects (RFC 7519)', () => {
    const b64url = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const sig = randomString(5, 43, B62);
    expect(isJwt(`${b64url({ alg: 'RS256', typ: 'JWT' })}.${b64url({ sub: 'u-1' })}.${sig}`)).to.equal(true);
    expect(isJwt(`${b64url({ foo: 1 })}.${b64url({ sub: 'u-1' })}.${sig}`)).to.equal(false);
    expect(isJwt(`${b64url({ alg: 'HS256' })}.UkZOVy13V0tzNUVQX3p3MTM.${sig}`)).to.equal(false);
  });

  it('requires a real body inside a private key block (RFC 7468)', () => {
    const body = [1, 2, 3].map((s) => randomString(s, 64, B64)).join('\n');
    expect(isPrivateKeyBody(`-----BEGIN RSA PRIVATE KEY-----\n${body}\n-----END RSA PRIVATE KEY-----`)).to.equal(true);
    expect(isPrivateKeyBody('-----BEGIN RSA PRIVATE KEY-----\n...\n-----END RSA PRIVATE KEY-----')).to.equal(false);
    expect(isPrivateKeyBody('-----BEGIN PRIVATE KEY-----\n<your key here>\n-----END PRIVATE KEY-----')).to.equal(false);
  });

  it('rejects hex SHA-1 digests as AWS secret keys', () => {
    expect(isAwsSecretKey(randomString(21, 40, B64))).to.equal(true);
    expect(isAwsSecretKey(randomString(22, 40, HEX))).to.equal(false);
    expect(isAwsSecretKey('a'.repeat(40))).to.equal(false);
  });
});

describe('secret recognizers in the default engine', () => {
  it('report every positive sample with their own type next to all other recognizers', () => {
    for (const r of secretRecognizers) {
      for (const s of r.samples.positive) {
        expect(secretsIn(s.text), `${r.id}: ${r.type}`).to.include(secretAt(s.text, r.type, s.value));
      }
    }
  });

  it('find a password column whatever quote, blanks and line end follow its header cell', () => {
    // password-column runs only where its keywords spell what follows the header cell: each
    // spelling a header may have must still reach the value below it.
    const value = 'Xq9-Lm2z!';
    const headers = ['password', '"password"', "'password'", 'password ', 'password\t', '"password"  ', "'password'\t "];
    const ends = ['\n', '\r\n'];
    for (const cell of headers) {
      for (const end of ends) {
        for (const sep of [',', '|']) {
          const text = `url${sep}user${sep}${cell}${sep}note${end}https://a.example${sep}ann${sep}${value}${sep}x${end}`;
          expect(secretsIn(text), JSON.stringify({ cell, end, sep })).to.include(secretAt(text, 'PASSWORD', value));
        }
        // The password cell last on its line: a line end right after it.
        const last = `url,user,${cell}${end}https://a.example,ann,${value}${end}`;
        expect(secretsIn(last), JSON.stringify({ cell, end })).to.include(secretAt(last, 'PASSWORD', value));
      }
    }
  });

  it('leave bare hashes, digests, UUIDs and commit ids alone', () => {
    const texts = [
      `md5: ${randomString(31, 32, HEX)}`,
      `${randomString(32, 40, HEX)}  src/index.ts`,
      `sha256 ${randomString(33, 64, HEX)}`,
      `image: node@sha256:${randomString(34, 64, HEX)}`,
      `"integrity": "sha512-${randomString(35, 86, B64)}=="`,
      `commit ${randomString(36, 40, HEX)}\nAuthor: A <a@example.com>`,
      `request_id=${'6f1c2a9e-3b7d-4c1e-9f2a-8d5b7e3c1a90'}`,
      `"etag": "${randomString(37, 32, HEX)}"`,
      `git checkout ${randomString(38, 40, HEX)}`,
      'correlation id 0b8e7a52-3c4d-4e5f-8a9b-1c2d3e4f5a6b logged',
    ];
    texts.forEach((t, i) => expect(secretsIn(t), `texts[${i}]`).to.deep.equal([]));
  });

  it('leave placeholders and references in assignments alone', () => {
    const texts = [
      'api_key = "${API_KEY}"',
      'API_KEY=your-api-key-here',
      'OPENAI_API_KEY=sk-...',
      'aws_access_key_id = AKIAIOSFODNN7EXAMPLE',
      'aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      'password: changeme',
      'password = "<password>"',
      'DB_PASSWORD=$(vault read -field=pw secret/db)',
      'token: {{ secrets.GITHUB_TOKEN }}',
      'GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
      'Authorization: Bearer <token>',
      'postgres://user:password@localhost:5432/db',
      'secret_key = os.environ["SECRET_KEY"]',
      '-----BEGIN RSA PRIVATE KEY-----\n...\n-----END RSA PRIVATE KEY-----',
      'stripe.api_key = "sk_test_4eC39HqLyjWDarjtT1zdp7dc"',
    ];
    texts.forEach((t, i) => expect(secretsIn(t), `texts[${i}]`).to.deep.equal([]));
  });

  it('leave base64 of plain words alone', () => {
    for (const words of ['hello world from preflight', 'the quick brown fox', 'configuration settings']) {
      const t = `token: "${toBase64(words)}"`;
      expect(secretsIn(t), words).to.deep.equal([]);
    }
  });

  it('leave prose about passwords and keys alone', () => {
    const texts = [
      'Please enter your password: and then press Enter.',
      'Rotate the API key every 90 days; the secret is stored in the vault.',
      'The token endpoint returns an access token and a refresh token.',
      'Use a bypass = "north" route', // "bypass" is not a password setting
      'public_key = "' + randomString(41, 43, B64) + '="',
      '[![coverage](https://codecov.io/gh/o/r/graph/badge.svg?token=' + randomString(42, 10, B62) + ')]',
      '"pbkdf2-password": "^1.2.1",',
      'this.lastToken = startOfFileToken;',
    ];
    texts.forEach((t, i) => expect(secretsIn(t), `texts[${i}]`).to.deep.equal([]));
  });

  it('report a private key block of several kilobytes and a long JWT whole', () => {
    const lines: string[] = [];
    for (let i = 0; i < 50; i++) lines.push(randomString(300 + i, 64, B64));
    const pem = `-----BEGIN RSA PRIVATE KEY-----\n${lines.join('\n')}\n-----END RSA PRIVATE KEY-----`;
    const text = `ssh key:\n${pem}\nend`;
    expect(secretsIn(text)).to.include(secretAt(text, 'PRIVATE_KEY', pem));
    const b64url = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const jwt = `${b64url({ alg: 'RS256', typ: 'JWT' })}.${b64url({ sub: 'u-1', roles: randomString(400, 2500, B62) })}.${randomString(401, 342, B62)}`;
    expect(secretsIn(`token=${jwt}`)).to.include(secretAt(`token=${jwt}`, 'JWT', jwt));
  });

  it('report each credential of a leaked .env file with its own type', () => {
    const gh = 'ghp_' + randomString(51, 36, B62);
    const akia = 'AKIA' + randomString(52, 16, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567');
    const aws = randomString(53, 40, B64);
    const pw = 'V' + randomString(54, 15, B62);
    const stripe = 'sk_live_' + randomString(55, 24, B62);
    const generic = randomString(56, 32, HEX);
    const env = [
      '# production',
      `GITHUB_TOKEN=${gh}`,
      `AWS_ACCESS_KEY_ID=${akia}`,
      `AWS_SECRET_ACCESS_KEY=${aws}`,
      `DATABASE_URL=postgres://app:${pw}@db.internal:5432/app`,
      `STRIPE_SECRET_KEY=${stripe}`,
      `MAPS_API_KEY=${generic}`,
      'LOG_LEVEL=info',
    ].join('\n');
    const found = secretsIn(env);
    const expected: [string, string][] = [
      ['GITHUB_TOKEN', gh],
      ['AWS_ACCESS_KEY', akia],
      ['AWS_SECRET_KEY', aws],
      ['CONNECTION_STRING', `app:${pw}`],
      ['STRIPE_KEY', stripe],
      ['GENERIC_SECRET', generic],
    ];
    expect(found).to.include.members(expected.map(([type, value]) => secretAt(env, type, value)));
    expect(found).to.have.length(expected.length);
  });
});

describe('secret recognizers on real code', () => {
  it('do not report comparisons of token kinds, tuple targets or version-like quads', () => {
    const text = [
      "if x.token_type == 'cfws':",
      "    if token.token_type != 'atom':",
      'user, password = "Aladdin", "coyote"',
      '  * Moved 2.7.0.9 out of experimental',
      'dpkg (1.16.4.3) unstable; urgency=low',
      'password: secret',
      'smtp:\n  password: sekrit',
    ].join('\n');
    const found = scan(text, { pass: 'local' }).filter((f) => f.dataTypes.includes('SECRETS') || f.type === 'IP_ADDRESS');
    expect(found.map((f) => `${f.type}@${f.start}`)).to.deep.equal([]);
  });
});

describe('secret patterns', () => {
  // Strings that drive each kind of pattern as far as it can go before failing.
  const N = 20000;
  const adversarial = [
    'a'.repeat(N),
    'A1'.repeat(N / 2),
    'key=' + 'a'.repeat(N),
    'api_key: "' + 'ab'.repeat(N / 2),
    'password = ' + 'x '.repeat(N / 2),
    'password: "' + 'p'.repeat(N),
    '-----BEGIN RSA PRIVATE KEY-----\n' + 'QUJD\n'.repeat(N / 5),
    'eyJ' + 'a'.repeat(N) + '.eyJ' + 'b'.repeat(N),
    'postgres://' + 'u'.repeat(N) + ':' + 'p'.repeat(N),
    'Server=h;' + 'x;'.repeat(N / 2) + 'Password=',
    'okta ' + '0'.repeat(N),
    '$krb5asrep$23$' + 'f'.repeat(N),
    'sk-' + 'T3BlbkFJ'.repeat(N / 8),
  ];

  it('LETTER_AHEAD passes where a letter follows within 128 characters with no white space before it', () => {
    // The look it replaced, which ran to the end of the run and backed off to its last letter.
    const greedy = String.raw`(?=[^\s]{0,127}[A-Za-z])`;
    const alphabet = 'aZ09-_!#$%.:=/"\'`<>;,(){}[]&|\\ \t\n\r\u00a0\u2003\u00e9\u00f1\u017f\u212a';
    for (const flags of ['y', 'iy']) {
      const was = new RegExp(greedy, flags);
      const now = new RegExp(LETTER_AHEAD, flags);
      for (let seed = 1; seed <= 300; seed++) {
        // Runs of symbols longer than the 128-character reach, with and without a letter at its end.
        const text = randomString(seed, 40, alphabet) + (seed % 3 === 0 ? '1'.repeat(120 + (seed % 16)) + 'q' : '') + randomString(seed + 7, 40, alphabet);
        for (let at = 0; at <= text.length; at++) {
          was.lastIndex = at;
          now.lastIndex = at;
          expect(now.test(text), `seed ${seed}, flags ${flags}, offset ${at}`).to.equal(was.test(text));
        }
      }
    }
  });

  it('are bounded: no pattern backtracks catastrophically on long adversarial input', function () {
    this.timeout(60000);
    for (const r of secretRecognizers) {
      for (const p of r.patterns) {
        const re = new RegExp(p.regex, (p.flags ?? '') + 'g' + (p.group ? 'd' : ''));
        for (const input of adversarial) {
          const t0 = Date.now();
          re.lastIndex = 0;
          let guard = 0;
          while (re.exec(input) !== null && guard++ < 10000) {
            if (re.lastIndex === 0) break;
          }
          expect(Date.now() - t0, `${r.id}/${p.name}`).to.be.lessThan(1000);
        }
      }
    }
  });

  it('gate every recognizer with lower-case keywords (or a start anchor) and keep it in the local pass', () => {
    for (const r of secretRecognizers) {
      expect(r.pass, r.id).to.equal('local');
      // Credentials in a URL carry a user name: personal data too.
      expect(r.dataTypes, r.id).to.deep.equal(r.id === 'url-credentials' ? ['PII', 'SECRETS'] : ['SECRETS']);
      // A keyword, or an anchor that is as cheap (the whole-text key file starts at offset 0).
      expect(r.placement.kind, r.id).to.not.equal('everywhere');
      if (r.placement.kind !== 'anchor') expect(placementKeywords(r), r.id).to.not.be.empty;
      for (const k of placementKeywords(r)) expect(k, r.id).to.equal(k.toLowerCase());
      expect(r.type, r.id).to.match(/^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/);
    }
  });
});
