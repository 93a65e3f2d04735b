import type { Recognizer } from '../types';
// Import order is module order in the client bundle, chosen for gzip's window (see index.ts); the
// list below sets the recognizers' order.
import { configSecretRecognizers } from './secrets-configs';
import { clientSecretRecognizers } from './secrets-clients';
import { fileSecretRecognizers } from './secrets-files';
import { aiSecretRecognizers } from './secrets-ai';
import { cloudSecretRecognizers } from './secrets-cloud';
import { genericSecretRecognizers } from './secrets-generic';
import { keySecretRecognizers } from './secrets-keys';
import { providerSecretRecognizers } from './secrets-providers';
import { devSecretRecognizers } from './secrets-dev';
import { saasSecretRecognizers } from './secrets-saas';

/**
 * Secret recognizers (data type SECRETS), all in the local pass so the client library catches
 * credentials before anything leaves the machine. Vendor formats come first: on equal scores an
 * earlier recognizer wins an overlap, so a GitHub token assigned to `password=` is reported as
 * GITHUB_TOKEN, not PASSWORD. Coverage follows the rule sets of the common open scanners
 * (gitleaks, Nosey Parker, TruffleHog); every pattern is bounded and keyword-gated.
 */
export const secretRecognizers: Recognizer[] = [
  ...keySecretRecognizers,
  ...cloudSecretRecognizers,
  ...devSecretRecognizers,
  ...saasSecretRecognizers,
  ...aiSecretRecognizers,
  ...providerSecretRecognizers,
  ...fileSecretRecognizers,
  ...clientSecretRecognizers,
  ...genericSecretRecognizers,
  ...configSecretRecognizers,
];
