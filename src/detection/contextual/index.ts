import type { ContextualDetector } from '../types';
import { columnsDetector } from './columns';
import { dateOfBirthDetector } from './date-of-birth';
import { healthDateDetector } from './health-date';
import { personDetector } from './person';
import { phiDetector } from './phi';
import { streetAddressDetector } from './street-address';
import { fillPendingMarks } from './tokenize';

/** Full-pass detectors: person names, street addresses, dates of birth, dates in health records, health context, columns of delimited lists. */
export const contextualDetectors: ContextualDetector[] = [
  personDetector,
  streetAddressDetector,
  dateOfBirthDetector,
  healthDateDetector,
  phiDetector,
  columnsDetector,
];

// Every detector has registered its marked vocabularies now: their bits are filled at load, not by
// the first scan of each thread (see person.ts WORD_LISTS).
fillPendingMarks();
