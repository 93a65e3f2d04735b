import type { Recognizer } from '../types';
import { PASSWORD_LABELS } from './native-labels';

/**
 * Credentials without a vendor format: passwords and secrets assigned to a telling name, in
 * connection strings and URLs, in HTTP authorization headers and on command lines. The patterns
 * find the assignment; the validators decide whether the value is a literal credential or a
 * stand-in (placeholder, variable reference, template, type name). Sample values are synthetic.
 */

/** A password-like name ending (any case): password, passwd, passphrase (also `pass_phrase`, OCI's spelling). */
export const PW_WORD = String.raw`(?:[Pp]ass(?:word|wd|[_-]?phrase)|PASS(?:WORD|WD|[_-]?PHRASE))`;

/**
 * A password-like setting name, case by case so that `bypass`, `passenger` and `compass` stay
 * out: password / passwd / passphrase anywhere in a name (`DB_PASSWORD`, `AdminPassword`),
 * `pass` as a whole word or a camel-case or snake-case part (`backend_pass`, `smtpPass`) or after
 * a service word (`smtppass`, `storepass`, `remotepass`), `pwd` after a separator or alone
 * (`db_pwd`, ODBC's `PWD=`, a registry export's `"Pwd"=`) or as a camel-case part (`userPWD`,
 * `adminPwd`), `pw` as a word, the Wi-Fi pre-shared key `psk`, LDAP's `bindpw` / `rootpw` / SSSD's
 * `authtok`, and an environment-style suffix (`_PROD`, `2`). A `pass` that is a phase of a
 * program (`-debug-pass=Executions`, `first_pass`, `render-pass`) names no password.
 */
/**
 * Not a test outcome line (DejaGnu, Automake and TAP summaries: `PASS: ar thin archive` among
 * `FAIL:` / `XFAIL:` / `Running ...` lines): `PASS` at the start of a line next to such a line.
 */
const OUTCOME = String.raw`(?:PASS|FAIL|XFAIL|XPASS|KFAIL|KPASS|SKIP|ERROR|UNSUPPORTED|UNTESTED|UNRESOLVED):|Running `;
export const NOT_TEST_OUTCOME = String.raw`(?<!(?:^|\n)(?:${OUTCOME})[^\n]{0,300}\nPASS)(?!(?<=(?:^|\n)PASS):[ \t][^\n]{0,300}\n(?:${OUTCOME}))`;

// In each alternative the lookahead for the next character comes before the lookbehinds: the
// assertions stand at one position, are zero-width and capture nothing, so their order changes
// no match, but when an attempt at `password` fails and backtracks into the `pass` alternatives,
// the letter after `pass` now ends each of them before its word-list lookbehinds run (failing
// attempts of the password patterns on the dense text: 1.76 -> 1.48 ms per MB, replayed).
// Written once and upper-cased here: the bundle holds each list once (behaviour-neutral: the same
// pattern string).
const PASS_AFTER = 'smtp|db|mail|ftp|sql|admin|root|user|bind|key|store|trust|proxy|imap|pop|ldap|redis|rabbit|auth|remote|local|master|ssh|vnc|api|app|web|sys|control|tunnel';
const ENV_SUFFIX = 'prod|dev|test|stage|staging|local|root|admin|db';
const PW_NAME = String.raw`(?:${PW_WORD}|(?:pass|Pass|PASS)(?![A-Za-z])${NOT_TEST_OUTCOME}(?<![A-Za-z](?:pass|Pass|PASS))(?<!(?:debug|first|second|third|final|multi|one|two|single|double|render|compile|build|test|no)[-_](?:pass|Pass|PASS))|Pass(?![a-z])(?<=[a-z0-9]Pass)|(?:pass|PASS)(?![A-Za-z])(?<=(?:${PASS_AFTER}|${PASS_AFTER.toUpperCase()})(?:pass|PASS))|(?:pwd|PWD|Pwd)(?![A-Za-z])(?<=(?:^|[\s;_."'-])(?:pwd|PWD|Pwd))|(?:Pwd|PWD)(?![a-z])(?<=[a-z0-9](?:Pwd|PWD))|(?:pw|PW)(?![A-Za-z])(?<![A-Za-z0-9](?:pw|PW))|(?:psk|PSK|authtok|bindpw|rootpw)(?![A-Za-z]))(?:[_-]?\d{1,2}|[_-](?:${ENV_SUFFIX}|${ENV_SUFFIX.toUpperCase()}))?`;

/**
 * A letter among the next 128 characters, none of them white space, before it: written so the
 * first letter ends the look (no letter and no white space before it), where `[^\s]{0,127}[A-Za-z]`
 * ran to the end of the run and backed off to its last letter. The same positions pass: a letter
 * within reach with no white space before it exists exactly when the first one is. (0.15 -> 0.11
 * us per attempt of password-assignment-bare's `bare-before-words` on the dense text.)
 */
export const LETTER_AHEAD = String.raw`(?=[^\sA-Za-z]{0,127}[A-Za-z])`;

/**
 * After "is" (`ist`, `est`, ...) a hyphenated word of digits and plain words is prose
 * (`12-stellig`, `case-sensitive`, `ré-initialisé`), not a chosen password.
 */
export const NOT_A_COMPOUND = String.raw`(?!(?:[0-9]{1,6}|[A-Za-zÀ-ÿ][a-zß-ÿ]{0,30})(?:-(?:[0-9]{1,6}|[A-Za-zÀ-ÿ][a-zß-ÿ]{0,30})){1,4}[.,;]?(?:[ \t]|\r?\n|$))`;

/** Words for "password" in the other supported languages, each its own keyword (native-labels.ts). */
const NATIVE_PW_LABELS = Object.values(PASSWORD_LABELS).flat();

/**
 * A connection string's password: plain up to the next `;`, braced (ODBC's quoting for a value
 * holding `;`: `PWD={a;b}`) or quoted (ADO.NET's `Password='a;b'`,
 * `&quot;a;b&quot;` in XML), where the value is what the braces or quotes hold.
 */
const CONN_VALUE = String.raw`["'{]?(?<value>(?<=\{)[^}\n]{2,100}(?=\})|(?<=(?<q>["']))(?:(?!\k<q>)[^\n]){2,100}(?=\k<q>)|[^;"'\s{][^;"'\n]{2,100}?)["'}]?`;

/**
 * The end of a name: a closing (possibly escaped) quote, a closing bracket (`$c['password']`,
 * classic ASP's `Application("MailPwd")`, Perl's `$cfg{db_pass}`).
 */
const NAME_END = String.raw`(?:\\?["'\x60])?[\])}]?`;

/** Assignment operators of config files and languages: `=`, `:`, `:=`, `=>`. */
const BIND = String.raw`[ \t]{0,30}(?:=>|:=|=|:)[ \t]{0,30}`;

/**
 * A command-line argument: bare, or quoted, when it may hold spaces (`-a 'Rds cache 77'`); not
 * a variable (`$PW`, `%PW%`) nor an option.
 */
const CLI_ARG = String.raw`(?<q>["']?)(?<value>[^\s"'$%-](?:[^\s"']|(?!\k<q>) ){2,100})\k<q>`;

/**
 * An unquoted value ends at the end of the line (or a trailing comment: `#`, `//`, INI's ` ;`), at
 * `&` (URL query), at a quote, or before the next `name=` pair; a value followed right away by
 * `;`, `,` or `)` is an expression in code, not a literal.
 */
const BARE_END = String.raw`(?=[ \t]*(?:\r?\n|$|#|//)|[ \t]+;|[&"'\x60]|</|[ \t]+[\w.-]{1,30}=)`;

/**
 * A bare value of two to four words running to the end of the line (`password=Svc#Rpt-Pg 9`,
 * msmtprc's `password Msm7p#Work pw`): its first word holds a symbol or a digit between letters,
 * as chosen passwords do and prose does not; no later word opens a comment (`#`, `;`), is a
 * `name=value` pair, a path or an option (`./run.sh --prod`).
 */
const SPACED = String.raw`(?=\S{0,40}(?:[!#$@^*?~+=]|[A-Za-z]\d+[A-Za-z]))[^\s"'\x60<>;,(){}\[\]$%&|\\#][^\s"'\x60<>;,(){}\[\]&|\\]{2,60}(?:[ \t](?![./-])[^\s"'\x60<>;,(){}\[\]&|\\#=]{1,40}){1,3}(?=[ \t]*(?:\r?\n|$))`;

/**
 * Prefilter keywords: a name ending followed by what can follow a name in an assignment (a
 * quote, a bracket, an operator, alignment spaces). "key" alone occurs everywhere in code;
 * "key=", "key:" and "key\"" are far rarer, and the assignment patterns need one of them anyway.
 */
function assignmentKeywords(names: string[]): string[] {
  const tails = ['=', ':', '"', "'", '`', ' =', ' :', '  ', '\t', '>', ']', '\\', ','];
  return names.flatMap((n) => tails.map((t) => n + t));
}

/** The prefilter keywords both password-assignment recognizers start at (each adds its own). */
const PASSWORD_NAME_KEYWORDS = ['password', 'passwd', 'passphrase', 'pass_phrase', '--pass', '--requirepass', '--masterauth', '<pass ', 'requirepass', 'masterauth', 'authtok', 'bindpw', 'rootpw', ...assignmentKeywords(['pass', 'pwd', 'pw', 'psk'])];

/**
 * A secret-like setting name (case-insensitive): secret, token, API / access / auth / private
 * key, credentials, a salt (`NONCE_SALT`, `hash_salt`, `passwordsalt`), and any `*_key` / `*Key` name except those known to hold public or
 * non-secret values (public_key, primary_key, cache_key, idempotency_key, ...), with a qualifier
 * after it (`MJ_APIKEY_PRIVATE`, `API_KEY_PROD`, `ADMIN_TOKEN_WRITE`). Pagination and
 * CSRF tokens are left out: they are per-request values; so are the `token` query parameters of
 * image URLs (README badges, storage download links), which are meant to be embedded publicly.
 */
const SECRET_NAME = String.raw`(?:secret|token(?<!(?:csrf|xsrf|page|next|continuation|cursor|sync|pagination|lexer|cancellation|cancel|push|device|fcm|apns|registration|verification|reset|invite|confirmation)[_.-]?token)(?<!\.(?:svg|png|jpe?g|gif|webp|ico)\?(?:[^\s?#&]{0,80}&)?token)|api[_.-]?key|apikey|access[_.-]?key|auth[_.-]?key|private[_.-]?key|credentials?|key(?<=[a-z0-9][_.-]?key)(?<!(?:public|pub|publishable|primary|foreign|sort|partition|cache|idempotency|object|i18n|translation|message|routing|hash|range|ssh|host|row|unique|lookup|dedupe?|composite|natural|map|list|dict|file|react|site|storage|browser|instance|hot|mon|tur|hoc|don|whis|joc|resource|sign_?in|signing_?in|primary_?key|foreign_?key|s3)[_.-]?key)|pat(?<=[_.-]pat)|salt(?<![a-z]salt)|salt(?<=(?:password|hash|nonce|auth|logged_in|secure_auth|cookie|session)[_.-]?salt))(?:[_.-]?(?:access|key|token|secret|base|private|prod|production|live|admin|write|master|\d{1,2})){0,2}`;

/** Generic credential recognizers, vendor-neutral; run after the vendor formats. */
export const genericSecretRecognizers: Recognizer[] = [
  {
    id: 'password-assignment',
    type: 'PASSWORD',
    dataTypes: ['SECRETS'],
    pass: 'local',
    placement: { kind: 'start', keywords: [...PASSWORD_NAME_KEYWORDS, 'pass "', "pass '"] },
    patterns: [
      {
        name: 'quoted',
        // Not the second target of a tuple (`user, password = "Aladdin", "coyote"`): the
        // literal there is the first target's (keyword arguments are the next pattern's); a
        // leading comma (Dhall's, Haskell's, Elm's `, dbPassword = "..."`) makes no tuple. Not
        // Windows unattend's `<settings pass="...">` (a setup phase). Triple quotes (Grafana's
        // INI, TOML, Python) hold the value as single ones do.
        // Not a branch of a ternary (`$r->{pass} ? "PASS" : "FAIL"`) nor the last part of a
        // namespaced name (`'Test2::Event::Pass' => 'cpan'`). A value opened by an escaped quote
        // (JSON in a string) closes with one and holds no other escape (but `\\`); otherwise the
        // value may hold escapes (`"Qu0te\"d\\Pass"`, libpq's `'Op\'s-Adm1n'`) but `\uXXXX` (a
        // translated word: `Passw\u00f6rter`), and YAML's and SQL's doubled quote (`'It''s-4!'`).
        // A weak default as a hash member (`'password' => 'secret',`) is a template's (CakePHP's
        // app_local.example.php), unlike an assignment.
        regex: String.raw`(?<!\S,[ \t]{0,3}(?:[A-Za-z_]\w{0,30}\.)?\w{0,30}|<settings[ \t]+|\?[ \t]{0,3}["']|::(?=[A-Z]))${PW_NAME}${NAME_END}${BIND}(?!(?<==>[ \t]{0,30})["'](?:secret|password|admin|root|guest|demo|test)["'])(?:[rbuf@])?(?<esc>\\?)(?<q>["'])(?:\k<q>\k<q>)?(?<value>(?:(?!\k<q>)[^\\\n]|(?=\k<esc>\\)\\[^u\n]|''(?!')){4,128})\k<esc>\k<q>`,
        score: 0.7,
        group: 'value',
      },
      {
        // A keyword argument after others (`connect(host="db", user="app", password="...")`,
        // R's and Kotlin's `password = "..."`):
        // test code passes words there (`open(name, pwd="python")`), so the value must mix in a
        // digit or a symbol, as chosen passwords do.
        name: 'keyword-argument',
        regex: String.raw`(?<=,[ \t]{0,3}|,\r?\n[ \t]{0,40})${PW_NAME}[ \t]?=[ \t]?(?<q>["'])(?=[^"'\n]{0,127}[0-9!#$%^&*?@~+=_-])(?<value>(?:(?!\k<q>)[^\\\n]){4,128})\k<q>`,
        score: 0.7,
        group: 'value',
      },
      {
        // An object member after others (`login({username: 'ops', password: '...'})`): as for
        // keyword arguments, the value must mix in a digit or a symbol, and test fixtures'
        // numbered stand-ins (`{ name: 'john', password: 'secret1' }`) are left out.
        // TOML inline tables assign with `=` (`{ url = "...", password = "..." }`), Perl's hashes with `=>`.
        name: 'object-member',
        regex: String.raw`(?<=,[ \t]{0,3})${PW_NAME}${NAME_END}[ \t]{0,30}(?::|(?<=\{[^{}\n]{0,300})=>?)[ \t]{0,30}(?<q>["'])(?!(?:secret|password|pass|admin|root|guest|demo|test|user|hidden)\d{0,4}\k<q>)(?=[^"'\n]{0,127}[0-9!#$%^&*?@~+=_-])(?<value>(?:(?!\k<q>)[^\\\n]){4,128})\k<q>`,
        score: 0.7,
        group: 'value',
      },
      {
        // Gradle / Groovy / Ruby DSLs: `password 'value'` with no operator; fetchmail's `pass
        // "value"` too, when the value mixes in a digit or a symbol (`you pass "true"`, `pass
        // "the_repository"` are prose).
        name: 'dsl',
        regex: String.raw`\b(?:password|passwd|pass(?<![-.]pass)(?=[ \t]+["'][^"'\n]{0,127}[0-9!#$%^&*?@~+=]))[ \t]+(?<q>["'])(?<value>(?:(?!\k<q>)[^\\\n]){4,128})\k<q>`,
        score: 0.7,
        group: 'value',
      },
      {
        name: 'prose',
        regex: String.raw`password(?<![A-Za-z]password)(?<!,[ \t]{0,3}(?:[A-Za-z_]\w{0,30}\.)?password)(?:[ \t]+for(?:[ \t]+(?:["'][^"'\n]{1,40}["']|[^\s"'\x60]{1,40})){1,4}?)?[ \t]+(?:is|was|will be|=|:)[ \t]+(?<q>["'\x60])(?!(?:secret|sekrit|s3cr3t|password|changeme|example|foobar|xxx+)\k<q>)(?<value>[^"'\x60\n]{3,64})\k<q>`,
        flags: 'i',
        score: 0.7,
        group: 'value',
      },
      {
        // PHP constants: define('DB_PASSWORD', '...'), `define ("DB_PASSWORD" , "St4ge\$Pw")` (a
        // space before the parenthesis, escapes in the value). The first lookbehind, implied by the
        // second (a name holds word characters and `-` only), is a cheap test before the name's.
        name: 'php-define',
        regex: String.raw`(?<=define[ \t]{0,3}\([ \t]{0,3}["'][\w-]{0,70})${PW_NAME}(?<=define[ \t]{0,3}\([ \t]{0,3}["'][A-Za-z0-9_]{0,40}${PW_NAME})["'][ \t]*,[ \t]*(?<q>["'])(?<value>(?:(?!\k<q>)[^\\\n]|\\[^\n]){4,128})\k<q>`,
        score: 0.75,
        group: 'value',
      },
      {
        // Spring / Java bean XML: <property name="password" value="..."/>.
        name: 'xml-property',
        regex: String.raw`${PW_NAME}["'][ \t]+value[ \t]*=[ \t]*(?<q>["'])(?<value>(?:(?!\k<q>)[^\\\n]){4,128})\k<q>`,
        score: 0.75,
        group: 'value',
      },
    ],
    validator: 'secret-password',
    samples: {
      positive: [
        { text: 'DB_PASSWORD="mePGvo4HbUZ56T"', value: 'mePGvo4HbUZ56T' },
        { text: 'conn = psycopg2.connect(host="db", user="grafana_ro", password="Fz3u7Yq0Rb")', value: 'Fz3u7Yq0Rb' },
        { text: '[database]\npassword = """Gr@fana-db#1"""', value: 'Gr@fana-db#1' },
        { text: '<publishProfile userName="$shop" userPWD="qR7vT2xK9pL4wR8nZ1cB6dY3" />', value: 'qR7vT2xK9pL4wR8nZ1cB6dY3' },
        { text: "$mail->Password = 'open-s3same';", value: 'open-s3same' },
        { text: "$mail->Password   = 'secret';", value: 'secret' },
        { text: '"AdminPassword" : "correct horse",', value: 'correct horse' },
        { text: "session.logIn({username: 'ops', password: 'Tq8vRm2zXw5L'});", value: 'Tq8vRm2zXw5L' },
        { text: 'The default password is "tiger42" for the demo account.', value: 'tiger42' },
        { text: 'The Wi-Fi password for the guest network is "Orchid-Lane-57".', value: 'Orchid-Lane-57' },
        { text: 'profile::app::smtp::password: "Sm7p-H1era9"', value: 'Sm7p-H1era9' },
        { text: 'legacy = { url = "https://npm.example.io/", username = "ci", password = "Bun-L3g4cy!" }', value: 'Bun-L3g4cy!' },
        { text: 'credentials {\n    username "deployer"\n    password "V7ZwIOQ9a3uPWa"\n}', value: 'V7ZwIOQ9a3uPWa' },
        { text: "define( 'DB_PASSWORD', 'q7#Lm2vR!x9Tz' );", value: 'q7#Lm2vR!x9Tz' },
        { text: "define('SMTP_PASS', \"mK8s2LpQ9w\");", value: 'mK8s2LpQ9w' },
        { text: 'define ("DB_PASSWORD" , "St4ge\\$Press%19");', value: 'St4ge\\$Press%19' },
        { text: 'poll pop.example proto pop3 user "mia.k" pass "Gmx Pop#3" is mia here', value: 'Gmx Pop#3' },
        { text: 'network={\n    ssid="Office"\n    psk="Wlan-0ffice-Rk7x2!"\n}', value: 'Wlan-0ffice-Rk7x2!' },
        { text: 'smtp:\n  password: "Qu0te\\"d\\\\Mail-7"\n', value: 'Qu0te\\"d\\\\Mail-7' },
        { text: "  bind_password: 'It''s-4-LDAP!'", value: "It''s-4-LDAP!" },
        { text: "ops = host=pg-ops dbname=ops user=ops password='Op\\'s-Adm1n' sslmode=require", value: "Op\\'s-Adm1n" },
        { text: 'git_ftp_password = "St@g!ng ftp 22"', value: 'St@g!ng ftp 22' },
        { text: "    public $smtppass = 'C1ub Mail 2026';", value: 'C1ub Mail 2026' },
        { text: '"userPassword": "Wb App;pw 2026",', value: 'Wb App;pw 2026' },
        { text: 'Application("MailPwd") = "Cdo-Mail!2009"', value: 'Cdo-Mail!2009' },
        { text: 'pass_phrase="Orcl-Key-Pass!42"', value: 'Orcl-Key-Pass!42' },
        { text: "public $smtppass = 'Smtp-Club-Rq82';", value: 'Smtp-Club-Rq82' },
        { text: '<property name="password" value="Spr1ng-Crm-Vx3"/>', value: 'Spr1ng-Crm-Vx3' },
        { text: '"UserName"="report"\n"Pwd"="A7C2E94F1B30D85E6A1F"', value: 'A7C2E94F1B30D85E6A1F' },
      ],
      negative: [
        // Documentation and test stand-ins, quoted: the weak defaults and self-naming values.
        "  password: 'secret123',",
        '// Connect to 127.0.0.1:6380, db 4, using password "authpassword":',
        '{ "-keypass \\uC774 {0}\\uC778" }',
        'password = "123"',
        'password = "see the utf8mb4 section"',
        'The password for the admin account is "the one in the team vault".',
        'the password for this user is "changeme"',
        'then pass "true" to the constructor',
        'The conversion to pass "the_repository" and then "a_repository"',
        'const form = { password: "asdf", confirmPassword: "asdfg" };',
        'export PGPASSWORD="$db_password"',
        'password: ${DB_PASSWORD}',
        '"password": "&lt;YOURPASSWORD&gt;"',
        'password = os.environ["DB_PASSWORD"]',
        'password = env.PERKEEP_TEST_PASSWORD',
        'PASSWORD=$(cat /run/secrets/db)',
        'this.addPassword = "#add-password";',
        'usernameLabel:"Username or email:",passwordLabel:"Password:"',
        'IAMUserChangePassword = "arn:aws:iam::aws:policy/IAMUserChangePassword"',
        "put '/forgot-password' => \"cms/sites/passwords#update\", as: 'update_password'",
        'password: string;',
        'def login(self, user, password=None):',
        'const password = req.body.password;',
        'password = "changeme"',
        'password: "********"',
        'Please enter your password: and then press Enter',
        'bypass = "north-by-northwest"',
        'compass: "0xDEADBEEF"',
        'user, password = "Aladdin", "coyote"',
        "render({title: 'Login', password: 'Password'})",
        "const users = [{ name: 'john', password: 'secret1' }, { name: 'jane', password: 'secret2' }];",
        'self.zip.open("test.txt", pwd="python")',
        'password = """"""',
        'password_hash = "x"; userPWDLength = "12345678"',
        '<settings pass="oobeSystem">',
        '<property name="password" value="${jdbc.password}"/>',
        "define( 'DB_PASSWORD', 'password_here' );",
        "define('DB_PASSWORD', getenv('DB_PASSWORD'));",
        // Real code and docs (bench/false-alarms.ts): a ternary's branches, a namespaced name, an
        // escaped quote inside a sentence, build flags, and stand-ins numbered or saying they are wrong.
        'my $out = $as->{pass} ? "PASS" : "FAIL";',
        "'Test2::Event::Pass'    => 'cpan',",
        "pass: 'Element\\'s title attribute is unique',",
        "d_pwpasswd='define'",
        "smtp.password = 'doesnotexist'",
        "req.add_password(realm, uri, user='klem', passwd='geheim$parole')",
        "{ auth: { password: 'secret1' } },",
        '--password="secure2" --backup-operators=op1',
        'INCORRECT_PASSWD = "Incorrect"',
        "PASSWD = 'testPass'",
        'PASSWD = "test123"',
        "#        test_password = 'blah'",
        'you would connect with user "joe" and password "hello". When using DBD::ODBC directly',
        "'    environment:', '      password: \"oracle\"',",
        'In the examples below the password is `secret` and the user is `admin`:',
        'opts = { host = "db", user = "app", password = "secret" }',
        'user, password = "Aladdin", "coyote"',
        "            'password' => 'secret',",
        "password: 'Don''t use your e-mail address'",
        'password = "must contain 1 digit"',
        'password: "{{ vault_password }}"',
        'password: "Passw\\u00f6rter"',
      ],
    },
  },
  {
    // The same names with a bare value: settings files (YAML, INI, .env, XML elements), config
    // directives and prose. Documentation writes its defaults bare (`password: secret`), so
    // those are dropped here, while a quoted literal in code is reported above.
    id: 'password-assignment-bare',
    type: 'PASSWORD',
    dataTypes: ['SECRETS'],
    pass: 'local',
    placement: { kind: 'start', keywords: [...PASSWORD_NAME_KEYWORDS, '<pass>', 'pass ', 'pw ', 'pwd '] },
    patterns: [
      {
        name: 'unquoted',
        // Not the second target of a tuple of attributes (`self.user, self.password = creds`),
        // nor a quoted namespaced name (`"passwd:gecos"`: a name opened by a quote, then a colon).
        // The lookahead for the operator and the value's first character, implied by what
        // follows it, fails a name with no operator or a quoted value before the quote test's
        // lookbehind runs (and again on each way back through NAME_END and the name's suffix):
        // 0.20 -> 0.16 us per attempt on the dense text. A Google account's app password is four
        // groups of four lower-case letters, as Google shows it (`mail.password = abcd efgh ijkl mnop`).
        // A user's name may stand between `PASSWORD` and `=`, as elasticsearch-setup-passwords
        // prints them (`PASSWORD kibana_system = ...`). A value may hold the escapes of option
        // files and shells (`st4ge\!pw`, `a\040b`, `a\x20b`).
        regex: String.raw`(?<!,[ \t]{0,3}[A-Za-z_]\w{0,30}\.\w{0,30})${PW_NAME}${NAME_END}(?:(?<=PASSWORD)[ \t]+[a-z][a-z_]{1,30}(?=[ \t]+=[ \t]))?(?=(?:[ \t]{0,30}[=:][ \t]{0,30}|>)[^\s"'\x60<>;,(){}\[\]$%&|\\])(?:(?<!["'][\w-]{1,30})|(?!:[A-Za-z_]))(?:[ \t]{0,30}(?:=|:)[ \t]{0,30}|>)(?<value>[a-z]{4}(?: [a-z]{4}){3}(?=[ \t]*(?:\r?\n|$))|${SPACED}|[^\s"'\x60<>;,(){}\[\]$%&|\\](?:[^\s"'\x60<>;,(){}\[\]&|\\]|\\(?:[!#$&;'" ]|0[0-7]{2}|x[0-9A-Fa-f]{2})){3,127})${BARE_END}`,
        score: 0.7,
        group: 'value',
      },
      {
        name: 'cli-flag',
        // A value on a command line is bare: documentation defaults (`curl --pass secret`) are
        // stand-ins; imapsync numbers its two accounts' (`--password1`). Not the words that talk about the flag (`the --password option`, `a
        // --password flag`, `--password description`).
        regex: String.raw`--(?<![\w-]--)(?:password|passwd|pass|requirepass|masterauth)[12]?(?:[ \t]{1,3}|["'],[ \t]?(?=["']))(?!(?:flags?|options?|arguments?|parameters?|switch(?:es)?|commands?|value|field|prompt|is|was|and|or|to|for|with|will|can|must|description|support|handling|usage)\b)["']?(?<value>[^\s"'$%<>{}-][^\s"'<>]{3,127})(?=["']?(?:\s|$)|["'][,\]])`,
        score: 0.7,
        group: 'value',
      },
      {
        // A bare value followed by more words (`DB_PASSWORD=hunter2-Xq9!zK and more`, a command's
        // `PW=x ./run.sh`, "my password is Winter2024! ok"): it must mix letters with digits or
        // symbols, as chosen passwords do and prose words do not. Not a variable of PowerShell,
        // Perl or PHP (`$svcPassword = Read-Host -AsSecureString`): a bare word there is code.
        // In notes the word `pw` may stand alone before its value (`admin@corp  pw  Adm1n#365`).
        name: 'bare-before-words',
        regex: String.raw`(?<!\$\w{0,40})${PW_NAME}(?:[ \t]{0,30}[=:][ \t]{0,30}|[ \t]+(?:is|was)[ \t]+${NOT_A_COMPOUND}|(?<=(?:^|[\s(,;])pw)[ \t]{1,4}(?![=:]))${LETTER_AHEAD}(?=[^\s]{0,127}[0-9!#$%^&*?@~+=_-])(?<value>[^\s"'\x60<>;,(){}\[\]$%&|\\][^\s"'\x60<>;,(){}\[\]&|\\]{3,127}?)(?:[.,;]?(?=[ \t]+[A-Za-z/(.]|[ \t]+-{1,2}[A-Za-z])|\.?(?=[ \t]*$|[ \t]*\r?\n))`,
        score: 0.7,
        group: 'value',
      },
      {
        // odbc.ini's braced value, which may hold spaces and `;` (`PWD = {Dw L0ader; 26}`).
        name: 'ini-braced',
        regex: String.raw`(?:PWD|Pwd|Password|PASSWORD)(?<=(?:^|\n)[ \t]{0,8}\w{3,8})[ \t]{0,30}=[ \t]{0,30}\{(?<value>[^{}\n]{3,100})\}[ \t]*(?=\r?\n|$)`,
        score: 0.75,
        group: 'value',
      },
      {
        // A user and a password written as a pair in notes and chat, with no operator:
        // `user acme, pass Zz91-handover`, `login admin / pw Adm1n-Kx`; after a slash the name
        // needs no cue (`runs as svc_backup / pw Bkp-Svc_2023`).
        name: 'credential-pair',
        regex: String.raw`(?:pass(?:word)?|pw|pwd)(?<=(?:\b(?:user(?:name)?|login|benutzer(?:name)?|utilisateur|usuario|utente|gebruiker)[ \t]*[:=]?[ \t]+[^\s,;/|]{1,64}[ \t]*[,;/|]|[^\s,;/|:]{2,64}[ \t]+/)[ \t]*(?:pass(?:word)?|pw|pwd))[ \t]*[:=]?[ \t]+${LETTER_AHEAD}(?=[^\s]{0,127}[0-9!#$%^&*?@~+=_-])(?<value>[^\s"'\x60<>$%-][^\s"'\x60<>]{3,127}?)(?=[.,;]?(?:[ \t]|\r?\n|$))`,
        flags: 'i',
        score: 0.7,
        group: 'value',
      },
      {
        // An element named by any password name, with attributes or none: FileZilla's
        // <Pass encoding="base64">...</Pass> and its plain <Pass>...</Pass>.
        name: 'xml-attributes',
        regex: String.raw`<${PW_NAME}(?:[ \t]+[\w:.-]{1,30}=["'][^"'<>\n]{0,40}["']){0,3}>(?<value>[^\s<>][^<>\n]{3,127})</`,
        score: 0.75,
        group: 'value',
      },
      {
        // Space-separated directives of config files: msmtprc / esmtp `password x`, redis
        // `requirepass x`, ldap.conf `bindpw x`; the value is the rest of the line and mixes
        // letters with digits or symbols.
        name: 'directive',
        regex: String.raw`(?:[Pp]assword|PASSWORD|passwd|requirepass|masterauth|bindpw|rootpw)(?<=(?:^|\n)[ \t]{0,8}(?:[Pp]assword|PASSWORD|passwd|requirepass|masterauth|bindpw|rootpw))[ \t]+["']?${LETTER_AHEAD}(?=[^\s]{0,127}[0-9!#$%^&*?@~+=_-])(?<value>${SPACED}|[^\s"'#;][^\s]{3,127}?)["']?[ \t]*(?=\r?\n|$)`,
        score: 0.7,
        group: 'value',
      },
      {
        // Subversion's cached credentials (~/.subversion/auth/svn.simple): "password", then
        // "V <length>", then the value on its own line.
        name: 'svn-auth',
        regex: String.raw`password(?<=(?:^|\n)password)\r?\nV \d{1,3}\r?\n(?<value>[^\r\n]{3,128})`,
        score: 0.75,
        group: 'value',
      },
      {
        // An XML element's text runs to its end tag and may hold `&` and `;` (written `&amp;`
        // in the file, decoded by entities.ts): `<DbPassword>h&amp;ck3r;9</DbPassword>`; a property
        // list's `<key>password</key>` is followed by its `<string>` (Sequel Ace, launchd).
        name: 'xml-element',
        regex: String.raw`${PW_WORD}(?<=<(?:key>)?[\w.:-]{0,30}${PW_WORD})(?:</key>\s{0,40}<string)?>(?<value>[^\s<>][^<>\n]{3,127}?)</`,
        score: 0.7,
        group: 'value',
      },
      {
        // Windows answer files: <AdministratorPassword> / <Password> hold <Value>...</Value>.
        name: 'xml-value',
        regex: String.raw`(?:Password|password|PASSWORD)(?<=<\w{0,30}(?:Password|password|PASSWORD))>\s{0,40}<Value>(?<value>[^<\n]{3,128})</Value>`,
        score: 0.75,
        group: 'value',
      },
    ],
    validator: 'secret-password-bare',
    samples: {
      positive: [
        { text: 'host: ftp.shop.test\nUSER: ops\nPASS: Xq9-Lm2z!\n', value: 'Xq9-Lm2z!' },
        { text: 'Username\tops\nPassword\tCntlm-Pw#23\n', value: 'Cntlm-Pw#23' },
        { text: 'spring:\n  datasource:\n    password: Summer2024!\n    url: jdbc:h2:mem:db', value: 'Summer2024!' },
        { text: 'REACT_APP_AUTH_PASS=whiteduke    # local only', value: 'whiteduke' },
        { text: 'mail.password = qwmz rtkv ploh bxsn\n', value: 'qwmz rtkv ploh bxsn' },
        { text: 'Changed password for user kibana_system\nPASSWORD kibana_system = Xq7mZ2pL9vR4tK8wN1cB\n', value: 'Xq7mZ2pL9vR4tK8wN1cB' },
        { text: '<password>R79Me7rZzCjk</password>', value: 'R79Me7rZzCjk' },
        { text: '<DbPassword>h&amp;ck3r;Pass77</DbPassword>', value: 'h&amp;ck3r;Pass77' },
        { text: '\t\t\t<key>password</key>\n\t\t\t<string>S3quel-Ace!prod</string>', value: 'S3quel-Ace!prod' },
        { text: '<key>SYNC_PASSWORD</key><string>L@unchd-Sync!26</string>', value: 'L@unchd-Sync!26' },
        { text: '&lt;password&gt;Pl4nt&amp;Grow!88&lt;/password&gt;', value: 'Pl4nt&amp;Grow!88' },
        { text: "host=db port=5432 user=app password=k7X5dGMzZCnI dbname=app", value: 'k7X5dGMzZCnI' },
        { text: 'DB_PASSWORD=hunter2-Xq9!zK and more to follow', value: 'hunter2-Xq9!zK' },
        { text: 'password=Correct-Horse-7 ; legacy account', value: 'Correct-Horse-7' },
        { text: 'PASSWORD=S3cure!Pass123 ./run.sh --prod', value: 'S3cure!Pass123' },
        { text: 'mysqldump --password WC7NhbdWNU db > dump.sql', value: 'WC7NhbdWNU' },
        { text: 'redis-server --requirepass Rd-Kq9x2vM7', value: 'Rd-Kq9x2vM7' },
        { text: '    command: ["redis-server", "--requirepass", "cache_Pw2291"]', value: 'cache_Pw2291' },
        { text: 'docker run -d -e POSTGRES_PASSWORD=Dkr-Run-Pg-55 -p 5432:5432 postgres:16', value: 'Dkr-Run-Pg-55' },
        { text: 'login: admin / password: Winter2024! please reset', value: 'Winter2024!' },
        { text: 'my password is Summer2025? ok', value: 'Summer2025?' },
        { text: 'SFTP creds for the vendor: user acme, pass Zz91-handover', value: 'Zz91-handover' },
        { text: '<Pass encoding="base64">Rmx5LUhpZ2gtOTIhcVo=</Pass>', value: 'Rmx5LUhpZ2gtOTIhcVo=' },
        { text: '\t\t\t\t<Pass>Orch@rd;sftp 7</Pass>', value: 'Orch@rd;sftp 7' },
        { text: 'account work\npassword       Msm7p-Wx2kQ9v\n', value: 'Msm7p-Wx2kQ9v' },
        { text: 'requirepass Red1s-Kq8x-Vm2\n', value: 'Red1s-Kq8x-Vm2' },
        { text: 'bind 127.0.0.1\nrequirepass "Rq:8x!Lm2p"\n', value: 'Rq:8x!Lm2p' },
        { text: 'account work\npassword\tMsm7p#Work pw\n', value: 'Msm7p#Work pw' },
        { text: '[reporting]\nuser=rpt\npassword=Svc#Rpt-Pg 9\nsslmode=require\n', value: 'Svc#Rpt-Pg 9' },
        { text: 'binddn cn=nss,dc=corp\nbindpw Nss-B1nd-Kq8x2\n', value: 'Nss-B1nd-Kq8x2' },
        { text: 'ldap_default_authtok = Ld4p-Bind-Rx7q', value: 'Ld4p-Bind-Rx7q' },
        { text: 'UID=report_reader\nPWD=Rp7-vK2x-Lq9m\n', value: 'Rp7-vK2x-Lq9m' },
        { text: 'UID         = etl\nPWD         = {Etl L0ad; 26}\n', value: 'Etl L0ad; 26' },
        { text: '[client]\npassword = r3pl\\!ca-pw\n', value: 'r3pl\\!ca-pw' },
        { text: 'password=Two\\040W0rds#9\n', value: 'Two\\040W0rds#9' },
        { text: 'Backup job runs as svc_backup / pw Bkp-Svc_2023\n', value: 'Bkp-Svc_2023' },
        { text: 'tenant admin: admin@corp.onmicrosoft.com  pw  T3nant#adm\n', value: 'T3nant#adm' },
        { text: 'and the shared mailbox pw: Sh4red-Mbx-Kq9', value: 'Sh4red-Mbx-Kq9' },
        { text: 'remotehost = imap.corp.example\nremotepass = 0ffl1ne-Imap-Wq5\n', value: '0ffl1ne-Imap-Wq5' },
        { text: 'K 8\npassword\nV 13\nSvn-Auth-Kq72\nK 15\n', value: 'Svn-Auth-Kq72' },
        { text: '<AdministratorPassword>\n  <Value>Unatt3nd-Adm-Qx7</Value>\n  <PlainText>true</PlainText>', value: 'Unatt3nd-Adm-Qx7' },
      ],
      negative: [
        "cmd = ['mysql', '--password', pw_var, '-h', host]",
        "we don't. Since update-passwd is single-threaded, this is unnecessary;",
        '/// Also append whether \\p Pass is loop-nest pass or not',
        '--user and --password command switches to set username and password for both FTP',
        'Password must-be 8 characters\n',
        // Test summaries (DejaGnu, Automake): outcomes, not credentials.
        'Running /build/binutils/testsuite/addr2line.exp ...\nPASS: addr2line\nPASS: addr2line-f2\nRunning /build/binutils/testsuite/ar.exp ...\n',
        'PASS: t0001-init.sh\nXFAIL: t0002-gitfile.sh\n',
        // Metavariables and stand-ins of documentation: capitals, the word itself, a named slot.
        "HOSTNAME:PORT:USERNAME:PASSWORD:USER_ID:TOKEN:",
        "'--passwd PASS-PHRASE'",
        '$ {command} my-instance --location=us-east4 --password=123Abpassword',
        '<password>repopwd</password>',
        '<password>proxypass</password>',
        'password: {__password_slot__}',
        'Password\t<your password>\n',
        '<password>&lt;your-password&gt;</password>',
        '<p>Tom &amp; Jerry, password reset &lt;3</p>',
        '<password>changeme</password>',
        '<key>password</key>\n<string></string>',
        '<key>SavePassword</key>\n<true/>\n<key>name</key>\n<string>shop (prod)</string>',
        'password: secret',
        'password: sekrit',
        'PASSWORD: password',
        'password: Minimum eight characters and one digit',
        'Password reset links expire after 24 hours.',
        'password is required (8+ characters)',
        'docker run -e POSTGRES_PASSWORD=$PG_PASSWORD -p 5432:5432 postgres',
        'user alice, pass --verbose to see more',
        "$svcPassword = Read-Host -Prompt 'Password for svc' -AsSecureString",
        'the user name, pass it_through as is',
        'password: String!',
        'password       xxxx',
        'passwordeval   "gpg -q -d ~/.msmtp-password.gpg"',
        'requirepass foobared',
        '<Pass encoding="base64"></Pass>',
        'PWD=$(pwd)',
        'PWD = {password}\n',
        'pwd = {x: 1}\n',
        'pw useradd bob -m -G wheel\n',
        'cd $(pwd) && make\n',
        'smtp_password = xxxx xxxx xxxx xxxx\n',
        'password: abcd efgh ijkl mnop\n',
        'password hash = 5f4dcc3b5aa765d61d8327deb882cf99\n',
        'PASSWORD elastic = changeme\n',
        'DB_PASSWORD=changeme',
        'password=${DB_PASSWORD}',
        'password: <your-password>',
        'password: password',
        'smtp.user, smtp.password = sim_auth',
        'readonly STENCIL_BACK_PASS_DEPTH_PASS: 0x8896;',
        '<Password>\n  <Value>*SENSITIVE*DATA*DELETED*</Value>',
        'K 8\npassword\nV 4\nnone\n',
        'self.username, self.password = credentials',
        'Pass :meth:`peek` a default value to return that instead of raising',
        'group_name:password:GID:user_list',
        '"passwd:gecos",\n"passwd:name",',
        '$ {command} prod --database-version=MYSQL_8_0 --root-password=password123',
        'curl --pass secret --key file https://example.com',
        'information can be provided via the --username and --password options',
        '"""Adds a --password flag to parser."""',
        '* src/groupadd.c: Add missing -p, --password description to the',
        'case 4:this.#t.password=this.#c();break;',
        'This means that you can now say, e.g., "PSK:-PSK:HIGH" to enable',
        '.B --passwd \\fIuser_id\\fR',
        '--cluster=my-cluster --region=us-central1 --password=postgres',
        '/// isPassDebuggingExecutionsOrMore - Return true if -debug-pass=Executions',
      ],
    },
  },
  {
    // A .netrc entry: the match starts at `machine` or `default`, far before the password.
    id: 'netrc-password',
    type: 'PASSWORD',
    dataTypes: ['SECRETS'],
    pass: 'local',
    placement: { kind: 'start', keywords: ['machine', 'default'] },
    patterns: [
      {
        name: 'netrc',
        // Not an anonymous login's e-mail address (its password by convention). Not
        // a value opening with a quote or a backslash: netrc parsers' own tests of quoting.
        regex: String.raw`\b(?:machine[ \t]+[^\s]{1,200}|default)(?:\s+(?:login|port|account)[ \t]+[^\s]{1,100}){1,3}\s+password[ \t]+(?!(?<=anonymous\s+password[ \t]+)[^\s]*@)(?<value>[^\s"'\\][^\s]{2,127})`,
        score: 0.75,
        group: 'value',
      },
    ],
    // Bare values: documentation defaults (`password debian`) are stand-ins here too.
    validator: 'secret-password-bare',
    samples: {
      positive: [
        { text: 'machine api.example.com\n  login deploy\n  password NvTxA5mowOflnp\n', value: 'NvTxA5mowOflnp' },
        { text: 'default login anonymous password Zq8vL2mWx4Tn', value: 'Zq8vL2mWx4Tn' },
        { text: 'machine imap.mail.example login j.doe port 993 password Gm4il-App-Kx7q', value: 'Gm4il-App-Kx7q' },
      ],
      negative: ['machine api.example.com\n  login deploy\n  password changeme\n', 'The default login page has no password field.',
        'machine host.domain.com login log1 password pass1 account acct1',
        'default login anonymous password user@site',
        'machine example.org login apt password debian',
        'machine host.domain.com login log password "pas s" account acct',
        'machine host.domain.com login log password \\xa1\\xa2 account acct'],
    },
  },
  {
    // A password after its label in the other supported languages (`Passwort: Sommer2026!`,
    // `Ihr Kennwort ist ...`, `mot de passe : ...`), German compounds included
    // (`Datenbankpasswort:`). As with a bare English value followed by words, the value must mix
    // letters with digits or symbols, as chosen passwords do and prose words do not.
    id: 'password-native-label',
    type: 'PASSWORD',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // French notes abbreviate "mot de passe" to `mdp`.
    placement: { kind: 'start', keywords: [...NATIVE_PW_LABELS, 'mdp'] },
    patterns: [
      {
        name: 'labelled',
        regex: String.raw`(?:${NATIVE_PW_LABELS.join('|')}|(?<![\w-])mdp)(?:[ \t]{0,4}[:=][ \t]{0,30}|[ \t]+(?:ist|est|es|é|is|era|war)[ \t]+${NOT_A_COMPOUND})${LETTER_AHEAD}(?=[^\s]{0,127}[0-9!#$%^&*?@~+=_-])(?<value>[^\s"'\x60<>;,(){}\[\]$%&|\\](?:[^\s"'\x60<>;,(){}\[\]&|\\]|&(?![\w.-]{0,30}=|#?\w{1,8};)){3,127}?)[.,;]?(?=[ \t]|\r?\n|$)`,
        flags: 'i',
        score: 0.7,
        group: 'value',
      },
    ],
    validator: 'secret-password-bare',
    samples: {
      positive: [
        { text: 'Zugang zum Portal: Benutzer mkowal, Passwort: Sommer2026! bitte nach dem ersten Login ändern', value: 'Sommer2026!' },
        { text: 'Datenbankkennwort = Dbk-7xQ2-Lm', value: 'Dbk-7xQ2-Lm' },
        { text: 'Votre mot de passe est Cx8#pLm2v.', value: 'Cx8#pLm2v' },
        { text: 'usuario: ana.gil / contraseña: Prim4vera-24', value: 'Prim4vera-24' },
        { text: 'Het wachtwoord is Tulp-2025!x, graag wijzigen.', value: 'Tulp-2025!x' },
        { text: 'senha: Ver4o#Lx9', value: 'Ver4o#Lx9' },
        { text: 'compte partagé : compta@cabinet.fr, mdp : C0mpta#Cab', value: 'C0mpta#Cab' },
        { text: 'wachtwoord: Pann3koek&Stroop', value: 'Pann3koek&Stroop' },
      ],
      negative: [
        'Passwort vergessen? Klicken Sie hier.',
        'Das Kennwort ist 12-stellig und enthält Ziffern.',
        'Le mot de passe est ré-initialisé chaque mois.',
        'Das Passwort ist geheim.',
        'Passwort: ********',
        'mot de passe : changeme',
        'Kennwort: <Ihr Kennwort>',
        'La contraseña debe tener 8 caracteres.',
        'wachtwoord: ${DB_WACHTWOORD}',
        'MDP: a tuple (S, A, P, R)',
        'mdp : changeme',
      ],
    },
  },
  {
    id: 'connection-string-password',
    type: 'CONNECTION_STRING',
    dataTypes: ['SECRETS'],
    pass: 'local',
    placement: { kind: 'start', keywords: ['password=', 'pwd=', 'password =', 'pwd =', 'password  ='] },
    patterns: [
      {
        // ADO.NET / ODBC / JDBC key=value; strings: another key, then Password= or Pwd=.
        name: 'key-value',
        // Not variables of code (`my $user = shift; my $password = shift;`).
        regex: String.raw`\b(?<![$@])(?:Password|Pwd)\s*=(?<=\b(?<![$@])(?:Server|Data Source|Host|Address|Addr|User ID|UserId|UID|User|Username|Database|Initial Catalog|Provider|Driver|DSN)\s*=\s*[^;\n"']{1,200};[^\n"']{0,300}?\b(?:Password|Pwd)\s*=)\s*${CONN_VALUE}\s*(?=;|"|'|$|\r?\n)`,
        flags: 'i',
        score: 0.85,
        group: 'value',
      },
      {
        name: 'password-first',
        regex: String.raw`\b(?:Password|Pwd)\s*=\s*${CONN_VALUE}\s*;\s*(?:User ID|UserId|UID|User|Username|Server|Data Source|Database|Initial Catalog|Host)\s*=`,
        flags: 'i',
        score: 0.85,
        group: 'value',
      },
    ],
    validator: 'secret-password-slot',
    samples: {
      positive: [
        {
          text: '<add name="Main" connectionString="Server=db01,1433;Database=Sales;User ID=app;Password=w0H1M9OShAcC;Encrypt=True" />',
          value: 'w0H1M9OShAcC',
        },
        { text: 'Provider=SQLNCLI11;Server=host;Uid=sa;Pwd=Tr0ub4dor&3;', value: 'Tr0ub4dor&3' },
        { text: 'jdbc:sqlserver://db:1433;databaseName=app;user=sa;password=hG7T1CAaGU;', value: 'hG7T1CAaGU' },
        { text: 'DRIVER={ODBC Driver 18 for SQL Server};SERVER=db02;UID=etl;PWD={r8;Kq!v2x9};Encrypt=yes', value: 'r8;Kq!v2x9' },
        { text: '<add name="Crm" connectionString="Data Source=crm;User ID=crm;Password=&quot;Az;ure#Crm1&quot;;Encrypt=True" />', value: 'Az;ure#Crm1' },
        { text: 'Provider=SQLOLEDB;Data Source=db7;User Id=hr;Password=Tern Valley 1998;', value: 'Tern Valley 1998' },
      ],
      negative: [
        'Server=host;Database=db;User Id=myUsername;Password=myPassword;',
        'Server=host;User Id=sa;Password=<password>;',
        "Server=host;User Id=sa;Password='';Encrypt=True",
        'driver={SQL Server};server=#{host};uid=#{user};pwd=#{datastore["DBPASSWORD"]}',
        'my $self = shift; my $user = shift; my $password = shift;',
        'Server=host;User Id=sa;Password=your password here;',
        'Server=host;User Id=sa;Password=not set;',
      ],
    },
  },
  {
    id: 'database-url-credentials',
    type: 'CONNECTION_STRING',
    dataTypes: ['SECRETS'],
    pass: 'local',
    placement: { kind: 'start', keywords: ['://'] },
    patterns: [
      {
        name: 'userinfo',
        regex: String.raw`://(?<=\b(?:postgres(?:ql)?|mysqlx?|mariadb|mongodb(?:\+srv)?|rediss?|amqps?|mssql|sqlserver|oracle|cockroachdb|clickhouse|neo4j(?:\+s)?|couchdb|cassandra|memcached|nats|kafka|db2|snowflake)(?:\+[a-z0-9]{2,12})?://)(?<value>[^\s:/?#@"'<>]{0,64}:[^\s/?#"'<>]{1,128})@(?=[A-Za-z0-9\[%_-])`,
        flags: 'i',
        score: 0.9,
        group: 'value',
      },
    ],
    validator: 'secret-url-credential',
    samples: {
      positive: [
        { text: 'DATABASE_URL=postgres://app_user:KLVpZN42lP0mSwEW@db.internal:5432/app', value: 'app_user:KLVpZN42lP0mSwEW' },
        { text: 'uri: "mongodb+srv://svc:qxg7IyZtxNI8EWAK@cluster0.abcde.mongodb.net/?retryWrites=true"', value: 'svc:qxg7IyZtxNI8EWAK' },
        { text: 'REDIS_URL=redis://:fEL33rGCe9lEDAzCek1u@cache:6379/0', value: ':fEL33rGCe9lEDAzCek1u' },
      ],
      negative: [
        "'socks://proxy-user%40mail.test:password12345678@proxy.test'",
        "'socks://your-name%40mail.test:hkzdwq83615@proxy.test'",
        'deb https://apt:debian@repo.example.net/debian bookworm main',
        "new Redis('redis://user:authpassword@127.0.0.1:6380/4')",
        'postgresql://user:password@localhost/db',
        'mongodb://${MONGO_USER}:${MONGO_PASS}@mongo:27017',
        'postgres://<user>:<password>@host/db',
        'DATABASE_URL="postgresql://johndoe:randompassword@localhost:5432/mydb?schema=public"',
        'postgres://localhost:5432/app',
      ],
    },
  },
  {
    id: 'url-credentials',
    type: 'URL_CREDENTIALS',
    // The user name in a URL's userinfo is personal data as well as half of a credential: a
    // policy that covers either PII or SECRETS catches it (its sample stays hidden, as a secret's).
    dataTypes: ['PII', 'SECRETS'],
    pass: 'local',
    placement: { kind: 'start', keywords: ['://'] },
    patterns: [
      {
        name: 'userinfo',
        regex: String.raw`://(?<=\b[a-z][a-z0-9+.-]{1,20}://)(?<value>[^\s:/?#@"'<>]{1,64}:[^\s/?#"'<>]{1,128})@(?=[A-Za-z0-9\[%_-])`,
        flags: 'i',
        score: 0.8,
        group: 'value',
      },
      {
        // The user may be an e-mail address written unencoded (`smtps://ann@mail.example:pw@smtp...`):
        // scored above the address itself, which the whole value holds.
        name: 'userinfo-address',
        regex: String.raw`://(?<=\b[a-z][a-z0-9+.-]{1,20}://)(?<value>[^\s:/?#@"'<>]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){0,5}\.[a-z]{2,24}:[^\s/?#"'<>]{1,128})@(?=[A-Za-z0-9\[%_-])`,
        flags: 'i',
        score: 0.95,
        group: 'value',
      },
    ],
    validator: 'secret-url-credential',
    samples: {
      positive: [
        { text: 'git remote add origin https://deploy:1fSFAsr1s4ZTXEc2ld@git.example.org/team/app.git', value: 'deploy:1fSFAsr1s4ZTXEc2ld' },
        { text: 'ftp://backup:E1lYiouN5Y9w@files.example.net/dumps/', value: 'backup:E1lYiouN5Y9w' },
        { text: 'set smtp_url = "smtps://ann@mail.example:Mutt-Smtp!4@smtp.mail.example:465/"', value: 'ann@mail.example:Mutt-Smtp!4' },
      ],
      negative: ['https://user:pass@example.com/', 'https://example.com:8443/path?mail=a@b.example', 'ssh://git@github.com:22/o/r.git', "new URL('https://abc:xyz@example.com')", 'smtps://you@example.com:password@smtp.example.com/', 'ssh://git@github.com:org/repo.git'],
    },
  },
  {
    id: 'generic-secret',
    type: 'GENERIC_SECRET',
    dataTypes: ['SECRETS'],
    pass: 'local',
    placement: {
      kind: 'start',
      keywords: [
        'key_base',
        ...['key', 'token', 'secret'].flatMap((n) => ['private', 'prod', 'live', 'admin', 'write', 'master'].map((q) => `${n}_${q}`)),
        ...assignmentKeywords(['secret', 'token', 'key', 'credential', 'credentials', 'pat', 'access', 'salt']),
      ],
    },
    patterns: [
      {
        // One pass for quoted and bare values: an unmatched optional quote group matches empty.
        name: 'assignment',
        // Not a comparison (`s.key===x[i]`); a value holds no bracket (`token = 1*(tchar)`
        // is a grammar; a generated value with one is quoted and read by the next pattern).
        // White space is not in one class with the excluded characters: V8 runs a class of 18 or
        // more character ranges about four times slower on two-byte text, and `\s` has ten. An
        // ASCII character is read by one class (the ASCII that is neither white space nor
        // excluded); only a non-ASCII one meets the `\s` lookahead (none is excluded). The
        // same characters as `(?!\s)[^"'\x60\\<>,;&()[\]{}]` (all 65,536 code units checked), with
        // no lookahead per ASCII character: 0.38 -> 0.32 ms per MB of dense text.
        regex: String.raw`${SECRET_NAME}${NAME_END}(?:[ \t]{0,30}(?:=>|:=|=(?!=)|:|,(?=[ \t]{0,10}["']))[ \t]{0,30}|>)(?:'(?=")|"(?='))?\\?(?<q>["'\x60])?(?<value>(?:[\x00-\x08\x0e-\x1f!#-%*+\--:=?-Z^_a-z|~\x7f]|(?!\s)[^\x00-\x7f]){8,500})\\?\k<q>(?=\s|$|[&"'\x60<,;)\]}])`,
        flags: 'i',
        score: 0.6,
        group: 'value',
      },
      {
        // A quoted value may hold any printable character but a quote or space: WordPress keys
        // and salts, Django secret keys (`'r}L%2uZ|;7Qm@x...'`).
        name: 'quoted-symbols',
        // Not holding its own quote: `f(e.key,"",t),i=f(e,"")` is code between two literals.
        // Greedy: the value holds no quote `q` and ends at one, so it can only end at the first
        // `q` after it, lazy or greedy alike (a lazy loop tests for the end before every
        // character: 0.31 -> 0.27 ms per MB of dense text).
        regex: String.raw`${SECRET_NAME}${NAME_END}(?:[ \t]{0,30}(?:=>|:=|=|:|,(?=[ \t]{0,10}["']))[ \t]{0,30})(?<q>["'])(?<value>(?:(?!\k<q>)[!-~]){16,500})\k<q>(?=\s|$|[,;)\]}])`,
        flags: 'i',
        score: 0.6,
        group: 'value',
      },
    ],
    // Git's `user.signingkey` names a public GPG key id or SSH public key, not a secret.
    negativeContext: ['signingkey'],
    validator: 'secret-generic',
    samples: {
      positive: [
        { text: 'API_KEY = "7db09cc58071276c85ae65ffb8b4921e"', value: '7db09cc58071276c85ae65ffb8b4921e' },
        // A hex key whose only letters are a, d and f (home-row letters, not a typed mash).
        { text: 'OPENAI_API_KEY=9f2d7a1d4f8a3d6f0a5d2f7a9d1f3a8d', value: '9f2d7a1d4f8a3d6f0a5d2f7a9d1f3a8d' },
        { text: "    private static String CLIENT_SECRET = 'b13871e68f1ce38805de87032c0ac66147d79416';", value: 'b13871e68f1ce38805de87032c0ac66147d79416' },
        { text: 'curl "https://api.example.com/v1/data?api_key=BSTWWNRoge8cIDqke72rxdQ6RqOsPLi6B7sKp2HO&format=json"', value: 'BSTWWNRoge8cIDqke72rxdQ6RqOsPLi6B7sKp2HO' },
        { text: 'auth:\n  token: lSRGGF5Qv5V2Vqx__we04nK8Ni2Z6YgJ\n', value: 'lSRGGF5Qv5V2Vqx__we04nK8Ni2Z6YgJ' },
        { text: '{"refresh_token":"IHTmh3jnsTtd1zcpXxz36Idf74AOip4ZbHpahZ2SQtP5qX5UEU9yjpaIMqs9k8CD","expires_in":3600}', value: 'IHTmh3jnsTtd1zcpXxz36Idf74AOip4ZbHpahZ2SQtP5qX5UEU9yjpaIMqs9k8CD' },
        { text: "define('LICENSE_KEY', 'T0EJIYTNVBB5NPMOQK6RK0G1');", value: 'T0EJIYTNVBB5NPMOQK6RK0G1' },
        { text: '<ApiKey>KbfpWu8iBdLUJPRdaVv7IniSA4TNb9bF</ApiKey>', value: 'KbfpWu8iBdLUJPRdaVv7IniSA4TNb9bF' },
        { text: "fetch(url, { headers: { 'x-api-key': '2f2325f7332f682c9c6e12be57e02e83' } })", value: '2f2325f7332f682c9c6e12be57e02e83' },
        { text: 'export SENTRY_DSN_SECRET=194cacf199514adef1ad185eb8e805c3 && node app.js', value: '194cacf199514adef1ad185eb8e805c3' },
        { text: 'X-Api-Key: d56646b8-7994-4727-918c-b1a1e3d04aed', value: 'd56646b8-7994-4727-918c-b1a1e3d04aed' },
        { text: 'ado_pat = "6l6h2dsloswks327zjq6gx4zatxfgohvw7x2fzedirhdxythbr7i"', value: '6l6h2dsloswks327zjq6gx4zatxfgohvw7x2fzedirhdxythbr7i' },
        { text: "define( 'NONCE_SALT',       'z3$Wq8!pL^mN5#vB2@xK7~cR-9tY4&jH6gF0sA1dE' );", value: 'z3$Wq8!pL^mN5#vB2@xK7~cR-9tY4&jH6gF0sA1dE' },
        { text: "$settings['hash_salt'] = 'Qm7vT2xK9pL4wR8nZ1cB6dY3fH5jS0aU';", value: 'Qm7vT2xK9pL4wR8nZ1cB6dY3fH5jS0aU' },
        { text: 'MJ_APIKEY_PRIVATE=3c5ab4e2f8d1970b6a4e2c8f1d3b5a79', value: '3c5ab4e2f8d1970b6a4e2c8f1d3b5a79' },
      ],
      negative: [
        'api_key = "${API_KEY}"',
        'API_KEY=your-api-key-here',
        'secret_key = "<replace with your key>"',
        'token: "{{ .Values.token }}"',
        'public_key = "nQqVLIzC3i4u/l+ZOXXtc9r5O0rhtSpKkYQkByy+zVub="',
        'idempotency_key: 92bb7d5c-fc1c-4d1e-b6f9-80a6945c4310',
        'csrf_token = "UG8gRHZifdzQ-SIlkbR7_lyw9yKPg7iLhZfGl_ywjyf"',
        'secretName: my-app-credentials',
        'api_key = "app_settings_v2_production"',
        'token = getToken(user)',
        'access_key: config.aws.access_key',
        'sha256 = "9b04691914ae1c551601f1b203220ac46b2a093bdb836a96f13c118d425b5d87"',
        'session_key: "aGVsbG8gd29ybGQgZnJvbSBwcmVmbGlnaHQ="',
        'token_type: bearer',
        'nextPageToken: "fbf25bs-2TxAT171ADuIOG7T"',
        'credentials: "same-origin"',
        'const strKey = String(key ?? "");',
        "define( 'AUTH_KEY', 'put your unique phrase here' );",
        "salt = 'NaCl'",
        "basalt = 'K9x2mQ7vL4pR8wT1'",
        '[user]\n\tsigningkey = 3AA5C34371567BD2',
        'e.delimiters.push({marker:r,length:0,token:e.tokens.length-1,end:-1});',
        'if(sB(e)?(r=s2(e.key,"",t),i=s2(e.value,r,t)):r=s2(e,"",t),n.has(r))',
        'RC2_KEY = rc2_key_st',
        'openssl req -x509 -newkey rsa:3072 -keyout k.pem',
        "DOCS_URL = 'https://docs.google.com/document/d/1zNNcZ3F61X9bxumpMV59yDL/edit?resourcekey=0-gwEhcUSwwMS7Lt2XmIWFNA&tab=t.0'",
        '"oauth_token_secret=secret%3Dpassword&oauth_token=lock%26key",',
        'else s.key===_[_.length-1]&&(yield s.plugin(o,s.key,_,a))',
        'token = 1*(tchar)',
        'oauth_token="kkk9d7dh3k39sjv7",',
        '"access_token":"2YotnFZFEjr1zCsicMWpAA",',
        "'access_token': 'sdlfkj452',",
      ],
    },
  },
  {
    id: 'jwt-signing-key',
    type: 'GENERIC_SECRET',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // A plain `Key` inside a JWT settings block (ASP.NET Core's `"Jwt": { "Key": "..." }`, YAML
    // `jwt:\n  key: ...`): alone, "key" names anything; under `jwt` it is the signing secret.
    placement: { kind: 'start', keywords: ['"jwt', 'jwt:'] },
    patterns: [
      {
        name: 'json',
        regex: String.raw`"(?:[Jj]wt|JWT)\w{0,20}"\s{0,5}:\s{0,5}\{[^{}]{0,400}?"(?:Key|key|KEY)"\s{0,5}:\s{0,5}"(?<value>[^"\s]{16,500})"`,
        score: 0.75,
        group: 'value',
      },
      {
        name: 'yaml',
        regex: String.raw`(?:jwt|JWT|Jwt):[ \t]*\r?\n(?:[ \t]{1,12}[\w-]{1,30}:[^\n]{0,200}\r?\n){0,6}?[ \t]{1,12}key:[ \t]*["']?(?<value>[^"'\s]{16,500})["']?[ \t]*(?=\r?\n|$)`,
        score: 0.75,
        group: 'value',
      },
    ],
    validator: 'secret-generic',
    samples: {
      positive: [
        { text: '"Jwt": {\n  "Issuer": "shop",\n  "Key": "df4748d7b320320e532959e3fc159e97df"\n}', value: 'df4748d7b320320e532959e3fc159e97df' },
        { text: 'jwt:\n  issuer: shop\n  key: Kq3zR8vN1mX6tW4yB9cD2fG7hJ5kL0pS\n', value: 'Kq3zR8vN1mX6tW4yB9cD2fG7hJ5kL0pS' },
      ],
      negative: ['"Jwt": { "Key": "${JWT_KEY}" }', '"Jwt": { "Issuer": "shop" }, "Cache": { "Key": "orders-by-customer-id" }', 'jwt:\n  key: your-256-bit-secret-goes-here\n'],
    },
  },
  {
    id: 'secret-assignment',
    type: 'GENERIC_SECRET',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // A setting named plainly "secret" holds a secret even when it reads like words
    // ("SECRET_KEY = 'django-insecure-...'", "jwt_secret: 'my dog ate it'").
    placement: { kind: 'start', keywords: ['secret'] },
    patterns: [
      {
        name: 'quoted',
        // Not a constant whose value is its own name (`K8S_VOLUME_TYPE_VALUE_SECRET = "secret"`)
        // nor a type annotation (`secret: 'SecretVolumeSource' = proto.Field(...)`).
        regex: String.raw`(?:secret|Secret|SECRET)(?:[_.-]?(?:key|Key|KEY|base|Base|BASE)){0,2}${NAME_END}${BIND}\\?(?<q>["'])(?!(?:secret|Secret|SECRET)\k<q>)(?<value>(?:(?!\k<q>)[^\\\n]){6,200})\\?\k<q>(?![ \t]*=[^=])`,
        score: 0.55,
        group: 'value',
      },
    ],
    validator: 'secret-setting',
    samples: {
      positive: [
        { text: "SECRET_KEY = 'django-insecure-3lcwk03u81grky5ony0h^+=@'", value: 'django-insecure-3lcwk03u81grky5ony0h^+=@' },
        { text: 'jwt:\n  secret: "development#product"', value: 'development#product' },
      ],
      negative: ['secret: "my-app-secret"', "SECRET_KEY = 'SECRET_KEY_FROM_ENV'", 'clientSecret: "<client secret>"',
        'export const K8S_VOLUME_TYPE_VALUE_SECRET = "secret";',
        "secret: 'SecretVolumeSource' = proto.Field(",
        "seedPhraseReference.seedPhraseSecret: '{__seed_phrase__}'",
        "$ {command} my-instance --oauth-client-id='looker' --oauth-client-secret='looker' --async"],
    },
  },
  {
    id: 'credential-comparison',
    type: 'PASSWORD',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // Hard-coded checks: `if password == "team10"`, `creds.Secret != "open-sesame"`.
    placement: { kind: 'start', keywords: ['password', 'passwd', 'pwd', 'secret', 'pass ', 'pass=', 'pass!'] },
    patterns: [
      {
        // Starts at the name, so it is tried once per keyword. The name must end the identifier,
        // bar a key-ish suffix (`secretKey`, `password2`, `pwd_hash`): `password_policy` or
        // `secret_type` compared with a literal is a setting, not a credential.
        name: 'compare',
        regex: String.raw`(?:password|passwd|pass|pwd|secret)(?:[_-]?(?:key|value|hash|str|string|text|input|plain|\d{1,2}))?["'\]]{0,2}[ \t]{0,3}(?:===?|!==?)[ \t]{0,3}(?<q>["'])(?<value>[^"'\n]{4,64})\k<q>`,
        flags: 'i',
        score: 0.7,
        group: 'value',
      },
    ],
    validator: 'secret-password',
    samples: {
      positive: [
        { text: 'if username == "jojo" and password == "team10":', value: 'team10' },
        { text: "if creds.Secret != 'open-sesame' {", value: 'open-sesame' },
        { text: 'if secret_key == "Zt5nB8vC1xK4":', value: 'Zt5nB8vC1xK4' },
      ],
      negative: [
        "if (typeof password === 'string')",
        'if (pass === "")',
        "if password_policy == 'strict':",
        "if x.secret_type == 'cfws':",
      ],
    },
  },
  {
    id: 'token-comparison',
    type: 'GENERIC_SECRET',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // `if token == "<literal>"` holds a credential only when the literal looks generated: token
    // names in parsers compare with kinds (`x.token_type == 'cfws'`, `token == 'quoted-string'`).
    placement: { kind: 'start', keywords: ['token', 'api_key', 'apikey'] },
    patterns: [
      {
        name: 'compare',
        regex: String.raw`(?:token|api_?key)(?:[_-]?(?:key|value|str|string|\d{1,2}))?["'\]]{0,2}[ \t]{0,3}(?:===?|!==?)[ \t]{0,3}(?<q>["'])(?<value>[^"'\n]{8,200})\k<q>`,
        flags: 'i',
        score: 0.7,
        group: 'value',
      },
    ],
    validator: 'secret-generic',
    samples: {
      positive: [{ text: "if (req.query.token === 'a8Kq2vX9mR4tL7wZ1pB5') {", value: 'a8Kq2vX9mR4tL7wZ1pB5' }],
      negative: ['if token != "undefined":', "if x.token_type == 'cfws':", "if token == 'quoted-string':", "if (apiKey !== 'YOUR_API_KEY')"],
    },
  },
  {
    id: 'dotnet-credentials',
    type: 'PASSWORD',
    dataTypes: ['SECRETS'],
    pass: 'local',
    placement: { kind: 'start', keywords: ['networkcredential', 'directoryentry', '<add'] },
    patterns: [
      {
        name: 'network-credential',
        regex: String.raw`NetworkCredential\s*\(\s*"[^"\n]{1,100}"\s*,\s*"(?<value>[^"\n]{3,100})"`,
        flags: 'i',
        score: 0.8,
        group: 'value',
      },
      {
        name: 'directory-entry',
        regex: String.raw`DirectoryEntry\s*\(\s*"[^"\n]{1,200}"\s*,\s*"[^"\n]{1,100}"\s*,\s*"(?<value>[^"\n]{3,100})"`,
        flags: 'i',
        score: 0.8,
        group: 'value',
      },
      {
        name: 'app-setting',
        regex: String.raw`<add\s+key\s*=\s*"[^"\n]{0,30}(?:pass|secret|token|pwd|apikey|api_key|credential)[^"\n]{0,30}"\s+value\s*=\s*"(?<value>[^"\n]{3,200})"`,
        flags: 'i',
        score: 0.8,
        group: 'value',
      },
    ],
    validator: 'secret-password',
    samples: {
      positive: [
        { text: 'client.Credentials = new NetworkCredential("svc@example.com", "TVQCe9vux4ShvFqt");', value: 'TVQCe9vux4ShvFqt' },
        { text: 'new DirectoryEntry("LDAP://corp.local", "CORP\\\\svc", "W0tmFVp6EA")', value: 'W0tmFVp6EA' },
        { text: '<add key="SmtpPassword" value="gTOGsO14OUYz" />', value: 'gTOGsO14OUYz' },
      ],
      negative: ['new NetworkCredential("user", "")', '<add key="SmtpPassword" value="" />', '<add key="FromEmailAddress" value="a@example.com"/>'],
    },
  },
  {
    id: 'cli-password',
    type: 'PASSWORD',
    dataTypes: ['SECRETS'],
    pass: 'local',
    placement: {
      kind: 'start',
      keywords: ['setenv', 'set-env', 'set -', 'psexec', 'mysql', 'sshpass', '-password', '-pwd', 'redis-cli', 'lftp', 'open -u', 'smbclient', 'mongo', 'ldapsearch', 'ldapmodify', 'ldapadd', 'ldapdelete', 'ldappasswd', 'ldapwhoami', 'sqlcmd', 'osql', 'bcp ', 'docker login', '-passin', '-passout', 'htpasswd', 'isql ', 'mkstore', 'nickserv', 'auth '],
    },
    patterns: [
      // A variable set with no operator: csh's `setenv DB_PASS value`, fish's `set -gx PGPASSWORD value`,
      // elvish's `set-env`, Apache's `SetEnv DB_PASSWORD "..."` (a quoted value may hold spaces).
      {
        name: 'set-variable',
        regex: String.raw`[sS]et(?:-?[eE]nv|(?:[ \t]+-[A-Za-z]{1,3}){1,2})[ \t]+\w{0,40}${PW_NAME}[ \t]+(?<q>["']?)(?<value>[^\s"'$%\\(](?:[^\s"'\\]|(?!\k<q>) ){3,127})\k<q>[ \t]*(?=\r?\n|$|[;#])`,
        score: 0.8,
        group: 'value',
      },
      { name: 'psexec', regex: String.raw`psexec(?:\.exe)?\b[^\n]{0,200}?\s-p\s+(?<value>[^\s"'-][^\s"']{2,100})`, flags: 'i', score: 0.8, group: 'value' },
      // mysql -p<password> takes the password glued to the flag.
      { name: 'mysql', regex: String.raw`\bmysql(?:dump|admin|sh)?\b[^\n]{0,120}?\s-p(?<value>[^\s"'-][^\s"']{2,100})`, score: 0.8, group: 'value' },
      {
        // A PowerShell cmdlet's `-Password` (VMware's Connect-VIServer, Invoke-Sqlcmd, ...): a
        // quoted value may hold spaces.
        name: 'powershell-password',
        regex: String.raw`-(?:Password|Pwd)(?<=(?:^|[\s;|(])[A-Za-z]{2,20}-[A-Za-z]{2,40}[ \t][^\n]{0,200}-(?:Password|Pwd))[ \t]+(?<q>["']?)(?<value>[^\s"'$(-](?:[^\s"']|(?!\k<q>) ){2,100})\k<q>`,
        flags: 'i',
        score: 0.8,
        group: 'value',
      },
      { name: 'sshpass', regex: String.raw`\bsshpass\s+-p\s*${CLI_ARG}`, score: 0.8, group: 'value' },
      // redis-cli -a <password>; mongo / mongosh / mongodump -p <password>.
      { name: 'redis-cli', regex: String.raw`\bredis-cli\b[^\n|;]{0,160}?\s-a\s+${CLI_ARG}`, score: 0.8, group: 'value' },
      { name: 'mongo', regex: String.raw`\bmongo(?:sh|dump|restore|export|import)?\b[^\n|;]{0,200}?\s-p\s+${CLI_ARG}`, score: 0.8, group: 'value' },
      // The password as the last of positional arguments: htpasswd's batch mode (-b, -nb, -cb),
      // unixODBC's `isql DSN user password`, Oracle wallets' `mkstore -wrl DIR -createCredential
      // ALIAS USER PASSWORD`; IRC's `/msg NickServ IDENTIFY [account] password` and redis-cli's
      // history (~/.rediscli_history, pasted sessions): `AUTH [user] password` alone on a line.
      {
        name: 'positional',
        regex: String.raw`(?:\b(?:htpasswd(?:[ \t]{1,4}-[A-Za-z]{1,5}){0,3}?[ \t]{1,4}-[A-Za-z]{0,4}b[A-Za-z]{0,4}(?:[ \t]{1,4}-[A-Za-z]{1,5}){0,3}(?:[ \t]{1,4}[^\s"'$%-]\S{0,200}){1,2}?|isql(?:[ \t]{1,4}-[A-Za-z]{1,5}){0,3}(?:[ \t]{1,4}[^\s"'$%-]\S{0,100}){2}|mkstore\b[^\n|;]{0,200}?-(?:create|modify)Credential(?:[ \t]{1,4}[^\s"'$%-]\S{0,100}){2})|(?:[Nn]ick[Ss]erv[ \t]{1,4}(?:IDENTIFY|identify)|AUTH(?<=(?:^|\n)[ \t]{0,8}(?:[\w.:-]{1,60}> ?)?AUTH))(?:[ \t]{1,4}[^\s"'$%]{1,40}?)??)[ \t]{1,4}${CLI_ARG}(?=["']|[ \t]*(?:[\r\n;&|>]|$))`,
        score: 0.8,
        group: 'value',
      },
      // lftp -u user,password (and `open -u` in its scripts); smbclient -U user%password.
      { name: 'lftp', regex: String.raw`\b(?:lftp|open)\b[^\n|;]{0,120}?\s-u\s+["']?[^\s,"']{1,64},(?<q>["']?)(?<value>[^\s"',$-](?:[^\s"']|(?!\k<q>) ){2,100})`, score: 0.8, group: 'value' },
      { name: 'smbclient', regex: String.raw`\bsmbclient\b[^\n|;]{0,200}?\s(?:-U|--user=?)\s*["']?[^\s%"']{1,64}%(?<value>[^\s"'$][^\s"']{2,100})`, score: 0.8, group: 'value' },
      // OpenLDAP clients' bind password (-w), SQL Server tools' -P, docker login -p.
      { name: 'ldap', regex: String.raw`\bldap(?:search|modify|add|delete|passwd|whoami)\b[^\n|;]{0,200}?\s-w\s*${CLI_ARG}`, score: 0.8, group: 'value' },
      { name: 'sqlcmd', regex: String.raw`\b(?:sqlcmd|osql|bcp)\b[^\n|;]{0,200}?\s-P\s*${CLI_ARG}`, score: 0.8, group: 'value' },
      { name: 'docker-login', regex: String.raw`\bdocker login\b[^\n|;]{0,200}?\s-p\s+["']?(?<value>[^\s"'$%-][^\s"']{2,100})`, score: 0.8, group: 'value' },
      // OpenSSL's pass phrase arguments: -passin / -passout pass:<phrase>.
      { name: 'openssl-pass', regex: String.raw`-pass(?:in|out)\s+["']?pass:(?<value>[^\s"'$%][^\s"']{2,100})`, score: 0.8, group: 'value' },
    ],
    validator: 'secret-password-or-passphrase',
    samples: {
      positive: [
        { text: 'PsExec.exe \\\\srv01 -u CORP\\admin -p Olv6HWGER8 cmd', value: 'Olv6HWGER8' },
        { text: 'setenv ORACLE_PWD "Csh-0racle!9"\n', value: 'Csh-0racle!9' },
        { text: 'set -gx PGPASSWORD F1sh-Pg#local\n', value: 'F1sh-Pg#local' },
        { text: 'mysql -u root -pvnQH7cMzsTb0 -h db.internal', value: 'vnQH7cMzsTb0' },
        { text: 'sshpass -p hm21eoPJ92hC ssh deploy@host', value: 'hm21eoPJ92hC' },
        { text: 'Connect-VIServer -Server vc01 -User administrator@vsphere.local -Password 2a9ifZsE3T!', value: '2a9ifZsE3T!' },
        { text: "Invoke-Sqlcmd -ServerInstance legacy01 -Username sa -Password 'Leg@cy Sa 2019' -Query q", value: 'Leg@cy Sa 2019' },
        { text: 'redis-cli -h cache -a Rcl1-Auth-Qx8 ping', value: 'Rcl1-Auth-Qx8' },
        { text: "redis-cli -h cache02 -a 'Sess cache 41' info", value: 'Sess cache 41' },
        { text: "sshpass -p 'Jump h0st pw' ssh ops@10.1.1.4", value: 'Jump h0st pw' },
        { text: 'htpasswd -b /etc/nginx/.htpasswd editor Ed1t-Kq77\n', value: 'Ed1t-Kq77' },
        { text: 'htpasswd -nb admin Adm1n#Basic > auth\n', value: 'Adm1n#Basic' },
        { text: 'isql -v salesdsn sales_ro S4les!Ro-9\n', value: 'S4les!Ro-9' },
        { text: "mkstore -wrl /u01/wallet -createCredential ORCLPDB app_batch 'B4tch#Ora'\n", value: 'B4tch#Ora' },
        { text: 'PING\nAUTH Sess-R3dis!9\nKEYS sess:*\n', value: 'Sess-R3dis!9' },
        { text: '127.0.0.1:6379> AUTH app Cache#Acl-22\n', value: 'Cache#Acl-22' },
        { text: 'irc.server.libera.command = "/msg NickServ IDENTIFY dwhit N1ck-Serv#88"\n', value: 'N1ck-Serv#88' },
        { text: '/msg nickserv identify Irc!Nick55\n', value: 'Irc!Nick55' },
        { text: "lftp -u deploy,'Lftp-Up-K7q#' sftp://ftp.example.com", value: 'Lftp-Up-K7q#' },
        { text: "open -u mirror,'Mirr0r pw #3' ftp://files.example.org", value: 'Mirr0r pw #3' },
        { text: "set-env ARTIFACTORY_PASSWORD 'Elv1sh#Art!fact'\n", value: 'Elv1sh#Art!fact' },
        { text: '    SetEnv DB_PASSWORD "Ap@che SetEnv9"\n', value: 'Ap@che SetEnv9' },
        { text: 'smbclient //nas/share -U backup%Smb-Bkp-9xQ', value: 'Smb-Bkp-9xQ' },
        { text: 'mongosh --host db -u admin -p Mng-Sh3ll-v8 --authenticationDatabase admin', value: 'Mng-Sh3ll-v8' },
        { text: 'ldapsearch -x -D "cn=admin,dc=corp,dc=lan" -w Ldp-Bind-4kQz -b "dc=corp,dc=lan"', value: 'Ldp-Bind-4kQz' },
        { text: 'sqlcmd -S db01 -U sa -P Sq1-Adm-Rx9v -Q "select 1"', value: 'Sq1-Adm-Rx9v' },
        { text: 'docker login -u ci -p Dkr-Ci-8mWq registry.corp.lan', value: 'Dkr-Ci-8mWq' },
        { text: 'openssl pkcs12 -export -in cert.pem -inkey key.pem -out bundle.p12 -passout pass:P12-Exp-7tYk', value: 'P12-Exp-7tYk' },
      ],
      negative: [
        'psexec \\\\host -u admin -p %PASSWORD% cmd',
        'setenv DB_PASSWORD $DB_PASSWORD_FILE\n',
        'set -gx PGPASSWORD (cat ~/.pgpw)\n',
        'set -l password changeme\n',
        'SetEnv DB_PASSWORD ${DB_PASSWORD}\n',
        'open -u "$FTP_USER,$FTP_PASS" ftp.example.com',
        'mysql -u root -p',
        'mysql -u root -p$MYSQL_PWD',
        'Connect-VIServer "$endpoint" -User "$username" -Password "$password"',
        'New-LocalUser -Name svc -Password (Read-Host -AsSecureString)',
        'tool -Password Xk9-qLm2 db',
        'redis-cli -a $REDIS_PASSWORD ping',
        'htpasswd -c /etc/nginx/.htpasswd editor\n',
        'htpasswd -b .htpasswd editor "$EDITOR_PW"\n',
        'isql -v salesdsn\n',
        'mkstore -wrl /u01/wallet -createCredential ORCLPDB app_batch\n',
        '/msg NickServ IDENTIFY <password>\n',
        'AUTH password\n',
        'AUTH <password>\n',
        'AUTH 0 OK\n',
        '/msg NickServ IDENTIFY password\n',
        "sshpass -p 'the password' ssh host",
        'lftp -u "$FTP_USER,$FTP_PASS" ftp.example.com',
        'smbclient -L nas -U guest%',
        'mongosh -u admin -p',
        'ldapsearch -x -D "cn=admin,dc=corp,dc=lan" -W -b "dc=corp,dc=lan"',
        'sqlcmd -S db01 -U sa -P $SA_PASSWORD',
        'echo "$PW" | docker login -u ci --password-stdin',
        'openssl rsa -in key.pem -passin env:KEY_PASS',
      ],
    },
  },
  {
    id: 'cli-user-password',
    type: 'PASSWORD',
    dataTypes: ['SECRETS'],
    pass: 'local',
    placement: { kind: 'start', keywords: [' -u ', '\n-u ', '\t-u ', '--user', '--http-user', '\nuser =', '\nuser=', '\nuser:', '\nproxy-user', 'stats auth', 'curlftpfs'], after: 1 },
    patterns: [
      {
        name: 'curl-user',
        regex: String.raw`-(?<=\s-)(?:u|-user|-http-user)[ \t=]{1,3}["']?(?<value>[^\s:"'$-][^\s:"']{0,80}:[^\s"']{3,120})`,
        score: 0.75,
        group: 'value',
      },
      {
        // curlftpfs mounts (fstab's `curlftpfs#user:password@host`, `curlftpfs user:pw@host /mnt`):
        // the user information comes without a scheme.
        name: 'curlftpfs',
        regex: String.raw`curlftpfs[# \t]{1,4}(?<value>[^\s:@/"'$-][^\s:@/"']{0,80}:[^\s@"']{3,120})@\w`,
        score: 0.95, // above an e-mail address read from the password's end and the host
        group: 'value',
      },
      {
        // HAProxy's statistics page: `stats auth admin:password`.
        name: 'haproxy-stats',
        regex: String.raw`(?<=\bs)tats[ \t]+auth[ \t]+(?<value>[^\s:"'$-][^\s:"']{0,80}:[^\s"']{3,120})`,
        score: 0.8,
        group: 'value',
      },
      {
        // ~/.curlrc: `user = "name:password"` (and `proxy-user`) on a line of its own; a quoted
        // password may hold spaces.
        name: 'curlrc-user',
        regex: String.raw`(?:proxy-)?user(?<=\n(?:proxy-)?user)[ \t]*[=:][ \t]*(?<q>["']?)(?<value>[^\s:"'$-][^\s:"']{0,80}:(?:[^\s"']|(?!\k<q>) ){3,120})\k<q>[ \t]*(?=\r?\n|$)`,
        score: 0.75,
        group: 'value',
      },
    ],
    validator: 'secret-url-credential',
    samples: {
      positive: [
        { text: 'curl -X POST https://api.example.com/oauth/token -u my-client:pHvDGdATFx1iRr1nOJOySF4VqHhgHuH6', value: 'my-client:pHvDGdATFx1iRr1nOJOySF4VqHhgHuH6' },
        { text: '# defaults\nuser = "ops:Cur1rc-Ops-Zt6"\nsilent\n', value: 'ops:Cur1rc-Ops-Zt6' },
        { text: 'listen stats\n    stats auth admin:hAp-St4ts-Q2\n', value: 'admin:hAp-St4ts-Q2' },
        { text: 'curlftpfs#web:Ftp-M0unt!7@ftp.example.net /mnt/ftp fuse rw,allow_other 0 0\n', value: 'web:Ftp-M0unt!7' },
        { text: 'curlftpfs scans:Sc4n%23Ftp@192.168.1.20 /mnt/scans\n', value: 'scans:Sc4n%23Ftp' },
        { text: '# proxy\nproxy-user = "ops:Pr0xy Ops 7"\n', value: 'ops:Pr0xy Ops 7' },
      ],
      negative: ['curl -u "$USER:$TOKEN" https://api.example.com', 'curl -u user:password https://example.com', '# defaults\nuser = "ops:password"\n', '\nuser = "$CURL_USER:$CURL_PASS"\n', '    stats auth admin:admin',
        'curlftpfs#$FTP_USER:$FTP_PASS@ftp.example.net /mnt/ftp fuse rw 0 0',
        'curlftpfs ftp.example.net /mnt/ftp',
        '\nproxy-user = "user:password"\n',
        'curl -u user:secret https://example.com',
        'perldoc -u Some::Modulename',
        '$ socat -u OPEN:/var/log/app.log,append -',
        '$ socat -u tcp-listen:8080,reuseaddr=1 -',
        '.IX Item "-u, --user anv\\(:andarnamn|anv\\(:andar-id"'],
    },
  },
  {
    id: 'env-default-secret',
    type: 'PASSWORD',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // The fallback of a secret read from the environment is a literal secret in the code:
    // Laravel / PHP `env('MAIL_PASSWORD', '...')`, Python `os.getenv("DB_PASSWORD", "...")` and
    // `os.environ.get(...)`, Ruby `ENV.fetch('API_TOKEN', '...')`.
    placement: { kind: 'start', keywords: ['env(', 'getenv(', 'environ.get(', 'env.fetch('] },
    patterns: [
      {
        name: 'fallback',
        regex: String.raw`(?:env|getenv|environ\.get|ENV\.fetch)\(\s{0,5}(?<q1>["'])[A-Za-z0-9_]{0,40}(?:PASSWORD|PASSWD|PASS|PWD|SECRET|TOKEN|API_KEY|APIKEY|PRIVATE_KEY|password|passwd|secret|token|api_key)[A-Za-z0-9_]{0,40}\k<q1>\s{0,5},\s{0,5}(?<q>["'])(?<value>[^"'\n]{4,200})\k<q>\s{0,5}\)`,
        score: 0.75,
        group: 'value',
      },
    ],
    validator: 'secret-password-bare',
    samples: {
      positive: [
        { text: "'password' => env('MAIL_PASSWORD', 'Lrv-Mail-fb7'),", value: 'Lrv-Mail-fb7' },
        { text: 'token = os.environ.get("API_TOKEN", "q8Vt2Lm9Rx4Kw7Zn")', value: 'q8Vt2Lm9Rx4Kw7Zn' },
      ],
      negative: ["env('MAIL_PASSWORD', null)", "env('DB_PASSWORD', '')", 'os.getenv("DB_PASSWORD", "changeme")', "env('MAIL_HOST', 'smtp.mailgun.org')", "env('DB_PASSWORD', 'secret')"],
    },
  },
  {
    id: 'words-secret-setting',
    type: 'PASSWORD',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // (passphrase-setting takes words with a number after any password name.)
    // A passphrase of ordinary words given to a setting named a secret, a password or a
    // passphrase on a line of its own (`.env`, shell exports, INI, YAML): `SESSION_SECRET=amber
    // kiln on the north road`, a comment after it as dotenv reads one. Scored under
    // passphrase-setting, which keeps the spans both find. Only under such a name, never after a word in prose; the validator
    // leaves out instructions and stand-ins (`change me in production`).
    placement: { kind: 'start', keywords: ['_secret', '_password', '_passphrase'] },
    patterns: [
      {
        name: 'words',
        regex: String.raw`(?<=(?:^|\n)[ \t]{0,8}(?:export[ \t]+)?[A-Z][A-Z0-9_]{0,40})_(?:SECRET|PASSWORD|PASSPHRASE)[ \t]{0,4}=[ \t]{0,4}(?<q>["']?)(?<value>[a-z0-9][\w'-]{0,19}(?: [\w'-]{1,20}){3,7})\k<q>(?:[ \t]+#[^\n]*)?[ \t]*(?=\r?\n|$)`,
        score: 0.65,
        group: 'value',
      },
    ],
    validator: 'secret-words',
    samples: {
      positive: [
        { text: 'NODE_ENV=production\nSESSION_SECRET=kettle moss on the 9th pier\n', value: 'kettle moss on the 9th pier' },
        { text: 'export BACKUP_PASSPHRASE="quiet otter drinks cold tea"\n', value: 'quiet otter drinks cold tea' },
        { text: "COOKIE_SECRET='violet moth under grey stones'  # rotate yearly\n", value: 'violet moth under grey stones' },
      ],
      negative: [
        'SESSION_SECRET=change me in production\n',
        'APP_SECRET=put your unique phrase here\n',
        'JWT_SECRET=a long random string of characters\n',
        'DB_PASSWORD=same as the staging one\n',
        'REDIS_PASSWORD=leave empty for local redis\n',
        'APP_SECRET=managed by kubernetes secrets store\n',
        'ENCRYPTION_PASSPHRASE=must match the backup server\n',
        'ADMIN_PASSWORD=Please contact the admin team\n',
        'client_secret: quiet otter drinks cold tea\n',
        'the client_secret is stored in the vault for now\n',
        'SESSION_SECRET=amber kiln\n',
      ],
    },
  },
  {
    id: 'call-credentials',
    type: 'PASSWORD',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // Passwords passed by position to well-known connection calls: JDBC's
    // `DriverManager.getConnection(url, "user", "password")`, `new Sequelize("db", "user",
    // "password", ...)`.
    placement: { kind: 'start', keywords: ['getconnection(', 'sequelize('] },
    patterns: [
      {
        name: 'jdbc',
        regex: String.raw`getConnection\(\s{0,10}[^,\n]{1,200}?,\s{0,10}"[^"\n]{1,64}"\s{0,10},\s{0,10}"(?<value>[^"\n]{3,128})"\s{0,10}\)`,
        score: 0.8,
        group: 'value',
      },
      {
        name: 'sequelize',
        regex: String.raw`Sequelize\((?<=new\s{1,5}Sequelize\()\s{0,10}(?<q1>["'\x60])[^"'\x60\n]{1,64}\k<q1>\s{0,10},\s{0,10}(?<q2>["'\x60])[^"'\x60\n]{1,64}\k<q2>\s{0,10},\s{0,10}(?<q>["'\x60])(?<value>[^"'\x60\n]{3,128})\k<q>`,
        score: 0.8,
        group: 'value',
      },
    ],
    validator: 'secret-password',
    samples: {
      positive: [
        { text: 'DriverManager.getConnection("jdbc:postgresql://db/app", "app", "Jdbc-Pos1t-Kq")', value: 'Jdbc-Pos1t-Kq' },
        { text: "const db = new Sequelize('shop', 'owner', 'Seq-Pos1t-Vx', { dialect: 'mariadb' });", value: 'Seq-Pos1t-Vx' },
      ],
      negative: ['DriverManager.getConnection(url, user, password)', 'DriverManager.getConnection(url, "sa", "")', "new Sequelize('db', 'user', 'password', {})", 'new Sequelize(process.env.DATABASE_URL)'],
    },
  },
  {
    id: 'dsn-credentials',
    type: 'CONNECTION_STRING',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // Go's MySQL DSN has no URL scheme: `user:password@tcp(host:port)/db`, `@unix(/path)`.
    placement: { kind: 'window', keywords: ['@tcp(', '@unix('], reach: 200, insideWords: true },
    patterns: [
      {
        name: 'go-mysql',
        regex: String.raw`(?<=^|[\s"'\x60=(])(?<value>[^\s"'\x60:/@(]{1,64}:[^\s"'\x60@]{3,128})@(?:tcp|unix)\(`,
        score: 0.85,
        group: 'value',
      },
    ],
    validator: 'secret-url-credential',
    samples: {
      positive: [{ text: 'sql.Open("mysql", "root:Go-Dsn-Kq8x@tcp(127.0.0.1:3306)/inventory")', value: 'root:Go-Dsn-Kq8x' }],
      negative: ['sql.Open("mysql", user+":"+pass+"@tcp("+host+")/db")', 'dsn := "user:password@tcp(localhost:3306)/dbname"', 'db, err := sql.Open("mysql", "app:@tcp(db)/app")'],
    },
  },
  {
    id: 'oracle-credentials',
    type: 'CONNECTION_STRING',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // Oracle's `user/password@connect-identifier`: `jdbc:oracle:thin:user/password@host`,
    // `sqlplus user/password@db` (and `expdp`, `impdp`, `sqlldr`, `rman`; the password may be
    // double-quoted: `app/"pw with spaces"@db`), the `USERID=` of Data Pump, exp and SQL*Loader parameter files.
    placement: { kind: 'start', keywords: ['jdbc:oracle:', 'sqlplus', 'expdp', 'impdp', 'sqlldr', 'rman', 'userid', 'connect ', 'conn '] },
    patterns: [
      {
        name: 'user-slash-password',
        regex: String.raw`(?:jdbc:oracle:(?:thin|oci8?):|(?:sqlplus|expdp|impdp|sqlldr|rman)(?:[ \t]{1,5}-[A-Za-z]{1,2}){0,4}[ \t]{1,5}|userid[ \t]*=[ \t]*|conn(?:ect)?(?<=(?:^|\n)[ \t]{0,8}conn(?:ect)?)[ \t]+)["']?[A-Za-z][\w$#.]{0,29}/"?(?<value>(?<=")[^"\n]{3,128}(?=")|[^\s@/"']{3,128})"?@`,
        flags: 'i',
        score: 0.85,
        group: 'value',
      },
    ],
    validator: 'secret-password-bare',
    samples: {
      positive: [
        { text: 'url=jdbc:oracle:thin:hr_app/Or4-Thin-Vq2@ora-prod:1521/ORCL', value: 'Or4-Thin-Vq2' },
        { text: 'sqlplus -s report/Rpt-Sqlp-x91@prod @daily.sql', value: 'Rpt-Sqlp-x91' },
        { text: 'sqlplus -s app_user/"Pa55 w0rd-ora"@//db-ora:1521/XEPDB1 <<EOF', value: 'Pa55 w0rd-ora' },
        { text: 'expdp system/Exp0rt_Sys!9@ORCL directory=DUMP_DIR dumpfile=full.dmp', value: 'Exp0rt_Sys!9' },
        { text: '-- then\nCONNECT reporting/R3p-Conn_9@ORCLPDB1\n', value: 'R3p-Conn_9' },
        { text: 'USERID=system/Exp0rt#Dp@ORCLPDB1\nDIRECTORY=DATA_PUMP_DIR\n', value: 'Exp0rt#Dp' },
      ],
      negative: ['jdbc:oracle:thin:scott/tiger@localhost:1521:orcl', 'jdbc:oracle:thin:@//db:1521/ORCL', 'sqlplus /nolog', 'sqlplus user/password@db', 'expdp scott/tiger@orcl directory=d', 'CONNECT / AS SYSDBA', 'connect system/&&sys_password@db', 'userid=scott/tiger@orcl'],
    },
  },
  {
    id: 'http-bearer-token',
    type: 'BEARER_TOKEN',
    dataTypes: ['SECRETS'],
    pass: 'local',
    placement: { kind: 'start', keywords: ['bearer', 'authorization'] },
    patterns: [
      {
        name: 'authorization-header',
        regex: String.raw`(?:[Aa]uthorization|AUTHORIZATION)["'\x60]?\s{0,5}[:=,]\s{0,5}["'\x60]?\s{0,3}(?:[Bb]earer|BEARER|[Tt]oken|TOKEN|Bot|OAuth)\s{1,5}(?<value>[A-Za-z0-9_~+/.-]{12,1000}={0,2})(?![A-Za-z0-9_~+/.=-])`,
        score: 0.75,
        group: 'value',
      },
      {
        name: 'bearer',
        regex: String.raw`\b(?:Bearer|bearer|BEARER):?\s{1,5}(?<value>[A-Za-z0-9_~+/.-]{20,1000}={0,2})(?![A-Za-z0-9_~+/.=-])`,
        score: 0.7,
        group: 'value',
      },
    ],
    validator: 'secret-generic',
    samples: {
      positive: [
        { text: 'curl -H "Authorization: Bearer XXTY9womDgCGgsosaHWQGkw1B1O2LjFih96cSPHb" https://api.example.com', value: 'XXTY9womDgCGgsosaHWQGkw1B1O2LjFih96cSPHb' },
        { text: "headers = {'Authorization': 'token ILW5xSMAmj8YiqFmV8fdmeQQzQVP7E7Fx1si1mwW'}", value: 'ILW5xSMAmj8YiqFmV8fdmeQQzQVP7E7Fx1si1mwW' },
      ],
      negative: ['Authorization: Bearer YOUR_ACCESS_TOKEN', 'Authorization: Bearer $TOKEN', 'Authorization: Bearer <token>', 'send a Bearer token in the header'],
    },
  },
  {
    id: 'http-basic-auth',
    type: 'BASIC_AUTH',
    dataTypes: ['SECRETS'],
    pass: 'local',
    placement: { kind: 'start', keywords: ['basic'] },
    patterns: [
      {
        name: 'basic',
        regex: String.raw`\b(?:[Bb]asic|BASIC)\s{1,3}(?<value>[A-Za-z0-9+/]{8,500}={0,2})(?![A-Za-z0-9+/=])`,
        score: 0.8,
        group: 'value',
      },
    ],
    validator: 'secret-basic-auth',
    samples: {
      positive: [{ text: 'Authorization: Basic c3ZjLWJpbGxpbmc6VDBwLXMzY3IzdC0yMDI1', value: 'c3ZjLWJpbGxpbmc6VDBwLXMzY3IzdC0yMDI1' }],
      negative: ['Authorization: Basic dXNlcjpwYXNzd29yZA==', 'Basic authentication is supported', 'Authorization: Basic ${CREDENTIALS}'],
    },
  },
];
