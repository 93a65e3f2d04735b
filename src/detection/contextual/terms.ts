/**
 * Hand-written vocabularies of the contextual detectors: function words, titles, cue phrases,
 * organisation words. Lower case; phrases are words joined by one space.
 */
import { words } from './lexicon';

/** English function words and pronouns, and words of forms and code that are never names (`Bearer`, `Admin`). */
const ENGLISH_STOP_WORDS = words(`
a an the and or nor but if then else of in on at to from by with without for about above below into onto
over under up down out off than as so too very not no yes is are was were be been being am do does did done
has have had having will would shall should can could may might must i me my mine we us our ours you your
yours he him his she her hers it its they them their theirs this that these those there here who whom whose
which what when where why how all any both each few more most other some such only own same just also
again ever never always often once please thanks thank hello hi hey dear ok okay oh yeah well let lets get
got go goes going went come came new old good great best first last next per via vs etc re fw fwd
monday tuesday wednesday thursday friday saturday sunday january february march april june july august
september october november december today tomorrow yesterday
don't doesn't didn't can't won't isn't aren't wasn't weren't haven't hasn't hadn't shouldn't wouldn't couldn't
it's that's what's there's here's let's you're we're they're i've you've we've i'd you'd we'll i'll you'll
i'm bearer basic token bot user system assistant admin moderator iban bic swift pin ssn vat dob mrn ein tin nhs npi icd cvv otp api url faq pdf
`);

/**
 * Function words, pronouns, months, weekdays and greetings of German, French, Spanish, Italian,
 * Dutch, Portuguese and the Nordic languages. In their own languages they are never names; in
 * English copy some are (`Julio`, `Les Ferrand`, `Ante`): person.ts asks the text around them.
 */
export const FOREIGN_STOP_WORDS = new Set([...words(`
ich du er sie wir ihr mein meine dein sein unser und oder aber die das dem ein eine einer ist bin sind war wohne heiße
nicht mit von zu auf für bei nach aus je tu il elle nous vous ils elles mon mes ton ta ses notre votre et ou mais un une est
suis sont avec pour dans sur chez yo él nosotros mi mis sus nuestro pero una unos es soy son con para en por io lui lei noi
voi lo gli uno sono è per ik jij hij zij wij mijn jouw zijn ons het een bent eu ele nós meu minha seu sua os uma sou com
jag vi mitt och eller är jeg meg og
ante durante como dado dada dados dadas esta este estos estas hasta desde tras según segun nota sin sobre entre cuando donde
tanto también tambien aunque porque pues luego además ademas asimismo mientras previamente posteriormente finalmente
actualmente inicialmente gran tras bajo hacia ambos ambas dicho dicha otro otra otros otras cada
während seit beim zum zur vom als wenn dann dabei danach davor jedoch auch noch bereits zudem nach
durant pendant depuis lors selon avant après apres ainsi puis alors dont cette ces
durante dopo prima mentre quando dove anche ancora secondo tale questa questo
tijdens sinds voor na toen omdat ook nog volgens deze dit kunt kan wilt moet mag zal zult heeft hebt wordt
durante após apos antes desde quando onde também ainda segundo esta este
montag dienstag mittwoch donnerstag freitag samstag sonntag lundi mardi mercredi jeudi vendredi samedi dimanche
lunes martes miércoles jueves viernes sábado domingo lunedì martedì mercoledì giovedì venerdì sabato domenica
maandag dinsdag woensdag donderdag vrijdag zaterdag zondag segunda terça quarta quinta sexta
januar februar märz april mai juni juli august september oktober november dezember janvier février mars avril
juin juillet août septembre octobre novembre décembre enero febrero marzo abril mayo junio julio agosto septiembre
octubre noviembre diciembre gennaio febbraio aprile maggio giugno luglio settembre ottobre dicembre januari
februari maart mei augustus janeiro fevereiro março maio junho julho setembro outubro novembro dezembro
grüßen grüße gentile gentili caro cara estimado estimada estimados cordiali saluti cumprimentos atentamente
cordialement bonjour groet groeten beste geachte alla allo agli dalla dello nella sulla
nord süd sud ost ouest norte oeste noord zuid oost
bât bâtiment urb urbanización urbanizacion whg izda izq dcha dcho jg exa exmo exma exmos exmas
betreff betreft onderwerp objet oggetto asunto assunto
woon woont wohnt habite abito moro resido vivo vive
`)].filter((w) => !ENGLISH_STOP_WORDS.has(w)));

/** Function words and pronouns: never part of a name, even capitalised at a sentence start (in English copy, see FOREIGN_STOP_WORDS). */
export const STOP_WORDS = new Set([...ENGLISH_STOP_WORDS, ...FOREIGN_STOP_WORDS]);

/** Verbs of saying: after one, a place speaks for its government (`said Beijing opposed`); before one, a capitalised name is a person's (`Kirsten Street said`). */
export const SAYING_VERBS = words(`said says say told tells added warned announced stated`);

/** Honorifics: whatever capitalised word follows is a name (`Dr. Wells`, `Mrs. Baker`). */
export const HONORIFICS = words(`
mr mrs ms miss mx dr prof sir madam madame mme mlle mister missus herr frau fräulein sr sra srta señor señora
señorita dott dra signor signora sig dhr mevr hr fru rev
dña doña dª avv ing mw drs gent dona
`);

/** Titles of office or rank: a strong cue, but the next word may still be an ordinary one. */
export const TITLES = words(`
mr mrs ms miss mx dr prof professor sir madam madame mme mlle mister missus dame lord lady rev reverend fr
father sister brother herr frau fräulein sr sra srta señor señora señorita dott dra signor signora
sig doctor judge capt captain col colonel gen general lt lieutenant sgt sergeant officer det detective
pres president sen senator rep gov governor mayor rabbi imam pastor bishop cardinal king queen prince
princess sheikh dhr mevr pan pani hr fru duke duchess earl countess baron baroness chancellor
kollege kollegin doktor doktorin bürgermeister bürgermeisterin oberbürgermeister präsident präsidentin direktor direktorin
maire ministre préfet directeur directrice président présidente sindaco assessore direttore direttrice presidente
ministro alcalde alcaldesa concejal concejala consejero consejera director directora burgemeester wethouder
minister voorzitter prefeito vereador vereadora diretor diretora ministra
dña doña dª avv avvocato avvocata ing ingegnere geom mw drs
letrado letrada coordinador coordinadora leiter leiterin dirigente responsable secrétaire segretario segretaria
briton spaniard dutchman dutchwoman frenchman frenchwoman englishman englishwoman irishman irishwoman scotsman
scotswoman welshman welshwoman
archbishop mullah ayatollah vice-president president-elect director-general secretary-general swede
justice cllr councillor councilor alderman referee umpire inspector superintendent constable ambassador
solicitor barrister prosecutor alhaji tánaiste taoiseach
`);

/** Lower-case particles inside names (`Anne ten Bosch`, `Ludwig van Beethoven`). */
export const PARTICLES = words(`van von de da di del della der den ten ter te le la du dos das do bin ibn al el af zu bint ben wa arap`);

/** Words that join names in a list (`Giovanni Ferrari e Chiara Colombo`, `Ana y Luis`). */
export const NAME_CONJUNCTIONS = words(`and or & und oder et ou y o e i en of`);

/**
 * Words that introduce a person when they stand right before a name-like word: strong ones
 * (`Dear`, `patient`, `signed`) and weak ones that only tip a doubtful word (`with`, `by`).
 */
export const PERSON_CUES_STRONG = words(`
nombre apellido apellidos paciente médico médica medico doctora remitido remitida firmado atendido atendida
vorname vornamen nachname familienname patientin arzt ärztin kunde kundin ansprechpartner ansprechpartnerin
nom prénom prenom médecin medecin patiente
nome cognome paziente dottore dottoressa
naam voornaam achternaam patiënt patiënte huisarts
apelido apelidos doente utente
name named called surname nickname alias dear hi hello hey thanks greetings regards sincerely signed
cheers attn attention said says patient client customer employee applicant tenant landlord beneficiary guardian
spouse partner husband wife son daughter mother father mom dad mum brother sister kid child boss manager
colleague coworker friend uncle aunt cousin grandfather grandmother grandma grandpa nephew niece girlfriend
boyfriend fiance fiancee doctor nurse physician surgeon dentist therapist lawyer attorney assistant
secretary author director producer singer songwriter player actor actress writer speaker founder founders
ceo cto cfo chairman chairwoman professor teacher student candidate witness victim suspect defendant
plaintiff recipient cardholder representative starring featuring feat i'm
kollege kollegin collègue collega colega
tochter sohn mutter vater ehemann ehefrau bruder schwester oma opa tante onkel enkel enkelin
fille fils mère père épouse frère sœur soeur grand-mère grand-père
figlia figlio madre padre marito moglie fratello sorella nonna nonno zia zio bambina bambino
dochter zoon moeder vader broer zus oom
filha filho mãe pai marido esposa irmão irmã avó avô tio
hija hijo hermano hermana abuela abuelo tía tío
hallo moin servus coucou salut ciao buongiorno buonasera salve hoi hola olá oi
soy sou lg vg geslachtsnaam voornamen
liebe lieber tomador tomadora asegurado asegurada titular denunciante arrendador arrendadora arrendatario arrendataria
kläger klägerin beklagter beklagte geschädigter geschädigte mieter mieterin vermieter vermieterin versicherte versicherter
demandeur demanderesse lésé lésée locataire bailleur assuré assurée bénéficiaire
assistito assistita ricorrente locatore conduttore conduttrice denunciato
aangever huurder verhuurder verzekerde
locador locadora locatário locatária vítima segurado segurada
`);

export const PERSON_CUES_WEAK = words(`by with cc meet met ask asked tell told call contact contacted email emailed
invite invited thank owner holder driver member user officer agent rep under and`);

/**
 * Roles that news copy writes in lower case right before a name (`finance minister Gareth Pennock`,
 * `opposition leader X`, `striker X`, `team mate X`, `analyst X at`): a strong cue there, where
 * TITLES ask for a capital. Only the word right before the name counts.
 */
export const NEWS_ROLES = words(`
minister leader spokesman spokeswoman spokesperson strategist analyst economist envoy governor premier
chancellor treasurer senator president chairman chief striker goalkeeper keeper midfielder defender winger
forward opener batsman batter bowler quarterback pitcher coach captain skipper mate teammate team-mate
compatriot counterpart rival champion cyclist golfer boxer sprinter jockey rider deputy lawmaker legislator
negotiator commissioner promoter novelist comedian socialite spinner leg-spinner all-rounder singer actor actress
tycoon magnate billionaire businessman businesswoman entrepreneur presenter fly-half scrum-half
`);

/** Words that end a name in a form field or a letterhead: a post box, a contact word (person.ts completeFieldNames). */
export const FIELD_STOPS = words(`apartado correo correos email e-mail mail tel tfno teléfono telefono fax móvil movil`);

/** Multi-word cues before a name (the two or three words right before it). */
export const PERSON_CUE_MULTI = new Set([
  'remitido por', 'remitida por', 'responsable clínico', 'responsable clinico', 'firmado por', 'atendido por',
  'nom de famille', 'nom du patient', 'geboren als', 'seguito da', 'enviado por', 'behandeld door',
  'my name is', 'name is', 'his name is', 'her name is', 'names are', 'i am', 'this is', 'it is', "it's",
  'last name', 'first name', 'full name', 'maiden name', 'family name', 'given name', 'middle name',
  'written by', 'directed by', 'produced by', 'painted by', 'composed by', 'performed by', 'sung by',
  'signed by', 'approved by', 'reviewed by', 'prepared by', 'submitted by', 'referred by', 'behalf of',
  'care of', 'speak to', 'talk to', 'speak with', 'talk with', 'meet with', 'spoke to', 'spoke with',
  'talked to', 'married to', 'named after', 'known as', 'goes by', 'follow up with', 'touch with',
  'name on', 'assigned to', 'addressed to', 'attention of', 'yours truly', 'best regards', 'kind regards',
  'warm regards', 'many thanks', 'thank you', 'thanks to', 'calls me', 'call me', 'said to',
]);

/** Verbs right after a name that show it is a person (`X said`, `X shouted`). */
export const PERSON_CUES_AFTER = words(`
said says told tells asked asks wrote writes replied replies shouted yelled whispered explained added
noted argued claimed stated smiled laughed cried nodded sighed agreed recalled admitted insisted announced
lives lived works worked married died graduated resigned thinks thought feels felt wants wanted loves loved
likes liked knows knew spent began started decided
`);

/**
 * Roles an English appositive gives a person right after the name (`Will Young, the chairman of
 * the council`, `Amy Hood, its finance chief`), after `the`, `a`, `an`, `its`, `his`, `her`, `their`.
 */
export const APPOSITIVE_ROLES = words(`
chairman chairwoman chair head leader founder co-founder director president chief owner mayor author
manager coach captain spokesman spokeswoman spokesperson minister secretary editor widow widower son
daughter wife husband mother father brother sister partner lawyer attorney actor actress singer writer
former retired professor teacher headteacher governor senator judge
`);

/** Phrases after a name that only a person takes (`X is a very`, `X and his`). */
export const PERSON_CUE_AFTER_MULTI = new Set([
  'was born', 'is a', 'is an', 'was a', 'is my', 'is our', 'is your', 'and his', 'and her', 'and i',
  'who is', 'who was', 'years old', 'year old', 'is the', 'was the', 'has been', 'had been', 'will be',
  'is very', 'is from', 'lives at', 'lives in', 'lives on', 'works at', 'works for',
]);

/** Words right before a single name-like word that make it a place (`in Springfield`, `to Leeds`). */
/** Form labels of a place (`Localidad/ Provincia: Segovia`, `Wohnort:`, `Ville :`): what follows is a place. */
export const PLACE_LABELS = words(`localidad provincia ciudad municipio población poblacion localidade cidade concelho distrito
ort wohnort stadt gemeinde ville commune città citta comune plaats woonplaats gemeente provincie city town county
province locality`);

export const PLACE_CUES = words(`in near inside outside across throughout around via towards toward into city town village
county province state region district capital suburb borough municipality island islands valley
downtown`);

/** Motion or location verbs that make a following `to` / `from` / `at` point to a place. */
export const MOTION_WORDS = words(`moved move moving travel travelling traveling travelled traveled went go going gone
fly flew flying flight trip drive drove driving return returned returning came come coming arrived arrive
arriving relocated relocate relocating visit visited visiting welcome back way headed heading route
shipped ship shipping sent send delivered deliver born grew raised live lived living lives based located
originally hails native
nato nata nati nate nacido nacida nascido nascida natural né née geboren residente residenti domiciliato domiciliata
domiciliado domiciliada domicilié domiciliée demeurant wohnhaft woonachtig wonende trasferito trasferita mudou verhuisd
umgezogen`);

/** Prepositions that point to a place after a motion, birth or residence word (`moved to`, `nato a`, `né à`, `geboren in`). */
export const MOTION_PREPOSITIONS = words(`to from at a à em en in nach aus te uit naar di da de`);

/**
 * Street and landscape words: a name-like word right before one (`Alexander Place`, `Bunker
 * Hill`, `Devon Street`) or after one (`Port Moresby`, `Lake Placid`) is a place, not a person.
 */
export const GEO_AFTER = words(`
street st road rd avenue ave lane ln drive boulevard blvd way court ct place pl square squares plaza
terrace close crescent parade row walk mews grove gardens garden park parkway highway hwy motorway bridge
hill hills mount mountain mountains valley vale dale glen creek river lake lakes bay beach coast harbor
harbour port point island islands isle cape falls springs spring wood woods forest field fields meadow
meadows heath moor green common cross crossing junction station house prize award awards trophy festival village town city county heights ridge
pass loop bowl flat flats forge forges mill mills prairie plains union trail track path camp fort
center centre estate manor farm ranch pines oaks cliff cliffs shore shores keys key inlet canyon rapids
burg burgh ville
`);

/** Words before a name-like word that make it a place (`Port Moresby`, `Saint Albans`). */
export const GEO_BEFORE = words(`port lake river loch mount mt fort saint st sainte ste san santa são sao new north south east west
upper lower greater little great old cape isla isle point canton cantone kanton vila jardim colonia barrio`);

/** Words that end or start an organisation name; a name-like span next to one is not a person. */
export const ORG_WORDS = words(`
inc inc. incorporated llc llp ltd ltd. limited corp corporation co company companies group holdings holding
partners partnership associates association solutions technologies technology tech systems services
service foundation university college institute institution school academy hospital clinic orchestra band
agency investments investment insurance consulting consultants labs laboratories laboratory media studio
studios records ventures enterprises industries international global capital bank bancorp trust fund
funds network networks software pharmaceuticals pharma therapeutics biosciences bioscience energy
motors airlines airways logistics partners gmbh ag sa sas sarl srl spa bv nv plc oy oyj ab asa kg ohg
pty pvt lp cooperative coop society council committee commission ministry department agency bureau office
club fc united city team league federation union church cathedral museum gallery theatre theater cinema
restaurant cafe bar hotel inn resort airport station stadium arena center centre mall market store shop
sons brothers bros banco summit rovers wanderers rangers hotspur athletic
servicio unidad departamento sección seccion universidad instituto fundación fundacion clínica clinica
hospitalario abteilung klinik klinikum universität universitat université universite département departement
servizio reparto università universita ospedale afdeling ziekenhuis universiteit serviço servico hospitalar
universidade
kasse krankenkasse ersatzkasse ortskrankenkasse sparkasse rentenkasse feuerwehr verein verband stiftung rathaus
apotheke praxis kanzlei ministerium polizei filiale filialen landratsamt
caisse mutualité mutuelle mairie préfecture prefecture agence pôle pole
azienda comune regione asl consorzio croce banda coro associazione fondazione
ayuntamiento junta consejería consejeria diputación diputacion centro
gemeente stichting vereniging zorgcentrum apotheek praktijk huisartsenpraktijk tandartspraktijk
câmara camara freguesia misericórdia misericordia prefeitura secretaria supermercado
fundação fundacao unidade hermanos fratelli frères freres gebroeders gebrüder irmãos irmaos talleres
verlag brauerei bäckerei bakkerij boulangerie panadería panaderia padaria panificio palacio palais palazzo paleis palácio
salle saal zaal collectie collection collezione colección coleccion coleção colecao hôpital hopital padiglione
ambulatorio ambulatório ambulatorium ordine ordem ordre colegio collegio virgen virgem vergine
escuela escola école ecole scuola istituto ceip ies collège college lycée lycee gymnasium schule grundschule basisschool
teatro théâtre stadio estadio estádio iglesia église eglise chiesa kirche kerk igreja hermandad cofradía
juzgado tribunal tribunale rechtbank gericht amtsgericht landgericht comisaría comisaria carabinieri questura
banque banca cantonal cantonale provinciale provincial direzione dirección direccion direção direcao
associação associacao asociación asociacion clinique kliniek farmácia pharmacie sagra fête fete fiesta municipal municipale estadual suministros officine genossenschaft carsat cpam urssaf usf
transportes transports trasporti transporte dienst amt feinkost condominio condomínio condominium residenz kazerne kaserne caserne caserma cuartel quartel
`);

/** Well-known organisations, products and services that look like names (`Tesla`, `Alexa`). */
export const BRANDS = words(`
google microsoft apple amazon facebook meta tesla netflix uber lyft twitter instagram whatsapp zoom slack
oracle ibm intel cisco adobe salesforce paypal visa mastercard amex ebay spotify youtube linkedin github
gitlab siri alexa cortana chatgpt openai android windows iphone ipad macbook linux ubuntu excel outlook
teams skype dropbox airbnb samsung sony nokia huawei xiaomi lenovo dell toyota honda nissan ford chevrolet
bmw audi volkswagen porsche ferrari mercedes nike adidas puma walmart target costco starbucks mcdonald
mcdonalds disney pixar marvel hulu tiktok snapchat pinterest reddit yahoo bing firefox chrome safari
citigroup citibank barclays hsbc allianz allstate zillow palantir jira confluence notion figma canva
shopify stripe twilio heroku vercel azure aws gcp kubernetes docker postgres mysql mongodb redis kafka
python perl php golang rustc clang gcc llvm cmake meson autoconf automake libtool makefile cygwin mingw
macos debian fedora centos gentoo freebsd openbsd netbsd solaris unicode graphql dependabot lintian
valgrind systemd xorg wayland nginx webpack typescript javascript nodejs npm
renault peugeot citroën citroen fiat seat skoda škoda opel dacia volvo kia hyundai mazda lancia philips bosch
siemens miele nestlé danone carrefour lidl aldi mercadona hema bijenkorf ikea decathlon leclerc auchan
intermarché bricomarché esselunga conad
anthropic nvidia deepmind gemini copilot chatgpt
`);

/**
 * Firms and indices named after their founders, two capitalised words that read as a person's
 * name (`Morgan Stanley`, `Dow Jones`, or joined by `and`/`&`: `Marks and Spencer`), written with
 * `_` between them; news and financial text
 * name them every day. Not those also famous as people (`Walt Disney`, `Charles Schwab`).
 */
export const FIRMS_NAMED_AFTER_PEOPLE = words(`
morgan_stanley goldman_sachs dow_jones merrill_lynch wells_fargo edward_jones raymond_james smith_barney
dean_witter bear_stearns louis_vuitton christian_dior hugo_boss calvin_klein tommy_hilfiger estée_lauder
estee_lauder baker_mckenzie morgan_lewis sullivan_cromwell kirkland_ellis marsh_mclennan booz_allen
reckitt_benckiser dixons_carphone johnson_matthey rolls_royce harley_davidson hewlett_packard lloyds_banking
philip_morris mcdonnell_douglas lehman_brothers salomon_brothers paine_webber price_waterhouse arthur_andersen
warner_bros harvey_nichols james_capel kleinwort_benson morgan_grenfell robert_fleming hoare_govett warburg_pincus kohlberg_kravis lazard_freres
donaldson_lufkin jardine_matheson jardine_fleming motilal_oswal kotak_mahindra
marks_spencer procter_gamble ernst_young tate_lyle black_decker barnes_noble abercrombie_fitch
dolce_gabbana smith_wesson
`);

/** Constants of programming languages (`if name is None`): never a name, whatever cue comes before. */
export const CODE_CONSTANTS = words(`none null nil true false undefined nan self this`);

/** Weekdays and their abbreviations (en, de, fr, es, it, pt, nl): `Tue Jan 29` is a date. */
export const WEEKDAYS = words(`
mon tue tues wed thu thur thurs fri sat sun monday tuesday wednesday thursday friday saturday sunday
mo di mi do fr sa so montag dienstag mittwoch donnerstag freitag samstag sonntag lun mar mer jeu ven sam dim
lundi mardi mercredi jeudi vendredi samedi dimanche lunes martes miércoles jueves viernes sábado domingo
lunedì martedì mercoledì giovedì venerdì sabato domenica segunda terça quarta quinta sexta maandag dinsdag
woensdag donderdag vrijdag zaterdag zondag
`);

/** Endings typical of surnames in many languages; used for capitalised words no list knows. */
export const SURNAME_SUFFIXES = [
  'sson', 'nsen', 'rsen', 'lsen', 'ssen', 'dsen', 'tsen', 'ksen', 'nson', 'dson', 'lson', 'kson', 'dottir',
  'dóttir', 'qvist', 'kvist', 'ström', 'strom', 'berg', 'gren', 'lund', 'stedt', 'ov', 'ova', 'ev', 'eva',
  'iev', 'ovich', 'evich', 'ovna', 'evna', 'enko', 'chuk', 'shvili', 'dze', 'ski', 'sky', 'ska', 'skiy',
  'skaya', 'wicz', 'czyk', 'ić', 'vić', 'vic', 'escu', 'eanu', 'poulos', 'opoulou', 'akis', 'idis', 'oglu',
  'oğlu', 'yan', 'ian', 'nen', 'ová', 'ský', 'ská', 'mann', 'stein', 'baum', 'feld', 'bauer', 'meier',
  'meyer', 'huber', 'ucci', 'acci', 'etti', 'elli', 'otti', 'eiro', 'eira', 'ovsky', 'ssohn',
];

/** Surname prefixes followed by a capital (`McDowell`, `MacLeod`, `O'Brien`, `FitzGerald`). */
export const SURNAME_PREFIX = /^(?:Mc|Mac|O'|O’|Fitz|D'|Di|De|Van|Von)\p{Lu}\p{Ll}/u;

/**
 * Words before `de` / `of` (or right before a name) that make the capitalised word after them an
 * eponym of a disease, sign, test or scale (`enfermedad de Wilson`, `escala de Gleason`,
 * `Morbus Crohn`), not a person. en, es, de, fr, it, nl, pt.
 */
export const EPONYM_CUES = words(`
disease syndrome sign test scale score classification criteria manoeuvre maneuver procedure operation
enfermedad síndrome sindrome signo escala clasificación clasificacion criterios maniobra técnica tecnica
fenómeno fenomeno esófago esofago virus prueba índice indice intervención intervencion test hurricane typhoon cyclone storm
morbus syndrom zeichen krankheit klassifikation
maladie syndrome signe échelle echelle classification manœuvre
malattia morbo sindrome segno scala classificazione manovra
ziekte syndroom teken
doença doenca síndrome sinal escala classificação classificacao manobra
`);

/**
 * Rooms and halls named after people (`salón de actos Santiago Grisolía`, `salle Louis Pasteur`,
 * `Aula Magna Carlo Urbani`, `zaal Willem Einthoven`): the name after one is the room's.
 */
export const VENUE_WORDS = words(`salón salon sala salle aula auditorio auditório auditorium hörsaal saal zaal
amphithéâtre amphitheatre amphi hall l'aula l’aula`);

/**
 * Capitalised words of clinical headings and departments (`Anatomía Patológica`, `Cuidados
 * Intensivos`, `Innere Medizin`): ordinary words, never names, in any of the supported languages.
 * Also the family words that chats write as names (`Mama: ...`, `die Oma`) and the capitalised
 * nouns of forms and letters that follow a greeting or a label (`Liebe Eltern`, `Impfende Person`).
 */
export const CLINICAL_WORDS = words(`
anatomía anatomia patológica patologica cuidados intensivos intensiva intensivo paliativos paliativa cirugía cirugia
plástica plastica maxilofacial urología urologia traumatología traumatologia ortopedia endocrinología endocrinologia
nutrición nutricion medicina interna nefrología nefrologia neurología neurologia neurocirugía neurocirugia
oftalmología oftalmologia dermatología dermatologia ginecología ginecologia obstetricia pediatría pediatria
cardiología cardiologia neumología neumologia oncología oncologia hematología hematologia radiología radiologia
radioterapia reumatología reumatologia digestivo gastroenterología gastroenterologia urgencias psiquiatría
psiquiatria otorrinolaringología otorrinolaringologia microbiología microbiologia farmacia anestesiología
anestesiologia reanimación reanimacion transfusión transfusion sanguínea sanguinea tomografía tomografia axial
computerizada computarizada resonancia magnética magnetica ecografía ecografia infectología infectologia
enfermedades infecciosas medicine intensive care surgery innere medizin chirurgie kardiologie neurologie
urologie radiologie pädiatrie padiatrie onkologie anästhesie anasthesie intensivstation médecine medecine
réanimation reanimation chirurgie pédiatrie pediatrie cardiologie medicina chirurgia cardiologia terapia
intensiva pediatria geneeskunde interne heelkunde kindergeneeskunde cirurgia cardiologia pediatria
pediátrica pediatrica pediátrico pediatrico primaria primary forense lactante neonato glomerular
pronto soccorso bambina bambino
consulta externa externo barriada jahrgang oberarzt oberärztin chefarzt chefärztin assistenzarzt assistenzärztin
stationsarzt stationsärztin unfallanzeige verletzte vitale facharzt fachärztin
mama mamma mamá mami mãe mae papa papá papi oma opa nonna nonno
person personne persona pessoa persoon eltern familie klasse scolastica scolastico
hora natel durchwahl zi olá hola patientinnen patienten menù boletim boletín informativo gabinete newsletter nieuwsbrief
`);

/**
 * Endings of compound organisation words in German and Dutch (`Ortskrankenkasse`,
 * `Kinderziekenhuis`, `Gemeinschaftspraxis`): a capitalised word ending so names a body, not a person.
 */
export const ORG_ENDINGS = [
  'kasse', 'klinik', 'klinikum', 'krankenhaus', 'ziekenhuis', 'apotheke', 'apotheek', 'verein', 'verband',
  'stiftung', 'ministerium', 'praxis', 'praktijk', 'zentrum', 'centrum', 'feuerwehr', 'versicherung', 'verzekering',
  'verlag', 'brauerei', 'bäckerei', 'bakkerij', 'anlage', 'medizin', 'service', 'dienst',
  'amt', 'schule', 'sstelle', 'residenz', 'team',
];
