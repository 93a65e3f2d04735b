import type { ContextualDetector } from '../types';

/** Full-pass detectors: person names, street addresses, dates of birth, health context. */
export const contextualDetectors: ContextualDetector[] = [];
