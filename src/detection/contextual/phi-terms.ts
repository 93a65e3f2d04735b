/**
 * Compact medical vocabulary for PHI: conditions, medications and procedures (common names,
 * English with some international generic and brand names), plus the words that place health
 * information in a patient's context. Lower case, comma-separated; an entry may have several
 * words.
 */

/** Conditions and diagnoses. */
export const CONDITIONS = `
diabetes, diabetic, type 1 diabetes, type 2 diabetes, prediabetes, hypertension, hypotension, asthma, copd,
emphysema, bronchitis, pneumonia, tuberculosis, cancer, carcinoma, adenocarcinoma, melanoma, lymphoma,
leukemia, leukaemia, myeloma, sarcoma, glioma, glioblastoma, tumor, tumour, metastasis, metastatic, neoplasm,
malignancy, breast cancer, lung cancer, prostate cancer, colon cancer, colorectal cancer, cervical cancer,
pancreatic cancer, hiv, aids, hepatitis, hepatitis b, hepatitis c, cirrhosis, fatty liver, depression,
major depressive disorder, anxiety disorder, panic disorder, bipolar, bipolar disorder, schizophrenia,
psychosis, ptsd, ocd, adhd, autism, asperger, anorexia, bulimia, eating disorder, insomnia, sleep apnea,
narcolepsy, epilepsy, seizure, seizures, migraine, migraines, stroke, heart attack, myocardial infarction,
angina, arrhythmia, atrial fibrillation, afib, heart failure, cardiomyopathy, coronary artery disease,
heart disease, high blood pressure, high cholesterol, hypercholesterolemia, hyperlipidemia, kidney disease,
chronic kidney disease, ckd, renal failure, kidney failure, kidney stones, alzheimer, alzheimer's,
alzheimers, dementia, parkinson's, parkinsons, multiple sclerosis, lupus, rheumatoid arthritis, arthritis,
osteoarthritis, osteoporosis, gout, fibromyalgia, crohn's, crohn's disease, crohns, ulcerative colitis,
colitis, irritable bowel syndrome, celiac disease, coeliac disease, gerd, obesity, morbid obesity,
hypothyroidism, hyperthyroidism, graves disease, hashimoto's, anemia, anaemia, sickle cell, hemophilia,
haemophilia, cystic fibrosis, muscular dystrophy, cerebral palsy, down syndrome, spina bifida, pregnancy,
pregnant, miscarriage, stillbirth, infertility, endometriosis, pcos, preeclampsia, gestational diabetes,
chlamydia, gonorrhea, syphilis, herpes, hpv, genital warts, covid-19, covid, influenza, measles, shingles,
sepsis, mrsa, concussion, traumatic brain injury, fracture, spinal cord injury, paralysis, glaucoma,
cataracts, macular degeneration, tinnitus, psoriasis, eczema, dermatitis, alcoholism, alcohol use disorder,
substance use disorder, addiction, opioid use disorder, overdose, suicidal ideation, suicide attempt,
self-harm, schizoaffective disorder, borderline personality disorder, personality disorder, dyslexia,
tourette syndrome, anaphylaxis, hernia, appendicitis, gallstones, pancreatitis, diverticulitis,
hypoglycemia, hyperglycemia, neuropathy, retinopathy, thrombosis, deep vein thrombosis, dvt,
pulmonary embolism, aneurysm, scoliosis, herniated disc, sciatica, lyme disease, malaria, ebola,
chronic pain, chronic fatigue syndrome, long covid, postpartum depression, sexually transmitted disease,
sexually transmitted infection, std, sti
`;

/** Medications (generic and brand names). */
export const MEDICATIONS = `
insulin, metformin, glipizide, glimepiride, sitagliptin, januvia, jardiance, empagliflozin, ozempic,
semaglutide, wegovy, mounjaro, tirzepatide, trulicity, lantus, humalog, novolog, lisinopril, enalapril,
ramipril, losartan, valsartan, amlodipine, metoprolol, atenolol, propranolol, carvedilol,
hydrochlorothiazide, furosemide, lasix, spironolactone, atorvastatin, lipitor, simvastatin, rosuvastatin,
crestor, pravastatin, warfarin, coumadin, apixaban, eliquis, rivaroxaban, xarelto, clopidogrel, plavix,
heparin, enoxaparin, digoxin, amiodarone, nitroglycerin, albuterol, ventolin, fluticasone, advair,
symbicort, montelukast, singulair, prednisone, prednisolone, methylprednisolone, dexamethasone,
hydrocortisone, levothyroxine, synthroid, methimazole, omeprazole, prilosec, pantoprazole, esomeprazole,
nexium, famotidine, ondansetron, zofran, sertraline, zoloft, fluoxetine, prozac, paroxetine, paxil,
citalopram, escitalopram, lexapro, venlafaxine, effexor, duloxetine, cymbalta, bupropion, wellbutrin,
mirtazapine, trazodone, amitriptyline, nortriptyline, lithium, lamotrigine, lamictal, valproate, depakote,
carbamazepine, tegretol, levetiracetam, keppra, topiramate, topamax, gabapentin, neurontin, pregabalin,
lyrica, quetiapine, seroquel, olanzapine, zyprexa, risperidone, risperdal, aripiprazole, abilify,
haloperidol, clozapine, alprazolam, xanax, lorazepam, ativan, diazepam, valium, clonazepam, klonopin,
zolpidem, ambien, methylphenidate, ritalin, concerta, adderall, atomoxetine, strattera, vyvanse, oxycodone,
oxycontin, percocet, hydrocodone, vicodin, morphine, fentanyl, codeine, tramadol, methadone, buprenorphine,
suboxone, naloxone, narcan, naltrexone, tamoxifen, letrozole, anastrozole, herceptin, trastuzumab,
keytruda, pembrolizumab, rituximab, methotrexate, hydroxychloroquine, adalimumab, humira, etanercept,
enbrel, infliximab, remicade, dupixent, biktarvy, truvada, descovy, genvoya, triumeq, antiretroviral,
antiretrovirals, acyclovir, valacyclovir, valtrex, oseltamivir, tamiflu, paxlovid, azithromycin,
amoxicillin, augmentin, doxycycline, ciprofloxacin, cephalexin, penicillin, vancomycin, isoniazid,
rifampin, sildenafil, viagra, tadalafil, cialis, finasteride, estradiol, progesterone, testosterone,
chemotherapy, immunotherapy, antidepressant, antidepressants, antipsychotic, antipsychotics, opioids,
benzodiazepines, statins, beta blocker, beta blockers
`;

/** Procedures, tests and treatments. */
export const PROCEDURES = `
appendectomy, cholecystectomy, mastectomy, lumpectomy, hysterectomy, vasectomy, tonsillectomy, colectomy,
colostomy, tracheostomy, craniotomy, laminectomy, angioplasty, bypass surgery, heart surgery, cabg,
heart transplant, kidney transplant, liver transplant, bone marrow transplant, organ transplant,
pacemaker, hip replacement, knee replacement, joint replacement, c-section, cesarean, caesarean, abortion,
ivf, biopsy, colonoscopy, endoscopy, mammogram, pap smear, mri, ct scan, pet scan,
echocardiogram, ekg, ecg, eeg, blood transfusion, radiation therapy, radiotherapy, chemo, dialysis,
physical therapy, physiotherapy, psychotherapy, cognitive behavioral therapy, electroconvulsive therapy,
rehab, rehabilitation, detox, gender reassignment, amputation, intubation, hiv test, pregnancy test,
genetic test, hba1c, a1c, viral load, cd4 count, psychiatric evaluation, psychiatric hold,
involuntary commitment, surgery
`;

/**
 * Words and phrases that put health information in a patient's context (`patient`, `MRN`,
 * `diagnosed with`, `prescribed`).
 */
export const PATIENT_CUES = `
patient, patients, pt, mrn, medical record, medical records, chart, admitted, admission, discharged,
discharge summary, diagnosed, diagnosis, diagnoses, dx, prognosis, prescribed, prescription, rx, treated for,
treatment for, suffers from, suffering from, history of, hx, presents with, presented with, complains of,
complaining of, c/o, inpatient, outpatient, icu, emergency room, hospitalized, hospitalised, oncologist,
cardiologist, psychiatrist, health plan, member id, insurance id, nhs number, medicare, medicaid,
date of birth, dob, tested positive, positive for, negative for, doctor, physician
`;

/** Parses one of the comma-separated lists above. */
export function phrases(list: string): string[] {
  return list
    .split(',')
    .map((p) => p.trim().replace(/\s+/g, ' '))
    .filter(Boolean);
}

/**
 * Words that make a text a health record, per language (single words, lower case): dates in
 * such a text are dates about a patient (DATE). en, es, de, fr, it, nl, pt. Not words that
 * software text uses too (`diagnostic`, `admission`, `traitement`, `Aufnahme`, `opname`, `alta`).
 */
export const HEALTH_RECORD_WORDS: Record<string, string> = {
  en: 'patient patients mrn admitted discharged physician clinician inpatient outpatient',
  es: 'paciente pacientes nhc ingreso ingresó diagnóstico médico médica clínico exploración anamnesis urgencias enfermería hospitalario sanitaria pediatra matrona enfermera',
  de: 'patient patientin patienten befund entlassung arzt ärztin krankenhaus klinik anamnese hausarzt hausärztin laborbefund befundbericht arztbrief entlassungsbericht pflegedokumentation pflegebericht gesundheitsamt',
  fr: 'patient patiente hospitalisation hospitalisé hospitalisée médecin hôpital clinique médicale médical urgences opératoire chirurgien soins ordonnance rpps infirmier infirmière',
  it: 'paziente pazienti diagnosi ricovero ricoverato ricoverata dimissione medico ospedale anamnesi soccorso ambulatorio ambulatoriale dott referto',
  nl: 'patiënt patiënte ontslag arts huisarts ziekenhuis anamnese verpleegkundig verpleegkundige bloedonderzoek polikliniek spreekuur verpleging avonddienst nachtdienst dagdienst saturatie',
  pt: 'doente utente paciente diagnóstico internamento internado internada médico hospital clínico clínica cardiologia enfermagem urgência atestado',
};

/**
 * Words that make a text a record about one person outside health care, per language (single
 * words, lower case): birth cues, the labels of identity, tax and social-security numbers, police
 * reports, insurance claims, registry and personnel forms, court summonses, rental contracts,
 * pension letters, appointments and pupils' records. Dates in such a text are dates about that
 * person (a claim, an incident, a move, a hearing), reported like the dates of a health record.
 * Not words of ordinary correspondence (`Datum`, `Rechnung`, `contrat`, `factura`). The six languages
 * of issue 13 only: English dates keep to health records.
 */
export const PERSONAL_RECORD_WORDS: Record<string, string> = {
  es: 'nacido nacida nacimiento dni nass afiliación afiliado afiliada asegurado asegurada denuncia denunciante atestado siniestro empadronamiento cita citación citacion comparezca arrendatario arrendataria arrendador arrendadora jubilación jubilacion pensión alumno alumna tomador tomadora domicilio póliza poliza nómina nomina contrato empleado empleada trabajador trabajadora usuaria padrón padron',
  de: 'geb geboren geburtsdatum geburtsort versichertennummer krankenversichertennummer sozialversicherungsnummer rentenversicherungsnummer steuer-id steueridentifikationsnummer identifikationsnummer strafanzeige geschädigter geschädigte beschuldigter meldebescheinigung personalfragebogen arbeitsverhältnis schadensnummer versicherungsnehmer versicherter rv-nr steuer-idnr personalbogen versicherungsnummer termin kläger klägerin beklagte beklagter rechtsstreit mieter mieterin vermieter vermieterin mietvertrag rentenauskunft altersrente geburtstag schüler schülerin impfausweis kundennummer antrag bescheid',
  fr: 'né née naissance nir vitale assuré assurée adhérent adhérente sinistre plainte audition mutuelle allocataire immatriculation sécu salarié salariée embauche rdv retraite retraité retraitée incapacité locataire bailleur élève demandeur défendeur rendez-vous usager',
  it: 'nato nata nascita fiscale denuncia denunciante sinistro anagrafe assistito assistita inps maternità appuntamento udienza ricorrente convenuto locatore conduttore conduttrice alunno alunna',
  nl: 'geboren geboortedatum bsn burgerservicenummer aangifte aangever verzekerde polisnummer declaratie zorgverzekeraar zorgverzekering rijksregisternummer uittreksel salarisadministratie afspraak tandarts zitting oproeping eiser gedaagde huurder verhuurder aow leerling',
  pt: 'nascido nascida nascimento niss nif cpf cns rg denúncia denunciante sinistro segurado segurada beneficiário locador locatário locatária arrendatário vítima aluno aluna requerente deferido deferimento colaborador colaboradora contribuinte',
};
