import type { Recognizer } from '../types';
// Import order is module order in the client bundle, chosen so that gzip's 32 KB window holds
// similar modules together (bench/README.md, "SDK bundle size, round 2"); the list below, not the
// imports, sets the recognizers' order.
import { euRecognizers } from './eu';
import { phiRecognizers } from './phi';
import { financialRecognizers } from './financial';
import { piiRecognizers } from './pii';
import { secretRecognizers } from './secrets';
import { identifierRecognizers } from './identifiers';

/** Every built-in recognizer, in priority order (earlier wins ties in overlap resolution). */
export const recognizers: Recognizer[] = [
  ...financialRecognizers,
  ...euRecognizers,
  ...phiRecognizers,
  ...piiRecognizers,
  ...secretRecognizers,
  ...identifierRecognizers,
];
