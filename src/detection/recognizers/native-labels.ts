/**
 * Labels that people write before an identifier, per language (lower case, as context words
 * count them: a label must start a word; one of three characters or fewer must also end one).
 * Data only: the recognizers of phi.ts and pii.ts take their keywords and context words from here.
 * Languages: en, es, de, fr, it, nl, pt.
 */
type ByLanguage = Record<'en' | 'es' | 'de' | 'fr' | 'it' | 'nl' | 'pt', string[]>;

/** Every label of a table, all languages. */
export function allLabels(table: ByLanguage): string[] {
  return [...new Set(Object.values(table).flat())];
}

/**
 * Prefilter keywords (`*_KEYWORDS`): a few short, distinctive stems per kind in place of every
 * label, because the keyword automaton's table is walked for every character of every text and
 * must stay small. A keyword only opens a window; the whole label must still stand before the
 * value as a context word. Keywords of four letters or more also match longer words
 * (`colegiad` opens at `colegiado` and `colegiada`).
 */

/** Medical record / patient file numbers. */
export const RECORD_LABELS: ByLanguage = {
  en: ['mrn', 'medical record', 'patient id', 'patient no', 'patient number', 'patient #', 'chart no', 'chart number', 'chart #', 'record number', 'hospital number', 'med rec', 'health record'],
  es: ['nhc', 'historia clínica', 'historia clinica', 'nº historia', 'n.º historia', 'número de historia', 'numero de historia', 'hc', 'id paciente', 'cipa', 'nº de paciente', 'n.º de historia', 'n.º historia clínica', 'episodio:', 'nº episodio', 'n.º episodio', 'n° episodio', 'nº de episodio', 'n.º de episodio', 'número de episodio', 'nº de ingreso', 'n.º de ingreso', 'número de ingreso'],
  de: ['patientennummer', 'patienten-nr', 'patientenid', 'patienten-id', 'fallnummer', 'fall-nr', 'aktenzeichen patient', 'krankenblattnummer', 'fallnr', 'pat.-nr', 'pat-nr', 'aufnahmenummer', 'aufnahme-nr'],
  fr: ['numéro de dossier', 'n° de dossier', 'n° dossier', 'dossier médical', 'dossier patient', 'ipp', 'numéro patient', 'n° patient', 'n° de séjour', 'numéro de séjour', 'n° séjour', 'iep'],
  it: ['cartella clinica', 'numero cartella', 'n. cartella', 'nosologico', 'codice paziente', 'id paziente', 'numero di cartella', 'n. di cartella', 'cartella n', 'n. ricovero', 'nr. ricovero', 'numero ricovero', 'numero di ricovero', 'n. di ricovero'],
  nl: ['patiëntnummer', 'patientnummer', 'dossiernummer', 'ziekenhuisnummer', 'patiënt-id', 'opnamenummer', 'opnamenr', 'opname-nr'],
  pt: ['prontuário', 'prontuario', 'processo clínico', 'processo clinico', 'nº processo', 'n.º processo', 'número de processo', 'numero de processo', 'nº de processo', 'n.º de processo', 'n.º do processo', 'nº do processo', 'processo n.º', 'episódio:', 'nº episódio', 'n.º episódio', 'nº de episódio', 'n.º de episódio', 'n.º do episódio', 'número de episódio', 'numero de episodio'],
};

/** Social security and national insurance numbers (no checksum of their own: the label decides). */
export const SOCIAL_SECURITY_LABELS: ByLanguage = {
  en: ['national insurance', 'social insurance number', 'sin no'],
  es: ['nass', 'naf', 'seguridad social', 'afiliación', 'afiliacion', 'nº ss', 'nuss', 'n.º de afiliación', 'número de afiliación', 'n.º ss', 'seg. social', 'nº seg. social', 'n.º seg. social'],
  de: ['sozialversicherungsnummer', 'sozialversicherungs-nr', 'sv-nummer', 'sv-nr', 'svnr', 'rentenversicherungsnummer', 'rentenversicherungsnr', 'versicherungsnr', 'rvnr', 'rv-nr', 'rv-nummer', 'versicherungsnummer', 'ahv-nr', 'ahv-nummer', 'ahv nr', 'ahv', 'avs'],
  fr: ['sécurité sociale', 'securite sociale', 'n° ss', 'numéro ss', 'numéro insee', 'n° insee', 'numéro avs', 'n° avs', 'avs', 'ahv', 'numéro de registre national', 'registre national'],
  it: ['previdenza sociale', 'numero inps', 'matricola inps', 'posizione inps', 'numero avs', 'avs'],
  nl: ['sociaal-fiscaalnummer', 'sofinummer', 'sofi-nummer', 'rijksregisternummer'],
  pt: ['niss', 'segurança social', 'seguranca social', 'nº beneficiário', 'número de beneficiário', 'numero de beneficiario', 'n.º niss', 'nº niss', 'n.º beneficiário'],
};

/** Health insurance and health-service card numbers. */
export const HEALTH_INSURANCE_LABELS: ByLanguage = {
  en: ['member id', 'member number', 'member no', 'member #', 'subscriber id', 'subscriber number', 'policy number', 'policy no', 'policy #', 'insurance id', 'insurance number', 'insurance no', 'health plan', 'medicare', 'medicaid', 'beneficiary', 'mbi', 'group number', 'group no', 'plan id', 'insured id', 'nhs number', 'nhs no'],
  es: ['tarjeta sanitaria', 'nº tarjeta sanitaria', 'cip', 'código de identificación personal', 'nº de póliza', 'número de póliza', 'mutua', 'n.º tarjeta sanitaria', 'n.º de póliza', 'tis', 'tsi', 'tarjeta individual sanitaria', 'tarjeta sanitaria individual', 'nuhsa'],
  de: ['versichertennummer', 'krankenversichertennummer', 'krankenversicherungsnummer', 'kvnr', 'versicherten-nr', 'versichertennr', 'vers.-nr', 'vers-nr', 'krankenkasse', 'egk-nummer'],
  fr: ['carte vitale', 'numéro de mutuelle', 'n° adhérent', 'numéro adhérent', 'n° de mutuelle'],
  it: ['tessera sanitaria', 'numero tessera', 'n. tessera', 'codice tessera', 'tessera team', 'identificazione tessera', 'codice stp', 'stp', 'stp/eni', 'codice eni'],
  nl: ['zorgverzekeringsnummer', 'verzekerdennummer', 'polisnummer', 'zorgpas', 'relatienummer', 'klantnummer zorgverzekeraar'],
  pt: ['número de utente', 'numero de utente', 'nº utente', 'n.º utente', 'nº de utente', 'utente', 'cartão de utente', 'número sns', 'nº sns', 'n.º sns', 'n.º utente', 'n.º de utente', 'cns', 'cartão nacional de saúde', 'cartão sus', 'cartão do sus'],
};

/** Clinician licence and registration numbers. */
export const CLINICIAN_LICENCE_LABELS: ByLanguage = {
  en: ['medical licence', 'medical license', 'gmc number', 'gmc no', 'gmc reg'],
  es: ['nºcol', 'nº col', 'n.º col', 'col', 'colegiado', 'colegiada', 'nº colegiado', 'nº de colegiado', 'número de colegiado', 'numero de colegiado', 'cédula profesional', 'n.º colegiado', 'n.º de colegiado'],
  de: ['lanr', 'arztnummer', 'lebenslange arztnummer', 'approbationsnummer', 'bsnr', 'arzt-nr'],
  fr: ['rpps', 'n° rpps', 'adeli', 'n° adeli', 'inami', "numéro d'inscription à l'ordre", 'inscrit à l’ordre', 'n° ordre'],
  it: ['iscrizione albo', 'iscr. albo', 'n. iscrizione', 'ordine dei medici', 'albo n'],
  nl: ['big-nummer', 'big nummer', 'big-registratie', 'big-nr', 'big-nr.', 'agb', 'agb-code', 'agb code', 'uzi-nummer', 'uzi nummer', 'uzi-pas', 'riziv', 'riziv-nummer'],
  pt: ['cédula profissional', 'cedula profissional', 'nº cédula', 'ordem dos médicos', 'nº om', 'n.º om', 'om n', 'ordem dos médicos n.º', 'n.º cédula', 'cédula om', 'cédula da om'],
};

/** Words that introduce a diagnosis (an ICD-10 code may follow). */
export const DIAGNOSIS_LABELS: ByLanguage = {
  en: ['icd', 'icd-10', 'icd10', 'icd-10-cm', 'diagnosis', 'diagnoses', 'diagnosed', 'dx', 'diagnosis code', 'primary dx', 'assessment', 'impression', 'a/p', 'problem list'],
  es: ['diagnóstico', 'diagnostico', 'diagnósticos', 'cie-10', 'cie10', 'cie', 'juicio clínico', 'juicio clinico'],
  de: ['diagnose', 'diagnosen', 'hauptdiagnose', 'icd-10-gm', 'befund'],
  fr: ['diagnostic', 'diagnostics', 'cim-10', 'cim10', 'cim'],
  it: ['diagnosi', 'icd-9-cm', 'codice diagnosi'],
  nl: ['diagnose', 'diagnosecode', 'diagnosen'],
  pt: ['diagnóstico', 'diagnostico', 'cid-10', 'cid10'],
};

/** Words before a phone number, besides the English ones of pii.ts (`Tél.`, `Mobil`, `llame al`). */
export const PHONE_LABELS: ByLanguage = {
  en: [],
  es: ['teléfono', 'telefono', 'tfno', 'tlf', 'móvil', 'movil', 'llame', 'llamar', 'fax', 'celular'],
  de: ['telefon', 'tel', 'mobil', 'mobiltelefon', 'handy', 'rufen', 'anrufen', 'erreichbar', 'durchwahl', 'rückruf', 'telefonnummer', 'mobilnummer', 'festnetz', 'rückfragen'],
  fr: ['téléphone', 'tél', 'portable', 'joignable', 'appelez', 'contactez', 'numéro de téléphone'],
  it: ['telefono', 'cellulare', 'tel', 'reperibile', 'recapito', 'il numero è', 'chiami', 'chiamare', 'numero verde', 'contattare', 'contattarci'],
  nl: ['telefoon', 'telefoonnummer', 'mobiel', 'bel', 'bellen', 'gebeld', 'telefoonnr', 'tel.nr', 'bereikbaar', 'nummer is', 'nieuwe nummer'],
  pt: ['telefone', 'telemóvel', 'telemovel', 'tlm', 'tlf', 'telef', 'telem', 'contacto', 'ligue', 'ligar', 'celular', 'contacto telefónico', 'telefone fixo'],
};

/** Prefilter stems of RECORD_LABELS beyond the English ones of phi.ts. */
export const RECORD_KEYWORDS = ['nhc', 'historia', 'cipa', 'patienten', 'patientn', 'fallnum', 'dossier', 'ipp', 'cartella', 'nosolog', 'patiënt', 'processo', 'prontu', 'episod', 'episód', 'ingreso', 'fallnr', 'pat.-nr', 'pat-nr', 'aufnahme', 'séjour', 'iep', 'ricover', 'opname'];
/** Prefilter stems of SOCIAL_SECURITY_LABELS. */
export const SOCIAL_SECURITY_KEYWORDS = ['national insurance', 'ahv', 'avs', 'registre national', 'rijksregister', 'nass', 'naf', 'nuss', 'segurid', 'afiliaci', 'sozialversicherung', 'rentenv', 'rvnr', 'versicherungsnummer', 'sv-n', 'svnr', 'rv-n', 'seg. social', 'sécurité', 'securite', 'insee', 'inps', 'previd', 'sofinummer', 'sofi-nummer', 'sociaal', 'niss', 'segurança', 'seguranca', 'benefici'];
/** Prefilter stems of HEALTH_INSURANCE_LABELS beyond the English ones of phi.ts. */
export const HEALTH_INSURANCE_KEYWORDS = ['nhs', 'tarjeta', 'cip', 'póliza', 'poliza', 'mutua', 'versicherten', 'krankenversicherten', 'krankenversicherungsnummer', 'kvnr', 'krankenk', 'egk', 'vitale', 'mutuelle', 'adhér', 'tessera', 'zorgv', 'verzeker', 'polisn', 'zorgpas', 'utente', 'sns', 'cns', 'cartão', 'tis', 'tsi', 'vers.-nr', 'vers-nr', 'stp', 'relatienummer', 'nuhsa'];
/** Prefilter stems of CLINICIAN_LICENCE_LABELS. */
export const CLINICIAN_LICENCE_KEYWORDS = ['medical licen', 'gmc', 'col', 'colegiad', 'cédula', 'cedula', 'lanr', 'arztnum', 'approb', 'bsnr', 'arzt-nr', 'rpps', 'adeli', 'ordre', 'albo', 'iscr', 'ordine', 'big-', 'big n', 'agb', 'uzi', 'riziv', 'inami', 'ordem', 'º om', 'om n'];
/** Prefilter stems of DIAGNOSIS_LABELS beyond the English ones of phi.ts. */
export const DIAGNOSIS_KEYWORDS = ['assessment', 'impression', 'a/p', 'diagnós', 'cie', 'cim', 'cid', 'juicio', 'befund'];
/** Prefilter stems of PHONE_LABELS. */
export const PHONE_KEYWORDS_NATIVE = ['teléf', 'tfno', 'móvil', 'movil', 'llame', 'mobil', 'rufen', 'anrufen', 'tél', 'joign', 'appelez', 'contactez', 'cellul', 'chiam', 'mobiel', 'bel', 'bellen', 'telemóvel', 'telemovel', 'ligue', 'numero verde', 'contatt', 'durchwahl', 'rückruf', 'erreichbar', 'festnetz', 'gebeld', 'celular', 'rückfragen', 'tlm', 'reperibile', 'recapito', 'numero è', 'bereikbaar', 'nummer is', 'nieuwe nummer', 'telem', 'contacto'];

/**
 * Words for "password" written before a value in the other supported languages (English's, with
 * its setting-name spellings, are PW_NAME in secrets-generic.ts; Italian writes "password").
 * Each is also its own prefilter keyword: the set is small.
 */
export const PASSWORD_LABELS: Omit<ByLanguage, 'en'> = {
  es: ['contraseña', 'contrasena'],
  de: ['passwort', 'kennwort'],
  fr: ['mot de passe'],
  it: ["parola d'ordine"],
  nl: ['wachtwoord'],
  pt: ['senha', 'palavra-passe'],
};
