import type { ContextualDetector } from '../types';
import { personDetector } from './person';
import { streetAddressDetector } from './street-address';

/** Full-pass detectors: person names, street addresses, dates of birth, health context. */
export const contextualDetectors: ContextualDetector[] = [personDetector, streetAddressDetector];
