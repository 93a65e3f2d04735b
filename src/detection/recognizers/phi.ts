import type { Recognizer } from '../types';
import { DIGIT_RUN } from './anchors';
import {
  CLINICIAN_LICENCE_KEYWORDS, CLINICIAN_LICENCE_LABELS, DIAGNOSIS_KEYWORDS, DIAGNOSIS_LABELS, HEALTH_INSURANCE_KEYWORDS, HEALTH_INSURANCE_LABELS,
  PHONE_LABELS, RECORD_KEYWORDS, RECORD_LABELS, allLabels,
} from './native-labels';

const r = String.raw;

export const phiRecognizers: Recognizer[] = [
  {
    id: 'medical-record-number',
    type: 'MEDICAL_RECORD_NUMBER',
    dataTypes: ['PHI'],
    pass: 'local',
    patterns: [
      { name: 'record-id', regex: r`(?<![\w\-])(?:[A-Z]{1,4}-?)?(?:\d{5,12}(?:-\d{1,4})?|\d{2,6}-\d{3,8}(?:-\d{1,4})?)(?![\w\-]|[.,]\d)`, score: 0.3 },
      // The label glued to the number (`nhc-150679`, `MRN-00483920`): the number alone is reported.
      { name: 'after-label', regex: r`(?<=\b(?:nhc|mrn|hc)-)\d{4,12}(?![\w\-]|[.,]\d)`, flags: 'i', score: 0.3 },
    ],
    placement: { kind: 'anchor', anchor: DIGIT_RUN, window: { keywords: ['mrn', 'medical record', 'patient id', 'patient no', 'patient number', 'patient #', 'chart', 'record number', 'hospital number', 'med rec', 'health record', ...RECORD_KEYWORDS], reach: 64 } },
    context: allLabels(RECORD_LABELS),
    contextWindow: { before: 48, after: 8 },
    validator: 'id-shape',
    samples: {
      positive: [
        { text: 'MRN: 00483920', value: '00483920' },
        { text: 'Patient ID MR-2291834 admitted', value: 'MR-2291834' },
        { text: 'medical record number 7734-11902', value: '7734-11902' },
        { text: 'Apellidos: Ruiz Soto.\nNHC: 3689434.\nNASS: 43 65892805 47.', value: '3689434' },
        { text: 'Patientennummer 20417733, Station 4B', value: '20417733' },
        { text: 'Nº processo: 1184021 (consulta externa)', value: '1184021' },
        { text: 'CIPA: nhc-150679.', value: '150679' },
        { text: 'Prontuário nº 558812 – Hospital das Clínicas', value: '558812' },
        // Admission and episode numbers: a stay's own record number.
        { text: 'N.º de episodio: 78123456 (Urgencias)', value: '78123456' },
        { text: 'Fallnr.: 4471208 · Station 3', value: '4471208' },
        { text: 'N° de séjour : 240118823', value: '240118823' },
        { text: 'Opnamenummer: 7741203', value: '7741203' },
        { text: 'N. ricovero 24001234 del 03/02', value: '24001234' },
      ],
      negative: [
        'NHC pendiente de asignar', 'MRN pending', 'record 00483920 in the ledger', 'chart updated 2024-03-01',
        // An episode or a stay in prose is no label.
        'nuevo episodio febril con leucocitos 12500', 'ricovero di 5 giorni, costo 12345 euro',
      ],
    },
  },
  {
    id: 'health-plan-id',
    type: 'HEALTH_PLAN_ID',
    dataTypes: ['PHI'],
    pass: 'local',
    patterns: [
      { name: 'mbi', regex: r`(?<![\w\-])[1-9][AC-HJKMNP-RT-Y][AC-HJKMNP-RT-Y0-9]\d-?[AC-HJKMNP-RT-Y][AC-HJKMNP-RT-Y0-9]\d-?[AC-HJKMNP-RT-Y]{2}\d{2}(?![\w\-])`, score: 0.45 },
      // Up to 20 digits: the Italian tessera sanitaria is printed ungrouped as well.
      { name: 'member-id', regex: r`(?<![\w\-])(?:[A-Z]{1,4}[\- ]?)?\d{6,20}(?:-?[A-Z0-9]{1,3})?(?![\w\-]|[.,]\d)`, score: 0.3 },
      // Health cards printed in groups (the Italian tessera sanitaria's 20 digits, 9-digit utente numbers with spaces).
      { name: 'grouped', regex: r`(?<![\w\-.])\d{3,5}(?:[ ]\d{3,5}){1,4}(?![\w\-]|[.,]\d)`, score: 0.3 },
    ],
    placement: { kind: 'window', keywords: [
      'member id', 'member n', 'member #', 'subscriber', 'policy n', 'policy #', 'insurance', 'insured', 'health plan', 'medicare', 'medicaid',
      'beneficiary', 'mbi', 'group no', 'group number', 'plan id', ...HEALTH_INSURANCE_KEYWORDS,
    ], reach: 64 },
    context: allLabels(HEALTH_INSURANCE_LABELS),
    // A phone label right before the number wins over a card label further back (`Utente: J. Gil.
    // Para desmarcar ligue 289 830 400`).
    negativeContext: allLabels(PHONE_LABELS),
    contextWindow: { before: 48, after: 8 },
    validator: 'id-shape',
    samples: {
      positive: [
        { text: 'Medicare MBI 1EG4-TE5-MK73', value: '1EG4-TE5-MK73' },
        { text: 'Member ID: XJH 882901734', value: 'XJH 882901734' },
        { text: 'insurance policy number 55019283-01', value: '55019283-01' },
        { text: 'Krankenversichertennummer: A123456780', value: 'A123456780' },
        { text: 'Número de utente: 123 456 789', value: '123 456 789' },
        { text: 'Tessera sanitaria n. 80380 00300 01234 56789', value: '80380 00300 01234 56789' },
        { text: 'Tessera sanitaria (TEAM): 80380000500123456780.', value: '80380000500123456780' },
        { text: 'Paciente: Ana Gil\nTIS: GRTA821103114015\nNASS: 08/73029148/48', value: 'GRTA821103114015' },
        { text: 'Versicherter: Petrović, Dragan  Vers.-Nr. T582037168', value: 'T582037168' },
        { text: 'Meine neue Anschrift folgt. Versichertennr. W173928409.', value: 'W173928409' },
        { text: 'Relatienummer: 184 552 901', value: '184 552 901' },
        { text: 'STP/ENI: STP1900010001234', value: 'STP1900010001234' },
        { text: 'NUHSA: AN0612345678 (Servicio Andaluz de Salud)', value: 'AN0612345678' },
        { text: 'Telemóvel: 912 345 678\nN.º de utente: 123 456 789', value: '123 456 789' },
      ],
      negative: ['Utente: J. Gil. Para desmarcar ligue 289 830 400.', 'RECEITA N.º 2011000384712\nUtente: Ana Reis', 'member since 2019', 'policy 123 applies', 'Member ID: 000000000', 'Krankenkasse seit 2019 gewechselt', 'TIS: pendiente', 'Vers.-Nr. folgt', 'Relatienummer onbekend'],
    },
  },
  {
    id: 'us-npi',
    type: 'NPI',
    dataTypes: ['PHI'],
    pass: 'local',
    patterns: [{ name: 'ten-digits', regex: r`(?<![\w\-.])[12]\d{9}(?![\w\-]|[.,]\d)`, score: 0.3 }],
    placement: { kind: 'anchor', anchor: DIGIT_RUN, window: { keywords: ['npi', 'provider', 'prescriber', 'physician', 'doctor', 'dr.'], reach: 64 } },
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
    // Seven digits in a row (declared as six, the Finnish identity code's shape, so they share one
    // range list) after two letters, or after a letter and a 9 that starts the run: the match
    // starts one or two characters before the run.
    placement: { kind: 'anchor', anchor: DIGIT_RUN, shapes: [{ run: 6 }], near: 2 },
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
    placement: { kind: 'window', keywords: ['icd', 'diagnos', 'dx', 'condition', 'code', ...DIAGNOSIS_KEYWORDS], reach: 64 },
    context: allLabels(DIAGNOSIS_LABELS),
    contextWindow: { before: 48, after: 16 },
    validator: 'icd10',
    samples: {
      positive: [
        { text: 'Diagnosis: E11.9 (type 2 diabetes)', value: 'E11.9' },
        { text: 'ICD-10 J45 and I10 recorded', value: 'J45' },
        { text: 'dx F32.A noted', value: 'F32.A' },
        { text: 'Assessment: J45.909 mild intermittent asthma', value: 'J45.909' },
        { text: 'Diagnóstico principal: C61 (CIE-10)', value: 'C61' },
        { text: 'Hauptdiagnose I10 (ICD-10-GM)', value: 'I10' },
      ],
      negative: ['seat A10 in row 3', 'the B52 bomber', 'diagnosis pending, room B12.3.4', 'Assessment of the Q3 roadmap'],
    },
  },
  {
    id: 'clinician-licence',
    type: 'MEDICAL_LICENSE',
    dataTypes: ['PII'],
    pass: 'local',
    // A first group of one digit: the Belgian RIZIV/INAMI number `1-23456-78-910`.
    patterns: [{ name: 'grouped-digits', regex: r`(?<![\w\-.])\d+(?:[ \-/.]\d{2,}){0,3}(?![\w\-]|[.,]\d)`, score: 0.2 }],
    placement: { kind: 'window', keywords: CLINICIAN_LICENCE_KEYWORDS, reach: 40 },
    context: allLabels(CLINICIAN_LICENCE_LABELS),
    contextBoost: 0.45,
    // The label stands right before the number (`Médico: Ana Gil NºCol: 28 28 70973`).
    contextWindow: { before: 24, after: 0 },
    // `Col. Obispado, C.P. 64060`: a postcode after its label is no licence (`Col.` is also a colonia).
    negativeContext: ['c.p', 'cp', 'cep', 'plz', 'cap', 'código postal', 'code postal', 'postcode', 'zip'],
    validator: 'licence-number',
    samples: {
      positive: [
        { text: 'Médico: Ignacio Navarro Cuéllar NºCol: 28 28 70973.', value: '28 28 70973' },
        { text: 'Dra. Marta Gil, nº de colegiado 282865589', value: '282865589' },
        { text: 'Dr. med. Jonas Weber, LANR 123456601', value: '123456601' },
        { text: 'Dr Claire Petit (RPPS 10101234567)', value: '10101234567' },
        { text: 'Dott. Luca Bassi, iscrizione albo n. 12345', value: '12345' },
        { text: 'Dr. Ana Costa, cédula profissional 45123', value: '45123' },
        { text: 'arts: dr. P. de Wit, BIG-nummer 19012345601', value: '19012345601' },
        { text: 'Voorschrijver (BIG-nr.): 89023456701', value: '89023456701' },
        { text: 'J. Hofstede, huisarts (AGB 01012345)', value: '01012345' },
        { text: 'Überweisung Orthopädie, Arzt-Nr. 987654401', value: '987654401' },
        { text: 'Dr. Henrique Vasconcelos (Cédula OM 45123)', value: '45123' },
        { text: 'Dr. Stijn De Meyer, radioloog, RIZIV 1-23456-78-910', value: '1-23456-78-910' },
      ],
      negative: ['Col. 12 of the table', 'colegiado desde 2012', 'LANR fehlt noch', 'col 2024-03-01 entries', 'Col. Obispado, C.P. 64060, Monterrey', 'a big 1000 piece puzzle', 'AGB Stand 2024', 'Arzt-Nr. folgt'],
    },
  },
];
