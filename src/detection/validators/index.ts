import type { Validator } from '../types';
import { secretValidators } from './secrets';

/** Every validator by name; recognizers refer to these names. */
export const validators: Record<string, Validator> = {
  ...secretValidators,
};
