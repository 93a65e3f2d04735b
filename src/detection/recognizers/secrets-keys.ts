import type { Recognizer } from '../types';

/**
 * Key material and signed tokens: PEM / OpenSSH / PGP / PuTTY private keys (also base64-wrapped,
 * as Kubernetes secrets hold them), age and WireGuard keys, JSON Web Tokens and password hashes
 * in crypt(3) formats. Sample values are synthetic.
 */
export const keySecretRecognizers: Recognizer[] = [
  {
    id: 'private-key',
    type: 'PRIVATE_KEY',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // Wide windows: a key block runs to several kilobytes (RSA-4096 about 3.2 KB, PGP more).
    placement: { kind: 'start', keywords: ['-----begin', 'putty-user-key-file', 'ls0tls1crudjtib'] },
    patterns: [
      {
        // RFC 7468 armour (RSA, EC, DSA, OPENSSH, ENCRYPTED, PGP ... BLOCK), also inside source
        // strings with \n escapes or concatenated quoted lines.
        name: 'pem-block',
        regex: String.raw`-----BEGIN[ A-Z0-9]{0,30}PRIVATE KEY(?: BLOCK)?-----[\s\S]{40,20000}?-----END[ A-Z0-9]{0,30}PRIVATE KEY(?: BLOCK)?-----`,
        score: 0.95,
      },
      {
        // A block cut short (pasted partly, or longer than the full pattern reaches).
        name: 'pem-open',
        regex: String.raw`-----BEGIN[ A-Z0-9]{0,30}PRIVATE KEY(?: BLOCK)?-----(?:[\s"',+]|\\[rn]){0,20}(?:[A-Za-z0-9-]{1,40}: [^\n]{1,200}\n){0,4}\s{0,4}[A-Za-z0-9+/=]{20,100}(?:(?:[\s"',+]|\\[rn]){1,20}[A-Za-z0-9+/=]{1,100}){1,400}`,
        score: 0.85,
      },
      {
        name: 'putty',
        regex: String.raw`PuTTY-User-Key-File-[23]: [^\n]{1,100}\n(?:[A-Za-z-]{1,30}: [^\n]{0,200}\n){1,6}(?:[A-Za-z0-9+/=]{1,80}\r?\n){1,60}Private-Lines: \d{1,3}\r?\n(?:[A-Za-z0-9+/=]{1,80}\r?\n?){1,60}`,
        score: 0.95,
      },
      {
        // base64 of "-----BEGIN <kind> PRIVATE KEY-----..." (Kubernetes secrets, env vars).
        name: 'base64-pem',
        regex: String.raw`\bLS0tLS1CRUdJTiB(?:SU0EgUFJJVkFURSBLRVkt|EU0EgUFJJVkFURSBLRVkt|FQyBQUklWQVRFIEtFWS0t|QUklWQVRFIEtFWS0t|PUEVOU1NIIFBSSVZBVEUgS0VZLS0t|FTkNSWVBURUQgUFJJVkFURSBLRVkt|QR1AgUFJJVkFURSBLRVkgQkxPQ0st)[A-Za-z0-9+/=]{60,16000}`,
        score: 0.95,
      },
    ],
    validator: 'secret-private-key',
    samples: {
      positive: [
        {
          text: 'id_rsa:\n-----BEGIN RSA PRIVATE KEY-----\nMIIEowLpybZFGCQiXQj713GxfjPsT0o23KiUZCJgZxJwDgIaRTwjs4vcqFIXUx48\nLQMUkh11Usu2px/lvh5lJAQk7Vu/4GIYKm647sajpQW8Lub0WI/TlbcqDfmVEYpf\nSCUfR3LS/CQ89P86uAwgEYWnKXV+mPTRo38azoT6pSv0IjFTxhLgMu7x+A0aQ8UG\nyGsAmBOD4UgOeEkymO9MmXOKvGf40gvfXvjDEQ+1==\n-----END RSA PRIVATE KEY-----\nthanks',
          value: '-----BEGIN RSA PRIVATE KEY-----\nMIIEowLpybZFGCQiXQj713GxfjPsT0o23KiUZCJgZxJwDgIaRTwjs4vcqFIXUx48\nLQMUkh11Usu2px/lvh5lJAQk7Vu/4GIYKm647sajpQW8Lub0WI/TlbcqDfmVEYpf\nSCUfR3LS/CQ89P86uAwgEYWnKXV+mPTRo38azoT6pSv0IjFTxhLgMu7x+A0aQ8UG\nyGsAmBOD4UgOeEkymO9MmXOKvGf40gvfXvjDEQ+1==\n-----END RSA PRIVATE KEY-----',
        },
        {
          text: '{"type": "service_account", "private_key": "-----BEGIN PRIVATE KEY-----\\nMIIEvgslKihaZ1I4wdPVn4pN0gPr+VssUoj1tbMhmT3qif3hB+xqxJFkfRPvfEQQ\\n0/h5ZgLsHnGcoARWbU2VnBAgKFA9Qx50o4r8HxOG0oz//YrxInNzff00KAEP59i4\\n-----END PRIVATE KEY-----\\n", "client_email": "svc@proj.iam.gserviceaccount.com"}',
          value: '-----BEGIN PRIVATE KEY-----\\nMIIEvgslKihaZ1I4wdPVn4pN0gPr+VssUoj1tbMhmT3qif3hB+xqxJFkfRPvfEQQ\\n0/h5ZgLsHnGcoARWbU2VnBAgKFA9Qx50o4r8HxOG0oz//YrxInNzff00KAEP59i4\\n-----END PRIVATE KEY-----',
        },
        {
          text: 'here is my key\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAAYLWsG+tN3LfqN4D3skQ8ik/ihDhw4NafLVntMXlQ0SBvRk\nGNoQOHevCLlGtg6noFWNqfZi8QAbw3KqODIr2BOwTR5YVg0H0c95tsUSeBfsQ+tQtuOZ9I',
          value: '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAAYLWsG+tN3LfqN4D3skQ8ik/ihDhw4NafLVntMXlQ0SBvRk\nGNoQOHevCLlGtg6noFWNqfZi8QAbw3KqODIr2BOwTR5YVg0H0c95tsUSeBfsQ+tQtuOZ9I',
        },
        { text: 'tls.key: LS0tLS1CRUdJTiBQUklWQVRFIEtFWS0tLS0tmQDqSSR/EIuTV2B6J7t6w9VmRKrJnVX8UowFmfQZadugSHeksBx5ErAXdufgQ6AK2CK6QEMJ8wVeJ08xQU/hH6VuD+x6uijG2jX+9Dl9CH59p+EkBzgp13wq', value: 'LS0tLS1CRUdJTiBQUklWQVRFIEtFWS0tLS0tmQDqSSR/EIuTV2B6J7t6w9VmRKrJnVX8UowFmfQZadugSHeksBx5ErAXdufgQ6AK2CK6QEMJ8wVeJ08xQU/hH6VuD+x6uijG2jX+9Dl9CH59p+EkBzgp13wq' },
      ],
      negative: [
        '-----BEGIN RSA PRIVATE KEY-----\n...\n-----END RSA PRIVATE KEY-----',
        '-----BEGIN PRIVATE KEY-----\n<your private key here>\n-----END PRIVATE KEY-----',
        '-----BEGIN PUBLIC KEY-----\nMIIBIjANBgjqj3WGWarXLnX3IuhVqV+b/91jnTntnXVABdIuWYG5BPtdgOG+2ai8\n935vLYi0jCG3W5ihW46/FpoJIv1cihTcarjKZhQLrfaKvUEJFHepSRie6O9spwrj\n-----END PUBLIC KEY-----',
        '-----BEGIN CERTIFICATE-----\nMIIDdzCCAlR1/HAEIhV+JmxqLaFvkujvXYEq/vpjpRMbJzDpKdxYe1XhkOMMy1rp\ntU4C20eqVMU2rvfox1zCiyYsA2HOGegAAbzuSzbGLUqOHGTQFwkiU+D+B6kv6war\n-----END CERTIFICATE-----',
      ],
    },
  },
  {
    id: 'age-secret-key',
    type: 'AGE_SECRET_KEY',
    dataTypes: ['SECRETS'],
    pass: 'local',
    placement: { kind: 'start', keywords: ['age-secret-key-1'] },
    patterns: [{ name: 'identity', regex: String.raw`\bAGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}\b`, score: 0.95 }],
    validator: 'secret-token',
    samples: {
      positive: [{ text: '# public key: age1PDHAPXMGJLAJW6GTTR5908P2R42F0U3LPF9GSW3GY53HY89T5PER6907YL\nAGE-SECRET-KEY-1V7NCSRTR467CM5H98TZ8FCPUXCDDZWGT3W2ZYZGNGHYDZJXQR0PGWPR7GV', value: 'AGE-SECRET-KEY-1V7NCSRTR467CM5H98TZ8FCPUXCDDZWGT3W2ZYZGNGHYDZJXQR0PGWPR7GV' }],
      negative: ['age1JJXSS2T6484C3HXC0AATSR32862YKMPCX2GZLW5RLD97P0DFZ3NTRQ677N', 'AGE-SECRET-KEY-1QQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQ'],
    },
  },
  {
    id: 'wireguard-key',
    type: 'WIREGUARD_KEY',
    dataTypes: ['SECRETS'],
    pass: 'local',
    placement: { kind: 'start', keywords: ['privatekey', 'presharedkey'] },
    patterns: [
      {
        name: 'config',
        regex: String.raw`\b(?:PrivateKey|PresharedKey)\s*=\s*(?<value>[A-Za-z0-9+/]{42}[A-Za-z0-9+/]=)(?![A-Za-z0-9+/=])`,
        score: 0.9,
        group: 'value',
      },
    ],
    validator: 'secret-token',
    samples: {
      positive: [
        { text: '[Interface]\nAddress = 10.0.0.2/32\nPrivateKey = BuNXdE7Hx5f0VdiUj7mdpXc9gBl3bY8TQx1U/X0KOoa=\nDNS = 1.1.1.1', value: 'BuNXdE7Hx5f0VdiUj7mdpXc9gBl3bY8TQx1U/X0KOoa=' },
        { text: '[Peer]\nPresharedKey = 8nsPHDOaWmyyrx+43RBAtg2i30ueh1J+B6DdxMq+5fj=\n', value: '8nsPHDOaWmyyrx+43RBAtg2i30ueh1J+B6DdxMq+5fj=' },
      ],
      negative: ["[Peer]\nPublicKey = [Server's public key]\nPrivateKey = <client private key>"],
    },
  },
  {
    id: 'jwt',
    type: 'JWT',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // A token must fit in the window to be matched there; 8000 characters hold any common JWT.
    placement: { kind: 'start', keywords: ['eyj', 'eya'] },
    patterns: [
      {
        // header.payload.signature, base64url; header and payload are JSON objects ("ey" = `{"`).
        name: 'jws',
        regex: String.raw`ey[JA](?<![A-Za-z0-9_-]ey[JA])[A-Za-z0-9_-]{8,2000}\.ey[JA][A-Za-z0-9_-]{8,16000}\.[A-Za-z0-9_-]{16,1000}(?![A-Za-z0-9_-])`,
        score: 0.85,
      },
    ],
    validator: 'secret-jwt',
    // The jwt.io sample token, reproduced in countless tutorials.
    allowList: [
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c',
    ],
    samples: {
      positive: [
        {
          text: 'Authorization: Bearer eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ1c3ItNDIiLCJvcmciOiJhY21lIn0.bG3jXqbybdaTD5RdPaBZxuejmjjHD1b-i3QmdccgKIzSQRS6IJ-kqVJHQ6_bg5EDFmT8E1uD3mec2NU3KB2jFl',
          value: 'eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ1c3ItNDIiLCJvcmciOiJhY21lIn0.bG3jXqbybdaTD5RdPaBZxuejmjjHD1b-i3QmdccgKIzSQRS6IJ-kqVJHQ6_bg5EDFmT8E1uD3mec2NU3KB2jFl',
        },
      ],
      negative: [
        'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c',
        'it "sets the relation to nil" do\n  eye.eyeable.should be_nill\nend',
        'eyJ0eXAiOiAiVENWMiJ9.G0TvLy0RqsY6ZD-6Rfz4F3VfniIu2NHYKLna.LkgNVRrIgrhvTJd4QU_wKIWDhnrStcpFZORnjsmC-tf4nJnC',
      ],
    },
  },
  {
    id: 'password-hash',
    type: 'PASSWORD_HASH',
    dataTypes: ['SECRETS'],
    pass: 'local',
    placement: { kind: 'start', keywords: ['$1$', '$2$', '$2a$', '$2b$', '$2x$', '$2y$', '$5$', '$6$', '$8$', '$9$', '$y$', '$argon2', '$krb5', 'pbkdf2_sha'] },
    patterns: [
      { name: 'md5crypt', regex: String.raw`\$1\$[./A-Za-z0-9]{1,8}\$[./A-Za-z0-9]{22}(?![./A-Za-z0-9])`, score: 0.85 },
      { name: 'bcrypt', regex: String.raw`\$2[abxy]?\$\d{2}\$[./A-Za-z0-9]{53}(?![./A-Za-z0-9])`, score: 0.85 },
      { name: 'sha256crypt', regex: String.raw`\$5\$(?:rounds=\d{1,9}\$)?[./A-Za-z0-9]{1,16}\$[./A-Za-z0-9]{43}(?![./A-Za-z0-9])`, score: 0.85 },
      { name: 'sha512crypt', regex: String.raw`\$6\$(?:rounds=\d{1,9}\$)?[./A-Za-z0-9]{1,16}\$[./A-Za-z0-9]{86}(?![./A-Za-z0-9])`, score: 0.85 },
      { name: 'cisco', regex: String.raw`\$[89]\$[./A-Za-z0-9]{14}\$[./A-Za-z0-9]{43}(?![./A-Za-z0-9])`, score: 0.85 },
      { name: 'yescrypt', regex: String.raw`\$y\$[./A-Za-z0-9]{1,20}\$[./A-Za-z0-9]{1,86}\$[./A-Za-z0-9]{43}(?![./A-Za-z0-9])`, score: 0.85 },
      {
        name: 'argon2',
        regex: String.raw`\$argon2(?:id|i|d)\$v=\d{1,3}\$m=\d{1,8},t=\d{1,4},p=\d{1,3}\$[A-Za-z0-9+/]{10,64}\$[A-Za-z0-9+/]{20,128}`,
        score: 0.85,
      },
      { name: 'pbkdf2-django', regex: String.raw`\bpbkdf2_sha(?:1|256|512)\$\d{4,7}\$[A-Za-z0-9./+]{1,64}\$[A-Za-z0-9+/=]{27,90}`, score: 0.85 },
      // Kerberos AS-REP / TGS-REP roasting output (hashcat 18200 / 13100 / 19600-19800).
      { name: 'kerberos', regex: String.raw`\$krb5(?:asrep|tgs|pa)\$\d{2}\$[^\s"'<>]{60,8000}`, score: 0.85 },
    ],
    validator: 'secret-password-hash',
    samples: {
      positive: [
        { text: 'admin:$2b$12$VrVanzpbPQ8siRsFx2ooYP/x.bJbJQ7mv88VLu8QUbzrnecamQnQ4:1001', value: '$2b$12$VrVanzpbPQ8siRsFx2ooYP/x.bJbJQ7mv88VLu8QUbzrnecamQnQ4' },
        { text: 'root:$6$vM0jAfTQHEg7X35Z$O16gHECBA7pL2i8H31IGvxqdXEsSQBUEg1Y6ScPzeLKBs0lycQxeGPNiTU6Xv1O1DSn0xGcMiH6CNtPyrOkUJ5:19000:0:99999:7:::', value: '$6$vM0jAfTQHEg7X35Z$O16gHECBA7pL2i8H31IGvxqdXEsSQBUEg1Y6ScPzeLKBs0lycQxeGPNiTU6Xv1O1DSn0xGcMiH6CNtPyrOkUJ5' },
        { text: 'user:$1$sp4DO3jl$dx4JGwL5K5DlJdmhlBb833', value: '$1$sp4DO3jl$dx4JGwL5K5DlJdmhlBb833' },
        { text: '$krb5asrep$23$svc@corp.local:070b8d9ad6a5f4c6ebf2e575a920ddb5$d5e68e4ce3aa5ed0f76aca3f2568efe2154e2b2a215d0a38e08489a2600f2c52778ff690f20e296987f7b13b7f68d5af28e95470f92404019c0a3befd8354d5f688fe81b11f1b751e45d269d228bec00559fd8e0e7e3c72342a1cd0257a3ae121ee66522', value: '$krb5asrep$23$svc@corp.local:070b8d9ad6a5f4c6ebf2e575a920ddb5$d5e68e4ce3aa5ed0f76aca3f2568efe2154e2b2a215d0a38e08489a2600f2c52778ff690f20e296987f7b13b7f68d5af28e95470f92404019c0a3befd8354d5f688fe81b11f1b751e45d269d228bec00559fd8e0e7e3c72342a1cd0257a3ae121ee66522' },
      ],
      negative: ['costs $1$ each', 'price: $2$ to $5$', 'hash = "$2b$12$..."'],
    },
  },
];
