/**
 * Vocabulary of street addresses in many countries: street types written after the name
 * (`Main Street`, `Kossuth tér`), before it (`Rua Augusta`, `ul. Zamkowa`) or glued to it
 * (`Nørregade`, `Kauppakatu`, `Bahnhofstrasse`), unit designators, post boxes and cues.
 * Lower case, without the trailing full stop of abbreviations.
 */
import { words } from './lexicon';

/** Street types written after the street name (USPS suffixes and their kin in other languages). */
export const TYPES_AFTER = words(`
street st str streets road rd roads avenue ave av avn boulevard blvd lane ln drive dr drives way ways court ct
courts place pl square sq squares plaza plz terrace ter terr close cl crescent cres parade pde row walk walks
mews grove grv groves gardens gdns garden park parks parkway pkwy highway hwy circle cir circles loop trail trl
path pass passage pike alley aly bypass byp causeway cswy expressway expy freeway fwy turnpike tpke point pt
points ridge ridges run view views vista heights hts hill hills crossing xing junction jct junctions green
greens commons common landing cove coves bend bluff bluffs creek crk glen glens hollow meadow meadows orchard
ranch springs spring station summit track union unions villa villas wharf quay embankment gate gateway
brook brooks branch bridge burg burgs camp canyon cape center centre centers cliff cliffs club corner corners
course crest curve dale dam divide estate estates extension falls fall ferry field fields flat flats ford fords
forest forge forges fork forks fort harbor harbour harbors haven inlet island islands isle key keys knoll
knolls lake lakes land light lights lock locks lodge mall manor manors mill mills mission motorway mount
mountain mountains neck oval overpass pine pines plain plains port ports prairie radial ramp rapid rapids rest
river route shoal shoals shore shores skyway spur spurs stream stravenue summit throughway trace trafficway
trailer tunnel underpass valley valleys viaduct village villages ville well wells wynd drove chase rise
utca u út útja tér körút krt köz rkp rakpart sétány fasor sor
gade vej vejen gata gatan väg vägen vei veien veg vegen sti stien stræde gränd torg torget plads allé alle
braut vegur stígur straße strasse gasse weg platz allee damm graben steig ufer markt laan straat plein gracht
kade dijk singel hof steeg wei terrasse reihe chaussee zeile lände
katu tie kuja polku kaari tee puiestee
`);

/** Street types that name a street beyond doubt, even without a house number before them. */
export const TYPES_STRONG = words(`
street st str road rd avenue ave boulevard blvd lane ln drive dr court ct place pl square sq terrace close
crescent alley highway hwy parkway pkwy plaza utca u út útja tér körút krt rkp gade vej gata gatan vei veien
veg vegen weg gasse straße strasse laan straat katu tie kuja wei
`);

/** Full street words that make a capitalised name a street without any number (`Oak Hills Street`). */
export const TYPES_FULL = words(`street road avenue boulevard lane drive straße strasse gasse`);

/** Street types written before the street name (`Rua`, `Via`, `ul.`, `Avenue du Golf`). */
export const TYPES_BEFORE = words(`
rua avenida av avda via viale piazza laan piazzale largo corso vicolo strada contrada rue avenue boulevard bd
chemin allée allee impasse place quai route calle c carrer camino paseo plaza praça praca travessa estrada
alameda rodovia ronda cours ruelle passeig avinguda rambla barriada bairro beco lugar lieu-dit vila jardim barrio carretera travesía travesia glorieta pasaje urb urbanización urbanizacion località localita frazione borgo salita lungomare lungarno lungotevere calata vico traversa ul ulica ulice al aleja trg nám náměstí třída ulitsa prospekt pr prosp
οδός οδος λεωφόρος λεωφοροσ λεωφ leoforos odos plateia r
`);

/** Endings of one-word street names (`Nørregade`, `Strandvej`, `Kauppakatu`, `Stationslaan`). */
export const TYPE_SUFFIXES = [
  'gade', 'gaden', 'vej', 'vejen', 'gata', 'gatan', 'vägen', 'väg', 'veien', 'vegen', 'vei', 'veg', 'stien',
  'stræde', 'stræti', 'straeti', 'gränd', 'torget', 'plads', 'braut', 'vegur', 'stígur', 'straße', 'strasse',
  'str', 'gasse', 'weg', 'platz', 'allee', 'damm', 'graben', 'steig', 'ufer', 'markt', 'laan', 'straat', 'plein',
  'gracht', 'kade', 'dijk', 'singel', 'hove', 'wei', 'lände', 'katu', 'tie', 'kuja', 'polku', 'kaari', 'puiestee',
  'utca', 'körút', 'útja', 'ulica', 'gasse', 'street', 'road',
];

/** Unit designators followed by a number (`Apt. 4`, `Suite 200`, `# 4`). */
export const UNIT_WORDS = words(`apt apartment apartments suite ste unit flat room rm floor fl bldg building lot no nr
piso puerta dept department office wohnung lgh
whg stiege stg top bus boîte boite bte bât bat bâtiment batiment escalier esc scala int interno bloque portal escalera andar
esq dto pral entlo bajo apto lote bloco étage etage appartement appt piano og hinterhaus`);

/** Words that introduce an address within the few words before it. */
/** Words of HTTP status lines (`502 Bad Gateway`, `431 Request Header Fields Too Large`): never in a street name. */
export const HTTP_REASON_WORDS = words(`bad request header headers timeout unavailable error forbidden unauthorized allowed
acceptable moved payload unsupported unprocessable switching`);

export const ADDRESS_CUES = words(`
address addresses addr adresse dirección direccion endereço indirizzo adres anschrift lives live living lived
reside resides residence resident located location ship shipping shipped deliver delivery delivered mail
mailing mailed send sent postal billing corner street moved relocated
`);

/** Military post lines (`APO AE 09012`). */
export const MILITARY_POST = words(`apo fpo dpo`);
/** Military post regions. */
export const MILITARY_REGION = words(`aa ae ap`);
/** Ship prefixes of military post addresses (`USNS Comfort`). */
export const SHIP_PREFIX = words(`usns usnv uss uscgc usc`);

/** Particles inside street and city names (`Rua das Flores`, `Nové Město nad Metují`). */
export const ADDRESS_PARTICLES = words(`de do da dos das del dei degli della delle di du des la le les van der den
von am an im zu y e i nad pod na u na-ri al el sur sous lès sobre`);

/**
 * Words right before a number that make it a reference, not a house number (`RFC 2822 Section
 * 3`, `ISO 8601 Part 1`, `Chapter 12 Verse 4`).
 */
export const REFERENCE_WORDS = words(`rfc rfcs iso iec en din bs nist pep jsr ecma ieee itu cve cwe section sections sec chapter chap
page pages pp para paragraph article art figure fig table step item version release issue bug ticket pr
pid uid gid slot port line lines note rule test case phase level stage option mode preview beta alpha qos mpeg http tls utf posix kib mib gib tib annex appendix layer sfs
kapitel seite abschnitt artikel chapitre article articolo capitolo pagina hoofdstuk artikel capítulo capitulo página`);
