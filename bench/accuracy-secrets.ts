/**
 * Secrets accuracy benchmark on the Nosey Parker rule examples (secrets-noseyparker.jsonl,
 * Apache-2.0, from praetorian-inc/noseyparker; read in place, never copied into the repository).
 *
 *   npx tsc -p tsconfig.json && node dist/bench/accuracy-secrets.js [--rules] [--no-throughput]
 *
 * Throughput is measured too (see `throughput`); --no-throughput skips it.
 *
 * The data folder is the repository's `../shared/data`; PREFLIGHT_BENCH_DATA overrides it (a
 * folder holding the file, or the file itself).
 *
 * Scoring (per snippet, the engine's local pass over the whole snippet):
 * - recall: share of `pos` snippets where at least one finding carries the SECRETS or the
 *   IDENTIFIERS data type (what the rules describe: credentials, and identifiers such as a
 *   storage bucket, a shop domain or a user name, which the engine reports as IDENTIFIERS so
 *   policies can treat them apart). Misses are listed per rule id. Recall is also printed
 *   without the rules whose categories hold `identifier` but not `secret`.
 * - negatives, strict: share of `neg` snippets with any SECRETS finding. A neg snippet is only a
 *   counter-example for its own rule, and several hold a real credential of another kind (an
 *   Azure client secret, a connection-string password), so this figure counts those too.
 * - negatives, own kind: share of `neg` snippets with a finding of the snippet's own kind: the
 *   finding types mapped from the rule's provider below; rules of providers without a
 *   vendor-specific recognizer (generic, auth0, kagi, ...) map to the generic kinds (PASSWORD,
 *   GENERIC_SECRET, CONNECTION_STRING, URL_CREDENTIALS, BEARER_TOKEN, BASIC_AUTH).
 * Only rule ids, finding types and counts are printed: never snippet text or detected values.
 */
import * as fs from 'fs';
import * as path from 'path';
import { createEngine, scan } from '../src/detection';
import { secretRecognizers } from '../src/detection/recognizers/secrets';
import type { Finding } from '../src/detection/types';

interface Snippet {
  rule_id: string;
  rule_name: string;
  categories: string[];
  label: 'pos' | 'neg';
  text: string;
}

const GENERIC_KINDS = ['PASSWORD', 'GENERIC_SECRET', 'CONNECTION_STRING', 'URL_CREDENTIALS', 'BEARER_TOKEN', 'BASIC_AUTH'];

/** Provider part of a rule id (`np.github.3` -> `github`) to the finding types of that kind. */
const OWN_KIND: Record<string, string[]> = {
  aws: ['AWS_ACCESS_KEY', 'AWS_SECRET_KEY', 'AWS_MWS_TOKEN', 'AWS_SESSION_TOKEN', 'AWS_BEDROCK_API_KEY', 'AWS_ACCOUNT_ID'],
  tencent: ['TENCENT_CLOUD_KEY'],
  appsync: ['AWS_APPSYNC_KEY'],
  azure: ['AZURE_STORAGE_ACCOUNT', 'AZURE_STORAGE_KEY', 'AZURE_CONNECTION_STRING', 'AZURE_SAS_TOKEN', 'AZURE_CLIENT_SECRET', 'AZURE_DEVOPS_TOKEN'],
  google: ['GOOGLE_API_KEY', 'GOOGLE_OAUTH_SECRET', 'GOOGLE_OAUTH_TOKEN', 'GOOGLE_FCM_KEY', 'GOOGLE_OAUTH_CLIENT_ID'],
  gcp: ['GOOGLE_API_KEY', 'GOOGLE_OAUTH_SECRET', 'GOOGLE_OAUTH_TOKEN', 'PRIVATE_KEY'],
  github: ['GITHUB_TOKEN'],
  gitlab: ['GITLAB_TOKEN'],
  atlassian: ['ATLASSIAN_TOKEN'],
  bitbucket: ['ATLASSIAN_TOKEN'],
  slack: ['SLACK_TOKEN', 'SLACK_WEBHOOK'],
  msteams: ['TEAMS_WEBHOOK'],
  discord: ['DISCORD_TOKEN', 'DISCORD_WEBHOOK'],
  telegram: ['TELEGRAM_BOT_TOKEN'],
  stripe: ['STRIPE_KEY'],
  square: ['SQUARE_TOKEN'],
  shopify: ['SHOPIFY_TOKEN', 'SHOPIFY_SHOP_DOMAIN'],
  sendgrid: ['SENDGRID_KEY'],
  mailgun: ['MAILGUN_KEY'],
  mailchimp: ['MAILCHIMP_KEY'],
  postmark: ['EMAIL_SERVICE_KEY'],
  twilio: ['TWILIO_API_KEY'],
  heroku: ['HEROKU_API_KEY'],
  digitalocean: ['DIGITALOCEAN_TOKEN'],
  supabase: ['PLATFORM_TOKEN'],
  netlify: ['PLATFORM_TOKEN'],
  planetscale: ['PLATFORM_TOKEN'],
  pulumi: ['PLATFORM_TOKEN'],
  flyio: ['PLATFORM_TOKEN'],
  vercel: ['PLATFORM_TOKEN'],
  newrelic: ['NEW_RELIC_KEY'],
  grafana: ['GRAFANA_TOKEN'],
  dynatrace: ['DYNATRACE_TOKEN'],
  doppler: ['DOPPLER_TOKEN'],
  databricks: ['DATABRICKS_TOKEN'],
  hashicorp: ['VAULT_TOKEN', 'TERRAFORM_TOKEN'],
  kubernetes: ['KUBERNETES_TOKEN'],
  npm: ['NPM_TOKEN'],
  pypi: ['PYPI_TOKEN'],
  rubygems: ['PACKAGE_REGISTRY_TOKEN'],
  nuget: ['PACKAGE_REGISTRY_TOKEN'],
  cratesio: ['PACKAGE_REGISTRY_TOKEN'],
  dockerhub: ['PACKAGE_REGISTRY_TOKEN'],
  artifactory: ['ARTIFACTORY_TOKEN'],
  sonarqube: ['SONARQUBE_TOKEN'],
  dtrack: ['DEV_TOOL_TOKEN'],
  postman: ['DEV_TOOL_TOKEN'],
  sourcegraph: ['DEV_TOOL_TOKEN'],
  linear: ['DEV_TOOL_TOKEN'],
  notion: ['DEV_TOOL_TOKEN'],
  airtable: ['DEV_TOOL_TOKEN'],
  stackhawk: ['DEV_TOOL_TOKEN'],
  figma: ['FIGMA_TOKEN', 'DEV_TOOL_TOKEN'],
  teamcity: ['TEAMCITY_TOKEN'],
  jenkins: ['SERVICE_TOKEN'],
  asana: ['DEV_TOOL_TOKEN'],
  algolia: ['DEV_TOOL_TOKEN'],
  codecov: ['DEV_TOOL_TOKEN'],
  docker: ['SERVICE_TOKEN', 'PACKAGE_REGISTRY_TOKEN', 'BASIC_AUTH'],
  posthog: ['SERVICE_TOKEN'],
  okta: ['OKTA_TOKEN'],
  salesforce: ['SALESFORCE_TOKEN'],
  segment: ['SEGMENT_TOKEN'],
  facebook: ['SOCIAL_PLATFORM_TOKEN'],
  twitter: ['SOCIAL_PLATFORM_TOKEN'],
  mapbox: ['SOCIAL_PLATFORM_TOKEN'],
  dropbox: ['SOCIAL_PLATFORM_TOKEN'],
  adafruit: ['ADAFRUIT_KEY'],
  thingsboard: ['IOT_DEVICE_TOKEN'],
  openai: ['OPENAI_API_KEY'],
  anthropic: ['ANTHROPIC_API_KEY'],
  huggingface: ['HUGGINGFACE_TOKEN'],
  groq: ['AI_API_KEY'],
  jina: ['AI_API_KEY'],
  tavily: ['AI_API_KEY'],
  firecrawl: ['AI_API_KEY'],
  age: ['AGE_SECRET_KEY', 'AGE_RECIPIENT'],
  s3: ['AWS_S3_BUCKET'],
  gcs: ['GCS_BUCKET'],
  firebase: ['GOOGLE_CLOUD_PROJECT_HOST'],
  reactapp: ['USERNAME', ...GENERIC_KINDS],
  wireguard: ['WIREGUARD_KEY'],
  jwt: ['JWT'],
  pem: ['PRIVATE_KEY'],
  pwhash: ['PASSWORD_HASH'],
  krb5: ['PASSWORD_HASH'],
};

function dataFile(): string {
  const override = process.env.PREFLIGHT_BENCH_DATA;
  const base = override ?? path.resolve(__dirname, '../../../shared/data');
  return base.endsWith('.jsonl') ? base : path.join(base, 'secrets-noseyparker.jsonl');
}

function load(file: string): Snippet[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Snippet);
}

function ownKind(ruleId: string): string[] {
  const provider = ruleId.split('.')[1] ?? '';
  return OWN_KIND[provider] ?? GENERIC_KINDS;
}

function isIdentifierRule(s: Snippet): boolean {
  return s.categories.includes('identifier') && !s.categories.includes('secret');
}

function pct(n: number, d: number): string {
  return d === 0 ? 'n/a' : `${((100 * n) / d).toFixed(1)}% (${n}/${d})`;
}

/** Findings a secret scanner reports: credentials (SECRETS) and the identifiers beside them. */
function secretsOf(text: string): Finding[] {
  return scan(text, { pass: 'local' }).filter((f) => f.dataTypes.includes('SECRETS') || f.dataTypes.includes('IDENTIFIERS'));
}

function main(): void {
  const args = new Set(process.argv.slice(2));
  const file = dataFile();
  const snippets = load(file);
  const pos = snippets.filter((s) => s.label === 'pos');
  const neg = snippets.filter((s) => s.label === 'neg');

  const missesByRule = new Map<string, { missed: number; total: number }>();
  let found = 0;
  let secretPos = 0;
  let secretFound = 0;
  for (const s of pos) {
    const hit = secretsOf(s.text).length > 0;
    if (hit) found++;
    if (!isIdentifierRule(s)) {
      secretPos++;
      if (hit) secretFound++;
    }
    const entry = missesByRule.get(s.rule_id) ?? { missed: 0, total: 0 };
    entry.total++;
    if (!hit) entry.missed++;
    missesByRule.set(s.rule_id, entry);
  }

  let strict = 0;
  let own = 0;
  const alarms: string[] = [];
  for (const s of neg) {
    const findings = secretsOf(s.text);
    if (findings.length === 0) continue;
    strict++;
    const kinds = ownKind(s.rule_id);
    const ownHit = findings.some((f) => kinds.includes(f.type));
    if (ownHit) own++;
    const types = [...new Set(findings.map((f) => f.type))].join(',');
    alarms.push(`  ${s.rule_id}: ${types}${ownHit ? '  (own kind)' : ''}`);
  }

  console.log(`Secrets accuracy, local pass, ${path.basename(file)}: ${pos.length} pos / ${neg.length} neg snippets, ${new Set(snippets.map((s) => s.rule_id)).size} rules`);
  console.log(`recall (pos snippets, SECRETS or IDENTIFIERS):       ${pct(found, pos.length)}`);
  console.log(`recall without identifier-only rules:                ${pct(secretFound, secretPos)}`);
  console.log(`negatives flagged, strict (any such finding):        ${pct(strict, neg.length)}`);
  console.log(`negatives flagged, own kind:                         ${pct(own, neg.length)}`);

  const missed = [...missesByRule.entries()].filter(([, e]) => e.missed > 0).sort(([a], [b]) => a.localeCompare(b));
  console.log(`\nmisses by rule (${missed.length} rules with misses):`);
  for (const [rule, e] of missed) {
    const sample = pos.find((s) => s.rule_id === rule);
    const note = sample && isIdentifierRule(sample) ? '  [identifier]' : '';
    console.log(`  ${rule}: ${e.missed}/${e.total}${note}`);
  }
  console.log(`\nflagged negatives (${alarms.length}):`);
  for (const line of alarms) console.log(line);
  const verdict = (ok: boolean) => (ok ? 'MET' : 'NOT MET');
  console.log('\nTargets:');
  console.log(`  recall >= 90 %: ${pct(found, pos.length)} ${verdict(found / pos.length >= 0.9)}`);
  console.log(
    `  negatives flagged <= 10 %, counting findings of the snippet's own kind: ${pct(own, neg.length)} ${verdict(own / neg.length <= 0.1)}` +
      ` (strict ${pct(strict, neg.length)}: a negative snippet is a counter-example for its own rule only, and several hold a real credential of another kind)`,
  );

  if (args.has('--rules')) {
    const perType = new Map<string, number>();
    for (const s of pos) for (const f of secretsOf(s.text)) perType.set(f.type, (perType.get(f.type) ?? 0) + 1);
    console.log('\nfindings on pos snippets by type:');
    for (const [t, n] of [...perType.entries()].sort((a, b) => b[1] - a[1])) console.log(`  ${t}: ${n}`);
  }

  if (!args.has('--no-throughput')) throughput(snippets);
}

/**
 * Local-pass speed, bounded (one warm-up and three timed runs per figure, about 2 MiB each):
 * on the corpus text repeated (secret-dense: a candidate every few hundred bytes, the worst
 * case) and on generated ordinary text (code, configuration and prose that mention keys,
 * tokens and passwords, with hashes, UUIDs and URLs but few secrets). Each is measured for the
 * secret recognizers alone and for the whole local pass (all recognizers of every area).
 */
function throughput(snippets: Snippet[]): void {
  const target = 2 * 1024 * 1024;
  const corpus = snippets.map((s) => s.text).join('\n\n');
  const dense = corpus.repeat(Math.max(1, Math.ceil(target / corpus.length)));
  const ordinary = ordinaryText(target);
  const secretsOnly = createEngine({ recognizers: secretRecognizers, detectors: [] });
  console.log('\nlocal-pass throughput (best of 3):');
  for (const [label, text] of [
    ['corpus text, secret-dense', dense],
    ['generated ordinary text', ordinary],
  ] as const) {
    const mb = Buffer.byteLength(text, 'utf8') / (1024 * 1024);
    const secrets = best(() => secretsOnly.scan(text, { pass: 'local' }));
    const all = best(() => scan(text, { pass: 'local' }));
    console.log(`  ${label} (${mb.toFixed(1)} MiB): secret recognizers ${(mb / secrets).toFixed(1)} MiB/s, all recognizers ${(mb / all).toFixed(1)} MiB/s`);
  }
}

function best(run: () => unknown): number {
  run();
  let min = Infinity;
  for (let i = 0; i < 3; i++) {
    const t0 = process.hrtime.bigint();
    run();
    min = Math.min(min, Number(process.hrtime.bigint() - t0) / 1e9);
  }
  return min;
}

/**
 * Deterministic filler that looks like source code, configuration and documentation: about a
 * third of the lines mention a key, a token or a password (without a secret), the rest are
 * ordinary statements, log lines and prose with hashes, UUIDs and URLs.
 */
function ordinaryText(bytes: number): string {
  let state = 42;
  const rand = (n: number) => {
    // mulberry32
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) % n;
  };
  const hex = (n: number) => Array.from({ length: n }, () => '0123456789abcdef'[rand(16)]).join('');
  const uuid = () => `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`;
  const words = ['user', 'order', 'cache', 'request', 'session', 'config', 'payment', 'report', 'invoice', 'client'];
  const w = () => words[rand(words.length)];
  const lines = [
    () => `const ${w()}Key = \`${w()}:\${id}\`; // cache key for the ${w()} lookup`,
    () => `if (!token) throw new Error('missing token for ${w()}');`,
    () => `Users can reset their password from the ${w()} settings page; the API key stays the same.`,
    () => `password: \${DB_PASSWORD}  # set in the environment, never here`,
    () => `for (const [key, value] of Object.entries(${w()})) out[key] = String(value);`,
    () => `export function load${w()}(id: string): Promise<${w()}Record> {`,
    () => `  return this.repository.findOne({ where: { id }, relations: ['${w()}'] });`,
    () => `  "${w()}": { "version": "1.${rand(20)}.${rand(9)}", "integrity": "sha512-${hex(40)}" },`,
    () => `commit ${hex(40)} fix ${w()} handling when the ${w()} list is empty`,
    () => `request_id=${uuid()} status=200 path=/api/${w()}s/${rand(9999)} duration_ms=${rand(900)}`,
    () => `  ${w()}_url: https://example.com/${w()}/${hex(8)}?page=${rand(40)}`,
    () => `| ${w()} | ${rand(1000)} | ${hex(12)} | ok |`,
    () => `image: registry.example.com/${w()}@sha256:${hex(64)}`,
    () => `The ${w()} service retries each ${w()} three times before it gives up and logs a warning.`,
    () => `    expect(result.${w()}s).to.have.length(${rand(10)});`,
    () => `}`,
  ];
  const parts: string[] = [];
  let size = 0;
  while (size < bytes) {
    const line = lines[rand(lines.length)]();
    parts.push(line);
    size += line.length + 1;
  }
  return parts.join('\n');
}

main();
