import type { Recognizer } from '../types';

/**
 * Cloud and infrastructure credentials: AWS, Google Cloud, Azure, Alibaba, DigitalOcean, Heroku,
 * Cloudflare, Databricks, HashiCorp, Kubernetes, Doppler, and observability vendors (New Relic,
 * Grafana, Dynatrace, Sentry). Formats follow the vendors' documented token layouts; sample
 * values are synthetic.
 */
export const cloudSecretRecognizers: Recognizer[] = [
  {
    id: 'aws-access-key',
    type: 'AWS_ACCESS_KEY',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // AKIA: long-term user key; ASIA: temporary (STS) key; the others are IAM unique-ID prefixes.
    placement: { kind: 'start', keywords: ['akia', 'asia', 'abia', 'acca', 'agpa', 'aida', 'aipa', 'anpa', 'anva', 'apka', 'aroa', 'a3t'] },
    patterns: [
      {
        name: 'key-id',
        regex: String.raw`\b(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AIPA|ANPA|ANVA|APKA|AROA|A3T[A-Z0-9])[A-Z0-9]{16}\b`,
        score: 0.9,
      },
    ],
    validator: 'secret-token',
    samples: {
      positive: [
        { text: 'export AWS_ACCESS_KEY_ID=AKIAF7KWWQMYS6FC6NV3', value: 'AKIAF7KWWQMYS6FC6NV3' },
        { text: '"AccessKeyId": "ASIACA7V26GTKJBHXTUN",', value: 'ASIACA7V26GTKJBHXTUN' },
      ],
      negative: [
        'aws_access_key_id = AKIAIOSFODNN7EXAMPLE',
        'AKIAXXXXXXXXXXXXXXXX is the shape of a key id',
        'AKIADEADBEEFDEADBEEF',
        'prefix AKIAWYQJYAHLEQJWL55 is one character short',
        'Travel to Asia in spring',
      ],
    },
  },
  {
    id: 'aws-secret-key',
    type: 'AWS_SECRET_KEY',
    dataTypes: ['SECRETS'],
    pass: 'local',
    placement: { kind: 'start', keywords: ['aws', 'secretaccesskey', 'secret_access_key', 'akia', 'asia'] },
    patterns: [
      {
        name: 'named',
        regex: String.raw`(?:aws[\w.-]{0,20}?secret[\w.-]{0,20}?|secret_?access_?key)["'\x60]?\s{0,30}(?:=>|:=|=|:|,)\s{0,30}["'\x60]?(?<value>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])`,
        flags: 'i',
        score: 0.9,
        group: 'value',
      },
      {
        name: 'after-key-id',
        regex: String.raw`\b(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Z0-9])[\s\S]{1,120}?(?<![A-Za-z0-9/+=])(?<value>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])`,
        score: 0.9,
        group: 'value',
      },
    ],
    validator: 'secret-aws-secret-key',
    samples: {
      positive: [
        { text: 'aws_secret_access_key = Mr25tZlAIiZrjlUEHCNyVgKoN6uZXIEClne30/7U', value: 'Mr25tZlAIiZrjlUEHCNyVgKoN6uZXIEClne30/7U' },
        { text: 'AWS_SECRET_ACCESS_KEY: "le/oBupoTpAWGPOxVreaXPuVpbt8SYepdfVfnL29"', value: 'le/oBupoTpAWGPOxVreaXPuVpbt8SYepdfVfnL29' },
        { text: 'key AKIARZOX74A6SB4YK4IU secret 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', value: 'xowt6pwabyF3x8sT337oOBhYcmco3X/1KuRV6Sdh' },
      ],
      negative: [
        'aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
        'aws_secret_access_key = f6488eaacc7cb9afa955974c935c1aa982f81c2b',
        'AWS_SECRET_ACCESS_KEY=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
        'aws_secret_access_key: ${AWS_SECRET_ACCESS_KEY}',
      ],
    },
  },
  {
    id: 'aws-mws-token',
    type: 'AWS_MWS_TOKEN',
    dataTypes: ['SECRETS'],
    pass: 'local',
    placement: { kind: 'start', keywords: ['amzn.mws.'] },
    patterns: [{ name: 'token', regex: String.raw`\bamzn\.mws\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b`, score: 0.9 }],
    validator: 'secret-token',
    samples: {
      positive: [{ text: 'MWS_AUTH_TOKEN=amzn.mws.64b9bc31-d35e-4fb6-b8e0-7f5adc027a37', value: 'amzn.mws.64b9bc31-d35e-4fb6-b8e0-7f5adc027a37' }],
      negative: ['amzn.mws.00000000-0000-0000-0000-000000000000', 'amzn.mws.<token>'],
    },
  },
  {
    id: 'aws-appsync-key',
    type: 'AWS_APPSYNC_KEY',
    dataTypes: ['SECRETS'],
    pass: 'local',
    placement: { kind: 'start', keywords: ['da2-'] },
    patterns: [{ name: 'key', regex: String.raw`\bda2-[a-z0-9]{26}\b`, score: 0.85 }],
    validator: 'secret-token',
    samples: {
      positive: [{ text: "aws_appsync_apiKey: 'da2-tohwvph5hp21tzs0wwblrjaukn',", value: 'da2-tohwvph5hp21tzs0wwblrjaukn' }],
      negative: ['da2-xxxxxxxxxxxxxxxxxxxxxxxxxx', 'da2-short'],
    },
  },
  {
    id: 'google-api-key',
    type: 'GOOGLE_API_KEY',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // Google Cloud, Maps, Firebase and Gemini (Google AI Studio) keys share this format.
    placement: { kind: 'start', keywords: ['aiza'] },
    patterns: [{ name: 'key', regex: String.raw`\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])`, score: 0.9 }],
    validator: 'secret-token',
    samples: {
      positive: [
        { text: "const GEMINI_API_KEY = 'AIzadYPRWfBe0EUGtwRwerm3EB_gkQzutjgmDOf';", value: 'AIzadYPRWfBe0EUGtwRwerm3EB_gkQzutjgmDOf' },
        { text: '<meta name="maps-key" content="AIzaKFgn-F38CiZ9oBui850DSGX2tDXKPzfbuYV">', value: 'AIzaKFgn-F38CiZ9oBui850DSGX2tDXKPzfbuYV' },
      ],
      negative: ['AIzaXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX', 'AIza0F9hwJg7oIMAKOqbfrHc is cut short', 'key=AIzaSy...'],
    },
  },
  {
    id: 'google-oauth-secret',
    type: 'GOOGLE_OAUTH_SECRET',
    dataTypes: ['SECRETS'],
    pass: 'local',
    placement: { kind: 'start', keywords: ['gocspx-'] },
    patterns: [{ name: 'secret', regex: String.raw`\bGOCSPX-[A-Za-z0-9_-]{28}(?![A-Za-z0-9_-])`, score: 0.95 }],
    validator: 'secret-token',
    samples: {
      positive: [{ text: '"client_secret": "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"', value: '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' }],
      negative: ['"client_secret": "GOCSPX-xxxxxxxxxxxxxxxxxxxxxxxxxxxx"', 'GOCSPX-<secret>'],
    },
  },
  {
    // An OAuth client id is not a secret by itself, but it names the client whose secret sits
    // beside it in the same config (and lets anyone impersonate the app's consent screen):
    // scanners report it, and a policy may choose to warn rather than block on it.
    id: 'google-oauth-client-id',
    type: 'GOOGLE_OAUTH_CLIENT_ID',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // A match starts at most 47 characters before the keyword, with digits, `-` and letters between.
    placement: { kind: 'start', keywords: ['.apps.googleusercontent.com'], before: 47, leading: '[a-z0-9-]' },
    patterns: [
      { name: 'client-id', regex: String.raw`(?<![\w-])\d{10,14}-[a-z0-9]{32}\.apps\.googleusercontent\.com\b`, score: 0.8 },
    ],
    validator: 'not-placeholder',
    samples: {
      positive: [
        { text: "GOOGLE_CLIENT_ID = '804913627459-k3v9q2m7x1r8t5w0z4p6b2n8c1d5f7h3.apps.googleusercontent.com'", value: '804913627459-k3v9q2m7x1r8t5w0z4p6b2n8c1d5f7h3.apps.googleusercontent.com' },
      ],
      negative: ['YOUR_CLIENT_ID.apps.googleusercontent.com', 'https://www.googleapis.com/auth/userinfo.email'],
    },
  },
  {
    id: 'google-oauth-token',
    type: 'GOOGLE_OAUTH_TOKEN',
    dataTypes: ['SECRETS'],
    pass: 'local',
    placement: { kind: 'start', keywords: ['ya29.', '1//0'] },
    patterns: [
      { name: 'access', regex: String.raw`\bya29\.[0-9A-Za-z_-]{20,2048}`, score: 0.9 },
      { name: 'refresh', regex: String.raw`1//0(?<![\w/]1//0)[0-9A-Za-z_-]{40,512}`, score: 0.85 },
    ],
    validator: 'secret-token',
    samples: {
      positive: [
        { text: "access_token: 'ya29.ix6ZeSw2_NWYxKuKyX-S_E3Y76wv2bqN2qUbGojjdvRI0MtoM35TS_i7IlVAKIxYVzzdWJe2v6B4euVfeWDSarJqUqlRdIg-TmMfhuHwmM4qvYrFRSUyvPiu'", value: 'ya29.ix6ZeSw2_NWYxKuKyX-S_E3Y76wv2bqN2qUbGojjdvRI0MtoM35TS_i7IlVAKIxYVzzdWJe2v6B4euVfeWDSarJqUqlRdIg-TmMfhuHwmM4qvYrFRSUyvPiu' },
        { text: '"refresh_token": "1//0dUWWKibJeTOCgYssqTELJHO1I6b6KuUnGVaTAhc5D2tTDYhriht6OjSoL0__7RKxhEnW_t1U5EK3Sw6oIOFkLyDo6RprfMTJLR4j"', value: '1//0dUWWKibJeTOCgYssqTELJHO1I6b6KuUnGVaTAhc5D2tTDYhriht6OjSoL0__7RKxhEnW_t1U5EK3Sw6oIOFkLyDo6RprfMTJLR4j' },
      ],
      negative: ['ya29.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'see https://example.com/1//0/path'],
    },
  },
  {
    id: 'google-fcm-key',
    type: 'GOOGLE_FCM_KEY',
    dataTypes: ['SECRETS'],
    pass: 'local',
    placement: { kind: 'start', keywords: [':apa91b'], before: 11 },
    patterns: [{ name: 'server-key', regex: String.raw`\bAAAA[A-Za-z0-9_-]{7}:APA91b[A-Za-z0-9_-]{134}(?![A-Za-z0-9_-])`, score: 0.95 }],
    validator: 'secret-token',
    samples: {
      positive: [{ text: 'Authorization: key=AAAAv2TGpOe:APA91bFtKiZpc8HsMVPh0SMG2kLbvi5ahmSf9ytNBqoI4ba_sxrm_7Fn6-U-7J_8hai_QX5VCedBQZRkCTPvINv36iF3TOyAVftyZ01XfUodQ2voIKTU4Vrv6YdmSNNZGoV7X8L3wesl', value: 'AAAAv2TGpOe:APA91bFtKiZpc8HsMVPh0SMG2kLbvi5ahmSf9ytNBqoI4ba_sxrm_7Fn6-U-7J_8hai_QX5VCedBQZRkCTPvINv36iF3TOyAVftyZ01XfUodQ2voIKTU4Vrv6YdmSNNZGoV7X8L3wesl' }],
      negative: ['AAAAxxxxxxx:APA91b-is-the-prefix'],
    },
  },
  {
    id: 'azure-storage-key',
    type: 'AZURE_STORAGE_KEY',
    dataTypes: ['SECRETS'],
    pass: 'local',
    placement: { kind: 'start', keywords: ['accountkey', 'sharedaccesskey'] },
    patterns: [
      {
        name: 'connection-string-key',
        regex: String.raw`\b(?:AccountKey|SharedAccessKey)\s*=\s*(?<value>[A-Za-z0-9+/]{40,100}={0,2})(?![A-Za-z0-9+/=])`,
        flags: 'i',
        score: 0.9,
        group: 'value',
      },
    ],
    validator: 'secret-token',
    samples: {
      positive: [
        {
          text: 'DefaultEndpointsProtocol=https;AccountName=2rusbya0duws;AccountKey=bEZjtI4JgOkh8wdNcjkPHZyZWlqsR2ojJ3pwJGOsUHgkRXHHXsPmIh27Z7CjlnC0lg68sdX6rXOlrDuYZYhN/y==;EndpointSuffix=core.windows.net',
          value: 'bEZjtI4JgOkh8wdNcjkPHZyZWlqsR2ojJ3pwJGOsUHgkRXHHXsPmIh27Z7CjlnC0lg68sdX6rXOlrDuYZYhN/y==',
        },
        {
          text: 'HostName=hub.azure-devices.net;SharedAccessKeyName=iothubowner;SharedAccessKey=v1gQN132iCQG+chOIoLc5QXAgkUVGjHj+5aOEdKnHXC=',
          value: 'v1gQN132iCQG+chOIoLc5QXAgkUVGjHj+5aOEdKnHXC=',
        },
      ],
      negative: [
        'AccountName=<YOUR_ACCOUNT_NAME>;AccountKey=<YOUR_ACCOUNT_KEY>;',
        'AccountName=X;AccountKey=X;',
        'AccountName={2};AccountKey={3};',
        'SharedAccessKeyName=[name];SharedAccessKey=[Shared Access key goes here];',
      ],
    },
  },
  {
    id: 'azure-app-configuration',
    type: 'AZURE_CONNECTION_STRING',
    dataTypes: ['SECRETS'],
    pass: 'local',
    placement: { kind: 'start', keywords: ['azconfig.io'], before: 1 },
    patterns: [
      {
        name: 'secret',
        regex: String.raw`\.azconfig\.io;Id=[^;\s"']{4,64};Secret=(?<value>[A-Za-z0-9+/]{30,100}={0,2})(?![A-Za-z0-9+/=])`,
        score: 0.9,
        group: 'value',
      },
    ],
    validator: 'secret-token',
    samples: {
      positive: [
        {
          text: 'Endpoint=https://a9awyahu6f.azconfig.io;Id=9Ahe-l0-s0:9eZr8TphMuc7vuvsFBPj;Secret=0XoGLu9wSg3ED20kBrqcDoEYXaRAfyWtWfQmJgzoie1=',
          value: '0XoGLu9wSg3ED20kBrqcDoEYXaRAfyWtWfQmJgzoie1=',
        },
      ],
      negative: ['--connection-string Endpoint=https://contoso.azconfig.io;Id=xxx;Secret=xxx'],
    },
  },
  {
    id: 'azure-sas-token',
    type: 'AZURE_SAS_TOKEN',
    dataTypes: ['SECRETS'],
    pass: 'local',
    placement: { kind: 'window', keywords: ['sig='], reach: 500, insideWords: true },
    patterns: [
      {
        name: 'storage-sas',
        regex: String.raw`\bsv=\d{4}-\d{2}-\d{2}[^\s"'<>]{0,400}?[?&]sig=(?<value>[A-Za-z0-9%+/]{30,120}(?:%3D|=){0,2})`,
        score: 0.9,
        group: 'value',
      },
      {
        name: 'logic-app-sig',
        regex: String.raw`[?&]sp=[^\s"'<>&]{1,120}&sv=[\d.]{1,10}&sig=(?<value>[A-Za-z0-9_%-]{30,100})`,
        score: 0.9,
        group: 'value',
      },
    ],
    validator: 'secret-token',
    samples: {
      positive: [
        {
          text: 'https://acct.blob.core.windows.net/c/f.txt?sv=2022-11-02&ss=b&srt=o&sp=r&se=2030-01-01T00:00:00Z&sig=s57Nsuu1eM667YanHf1uqTCqxIqib+dmAI8ZV92kcTb%3D',
          value: 's57Nsuu1eM667YanHf1uqTCqxIqib+dmAI8ZV92kcTb%3D',
        },
        {
          text: 'https://prod-01.westus.logic.azure.com:443/workflows/37e4614221760e56b07a2f016054721f/triggers/manual/paths/invoke?api-version=2016-06-01&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0&sig=t0p4oZLl9UrlKkXGpaed-uc4LEqYbTS0YelqJ5WxVNW',
          value: 't0p4oZLl9UrlKkXGpaed-uc4LEqYbTS0YelqJ5WxVNW',
        },
      ],
      negative: ['?sv=2022-11-02&sp=r&sig=<signature>', 'sig=abc'],
    },
  },
  {
    id: 'azure-client-secret',
    type: 'AZURE_CLIENT_SECRET',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // Entra ID client secrets: 3 characters, a digit, "Q~", then 31-34 characters.
    placement: { kind: 'start', keywords: ['q~'], before: 4 },
    patterns: [
      {
        name: 'secret',
        regex: String.raw`(?<![A-Za-z0-9_~.-])[A-Za-z0-9_~.-]{3}\dQ~[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_~.-])`,
        score: 0.9,
      },
    ],
    validator: 'secret-token',
    samples: {
      positive: [{ text: 'AZURE_CLIENT_SECRET=T017Q~4sJ2N0lekBtsGeZKRnBvq5nPHZUnseXCrb', value: 'T017Q~4sJ2N0lekBtsGeZKRnBvq5nPHZUnseXCrb' }],
      negative: ['abc1Q~xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'the Q~ marker alone'],
    },
  },
  {
    id: 'azure-devops-token',
    type: 'AZURE_DEVOPS_TOKEN',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // The 84-character format carries the fixed signature JQQJ9 at 52 and AZDO at 76.
    placement: { kind: 'start', keywords: ['jqqj9'], before: 52 },
    patterns: [
      {
        name: 'pat-84',
        regex: String.raw`\b[A-Za-z0-9]{52}JQQJ9[0-9A-Za-z][A-Za-z0-9]{18}AZDO[A-Za-z0-9]{4}\b`,
        score: 0.95,
      },
    ],
    validator: 'secret-token',
    samples: {
      positive: [
        {
          text: 'azure_devops_pat = "RkCSTTr8lKWN5FINo7g42vmwea8cv2yQUaSACymcwrvRsuibbc42JQQJ992mj9XPRKfmfGPcaPohAZDOdgc8"',
          value: 'RkCSTTr8lKWN5FINo7g42vmwea8cv2yQUaSACymcwrvRsuibbc42JQQJ992mj9XPRKfmfGPcaPohAZDOdgc8',
        },
      ],
      negative: ['s0xoM4Eol93lkJypGRa0RGMlwIfzYLRljzBx1ZRJQA9qV5e1MmhWJQQJ99amKNderiIoK4QdI8t5AZDOa3m', 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8s9T0u1V2w3X4y5Z6JQQJ99a7B8c9D0e1F2g3H4i5J6AZDOn0p1'],
    },
  },
  {
    id: 'alibaba-access-key',
    type: 'ALIBABA_ACCESS_KEY',
    dataTypes: ['SECRETS'],
    pass: 'local',
    placement: { kind: 'start', keywords: ['ltai'] },
    patterns: [{ name: 'key-id', regex: String.raw`\bLTAI[A-Za-z0-9]{12,20}\b`, score: 0.85 }],
    validator: 'secret-token',
    samples: {
      positive: [{ text: 'ALIBABA_CLOUD_ACCESS_KEY_ID=LTAI0xCOSnxgwQmBdSvp4H0j', value: 'LTAI0xCOSnxgwQmBdSvp4H0j' }],
      negative: ['LTAIxxxxxxxxxxxxxxxx'],
    },
  },
  {
    id: 'digitalocean-token',
    type: 'DIGITALOCEAN_TOKEN',
    dataTypes: ['SECRETS'],
    pass: 'local',
    placement: { kind: 'start', keywords: ['dop_v1_', 'doo_v1_', 'dor_v1_'] },
    patterns: [{ name: 'token', regex: String.raw`\bdo[opr]_v1_[a-f0-9]{64}\b`, score: 0.95 }],
    validator: 'secret-token',
    samples: {
      positive: [{ text: 'DIGITALOCEAN_TOKEN=dop_v1_f7797e1a701b5f234e1b2aa42d7ba3047b6117d8b9df55ec2e0e6389e6e4e3c6', value: 'dop_v1_f7797e1a701b5f234e1b2aa42d7ba3047b6117d8b9df55ec2e0e6389e6e4e3c6' }],
      negative: ['dop_v1_0000000000000000000000000000000000000000000000000000000000000000'],
    },
  },
  {
    id: 'heroku-api-key',
    type: 'HEROKU_API_KEY',
    dataTypes: ['SECRETS'],
    pass: 'local',
    placement: { kind: 'start', keywords: ['heroku', 'hrku-'] },
    patterns: [
      { name: 'hrku', regex: String.raw`\bHRKU-[A-Za-z0-9_-]{58,64}(?![A-Za-z0-9_-])`, score: 0.95 },
      {
        name: 'named-uuid',
        regex: String.raw`heroku[\w.-]{0,30}?(?:key|token|secret)["'\x60]?\s{0,10}(?:=>|:=|=|:)\s{0,10}["'\x60]?(?<value>[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\b`,
        flags: 'i',
        score: 0.85,
        group: 'value',
      },
    ],
    validator: 'secret-token',
    samples: {
      positive: [
        { text: 'HEROKU_API_KEY: c1f8a9c3-416f-4a19-9648-5ccbc3f443d1', value: 'c1f8a9c3-416f-4a19-9648-5ccbc3f443d1' },
        { text: 'heroku auth token HRKU-O5ZNxOJDsyXWLnPxnD33ACBpGkUTF4Z3U3-KVOCbSie1sCRxU7nQdybLs3vX', value: 'HRKU-O5ZNxOJDsyXWLnPxnD33ACBpGkUTF4Z3U3-KVOCbSie1sCRxU7nQdybLs3vX' },
      ],
      negative: ['curl https://api.heroku.com/apps/1415638a-9667-4987-bc40-a5e89d7d27a5/builds', 'HEROKU_API_KEY=00000000-0000-0000-0000-000000000000'],
    },
  },
  {
    id: 'cloudflare-origin-ca-key',
    type: 'CLOUDFLARE_KEY',
    dataTypes: ['SECRETS'],
    pass: 'local',
    placement: { kind: 'start', keywords: ['v1.0-'] },
    patterns: [{ name: 'origin-ca', regex: String.raw`\bv1\.0-[a-f0-9]{24}-[a-f0-9]{146}\b`, score: 0.9 }],
    validator: 'secret-token',
    samples: {
      positive: [{ text: 'CF_ORIGIN_CA_KEY=v1.0-56c4d2f22c23be2d6be914e4-a5fdafdb6a1d0e09f843302a76cd86b531c6e157e2f8a8a53e0abf7c5cc68c553d9cb1fa18cbd47f3ff3322adff12f7694d1398e35df7d5b31edcef235dc8e418a26e31bc52a65ac22', value: 'v1.0-56c4d2f22c23be2d6be914e4-a5fdafdb6a1d0e09f843302a76cd86b531c6e157e2f8a8a53e0abf7c5cc68c553d9cb1fa18cbd47f3ff3322adff12f7694d1398e35df7d5b31edcef235dc8e418a26e31bc52a65ac22' }],
      negative: ['release v1.0-beta'],
    },
  },
  {
    id: 'databricks-token',
    type: 'DATABRICKS_TOKEN',
    dataTypes: ['SECRETS'],
    pass: 'local',
    placement: { kind: 'start', keywords: ['dapi'] },
    patterns: [{ name: 'pat', regex: String.raw`\bdapi[a-f0-9]{32}(?:-\d{1,2})?\b`, score: 0.9 }],
    validator: 'secret-token',
    samples: {
      positive: [{ text: "DATABRICKS_TOKEN: 'dapia88126b3de251061ca064ef3ec276ce8-2'", value: 'dapia88126b3de251061ca064ef3ec276ce8-2' }],
      negative: ['dapiDataGetTopLongShortPositionRatio (params?: {}): Promise<implicitReturnType>;'],
    },
  },
  {
    id: 'vault-token',
    type: 'VAULT_TOKEN',
    dataTypes: ['SECRETS'],
    pass: 'local',
    placement: { kind: 'start', keywords: ['hvs.', 'hvb.', 'hvr.', 'vault'] },
    patterns: [
      { name: 'current', regex: String.raw`\bhv[sbr]\.[A-Za-z0-9_-]{24,200}(?![A-Za-z0-9_-])`, score: 0.9 },
      {
        name: 'legacy',
        // After a Vault token's name, or after `vault login` on a command line.
        regex: String.raw`vault(?:[\w.-]{0,20}?token["'\x60]?\s{0,5}(?:=|:)|[ \t]+login(?:[ \t]+token=)?)\s{0,5}["'\x60]?(?<value>[sbr]\.[A-Za-z0-9]{24,100})\b`,
        flags: 'i',
        score: 0.85,
        group: 'value',
      },
    ],
    validator: 'secret-token',
    samples: {
      positive: [
        { text: 'VAULT_TOKEN=hvs.SDq0FFRVjuNRafqhfwgfmpgP41CsMYbc0JKvQT0boTwGXF0vZCciBiU1AviL3JG7gsRldqPzn0Uakh6ZzANzA8wvmh', value: 'hvs.SDq0FFRVjuNRafqhfwgfmpgP41CsMYbc0JKvQT0boTwGXF0vZCciBiU1AviL3JG7gsRldqPzn0Uakh6ZzANzA8wvmh' },
        { text: 'VAULT_CLIENT_TOKEN="s.bYcdoxb3dPI93cKFAiem7LTg"', value: 's.bYcdoxb3dPI93cKFAiem7LTg' },
        { text: '$ vault login s.Kx7Qm2Vr9Lt4Wn8Zp3Bc6Hd1', value: 's.Kx7Qm2Vr9Lt4Wn8Zp3Bc6Hd1' },
      ],
      negative: ['function(){s.addComponentsFromRegistry()}', 'b.removeTransientObservers()', 'vault login -method=oidc role=s.readOnlyDevelopersGroup'],
    },
  },
  {
    id: 'terraform-token',
    type: 'TERRAFORM_TOKEN',
    dataTypes: ['SECRETS'],
    pass: 'local',
    placement: { kind: 'start', keywords: ['.atlasv1.'], before: 14 },
    patterns: [{ name: 'token', regex: String.raw`\b[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_=-]{60,70}(?![A-Za-z0-9_=-])`, score: 0.95 }],
    validator: 'secret-token',
    samples: {
      positive: [{ text: 'token = "YMpwnlfKLxCXt9.atlasv1.OaO8Kt253TywhIdtBJrrWr0NpNyyFToqZaHVae3xjCNUJWa37BE6JAjrDonikAYONeg"', value: 'YMpwnlfKLxCXt9.atlasv1.OaO8Kt253TywhIdtBJrrWr0NpNyyFToqZaHVae3xjCNUJWa37BE6JAjrDonikAYONeg' }],
      negative: ['xxxxxxxxxxxxxx.atlasv1.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'],
    },
  },
  {
    id: 'kubernetes-bootstrap-token',
    type: 'KUBERNETES_TOKEN',
    dataTypes: ['SECRETS'],
    pass: 'local',
    placement: { kind: 'start', keywords: ['kubeadm', 'bootstrap'] },
    patterns: [
      {
        name: 'token',
        regex: String.raw`(?:kubeadm[^\n]{0,200}?--token[= ]|bootstrap[\w.-]{0,20}token["']?\s{0,5}[:=]\s{0,5}["']?)(?<value>[a-z0-9]{6}\.[a-z0-9]{16})\b`,
        flags: 'i',
        score: 0.9,
        group: 'value',
      },
    ],
    validator: 'secret-token',
    samples: {
      positive: [{ text: 'kubeadm join 10.0.0.1:6443 --token cf8inx.bt869t6vsj7vkwdt --discovery-token-ca-cert-hash sha256:fced1aee4b78bca5e0aac9ce04265af41f42a7905faedda7e012137bf9368292', value: 'cf8inx.bt869t6vsj7vkwdt' }],
      negative: ['kubeadm join --token abcdef.0123456789abcdef', 'kubeadm token create'],
    },
  },
  {
    id: 'doppler-token',
    type: 'DOPPLER_TOKEN',
    dataTypes: ['SECRETS'],
    pass: 'local',
    placement: { kind: 'start', keywords: ['dp.'] },
    patterns: [
      {
        name: 'token',
        regex: String.raw`\bdp\.(?:ct|pt|sa|scim|audit|st(?:\.[a-z0-9_-]{2,35})?)\.[A-Za-z0-9]{40,44}\b`,
        score: 0.95,
      },
    ],
    validator: 'secret-token',
    samples: {
      positive: [
        { text: 'DOPPLER_TOKEN=dp.st.prd.tWZlpAfxe3FzYDcBWFWFB8wYeFrq2gMnJ9ylytrrQxt', value: 'dp.st.prd.tWZlpAfxe3FzYDcBWFWFB8wYeFrq2gMnJ9ylytrrQxt' },
        { text: 'dp.pt.U5ie1v7Yj7KTfDV9N6sV8BTiylSHdtsJxhfpgc34mSD', value: 'dp.pt.U5ie1v7Yj7KTfDV9N6sV8BTiylSHdtsJxhfpgc34mSD' },
      ],
      negative: ['dp.pt.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'see dp.ct docs'],
    },
  },
  {
    id: 'dynatrace-token',
    type: 'DYNATRACE_TOKEN',
    dataTypes: ['SECRETS'],
    pass: 'local',
    placement: { kind: 'start', keywords: ['dt0'] },
    patterns: [{ name: 'token', regex: String.raw`\bdt0[a-z]\d{2}\.[A-Z0-9]{24}\.[A-Z0-9]{64}\b`, score: 0.95 }],
    validator: 'secret-token',
    samples: {
      positive: [{ text: 'apiToken: dt0c01.SVPUD097D82B2E2CGIQD3YHV.DUPX4SXFMMKG851JIALSLW2BJNFX860GHP38HJJNV4QZ02HAJ3RJ9NFSSHO317BN', value: 'dt0c01.SVPUD097D82B2E2CGIQD3YHV.DUPX4SXFMMKG851JIALSLW2BJNFX860GHP38HJJNV4QZ02HAJ3RJ9NFSSHO317BN' }],
      negative: ['dt0c01.XXXXXXXXXXXXXXXXXXXXXXXX.XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX'],
    },
  },
  {
    id: 'new-relic-key',
    type: 'NEW_RELIC_KEY',
    dataTypes: ['SECRETS'],
    pass: 'local',
    // Every key here starts with its prefix; the licence key, which ends with `NRAL`, is its own recognizer below.
    placement: { kind: 'start', keywords: ['nrak-', 'nraa-', 'nrii-', 'nriq-', 'nrra-', 'px-api-', 'px-dep-'] },
    patterns: [
      { name: 'user-key', regex: String.raw`\bNRAK-[A-Z0-9]{27}\b`, score: 0.95 },
      { name: 'admin-key', regex: String.raw`\bNRAA-[a-f0-9]{27}\b`, score: 0.95 },
      { name: 'insights-key', regex: String.raw`\bNRI[IQ]-[A-Za-z0-9_-]{32}(?![A-Za-z0-9_-])`, score: 0.95 },
      { name: 'rest-key', regex: String.raw`\bNRRA-[a-f0-9]{42}\b`, score: 0.95 },
      {
        name: 'pixie-key',
        regex: String.raw`\bpx-(?:api|dep)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b`,
        score: 0.9,
      },
    ],
    validator: 'secret-token',
    samples: {
      positive: [
        { text: 'NEW_RELIC_API_KEY=NRAK-5WPY54S3DZIS1E3MAO43NU40TP9', value: 'NRAK-5WPY54S3DZIS1E3MAO43NU40TP9' },
        { text: '"insertKey": "NRII-ufxX-57LyxMb2tAq706ArL4uzjy6Vo-D"', value: 'NRII-ufxX-57LyxMb2tAq706ArL4uzjy6Vo-D' },
        { text: 'PX_API_KEY=px-api-bffcb993-c4b4-4003-b77d-3a62a3545f8d', value: 'px-api-bffcb993-c4b4-4003-b77d-3a62a3545f8d' },
      ],
      negative: [
        'license_key: xxxxxxxxxxxxxxx',
        '--set pixie.apiKey=px-api-a1b2c3d4-e5f6-g7h8-i8j0-k0l3m3n4o0p5',
      ],
    },
  },
  {
    // Apart from the prefixed keys above: this one ends with its keyword, so it is tried up to 42
    // characters before `NRAL`, which would cost every prefixed key 43 attempts per occurrence.
    id: 'new-relic-license-key',
    type: 'NEW_RELIC_KEY',
    dataTypes: ['SECRETS'],
    pass: 'local',
    placement: { kind: 'start', keywords: ['nral'], before: 42 },
    patterns: [{ name: 'license-key', regex: String.raw`\b(?:[a-z]{2}\d{2}xx)?[a-f0-9]{30,36}NRAL\b`, score: 0.95 }],
    validator: 'secret-token',
    samples: {
      positive: [
        { text: 'license_key: 3c935a2861c936f3d2069673d7d5c6bcaa1cNRAL', value: '3c935a2861c936f3d2069673d7d5c6bcaa1cNRAL' },
      ],
      negative: [
        'license_key: xxxxxxxxxxxxxxx',
        '--set global.licenseKey=a1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6q7r8NRAL',
      ],
    },
  },
  {
    id: 'grafana-token',
    type: 'GRAFANA_TOKEN',
    dataTypes: ['SECRETS'],
    pass: 'local',
    placement: { kind: 'start', keywords: ['glc_', 'glsa_', 'eyjrijoi'] },
    patterns: [
      { name: 'cloud-token', regex: String.raw`\bglc_[A-Za-z0-9+/]{32,400}={0,2}(?![A-Za-z0-9+/=])`, score: 0.95 },
      { name: 'service-account', regex: String.raw`\bglsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}\b`, score: 0.95 },
      // Legacy API keys: base64 of {"k":"...","n":"...","id":N}.
      { name: 'api-key', regex: String.raw`\beyJrIjoi[A-Za-z0-9+/]{40,160}={0,2}(?![A-Za-z0-9+/=])`, score: 0.9 },
    ],
    validator: 'secret-token',
    samples: {
      positive: [
        { text: 'Authorization: Bearer glsa_SdjB7VCzubfQaHusBc3t7Hfc7GiHs5CJ_fa77a864', value: 'glsa_SdjB7VCzubfQaHusBc3t7Hfc7GiHs5CJ_fa77a864' },
        { text: '"token": "glc_bJ624JVZQ1NDEloX+GgNEE/xUfs6+F5dK1Ok+V7wEARxpdvLlSyU+45/IVWdH2x4hdpOTa/acij9ETs6"', value: 'glc_bJ624JVZQ1NDEloX+GgNEE/xUfs6+F5dK1Ok+V7wEARxpdvLlSyU+45/IVWdH2x4hdpOTa/acij9ETs6' },
        { text: 'GrafanaClient("eyJrIjoiU5abZ+YWhVN/YfemaW0YphIZgHc2r7kH3APZH9wHynxXglaXQ0uMkieHKuwV")', value: 'eyJrIjoiU5abZ+YWhVN/YfemaW0YphIZgHc2r7kH3APZH9wHynxXglaXQ0uMkieHKuwV' },
      ],
      negative: ['glsa_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx_xxxxxxxx', 'the glc_ prefix'],
    },
  },
  {
    id: 'sentry-token',
    type: 'SENTRY_TOKEN',
    dataTypes: ['SECRETS'],
    pass: 'local',
    placement: { kind: 'start', keywords: ['sntrys_', 'sntryu_'] },
    patterns: [
      { name: 'org-token', regex: String.raw`\bsntrys_[A-Za-z0-9+/=_-]{60,300}`, score: 0.95 },
      { name: 'user-token', regex: String.raw`\bsntryu_[a-f0-9]{64}\b`, score: 0.95 },
    ],
    validator: 'secret-token',
    samples: {
      positive: [{ text: 'SENTRY_AUTH_TOKEN=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', value: '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' }],
      negative: ['SENTRY_AUTH_TOKEN=sntryu_<token>'],
    },
  },
  {
    id: 'platform-token',
    type: 'PLATFORM_TOKEN',
    dataTypes: ['SECRETS'],
    pass: 'local',
    placement: { kind: 'start', keywords: ['sbp_', 'sb_secret_', 'nfp_', 'pscale_', 'pul-', 'fm2_', 'fo1_'] },
    patterns: [
      { name: 'supabase', regex: String.raw`\bsbp_[a-f0-9]{40}\b`, score: 0.9 },
      { name: 'supabase-secret', regex: String.raw`\bsb_secret_[A-Za-z0-9_-]{20,64}`, score: 0.9 },
      { name: 'netlify', regex: String.raw`\bnfp_[A-Za-z0-9]{36,48}\b`, score: 0.9 },
      { name: 'planetscale', regex: String.raw`\bpscale_(?:tkn|pw|oauth)_[A-Za-z0-9_.-]{32,64}`, score: 0.9 },
      { name: 'pulumi', regex: String.raw`\bpul-[a-f0-9]{40}\b`, score: 0.9 },
      { name: 'fly', regex: String.raw`\bfm2_[A-Za-z0-9+/=_-]{100,800}`, score: 0.85 },
      // Fly.io personal (OAuth) access tokens.
      { name: 'fly-oauth', regex: String.raw`\bfo1_[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])`, score: 0.9 },
    ],
    validator: 'secret-token',
    samples: {
      positive: [
        { text: 'SUPABASE_ACCESS_TOKEN=sbp_485b3b7b6aa4aac0daad656e105516487eba0c88', value: 'sbp_485b3b7b6aa4aac0daad656e105516487eba0c88' },
        { text: 'NETLIFY_AUTH_TOKEN=nfp_OlTYCXMpJLEvDa05ZGBMrjUI1awmt3XB1sPs', value: 'nfp_OlTYCXMpJLEvDa05ZGBMrjUI1awmt3XB1sPs' },
        { text: 'password: pscale_pw_7_xIfJ51T7TTnOTfmxeH0aPHAv4QknMMqsWezGbo5my', value: 'pscale_pw_7_xIfJ51T7TTnOTfmxeH0aPHAv4QknMMqsWezGbo5my' },
        { text: 'PULUMI_ACCESS_TOKEN=pul-d6b5fe60a19297a32b12d53dea47fa16a8b88994', value: 'pul-d6b5fe60a19297a32b12d53dea47fa16a8b88994' },
        { text: 'flyctl deploy --access-token fo1_a0HcPYwzmT-bZWrj3VVvIe1GN6wI2uwGmXphzy2NQya', value: 'fo1_a0HcPYwzmT-bZWrj3VVvIe1GN6wI2uwGmXphzy2NQya' },
      ],
      negative: ['sbp_0000000000000000000000000000000000000000', 'nfp_ prefix only'],
    },
  },
];
