import { expect } from 'chai';
import { scan } from '../../../src/detection';
import type { Finding } from '../../../src/detection';

/**
 * Every example the "detection on real-world input" issue names (the README's detection section
 * describes the rules), written again with values of our own, so a
 * rule that only fits the recognizers' samples fails here. A failure names the example, never
 * its text or a finding's value.
 */

const spanOf = (text: string, value: string): [number, number] => {
  const start = text.indexOf(value);
  return [start, start + value.length];
};
const spans = (found: Finding[]) => found.map((f) => [f.start, f.end]);

/** [example, text, the secret value a finding must span exactly]. */
const SECRETS: [string, string, string][] = [
  ['PHP define', "<?php\ndefine('DB_PASSWORD', 'Tr0ub4dor&3xQ');\n", 'Tr0ub4dor&3xQ'],
  ['PHP define, WordPress salt', 'define( "AUTH_KEY", "h7#Kd!2pQz@Lm9^Rv4&Wx1*Ty6" );', 'h7#Kd!2pQz@Lm9^Rv4&Wx1*Ty6'],
  ['.git-credentials', 'https://mkowal:Pq8vR2nXw7@gitlab.kowalnet.pl\n', 'mkowal:Pq8vR2nXw7'],
  ['.pgpass', 'db.internal.lan:5432:billing:billing_rw:Vn3$kPq9Lm\n', 'Vn3$kPq9Lm'],
  ['.htpasswd (apr1)', 'deploy:$apr1$Xz8q1Lp2$Tq3yYb0Jr5mVpK1xQwE7n/\n', '$apr1$Xz8q1Lp2$Tq3yYb0Jr5mVpK1xQwE7n/'],
  ['Docker config.json auth', '{\n  "auths": {\n    "registry.kowalnet.pl": {\n      "auth": "bWtvd2FsOlBxOHZSMm5Ydzc="\n    }\n  }\n}\n', 'bWtvd2FsOlBxOHZSMm5Ydzc='],
  ['Django SECRET_KEY', "SECRET_KEY = 'q%3v!x2m@k8#zr7$w1^p0&t5*yb9-ld4+jc6=hn'\n", 'q%3v!x2m@k8#zr7$w1^p0&t5*yb9-ld4+jc6=hn'],
  ['Rails master.key', 'c4e1f09a7b2d83564f1e0a9bc7d2e6f3\n', 'c4e1f09a7b2d83564f1e0a9bc7d2e6f3'],
  ['FileZilla saved password', '<Server>\n<Host>ftp.kowalnet.pl</Host>\n<User>mkowal</User>\n<Pass encoding="base64">Wm03JXJUMnd4Sg==</Pass>\n</Server>\n', 'Wm03JXJUMnd4Sg=='],
  ['DBeaver data source', '{"connections":{"postgres-jdbc-18c":{"configuration":{"host":"pg.kowalnet.pl","user":"crm_app","password":"Hx7!nB4qZe"}}}}', 'Hx7!nB4qZe'],
  ['.esmtprc', 'identity = "mkowal@kowalnet.pl"\n  hostname = smtp.kowalnet.pl:587\n  username = "mkowal"\n  password = "Lr6^wQ1zTk"\n', 'Lr6^wQ1zTk'],
  [
    'Salesforce token in JavaScript',
    "const conn = new jsforce.Connection({ accessToken: '00D8d000001AbCd!AQ4AQNx7Kp2Lm9Qr5Tv8Wz1Yb3Cd6Fg0Hj4Kl7Mn2Pq5Rs8Tu1Vw4Xy7Za0Bc3De6Fg9Hi2Jk5Lm8Np1Qr4St7Uv0Wx3Yz6A.b9Cd' });",
    '00D8d000001AbCd!AQ4AQNx7Kp2Lm9Qr5Tv8Wz1Yb3Cd6Fg0Hj4Kl7Mn2Pq5Rs8Tu1Vw4Xy7Za0Bc3De6Fg9Hi2Jk5Lm8Np1Qr4St7Uv0Wx3Yz6A.b9Cd',
  ],
  ['password followed by words (setting)', 'DB_PASSWORD=Lk9#vQ2-Wm and more stuff here\n', 'Lk9#vQ2-Wm'],
  ['password followed by words (login line)', 'login: root / password: Sommer2025? please reset\n', 'Sommer2025?'],
  ['password followed by words (prose)', 'my password is Herbst2023# ok\n', 'Herbst2023#'],
  ['Vault service token, long form', 'VAULT_TOKEN=hvs.CAESIKq8vR2nXw7Lm9Qr5Tv8Wz1Yb3Cd6Fg0Hj4Kl7Mn2PqGh4KHGh2cy5aTjB4S3BtN0xxOXZSMm5YdzdMbTlR\n', 'hvs.CAESIKq8vR2nXw7Lm9Qr5Tv8Wz1Yb3Cd6Fg0Hj4Kl7Mn2PqGh4KHGh2cy5aTjB4S3BtN0xxOXZSMm5YdzdMbTlR'],
  ['Vault unseal key', 'Unseal Key 1: 3fK9pL2mQ7vX1zR8tW4yB6nC0dE5gH2jS9aU7iO3kPlM\n', '3fK9pL2mQ7vX1zR8tW4yB6nC0dE5gH2jS9aU7iO3kPlM'],
  [
    'Vault init JSON, a later unseal share',
    '{\n  "unseal_keys_b64": [\n    "q3Lk9mZ2vX7wR1tY6pN3bC8dE5fG2hJ4kL7mN0pQ3rS6",\n    "Wm8Zr2Tx6Vb1Nc5Lk9Jd3Fg7Ps0Ay4Eo8Iu2Qt6Rz1Y"\n  ],\n',
    'Wm8Zr2Tx6Vb1Nc5Lk9Jd3Fg7Ps0Ay4Eo8Iu2Qt6Rz1Y',
  ],
  ['netrc, e-mail as login', 'machine ftp.kowalnet.pl login m.kowal@kowalnet.pl password Zq7%rT2wB\n', 'Zq7%rT2wB'],
  ['netrc, symbols in login', 'machine api.kowalnet.pl\n  login deploy+ci-bot\n  password Yt5&kL8qN\n', 'Yt5&kL8qN'],
  ['ODBC connection string', 'Driver={ODBC Driver 18 for SQL Server};Server=tcp:sql01.kowalnet.pl,1433;Database=Sales;Uid=sa_app;Password=Xr4!mQ9zW;Encrypt=yes;', 'Xr4!mQ9zW'],
  ['ODBC connection string, braced password', 'DRIVER={MySQL ODBC 8.0 Driver};SERVER=db1;UID=app;PWD={Tx9;q!2Lm};', 'Tx9;q!2Lm'],
  ['ADO connection string', 'Provider=SQLOLEDB;Data Source=SQL02;Initial Catalog=Ledger;User ID=rep;Password=Gh5^tY8uP;', 'Gh5^tY8uP'],
];

/** [example, text]: no secret may be reported. */
const NOT_SECRETS: [string, string][] = [
  ['comparison of a token kind', "    if tok.token_type == 'qcontent':\n        continue\n"],
  ['documentation default "secret"', 'redis:\n  password: secret\n'],
  ['documentation default "sekrit"', 'smtp_password: sekrit\n'],
  ['changeme', 'DB_PASSWORD=changeme\n'],
  ['xxxx', 'api_key: xxxxxxxxxxxx\n'],
  ['<your-key>', 'OPENAI_API_KEY=<your-key>\n'],
  ['${VAR}', 'password: ${DB_PASSWORD}\n'],
  ['"password" as the password', 'password=password\n'],
  ['"secret" as the secret', 'client_secret: secret\n'],
];

describe('examples of real-world input (issue: detection on real-world input)', () => {
  for (const pass of ['local', 'full'] as const) {
    it(`finds each named kind of credential, spanning the secret exactly (${pass} pass)`, () => {
      for (const [name, text, value] of SECRETS) {
        const found = scan(text, { pass }).filter((f) => f.dataTypes.includes('SECRETS'));
        expect(spans(found), name).to.deep.include(spanOf(text, value));
      }
    });
  }

  it('reports no secret for comparisons, documentation defaults and placeholder conventions', () => {
    for (const [name, text] of NOT_SECRETS) {
      expect(scan(text, { pass: 'full' }).filter((f) => f.dataTypes.includes('SECRETS')).length, name).to.equal(0);
    }
  });

  it('takes no version string for an IP address, no reference number or surname for a street', () => {
    const text = [
      'python-defaults (3.11.4.2-1) unstable; urgency=medium',
      '  * Moved 2.6.1.7 out of experimental; parse dates per RFC 5322 and RFC 2822.',
      ' -- Iain Lane <laney@example.org>  Mon, 12 Feb 2024 10:11:12 +0000',
    ].join('\n');
    const found = scan(text, { pass: 'full' });
    expect(found.filter((f) => f.type === 'IP_ADDRESS' || f.type === 'STREET_ADDRESS').length).to.equal(0);
  });

  it('takes no C++ namespace for health information', () => {
    const text = '#include <vector>\nusing namespace std;\nint main() { std::vector<int> v; std::sort(v.begin(), v.end()); }\n';
    expect(scan(text, { pass: 'full' }).filter((f) => f.dataTypes.includes('PHI')).length).to.equal(0);
  });

  it('masks the name after "Kunde:" and never the label', () => {
    const text = 'Kunde: Sabine Vogt\nKundin: Monika Hartmann\n';
    const people = scan(text, { pass: 'full' }).filter((f) => f.type === 'PERSON');
    expect(spans(people)).to.deep.equal([spanOf(text, 'Sabine Vogt'), spanOf(text, 'Monika Hartmann')]);
  });

  it('types the numbers the issue names: SSN in JSON, UK NI number, ICD-10 after Assessment, dotted Norwegian IBAN, card in a CSV cell', () => {
    const cases: [string, string, string, string][] = [
      ['JSON ssn field', '{"id": 7, "ssn": "512-48-7731"}', '512-48-7731', 'SSN'],
      ['UK NI number', 'NI number JK 48 29 17 B on file', 'JK 48 29 17 B', 'UK_NATIONAL_INSURANCE'],
      ['ICD-10 after Assessment', 'Assessment: E11.9 type 2 diabetes without complications', 'E11.9', 'ICD10_CODE'],
      ['ICD-10 after Dx', 'Dx: E11.9', 'E11.9', 'ICD10_CODE'],
      ['Norwegian IBAN with dots', 'Konto: NO94.6312.90.44715 (DNB)', 'NO94.6312.90.44715', 'IBAN'],
      ['card in a CSV cell', 'name,card\nJo,4532018847126035\n', '4532018847126035', 'CREDIT_CARD'],
    ];
    for (const [name, text, value, type] of cases) {
      const found = scan(text, { pass: 'full' });
      expect(found.filter((f) => f.type === type).map((f) => [f.start, f.end]), name).to.deep.include(spanOf(text, value));
      expect(found.filter((f) => f.type === 'PHONE').length, `${name}: no phone`).to.equal(0);
    }
    // One digit off: the IBAN's check digits no longer hold, so nothing is reported as an IBAN.
    expect(scan('Konto: NO94.6312.90.44716 (DNB)', { pass: 'full' }).filter((f) => f.type === 'IBAN').length).to.equal(0);
  });
});
