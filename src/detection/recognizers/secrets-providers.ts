import type { Recognizer } from '../types';

/**
 * Provider credentials the other secret files do not cover: AWS session tokens, Amazon Bedrock
 * API keys, Tencent Cloud, Vercel, DeepSeek-style and Fireworks AI keys, Docker Swarm, PostHog, Lob, Adyen, Twitch,
 * Opsgenie, Razorpay, Shodan, Jenkins, Asana, Algolia, Codecov; and two vendor-neutral shapes that name
 * the credential by how it is passed: a command-line flag (`--api-token X`) and a call argument
 * (`AuthApiKey("...")`). Every pattern starts at a literal (a prefix, a flag, a call) or runs in
 * a window around the provider's name, so text without them costs nothing. Token shapes follow
 * the providers' documentation; sample values are made up.
 */
export const providerSecretRecognizers: Recognizer[] = [
  {
    id: 'aws-session-token',
    type: 'AWS_SESSION_TOKEN',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // STS session tokens are base64 of a structure whose first bytes are fixed: "FwoGZXIvYXdzE"
    // and "FQoGZXIvYXdzE" (older, "...aws" inside) and "IQoJb3JpZ2luX2Vj" ("origin_ec").
    placement: { kind: 'start', keywords: ['fwogzxivyxdze', 'fqogzxivyxdze', 'iqojb3jpz2lux2vj'] },
    patterns: [
      {
        name: 'session-token',
        regex: String.raw`\b(?:FwoGZXIvYXdzE|FQoGZXIvYXdzE|IQoJb3JpZ2luX2Vj)[A-Za-z0-9+/]{100,2000}={0,2}`,
        score: 0.95,
      },
    ],
    validator: 'secret-token',
    samples: {
      positive: [
        {
          text: 'aws_session_token = IQoJb3JpZ2luX2VjrJF22eINPdIsWXQYoOfkH9KOX4YqVjQQyWxhh7rE8S0NLVf1dQYvPMz1k2WbpKiHPBblB81hKBFQprbl+v1t1/ZYMGDIdPj13m2N7xJGyBooVgOP7UT/xtFLn3v5uOFMXQeNez0N0fqyqUHm9GFi0ZFVLg5eHm32syDzJUquTn9byjkXqqjX==',
          value: 'IQoJb3JpZ2luX2VjrJF22eINPdIsWXQYoOfkH9KOX4YqVjQQyWxhh7rE8S0NLVf1dQYvPMz1k2WbpKiHPBblB81hKBFQprbl+v1t1/ZYMGDIdPj13m2N7xJGyBooVgOP7UT/xtFLn3v5uOFMXQeNez0N0fqyqUHm9GFi0ZFVLg5eHm32syDzJUquTn9byjkXqqjX==',
        },
      ],
      negative: ['aws_session_token = IQoJb3JpZ2luX2Vj...', 'SessionToken: FwoGZXIvYXdzEXAMPLE'],
    },
  },
  {
    id: 'aws-bedrock-api-key',
    type: 'AWS_BEDROCK_API_KEY',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // Long-term keys: "ABSK" and base64 of "BedrockAPIKey-..."; short-term keys:
    // "bedrock-api-key-" and base64 of a presigned "bedrock.amazonaws.com/?Action=..." URL.
    placement: { kind: 'start', keywords: ['absk', 'bedrock-api-key-'] },
    patterns: [
      { name: 'long-term', regex: String.raw`\bABSKQmVkcm9ja0FQSUtleS[A-Za-z0-9+/]{40,400}={0,2}`, score: 0.95 },
      { name: 'short-term', regex: String.raw`\bbedrock-api-key-YmVkcm9jay5hbWF6b25hd3MuY29t[A-Za-z0-9+/]{100,4000}={0,2}`, score: 0.95 },
    ],
    validator: 'secret-token',
    samples: {
      positive: [
        {
          text: 'export AWS_BEARER_TOKEN_BEDROCK=ABSKQmVkcm9ja0FQSUtleS1ya3NsLWF0LTg5NjE3NjYzOTgzODp1dzJoMGVad28vQjJ1dUQwN3JPSDdHTTVUd1F4d1VZZWRDcXVlRExsT2ovaVpXNFk0Z2hhNkhscnZMUmo=',
          value: 'ABSKQmVkcm9ja0FQSUtleS1ya3NsLWF0LTg5NjE3NjYzOTgzODp1dzJoMGVad28vQjJ1dUQwN3JPSDdHTTVUd1F4d1VZZWRDcXVlRExsT2ovaVpXNFk0Z2hhNkhscnZMUmo=',
        },
        {
          text: 'headers = {"Authorization": "Bearer bedrock-api-key-YmVkcm9jay5hbWF6b25hd3MuY29tLz9BY3Rpb249Q2FsbFdpdGhCZWFyZXJUb2tlbiZYLUFtei1BbGdvcml0aG09QVdTNC1ITUFDLVNIQTI1NiZYLUFtei1DcmVkZW50aWFsPUFTSUFONERKTUhHR04zUjdHR01VJTJGMjAyNTExMjQlMkZ1cy1lYXN0LTElMkZiZWRyb2NrJTJGYXdzNF9yZXF1ZXN0JlgtQW16LVNpZ25hdHVyZT0wMDM0MTUzZDI3MmZiZWY4NjI2ZmU4NzFlODYxOTljODNiODQ1MGFiY2Y4NzdhNWI4MzA3OTQxZmU3MjkwNmYz"}',
          value: 'bedrock-api-key-YmVkcm9jay5hbWF6b25hd3MuY29tLz9BY3Rpb249Q2FsbFdpdGhCZWFyZXJUb2tlbiZYLUFtei1BbGdvcml0aG09QVdTNC1ITUFDLVNIQTI1NiZYLUFtei1DcmVkZW50aWFsPUFTSUFONERKTUhHR04zUjdHR01VJTJGMjAyNTExMjQlMkZ1cy1lYXN0LTElMkZiZWRyb2NrJTJGYXdzNF9yZXF1ZXN0JlgtQW16LVNpZ25hdHVyZT0wMDM0MTUzZDI3MmZiZWY4NjI2ZmU4NzFlODYxOTljODNiODQ1MGFiY2Y4NzdhNWI4MzA3OTQxZmU3MjkwNmYz',
        },
      ],
      negative: ['AWS_BEARER_TOKEN_BEDROCK=ABSK...', 'export AWS_BEARER_TOKEN_BEDROCK=${BEDROCK_KEY}'],
    },
  },
  {
    id: 'tencent-cloud-key',
    type: 'TENCENT_CLOUD_KEY',
    dataTypes: ['SECRETS'],
    pass: 'local',
    placement: { kind: 'start', keywords: ['akid'] },
    // A SecretId is AKID and 32 letters or digits; its SecretKey (32 characters) has no prefix.
    patterns: [{ name: 'secret-id', regex: String.raw`\bAKID[A-Za-z0-9]{32}\b`, score: 0.9 }],
    validator: 'secret-token',
    samples: {
      positive: [{ text: 'cred = credential.Credential("AKIDnuX7BJsMs6CZmT12yQwIFHiUDlyeFaDe", os.environ["TENCENTCLOUD_SECRET_KEY"])', value: 'AKIDnuX7BJsMs6CZmT12yQwIFHiUDlyeFaDe' }],
      negative: ['TENCENTCLOUD_SECRET_ID=AKIDxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'akidney bean'],
    },
  },
  {
    id: 'vercel-token',
    type: 'PLATFORM_TOKEN',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // Prefixes of Vercel's credentials: personal (vcp), integration (vci), app access (vca), app
    // refresh (vcr) tokens and API keys (vck). Letters and digits only: `vcr_cassette_dir`
    // (Ruby's VCR) is a name, and the validator refuses word-like values.
    placement: { kind: 'start', keywords: ['vcp_', 'vci_', 'vca_', 'vcr_', 'vck_'] },
    patterns: [{ name: 'token', regex: String.raw`\bvc[pikar]_[A-Za-z0-9]{24,100}\b`, score: 0.9 }],
    validator: 'secret-generic',
    samples: {
      positive: [{ text: 'VERCEL_TOKEN=vcp_0jfIt3GjJ3PpO2dEQzppZCaIYSJmS6i4VQS58vim', value: 'vcp_0jfIt3GjJ3PpO2dEQzppZCaIYSJmS6i4VQS58vim' }],
      negative: ['VCR.configure { |c| c.cassette_library_dir = vcr_cassettes_directory }', 'vcr_CassetteLibraryDirectoryName', 'VERCEL_TOKEN=vcp_XXXXXXXXXXXXXXXXXXXXXXXXXXXX'],
    },
  },
  {
    id: 'ai-inference-key',
    type: 'AI_API_KEY',
    dataTypes: ['SECRETS'],
    pass: 'local',
    placement: { kind: 'start', keywords: ['sk-', 'fw_'] },
    patterns: [
      // DeepSeek and DashScope (Qwen) keys: sk- and 32 lower-case hex digits.
      { name: 'sk-hex', regex: String.raw`\bsk-[a-f0-9]{32}\b`, score: 0.8 },
      { name: 'fireworks', regex: String.raw`\bfw_[A-Za-z0-9]{24}\b`, score: 0.8 },
    ],
    validator: 'secret-generic',
    samples: {
      positive: [
        { text: 'client = OpenAI(api_key="sk-b4613d8d87e7bd9e2790bd3376b80854", base_url="https://api.deepseek.com")', value: 'sk-b4613d8d87e7bd9e2790bd3376b80854' },
        { text: 'FIREWORKS_API_KEY=fw_eXiHkm9UMldOeuUs2wRcxGg3', value: 'fw_eXiHkm9UMldOeuUs2wRcxGg3' },
      ],
      negative: ['sk-00000000000000000000000000000000', 'fw_UpdateFirmwareImageNow', 'class="sk-spinner sk-spinner-wave"'],
    },
  },
  {
    id: 'prefixed-service-token',
    type: 'SERVICE_TOKEN',
    dataTypes: ['SECRETS'],
    pass: 'local',
    placement: { kind: 'start', keywords: ['swmtkn-1-', 'swmkey-1-', 'phx_', 'phs_', 'live_', 'aqe', 'oauth:', 'geniekey', 'rzp_live_', 'rzp_test_', 'shodan.shodan('] },
    patterns: [
      // Docker Swarm join tokens (a cluster CA digest and a secret) and autolock unlock keys.
      { name: 'docker-swarm-join', regex: String.raw`\bSWMTKN-1-[a-z0-9]{50}-[a-z0-9]{25}\b`, score: 0.95 },
      { name: 'docker-swarm-unlock', regex: String.raw`\bSWMKEY-1-[A-Za-z0-9+/]{43}(?![A-Za-z0-9+/])`, score: 0.95 },
      // PostHog personal (phx_) and project secret (phs_) API keys; project keys (phc_) are public.
      { name: 'posthog', regex: String.raw`\bph[xs]_[A-Za-z0-9]{43}\b`, score: 0.9 },
      { name: 'lob', regex: String.raw`\blive_[0-9a-f]{35}\b`, score: 0.85 },
      // Adyen API keys: "AQE", base64, then a dash and a second base64 part.
      { name: 'adyen', regex: String.raw`\bAQE[A-Za-z0-9+/]{80,300}={0,2}-[A-Za-z0-9+/]{20,80}={0,2}`, score: 0.9 },
      // Twitch chat (IRC) passwords: an OAuth token written "oauth:" and 30 characters.
      { name: 'twitch-irc', regex: String.raw`\boauth:[a-z0-9]{30}\b`, score: 0.85 },
      { name: 'opsgenie', regex: String.raw`\bGenieKey[ \t]+(?<value>[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\b`, flags: 'i', score: 0.9, group: 'value' },
      // Shodan's Python client takes its 32-character API key as the first argument.
      { name: 'shodan-client', regex: String.raw`shodan\.Shodan\([ \t]*(?<q>["'])(?<value>[A-Za-z0-9]{32})\k<q>`, score: 0.85, group: 'value' },
      // Razorpay: the key id (public, in checkout pages) followed by its 24-character secret.
      {
        name: 'razorpay-pair',
        regex: String.raw`\brzp_(?:live|test)_[A-Za-z0-9]{14}\b["']?[ \t]{0,5}[,:][ \t]{0,5}["']?(?<value>[A-Za-z0-9]{24})\b`,
        score: 0.9,
        group: 'value',
      },
    ],
    validator: 'secret-token',
    samples: {
      positive: [
        { text: 'docker swarm join --token SWMTKN-1-nxvy0gp9bhz3lea7q1pnnhhmidf76t8o64bp1yy6k3uu4lo2so-nsqbgp0x8k5e4bzt8482vawp0 10.0.0.5:2377', value: 'SWMTKN-1-nxvy0gp9bhz3lea7q1pnnhhmidf76t8o64bp1yy6k3uu4lo2so-nsqbgp0x8k5e4bzt8482vawp0' },
        { text: 'docker swarm unlock-key prints SWMKEY-1-2JdsMbitUE+xdQsekLOnc8xfsEamJD6bhQpgVP25JPz', value: 'SWMKEY-1-2JdsMbitUE+xdQsekLOnc8xfsEamJD6bhQpgVP25JPz' },
        { text: 'POSTHOG_PERSONAL_API_KEY=phx_p4AeyuhnDIyvQ7MdneUFGeKpKUlq2oO7JKM4CARskL4', value: 'phx_p4AeyuhnDIyvQ7MdneUFGeKpKUlq2oO7JKM4CARskL4' },
        { text: "const lob = require('lob')('live_8c0811f8b74b34d29782001e6fd43918752');", value: 'live_8c0811f8b74b34d29782001e6fd43918752' },
        {
          text: 'config.setXApiKey("AQEx+kjGM0+M6RzYCidiATBz6WiDFVEipJ+2YqbbR96L/cgjHf0I6UeNejb7lVBmoMGEb6E0A4spLRWPnNaEMUE/6no3DuMZNY50zJAVloijGzdX4MCVAC26jNu==-UWazqVML0OR6Tv97q5TIZjnRpfMqNiIEFLg2DdwO5E6=");',
          value: 'AQEx+kjGM0+M6RzYCidiATBz6WiDFVEipJ+2YqbbR96L/cgjHf0I6UeNejb7lVBmoMGEb6E0A4spLRWPnNaEMUE/6no3DuMZNY50zJAVloijGzdX4MCVAC26jNu==-UWazqVML0OR6Tv97q5TIZjnRpfMqNiIEFLg2DdwO5E6=',
        },
        { text: 'PASS oauth:19z558it1fxp7cn3yhgyacu2vebr93', value: 'oauth:19z558it1fxp7cn3yhgyacu2vebr93' },
        { text: 'curl -H "Authorization: GenieKey 9883acfe-464f-42d4-9491-1bf96dbba6b0" https://api.opsgenie.com/v2/alerts', value: '9883acfe-464f-42d4-9491-1bf96dbba6b0' },
        { text: 'client = razorpay.Client(auth=("rzp_live_jm76RlaE1NOh2a", "qiwfYr2oV8TBVwtZcAeZ7HjL"))', value: 'qiwfYr2oV8TBVwtZcAeZ7HjL' },
        { text: 'api = shodan.Shodan("sSHU9CQBwhQi8HnB99uXhPa4s7tqqrq5")', value: 'sSHU9CQBwhQi8HnB99uXhPa4s7tqqrq5' },
      ],
      negative: [
        'docker swarm join --token SWMTKN-1-<token> 10.0.0.5:2377',
        'posthog.init("phc_p4AeyuhnDIyvQ7MdneUFGeKpKUlq2oO7JKM4CARskL4")',
        'live_0000000000000000000000000000000000',
        'oauth: true',
        'Authorization: GenieKey 00000000-0000-0000-0000-000000000000',
        'key: "rzp_live_jm76RlaE1NOh2a"',
      ],
    },
  },
  {
    id: 'jenkins-token',
    type: 'SERVICE_TOKEN',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // A Jenkins API token ("11" and 32 hex digits) or CSRF crumb named as such: `JENKINS_TOKEN=`,
    // `jenkins_api_token:`, the `Jenkins-Crumb:` header.
    placement: { kind: 'start', keywords: ['jenkins'] },
    patterns: [
      {
        name: 'named',
        regex: String.raw`jenkins[\w.-]{0,30}?(?:token|crumb)[\w.-]{0,10}?["']?[ \t]{0,5}(?:=>|=|:)[ \t]{0,5}["']?(?<value>[0-9a-f]{32,64})\b`,
        flags: 'i',
        score: 0.85,
        group: 'value',
      },
    ],
    validator: 'secret-token',
    samples: {
      positive: [
        { text: 'JENKINS_API_TOKEN=118eab1216d4f6a5aec94949e5f0bb131d', value: '118eab1216d4f6a5aec94949e5f0bb131d' },
        { text: 'curl -X POST -H "Jenkins-Crumb: 8eab1216d4f6a5aec94949e5f0bb131d" https://ci.example.org/job/app/build', value: '8eab1216d4f6a5aec94949e5f0bb131d' },
      ],
      negative: ['JENKINS_API_TOKEN=${{ secrets.JENKINS_TOKEN }}', 'jenkins.war md5 8eab1216d4f6a5aec94949e5f0bb131d'],
    },
  },
  {
    id: 'asana-token',
    type: 'DEV_TOOL_TOKEN',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // Asana personal access tokens: a version digit, the user id (and an app id), ":" and 32 hex
    // digits. The shape has no literal prefix, so it is looked for near the word "asana" only.
    placement: { kind: 'window', keywords: ['asana'], reach: 200, insideWords: true },
    patterns: [{ name: 'pat', regex: String.raw`\b[0-2]/\d{10,19}(?:/\d{10,19})?:[0-9a-f]{32}\b`, score: 0.9 }],
    validator: 'secret-token',
    samples: {
      positive: [{ text: 'curl https://app.asana.com/api/1.0/users/me -H "Authorization: Bearer 1/4940184268248064:e0ed490f6c99a17420cd3ee2a2ee3f1b"', value: '1/4940184268248064:e0ed490f6c99a17420cd3ee2a2ee3f1b' }],
      negative: ['asana task 1/4940184268248064 moved', 'ASANA_TOKEN=0/0000000000000000:00000000000000000000000000000000'],
    },
  },
  {
    id: 'algolia-key',
    type: 'DEV_TOOL_TOKEN',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // The client constructor: application id (10 capitals or digits), then the API key.
    placement: { kind: 'start', keywords: ['algoliasearch(', 'searchclient('] },
    patterns: [
      {
        name: 'client',
        regex: String.raw`(?:algoliasearch|SearchClient)\([ \t]*(?<q>["'])[A-Z0-9]{10}\k<q>[ \t]*,[ \t]*(?<q2>["'])(?<value>[a-f0-9]{32})\k<q2>`,
        flags: 'i',
        score: 0.75,
        group: 'value',
      },
    ],
    validator: 'secret-token',
    samples: {
      positive: [{ text: 'const client = algoliasearch("LRJZ4HZRII", "1d882aedc74fc207c59f5ff782bf4f2e");', value: '1d882aedc74fc207c59f5ff782bf4f2e' }],
      negative: ['const client = algoliasearch(process.env.ALGOLIA_APP_ID, process.env.ALGOLIA_ADMIN_KEY);'],
    },
  },
  {
    id: 'codecov-token',
    type: 'DEV_TOOL_TOKEN',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // The uploader's `-t <uuid>` / `--token <uuid>` on a line that runs codecov.
    placement: { kind: 'window', keywords: ['codecov'], reach: 200, insideWords: true },
    patterns: [
      {
        name: 'upload-flag',
        regex: String.raw`(?<=codecov[^\n]{0,150})[ \t](?:-t|--token)[ =]["']?(?<value>[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\b`,
        score: 0.85,
        group: 'value',
      },
    ],
    validator: 'secret-token',
    samples: {
      positive: [{ text: './codecov upload-process -t d497932d-8fd7-4a5c-b414-3ad293a15ce5 -F unit', value: 'd497932d-8fd7-4a5c-b414-3ad293a15ce5' }],
      negative: ['./codecov upload-process -t ${CODECOV_TOKEN}', 'codecov report id d497932d-8fd7-4a5c-b414-3ad293a15ce5'],
    },
  },
  {
    id: 'cli-token-flag',
    type: 'GENERIC_SECRET',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // A token passed to a command after a space (`--api-token X`; `--token=X` is an assignment,
    // see generic-secret). The validator drops names, paths, variables and placeholders.
    placement: {
      kind: 'start',
      keywords: ['--token', '--api-token', '--apitoken', '--api-key', '--apikey', '--auth-token', '--authtoken', '--access-token', '--auth-key', '--authkey', '--secret', '--client-secret', '--secret-key', '--access-key', '--github-token', '--private-token'],
    },
    patterns: [
      {
        name: 'flag',
        regex: String.raw`--(?:token|api-?token|api-?key|auth-?token|access-token|auth-?key|secret|client-secret|secret-key|access-key|github-token|private-token)[ \t]+(?<q>["']?)(?<value>[A-Za-z0-9][A-Za-z0-9_\-.~+/=:]{15,300})\k<q>(?=\s|$)`,
        flags: 'i',
        score: 0.75,
        group: 'value',
      },
    ],
    validator: 'secret-generic',
    samples: {
      positive: [
        { text: 'vercel deploy --prod --token 5XZghd4aaQAGOqQPw7O0JpaT', value: '5XZghd4aaQAGOqQPw7O0JpaT' },
        { text: 'ibmcloud login --apikey 5XZghd4aaQAGOqQPw7O0JpaTjRNWF4pwwExIPg5F -r eu-de', value: '5XZghd4aaQAGOqQPw7O0JpaTjRNWF4pwwExIPg5F' },
      ],
      negative: ['vercel deploy --token $VERCEL_TOKEN', 'gh auth login --secret my-deploy-credentials', 'app --api-key /etc/app/api.key', 'cli --token <your-token-here>', 'run --token-file tokens/ci.txt'],
    },
  },
  {
    id: 'credential-call-argument',
    type: 'GENERIC_SECRET',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // A literal handed to a function named for the credential: `setApiKey("...")`,
    // `AuthApiKey("...")`, `withToken('...')`, `ClientSecret("...")`.
    placement: { kind: 'start', keywords: ['apikey(', 'api_key(', 'token(', 'secret('] },
    patterns: [
      {
        name: 'call',
        regex: String.raw`(?:api_?key|token|secret)\([ \t]*(?<q>["'])(?<value>[A-Za-z0-9][A-Za-z0-9_\-.~+/=:]{15,300})\k<q>[ \t]*[,)]`,
        flags: 'i',
        score: 0.7,
        group: 'value',
      },
    ],
    validator: 'secret-generic',
    samples: {
      positive: [
        { text: 'auth_credentials=weaviate.auth.AuthApiKey("jvDnfxdPavvbQAU0s33fJSByz3Bexb7qhOMR")', value: 'jvDnfxdPavvbQAU0s33fJSByz3Bexb7qhOMR' },
        { text: "client.setToken('5XZghd4aaQAGOqQPw7O0JpaTjRNWF4pw');", value: '5XZghd4aaQAGOqQPw7O0JpaTjRNWF4pw' },
      ],
      negative: ['const t = getToken("user-session-cache-key");', 'setApiKey(process.env.API_KEY)', 'parseToken("Authorization")', "readSecret('/run/secrets/db_password')"],
    },
  },
];
