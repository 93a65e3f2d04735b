import type { Recognizer } from '../types';

/**
 * Credentials in the formats of client settings and dotfiles that name no password field the
 * generic assignment patterns know: Docker's `auth`, PostgreSQL's `.pgpass`, Apache's
 * `.htpasswd`, Windows Wi-Fi profiles, Vault's unseal keys, login calls in scripts, PowerShell's plain-text secure
 * strings, key files holding nothing but the key (Rails' `master.key`), Postfix `sasl_passwd`,
 * PostgreSQL's stored verifiers (pgbouncer `userlist.txt`), Redis ACLs and Sentinel, and
 * `chpasswd` input. Sample values are synthetic.
 */
export const fileSecretRecognizers: Recognizer[] = [
  {
    id: 'docker-registry-auth',
    type: 'BASIC_AUTH',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // ~/.docker/config.json and Kubernetes dockerconfigjson: "auth" is base64 of user:password.
    placement: { kind: 'start', keywords: ['"auth"'] },
    patterns: [{ name: 'auth', regex: String.raw`"auth"[ \t]*:[ \t]*"(?<value>[A-Za-z0-9+/]{8,500}={0,2})"`, score: 0.85, group: 'value' }],
    validator: 'secret-basic-auth',
    samples: {
      positive: [{ text: '"https://index.docker.io/v1/": {\n  "auth": "ZGV2b3BzLWJvdDpSOXhMMnZRN21LNHBUOHdaMQ=="\n}', value: 'ZGV2b3BzLWJvdDpSOXhMMnZRN21LNHBUOHdaMQ==' }],
      negative: ['"auth": "dXNlcjpwYXNzd29yZA=="', '"auth": "bearer"', '"auth": {"type": "oauth2"}'],
    },
  },
  {
    // A Kubernetes `kubernetes.io/dockerconfigjson` Secret's data: base64 of `{"auths":...}`,
    // which always opens with the same twelve characters; one long enough holds registry logins.
    id: 'docker-config-base64',
    type: 'BASIC_AUTH',
    dataTypes: ['SECRETS'],
    pass: 'local',
    placement: { kind: 'start', keywords: ['eyjhdxrocyi6'] },
    patterns: [{ name: 'dockerconfigjson', regex: String.raw`eyJhdXRocyI6(?<![A-Za-z0-9+/]eyJhdXRocyI6)[A-Za-z0-9+/]{80,8000}={0,2}(?![A-Za-z0-9+/=])`, score: 0.8 }],
    validator: 'not-placeholder',
    samples: {
      positive: [
        {
          text: '  .dockerconfigjson: eyJhdXRocyI6eyJyZWdpc3RyeS5jb3JwLmxhbiI6eyJ1c2VybmFtZSI6ImNpIiwicGFzc3dvcmQiOiJSZWctQ2ktOHhLcTIhIn19fQ==\n',
          value: 'eyJhdXRocyI6eyJyZWdpc3RyeS5jb3JwLmxhbiI6eyJ1c2VybmFtZSI6ImNpIiwicGFzc3dvcmQiOiJSZWctQ2ktOHhLcTIhIn19fQ==',
        },
      ],
      negative: ['  .dockerconfigjson: eyJhdXRocyI6e319\n', '  .dockerconfigjson: eyJhdXRocyI6eyJxdWF5LmlvIjp7fX19\n'],
    },
  },
  {
    id: 'pgpass-entry',
    type: 'PASSWORD',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // hostname:port:database:username:password, one entry a line; the port is digits or `*`. A
    // colon in the password is escaped (`\:`): a sixth field makes it another format
    // (/etc/passwd's `name:*:uid:gid:gecos:home:shell`). A password may hold single spaces.
    placement: { kind: 'window', keywords: [':5432:', ':5433:', ':*:', ':6432:'], reach: 300, insideWords: true },
    patterns: [
      {
        name: 'entry',
        regex: String.raw`(?<=^|\n)[^\s:#]{1,253}:(?:\d{2,5}|\*):[^\s:]{1,63}:[^\s:]{1,63}:(?<value>(?:[^\s:\\]|\\[^\s]|(?<=[^\s:]) (?=[^\s:])){3,128})(?=\r?\n|$)`,
        score: 0.8,
        group: 'value',
      },
    ],
    validator: 'secret-password-slot',
    samples: {
      positive: [
        { text: '# hostname:port:database:username:password\ndb-prod.internal:5432:billing:billing_app:Vn8rT2qLx5Kw\n', value: 'Vn8rT2qLx5Kw' },
        { text: '*:*:*:replicator:r3pl-K9mX2vQ7', value: 'r3pl-K9mX2vQ7' },
        { text: 'db.internal:*:*:reporting:amber kiln fox', value: 'amber kiln fox' },
      ],
      negative: [
        'localhost:5432:*:postgres:password',
        'localhost:5432:*:postgres:see the vault',
        'hostname:port:database:username:password',
        'time 10:5432:12:30:45 elapsed',
        'vu-rawhide-0:*:20119552:65534:vu-rawhide-0:/:/usr/sbin/nologin',
      ],
    },
  },
  {
    id: 'htpasswd-hash',
    type: 'PASSWORD_HASH',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // Apache's own formats beside the crypt(3) ones of `password-hash`: APR1-MD5 and {SHA}.
    placement: { kind: 'start', keywords: ['$apr1$', '{sha}', '{ssha}'] },
    patterns: [
      { name: 'apr1', regex: String.raw`\$apr1\$[./A-Za-z0-9]{1,8}\$[./A-Za-z0-9]{22}(?![./A-Za-z0-9])`, score: 0.85 },
      { name: 'sha', regex: String.raw`\{S?SHA\}[A-Za-z0-9+/]{27,80}={0,2}(?![A-Za-z0-9+/=])`, score: 0.85 },
    ],
    validator: 'secret-password-hash',
    samples: {
      positive: [
        { text: 'admin:$apr1$Xq7Lm2vR$8kTpV0nBeY4sJcH6gFaD3/', value: '$apr1$Xq7Lm2vR$8kTpV0nBeY4sJcH6gFaD3/' },
        { text: 'editor:{SHA}Kp9wE5tRqZ2mNvB7cX4lHjG8yFs=', value: '{SHA}Kp9wE5tRqZ2mNvB7cX4lHjG8yFs=' },
      ],
      negative: ['userPassword: {SHA}', 'the {SHA} scheme is weak', '$apr1$salt$xxxxxxxxxxxxxxxxxxxxxx'],
    },
  },
  {
    id: 'wlan-profile-key',
    type: 'PASSWORD',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // Windows Wi-Fi profiles (`netsh wlan export profile key=clear`): <keyMaterial>.
    placement: { kind: 'start', keywords: ['<keymaterial>'] },
    patterns: [{ name: 'key-material', regex: String.raw`<keyMaterial>(?<value>[^<\s][^<\n]{6,126})</keyMaterial>`, score: 0.8, group: 'value' }],
    validator: 'secret-password-bare',
    samples: {
      positive: [{ text: '<keyType>passPhrase</keyType>\n<protected>false</protected>\n<keyMaterial>W1fi-Pr0file-Zq8</keyMaterial>', value: 'W1fi-Pr0file-Zq8' }],
      negative: ['<keyMaterial></keyMaterial>', '<keyMaterial>changeme</keyMaterial>'],
    },
  },
  {
    id: 'vault-unseal-key',
    type: 'VAULT_TOKEN',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // `vault operator init` prints "Unseal Key 1: <base64>" (or hex with -key-shares output).
    placement: { kind: 'start', keywords: ['unseal key', 'unseal_key', 'recovery key'] },
    patterns: [
      {
        name: 'unseal',
        regex: String.raw`(?:unseal|recovery)[ _]keys?(?:[ _]\d{1,2})?(?:_b64)?["']?[ \t]*[:=][ \t]*\[?[ \t]*["']?(?<value>[A-Za-z0-9+/]{32,100}={0,2})(?![A-Za-z0-9+/=])`,
        flags: 'i',
        score: 0.85,
        group: 'value',
      },
    ],
    validator: 'entropy',
    samples: {
      positive: [{ text: 'Unseal Key 1: 4xq7Lm2vR9kTpV0nBeY4sJcH6gFaD3uZ1wQ8mN5bX2cK', value: '4xq7Lm2vR9kTpV0nBeY4sJcH6gFaD3uZ1wQ8mN5bX2cK' }],
      negative: ['Unseal Key 1: <unseal-key-1>', 'Provide the unseal key: ', 'unseal_key: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'],
    },
  },
  {
    id: 'vault-init-json-keys',
    type: 'VAULT_TOKEN',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // `vault operator init -format=json`: every key of the `unseal_keys_b64` / `_hex` (or
    // `recovery_keys_...`) arrays, one quoted share each, not only the first after the name.
    placement: { kind: 'window', keywords: ['unseal_keys', 'recovery_keys'], reach: 900 },
    patterns: [
      {
        name: 'array-element',
        regex: String.raw`(?<=(?:unseal|recovery)_keys_(?:b64|hex)"\s*:\s*\[[^\]]{0,800}?")(?<value>[A-Za-z0-9+/]{32,100}={0,2})(?=")`,
        score: 0.85,
        group: 'value',
      },
    ],
    validator: 'entropy',
    samples: {
      positive: [
        {
          text: '{\n  "unseal_keys_b64": [\n    "Q7vLm2Xz9Tb4Wc1Yd8Fe5Gh0Jk3Nq6Rs9Pu2Vw5Ay8Bc",\n    "mT3kP8zW1xR6vN9qL4cY7bH2jF5dS0gA3eU6iO9uK2hZ"\n  ],',
          value: 'mT3kP8zW1xR6vN9qL4cY7bH2jF5dS0gA3eU6iO9uK2hZ',
        },
        {
          text: '"unseal_keys_hex": ["c0ffee15a7b3d9e1f4a6c8b2d0e3f5a7c9b1d3e5f7a9c2b4d6e8f0a1c3b5d7e9f2a4", "9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b7a6f5e4d3c2b1a0f9e8d7c6b5a"]',
          value: '9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b7a6f5e4d3c2b1a0f9e8d7c6b5a',
        },
      ],
      negative: ['"unseal_keys_b64": [],\n  "root_token": "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"', '"recovery_keys_b64": ["<recovery-key-1>", "<recovery-key-2>"]'],
    },
  },
  {
    id: 'login-call-password',
    type: 'PASSWORD',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // Scripts that log in with literals: smtplib / ftplib / imaplib `login("user", "pw")`, the
    // MongoDB shell's and superagent's `.auth("user", "pw")`, PowerShell `ConvertTo-SecureString
    // "pw" -AsPlainText`. Requests' `auth=("user", "pw")` pairs: positional-password-call.
    placement: { kind: 'start', keywords: ['.login(', '.auth(', 'convertto-securestring'] },
    patterns: [
      {
        name: 'login-call',
        regex: String.raw`\.(?:login|auth)\([ \t]*(?<q1>["'])[^"'\n]{1,100}\k<q1>[ \t]*,[ \t]*(?<q>["'])(?<value>[^"'\n]{3,128})\k<q>[ \t]*\)`,
        score: 0.75,
        group: 'value',
      },
      {
        name: 'secure-string',
        regex: String.raw`ConvertTo-SecureString[ \t]+(?:-String[ \t]+)?(?<q>["'])(?<value>[^"'\n$]{3,128})\k<q>[ \t]+-AsPlainText`,
        flags: 'i',
        score: 0.8,
        group: 'value',
      },
    ],
    validator: 'secret-password',
    samples: {
      positive: [
        { text: 'server.login("reports@example.org", "R3p0rts-Sm7p-Kq")', value: 'R3p0rts-Sm7p-Kq' },
        { text: 'db.getSiblingDB("admin").auth("ops", "Mng-Auth-Kq72");', value: 'Mng-Auth-Kq72' },
        { text: '$pass = ConvertTo-SecureString "Pr0v-Svc-Kx7q!" -AsPlainText -Force', value: 'Pr0v-Svc-Kx7q!' },
      ],
      negative: ['server.login(user, password)', 'ftp.login("anonymous", "")', '$p = ConvertTo-SecureString $env:PW -AsPlainText -Force', 'server.login("me", "password")', 'db.auth("admin", passwordPrompt())', "request.get(url).auth('user', 'pass')", "smtp.login('psu', 'doesnotexist')"],
    },
  },
  {
    id: 'bare-key-file',
    type: 'GENERIC_SECRET',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // A text that is one hex key and nothing else: Rails' config/master.key, Laravel and
    // Symfony key files, secret files mounted from a vault; or a legacy Vault service token
    // (`s.` and 24 characters) alone, as the CLI writes ~/.vault-token. The whole text must be
    // the key, so the anchor (tried at the start of the text only) gates it instead of a keyword.
    placement: { kind: 'anchor', anchor: { regex: String.raw`^\s{0,4}(?:[0-9a-fA-F]{32}|s\.[A-Za-z0-9]{24})`, reach: 40 } },
    patterns: [{ name: 'hex-key', regex: String.raw`^\s{0,4}(?<value>[0-9a-f]{32}|[0-9a-f]{64}|[0-9A-F]{32}|[0-9A-F]{64}|s\.[A-Za-z0-9]{24})\s{0,4}$`, score: 0.7, group: 'value' }],
    validator: 'secret-generic',
    samples: {
      positive: [
        { text: '6f1c9e2a8b4d7053e1a9c2f8b6d4e0a7\n', value: '6f1c9e2a8b4d7053e1a9c2f8b6d4e0a7' },
        { text: 's.Rt5Wq9Lm2Zx7Vb3Nc8Hd4Kj6\n', value: 's.Rt5Wq9Lm2Zx7Vb3Nc8Hd4Kj6' },
      ],
      negative: [
        '00000000000000000000000000000000\n',
        'md5: 6f1c9e2a8b4d7053e1a9c2f8b6d4e0a7',
        'abcdef0123456789abcdef0123456789',
        's.addComponentsFromRegist\n',
        'token: s.Rt5Wq9Lm2Zx7Vb3Nc8Hd4Kj6 was revoked\n',
      ],
    },
  },
  {
    id: 'sasl-passwd-entry',
    type: 'PASSWORD',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // Postfix `sasl_passwd` / `smtp_sasl_password_maps`: `[relay]:port user:password`, one a line.
    placement: { kind: 'start', keywords: [']:587', ']:465', ']:25', ']:2525', ']:submission'] },
    patterns: [
      {
        name: 'entry',
        regex: String.raw`\]:(?<=(?:^|\n)[ \t]{0,4}\[[^\]\s]{1,253}\]:)(?:\d{2,5}|submission)[ \t]+[^\s:]{1,128}:(?<value>[^\s]{3,128})[ \t]*(?=\r?\n|$)`,
        score: 0.8,
        group: 'value',
      },
    ],
    validator: 'secret-password',
    samples: {
      positive: [{ text: '[smtp.relay.example]:587 alerts@example.org:Rl4y-Sasl-Kq7x\n', value: 'Rl4y-Sasl-Kq7x' }],
      negative: ['[smtp.relay.example]:587 ${RELAY_USER}:${RELAY_PASSWORD}', 'relayhost = [smtp.relay.example]:587', '[smtp.relay.example]:587 user:changeme'],
    },
  },
  {
    id: 'postgres-password-hash',
    type: 'PASSWORD_HASH',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // PostgreSQL's stored verifiers, as pgbouncer's userlist.txt, `pg_authid` dumps and
    // `CREATE ROLE ... PASSWORD '...'` hold them: "md5" + 32 hex (quoted), and SCRAM-SHA-256
    // `iterations:salt$StoredKey:ServerKey` (RFC 5803).
    placement: { kind: 'start', keywords: ['"md5', "'md5", 'scram-sha-256$'] },
    patterns: [
      { name: 'md5', regex: String.raw`["'](?<value>md5[0-9a-f]{32})["']`, score: 0.8, group: 'value' },
      { name: 'scram', regex: String.raw`SCRAM-SHA-256\$\d{4,7}:[A-Za-z0-9+/]{12,64}={0,2}\$[A-Za-z0-9+/]{40,64}={0,2}:[A-Za-z0-9+/]{40,64}={0,2}`, score: 0.85 },
    ],
    validator: 'secret-password-hash',
    samples: {
      positive: [
        { text: '"pgbouncer" "md53175bce1d3201d16594cebf9d7eb3f9d"', value: 'md53175bce1d3201d16594cebf9d7eb3f9d' },
        {
          text: "CREATE ROLE app LOGIN PASSWORD 'SCRAM-SHA-256$4096:Zm9vYmFyYmF6cXV4$Kq8vN2xL5mP3rT7wY1zB4cD6fG9hJ0kS2aU5eI8oQ1=:Wm3nV6bX9cZ2lK5jH8gF1dS4aP7oI0uY3tR6eW9qE2=';",
          value: 'SCRAM-SHA-256$4096:Zm9vYmFyYmF6cXV4$Kq8vN2xL5mP3rT7wY1zB4cD6fG9hJ0kS2aU5eI8oQ1=:Wm3nV6bX9cZ2lK5jH8gF1dS4aP7oI0uY3tR6eW9qE2=',
        },
      ],
      negative: ['auth_type = md5', '"md5" "00000000000000000000000000000000"', 'SCRAM-SHA-256$<iterations>:<salt>$<StoredKey>:<ServerKey>', "checksum: 'md5'"],
    },
  },
  {
    id: 'redis-acl-password',
    type: 'PASSWORD',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // Redis ACL files and `ACL SETUSER`: `user <name> on >password ~keys +@cmds`; Sentinel's
    // `sentinel auth-pass <master> <password>`.
    placement: { kind: 'start', keywords: ['user ', 'auth-pass'] },
    patterns: [
      {
        name: 'acl',
        regex: String.raw`user[ \t]+[^\s>]{1,100}[ \t]+(?:on|off|reset)(?:[ \t]+[^\s>][^\s]{0,200}){0,8}?[ \t]+>(?<value>[^\s]{3,128})`,
        flags: 'i',
        score: 0.8,
        group: 'value',
      },
      { name: 'sentinel', regex: String.raw`auth-pass[ \t]+[^\s]{1,100}[ \t]+(?<value>[^\s]{3,128})[ \t]*(?=\r?\n|$)`, score: 0.8, group: 'value' },
    ],
    validator: 'secret-password-bare',
    samples: {
      positive: [
        { text: 'user app on >Acl-App-Kq7x ~app:* +@read', value: 'Acl-App-Kq7x' },
        { text: 'ACL SETUSER worker on ~jobs:* >W0rker-Rd9 +@all', value: 'W0rker-Rd9' },
        { text: 'sentinel auth-pass mymaster Snt1-Auth-Vq8\n', value: 'Snt1-Auth-Vq8' },
      ],
      negative: ['user default on nopass ~* +@all', 'user app on >changeme ~*', 'sentinel auth-pass <master-name> <password>', 'the user is on >50 teams'],
    },
  },
  {
    id: 'chpasswd-entry',
    type: 'PASSWORD',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // `chpasswd` reads `user:password` lines: cloud-init's `chpasswd: list:` block, `echo
    // 'root:pw' | chpasswd`. Only near the word, and only a whole line or quoted pair.
    placement: { kind: 'window', keywords: ['chpasswd'], reach: 300 },
    patterns: [
      {
        name: 'entry',
        regex: String.raw`(?<=(?:^|\n)[ \t]{0,12}(?:-[ \t]{1,3})?|["'])[a-z_][a-z0-9_.-]{0,31}:(?!//)(?<value>[^\s:"']{4,128})(?=[ \t]*(?:\r?\n|$)|["'])`,
        score: 0.75,
        group: 'value',
      },
    ],
    validator: 'secret-password-bare',
    samples: {
      positive: [
        { text: 'chpasswd:\n  expire: false\n  list: |\n    root:R00t-Cloud-Init!\n', value: 'R00t-Cloud-Init!' },
        { text: "echo 'deploy:Dpl0y-Chpw-x7' | chpasswd", value: 'Dpl0y-Chpw-x7' },
      ],
      negative: ['chpasswd:\n  expire: false\n  list: |\n    root:changeme\n', 'echo "$USER:$PASS" | chpasswd', 'chpasswd:\n  expire: true\nhostname: web'],
    },
  },
  {
    id: 'ipsec-secret',
    type: 'PASSWORD',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // strongSwan / Libreswan `ipsec.secrets`: `[ids] : PSK "secret"`, `user : EAP "password"`, `: XAUTH "..."`.
    placement: { kind: 'start', keywords: [': psk', ': eap', ': xauth'] },
    patterns: [{ name: 'secret', regex: String.raw`:[ \t]+(?:PSK|EAP|XAUTH)[ \t]+(?<q>["'])(?<value>[^"'\n]{4,200})\k<q>`, score: 0.8, group: 'value' }],
    validator: 'secret-password-bare',
    samples: {
      positive: [{ text: '203.0.113.10 198.51.100.20 : PSK "Ips3c-S2S-Kx91"', value: 'Ips3c-S2S-Kx91' }],
      negative: [': PSK "changeme"', '%any : PSK "<shared secret>"'],
    },
  },
];
