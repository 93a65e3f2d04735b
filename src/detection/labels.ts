/**
 * Human labels of finding types for reports and analytics. Recognizers and detectors may carry
 * their own `label`; this table covers the rest, and `labelFor` falls back to a readable form
 * of the UPPER_SNAKE type.
 */
export const FINDING_LABELS: Readonly<Record<string, string>> = Object.freeze({
  EMAIL: 'E-mail address',
  PHONE: 'Phone number',
  SSN: 'US Social Security number',
  SOCIAL_SECURITY_NUMBER: 'Social security or national insurance number',
  UK_NATIONAL_INSURANCE: 'UK National Insurance number',
  IP_ADDRESS: 'IP address',
  DRIVER_LICENSE: "Driver's license number",
  PASSPORT: 'Passport number',
  URL_CREDENTIALS: 'Credentials in a URL',
  PERSON: 'Person name',
  STREET_ADDRESS: 'Street address',
  DATE_OF_BIRTH: 'Date of birth',
  CREDIT_CARD: 'Payment card number',
  IBAN: 'IBAN (international bank account number)',
  SWIFT_BIC: 'SWIFT/BIC bank code',
  US_BANK_ROUTING: 'US bank routing number (ABA)',
  US_BANK_ACCOUNT: 'US bank account number',
  EU_VAT: 'EU VAT identification number',
  DE_TAX_ID: 'German tax identification number (Steuer-ID)',
  FR_NIR: 'French social security number (NIR)',
  ES_DNI: 'Spanish national identity number (DNI)',
  ES_NIE: 'Spanish foreigner identity number (NIE)',
  IT_FISCAL_CODE: 'Italian fiscal code (codice fiscale)',
  NL_BSN: 'Dutch citizen service number (BSN)',
  PL_PESEL: 'Polish national identification number (PESEL)',
  SE_PERSONAL_NUMBER: 'Swedish personal identity number (personnummer)',
  BE_NATIONAL_NUMBER: 'Belgian national register number',
  AT_SOCIAL_SECURITY: 'Austrian social security number',
  PT_NIF: 'Portuguese tax identification number (NIF)',
  IE_PPSN: 'Irish personal public service number (PPSN)',
  DK_CPR: 'Danish personal identification number (CPR)',
  FI_HETU: 'Finnish personal identity code (HETU)',
  MEDICAL_RECORD_NUMBER: 'Medical record number',
  MEDICAL_LICENSE: "Clinician's licence or registration number",
  DATE: 'Date in a health record',
  HEALTH_PLAN_ID: 'Health plan / insurance member ID',
  NPI: 'US National Provider Identifier (NPI)',
  DEA_NUMBER: 'DEA registration number',
  ICD10_CODE: 'ICD-10 diagnosis code',
  PHI: 'Health information about a person',
});

/** The label of a finding type: the table's, else e.g. `AWS_ACCESS_KEY` -> "Aws access key". */
export function labelFor(type: string): string {
  const known = FINDING_LABELS[type];
  if (known) return known;
  const words = type.toLowerCase().split('_').filter(Boolean).join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
