import type { Recognizer } from '../types';
import { LETTER_AHEAD } from './secrets-generic';

/**
 * Credentials in the spellings of client settings and web-app configs that the assignment
 * patterns of secrets-generic.ts do not read: a password named by an attribute and held by the
 * element's text (XML settings exports), encoded passwords of FTP and database clients (NcFTP's
 * `*encoded*`, HeidiSQL's exports), space-separated `Pass` directives (isync), Bundler's
 * per-host credentials, fallbacks of secrets read from the environment with `??` / `||`, Python
 * bytes literals, a plain `key` under an encryption block, lists of keys (`APP_KEYS=a,b,c`) and
 * go-ini's backtick quoting. Each is a format, not a file; sample values are synthetic.
 */

/** A password-like setting name ending a key (case-insensitive): password, passwd, passphrase, pwd, pass. */
const PW_END = String.raw`(?:pass(?:word|wd|phrase)?|pwd)`;

/** Secret-like names that end an environment variable or setting name (upper-case, as environments write them). */
const ENV_SECRET_END = String.raw`(?:PASSWORD|PASSWD|PASSPHRASE|PASS|PWD|SECRET|TOKEN|(?:API|SECRET|PRIVATE|ACCESS|ENCRYPTION|SIGNING|APP|MASTER|AUTH)_?KEY)`;

export const clientSecretRecognizers: Recognizer[] = [
  {
    id: 'xml-named-password',
    type: 'PASSWORD',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // The name in an attribute, the value in the element's text or its one child's: SQL
    // Developer's `<StringRefAddr addrType="password"><Contents>...`, .NET settings' `<setting
    // name="DbPassword"><value>...`, Java properties XML `<entry key="db.password">...`, MySQL
    // Workbench's `<value type="string" key="password">...`.
    placement: { kind: 'start', keywords: ['password"', "password'", 'passwd"', "passwd'", 'pwd"', "pwd'", 'pass"', "pass'"] },
    patterns: [
      {
        name: 'attribute-named',
        regex: String.raw`${PW_END}(?<=\b(?:name|key|addrType)[ \t]{0,3}=[ \t]{0,3}["'][\w.:-]{0,40}${PW_END})["'](?:[ \t]+[\w:.-]{1,30}[ \t]{0,3}=[ \t]{0,3}["'][^"'<>\n]{0,60}["']){0,4}[ \t]*>\s{0,40}(?:<(?<child>Contents|contents|value|Value|string|String)>\s{0,10})?(?<value>[^\s<>][^<>\n]{2,127}?)\s{0,10}</`,
        flags: 'i',
        score: 0.75,
        group: 'value',
      },
    ],
    validator: 'secret-password-bare',
    samples: {
      positive: [
        { text: '<StringRefAddr addrType="password">\n   <Contents>kQ2sV9xLmR4pT7wB==</Contents>\n</StringRefAddr>', value: 'kQ2sV9xLmR4pT7wB==' },
        { text: '<setting name="DbPassword" serializeAs="String">\n  <value>Stt-Db-Pw-42x</value>\n</setting>', value: 'Stt-Db-Pw-42x' },
        { text: '<entry key="jdbc.password">Prp-Xml-Kq71</entry>', value: 'Prp-Xml-Kq71' },
        { text: '<value type="string" key="password">Wb-Conn-Pw-9</value>', value: 'Wb-Conn-Pw-9' },
      ],
      negative: [
        '<value type="string" key="password"></value>',
        '<entry key="jdbc.password">${jdbc.password}</entry>',
        '<input type="password" name="password">\n<button>Log in</button>',
        '<label name="password">Password</label>',
        '<option name="password">Enter your password here</option>',
        '<StringRefAddr addrType="savePassword"><Contents>true</Contents></StringRefAddr>',
        '<entry key="password">changeme</entry>',
      ],
    },
  },
  {
    id: 'ncftp-encoded-password',
    type: 'PASSWORD',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // NcFTP's bookmarks and host files keep a saved password as `*encoded*` + base64 of it.
    placement: { kind: 'start', keywords: ['*encoded*'] },
    patterns: [{ name: 'encoded', regex: String.raw`\*encoded\*(?<value>[A-Za-z0-9+/]{4,256}={0,2})(?![A-Za-z0-9+/=])`, score: 0.8, group: 'value' }],
    validator: 'secret-password',
    samples: {
      positive: [{ text: 'mirror,mirror.example.org,mirroradm,*encoded*TmNmLUJrbS05Mng=,,/pub,I,21', value: 'TmNmLUJrbS05Mng=' }],
      negative: ['mirror,mirror.example.org,anonymous,,,/pub,I,21', 'passwords are stored *encoded*, not encrypted'],
    },
  },
  {
    id: 'heidisql-password',
    type: 'PASSWORD',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // HeidiSQL's settings export: `Servers\<session>\Password<|||><type><|||><encoded password>`.
    placement: { kind: 'start', keywords: ['password<|||>'] },
    patterns: [{ name: 'setting', regex: String.raw`Password<\|\|\|>\d{1,2}<\|\|\|>(?<value>[0-9A-Fa-f]{4,512}\d?)(?=[ \t]*(?:\r?\n|$))`, score: 0.8, group: 'value' }],
    validator: 'not-placeholder',
    samples: {
      positive: [{ text: 'Servers\\Prod\\Password<|||>1<|||>4B6F7A3C5D2E1F0A9\n', value: '4B6F7A3C5D2E1F0A9' }],
      negative: ['Servers\\Local\\Password<|||>1<|||>\n', 'Servers\\Local\\PasswordPrompt<|||>3<|||>0\n', 'Servers\\Local\\Password<|||>1<|||>000000000\n'],
    },
  },
  {
    id: 'pass-directive',
    type: 'PASSWORD',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // Space-separated directives named `Pass` a few lines after a `User` directive (isync's
    // ~/.mbsyncrc `IMAPAccount` blocks); the value is the rest of the line and mixes letters with
    // digits or symbols, so Python's `pass`, `pass show mail/work` (the password store) and prose
    // (`pass CERT_SYSTEM_STORE_CURRENT_USER.` on a wrapped line) stay out.
    placement: { kind: 'start', keywords: ['pass ', 'pass\t'] },
    patterns: [
      {
        name: 'directive',
        regex: String.raw`(?:Pass|pass|PASS)(?<=(?:^|\n)[ \t]{0,8}(?:User|user|USER|Login|login|LOGIN)[ \t]+[^\s]{1,128}[ \t]*\r?\n(?:[^\n]{0,200}\r?\n){0,3}[ \t]{0,8}(?:Pass|pass|PASS))[ \t]+${LETTER_AHEAD}(?=[^\s]{0,127}[0-9!#$%^&*?@~+=_-])(?<q>["']?)(?<value>[^\s"'#;-][^\s"']{2,126}[^\s"'.,;:])\k<q>[ \t]*(?=\r?\n|$)`,
        score: 0.7,
        group: 'value',
      },
      {
        // A quoted value may hold a space (isync: `Pass "two words"`); the literal validator takes two words at most.
        name: 'quoted',
        regex: String.raw`(?:Pass|pass|PASS)(?<=(?:^|\n)[ \t]{0,8}(?:User|user|USER|Login|login|LOGIN)[ \t]+[^\s]{1,128}[ \t]*\r?\n(?:[^\n]{0,200}\r?\n){0,3}[ \t]{0,8}(?:Pass|pass|PASS))[ \t]+"(?<value>[^"\s][^"\n]{2,126}[^"\s])"[ \t]*(?=\r?\n|$)`,
        score: 0.7,
        group: 'value',
      },
    ],
    validator: 'secret-password-bare',
    samples: {
      positive: [
        { text: 'IMAPAccount work\nHost imap.example.org\nUser me@example.org\nPass Mbs-Imap-Kq7!\nSSLType IMAPS\n', value: 'Mbs-Imap-Kq7!' },
        { text: 'IMAPAccount home\nUser me\nPass "Hm-Imap-w8x"\n', value: 'Hm-Imap-w8x' },
        { text: 'IMAPAccount gmail\nUser me@example.org\nPass "Gm4il Pw-77x"\n', value: 'Gm4il Pw-77x' },
      ],
      negative: ['    pass\n', 'pass show mail/work\n', 'pass email/gmail\n', 'PassCmd "pass show mail/work"\n', 'pass  # nothing to do\n', 'pass the salt\n', 'User me\nPass xxxx-1234\n', 'User me\nPass "your password"\n', 'Pass Mbs-Imap-Kq7!\n', 'the local machine store, hence we\npass CERT_SYSTEM_STORE_CURRENT_USER.\n'],
    },
  },
  {
    id: 'bundler-credentials',
    type: 'PASSWORD',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // Bundler's per-host credentials (`bundle config set gems.example.com user:pass`), written
    // to ~/.bundle/config or the environment as `BUNDLE_<HOST WITH __ FOR DOTS>: "user:password"`.
    placement: { kind: 'start', keywords: ['bundle_'] },
    patterns: [
      {
        name: 'host-credentials',
        regex: String.raw`BUNDLE_[A-Z0-9_]{1,100}__[A-Z0-9_]{2,20}["']?[ \t]*[:=][ \t]*["']?(?<value>[^\s"':$]{1,100}:[^\s"']{3,200}?)["']?[ \t]*(?=\r?\n|$)`,
        score: 0.8,
        group: 'value',
      },
    ],
    validator: 'secret-url-credential',
    samples: {
      positive: [
        { text: '---\nBUNDLE_GEMS__ACME__DEV: "ci-bot:Bndl-Kq7-xV2"\n', value: 'ci-bot:Bndl-Kq7-xV2' },
        { text: 'export BUNDLE_RUBYGEMS__PKG__GITHUB__COM=octo:ghx-Tok3n-Vq81\n', value: 'octo:ghx-Tok3n-Vq81' },
      ],
      negative: ['BUNDLE_PATH: "vendor/bundle"\n', 'BUNDLE_GEMS__ACME__DEV: "${GEMS_USER}:${GEMS_TOKEN}"\n', 'BUNDLE_GEMS__ACME__DEV: "user:password"\n', 'BUNDLE_JOBS__X: "4"\n'],
    },
  },
  {
    id: 'env-fallback-operator',
    type: 'PASSWORD',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // The literal after `??`, `||`, `?:` or `or` when a secret is read from the environment is a
    // secret in the code: `process.env.JWT_SECRET || '...'`, `$_ENV['DB_PASSWORD'] ?? '...'`,
    // `ENV['API_TOKEN'] || '...'`, `getenv('SMTP_PASS') ?: '...'`. The name must end with the
    // secret word (`API_KEY_HEADER || 'x-api-key'` names a header).
    placement: { kind: 'start', keywords: ['env.', 'env[', 'getenv(', 'environ.get(', 'environ['] },
    patterns: [
      {
        name: 'fallback',
        regex: String.raw`(?:(?:env|ENV)\.(?:get\()?|(?:env|ENV)\[|getenv\(|environ(?:\.get\(|\[))[ \t]{0,3}["']?[A-Z0-9_]{0,60}${ENV_SECRET_END}(?:_?\d{1,2})?["']?[ \t]{0,3}[\])]?[ \t]{0,3}(?:\?\?|\|\||\?:|or)[ \t]{0,3}(?<q>["'\x60])(?<value>[^"'\x60\n]{4,200})\k<q>`,
        score: 0.75,
        group: 'value',
      },
    ],
    validator: 'secret-password-bare',
    samples: {
      positive: [
        { text: "  password: process.env.DATABASE_PASSWORD ?? 'Nst-Db-Fb-9!',", value: 'Nst-Db-Fb-9!' },
        { text: "secret: process.env.JWT_SECRET || 'jwt-Fb-7Kq2Lx',", value: 'jwt-Fb-7Kq2Lx' },
        { text: "$pass = $_ENV['SMTP_PASS'] ?? 'Php-Env-Fb-31';", value: 'Php-Env-Fb-31' },
        { text: "token = ENV['API_TOKEN'] || 'rb-Tok-Fb-8812'", value: 'rb-Tok-Fb-8812' },
        { text: 'pw = os.environ.get("SMTP_PASSWORD") or "Py-Env-Or-55x"', value: 'Py-Env-Or-55x' },
      ],
      negative: [
        "password: process.env.DATABASE_PASSWORD ?? ''",
        "secret: process.env.JWT_SECRET || 'changeme'",
        'const password = process.env.REACT_APP_DEV_PASSWORD || "not-set"',
        "token: process.env.API_TOKEN ?? 'unset'",
        "header: process.env.API_KEY_HEADER || 'x-api-key'",
        "host: process.env.DB_HOST || 'localhost'",
        'secret: process.env.JWT_SECRET || `${prefix}-secret`',
      ],
    },
  },
  {
    id: 'bytes-literal-secret',
    type: 'GENERIC_SECRET',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // Python keys pasted from `os.urandom(16)`: `SECRET_KEY = b'\x9e\xa1Lq...'`. At least three
    // `\xNN` escapes: random bytes print that way, documentation examples rarely do.
    placement: { kind: 'start', keywords: [" = b'", ' = b"', "=b'", '=b"'] },
    patterns: [
      {
        name: 'bytes',
        regex: String.raw`(?<=(?:secret|key|token|salt)\w{0,20}["'\]]{0,2}[ \t]{0,30})[ \t]?=[ \t]?b(?<q>["'])(?<value>(?=(?:[^"'\n]{0,200}?\\x[0-9a-fA-F]{2}){3})(?:\\[^\n]|[^\\\n"'])(?:\\[^\n]|(?!\k<q>)[^\\\n]){7,300}?)\k<q>`,
        flags: 'i',
        score: 0.75,
        group: 'value',
      },
    ],
    validator: 'entropy',
    samples: {
      positive: [{ text: "SECRET_KEY = b'\\x9e\\xa1Lq\\x07\\xd3z\\x8bF\\x12\\xce'", value: '\\x9e\\xa1Lq\\x07\\xd3z\\x8bF\\x12\\xce' }],
      negative: ["SECRET_KEY = b'_5#y2L\"F4Q8z\\n\\xec]/'", "header = b'\\x89PNG\\r\\n\\x1a\\n\\x00\\x00'", "SECRET_KEY = b'\\x00\\x00\\x00\\x00\\x00\\x00'"],
    },
  },
  {
    id: 'encryption-block-key',
    type: 'GENERIC_SECRET',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // A plain `key` inside a block named for encryption or signing is the key itself: Magento's
    // `'crypt' => ['key' => '...']`, `"encryption": {"key": "..."}`, YAML `cipher:\n  key: ...`.
    // Alone, "key" names anything.
    placement: { kind: 'start', keywords: ['crypt', 'cipher', 'hmac', 'signing'] },
    patterns: [
      {
        name: 'block-key',
        regex: String.raw`(?:crypt(?:ion|o)?|cipher|hmac|signing)["']?[ \t]{0,5}(?:=>|:|=)[ \t]{0,5}(?:\[|\{|array\(|(?=[ \t]*\r?\n))(?:[^\]\[{}()]{0,300}?[\s,])?["']?key["']?[ \t]{0,5}(?:=>|:|=)[ \t]{0,5}(?<q>["']?)(?<value>[^"'\s,;]{16,500})\k<q>`,
        flags: 'i',
        score: 0.75,
        group: 'value',
      },
    ],
    validator: 'secret-generic',
    samples: {
      positive: [
        { text: "    'crypt' => [\n        'key' => 'b83f1c5e71d294a6e0f3a7c18d52b94f'\n    ],", value: 'b83f1c5e71d294a6e0f3a7c18d52b94f' },
        { text: '"encryption": { "cipher": "aes-256-gcm", "key": "Kq3zR8vN1mX6tW4yB9cD2fG7hJ5kL0pS" }', value: 'Kq3zR8vN1mX6tW4yB9cD2fG7hJ5kL0pS' },
        { text: 'cipher:\n  algorithm: aes\n  key: Zt5nB8vC1xK4Lm7Qw2Rp9Ys6\n', value: 'Zt5nB8vC1xK4Lm7Qw2Rp9Ys6' },
      ],
      negative: [
        "'crypt' => ['key' => '<your-crypt-key>'],",
        '"encryption": { "key": "${ENCRYPTION_KEY}" }',
        "'crypt' => ['key' => 'encryption_key_from_env']",
        'encryption: { enabled: true }, cache: { key: "orders-by-customer-id-v2" }',
        "encryption: aes-256\nkey: Zt5nB8vC1xK4Lm7Qw2Rp9Ys6\n",
        "const crypto = require('crypto');\nconst key = crypto.randomBytes(32);",
      ],
    },
  },
  {
    id: 'secret-key-list',
    type: 'GENERIC_SECRET',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // Several keys in one variable, for rotation: Strapi's `APP_KEYS=k1,k2,k3,k4`, `SECRET_KEYS`,
    // `JWT_SECRETS`. Each item is generated, so the list as a whole must look generated.
    placement: { kind: 'start', keywords: ['keys=', 'keys:', 'keys =', 'secrets=', 'secrets:', 'tokens=', 'tokens:'] },
    patterns: [
      {
        name: 'list',
        regex: String.raw`(?:KEYS|SECRETS|TOKENS)(?<=[A-Z0-9]_(?:KEYS|SECRETS|TOKENS))[ \t]*[=:][ \t]*["']?(?<value>[A-Za-z0-9+/=_.-]{12,200}(?:,[A-Za-z0-9+/=_.-]{12,200}){1,15})["']?[ \t]*(?=\r?\n|$)`,
        score: 0.7,
        group: 'value',
      },
    ],
    validator: 'secret-generic',
    samples: {
      positive: [{ text: 'APP_KEYS=q8Lw2Zr5Tx1Nc7Vb==,Hd4Kp9Ms3Fy6Gj0A==,Rt7Qe2Wu5Io8Pa1S==\n', value: 'q8Lw2Zr5Tx1Nc7Vb==,Hd4Kp9Ms3Fy6Gj0A==,Rt7Qe2Wu5Io8Pa1S==' }],
      negative: ['APP_KEYS="toBeModified1,toBeModified2"\n', 'SORT_KEYS=created_at,updated_at\n', 'APP_KEYS=${KEY_ONE},${KEY_TWO}\n'],
    },
  },
  {
    id: 'backtick-password',
    type: 'PASSWORD',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // go-ini (Gitea, Grafana) quotes values holding `#` or `;` with backticks: PASSWD = `...`.
    // One token mixing letters with digits or symbols: a shell's command substitution
    // (`PASSWORD=\`pwgen 16 1\``) has spaces, a bare command (`\`whoami\``) no digit.
    placement: { kind: 'start', keywords: ['= `', '=`'] },
    patterns: [
      {
        name: 'backtick',
        regex: String.raw`(?<=(?:^|[\s_.])${PW_END}[ \t]{0,30})=[ \t]?\x60(?=[^\s\x60]{0,127}[A-Za-z])(?=[^\s\x60]{0,127}[0-9!#$%^&*?@~+=_-])(?<value>[^\s\x60$]{4,128})\x60[ \t]*(?=\r?\n|$)`,
        flags: 'i',
        score: 0.7,
        group: 'value',
      },
    ],
    validator: 'secret-password-bare',
    samples: {
      positive: [{ text: '[mailer]\nPASSWD  = `Gt-Ml#Kq77`\n', value: 'Gt-Ml#Kq77' }],
      negative: ['PASSWORD=`pwgen 16 1`\n', 'PASSWD = `whoami`\n', 'DB_PASSWORD=`cat /run/secrets/db`\n', 'PASSWD = `$(cat f)`\n'],
    },
  },
];
