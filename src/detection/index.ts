/**
 * Public API of the detection engine. Pure TypeScript, no Node-only imports: the service, the
 * client library and a browser run the same code.
 *
 * Finding types: one UPPER_SNAKE type per kind of value (EMAIL, IBAN, ...). EU national
 * identifiers get one type per country and scheme (DE_TAX_ID, FR_NIR, ES_DNI, ES_NIE,
 * IT_FISCAL_CODE, NL_BSN, PL_PESEL, SE_PERSONAL_NUMBER, BE_NATIONAL_NUMBER,
 * AT_SOCIAL_SECURITY, PT_NIF, IE_PPSN, DK_CPR, FI_HETU), each with data types PII and EU_DATA,
 * so policies select them all by EU_DATA and reports still say which scheme was found.
 */
export * from './types';
export { createEngine, defaultEngine, scan, compileCustomPatterns, lowerSameLength } from './engine';
export type { Engine, ScanOptions, CompiledCustom } from './engine';
export { DetectionConfigError } from './errors';
export { customFindingType } from './custom';
export { labelFor, FINDING_LABELS } from './labels';
export { validators } from './validators';
export { recognizers } from './recognizers';
export { contextualDetectors } from './contextual';

import { defaultEngine } from './engine';
import type { FindingTypeInfo } from './types';

/** Every finding type the default engine reports, with its data types and human label. */
export const findingTypes: readonly FindingTypeInfo[] = defaultEngine.findingTypes;
