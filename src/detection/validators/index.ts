import type { Validator } from '../types';
import { brCpf } from './br';
import { euVat } from './eu-vat';
import {
  atSocialSecurity, beNationalNumber, deTaxId, dkCpr, esDni, esNie, fiHetu, frNir, iePpsn, itFiscalCode, nlBsn, plPesel, ptNif, sePersonnummer,
} from './eu-national-ids';
import { abaRouting, iban, paymentCard, swiftBic } from './financial';
import { identifierValidators } from './identifiers';
import { email, icd10, idShape, ipv6, labelledNumber, licenceNumber, phone, ukNino } from './pii';
import { secretValidators } from './secrets';
import { dea, npi, ssn, ssnStructure } from './us';

/** Every validator by name; recognizers refer to these names. */
export const validators = {
  'payment-card': paymentCard,
  iban,
  'aba-routing': abaRouting,
  'swift-bic': swiftBic,
  ssn,
  'ssn-structure': ssnStructure,
  npi,
  dea,
  phone,
  email,
  icd10,
  ipv6,
  'id-shape': idShape,
  'labelled-number': labelledNumber,
  'licence-number': licenceNumber,
  'uk-nino': ukNino,
  'eu-vat': euVat,
  'de-tax-id': deTaxId,
  'fr-nir': frNir,
  'es-dni': esDni,
  'es-nie': esNie,
  'it-fiscal-code': itFiscalCode,
  'nl-bsn': nlBsn,
  'pl-pesel': plPesel,
  'se-personnummer': sePersonnummer,
  'be-national-number': beNationalNumber,
  'at-social-security': atSocialSecurity,
  'pt-nif': ptNif,
  'ie-ppsn': iePpsn,
  'dk-cpr': dkCpr,
  'fi-hetu': fiHetu,
  'br-cpf': brCpf,
  ...secretValidators,
  ...identifierValidators,
} satisfies Record<string, Validator>;
