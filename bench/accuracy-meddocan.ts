/**
 * Spanish clinical notes: accuracy of the full pass on the MEDDOCAN corpus
 * (phi-meddocan-es.json, CC-BY-4.0, Spanish Plan for the Advancement of Language Technology; read
 * in place from the repository's `../shared/data`, PREFLIGHT_BENCH_DATA overrides the folder or
 * names the file; never copied into the repository).
 *
 *   npx tsc -p tsconfig.json && node dist/bench/accuracy-meddocan.js [--errors TYPE [--odd]]
 *
 * Type mapping (the corpus label -> the finding type the engine reports; docs in bench/README.md):
 *   NOMBRE_SUJETO_ASISTENCIA, NOMBRE_PERSONAL_SANITARIO -> PERSON
 *   CALLE -> STREET_ADDRESS
 *   ID_SUJETO_ASISTENCIA (NHC, historia clínica) -> MEDICAL_RECORD_NUMBER
 *   ID_ASEGURAMIENTO (NASS, afiliación a la Seguridad Social) -> SOCIAL_SECURITY_NUMBER
 *   ID_TITULACION_PERSONAL_SANITARIO (NºCol, colegiado) -> MEDICAL_LICENSE
 *   NUMERO_TELEFONO, NUMERO_FAX -> PHONE; CORREO_ELECTRONICO -> EMAIL
 *   FECHAS -> DATE (a DATE_OF_BIRTH finding counts as DATE)
 * Other labels (places, ages, sex, hospitals, professions, relatives, episode numbers) are not
 * scored: a prediction over only such text is ignored, except a PERSON over a hospital,
 * institution, health centre, territory or country, which is a false positive.
 * Scoring is the overlap matching of bench/span-scoring.ts. Records are split even / odd: tune
 * on one half, check on the other. Prints counts and rates only, never a value.
 */
import * as fs from 'fs';
import * as path from 'path';
import { scan } from '../src/detection/engine';
import { errorLine, evaluate, fmt, halves, microLine, printTable, remembering, scoredTypes, type ErrorLog, type RecordIn, type ScoringRules } from './span-scoring';

const RULES: ScoringRules = {
  labels: {
    NOMBRE_SUJETO_ASISTENCIA: 'PERSON',
    NOMBRE_PERSONAL_SANITARIO: 'PERSON',
    CALLE: 'STREET_ADDRESS',
    ID_SUJETO_ASISTENCIA: 'MEDICAL_RECORD_NUMBER',
    ID_ASEGURAMIENTO: 'SOCIAL_SECURITY_NUMBER',
    ID_TITULACION_PERSONAL_SANITARIO: 'MEDICAL_LICENSE',
    NUMERO_TELEFONO: 'PHONE',
    NUMERO_FAX: 'PHONE',
    CORREO_ELECTRONICO: 'EMAIL',
    FECHAS: 'DATE',
  },
  aliases: { DATE_OF_BIRTH: 'DATE' },
  falseLabels: { PERSON: ['HOSPITAL', 'INSTITUCION', 'CENTRO_SALUD', 'TERRITORIO', 'PAIS'] },
};

function dataFile(): string {
  const override = process.env.PREFLIGHT_BENCH_DATA;
  const base = override ?? path.resolve(__dirname, '../../../shared/data');
  return base.endsWith('.json') ? base : path.join(base, 'phi-meddocan-es.json');
}

function main(): void {
  const args = process.argv.slice(2);
  const errIdx = args.indexOf('--errors');
  const records = JSON.parse(fs.readFileSync(dataFile(), 'utf8')) as RecordIn[];
  const split = halves(records.length);
  const full = remembering((text: string) => scan(text, { pass: 'full' }));
  if (errIdx >= 0) {
    // Development aid: the missed and false spans of one type in one half, redacted (span-scoring.ts errorLine).
    const errors: ErrorLog[] = [];
    evaluate(records, args.includes('--odd') ? split.odd : split.even, full, RULES, errors);
    for (const e of errors.filter((x) => x.type === args[errIdx + 1])) console.log(errorLine(e, records[e.index]));
    return;
  }
  const types = scoredTypes(RULES);
  console.log(`Spanish clinical notes: ${records.length} records from ${path.basename(dataFile())}, full pass (overlap matching)`);
  const started = Date.now();
  const splits = { even: evaluate(records, split.even, full, RULES), odd: evaluate(records, split.odd, full, RULES) };
  const ms = Date.now() - started;
  printTable('per type', splits, types);
  const m = microLine('micro (mapped types)', splits, types);
  console.log(`\nTarget micro-F1 >= 0.85 on each half: even ${fmt(m.even)}, odd ${fmt(m.odd)} ${m.even >= 0.85 && m.odd >= 0.85 ? 'MET' : 'NOT MET'}`);
  console.log(`(one full-pass scan of each record took ${ms} ms in all)`);
  // The same with exact spans (the MEDDOCAN task's own strict scoring): a span with other bounds counts as wrong.
  const exact = { even: evaluate(records, split.even, full, RULES, undefined, true), odd: evaluate(records, split.odd, full, RULES, undefined, true) };
  printTable('per type, exact spans', exact, types);
  microLine('micro (mapped types), exact spans', exact, types);
}

main();
