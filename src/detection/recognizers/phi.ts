import type { Recognizer } from '../types';
import { DIGIT_RUN } from './anchors';

const r = String.raw;

export const phiRecognizers: Recognizer[] = [
  {
    id: 'medical-record-number',
    type: 'MEDICAL_RECORD_NUMBER',
    dataTypes: ['PHI'],
    pass: 'local',
    patterns: [{ name: 'record-id', regex: r`(?<![\w\-])(?:[A-Z]{1,4}-?)?(?:\d{5,12}(?:-\d{1,4})?|\d{2,6}-\d{3,8}(?:-\d{1,4})?)(?![\w\-]|[.,]\d)`, score: 0.3 }],
    keywords: ['mrn', 'medical record', 'patient id', 'patient no', 'patient number', 'patient #', 'chart', 'record number', 'hospital number', 'med rec', 'health record'],
    keywordWindow: 64,
    anchor: DIGIT_RUN,
    context: ['mrn', 'medical record', 'patient id', 'patient no', 'patient number', 'patient #', 'chart no', 'chart number', 'chart #', 'record number', 'hospital number', 'med rec', 'health record'],
    contextWindow: { before: 48, after: 8 },
    validator: 'id-shape',
    samples: {
      positive: [
        { text: 'MRN: 00483920', value: '00483920' },
        { text: 'Patient ID MR-2291834 admitted', value: 'MR-2291834' },
        { text: 'medical record number 7734-11902', value: '7734-11902' },
      ],
      negative: ['MRN pending', 'record 00483920 in the ledger', 'chart updated 2024-03-01'],
    },
  },
  {
    id: 'health-plan-id',
    type: 'HEALTH_PLAN_ID',
    dataTypes: ['PHI'],
    pass: 'local',
    patterns: [
      { name: 'mbi', regex: r`(?<![\w\-])[1-9][AC-HJKMNP-RT-Y][AC-HJKMNP-RT-Y0-9]\d-?[AC-HJKMNP-RT-Y][AC-HJKMNP-RT-Y0-9]\d-?[AC-HJKMNP-RT-Y]{2}\d{2}(?![\w\-])`, score: 0.45 },
      { name: 'member-id', regex: r`(?<![\w\-])[A-Z]{0,4}[\- ]?\d{6,14}(?:-?[A-Z0-9]{1,3})?(?![\w\-]|[.,]\d)`, score: 0.3 },
    ],
    keywords: ['member id', 'member n', 'member #', 'subscriber', 'policy n', 'policy #', 'insurance', 'insured', 'health plan', 'medicare', 'medicaid', 'beneficiary', 'mbi', 'group no', 'group number', 'plan id', 'versichertennummer', 'krankenversicherungsnummer'],
    keywordWindow: 64,
    context: [
      'member id', 'member number', 'member no', 'member #', 'subscriber id', 'subscriber number', 'policy number', 'policy no', 'policy #',
      'insurance id', 'insurance number', 'insurance no', 'health plan', 'medicare', 'medicaid', 'beneficiary', 'mbi', 'group number', 'group no',
      'plan id', 'insured id', 'versichertennummer', 'krankenversicherungsnummer',
    ],
    contextWindow: { before: 48, after: 8 },
    validator: 'id-shape',
    samples: {
      positive: [
        { text: 'Medicare MBI 1EG4-TE5-MK73', value: '1EG4-TE5-MK73' },
        { text: 'Member ID: XJH 882901734', value: 'XJH 882901734' },
        { text: 'insurance policy number 55019283-01', value: '55019283-01' },
      ],
      negative: ['member since 2019', 'policy 123 applies', 'Member ID: 000000000'],
    },
  },
  {
    id: 'us-npi',
    type: 'NPI',
    dataTypes: ['PHI'],
    pass: 'local',
    patterns: [{ name: 'ten-digits', regex: r`(?<![\w\-.])[12]\d{9}(?![\w\-]|[.,]\d)`, score: 0.3 }],
    keywords: ['npi', 'provider', 'prescriber', 'physician', 'doctor', 'dr.'],
    keywordWindow: 64,
    anchor: DIGIT_RUN,
    context: ['npi', 'national provider', 'provider id', 'provider number', 'prescriber', 'physician', 'rendering provider', 'referring provider'],
    validator: 'npi',
    samples: {
      positive: [
        { text: 'NPI: 1234567893', value: '1234567893' },
        { text: 'rendering provider 1996987222', value: '1996987222' },
      ],
      negative: ['NPI: 1234567890', 'call 1234567893 now'],
    },
  },
  {
    id: 'dea-number',
    type: 'DEA_NUMBER',
    dataTypes: ['PHI'],
    pass: 'local',
    anchor: DIGIT_RUN,
    patterns: [{ name: 'registration', regex: r`(?<![\w\-])[ABCDEFGHJKLMPRSTUX][A-Z9]\d{7}(?![\w\-])`, score: 0.5 }],
    context: ['dea', 'dea number', 'dea#', 'prescriber', 'registration', 'controlled substance'],
    validator: 'dea',
    samples: {
      positive: [
        { text: 'DEA# AB1234563', value: 'AB1234563' },
        { text: 'prescriber BJ6125341 signed', value: 'BJ6125341' },
      ],
      negative: ['DEA AB1234564', 'part ZZ1234563', 'flight AB1234'],
    },
  },
  {
    id: 'icd10-code',
    type: 'ICD10_CODE',
    dataTypes: ['PHI'],
    pass: 'local',
    patterns: [
      { name: 'with-subcategory', regex: r`(?<![\w.\-])[A-Z]\d[0-9A-Z]\.[0-9A-Z]{1,4}(?![\w\-]|\.\w)`, score: 0.35 },
      { name: 'category', regex: r`(?<![\w.\-])[A-Z]\d{2}(?![\w\-]|\.\w)`, score: 0.3 },
    ],
    keywords: ['icd', 'diagnos', 'dx', 'condition', 'code'],
    keywordWindow: 64,
    context: ['icd', 'icd-10', 'icd10', 'icd-10-cm', 'diagnosis', 'diagnoses', 'diagnosed', 'dx', 'diagnosis code', 'primary dx'],
    contextWindow: { before: 48, after: 16 },
    validator: 'icd10',
    samples: {
      positive: [
        { text: 'Diagnosis: E11.9 (type 2 diabetes)', value: 'E11.9' },
        { text: 'ICD-10 J45 and I10 recorded', value: 'J45' },
        { text: 'dx F32.A noted', value: 'F32.A' },
      ],
      negative: ['seat A10 in row 3', 'the B52 bomber', 'diagnosis pending, room B12.3.4'],
    },
  },
];
