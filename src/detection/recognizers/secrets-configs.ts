import type { PatternSpec, Recognizer } from '../types';
import { LETTER_AHEAD, NOT_A_COMPOUND, NOT_TEST_OUTCOME, PW_WORD } from './secrets-generic';

/**
 * Credentials in the grammars of operations, CI, network-device and desktop-application files
 * that the assignment patterns of secrets-generic.ts do not read: a password given on the line
 * after its name (`- name: DB_PASSWORD` / `value: ...`, a CloudFormation parameter's `Default`),
 * user-then-password flags of command lines (`-u user -p pass`, `net use ... /user:x pass`,
 * `-storepass`), SQL's `IDENTIFIED BY` / `PASSWORD '...'`, passwords passed by position to
 * connection and authentication calls, expect scripts, debconf pre-seeding, multi-word
 * passphrases, shared secrets of network services (RADIUS, VRRP, SNMP communities, Cisco type 7),
 * prefixed space-separated directives (`remote_password x`), mount options, password hashes
 * named as such, and a few armoured formats (OpenVPN static keys and inline credentials, RDP
 * password blobs, Maven's encrypted master password, Qt's `@ByteArray(...)`). Each is a
 * format, not a file; sample values are synthetic.
 */

/**
 * A quoted or bare single-token value ending its line or followed by a space; a quoted one may
 * hold spaces (`/rp "Sch3d Task#1"`): `(?!\k<q>)` fails on the empty match of an absent quote.
 */
const TOKEN_VALUE = String.raw`(?<q>["']?)(?<value>[^\s"'$%{<\x60](?:[^\s"'\x60]|(?!\k<q>) ){2,127})\k<q>`;

/** Words that label a password in a sentence, in the supported languages (and chat's `pw`). */
const SENTENCE_WORDS = ['password', 'passwort', 'kennwort', 'mot de passe', 'mdp', 'contraseña', 'contrasena', 'clave', 'wachtwoord', 'senha'];
const SENTENCE_LABEL = `(?:${SENTENCE_WORDS.join('|')}|(?<![a-z])pw(?![a-z]))`;

/** A bare value in prose: a single token mixing letters with digits or symbols. */
const MIXED_VALUE = String.raw`${LETTER_AHEAD}(?=[^\s]{0,127}[0-9!#$%^&*?@~+=_-])(?<value>[^\s"'\x60<>;,(){}\[\]$%&|\\][^\s"'\x60<>;,(){}\[\]|\\]{3,127}?)`;

/**
 * Words between a password label and its verb in a sentence (`for the printer`, `root a été`,
 * `(before the 2024 rotation)`), not those of documentation about a password setting
 * (`password option: --password`).
 */
const SENTENCE_GAP = String.raw`[ \t]+(?!option|field|flag|param|argument|prompt|hash|length|policy|reset|recovery)(?:[^\n.!?:;=<>"'\x60{}()\[\]]|\([^()\n]{1,40}\)){1,60}?`;

/**
 * "Password" in Polish, Czech, Swedish, Danish, Norwegian, Finnish, Hungarian, Romanian, Estonian,
 * Latvian, Greek, Croatian / Serbian / Bosnian, Slovenian, Lithuanian, Catalan, Russian /
 * Ukrainian / Bulgarian and Turkish: a stem, each its own prefilter keyword, and the rest of its
 * word (up to three letters, so that code's `hasLoader:` is no label: `hasła`, `lösenordet`, `jelszava`, `parolă`, `κωδικός`, `lozinku`,
 * `пароля`, `şifresi`); and the verbs that give it its value there (`to`, `jest`, `je`, `är`,
 * `er`, `on`, `este`, `és`, `yra`, `είναι`): kept apart from English, where `password ... to` and
 * `on` do not give a value (`send the password to ops-1@...`).
 */
const MORE_LABEL_STEMS = ['hasł', 'hasl', 'hesl', 'lösenord', 'adgangskode', 'kodeord', 'passord', 'salasana', 'jelsz', 'parol', 'parool', 'κωδικ', 'lozink', 'geslo', 'slaptažod', 'contrasenya', 'парол', 'şifre', 'sifre'];
const MORE_LABEL = String.raw`(?:${MORE_LABEL_STEMS.join('|')})[^\s:=]{0,3}?`;
const MORE_VERB = String.raw`[ \t]+(?:to|jest|je|är|er|on|este|és|yra|είναι)[ \t]+`;

/** A verb that gives a password its value in a sentence, in the supported languages. */
const SENTENCE_VERB = String.raw`[ \t]+(?:is(?:[ \t]+now)?|was|ist|est|es|è|era|war|(?:changed|set|reset)[ \t]+to|(?:chang|modifi)ée?[ \t]+en|cambiad[oa][ \t]+a|(?:gewijzigd|veranderd)[ \t]+in|alterad[oa][ \t]+para)[ \t]+`;

/**
 * A password column of a table (CSV exports of browsers and password managers, Markdown tables
 * of wiki pages): the header cell (`password` or its word in another language) is preceded by `k`
 * cells, and the value is the cell after `k` cells of one of the first five rows below it (a
 * Markdown rule row skipped; a Markdown cell may hold single spaces). One pattern per separator,
 * column and row, generated here.
 */
const COLUMN_HEADS = ['password', 'passwort', 'kennwort', 'contraseña', 'contrasena', 'mot de passe', 'wachtwoord', 'senha'];
function passwordColumnPatterns(): PatternSpec[] {
  const out: PatternSpec[] = [];
  for (const [name, sep] of [['csv', ','], ['md', '\\|']]) {
    // A quoted CSV cell may hold spaces (browsers' exports quote every cell). A spaced Markdown cell's first word holds a symbol or a digit between letters (`Graf4na Ana`, not `90 days`).
    const cell = name === 'md' ? String.raw`(?=[^|\s"]{0,40}(?:[!#$%^&*?@~+=]|[A-Za-z]\d+[A-Za-z]))[^|\s"]{2,60}(?: [^|\s"]{1,40}){1,3}|[^|\s"]{3,128}` : String.raw`(?<=")[^"\n]{3,128}(?=")|[^,\s"]{3,128}`;
    // Header cells are labels (words, spaces, dots, dashes), so code (`password, salt = v`) is no header.
    const head = String.raw`["']?[\w .-]{0,30}["']?`;
    for (let k = 0; k <= 5; k++) {
      for (let row = 0; row <= 4; row++) {
        out.push({
          name: `${name}-${k}-${row}`,
          regex: String.raw`(?<=(?:^|\n)(?:${head}${sep}){${k}}${k ? '[ \\t]*' : ''}["']?)(?:${COLUMN_HEADS.join('|')})["']?[ \t]*(?:${sep}[ \t]*["']?[\w.-][\w .-]{0,29}["']?[ \t]*){${k ? 0 : 1},20}${sep}?\r?\n(?:[ \t|:-]*\|[ \t|:-]*\r?\n)?(?:[^\n]*\n){${row}}(?:[^${sep}\n]*${sep}){${k}}[ \t]*"?(?<value>${cell})"?[ \t]*(?=${sep}|\r?\n|$)`,
          flags: 'i',
          score: 0.7,
          group: 'value',
        });
      }
    }
  }
  return out;
}

export const configSecretRecognizers: Recognizer[] = [
  {
    id: 'password-on-next-line',
    type: 'PASSWORD',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // The name and the value of one setting on two lines: Kubernetes and CI variable lists
    // (`- name: DB_PASSWORD` then `value: ...`), ECS task definitions (`{"name": "..._PASSWORD",
    // "value": "..."}`), a CloudFormation parameter whose `Default` is the password, a Terraform
    // variable's `default`.
    placement: { kind: 'start', keywords: ['value:', 'value :', '"value"', 'default:', 'default =', '<value'] },
    patterns: [
      {
        name: 'name-value',
        regex: String.raw`(?:value|"value")(?<=(?:^|\n|[{,])[ \t-]{0,40}["']?(?:name|key)["']?[ \t]*:[ \t]*["']?[\w.-]{0,60}(?:${PW_WORD}|(?:[Ss]ecret|SECRET|[Tt]oken|TOKEN|[Aa]pi[_-]?[Kk]ey|API[_-]?KEY)(?![a-z]))[\w.-]{0,20}["']?[ \t]*(?:,[ \t]*(?:\r?\n[ \t-]{0,40})?|\r?\n[ \t-]{0,40})(?:value|"value"))[ \t]*:[ \t]*(?<q>["']?)(?<value>[^\s"'$%{<][^"'\n]{2,127}?)\k<q>[ \t]*(?=\r?\n|$|#|[,}])`,
        score: 0.75,
        group: 'value',
      },
      {
        // KeePass XML exports: `<Key>Password</Key>` then `<Value>...</Value>` on the next line.
        name: 'keepass',
        regex: String.raw`<Value(?<=<Key>Password</Key>\s{0,80}<Value)(?:[ \t]+\w{1,30}="[^"\n]{0,20}")?>(?<value>[^<\n]{3,128})</Value>`,
        score: 0.75,
        group: 'value',
      },
      {
        name: 'parameter-default',
        regex: String.raw`(?:Default|default)(?<=${PW_WORD}\w{0,20}["']?[ \t]*:[ \t]*\r?\n(?:[ \t]+\w{1,30}[ \t]*:[^\n]{0,200}\r?\n){0,8}[ \t]+(?:Default|default))[ \t]*:[ \t]*(?<q>["']?)(?<value>[^\s"'$%{<!][^"'\n]{2,127}?)\k<q>[ \t]*(?=\r?\n|$|#)`,
        score: 0.75,
        group: 'value',
      },
      {
        name: 'terraform-variable',
        regex: String.raw`default(?<=variable[ \t]+"[\w-]{0,40}(?:password|passwd|passphrase)[\w-]{0,20}"[ \t]*\{[^{}]{0,300}default)[ \t]*=[ \t]*"(?<value>[^"\n$]{3,127})"`,
        flags: 'i',
        score: 0.75,
        group: 'value',
      },
    ],
    validator: 'secret-password-bare',
    samples: {
      positive: [
        { text: 'env:\n  - name: DB_PASSWORD\n    value: "Kq8-Env-Pw!3"\n', value: 'Kq8-Env-Pw!3' },
        { text: "variables:\n  - name: sqlAdminPassword\n    value: 'Az#Sql7!pLm2'\n", value: 'Az#Sql7!pLm2' },
        { text: '"environment": [{"name": "SMTP_PASSWORD", "value": "Ecs-Smtp-42x"}]', value: 'Ecs-Smtp-42x' },
        { text: 'Parameters:\n  DBPassword:\n    Type: String\n    NoEcho: true\n    Default: Cfn-Dflt-8812\n', value: 'Cfn-Dflt-8812' },
        { text: 'variable "db_password" {\n  type    = string\n  default = "Tf-Var-Pw-77"\n}', value: 'Tf-Var-Pw-77' },
        { text: '{\n\t"key": "adminPassword",\n\t"value": "Pm-Env!4471",\n\t"type": "secret"\n}', value: 'Pm-Env!4471' },
        { text: '{\n  "name": "X-Api-Token",\n  "value": "hdr_8Kq2Zx7Lm4Vt9Rw3"\n}', value: 'hdr_8Kq2Zx7Lm4Vt9Rw3' },
        { text: '<String>\n\t<Key>Password</Key>\n\t<Value ProtectInMemory="True">Kp-Xml!2024x</Value>\n</String>', value: 'Kp-Xml!2024x' },
      ],
      negative: [
        '  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: db\n',
        '  - name: DB_PASSWORD\n    value: $(DB_PASSWORD)\n',
        '  - name: DB_PASSWORD\n    value: "{{ .Values.db.password }}"\n',
        '  - name: DB_HOST\n    value: db.internal\n',
        'Parameters:\n  DBPassword:\n    Type: String\n    NoEcho: true\n    Default: changeme\n',
        'variable "db_password" {\n  type      = string\n  sensitive = true\n}\nvariable "region" {\n  default = "eu-west-1"\n}',
        '{ "key": "apiKey", "value": "{{vault:kornfeld-api-key}}", "type": "secret" }',
        '{\n\t"key": "adminPassword",\n\t"value": "",\n\t"type": "secret"\n}',
        '{\n  "key": "tokenizer",\n  "value": "whitespace"\n}',
        '<String>\n\t<Key>Password</Key>\n\t<Value ProtectInMemory="True"></Value>\n</String>',
      ],
    },
  },
  {
    id: 'cli-user-then-password',
    type: 'PASSWORD',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // A user flag directly followed by a password flag on a command line: `docker login -u x -p
    // y`, `az login -u <id> -p <secret>`, `sqlcmd -U sa -P "..."`, `osql -U sa -P ...`. Not
    // mysql's, whose `-p` takes no separate value (`mysql -u root -p shop` names a database).
    placement: { kind: 'start', keywords: [' -p ', ' -p"', " -p'"] },
    patterns: [
      {
        name: 'user-password',
        regex: String.raw`[ \t](?<!\bmysql(?:dump|admin|sh|import|check)?\b[^\n]{0,160})(?<=\s-[uU][ \t]{1,3}(?:"[^"\n]{1,100}"|'[^'\n]{1,100}'|[^\s"'$%-][^\s"']{0,100})[ \t])-[pP](?:[ \t]+|(?=["']))${TOKEN_VALUE}(?=\s|$)`,
        score: 0.75,
        group: 'value',
      },
    ],
    validator: 'secret-cli-password',
    samples: {
      positive: [
        { text: 'oc login -u developer -p Oc-Dev-7x2Kq https://api.cluster.example:6443', value: 'Oc-Dev-7x2Kq' },
        { text: 'cf login -a https://api.cf.example -u ops -p "Cf0ps!x4Mq" -o corp', value: 'Cf0ps!x4Mq' },
        { text: "az login --service-principal -u 3f6c2a1e-8b7d-4c9e-a0f1-5d2b7e9c4a18 -p 'Qx7~Vd.Kj3Tz_pL9mWq2' --tenant t", value: 'Qx7~Vd.Kj3Tz_pL9mWq2' },
      ],
      negative: [
        'docker run -u 1000 -p 8080:80 nginx',
        'docker login -u "$REGISTRY_USER" -p "$REGISTRY_PASS" registry.example.com',
        'sqlcmd -S db -U sa -P $(SA_PASSWORD)',
        'ssh -u admin -p 2222 host',
        'docker login -u ci -p password registry',
        'mysql -u root -p shop_2024',
        'python -u train.py -p prod',
      ],
    },
  },
  {
    id: 'command-password-flag',
    type: 'PASSWORD',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // Password flags of tools that take the value as the next word: Java's keytool and
    // jarsigner (`-storepass`, `-keypass`), apksigner (`--ks-pass pass:...`), Windows `net use
    // \\host\share /user:DOMAIN\name password` and `schtasks ... /rp password`, mysql's quoted
    // `-p'...'`.
    placement: { kind: 'start', keywords: ['-storepass', '-keypass', '-srcstorepass', '-deststorepass', '-srckeypass', '-destkeypass', '--ks-pass', '--key-pass', 'net use', '/rp ', 'mysql'] },
    patterns: [
      { name: 'keytool', regex: String.raw`-(?<=\s-)(?:src|dest)?(?:store|key)pass[ \t]+${TOKEN_VALUE}(?=\s|$)`, score: 0.8, group: 'value' },
      { name: 'apksigner', regex: String.raw`--(?:ks|key)-pass[ \t=]+pass:(?<value>[^\s"'$%][^\s"']{2,127})`, score: 0.8, group: 'value' },
      { name: 'net-use-first', regex: String.raw`net[ \t]+use\b[ \t]+(?:[A-Za-z]:[ \t]+)?\\\\[^\s]{1,200}[ \t]+(?<value>[^\s/"'*%$][^\s"']{2,127})(?=[ \t]+/user:)`, flags: 'i', score: 0.8, group: 'value' },
      { name: 'net-use', regex: String.raw`net[ \t]+use\b[^\n]{0,200}?[ \t]/user:[^\s]{1,100}[ \t]+(?<value>[^\s/"'*%$][^\s"']{2,127})`, flags: 'i', score: 0.8, group: 'value' },
      { name: 'schtasks', regex: String.raw`/rp(?<=\bschtasks(?:\.exe)?\b[^\n]{0,300}/rp)[ \t]+${TOKEN_VALUE}(?=\s|$)`, flags: 'i', score: 0.8, group: 'value' },
      { name: 'mysql-quoted', regex: String.raw`mysql(?:dump|admin|sh|import|check)?\b[^\n]{0,120}?\s-p(?<q>["'])(?<value>[^"'\n$]{3,127})\k<q>`, score: 0.8, group: 'value' },
    ],
    validator: 'secret-cli-password',
    samples: {
      positive: [
        { text: 'keytool -genkeypair -keystore release.jks -storepass Kt00lStore7 -keypass Kt00lKey7 -alias r', value: 'Kt00lStore7' },
        { text: 'apksigner sign --ks release.jks --ks-pass pass:ApkS1gn-Ks4 app.apk', value: 'ApkS1gn-Ks4' },
        { text: 'net use Z: \\\\fs01\\deploy /user:CORP\\svc_deploy D3pl0y#Shr /persistent:no', value: 'D3pl0y#Shr' },
        { text: 'net use S: \\\\fs01\\scans Sc4nS#hare7 /user:CORP\\svc-scan', value: 'Sc4nS#hare7' },
        { text: 'schtasks /create /tn Backup /tr C:\\b.cmd /sc daily /ru CORP\\svc /rp Sch3dTsk!4', value: 'Sch3dTsk!4' },
        { text: 'schtasks /Create /TN "Export" /SC DAILY /RU CORP\\svc /RP "Sch3d-Task#1 x"', value: 'Sch3d-Task#1 x' },
        { text: "mysqldump -u backup -p'Dmp!2023xq' --all-databases", value: 'Dmp!2023xq' },
      ],
      negative: [
        'keytool -list -keystore cacerts -storepass:env STOREPASS',
        'keytool -list -keystore cacerts -storepass changeit',
        'keytool -list -keystore cacerts -storepass ab cd',
        'apksigner sign --ks release.jks --ks-pass env:KS_PASS app.apk',
        'net use Z: \\\\fs01\\share /user:CORP\\me *',
        'net use S: \\\\fs01\\scans * /user:CORP\\me',
        'schtasks /create /tn x /ru SYSTEM /rp %PASSWORD%',
        'mysql -u root -p"$MYSQL_ROOT_PASSWORD" -e "select 1"',
      ],
    },
  },
  {
    id: 'sql-password-clause',
    type: 'PASSWORD',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // SQL sets passwords with clauses, not assignments: MySQL `IDENTIFIED BY '...'`, PostgreSQL
    // `CREATE/ALTER ROLE|USER ... PASSWORD '...'`, SQL Server `CREATE LOGIN ... WITH PASSWORD =
    // '...'`, replication's `MASTER_PASSWORD='...'` / `SOURCE_PASSWORD='...'`.
    placement: { kind: 'start', keywords: ['identified ', 'create user', 'alter user', 'create role', 'alter role', 'create login', 'alter login', 'master_password', 'source_password', 'set password'] },
    patterns: [
      {
        // Not prose (`commits identified by "squash" commands`, `problem identified by "nick"`):
        // in SQL the clause follows the account (`USER x`, `TO 'u'@'h'`, `ROLE String.raw`), and the
        // literal ends the statement or is followed by punctuation or a clause of the statement.
        name: 'identified-by',
        regex: String.raw`(?<=\b(?:user|role|to|login)\b[^\n;]{1,200})IDENTIFIED[ \t]+(?:WITH[ \t]+\w{1,40}[ \t]+)?BY[ \t]+(?<q>['"])(?<value>[^'"\n]{3,128})\k<q>(?![ \t]+(?!(?:with|require|password|account|failed_login_attempts|password_lock_time|default|retain|discard|and|or|as|comment|attribute)\b)[A-Za-z])`,
        flags: 'i',
        score: 0.8,
        group: 'value',
      },
      {
        name: 'role-password',
        regex: String.raw`(?:CREATE|ALTER)[ \t]+(?:USER|ROLE|LOGIN)\b[^;\n]{0,160}?\bPASSWORD[ \t]*=?[ \t]*N?(?<q>['"])(?<value>[^'"\n]{3,128})\k<q>`,
        flags: 'i',
        score: 0.8,
        group: 'value',
      },
      {
        // MySQL's older `SET PASSWORD FOR 'u'@'h' = PASSWORD('...')` (or `= '...'`).
        name: 'set-password',
        regex: String.raw`SET[ \t]+PASSWORD\b[^;=\n]{0,120}=[ \t]*(?:PASSWORD[ \t]*\([ \t]*)?(?<q>['"])(?<value>[^'"\n]{3,128})\k<q>`,
        flags: 'i',
        score: 0.8,
        group: 'value',
      },
      { name: 'replication', regex: String.raw`(?:MASTER|SOURCE)_PASSWORD[ \t]*=[ \t]*(?<q>['"])(?<value>[^'"\n]{3,128})\k<q>`, flags: 'i', score: 0.8, group: 'value' },
    ],
    validator: 'secret-password',
    samples: {
      positive: [
        { text: "CREATE USER 'app'@'%' IDENTIFIED BY 'SqlCr8Usr!';", value: 'SqlCr8Usr!' },
        { text: "GRANT SELECT ON shop.* TO 'report'@'10.0.0.%' identified by 'Rpt-Gr4nt';", value: 'Rpt-Gr4nt' },
        { text: "ALTER ROLE reporting WITH LOGIN PASSWORD 'PgR0le-Rpt';", value: 'PgR0le-Rpt' },
        { text: "CREATE LOGIN [app] WITH PASSWORD = N'Ms-L0gin!7x', CHECK_POLICY = OFF;", value: 'Ms-L0gin!7x' },
        { text: "SET PASSWORD FOR 'bkp'@'localhost' = PASSWORD('Bk-Set#55pw');", value: 'Bk-Set#55pw' },
        { text: "CREATE LOGIN app WITH PASSWORD = 'Mss-L0gin-9', CHECK_POLICY = ON;", value: 'Mss-L0gin-9' },
        { text: "CHANGE MASTER TO MASTER_HOST='10.0.0.2', MASTER_USER='repl', MASTER_PASSWORD='R3pl-Mstr';", value: 'R3pl-Mstr' },
      ],
      negative: [
        "CREATE USER 'app'@'%' IDENTIFIED BY 'password';",
        'ALTER ROLE app WITH PASSWORD NULL;',
        "CREATE USER app IDENTIFIED BY '${APP_PASSWORD}';",
        'ALTER USER app PASSWORD EXPIRE;',
        'the messages of commits identified by "squash" commands, omitting those identified by "fixup" commands',
        'hit an assert()); problem identified by "nickname7"',
        '** rows that have the same value for all columns identified by "rowId2".',
      ],
    },
  },
  {
    id: 'positional-password-call',
    type: 'PASSWORD',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // Passwords passed by position to connection and authentication calls: PHP `new PDO($dsn,
    // 'user', 'pw')`, `mysqli_connect(host, user, pw, db)` and `ldap_bind($c, dn, pw)`, Perl
    // `DBI->connect($dsn, user, pw)`, Python `ftplib.FTP(host, user, pw)`, `MySQLdb.connect`,
    // `simple_bind_s(dn, pw)`, requests' `auth=("user", "pw")` and `HTTPBasicAuth("user", "pw")`,
    // Go's `smtp.PlainAuth("", user, pw, host)`, Java's `new PasswordAuthentication(user, pw)`.
    placement: {
      kind: 'start',
      keywords: ['pdo(', 'mysqli_connect(', 'mysqli(', 'mysql_connect(', 'mysql_pconnect(', 'dbi->connect(', 'ftp(', 'ftp_tls(', 'plainauth(', 'ldap_bind(', 'ftp_login(', 'ssh2_auth_password(', '.setpass', 'mysqldb.connect(', 'pymysql.connect(', 'basicauth(', 'digestauth(', 'proxyauth(', 'auth=(', 'auth = (', 'simple_bind_s(', 'simple_bind(', 'passwordauthentication('],
    },
    patterns: [
      {
        // Two arguments (a literal or a variable), then the password (PHP's `ftp_login($c, user,
        // pw)` and `ssh2_auth_password`); a setter's only argument (JSch's, HikariCP's
        // `session.setPassword("...")`).
        name: 'third-argument',
        regex: String.raw`(?:(?<!\w)(?:PDO|mysqli_connect|mysqli|mysql_p?connect|DBI->connect|FTP|FTP_TLS|PlainAuth|ldap_bind|ftp_login|ssh2_auth_password|(?:MySQLdb|pymysql)\.connect)\([ \t]*(?:(?:"[^"\n]{0,200}"|'[^'\n]{0,200}'|\$?[\w.]{1,60})[ \t]*,[ \t]*){2}|\.setPass(?:word)?\([ \t]*)(?<q>["'])(?<value>[^"'\n]{3,128})\k<q>`,
        flags: 'i',
        score: 0.8,
        group: 'value',
      },
      {
        // A user literal, then the password.
        name: 'auth-pair',
        regex: String.raw`(?:(?:Basic|Digest|Proxy)Auth\(|auth[ \t]*=[ \t]*\(|simple_bind(?:_s)?\(|PasswordAuthentication\()[ \t]*(?<q1>["'])[^"'\n]{1,100}\k<q1>[ \t]*,[ \t]*(?<q>["'])(?<value>[^"'\n]{3,128})\k<q>(?:\.toCharArray\(\))?[ \t]*\)`,
        flags: 'i',
        score: 0.8,
        group: 'value',
      },
    ],
    validator: 'secret-password',
    samples: {
      positive: [
        { text: "$pdo = new PDO('mysql:host=localhost;dbname=shop', 'shop', 'Pd0Shp#1');", value: 'Pd0Shp#1' },
        { text: '$link = mysqli_connect("127.0.0.1", "blog", "Mysq1iBlg", "blog");', value: 'Mysq1iBlg' },
        { text: 'my $dbh = DBI->connect("DBI:Pg:dbname=stats", "stats", "P3rlDbi!x", { RaiseError => 1 });', value: 'P3rlDbi!x' },
        { text: 'with ftplib.FTP("ftp.partner.example", "upload", "Ftpl1bUp!") as ftp:', value: 'Ftpl1bUp!' },
        { text: 'requests.get(url, auth=("api", "ReqAuth4481"), timeout=30)', value: 'ReqAuth4481' },
        { text: 'requests.get(url, auth=HTTPBasicAuth("reporter", "B4sicRp0rt"))', value: 'B4sicRp0rt' },
        { text: 'jira = JIRA(server, basic_auth=("ops@corp.lan", "Jr7kQ2mN9pL4rT6vW8zB1cD3"))', value: 'Jr7kQ2mN9pL4rT6vW8zB1cD3' },
        { text: 'db = MySQLdb.connect("localhost", "testuser", "Tst-Db-123x", "TESTDB")', value: 'Tst-Db-123x' },
        { text: 'auth := smtp.PlainAuth("", "alerts@corp.example", "G0-Smtp-Pw7", "smtp.corp.example")', value: 'G0-Smtp-Pw7' },
        { text: 'ldap_bind($ds, "cn=admin,dc=corp,dc=example", "Ld4p-Bnd-Php");', value: 'Ld4p-Bnd-Php' },
        { text: 'conn.simple_bind_s("cn=admin,dc=corp,dc=example", "Ld4p-Py-Bnd9")', value: 'Ld4p-Py-Bnd9' },
        { text: 'return new PasswordAuthentication("mailer", "J4va-Mail-Pw".toCharArray());', value: 'J4va-Mail-Pw' },
        { text: "if (!ftp_login($conn, 'shopftp', 'Php-Ftp!Log1n')) {", value: 'Php-Ftp!Log1n' },
        { text: "ssh2_auth_password($ssh, 'kettle', 'Ssh2-Part!ner');", value: 'Ssh2-Part!ner' },
        { text: '        session.setPassword("JSch-Sftp#9x");', value: 'JSch-Sftp#9x' },
      ],
      negative: [
        "$pdo = new PDO($dsn, $user, $password);",
        'session.setPassword(System.getenv("SFTP_PASSWORD"));',
        "ftp_login($conn, $user, $pass);",
        'config.setPassword("");',
        '$dbh = DBI->connect("DBI:ODBC:mydb", "joe", "hello");',
        "$pdo = new PDO('sqlite::memory:', null, null);",
        'mysqli_connect("localhost", "root", "", "test");',
        'requests.get(url, auth=("user", "pass"))',
        "ftp = FTP('ftp.example.com', 'anonymous', '')",
        'auth=HTTPBasicAuth(user, password)',
        'smtp.PlainAuth("", user, password, host)',
        'conn.simple_bind_s(dn, pw)',
        'requests.get(url, auth=(user, password))',
        "auth=('user', 'password')",
      ],
    },
  },
  {
    id: 'expect-send-password',
    type: 'PASSWORD',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // expect and pexpect scripts answer a password prompt with a literal: `expect "password:"`
    // then `send "...\r"`; `child.expect('Password:')` then `child.sendline('...')`.
    placement: { kind: 'start', keywords: ['send ', 'send "', '.sendline(', '.send('] },
    patterns: [
      {
        name: 'expect-send',
        regex: String.raw`send(?<=expect[ \t]+(?:-(?:re|exact|gl)[ \t]+)?["'{][^"'}\n]{0,60}(?:assword|assphrase|PIN)[^"'}\n]{0,30}["'}][^\n]{0,40}\r?\n(?:[ \t]*(?:#[^\n]*)?\r?\n){0,2}[ \t]*send)[ \t]+(?:--[ \t]+)?"(?<value>[^"\n\\$\[]{3,128})(?:\\r|\\n)?"`,
        score: 0.8,
        group: 'value',
      },
      {
        name: 'pexpect',
        regex: String.raw`\.send(?:line)?(?<=\.expect\([ \t]*[rb]?["'][^"'\n]{0,60}(?:assword|assphrase)[^"'\n]{0,30}["'][^\n]{0,40}\)[ \t]*\r?\n[ \t]*[\w.]{1,40}\.send(?:line)?)\([ \t]*(?<q>["'])(?<value>[^"'\n\\]{3,128})(?:\\r|\\n)?\k<q>[ \t]*\)`,
        score: 0.8,
        group: 'value',
      },
    ],
    validator: 'secret-password',
    samples: {
      positive: [
        { text: 'spawn ssh admin@10.0.0.5\nexpect "password:"\nsend "Exp3ctSh!\\r"\n', value: 'Exp3ctSh!' },
        { text: "child.expect('Password:')\nchild.sendline('Pxp3ct-Pw9')\n", value: 'Pxp3ct-Pw9' },
      ],
      negative: ['expect "password:"\nsend "$password\\r"\n', 'expect "$ "\nsend "uptime\\r"\n', "child.expect('Password:')\nchild.sendline(password)\n", 'expect "password:"\nsend "[lindex $argv 0]\\r"\n'],
    },
  },
  {
    id: 'debconf-password',
    type: 'PASSWORD',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // Debian pre-seeding and `debconf-set-selections`: `<owner> <question> password <value>`,
    // where the question names a password (`d-i passwd/root-password password ...`,
    // `mysql-server mysql-server/root_password password ...`).
    placement: { kind: 'start', keywords: ['password '] },
    patterns: [
      {
        name: 'selection',
        regex: String.raw`password(?<=(?:^|\n)[ \t]{0,12}[\w.-]{1,40}[ \t]{1,40}[\w.-]{1,40}/[\w./-]{0,60}(?:password|passwd|passphrase|pass|pw)[\w./-]{0,30}[ \t]+password)[ \t]+(?<value>[^\s][^\n]{2,127}?)[ \t]*(?=\r?\n|$)`,
        score: 0.8,
        group: 'value',
      },
    ],
    validator: 'secret-password-bare',
    samples: {
      positive: [
        { text: 'd-i passwd/root-password password Pr3seedR0t!\n', value: 'Pr3seedR0t!' },
        { text: 'mysql-server mysql-server/root_password password Dbcnf-My-42\n', value: 'Dbcnf-My-42' },
      ],
      negative: ['d-i passwd/root-password password\n', 'd-i passwd/root-password-again password $ROOT_PW\n', 'd-i passwd/make-user boolean true\n', 'd-i passwd/root-password password changeme\n'],
    },
  },
  {
    id: 'passphrase-setting',
    type: 'PASSWORD',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // A passphrase of three to six words with a number among them (`wpa_passphrase=Guest Wifi
    // 2024 Lobby`, `RESTIC_PASSWORD='correct staple 42 horse'`): the password rules take one or
    // two words, since longer values are mostly prose. Quoted (after an operator or a space, as
    // sitecopy's `password "Dav Sync 4 Ever"`), or the rest of the line.
    placement: { kind: 'start', keywords: ['password', 'passwd', 'passphrase', 'pass =', 'pass:', 'pass=', '.raw', 'p='] },
    patterns: [
      {
        name: 'quoted',
        regex: String.raw`(?:${PW_WORD}|pass|PASS|\.raw)(?![A-Za-z])[\w.-]{0,20}["'\]]?(?:[ \t]*[=:][ \t]*|[ \t]+)(?<q>["'])(?<value>[A-Za-z0-9][A-Za-z0-9 ]{5,80}[A-Za-z0-9])\k<q>`,
        score: 0.7,
        group: 'value',
      },
      {
        name: 'bare',
        regex: String.raw`(?:${PW_WORD}|pass|PASS${NOT_TEST_OUTCOME}|P(?<=(?:^|\n)P))(?![A-Za-z])[\w.-]{0,20}[ \t]*(?:=|:)[ \t]*(?<value>[A-Za-z0-9][A-Za-z0-9 ]{5,80}[A-Za-z0-9])[ \t]*(?=\r?\n|$)`,
        score: 0.7,
        group: 'value',
      },
    ],
    validator: 'secret-passphrase',
    samples: {
      positive: [
        { text: 'wpa_passphrase=Guest Wifi 2024 Lobby\n', value: 'Guest Wifi 2024 Lobby' },
        { text: "export RESTIC_PASSWORD='correct staple 42 horse'\n", value: 'correct staple 42 horse' },
        { text: 'wifi_password: "hummingbird garden 7"\n', value: 'hummingbird garden 7' },
        { text: 'message.send.backend.auth.raw = "blueberry pancake 9"\n', value: 'blueberry pancake 9' },
        { text: 'N=CorpIRC\nP=corp irc 4 ever\nL=0\n', value: 'corp irc 4 ever' },
        { text: 'site dav\n  username jk\n  password "Dav Sync 4 Ever"\n', value: 'Dav Sync 4 Ever' },
      ],
      negative: [
        'Running /build/binutils/testsuite/ar.exp ...\nPASS: ar thin archive 2\nPASS: ar symbol table 64\nFAIL: ar deterministic archive\n',
        'password: must be at least 8 characters long\n',
        'password = "Enter your password 2 times"\n',
        'PASSWORD_HELP="use 12 or more characters"\n',
        'password: Minimum eight characters and one digit\n',
        'passwords: 3 failed attempts allowed\n',
        'password: see section 4 of the manual\n',
      ],
    },
  },
  {
    id: 'shared-secret-setting',
    type: 'PASSWORD',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // Shared secrets of network services, chosen by people and written bare: RADIUS clients'
    // `secret = ...`, SNMP communities (`snmp-server community X RO`, `rocommunity X`), Cisco type 7 passwords and
    // keys. The value must mix letters with digits or symbols and not read as words, so a
    // `secret: db-credentials` naming a Kubernetes Secret stays out.
    placement: { kind: 'start', keywords: ['secret', 'community', 'password 7 ', 'key 7 '] },
    patterns: [
      {
        name: 'setting',
        regex: String.raw`secret(?<=(?:^|\n)[ \t]{0,12}secret)(?:[ \t]*[=:][ \t]*|[ \t]+)${TOKEN_VALUE}[ \t]*(?=\r?\n|$|#)`,
        score: 0.7,
        group: 'value',
      },
      {
        name: 'snmp-community',
        regex: String.raw`(?:(?<=(?:^|[^\w-])r[ow])|(?<![\w-]))community[ \t]+"?(?<value>[^\s"$%{<]{4,64})"?(?:[ \t]+(?:RO|RW|ro|rw|view|authorization|default|\d{1,3}\.)|[ \t]*(?=\r?\n|$))`,
        score: 0.7,
        group: 'value',
      },
      { name: 'cisco-type7', regex: String.raw`(?:password|key)[ \t]+7[ \t]+(?<value>[01][0-9][0-9A-F]{4,96})(?![0-9A-Za-z])`, score: 0.8, group: 'value' },
    ],
    validator: 'secret-shared',
    samples: {
      positive: [
        { text: 'client ap {\n    ipaddr = 192.0.2.10\n    secret = R4d!usAp9\n}', value: 'R4d!usAp9' },
        { text: 'snmp-server community Rt3lK9corp RO 10\n', value: 'Rt3lK9corp' },
        { text: 'username backup password 7 094F471A1A0A\n', value: '094F471A1A0A' },
      ],
      negative: [
        'This is primarily intended for operating systems that rely on community QA\\&.',
        'secret = testing123\n',
        'secret: db-credentials\n',
        'secret = ${RADIUS_SECRET}\n',
        'snmp-server community public RO\n',
        'secret: true\n',
        'the community of users 2024 grew\n',
      ],
    },
  },
  {
    id: 'auth-variable',
    type: 'PASSWORD',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // An environment variable named `..._AUTH` set to a password or to `user:password` /
    // `user/password`: redis-cli's `REDISCLI_AUTH` (also before the command it is set for), Neo4j's
    // `NEO4J_AUTH=neo4j/...` (also Make's `?=`), `BASIC_AUTH`, `HTTP_AUTH`. Not a constant in code,
    // written with spaces around `=` (`SERVER_AUTH = '1.3.6.1...'` in ssl.py), nor code's
    // `auth=auth` (the name is in capitals). The value, bare or quoted, must read as a chosen
    // password (the bare-password check: not `none`, `true`, a word).
    placement: { kind: 'start', keywords: ['auth=', 'auth?=', 'auth ?=', 'auth:=', 'auth :='] },
    patterns: [
      {
        name: 'env',
        regex: String.raw`AUTH(?<=(?:^|[\s;])[A-Z][A-Z0-9]*_AUTH)(?:=| ?[?:]=[ \t]*)(?<q>["']?)(?:[\w.@-]{1,40}[:/])?(?<value>[^\s"'$%{</][^\s"']{3,127})\k<q>(?=\s|$|#|;)`,
        score: 0.7,
        group: 'value',
      },
    ],
    validator: 'secret-password-bare',
    samples: {
      positive: [
        { text: 'export REDISCLI_AUTH=Rd!s-Pr0d-2024\n', value: 'Rd!s-Pr0d-2024' },
        { text: 'NEO4J_AUTH=neo4j/Gr4ph!Db-77\n', value: 'Gr4ph!Db-77' },
        { text: 'BASIC_AUTH="admin:Adm1n#Pass"\n', value: 'Adm1n#Pass' },
        { text: 'REDISCLI_AUTH="Rd-Auth_Env42" redis-cli -h cache.internal INFO\n', value: 'Rd-Auth_Env42' },
        { text: 'NEO4J_AUTH ?= neo4j/Gr4ph-Auth9\n', value: 'Gr4ph-Auth9' },
      ],
      negative: ['NEO4J_AUTH=none\n', 'REDISCLI_AUTH=${REDIS_PASSWORD}\n', 'GIT_AUTH=true\n', 'AUTH_TYPE=oauth2\n', 'session = requests.Session(auth=auth)\n', 'OIDC_AUTH=https://id.example.com/auth\n', "SERVER_AUTH = '1.3.6.1.5.5.7.3.1'\n"],
    },
  },
  {
    id: 'shared-key-setting',
    type: 'PASSWORD',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // Settings named as a shared secret or key: hostapd's `auth_server_shared_secret=`,
    // Fluentd's `shared_key x`, VRRP's `auth_pass x`; `=`, `:` or a space; a mixed value.
    placement: { kind: 'start', keywords: ['shared_secret', 'shared-secret', 'shared_key', 'shared-key', 'auth_pass'] },
    patterns: [
      {
        name: 'setting',
        regex: String.raw`(?:shared[_-](?:secret|key)|auth_pass)(?<=(?:^|\n)[ \t]{0,12}[\w.-]{0,40}(?:shared[_-](?:secret|key)|auth_pass))(?:[ \t]*[=:][ \t]*|[ \t]+)${TOKEN_VALUE}[ \t]*(?=\r?\n|$|#)`,
        score: 0.7,
        group: 'value',
      },
    ],
    validator: 'secret-password-mixed',
    samples: {
      positive: [
        { text: 'auth_server_shared_secret=R4dHostapd77\n', value: 'R4dHostapd77' },
        { text: '    authentication {\n        auth_pass k3pAl1v9\n    }', value: 'k3pAl1v9' },
        { text: '  <security>\n    shared_key 8d0a9f3c7e1b5a2d\n  </security>', value: '8d0a9f3c7e1b5a2d' },
      ],
      negative: ['auth_pass PASSWORD\n', 'shared_key ${FLUENT_SHARED_KEY}\n', 'auth_server_shared_secret=\n', 'shared_secret: secret\n'],
    },
  },
  {
    id: 'openvpn-static-key',
    type: 'GENERIC_SECRET',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // OpenVPN's `tls-auth` / `tls-crypt` / `secret` key: 2048 bits as lines of 32 hex digits
    // between its own armour lines, in a key file or inline in a profile.
    placement: { kind: 'start', keywords: ['-----begin openvpn static key'] },
    patterns: [
      {
        name: 'armoured',
        regex: String.raw`-----BEGIN OpenVPN Static key V1-----\s{1,4}(?<value>[0-9a-f]{32}(?:\r?\n[0-9a-f]{32}){1,15})\s{1,4}-----END OpenVPN Static key V1-----`,
        score: 0.9,
        group: 'value',
      },
    ],
    validator: 'entropy',
    samples: {
      positive: [
        { text: '-----BEGIN OpenVPN Static key V1-----\n6f3a9c1e7b2d5f8a0c4e9b1d3f7a2c5e\n8b0d4f6a1c3e9b7d2f5a8c0e4b6d1f3a\n-----END OpenVPN Static key V1-----', value: '6f3a9c1e7b2d5f8a0c4e9b1d3f7a2c5e\n8b0d4f6a1c3e9b7d2f5a8c0e4b6d1f3a' },
      ],
      negative: ['-----BEGIN OpenVPN Static key V1-----\n00000000000000000000000000000000\n00000000000000000000000000000000\n-----END OpenVPN Static key V1-----', '-----BEGIN OpenVPN Static key V1-----\n...\n-----END OpenVPN Static key V1-----'],
    },
  },
  {
    id: 'credential-list-file',
    type: 'PASSWORD',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // Files that are nothing but credential entries, one a line, told apart by their name alone
    // elsewhere: `rsyncd.secrets` (`user:password`), Exim's `passwd.client`
    // (`host:user:password`), davfs2's `secrets` (`URL-or-mountpoint user password`), pgbouncer's
    // `userlist.txt` (`"user" "password"`). The scan knows no file name, so the whole text must
    // be such entries (with comments and blank lines): the anchor matches the whole text. A
    // colon entry's secret holds no `=`, `(`, `,` or `;`, so annotated code (`b:str=4`) stays out.
    placement: {
      kind: 'anchor',
      anchor: {
        regex: String.raw`^(?:[ \t]{0,40}(?:#[^\n]*)?\r?\n){0,20}(?:[ \t]{0,12}(?:[\w.*@-]{1,64}(?::[^\s:]{1,64})?:[^\s:/#"'=(),;][^\s:=(),;]{2,127}|(?:https?://[^\s]{1,300}|/[^\s]{0,300})[ \t]+"?[^\s"]{1,64}"?[ \t]+"?[^\s"]{3,128}"?|"[^"\n]{1,64}"[ \t]+"[^"\n]{3,300}")[ \t]{0,40}(?:\r?\n|$)(?:[ \t]{0,40}(?:#[^\n]*)?(?:\r?\n|$)){0,20}){1,100}$`,
        reach: 0,
      },
    },
    patterns: [
      { name: 'colon', regex: String.raw`:(?<=(?:^|\n)[ \t]{0,12}[\w.*@-]{1,64}(?::[^\s:]{1,64})?:)(?<value>[^\s:/#"'=(),;][^\s:=(),;]{2,127})(?=[ \t]*(?:\r?\n|$))`, score: 0.7, group: 'value' },
      { name: 'location-user-password', regex: String.raw`[ \t](?<=(?:^|\n)[ \t]{0,12}(?:https?://[^\s]{1,300}|/[^\s]{0,300})[ \t]{1,60}"?[^\s"]{1,64}"?[ \t])[ \t]{0,60}"?(?<value>[^\s"]{3,128})"?(?=[ \t]*(?:\r?\n|$))`, score: 0.7, group: 'value' },
      { name: 'quoted-pair', regex: String.raw`"(?<=(?:^|\n)[ \t]{0,12}"[^"\n]{1,64}"[ \t]{1,60}")(?<value>[^"\n]{3,300})"(?=[ \t]*(?:\r?\n|$))`, score: 0.7, group: 'value' },
    ],
    validator: 'secret-shared',
    samples: {
      positive: [
        { text: 'backup:Rs7nc-Bkp-Q2\nmirror:m1rr0r-Syn-8\n', value: 'Rs7nc-Bkp-Q2' },
        { text: '# host:user:password\n*.mailhost.example:relayuser:Ex1mRly!8\n', value: 'Ex1mRly!8' },
        { text: '# davfs2 secrets\nhttps://cloud.example/remote.php/dav/files/lena lena "Dav-Lks-Cl0d!"\n', value: 'Dav-Lks-Cl0d!' },
        { text: '"pgbouncer" "md5x"\n"reporting" "rpR3ad-Kx24"\n', value: 'rpR3ad-Kx24' },
      ],
      negative: [
        'Note: see the ticket\n',
        'root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n',
        'backup:Rs7nc-Bkp-Q2\nand then some prose about it\n',
        'name:value\n',
        '# annotations\na:int=3\nb:str=4\n',
        'host: db.internal\nport: 5432\n',
      ],
    },
  },
  {
    id: 'prefixed-password-directive',
    type: 'PASSWORD',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // Space-separated directives whose name ends in a password word after a prefix:
    // Mosquitto's `remote_password x`, newsboat's `miniflux-password "x"`, `auth_pass x`.
    placement: { kind: 'start', keywords: ['_password ', '-password ', '_passwd ', '_pass ', '-pass ', '_password\t', '_pass\t'] },
    patterns: [
      {
        name: 'directive',
        regex: String.raw`[_-](?<=(?:^|\n)[ \t]{0,12}[A-Za-z][\w-]{0,30}[_-])(?:password|passwd|pass)[ \t]+${TOKEN_VALUE}[ \t]*(?=\r?\n|$)`,
        score: 0.7,
        group: 'value',
      },
    ],
    validator: 'secret-password-mixed',
    samples: {
      positive: [
        { text: 'remote_username hub\nremote_password Br1dgeMqtt4\n', value: 'Br1dgeMqtt4' },
        { text: 'miniflux-password n3wsb0at!fx\n', value: 'n3wsb0at!fx' },
      ],
      negative: ['remote_password\n', 'ttrss-passwordeval "pass show rss"\n', 'remote_password $MQTT_PASS\n', 'set_password when asked\n', 'use_password yes\n', 'location / {\n    proxy_pass localhost:873;\n}\n'],
    },
  },
  {
    id: 'config-credential-formats',
    type: 'PASSWORD',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // Formats with their own spelling of a credential: mount options (`username=x,password=y`),
    // Squid's `login=user:password`, Sendmail's authinfo `"P:password"`, WildFly's
    // `<credential-reference clear-text="...">`, Gradle and Juniper's name-space-quote (`storePassword
    // "..."`, `plain-text-password-value "..."`), EDN keywords (`:smtp-pass "..."`), dotted
    // settings whose last part holds the literal (`auth.raw`, `passwd.raw`), Qt's
    // `Password...="@ByteArray(...)"`, ZNC's `Server = host port password`, a password inline in an
    // OpenVPN profile, an RDP file's `password 51:b:` blob, Nagios' `$USERn$=` resource macros,
    // Dovecot passwd-file `{PLAIN}` entries, HexChat's `P=` of a network.
    placement: {
      kind: 'start',
      keywords: [',password=', ',pass=', 'login=', '"p:', 'clear-text=', 'password "', "password '", 'passwd "', 'pass "', 'password-value ', 'passphrase "', '.raw', '@bytearray(', 'server =', '<auth-user-pass>', 'password 51:b:', '\np=', '$user', '{plain}', '{clear}', '{cleartext}'],
    },
    patterns: [
      {
        name: 'mount-options',
        regex: String.raw`,(?<=(?:^|[\s,])(?:user(?:name)?|uid)=[^,\s]{1,64},(?:[\w-]{1,20}(?:=[^,\s]{0,100})?,){0,10})pass(?:word)?=(?<value>[^,\s"'$%][^,\s]{2,127})(?=[,\s]|$)`,
        score: 0.75,
        group: 'value',
      },
      { name: 'squid-login', regex: String.raw`login=(?<=(?:^|\s)cache_peer\b[^\n]{0,300}login=)[^\s:]{1,64}:(?<value>[^\s"'$%][^\s]{2,127})`, score: 0.75, group: 'value' },
      { name: 'sendmail-authinfo', regex: String.raw`"P[:=](?<=AuthInfo:[^\n]{0,300}"P[:=])(?<value>[^"\n]{3,128})"`, flags: 'i', score: 0.8, group: 'value' },
      { name: 'credential-reference', regex: String.raw`clear-text=(?<=<credential-reference\b[^>\n]{0,200}clear-text=)(?<q>["'])(?<value>[^"'\n$]{3,128})\k<q>`, score: 0.8, group: 'value' },
      {
        name: 'name-space-quote',
        regex: String.raw`(?:Password|Passwd|Passphrase|password-value|pass)(?<=[a-z](?:Password|Passwd|Passphrase)|-password-value|:[\w-]{1,30}-pass)[ \t]+(?<q>["'])(?<value>(?:(?!\k<q>)[^\\\n]){4,128})\k<q>`,
        score: 0.7,
        group: 'value',
      },
      {
        name: 'dotted-raw',
        regex: String.raw`\.raw(?<=(?:auth|passwd|password|pass|pwd)\.raw)[ \t]*[=:][ \t]*(?<q>["'])(?<value>[^"'\n]{4,128})\k<q>`,
        score: 0.75,
        group: 'value',
      },
      { name: 'qt-bytearray', regex: String.raw`@ByteArray\((?<=[Pp]ass(?:word|wd)?\w{0,20}[ \t]*=[ \t]*"?@ByteArray\()(?<value>[A-Za-z0-9+/=:]{16,300})\)`, score: 0.8, group: 'value' },
      {
        // The password after host and port must mix letters with digits or symbols: `Server =
        // localhost 5432 postgres` in other formats names a database.
        name: 'znc-server',
        regex: String.raw`Server[ \t]*=[ \t]*[\w.-]{3,253}[ \t]+\+?\d{2,5}[ \t]+${LETTER_AHEAD}(?=[^\s]{0,127}[0-9!#$%^&*?@~+=_-])(?<value>[^\s]{3,128})[ \t]*(?=\r?\n|$)`,
        score: 0.75,
        group: 'value',
      },
      { name: 'openvpn-inline', regex: String.raw`<auth-user-pass>[ \t]*\r?\n[^\n<]{1,128}\r?\n(?<value>[^\n<]{3,128}?)[ \t]*\r?\n</auth-user-pass>`, score: 0.8, group: 'value' },
      { name: 'rdp-blob', regex: String.raw`password 51:b:(?<value>[0-9A-Fa-f]{64,4096})`, score: 0.85, group: 'value' },
      { name: 'nagios-resource', regex: String.raw`\$(?<=(?:^|\n)\$)USER\d{1,3}\$=(?<value>[^\s][^\n]{2,127}?)[ \t]*(?=\r?\n|$)`, score: 0.7, group: 'value' },
      { name: 'dovecot-plain', regex: String.raw`\{(?<=(?:^|\n)[^\s:]{1,64}:\{)(?:PLAIN|CLEAR|CLEARTEXT)\}(?<value>[^\s:]{3,128})`, flags: 'i', score: 0.8, group: 'value' },
      { name: 'hexchat-server', regex: String.raw`\nP=(?<=(?:^|\n)N=[^\n]{1,80}\r?\n(?:[A-Za-z]=[^\n]{0,200}\r?\n){0,8}P=)(?<value>[^\s][^\n]{2,127}?)[ \t]*(?=\r?\n|$)`, score: 0.75, group: 'value' },
    ],
    validator: 'secret-password-bare',
    samples: {
      positive: [
        { text: '//nas.lan/backup /mnt/backup cifs username=backup,password=N4sBckup!,uid=1000 0 0', value: 'N4sBckup!' },
        { text: 'cache_peer parent.isp.example parent 8080 0 no-query login=proxyuser:Sq1dPrnt2', value: 'Sq1dPrnt2' },
        { text: 'AuthInfo:smtp.example.net "U:relay" "I:relay" "P:SndM4ilA7" "M:PLAIN"', value: 'SndM4ilA7' },
        { text: '<credential-reference clear-text="Kst0re-Wf!2"/>', value: 'Kst0re-Wf!2' },
        { text: '            storePassword "Gr4dleSgn!"', value: 'Gr4dleSgn!' },
        { text: 'set system login user ops authentication plain-text-password-value "Jun0s-0p!"', value: 'Jun0s-0p!' },
        { text: '{:prod {:smtp-pass "L3inMail7"}}', value: 'L3inMail7' },
        { text: 'backend.auth.raw = "H1mal@ya-Im"', value: 'H1mal@ya-Im' },
        { text: 'WebUI\\Password_PBKDF2="@ByteArray(ARQ77eY1NUZaQsuDHbIMCA==:0WMRkYTUWVT9wVvdDtHAjU9b3b7uB8NR1Gur2hmQCvC=)"', value: 'ARQ77eY1NUZaQsuDHbIMCA==:0WMRkYTUWVT9wVvdDtHAjU9b3b7uB8NR1Gur2hmQCvC=' },
        { text: '    Server = irc.libera.chat +6697 Zn3Srv-Pw\n', value: 'Zn3Srv-Pw' },
        { text: '<auth-user-pass>\nm.jensen\nOvpn-Usr-Pw!\n</auth-user-pass>', value: 'Ovpn-Usr-Pw!' },
        { text: 'password 51:b:01000000D08C9DDF0115D1118C7A00C04FC297EB01000000A4F2B7C91E3D6A58B0C7E24F193D8A6B', value: '01000000D08C9DDF0115D1118C7A00C04FC297EB01000000A4F2B7C91E3D6A58B0C7E24F193D8A6B' },
        { text: 'N=Libera.Chat\nI=lberg\nP=H3xchat-Sasl2\nL=6\n', value: 'H3xchat-Sasl2' },
        { text: '$USER1$=/usr/lib/nagios/plugins\n$USER4$=N4g!os-MyMn\n', value: 'N4g!os-MyMn' },
        { text: 'bob:{PLAIN}D0vec0tB0b::::::\n', value: 'D0vec0tB0b' },
      ],
      negative: [
        'mount -t cifs -o username=backup,password=$NAS_PASS //nas/b /mnt',
        'cache_peer parent.example parent 3128 0 login=PASSTHRU',
        'define(`confAUTH_MECHANISMS\', `PLAIN LOGIN\')',
        '<credential-reference store="credstore" alias="ks"/>',
        'storePassword System.getenv("STORE_PASSWORD")',
        'backend.auth.cmd = "pass show mail"',
        'Server = irc.libera.chat +6697',
        'Server = localhost 5432 postgres',
        '<auth-user-pass>\nuser\n${VPN_PASSWORD}\n</auth-user-pass>',
        'N=Libera\nP=\nL=6\n',
        '$USER1$=/usr/lib/nagios/plugins\n$USER3$=nagios_mon\n',
        'bob:{PLAIN}${BOB_PASSWORD}\n',
      ],
    },
  },
  {
    id: 'config-secret-formats',
    type: 'GENERIC_SECRET',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // Generated secrets in formats of their own: a password hash named as one
    // (`<password_sha256_hex>`, `password_hash: ...`), ZNC's `<Pass>` block hash, Maven's
    // encrypted master password `{...}`, a `key` beside a user name
    // (`{"username": "x", "key": "..."}`, Kaggle), Consul's gossip `encrypt` key.
    placement: { kind: 'start', keywords: ['password_', 'password-', 'passwordhash', 'passwd_', 'hash =', '<master>', '"key"', 'encrypt '] },
    patterns: [
      {
        name: 'named-hash',
        regex: String.raw`(?:password|passwd)[_-]?(?:hash(?:ed)?|digest|sha(?:1|256|512)(?:_hex)?|double_sha1_hex|md5)["']?(?:>|[ \t]*[:=][ \t]*["']?)(?<value>[A-Za-z0-9+/=$.]{16,200})(?=["'<\s,;]|$)`,
        flags: 'i',
        score: 0.7,
        group: 'value',
      },
      { name: 'znc-hash', regex: String.raw`Hash(?<=<Pass[ \t]+\w{1,40}>\s{0,200}(?:\w{1,20}[ \t]*=[^\n]{0,100}\s{1,40}){0,3}Hash)[ \t]*=[ \t]*(?<value>[0-9a-fA-F]{32,128})(?![0-9A-Za-z])`, score: 0.8, group: 'value' },
      { name: 'maven-master', regex: String.raw`<master>(?<value>\{[A-Za-z0-9+/]{16,200}={0,2}\})</master>`, score: 0.8, group: 'value' },
      {
        name: 'user-key-pair',
        regex: String.raw`"key"(?<=["'](?:user(?:name)?|login|account|email)["'][ \t]*:[ \t]*"[^"\n]{1,80}"[ \t]*,[ \t]*"key")[ \t]*:[ \t]*"(?<value>[^"\s]{16,200})"`,
        score: 0.75,
        group: 'value',
      },
      { name: 'gossip-encrypt', regex: String.raw`encrypt(?<=(?:^|\n)[ \t]{0,12}encrypt)[ \t]*=[ \t]*"(?<value>[A-Za-z0-9+/]{22}==|[A-Za-z0-9+/]{43}=)"`, score: 0.8, group: 'value' },
    ],
    validator: 'secret-generic',
    samples: {
      positive: [
        { text: '<password_sha256_hex>6b86b273ff34fce19d6b804eff5a3f5747ada4eaa22f1d49c01e52ddb7875b4b</password_sha256_hex>', value: '6b86b273ff34fce19d6b804eff5a3f5747ada4eaa22f1d49c01e52ddb7875b4b' },
        { text: '<Pass password>\n  Method = sha256\n  Hash = 6f2c8a1e9b3d7f5a0c4e8b2d6f1a3c5e7b9d0f2a4c6e8b1d3f5a7c9e0b2d4f6a\n</Pass>', value: '6f2c8a1e9b3d7f5a0c4e8b2d6f1a3c5e7b9d0f2a4c6e8b1d3f5a7c9e0b2d4f6a' },
        { text: '<master>{jSMOWnoPFgsHVpMvz5VrIt5kRbzGpI8u+9EF1iFQyJQ=}</master>', value: '{jSMOWnoPFgsHVpMvz5VrIt5kRbzGpI8u+9EF1iFQyJQ=}' },
        { text: '{"username":"lena42","key":"4f9e1a7c2b8d3e6f0a5c9b1d7e2f4a8c"}', value: '4f9e1a7c2b8d3e6f0a5c9b1d7e2f4a8c' },
        { text: 'encrypt = "Jm6pXl2Y7q4z0aV8sKf9TQ=="\n', value: 'Jm6pXl2Y7q4z0aV8sKf9TQ==' },
      ],
      negative: [
        'password_hash = hash_password(password)',
        '<password_sha256_hex></password_sha256_hex>',
        '<master>{}</master>',
        '{"username":"lena","key":"display_name"}',
        'encrypt = true\n',
        'password_hash: "$PASSWORD_HASH"',
      ],
    },
  },
  {
    id: 'password-in-sentence',
    type: 'PASSWORD',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // A password named in a sentence with words between the label and the value, in the
    // supported languages: `the password for the printer is X`, `le mot de passe root a été
    // changé en X`, `la contraseña de la base de datos es X`, `la password è X`, `het wachtwoord
    // van de schijf ...: X`, `das Passwort ... auf X geändert`, and a value in backticks after a
    // label (`mdp \`X\``). The value must mix letters with digits or symbols, as for the other
    // bare values in prose.
    placement: { kind: 'start', keywords: [...SENTENCE_WORDS, ...MORE_LABEL_STEMS, 'pw', 'pass ', 'pass:', ' / '] },
    patterns: [
      {
        // The other European languages with their own verbs (`hasło do panelu to X`, `heslo k
        // serveru je X`, `Lösenordet till routern är X`, `passord er X`, `Adgangskode: X`), and
        // `log in with password X`, `using the password X`, `the temporary password X`; chat's
        // `the sftp pass is X` (not in backticks: docs write "pass \`--flag\`"). A label of the
        // other languages takes a colon, not `=` (`hasLoc = ...` is code).
        name: 'words-then-verb',
        regex: String.raw`(?:(?:${SENTENCE_LABEL}|pass(?<![a-z]pass)(?![a-z]))(?:${SENTENCE_GAP}(?:${SENTENCE_VERB}|[ \t]*:[ \t]+)|${SENTENCE_VERB})(?!-)|${MORE_LABEL}(?:${SENTENCE_GAP})?(?:${MORE_VERB}|[ \t]*:[ \t]*)|password(?<=\b(?:with|using|temporary|initial|new)[ \t]+(?:the[ \t]+)?password)[ \t]+)${NOT_A_COMPOUND}${MIXED_VALUE}[.,;)]?(?=[ \t]|\r?\n|$)`,
        flags: 'i',
        score: 0.7,
        group: 'value',
      },
      {
        // Notes and chat pair an e-mail address with its password across a slash
        // (`sentry: ops@corp.example / S3ntry-0ps!26`); the value is no address or path itself.
        name: 'email-slash',
        regex: String.raw`[ \t](?<=[\w.+-]@[\w-]{1,63}(?:\.[\w-]{1,63}){1,6}[ \t])/[ \t]{1,3}(?![^\s@/]{0,80}[@/])${MIXED_VALUE}[.,;]?(?=[ \t]|\r?\n|$)`,
        score: 0.7,
        group: 'value',
      },
      {
        name: 'auf-geaendert',
        regex: String.raw`${SENTENCE_LABEL}${SENTENCE_GAP}[ \t]auf[ \t]+${MIXED_VALUE}[ \t]+(?:geändert|gesetzt|umgestellt|zurückgesetzt)`,
        flags: 'i',
        score: 0.7,
        group: 'value',
      },
      {
        // `pass: \x60X\x60` takes its colon (docs write "pass \x60--flag\x60"); a value in
        // backticks may hold single spaces (`password \x60St#d1o NAS\x60`).
        name: 'backticks',
        regex: String.raw`(?:${SENTENCE_LABEL}[ \t]*[:=]?|(?<![\w-])pass[ \t]*:)[ \t]*\x60(?<value>[^\x60\s$%{<](?:[^\x60\s]| (?! )){2,62}[^\x60\s])\x60`,
        flags: 'i',
        score: 0.7,
        group: 'value',
      },
    ],
    validator: 'secret-password-mixed',
    samples: {
      positive: [
        { text: 'The root password was changed to Tr0ub4dour&Ly last week.', value: 'Tr0ub4dour&Ly' },
        { text: 'Le mot de passe root a été changé en Rt-Lyon!42 la semaine dernière.', value: 'Rt-Lyon!42' },
        { text: 'la contraseña de la base de datos es pg_Fct#881 (usuario postgres)', value: 'pg_Fct#881' },
        { text: 'per il gestionale: utente amm, la password è Gest!Tor7', value: 'Gest!Tor7' },
        { text: 'Het wachtwoord van de back-upschijf is hetzelfde als vorig jaar: Bkp*Delft23', value: 'Bkp*Delft23' },
        { text: 'das Passwort für den Drucker hab ich auf dr-Eps_55 geändert', value: 'dr-Eps_55' },
        { text: '- Base MySQL : utilisateur `app`, mdp `MySql-Rc_91`', value: 'MySql-Rc_91' },
        { text: '- **NAS** SMB `nas.local`, user `studio`, password `Stud1o NAS#2`', value: 'Stud1o NAS#2' },
        { text: '- SFTP `ssh.partner.example:2222`, user `web`, pass: `P4rtner!Web`', value: 'P4rtner!Web' },
        { text: 'hasło do panelu administracyjnego to Zaq12wsx!Panel — zmień je', value: 'Zaq12wsx!Panel' },
        { text: 'heslo k serveru db02 je Kočka-Pes_42, uživatel root.', value: 'Kočka-Pes_42' },
        { text: 'Lösenordet till routern är Älg-Skog.1987 och wifi-lösenordet står på lappen', value: 'Älg-Skog.1987' },
        { text: 'ditt midlertidige passord er Fjell&Fjord-31 – bytt det', value: 'Fjell&Fjord-31' },
        { text: 'Adgangskode: Rødgrød-Med!Fløde7', value: 'Rødgrød-Med!Fløde7' },
        { text: 'salasana: Sauna-Kalja!77 (vaihda heti)', value: 'Sauna-Kalja!77' },
        { text: 'Use `deploy` with password Harb0r#Deploy for the SFTP upload', value: 'Harb0r#Deploy' },
        { text: '# old password (before the 2024 rotation): Winter2023!Db', value: 'Winter2023!Db' },
        { text: '[09:21] Niels: ssh jump host pw is Jump%Host&42 btw', value: 'Jump%Host&42' },
        { text: 'the new sftp pass for the partner drop is Dr0p!Zone-55, user kettle', value: 'Dr0p!Zone-55' },
        { text: 'sign in as lbrennan with the temporary password Welcome-Kw!8431 - change it at first logon', value: 'Welcome-Kw!8431' },
        { text: 'Jelszó: Tav@szi-Szel42', value: 'Tav@szi-Szel42' },
        { text: 'Parola pentru root pe serverul de baze de date este Baz@Date#2025, nu o trimite', value: 'Baz@Date#2025' },
        { text: 'Ο κωδικός πρόσβασης του router είναι Rout3r!Ath3na', value: 'Rout3r!Ath3na' },
        { text: 'Lozinka za bazu (mysql, korisnik `crm`) je Crm-Baza!2025.', value: 'Crm-Baza!2025' },
        { text: 'kasutajanimi arve, parool on Arve.Server-25', value: 'Arve.Server-25' },
        { text: 'La contrasenya del tallafoc és F1rewall-Bcn#9', value: 'F1rewall-Bcn#9' },
        { text: 'Пароль от роутера в серверной: Mikr0tik!Srv', value: 'Mikr0tik!Srv' },
        { text: 'Duomenų bazės slaptažodis yra Db!Vilnius2025', value: 'Db!Vilnius2025' },
        { text: 'Yazici yonetim paneli şifresi: Yaz1c1#Admin', value: 'Yaz1c1#Admin' },
        { text: '[09:14] mark: sentry: ops@corp.example / S3ntry-0ps!26 - keep it in #ops', value: 'S3ntry-0ps!26' },
        { text: 'Login: jana.novak@firma.cz / Jaro2025#cz\n', value: 'Jaro2025#cz' },
      ],
      negative: [
        'the password for the account is stored in the vault',
        'Das Passwort für den Drucker ist 12-stellig.',
        'In the examples below the password is `secret` and the user is `admin`:',
        'if password is None:',
        'la contraseña de la base de datos es la misma',
        'Das Passwort wurde auf Wunsch geändert',
        'password `changeme` is the default',
        'Contacts: ops@corp.example / dev@corp.example\n',
        'send it to ops@corp.example / 2024-05-01\n',
        'ops@corp.example / see the vault\n',
        'mail ops@corp.example / /var/mail/ops\n',
        'ops@corp.example / v1.2.3\n',
        'pass `--no-verify` to skip the hooks',
        'pass: `true` or `false`',
        'set the password `in the vault` first',
        '* README: s#password: x1 [empty password]#',
        '.\\" password option: --password=pw1',
        'the password option: --pass-file=pw.txt',
        'Le mot de passe est ré-initialisé chaque mois.',
        'Hasło musi mieć co najmniej 12 znaków i zawierać cyfrę oraz znak specjalny.',
        'Lösenordet får inte vara samma som användarnamnet.',
        'Heslo je uloženo v trezoru.',
        'salasana: ********',
        'Send the password to ops-1@example.com',
        'log in with password authentication',
        'the pw is stored in the vault',
        'the pass rate is 98% this week',
        'PASS: t0001-init.sh',
        'A jelszó legalább 12 karakter hosszú legyen.',
        'Пароль: не менее 12 символов.',
        'Parola trebuie schimbată la fiecare 180 de zile.',
        'Enter your new password twice.',
        'the pass-through mode is on-demand',
        'let hasLoc = loc_start > 0;',
        '    hasLoader: loader_2,',
        'timeout (which is two minutes). Pass `timeout_ms`',
        'pwd is /home/x-1',
        'password (optional): see --password-file',
        'authenticate with password ${DB_PASSWORD}',
      ],
    },
  },
  {
    id: 'password-column',
    type: 'PASSWORD',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // A header cell `password` is followed by an optional quote, blanks and a separator or a line
    // end: the keywords spell that far (two blanks stand for a longer run), so the 24 patterns
    // are not tried at the far more frequent `password` of code and prose.
    placement: {
      kind: 'start',
      keywords: COLUMN_HEADS.flatMap((h) => ['', '"', "'"].flatMap((q) => ['', ' ', '\t'].flatMap((b) => [...(b && ' \t'), ...',|\r\n'].map((c) => h + q + b + c)))),
    },
    patterns: passwordColumnPatterns(),
    validator: 'secret-password-mixed',
    samples: {
      positive: [
        { text: 'name,url,username,password,note\ngithub.com,https://github.com/login,mk,Gh!hub-Mk23,\n', value: 'Gh!hub-Mk23' },
        { text: 'url,username,password\nhttps://a.example,ann,Ann-Pw#2023\nhttps://b.example,bob,B0b-Pw!x\n', value: 'B0b-Pw!x' },
        { text: '| Host | User | Password | Notes |\n|------|------|----------|-------|\n| web01 | root | W3b01!rt | reboot |\n', value: 'W3b01!rt' },
        { text: 'title,url,username,password\na,https://a.example,ann,Ann-Pw#2023\nb,https://b.example,bob,B0b-Pw!x\nc,https://c.example,cy,Cy-Pw!77\nd,https://d.example,di,Di#Pw-2024\n', value: 'Di#Pw-2024' },
        { text: '| Servicio | Usuario | Contraseña |\n|---|---|---|\n| Jenkins | qa | J3nk!ns-qa |\n| Grafana | ana | Graf4na Ana |\n', value: 'Graf4na Ana' },
        { text: '| Dienst | Benutzer | Passwort |\n|---|---|---|\n| NAS | admin | N4s#Admin |\n', value: 'N4s#Admin' },
        { text: '"url","username","password"\n"https://a.example","ann","Ann Pw#2023"\n', value: 'Ann Pw#2023' },
      ],
      negative: [
        '| Host | User | Password |\n|------|------|----------|\n| web01 | root | see Vault |\n',
        'name,url,username,password\n',
        '| Option | Password |\n|---|---|\n| default | `secret` |\n',
        '| Dienst | Passwort |\n|---|---|\n| NAS | siehe Tresor |\n| Mail | im Tresor |\n',
        '| Field | Password |\n|---|---|\n| min length | 12 characters |\n| expiry | 90 days |\n',
        '"field","password"\n"min","at least 12 characters"\n',
        'def login(user,password):\n    return check(user,password)\n',
        'user,password\n${USER},${PASSWORD}\n',
        '                password, salt, rounds, dklen = vector\n                expected, overwrite_dklen = results[i]\n                if overwrite_dklen:\n',
        '        return f(\n            password,\n            self._kdf_rounds_2x,\n',
      ],
    },
  },
];
