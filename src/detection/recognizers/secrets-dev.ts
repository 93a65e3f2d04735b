import type { Recognizer } from '../types';

/**
 * Developer platform credentials: source hosting (GitHub, GitLab, Bitbucket, Atlassian), package
 * registries (npm, PyPI, RubyGems, NuGet, crates.io, Docker Hub, Artifactory) and CI / developer
 * tools. Sample values are synthetic.
 */
export const devSecretRecognizers: Recognizer[] = [
  {
    id: 'github-token',
    type: 'GITHUB_TOKEN',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // ghp_ personal (classic), gho_ OAuth, ghu_ user-to-server, ghs_ server-to-server (app
    // installation), ghr_ refresh, github_pat_ fine-grained personal access token.
    placement: { kind: 'start', keywords: ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_', 'github_pat_'] },
    patterns: [
      { name: 'classic', regex: String.raw`\b(?:ghp|gho|ghu|ghs)_[A-Za-z0-9]{36}\b`, score: 0.95 },
      { name: 'refresh', regex: String.raw`\bghr_[A-Za-z0-9]{36,76}\b`, score: 0.95 },
      { name: 'fine-grained', regex: String.raw`\bgithub_pat_[A-Za-z0-9]{22}_[A-Za-z0-9]{59}\b`, score: 0.95 },
    ],
    validator: 'secret-token',
    samples: {
      positive: [
        { text: 'GITHUB_TOKEN=ghp_eFweGVrlpCpzibDbtetKAfPwm1X2sMmiGBYD', value: 'ghp_eFweGVrlpCpzibDbtetKAfPwm1X2sMmiGBYD' },
        { text: 'git clone https://x-access-token:ghs_YGsVU7ijm6bnYBJdYb5BBQloB47QH0ws0N1R@github.com/o/r.git', value: 'ghs_YGsVU7ijm6bnYBJdYb5BBQloB47QH0ws0N1R' },
        { text: 'token: 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', value: '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' },
      ],
      negative: ['ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'ghp_WBLp1a89NJ0xi6Kt0NjXAaZ2OWKvgh', 'the ghp_ prefix marks classic tokens'],
    },
  },
  {
    id: 'gitlab-token',
    type: 'GITLAB_TOKEN',
    dataTypes: ['SECRETS'],
    pass: 'local',
    placement: { kind: 'start', keywords: ['glpat-', 'gldt-', 'glrt-', 'glsoat-', 'glcbt-', 'glft-', 'glimt-', 'glagent-', 'gloas-', 'glffct-', 'glwt-', 'glptt-', 'gr1348941'] },
    patterns: [
      {
        name: 'prefixed',
        regex: String.raw`\bgl(?:pat|dt|rt|soat|cbt|ft|imt|agent|oas|ffct|wt)-[A-Za-z0-9_-]{20,80}(?:\.[A-Za-z0-9_-]{2,20}){0,2}(?![A-Za-z0-9_-])`,
        score: 0.95,
      },
      { name: 'trigger', regex: String.raw`\bglptt-[a-f0-9]{40}\b`, score: 0.95 },
      { name: 'runner-registration', regex: String.raw`\bGR1348941[A-Za-z0-9_-]{20,40}(?![A-Za-z0-9_-])`, score: 0.9 },
    ],
    validator: 'secret-token',
    samples: {
      positive: [
        { text: 'GITLAB_TOKEN=glpat-35qM9TcV4D3skHZzmcVr', value: 'glpat-35qM9TcV4D3skHZzmcVr' },
        { text: 'token = "glrt-mO3LwTq0-W5Kmp1ZjuUaXvyp"', value: 'glrt-mO3LwTq0-W5Kmp1ZjuUaXvyp' },
      ],
      negative: ['glpat-xxxxxxxxxxxxxxxxxxxx', 'glpat-<token>'],
    },
  },
  {
    id: 'atlassian-token',
    type: 'ATLASSIAN_TOKEN',
    dataTypes: ['SECRETS'],
    pass: 'local',
    placement: { kind: 'start', keywords: ['atatt3', 'atctt3', 'atbb'] },
    patterns: [
      { name: 'api-token', regex: String.raw`\bATATT3[A-Za-z0-9_=-]{20,250}=[0-9A-Fa-f]{8}\b`, score: 0.95 },
      { name: 'bitbucket-access-token', regex: String.raw`\bATCTT3[A-Za-z0-9_=-]{20,250}=[0-9A-Fa-f]{8}\b`, score: 0.95 },
      { name: 'bitbucket-app-password', regex: String.raw`\bATBB[A-Za-z0-9]{28,40}\b`, score: 0.9 },
    ],
    validator: 'secret-token',
    samples: {
      positive: [
        { text: "JIRA_API_TOKEN='ATATT3ydFfV33Z-RfX6rKVlq3ameyLa74Z_5yzfLzlddcVcWLjhp34AcaEsjhwOhD-ssrFgTEFAqNZ31Ztxu5DFyT8PQgi_2r_fJ5MlfMM3JjhDOABTOqab_xrQST1udL5sX-cqmaV4Wrhx8gfaVi5tGZoepoGqXUUJBghWJybIierOVpBebhvBH7D=4847E958'", value: 'ATATT3ydFfV33Z-RfX6rKVlq3ameyLa74Z_5yzfLzlddcVcWLjhp34AcaEsjhwOhD-ssrFgTEFAqNZ31Ztxu5DFyT8PQgi_2r_fJ5MlfMM3JjhDOABTOqab_xrQST1udL5sX-cqmaV4Wrhx8gfaVi5tGZoepoGqXUUJBghWJybIierOVpBebhvBH7D=4847E958' },
        { text: 'BITBUCKET_APP_PASSWORD=ATBBhPB20rpYgAjOuyLb5NQ5ZG55PBMoqJkX', value: 'ATBBhPB20rpYgAjOuyLb5NQ5ZG55PBMoqJkX' },
      ],
      negative: ['ATBBxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'ATATT3 is the prefix'],
    },
  },
  {
    id: 'npm-token',
    type: 'NPM_TOKEN',
    dataTypes: ['SECRETS'],
    pass: 'local',
    placement: { kind: 'start', keywords: ['npm_', '_authtoken', '_auth', '_password'] },
    patterns: [
      { name: 'token', regex: String.raw`\bnpm_[A-Za-z0-9]{36}\b`, score: 0.95 },
      // .npmrc: //registry.example.com/:_authToken=..., _auth=base64(user:pass), _password=base64.
      {
        name: 'npmrc',
        regex: String.raw`_(?<![A-Za-z0-9]_)(?:authToken|auth|password)\s*=\s*["']?(?<value>[A-Za-z0-9_.+/=-]{12,200})(?![A-Za-z0-9_.+/=-])`,
        score: 0.9,
        group: 'value',
      },
    ],
    validator: 'secret-token',
    samples: {
      positive: [
        { text: '//registry.npmjs.org/:_authToken=npm_YTIuzrVoQF16SilHtoxswyWcCZwc5BnMTlRA', value: 'npm_YTIuzrVoQF16SilHtoxswyWcCZwc5BnMTlRA' },
        { text: '//npm.example.com/:_authToken=ecdc0da5-97a8-484f-8394-1618104bf0ba', value: 'ecdc0da5-97a8-484f-8394-1618104bf0ba' },
      ],
      negative: ['//registry.npmjs.org/:_authToken=${NPM_TOKEN}', 'npm_config_cache=/tmp/npm'],
    },
  },
  {
    id: 'yarn-auth-ident',
    type: 'BASIC_AUTH',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // Yarn 2+ `.yarnrc.yml`: `npmAuthIdent: "user:password"` (or its base64).
    placement: { kind: 'start', keywords: ['npmauthident'] },
    patterns: [{ name: 'ident', regex: String.raw`npmAuthIdent["']?[ \t]*:[ \t]*["']?(?<value>[^\s"':]{1,100}:[^\s"']{3,128})`, score: 0.85, group: 'value' }],
    validator: 'secret-url-credential',
    samples: {
      positive: [{ text: 'npmRegistries:\n  "https://npm.example":\n    npmAuthIdent: "ci-reader:Yrn-Ident-Kq7"', value: 'ci-reader:Yrn-Ident-Kq7' }],
      negative: ['npmAuthIdent: "${NPM_AUTH_IDENT}"', 'npmAuthIdent: "user:password"'],
    },
  },
  {
    id: 'pypi-token',
    type: 'PYPI_TOKEN',
    dataTypes: ['SECRETS'],
    pass: 'local',
    placement: { kind: 'start', keywords: ['pypi-age'] },
    // Macaroons whose base64 location field reads "pypi.org" or "test.pypi.org".
    patterns: [{ name: 'token', regex: String.raw`\bpypi-AgE[A-Za-z0-9_-]{50,300}(?![A-Za-z0-9_-])`, score: 0.95 }],
    validator: 'secret-token',
    samples: {
      positive: [{ text: 'password = pypi-AgEIcHlwaS5vcmcgZaXiCLTBjDX6cnMBj02vXMLU7RxzjG_u4J5maSRPS0IEs6fHFxcvbX0Uvu3mJY9SKTqoY9fShJQZSorh93s_v5ap3-xsO1KBI_X5-cMWYH7zuweAC8mFSgp', value: 'pypi-AgEIcHlwaS5vcmcgZaXiCLTBjDX6cnMBj02vXMLU7RxzjG_u4J5maSRPS0IEs6fHFxcvbX0Uvu3mJY9SKTqoY9fShJQZSorh93s_v5ap3-xsO1KBI_X5-cMWYH7zuweAC8mFSgp' }],
      negative: ['password = pypi-AgEI...'],
    },
  },
  {
    id: 'package-registry-token',
    type: 'PACKAGE_REGISTRY_TOKEN',
    dataTypes: ['SECRETS'],
    pass: 'local',
    placement: { kind: 'start', keywords: ['rubygems_', 'oy2', 'cio', 'dckr_pat_', 'dckr_oat_', 'clojars_', 'sk-pyx-', 'tp-pyx-'] },
    patterns: [
      { name: 'rubygems', regex: String.raw`\brubygems_[a-f0-9]{48}\b`, score: 0.95 },
      { name: 'nuget', regex: String.raw`\boy2[a-z0-9]{43}\b`, score: 0.9 },
      { name: 'cratesio', regex: String.raw`\bcio[A-Za-z0-9]{32}\b`, score: 0.9 },
      { name: 'dockerhub', regex: String.raw`\bdckr_(?:pat|oat)_[A-Za-z0-9_-]{27,40}(?![A-Za-z0-9_-])`, score: 0.95 },
      { name: 'clojars', regex: String.raw`\bCLOJARS_[a-z0-9]{60}\b`, flags: 'i', score: 0.9 },
      { name: 'pyx', regex: String.raw`\b(?:sk|tp)-pyx-(?:[A-Za-z0-9]{64}|2[A-Za-z]{45})\b`, score: 0.95 },
    ],
    validator: 'secret-token',
    samples: {
      positive: [
        { text: 'GEM_HOST_API_KEY=rubygems_f1b1607d2aa2c0fbfb1acc83b986e9e4266e8547966e35d0', value: 'rubygems_f1b1607d2aa2c0fbfb1acc83b986e9e4266e8547966e35d0' },
        { text: 'dotnet nuget push pkg.nupkg --api-key oy2ufphk4z5efsqn3478wwe023uag3ivtb4h4jgf9wbzhw -s https://api.nuget.org/v3/index.json', value: 'oy2ufphk4z5efsqn3478wwe023uag3ivtb4h4jgf9wbzhw' },
        { text: 'CARGO_REGISTRY_TOKEN=cioXvzJomoiGdJy0DCK0nVMPyoYDCufViy8', value: 'cioXvzJomoiGdJy0DCK0nVMPyoYDCufViy8' },
        { text: 'UV_INDEX_PYX_PASSWORD=sk-pyx-jOwfF6ZmZOvOs3o1HSDsECUmeYQBVR40Rr1ey1dqaCyzpy7MQaApToFRCtpPcPjT', value: 'sk-pyx-jOwfF6ZmZOvOs3o1HSDsECUmeYQBVR40Rr1ey1dqaCyzpy7MQaApToFRCtpPcPjT' },
        { text: 'docker login -u me -p dckr_pat_GxCBRZHIhCyUHtg1UzshcbOgj2l', value: 'dckr_pat_GxCBRZHIhCyUHtg1UzshcbOgj2l' },
      ],
      negative: ['rubygems_0000000000000000000000000000000000000000000000000', 'Cioccolato', 'oy2 is a prefix'],
    },
  },
  {
    id: 'artifactory-token',
    type: 'ARTIFACTORY_TOKEN',
    dataTypes: ['SECRETS'],
    pass: 'local',
    placement: { kind: 'start', keywords: ['akcp', 'cmvmdgtuojaxoj'] },
    patterns: [
      { name: 'api-key', regex: String.raw`\bAKCp[A-Za-z0-9]{69}\b`, score: 0.95 },
      // Reference tokens: base64 of "reftkn:01:...".
      { name: 'reference-token', regex: String.raw`\bcmVmdGtuOjAxOj[A-Za-z0-9]{40,60}\b`, score: 0.95 },
    ],
    validator: 'secret-token',
    samples: {
      positive: [{ text: 'jf rt dl --apikey=AKCpHDcF5bMvTkCd5OgxxQWGIFIy2pkuhH9potl3sBeczH9OaCpOj4WKwbNGLWtb3dbAomqBC repo/file', value: 'AKCpHDcF5bMvTkCd5OgxxQWGIFIy2pkuhH9potl3sBeczH9OaCpOj4WKwbNGLWtb3dbAomqBC' }],
      negative: ['AKCpXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX'],
    },
  },
  {
    id: 'sonarqube-token',
    type: 'SONARQUBE_TOKEN',
    dataTypes: ['SECRETS'],
    pass: 'local',
    placement: { kind: 'start', keywords: ['sqp_', 'sqa_', 'squ_', 'sonar'] },
    patterns: [
      { name: 'prefixed', regex: String.raw`\bsq[pau]_[a-f0-9]{40}\b`, score: 0.95 },
      {
        name: 'named',
        regex: String.raw`sonar[\w.-]{0,20}?(?:login|token)["'\x60]?\s{0,5}(?:=|:|,)\s{0,5}["'\x60]?(?<value>[a-f0-9]{40})\b`,
        flags: 'i',
        score: 0.9,
        group: 'value',
      },
    ],
    validator: 'secret-token',
    samples: {
      positive: [
        { text: 'mvn sonar:sonar -Dsonar.login=b97ad511619382cba6428325cec9b86ed63a176b', value: 'b97ad511619382cba6428325cec9b86ed63a176b' },
        { text: 'SONAR_TOKEN=squ_46cb5f093db57ff2417944674f2f8a1ad97094e2', value: 'squ_46cb5f093db57ff2417944674f2f8a1ad97094e2' },
      ],
      negative: [
        'sonarqube-scanner/-/sonarqube-scanner-2.5.0.tgz#57ccb411885626f71405bc5097adda2786ec4ed1',
        '/d:sonar.host.url=$(SONAR_HOST) /d:sonar.login=$(SONAR_LOGIN)',
      ],
    },
  },
  {
    id: 'dev-tool-token',
    type: 'DEV_TOOL_TOKEN',
    dataTypes: ['SECRETS'],
    pass: 'local',
    placement: { kind: 'start', keywords: ['pmak-', 'odt_', 'sgp_', 'figd_', 'lin_api_', 'ntn_', 'secret_', 'ccipat_', 'hawk.', 'p8e-', 'live_', 'cc_test_reporter_id', 'codeclimate_repo_token', '"params"'] },
    patterns: [
      { name: 'postman', regex: String.raw`\bPMAK-[a-f0-9]{24}-[a-f0-9]{34}\b`, score: 0.95 },
      { name: 'dependency-track', regex: String.raw`\bodt_[A-Za-z0-9]{32,40}\b`, score: 0.9 },
      { name: 'sourcegraph', regex: String.raw`\bsgp_(?:(?:[a-f0-9]{16}|local)_)?[a-f0-9]{40}\b`, score: 0.9 },
      { name: 'figma', regex: String.raw`\bfigd_[A-Za-z0-9_-]{40}(?![A-Za-z0-9_-])`, score: 0.95 },
      { name: 'linear', regex: String.raw`\blin_api_[A-Za-z0-9]{40}\b`, score: 0.95 },
      { name: 'notion', regex: String.raw`\b(?:ntn_\d{11}[A-Za-z0-9]{35}|secret_[A-Za-z0-9]{43})\b`, score: 0.9 },
      { name: 'circleci', regex: String.raw`\bCCIPAT_[A-Za-z0-9]{22}_[a-f0-9]{40}\b`, score: 0.95 },
      { name: 'stackhawk', regex: String.raw`\bhawk\.[A-Za-z0-9_-]{20}\.[A-Za-z0-9_-]{20}(?![A-Za-z0-9_-])`, score: 0.9 },
      { name: 'adobe-client-secret', regex: String.raw`\bp8e-[A-Za-z0-9-]{32}(?![A-Za-z0-9-])`, score: 0.9 },
      { name: 'twitch-stream-key', regex: String.raw`\blive_\d{8,12}_[A-Za-z0-9]{30,36}\b`, score: 0.9 },
      {
        name: 'codeclimate-reporter',
        regex: String.raw`(?:CC_TEST_REPORTER_ID|CODECLIMATE_REPO_TOKEN)\s*[:=]\s*["']?(?<value>[a-f0-9]{64})\b`,
        score: 0.85,
        group: 'value',
      },
      {
        // TrueNAS API keys in a websocket auth.login_with_api_key call.
        name: 'truenas-websocket',
        regex: String.raw`"params"\s*:\s*\[\s*"(?<value>\d{1,6}-[A-Za-z0-9]{64})"`,
        score: 0.85,
        group: 'value',
      },
    ],
    validator: 'secret-token',
    samples: {
      positive: [
        { text: "('x-api-key', 'PMAK-036f781dcb0f5e0d57128e9d-5635f53a040f92617915f2ebdb206b47f2')", value: 'PMAK-036f781dcb0f5e0d57128e9d-5635f53a040f92617915f2ebdb206b47f2' },
        { text: 'X-Api-Key: odt_9ttEo3EctS2cyDczFrGK1N5XKDMOOSx4', value: 'odt_9ttEo3EctS2cyDczFrGK1N5XKDMOOSx4' },
        { text: 'SRC_ACCESS_TOKEN=sgp_c72564683b097429_0b38cbd6a10b7a83be65e505a2f20cc130677193', value: 'sgp_c72564683b097429_0b38cbd6a10b7a83be65e505a2f20cc130677193' },
        { text: '"client_secret": "p8e-uOJK6SYpK7lcJ5aEKdk7tVekuYEtcmUV"', value: 'p8e-uOJK6SYpK7lcJ5aEKdk7tVekuYEtcmUV' },
        { text: 'STREAM_KEY=live_257191390_eMla7hYqBOitJbjSp2mZPIprC3um5A', value: 'live_257191390_eMla7hYqBOitJbjSp2mZPIprC3um5A' },
        { text: '  env:\n    CC_TEST_REPORTER_ID: 71b89496ec129055b4a3fe54b66071de60983ae03a48206682894cf90296cf94', value: '71b89496ec129055b4a3fe54b66071de60983ae03a48206682894cf90296cf94' },
        { text: 'NOTION_TOKEN=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', value: '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' },
      ],
      negative: ['odt_4PI3gGVpLPM0Ut5aepBN', 'the pattern path is patched', 'secret_key_base = ENV["SECRET_KEY_BASE"]'],
    },
  },
  {
    id: 'airtable-token',
    type: 'DEV_TOOL_TOKEN',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // "pat" is everywhere (path, pattern): the pattern is tried only where "pat" starts.
    placement: { kind: 'start', keywords: ['pat'] },
    patterns: [{ name: 'pat', regex: String.raw`pat(?<![A-Za-z0-9_]pat)[A-Za-z0-9]{14}\.[a-f0-9]{64}\b`, score: 0.95 }],
    validator: 'secret-token',
    samples: {
      positive: [{ text: 'AIRTABLE_TOKEN=patRPx78RkJFjIoWy.95a7d7fcf41d8bbda527d2f4fd60591a95f9806561948f62d1b28441c237268c', value: 'patRPx78RkJFjIoWy.95a7d7fcf41d8bbda527d2f4fd60591a95f9806561948f62d1b28441c237268c' }],
      negative: ['the pattern path is patched', 'patxxxxxxxxxxxxxx.not-hex'],
    },
  },
  {
    id: 'figma-token',
    type: 'FIGMA_TOKEN',
    dataTypes: ['SECRETS'],
    pass: 'local',
    placement: { kind: 'start', keywords: ['figma'] },
    patterns: [
      {
        name: 'legacy',
        regex: String.raw`figma[\w.-]{0,25}["'\x60]?\s{0,5}[:=]\s{0,5}["'\x60]?(?<value>\d{3,6}-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\b`,
        flags: 'i',
        score: 0.9,
        group: 'value',
      },
    ],
    validator: 'secret-token',
    samples: {
      positive: [{ text: "curl -H 'X-Figma-Token: 5681-4e14b4b6-81c1-4bd4-b1f0-d4de96cb77f4' https://api.figma.com/v1/me", value: '5681-4e14b4b6-81c1-4bd4-b1f0-d4de96cb77f4' }],
      negative: ['X-Figma-Token: <token>'],
    },
  },
  {
    id: 'teamcity-token',
    type: 'TEAMCITY_TOKEN',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // Base64 of {"typ": "TCV2"}: TeamCity's own token header.
    placement: { kind: 'start', keywords: ['eyj0exaioiaivenwmij9'] },
    patterns: [{ name: 'token', regex: String.raw`\beyJ0eXAiOiAiVENWMiJ9\.[A-Za-z0-9_-]{20,80}\.[A-Za-z0-9_-]{20,100}(?![A-Za-z0-9_-])`, score: 0.95 }],
    validator: 'secret-token',
    samples: {
      positive: [{ text: 'teamcity.token=eyJ0eXAiOiAiVENWMiJ9.6TNaDegununDSOf3B_UNeUGNWAkz6141EmBO.8YJtnLusEiYL6QHCsrHbx-RaZow9GtFDv9kccdCVvpZQ6pRF', value: 'eyJ0eXAiOiAiVENWMiJ9.6TNaDegununDSOf3B_UNeUGNWAkz6141EmBO.8YJtnLusEiYL6QHCsrHbx-RaZow9GtFDv9kccdCVvpZQ6pRF' }],
      negative: ['eyJ0eXAiOiAiVENWMiJ9 alone'],
    },
  },
  {
    id: 'okta-token',
    type: 'OKTA_TOKEN',
    dataTypes: ['SECRETS'],
    pass: 'local',
    placement: { kind: 'start', keywords: ['okta', 'ssws'] },
    patterns: [
      { name: 'ssws', regex: String.raw`\bSSWS\s{1,5}(?<value>00[A-Za-z0-9_-]{39}[A-Za-z0-9_])(?![A-Za-z0-9_-])`, score: 0.95, group: 'value' },
      {
        name: 'named',
        regex: String.raw`okta[\s\S]{0,60}?(?<![A-Za-z0-9_-])(?<value>00[A-Za-z0-9_-]{39}[A-Za-z0-9_])(?![A-Za-z0-9_-])`,
        flags: 'i',
        score: 0.85,
        group: 'value',
      },
    ],
    validator: 'secret-token',
    samples: {
      positive: [
        { text: 'Authorization: SSWS 00KkeV1ciebR2Mno-0CZZ9MsYHHkxPIgtaFVfGo1rE', value: '00KkeV1ciebR2Mno-0CZZ9MsYHHkxPIgtaFVfGo1rE' },
        { text: 'OKTA_API_TOKEN = "00SXrPjfD15msazb9PoCDgYj0QoTvz7XBwOv2RJs6i"', value: '00SXrPjfD15msazb9PoCDgYj0QoTvz7XBwOv2RJs6i' },
      ],
      negative: ['okta_api_token: 000000000000000000000000000000000000000000aa', 'okta: 00B5Y-_Oxi2qlH6xm6XMTgh4PUIPaIyW1RauTzjGud--'],
    },
  },
];
