import type { Recognizer } from '../types';

/** What ends a resource name inside a URL or text: a path, query, quote, bracket, space. */
const NAME_END = String.raw`(?=[/?#\s"'<>()\[\]{},;]|\.(?:\s|$)|$)`;

/**
 * Identifiers (data type IDENTIFIERS): names of accounts and cloud resources that secret
 * scanners report beside credentials: storage buckets, storage accounts, shop and project hosts,
 * public keys, user names in configuration. None is a secret alone (a bucket name does not open
 * the bucket), but each tells an attacker where to aim and pairs with a leaked credential, so
 * they are a family of their own: a policy selects IDENTIFIERS (or ALL) to mask or block them,
 * and a policy on SECRETS leaves them alone. Each recognizer follows the provider's documented
 * naming rules (lengths, characters, host suffixes); placeholders (`your-bucket`, `<account>`,
 * `${SHOP}`) are refused by the `resource-name` and `user-name` validators.
 */
export const identifierRecognizers: Recognizer[] = [
  {
    id: 'age-recipient',
    type: 'AGE_RECIPIENT',
    dataTypes: ['IDENTIFIERS'],
    pass: 'local',
    placement: { kind: 'start', keywords: ['age1'] },
    // An X25519 public key: Bech32 with the human-readable part "age", 52 data characters and a
    // 6-character checksum (age-encryption.org/v1).
    patterns: [{ name: 'x25519', regex: String.raw`\b(?:age1[qpzry9x8gf2tvdw0s3jn54khce6mua7l]{58}|AGE1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58})\b`, score: 0.7 }],
    validator: 'bech32',
    samples: {
      positive: [
        { text: 'age -r age154xu5xp9xza36mgn9n0dvgmm9mv3u0mjrl93jughgj2dvjfun4wqs2kshr -o backup.age', value: 'age154xu5xp9xza36mgn9n0dvgmm9mv3u0mjrl93jughgj2dvjfun4wqs2kshr' },
        { text: 'recipients:\n  - age1x3stuvfqre5lak4qam5tnxtlt37znx0a4ljexffu6e227n066u2qfyedfm', value: 'age1x3stuvfqre5lak4qam5tnxtlt37znx0a4ljexffu6e227n066u2qfyedfm' },
      ],
      negative: [
        // one character changed: the checksum fails
        'age1y7s2avl7ay3jlzhjyy0eaey3ckcshm942calc8n0jdp8aj7glc5se0je6a',
        'page1 of the report, image1.png, age1 group',
        'age1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq',
      ],
    },
  },
  {
    id: 'aws-account-id',
    type: 'AWS_ACCOUNT_ID',
    dataTypes: ['IDENTIFIERS'],
    pass: 'local',
    // Twelve digits (dashes allowed between groups of four) assigned to a name that says AWS
    // account: `aws_account_id = ...`, `AWS_ACCOUNT=...`, `"awsAccountId": ...`.
    placement: { kind: 'start', keywords: ['aws'] },
    patterns: [
      {
        name: 'named',
        regex: String.raw`aws[_.-]?account(?:[_.-]?(?:id|number|no))?["'\x60]?[ \t]{0,10}(?:=>|:=|=|:)[ \t]{0,10}["'\x60]?(?<value>\d{4}-?\d{4}-?\d{4})\b`,
        flags: 'i',
        score: 0.85,
        group: 'value',
      },
    ],
    validator: 'not-placeholder',
    samples: {
      positive: [
        { text: 'aws_account_id = 483920174625', value: '483920174625' },
        { text: '"awsAccountId": "7391-0284-5516",', value: '7391-0284-5516' },
      ],
      negative: ['aws_account_id = 123456789012', 'aws_account_id = var.account_id', 'AWS_ACCOUNT_ID=000000000000'],
    },
  },
  {
    id: 'aws-s3-bucket',
    type: 'AWS_S3_BUCKET',
    dataTypes: ['IDENTIFIERS'],
    pass: 'local',
    placement: { kind: 'window', keywords: ['amazonaws.com', 's3://', 's3a://', 's3n://'], reach: 100, insideWords: true },
    // Bucket names: 3-63 lower-case letters, digits, dots and hyphens, starting and ending with a
    // letter or digit. Virtual-hosted (`bucket.s3.region.amazonaws.com`, also `s3-website`,
    // `s3-accelerate`, `dualstack`), path-style (`s3.region.amazonaws.com/bucket`) and `s3://`.
    patterns: [
      {
        name: 'virtual-hosted',
        regex: String.raw`(?<![\w.-])[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]\.s3(?:[.-][a-z0-9-]{1,30}){0,3}\.amazonaws\.com(?:\.cn)?(?![\w-])`,
        flags: 'i',
        score: 0.6,
      },
      {
        name: 'path-style',
        regex: String.raw`(?<![\w.-])s3(?:[.-][a-z0-9-]{1,30}){0,3}\.amazonaws\.com(?:\.cn)?/(?!doc/)[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]${NAME_END}`,
        flags: 'i',
        score: 0.6,
      },
      { name: 'uri', regex: String.raw`\bs3[an]?://[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]${NAME_END}`, flags: 'i', score: 0.6 },
    ],
    validator: 'resource-name',
    samples: {
      positive: [
        { text: 'assets: https://acme-prod-assets.s3.eu-west-1.amazonaws.com/logo.png', value: 'acme-prod-assets.s3.eu-west-1.amazonaws.com' },
        { text: '<img src="//media.globex-backups.s3-us-west-2.amazonaws.com/a.jpg">', value: 'media.globex-backups.s3-us-west-2.amazonaws.com' },
        { text: 'curl https://s3.amazonaws.com/initech-reports-2024/q3.csv', value: 's3.amazonaws.com/initech-reports-2024' },
        { text: 'aws s3 cp dump.sql s3://hooli-db-dumps/nightly/', value: 's3://hooli-db-dumps' },
        { text: 'website: http://umbrella-static.s3-website-us-east-1.amazonaws.com', value: 'umbrella-static.s3-website-us-east-1.amazonaws.com' },
      ],
      negative: [
        'endpoint = https://s3.amazonaws.com',
        'xmlns="http://s3.amazonaws.com/doc/2006-03-01/"',
        'aws s3 cp file s3://your-bucket-name/path and s3://<bucket>/key and s3://${BUCKET}/x',
        'https://dynamodb.us-east-1.amazonaws.com and ec2.amazonaws.com',
        'https://example-bucket.s3.amazonaws.com/object',
      ],
    },
  },
  {
    id: 'gcs-bucket',
    type: 'GCS_BUCKET',
    dataTypes: ['IDENTIFIERS'],
    pass: 'local',
    // Every match starts at a keyword (`storage.`, `gs://`) or at most 223 characters before
    // `storage.googleapis.com`, where a bucket name's characters reach back from it.
    placement: { kind: 'start', keywords: ['storage.googleapis.com', 'storage.cloud.google.com', 'gs://'], before: 223, leading: '[A-Za-z0-9._-]' },
    // Bucket names: 3-63 characters (up to 222 with dots) of lower-case letters, digits, dots,
    // hyphens and underscores, starting and ending with a letter or digit. Virtual-hosted
    // (`bucket.storage.googleapis.com`), path-style (not the JSON and upload APIs' own paths) and `gs://`.
    patterns: [
      {
        name: 'virtual-hosted',
        regex: String.raw`(?<![\w.-])[a-z0-9][a-z0-9._-]{1,220}[a-z0-9]\.storage\.googleapis\.com(?![\w-])`,
        flags: 'i',
        score: 0.6,
      },
      {
        name: 'path-style',
        regex: String.raw`(?<![\w.-])storage\.(?:googleapis|cloud\.google)\.com/(?!(?:storage|upload|batch|download)/)[a-z0-9][a-z0-9._-]{1,220}[a-z0-9]${NAME_END}`,
        flags: 'i',
        score: 0.6,
      },
      { name: 'uri', regex: String.raw`\bgs://[a-z0-9][a-z0-9._-]{1,220}[a-z0-9]${NAME_END}`, flags: 'i', score: 0.6 },
    ],
    validator: 'resource-name',
    samples: {
      positive: [
        { text: 'url: https://acme-ml-datasets.storage.googleapis.com/train.csv', value: 'acme-ml-datasets.storage.googleapis.com' },
        // A dotted name longer than 64 characters: `before` reaches it.
        {
          text: 'url: https://ml-datasets.acme-analytics-prod-eu-west.training-images.v2-2024.archive-cold.storage.googleapis.com/x.csv',
          value: 'ml-datasets.acme-analytics-prod-eu-west.training-images.v2-2024.archive-cold.storage.googleapis.com',
        },
        { text: 'download https://storage.googleapis.com/globex_exports/2024/report.pdf', value: 'storage.googleapis.com/globex_exports' },
        { text: 'gsutil cp model.bin gs://initech-models-eu/v2/', value: 'gs://initech-models-eu' },
        { text: 'see https://storage.cloud.google.com/hooli-share/a.txt', value: 'storage.cloud.google.com/hooli-share' },
      ],
      negative: [
        'https://storage.googleapis.com',
        'POST https://storage.googleapis.com/upload/storage/v1/b/x/o and GET https://storage.googleapis.com/storage/v1/b',
        'gsutil ls gs://your-bucket-name/ and gs://<bucket>/path and gs://$BUCKET',
        'https://firebasestorage.googleapis.com/v0/b/x',
      ],
    },
  },
  {
    id: 'azure-storage-account',
    type: 'AZURE_STORAGE_ACCOUNT',
    dataTypes: ['IDENTIFIERS'],
    pass: 'local',
    placement: { kind: 'window', keywords: ['.core.windows.net', '.core.chinacloudapi.cn', '.core.usgovcloudapi.net'], reach: 40, insideWords: true },
    // Storage account names: 3-24 lower-case letters and digits; one host per service.
    patterns: [
      {
        name: 'service-host',
        regex: String.raw`(?<![\w.-])[a-z0-9]{3,24}\.(?:blob|file|queue|table|dfs|web)\.core\.(?:windows\.net|chinacloudapi\.cn|usgovcloudapi\.net)(?![\w-])`,
        flags: 'i',
        score: 0.6,
      },
    ],
    validator: 'resource-name',
    samples: {
      positive: [
        { text: 'BlobEndpoint=https://contosoprodlogs.blob.core.windows.net/;', value: 'contosoprodlogs.blob.core.windows.net' },
        { text: 'mount //fabrikamfiles01.file.core.windows.net/share /mnt/share', value: 'fabrikamfiles01.file.core.windows.net' },
      ],
      negative: [
        'https://<account>.blob.core.windows.net/container',
        'https://mystorageaccount.blob.core.windows.net/ and yourstorageaccount.queue.core.windows.net',
        'https://management.core.windows.net/',
      ],
    },
  },
  {
    id: 'shopify-shop-domain',
    type: 'SHOPIFY_SHOP_DOMAIN',
    dataTypes: ['IDENTIFIERS'],
    pass: 'local',
    // A match ends with the keyword and starts at most 192 characters (three labels) before it.
    placement: { kind: 'start', keywords: ['myshopify.com'], before: 192, leading: '[A-Za-z0-9.-]' },
    // A shop's permanent domain: `<shop>.myshopify.com`, shop names of letters, digits and hyphens.
    patterns: [
      {
        name: 'shop-domain',
        regex: String.raw`(?<![\w.-])(?!www\.myshopify)(?:[a-z0-9][a-z0-9-]{0,62}\.){1,3}myshopify\.com(?![\w-])`,
        flags: 'i',
        score: 0.6,
      },
    ],
    validator: 'resource-name',
    samples: {
      positive: [
        { text: 'SHOPIFY_SHOP=acme-outdoor-gear.myshopify.com', value: 'acme-outdoor-gear.myshopify.com' },
        { text: 'fetch(`https://globex-eu.myshopify.com/admin/api/2024-01/orders.json`)', value: 'globex-eu.myshopify.com' },
        // Two labels, 71 characters before the keyword: `before` reaches past 64.
        {
          text: 'admin: https://acme-outdoor-equipment-and-apparel-europe.wholesale-store-staging-2024.myshopify.com/admin/orders',
          value: 'acme-outdoor-equipment-and-apparel-europe.wholesale-store-staging-2024.myshopify.com',
        },
      ],
      negative: [
        'https://myshopify.com and https://www.myshopify.com',
        'SHOP=your-store.myshopify.com or {shop}.myshopify.com or ${SHOP}.myshopify.com',
        'https://example.myshopify.com/admin',
      ],
    },
  },
  {
    id: 'google-cloud-project-host',
    type: 'GOOGLE_CLOUD_PROJECT_HOST',
    dataTypes: ['IDENTIFIERS'],
    pass: 'local',
    placement: { kind: 'window', keywords: ['firebaseio.com', 'firebaseapp.com', 'appspot.com', 'firebasedatabase.app'], reach: 120, insideWords: true },
    // Project ids: 6-30 lower-case letters, digits and hyphens. Firebase Realtime Database and
    // Hosting hosts, App Engine hosts (`version-dot-project`, regional `project.uc.r.appspot.com`).
    patterns: [
      {
        name: 'project-host',
        regex: String.raw`(?<![\w.-])[a-z0-9][a-z0-9-]{4,62}[a-z0-9]\.(?:firebaseio\.com|firebaseapp\.com|(?:[a-z0-9]{2,4}\.r\.)?appspot\.com|[a-z0-9-]{2,30}\.firebasedatabase\.app)(?![\w-])`,
        flags: 'i',
        score: 0.6,
      },
    ],
    validator: 'resource-name',
    samples: {
      positive: [
        { text: 'databaseURL: "https://acme-chat-4f2a1.firebaseio.com",', value: 'acme-chat-4f2a1.firebaseio.com' },
        { text: 'authDomain: "globex-shop-prod.firebaseapp.com"', value: 'globex-shop-prod.firebaseapp.com' },
        { text: 'curl https://initech-api-217.uc.r.appspot.com/health', value: 'initech-api-217.uc.r.appspot.com' },
        { text: 'url: https://hooli-rtdb-default-rtdb.europe-west1.firebasedatabase.app', value: 'hooli-rtdb-default-rtdb.europe-west1.firebasedatabase.app' },
      ],
      negative: [
        'https://firebaseio.com and appspot.com',
        'authDomain: "<project-id>.firebaseapp.com", databaseURL: "https://${PROJECT_ID}.firebaseio.com"',
        'https://your-project-id.firebaseapp.com and https://my-app.appspot.com',
      ],
    },
  },
  {
    id: 'config-user-name',
    type: 'USERNAME',
    dataTypes: ['IDENTIFIERS'],
    pass: 'local',
    // A match starts at most 61 characters before its last `_USER`, in a run of [A-Z0-9_].
    placement: { kind: 'start', keywords: ['_user'], before: 61, leading: '[A-Z0-9_]' },
    // An environment-style setting (upper-case, underscores) whose name ends in USER, USERNAME or
    // USER_NAME, set to a literal (not `$VAR`, `${VAR}`, `%VAR%`, `<user>`, a number or a boolean).
    patterns: [
      {
        name: 'env-setting',
        regex: String.raw`(?<![\w.$%{])[A-Z][A-Z0-9_]{0,60}_USER(?:_?NAME)?["']?[ \t]*[=:][ \t]*(?<q>["']?)(?<value>[A-Za-z0-9][\w.@+-]{0,63})\k<q>(?=[ \t]*(?:[#,;\r\n]|$))`,
        flags: 'm',
        score: 0.6,
        group: 'value',
      },
    ],
    validator: 'user-name',
    samples: {
      positive: [
        { text: 'POSTGRES_USER=orders_svc\nPOSTGRES_DB=orders', value: 'orders_svc' },
        { text: '  SMTP_USERNAME: "mailer-acme"  # outgoing mail', value: 'mailer-acme' },
        { text: '# REACT_APP_DEMO_USER=jdoe', value: 'jdoe' },
        { text: '"DB_USER_NAME": "report_reader",', value: 'report_reader' },
      ],
      negative: [
        'DB_USER=${DB_USER}\nAPP_USER=$APP_USER\nWIN_USER=%USERNAME%',
        'MAX_USER=100\nENABLE_GUEST_USER=true',
        'db_user = get_user()  # lower-case code, not a setting',
        'SMTP_USERNAME=<your-username>\nDB_USER=username',
        "const TMP_DB_USER = 'db.user';\nexport const SEMATTRS_DB_USER = TMP_DB_USER;",
        "export const ATTR_PROCESS_REAL_USER_NAME = 'process.real_user.name';",
      ],
    },
  },
];
