import { expect } from 'chai';
import { validators, type ValidatorName } from '../../../src/detection';
import { IBAN_LENGTHS } from '../../../src/detection/validators/financial';
import { luhnValid, mod97, mod11_10Valid } from '../../../src/detection/validators/checksums';

/** Known-valid and known-invalid vectors per validator (published examples and checksum edits). */
const VECTORS: Partial<Record<ValidatorName, { valid: string[]; invalid: string[] }>> = {
  'payment-card': {
    valid: ['4111111111111111', '4111 1111 1111 1111', '5555-5555-5555-4444', '2223003122003222', '378282246310005', '6011111111111117', '30569309025904', '3530111333300000', '6200000000000005', '6759649826438453', '4222222222222'],
    invalid: ['4111111111111112', '1234567812345670', '0000000000000000', '9111111111111111', '37828224631000', '411111111111'],
  },
  iban: {
    valid: ['DE89370400440532013000', 'GB29 NWBK 6016 1331 9268 19', 'FR1420041010050500013M02606', 'NL91ABNA0417164300', 'NO9386011117947', 'BR9700360305000010009795493P1', 'MT84MALT011000012345MTLCAST001S', 'ES15-0049-1806-9121-1186-9374'],
    invalid: ['DE89370400440532013001', 'DE8937040044053201300', 'GI22 NW3K 0000 0000 7099 453', 'QQ93 1234 5678', 'AT93 1904 3002 3457 3201 99', 'NL91ABNA041716430A'],
  },
  'aba-routing': { valid: ['021000021', '011000015', '121000358'], invalid: ['021000022', '991000021', '000000000', '12345678'] },
  'swift-bic': { valid: ['DEUTDEFF', 'BNPAFRPPXXX', 'NWBKGB2L', 'ABNCNL2AGIR'], invalid: ['DEUTQQFF', 'DEU1DEFF', 'DEUTDEF', 'DEUTDEFFXX'] },
  ssn: { valid: ['536-22-8726', '674747953', '853-37-1694'], invalid: ['000-12-3456', '666-12-3456', '912-34-5678', '123-00-4567', '123-45-0000', '078-05-1120', '123-45-6789'] },
  npi: { valid: ['1234567893', '1996987222'], invalid: ['1234567890', '3234567893', '123456789'] },
  dea: { valid: ['AB1234563', 'BJ6125341'], invalid: ['AB1234564', 'IB1234563', 'A11234563'] },
  'de-tax-id': { valid: ['15967845026', '33598310242'], invalid: ['15967845027', '05967845026', '12345678901', '11111111111'] },
  'fr-nir': { valid: ['113041184551089', '1 51 09 30 949 601 15'], invalid: ['113041184551088', '513041184551089'] },
  'es-dni': { valid: ['42500256M', '12345678Z'], invalid: ['42500256A', '1234567Z'] },
  'es-nie': { valid: ['X5777614Z', 'Z9511893H'], invalid: ['X5777614A', 'W5777614Z'] },
  'it-fiscal-code': { valid: ['RSSMRA45C12F205C', 'MRTNTN23M02D969P', 'RSSMRAQRCMNFNLRG'], invalid: ['RSSMRA45C12F205D', 'RSSMRA45Z12F205C', 'RSSMRA45C92F205C'] },
  'nl-bsn': { valid: ['134376997', '111222333'], invalid: ['134376998', '000000000', '12345678'] },
  'pl-pesel': { valid: ['34060804513', '44051401359'], invalid: ['34060804514', '44051401358', '34130804513'] },
  'se-personnummer': { valid: ['550928-5002', '8803200016', '19880320-0016'], invalid: ['550928-5003', '551328-5002'] },
  'be-national-number': { valid: ['57110475610', '69.08.26-613.15'], invalid: ['57110475611', '57130475610'] },
  'at-social-security': { valid: ['5600021051', '1237010180'], invalid: ['5601021051', '0600021051'] },
  'pt-nif': { valid: ['505500221', '231486570'], invalid: ['505500222', '405500221'] },
  'ie-ppsn': { valid: ['1234567T', '1234567FA', '1234567TW'], invalid: ['1234567A', '1234567FB'] },
  'dk-cpr': { valid: ['150881-6978', '0605634734'], invalid: ['3213816978', '0013816978'] },
  'fi-hetu': { valid: ['041161-762S', '131052-308T'], invalid: ['041161-762T', '131052-001T', '311352-308T'] },
  'eu-vat': {
    valid: ['DE129390950', 'ATU 142 43 102', 'BE 0202.239.951', 'CY-10008489 A', 'Bg 200442771', 'FR 40 303 265 045', 'IT00743110157', 'NL004495445B01', 'ESA13585625', 'EL094259216', 'SE556188840401', 'PL5260250274', 'RO 1630615123457', 'XI 432525179'],
    invalid: ['DE129390951', 'ATU 142 43 103', 'XX123456789', 'NL004495445B00', 'FR 41 303 265 045', 'DE012345678'],
  },
  phone: { valid: ['+41 (0)96 471 07 95', '905-674-3793', '03.93.92.16.85', '345-899-3560x4587'], invalid: ['2024-05-01', '01.05.2024', '1.2.3.4', '12345', '111111111'] },
  email: { valid: ['a.b@example.org', 'x@mail.co.uk'], invalid: ['icon@2x.png', 'a@b', '.a@b.com', 'a@-b.com'] },
  icd10: { valid: ['E11.9', 'J45', 'F32.A', 'U07.1'], invalid: ['E1', 'U99', '123'] },
  ipv6: { valid: ['2001:db8::1', 'fe80::1ff:fe23:4567:890a', '1:2:3:4:5:6:7:8'], invalid: ['ab::cd'] },
  'id-shape': { valid: ['F162823540116', 'C01X00T47', '2270-66-1551'], invalid: ['ABCD', '111111111', '2024-05-01'] },
  // BIP 173 test vectors: mixed case, a bad checksum, no separator, an empty prefix, a character outside the alphabet, a short checksum
  bech32: {
    valid: ['A12UEL5L', 'a12uel5l', 'abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw', 'age154xu5xp9xza36mgn9n0dvgmm9mv3u0mjrl93jughgj2dvjfun4wqs2kshr'],
    invalid: ['A12UeL5L', 'a12uel5m', 'pzry9x0s0muk', '1pzry9x0s0muk', 'x1b4n0q5v', 'li1dgmt3', 'A1G7SGD8'],
  },
  'resource-name': {
    valid: ['acme-prod.s3.amazonaws.com', 's3.amazonaws.com/initech-data', 's3://hooli-dumps', 'shop-eu.myshopify.com', 'web.assets.s3.amazonaws.com'],
    invalid: ['your-bucket.s3.amazonaws.com', 's3://bucket-name', 'example.myshopify.com', 'mystorageaccount.blob.core.windows.net', 'gs://my-project-id'],
  },
  'user-name': { valid: ['orders_svc', 'jdoe', 'report.reader'], invalid: ['1000', 'username', 'changeme', 'true', 'your_user', 'db.user', 'TMP_DB_USER'] },
};

describe('validators', () => {
  for (const [name, { valid, invalid }] of Object.entries(VECTORS) as [ValidatorName, { valid: string[]; invalid: string[] }][]) {
    describe(name, () => {
      it('is registered', () => expect(validators[name]).to.be.a('function'));
      for (const v of valid) it(`accepts ${v}`, () => expect(validators[name](v)).to.equal(true));
      for (const v of invalid) it(`rejects ${v}`, () => expect(validators[name](v)).to.equal(false));
    });
  }

  it('knows the registry length of every IBAN country, including recent members', () => {
    expect(Object.keys(IBAN_LENGTHS).length).to.be.at.least(89);
    expect(IBAN_LENGTHS.DE).to.equal(22);
    expect(IBAN_LENGTHS.NO).to.equal(15);
    expect(IBAN_LENGTHS.RU).to.equal(33);
    expect(IBAN_LENGTHS.LC).to.equal(32);
    expect(IBAN_LENGTHS.YE).to.equal(30);
  });

  it('computes Luhn, MOD 97-10 and MOD 11,10 as the standards define', () => {
    expect(luhnValid('79927398713')).to.equal(true);
    expect(luhnValid('79927398710')).to.equal(false);
    expect(mod97('3214282912345698765432161182')).to.equal(1);
    // DE136695976 is a published valid German VAT number; changing its check digit breaks it.
    expect(mod11_10Valid('136695976')).to.equal(true);
    expect(mod11_10Valid('136695978')).to.equal(false);
  });
});
