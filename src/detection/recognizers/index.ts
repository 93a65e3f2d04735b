import type { Recognizer } from '../types';
import { euRecognizers } from './eu';
import { financialRecognizers } from './financial';
import { identifierRecognizers } from './identifiers';
import { phiRecognizers } from './phi';
import { piiRecognizers } from './pii';
import { secretRecognizers } from './secrets';

/** Every built-in recognizer, in priority order (earlier wins ties in overlap resolution). */
export const recognizers: Recognizer[] = [
  ...financialRecognizers,
  ...euRecognizers,
  ...phiRecognizers,
  ...piiRecognizers,
  ...secretRecognizers,
  ...identifierRecognizers,
];
