import { DetectionConfigError } from './errors';

/**
 * The one catalogue of finding-type labels: the human name of each finding type, read by check
 * summaries, analytics, the CLI report and the API documentation (the finding-type enum).
 * A recognizer or contextual detector declares only its `type`; its label lives here, and the
 * engine refuses to start when a built-in type has no entry (see `assertLabelled`). Add a line
 * here whenever a recognizer introduces a new finding type. (A duplicate key is a compile error.)
 */
export const FINDING_LABELS: Readonly<Record<string, string>> = Object.freeze({
  CREDIT_CARD: 'Payment card number',
  IBAN: 'IBAN (international bank account number)',
  SWIFT_BIC: 'SWIFT/BIC bank code',
  US_BANK_ROUTING: 'US bank routing number (ABA)',
  US_BANK_ACCOUNT: 'US bank account number',
  EU_VAT: 'EU VAT identification number',
  DE_TAX_ID: 'German tax identification number (Steuer-ID)',
  FR_NIR: 'French social security number (NIR)',
  ES_DNI: 'Spanish national identity number (DNI)',
  ES_NIE: 'Spanish foreigner identity number (NIE)',
  IT_FISCAL_CODE: 'Italian fiscal code (codice fiscale)',
  NL_BSN: 'Dutch citizen service number (BSN)',
  PL_PESEL: 'Polish national identification number (PESEL)',
  SE_PERSONAL_NUMBER: 'Swedish personal identity number (personnummer)',
  BE_NATIONAL_NUMBER: 'Belgian national register number',
  AT_SOCIAL_SECURITY: 'Austrian social security number',
  PT_NIF: 'Portuguese tax identification number (NIF)',
  IE_PPSN: 'Irish personal public service number (PPSN)',
  DK_CPR: 'Danish personal identification number (CPR)',
  FI_HETU: 'Finnish personal identity code (HETU)',
  BR_CPF: 'Brazilian individual taxpayer number (CPF)',
  BR_RG: 'Brazilian identity card number (RG, Registro Geral)',
  MEDICAL_RECORD_NUMBER: 'Medical record number',
  MEDICAL_LICENSE: "Clinician's licence or registration number",
  DATE: 'Date in a health record',
  HEALTH_PLAN_ID: 'Health plan / insurance member ID',
  NPI: 'US National Provider Identifier (NPI)',
  DEA_NUMBER: 'DEA registration number',
  ICD10_CODE: 'ICD-10 diagnosis code',
  EMAIL: 'E-mail address',
  PHONE: 'Phone number',
  SSN: 'US Social Security number',
  SOCIAL_SECURITY_NUMBER: 'Social security or national insurance number',
  UK_NATIONAL_INSURANCE: 'UK National Insurance number',
  IP_ADDRESS: 'IP address',
  DRIVER_LICENSE: "Driver's license number",
  PASSPORT: 'Passport number',
  PRIVATE_KEY: 'Private key',
  AGE_SECRET_KEY: 'age encryption secret key',
  WIREGUARD_KEY: 'WireGuard private or preshared key',
  JWT: 'JSON Web Token',
  PASSWORD_HASH: 'Password hash',
  AWS_ACCESS_KEY: 'AWS access key ID',
  AWS_SECRET_KEY: 'AWS secret access key',
  AWS_SESSION_TOKEN: 'AWS session token (temporary credentials)',
  AWS_BEDROCK_API_KEY: 'Amazon Bedrock API key',
  AWS_ACCOUNT_ID: 'AWS account ID',
  AWS_MWS_TOKEN: 'Amazon MWS auth token',
  AWS_APPSYNC_KEY: 'AWS AppSync API key',
  GOOGLE_API_KEY: 'Google API key',
  GOOGLE_OAUTH_SECRET: 'Google OAuth client secret',
  GOOGLE_OAUTH_CLIENT_ID: 'Google OAuth client ID',
  GOOGLE_OAUTH_TOKEN: 'Google OAuth access or refresh token',
  GOOGLE_FCM_KEY: 'Firebase Cloud Messaging server key',
  AZURE_STORAGE_KEY: 'Azure storage or shared access key',
  AZURE_CONNECTION_STRING: 'Azure App Configuration connection string secret',
  AZURE_SAS_TOKEN: 'Azure shared access signature',
  AZURE_CLIENT_SECRET: 'Azure AD (Entra ID) client secret',
  AZURE_DEVOPS_TOKEN: 'Azure DevOps personal access token',
  ALIBABA_ACCESS_KEY: 'Alibaba Cloud AccessKey ID',
  TENCENT_CLOUD_KEY: 'Tencent Cloud SecretId',
  DIGITALOCEAN_TOKEN: 'DigitalOcean token',
  HEROKU_API_KEY: 'Heroku API key',
  CLOUDFLARE_KEY: 'Cloudflare Origin CA key',
  DATABRICKS_TOKEN: 'Databricks personal access token',
  VAULT_TOKEN: 'HashiCorp Vault token',
  TERRAFORM_TOKEN: 'Terraform Cloud / Enterprise API token',
  KUBERNETES_TOKEN: 'Kubernetes bootstrap token',
  DOPPLER_TOKEN: 'Doppler token',
  DYNATRACE_TOKEN: 'Dynatrace API token',
  NEW_RELIC_KEY: 'New Relic key',
  GRAFANA_TOKEN: 'Grafana token',
  SENTRY_TOKEN: 'Sentry auth token',
  PLATFORM_TOKEN: 'Hosting platform token (Supabase, Netlify, PlanetScale, Pulumi, Fly.io, Vercel)',
  GITHUB_TOKEN: 'GitHub token',
  GITLAB_TOKEN: 'GitLab token',
  ATLASSIAN_TOKEN: 'Atlassian / Bitbucket token',
  NPM_TOKEN: 'npm access token',
  PYPI_TOKEN: 'PyPI upload token',
  PACKAGE_REGISTRY_TOKEN: 'Package registry token (RubyGems, NuGet, crates.io, Docker Hub, Clojars, pyx)',
  ARTIFACTORY_TOKEN: 'JFrog Artifactory token',
  SONARQUBE_TOKEN: 'SonarQube / SonarCloud token',
  DEV_TOOL_TOKEN: 'Developer tool token',
  FIGMA_TOKEN: 'Figma personal access token',
  TEAMCITY_TOKEN: 'TeamCity access token',
  OKTA_TOKEN: 'Okta API token',
  SLACK_TOKEN: 'Slack token',
  SLACK_WEBHOOK: 'Slack incoming webhook URL',
  DISCORD_TOKEN: 'Discord bot token',
  DISCORD_WEBHOOK: 'Discord webhook URL',
  TELEGRAM_BOT_TOKEN: 'Telegram bot token',
  TEAMS_WEBHOOK: 'Microsoft Teams incoming webhook URL',
  STRIPE_KEY: 'Stripe secret or restricted key',
  SQUARE_TOKEN: 'Square access token or OAuth secret',
  BRAINTREE_TOKEN: 'Braintree / PayPal access token',
  SHOPIFY_TOKEN: 'Shopify access token or app secret',
  AGE_RECIPIENT: 'age encryption recipient (public key)',
  AWS_S3_BUCKET: 'Amazon S3 bucket name or host',
  GCS_BUCKET: 'Google Cloud Storage bucket name or host',
  AZURE_STORAGE_ACCOUNT: 'Azure storage account host',
  SHOPIFY_SHOP_DOMAIN: 'Shopify shop domain (myshopify.com)',
  GOOGLE_CLOUD_PROJECT_HOST: 'Google Cloud or Firebase project host',
  USERNAME: 'User name set in a configuration variable',
  PLAID_TOKEN: 'Plaid access token',
  SENDGRID_KEY: 'SendGrid API key',
  MAILGUN_KEY: 'Mailgun API key',
  MAILCHIMP_KEY: 'Mailchimp API key',
  EMAIL_SERVICE_KEY: 'E-mail service key (Brevo, Resend, Postmark)',
  TWILIO_API_KEY: 'Twilio API key SID',
  SALESFORCE_TOKEN: 'Salesforce access token',
  SEGMENT_TOKEN: 'Segment public API token',
  SOCIAL_PLATFORM_TOKEN: 'Social platform token (Facebook, Twitter/X, Mapbox, Dropbox)',
  SERVICE_TOKEN: 'Service API token (1Password, Duffel, EasyPost, Flutterwave, Frame.io, Harness, Infracost, Octopus Deploy, OpenShift, Prefect, ReadMe, Scalingo, Shippo, Typeform, Contentful, Buildkite, Yandex Cloud, LaunchDarkly, GoCardless, Tailscale, HubSpot, Render, WooCommerce, Akamai, ClickUp, Docker Swarm, PostHog, Lob, Adyen, Twitch, Opsgenie, Razorpay, Shodan, Jenkins)',
  ADAFRUIT_KEY: 'Adafruit IO key',
  IOT_DEVICE_TOKEN: 'IoT platform device token (ThingsBoard)',
  OPENAI_API_KEY: 'OpenAI API key',
  ANTHROPIC_API_KEY: 'Anthropic API key',
  HUGGINGFACE_TOKEN: 'Hugging Face access token',
  AI_API_KEY: 'AI provider API key',
  PASSWORD: 'Password',
  CONNECTION_STRING: 'Connection string credentials',
  URL_CREDENTIALS: 'Credentials in a URL',
  GENERIC_SECRET: 'Secret, token or API key',
  BEARER_TOKEN: 'HTTP bearer token',
  BASIC_AUTH: 'HTTP Basic credentials',
  PERSON: 'Person name',
  STREET_ADDRESS: 'Street address',
  DATE_OF_BIRTH: 'Date of birth',
  PHI: 'Health information about a person',

});

/**
 * The label of a finding type: the catalogue's; for a type outside it (an organization's custom
 * pattern, e.g. `PROJECT_CODE`) a readable form of the name, "Project code".
 */
export function labelFor(type: string): string {
  const known = FINDING_LABELS[type];
  if (known) return known;
  const words = type.toLowerCase().split('_').filter(Boolean).join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Start-up check: every finding type a built-in recognizer reports has its catalogue label. */
export function assertLabelled(sources: readonly { id: string; type: string }[]): void {
  for (const s of sources) {
    if (!Object.prototype.hasOwnProperty.call(FINDING_LABELS, s.type)) {
      throw new DetectionConfigError('invalid_recognizer', s.id, `finding type ${s.type} has no label in src/detection/labels.ts`);
    }
  }
}
