import type { Validator } from '../types';

/** Validators used by the secret recognizers (entropy and the like), by name. */
export const secretValidators: Record<string, Validator> = {};
