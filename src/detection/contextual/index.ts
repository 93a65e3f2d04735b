import type { ContextualDetector } from '../types';
import { dateOfBirthDetector } from './date-of-birth';
import { healthDateDetector } from './health-date';
import { personDetector } from './person';
import { phiDetector } from './phi';
import { streetAddressDetector } from './street-address';

/** Full-pass detectors: person names, street addresses, dates of birth, dates in health records, health context. */
export const contextualDetectors: ContextualDetector[] = [
  personDetector,
  streetAddressDetector,
  dateOfBirthDetector,
  healthDateDetector,
  phiDetector,
];
