/**
 * PERSON: personal names in free text without a model. One sweep over the tokens builds runs
 * of name-like words (capitalised words, initials, particles); each run is split at ordinary
 * words and places, dropped next to organisation or street words, then scored from what its
 * words are (given name, surname, surname-like ending, unknown) and from the words around it
 * (titles, `my name is`, `said`, `in` before a place). Doubtful candidates joined by `and` or a
 * comma to a sure one are raised (`Kowalczyk and Bowers`).
 */
import type { ContextualDetector, DetectContext, Finding } from '../types';
import { TYPES_AFTER, TYPES_BEFORE, UNIT_WORDS } from './address-terms';
import { fold, getLexicon } from './lexicon';
import {
  BRANDS,
  CLINICAL_WORDS,
  CODE_CONSTANTS,
  APPOSITIVE_ROLES,
  EPONYM_CUES,
  FOREIGN_STOP_WORDS,
  FIELD_STOPS,
  FIRMS_NAMED_AFTER_PEOPLE,
  GEO_AFTER,
  GEO_BEFORE,
  HONORIFICS,
  MOTION_PREPOSITIONS,
  MOTION_WORDS,
  NAME_CONJUNCTIONS,
  NEWS_ROLES,
  ORG_ENDINGS,
  ORG_WORDS,
  PARTICLES,
  PERSON_CUE_AFTER_MULTI,
  PERSON_CUE_MULTI,
  PERSON_CUES_AFTER,
  PERSON_CUES_STRONG,
  PERSON_CUES_WEAK,
  PLACE_CUES,
  PLACE_LABELS,
  SAYING_VERBS,
  STOP_WORDS,
  SURNAME_PREFIX,
  SURNAME_SUFFIXES,
  TITLES,
  VENUE_WORDS,
  WEEKDAYS,
} from './terms';
import { MONTHS } from './date-of-birth';
import { stateFor, tokensOf, type ScanState } from './shared';
import { addressesOf, PLACE_FIRST_WORDS } from './street-address';
import { asciiSet, Flag, FrontedFilter, HashFilter, hashWord, Kind, Vocab, type Tokens } from './tokenize';

/**
 * What a word of a candidate run is: N known name, A known name that is also an ordinary word
 * or a place (`Will`, `Young`), M unknown word with a surname ending (`Kuznetsova`), U unknown
 * capitalised word, C ordinary word, P place, O organisation word or brand; I an initial and
 * p a particle (`van`, `de`).
 */
type WordClass = 'N' | 'A' | 'M' | 'U' | 'C' | 'P' | 'O';
type PartClass = WordClass | 'I' | 'p';

interface Part {
  /** Index of the token. */
  i: number;
  cls: PartClass;
  given: boolean;
}

interface WordInfo {
  cls: WordClass;
  given: boolean;
  surname: boolean;
}

interface Candidate {
  first: number;
  last: number;
  score: number;
  /** No word of it is a known name or has a surname ending (unknown capitalised words only). */
  unknown?: boolean;
}

/** Findings below this score are dropped. */
export const PERSON_MIN_SCORE = 0.5;

/**
 * The weights of PERSON scoring, one line of reason each. A candidate starts from what its words
 * are (the base scores), cues before and after add or subtract, and a few rules set a floor; it
 * is reported at PERSON_MIN_SCORE (0.5). Tuned on the Presidio synthetic records (English), the
 * European samples and the even half of the Spanish clinical notes, checked on the odd half.
 */
const W = {
  /** Two or more words, one a known name or a surname-like word: a name unless something says otherwise. */
  multiKnown: 0.8,
  /** Two or more unknown capitalised words: as often a name as a heading; just above the threshold. */
  multiUnknown: 0.6,
  /** A name that is also an ordinary word, with an unknown word (`Will Kowalczyk`): just above it. */
  multiAmbiguous: 0.55,
  /** Only names that are also ordinary words (`Young Rose`): at the threshold, a cue decides. */
  multiOther: 0.5,
  /** Initials in a run of several words (`Mary J. Rose`). */
  multiInitials: 0.1,
  /** One known given name: alone a name more often than not. */
  oneGiven: 0.65,
  /** One known surname. */
  oneSurname: 0.6,
  /** Initials before one known name (`J. Smith`): nearly sure. */
  oneInitials: 0.2,
  /** One unknown word with a surname ending (`Kuznetsova`): just above the threshold. */
  oneSuffixed: 0.55,
  /** One unknown or ambiguous word: below the threshold; a strong cue or a list must carry it. */
  oneUnknown: 0.35,
  /** A single hyphenated word (`Blink-182`, `Coca-Cola`): rarely a name alone. */
  oneHyphen: 0.25,
  /** Every word in capitals inside ordinary text: a heading or a code. */
  allCapitals: 0.3,
  /** An unknown word at a sentence start: its capital says nothing. */
  sentenceStart: 0.05,
  /** A strong cue before (`Dr.`, `patient`, `Kunde:`): carries an unknown word over the threshold (0.35 + 0.35). */
  cueStrong: 0.35,
  /** A weak cue before (`by`, `with`, `met`): lifts an unknown word exactly to the threshold. */
  cueWeak: 0.15,
  /** A place cue right before (`in`, `near`, `moved to`): as strong against a name as a strong cue is for it. */
  placeCue: 0.35,
  /** `from X`, `at X` without a verb of motion: weakly a place. */
  placeWeak: 0.2,
  /** A possessive after (`Anna's`). */
  possessive: 0.1,
  /** A speaking or acting verb right after (`said`, `wrote`). */
  cueAfter: 0.3,
  /** A two-word phrase right after (`has been`): weak. */
  cueAfterPhrase: 0.1,
  /** An e-mail address in angle brackets right after (`Jane Roe <jane@example.org>`): mail headers, commit authors. */
  mailbox: 0.3,
  /** Several words alone on their line (a signature or a letterhead). */
  wholeLine: 0.1,
  /** A speaker label at a line start (`Elizabeth: ...`). */
  speaker: 0.25,
  /** Addressed by name (`..., Jim!`). */
  vocative: 0.25,
  /** Unknown words in code, configuration or markup: identifiers more often than names. */
  technical: 0.2,
  /** Floor after an honorific, or after `my name is` with a given name and a surname. */
  introducedFloor: 0.9,
  /** Floor after `named`, `called`, `my name is`. */
  namedFloor: 0.75,
  /** Kept below the threshold for lists and repeated mentions; under this nothing can raise it. */
  keep: 0.25,
  /** A multi-word finding at least this sure lends its words to later one-word mentions. */
  sure: 0.6,
  /** Score of a one-word later mention of a sure name. */
  repeated: 0.6,
  /** Added to a doubtful candidate joined to a sure one by `and` or a comma ... */
  listRaise: 0.25,
  /** ... when it is at least this doubtful. */
  listMin: 0.3,
  /** Lower-case texts: two or more dictionary words. */
  caselessMulti: 0.7,
  /** Lower-case texts: one dictionary given name. */
  caselessOne: 0.5,
} as const;
const V_STOP = new Vocab(STOP_WORDS);
/** Other languages' stop words that are also given names (`julio`, `davor`, `ante`): filtered once here, not looked up per question. */
const V_FOREIGN_STOP_GIVEN = new Vocab(new Set([...FOREIGN_STOP_WORDS].filter((w) => getLexicon().given.has(w))));
/**
 * Frequent function words of English, and of the other languages whose stop words PERSON knows:
 * which language the text around a word is in (not words other languages share: `in`, `is`, `was`, `will`).
 */
const V_ENGLISH_MARKERS = new Vocab(new Set('the of and to for on with said at by from that has have after his her he she they were are would this which their been'.split(' ')));
const V_FOREIGN_MARKERS = new Vocab(new Set('der die das und ist nicht el los las y que del de le les et est du des il di che della het een van op ook voor och os não'.split(' ')));

/**
 * Token `k` is a stop word: one of English, or of another language unless it is also a given name
 * and the text around it is English (`Julio Cesar de Leon`, `Davor Suker scored`, `Ante Kovac`;
 * not the surname-only `Quinta de São Tiago`).
 */
function stopWord(T: Tokens, k: number): boolean {
  return T.inVocab(k, V_STOP) && !(T.inVocab(k, V_FOREIGN_STOP_GIVEN) && englishAround(T, k));
}

/**
 * The text around token `k` (about 40 tokens either side) is English (see englishBetween).
 */
function englishAround(T: Tokens, k: number): boolean {
  // Answered per block of 32 tokens, for the 40 either side of the block's middle: a text with many
  // such words (`Una`, `Elle` in a list of names) asks once per block, not once per word.
  let blocks = englishBlocks.get(T);
  if (!blocks) englishBlocks.set(T, (blocks = new Uint8Array((T.count >> 5) + 1)));
  const block = k >> 5;
  const known = blocks[block];
  if (known !== 0) return known === 1;
  const english = englishBetween(T, (block << 5) + 16 - 40, (block << 5) + 16 + 41);
  blocks[block] = english ? 1 : 2;
  return english;
}
/** englishAround's answers per block of a scan's tokens (a WeakMap: nothing is kept after the scan). */
const englishBlocks = new WeakMap<Tokens, Uint8Array>();

/** Whether the tokens `[from, to)` hold English function words: at least two and none of other languages', or at least three and more than twice as many. */
function englishBetween(T: Tokens, from: number, to: number): boolean {
  let english = 0;
  let foreign = 0;
  for (let j = Math.max(0, from), end = Math.min(T.count, to); j < end; j++) {
    if (T.kind[j] !== Kind.Word || T.cap(j)) continue;
    if (T.inVocab(j, V_ENGLISH_MARKERS)) english++;
    else if (T.inVocab(j, V_FOREIGN_MARKERS)) foreign++;
  }
  return english >= 2 && (foreign === 0 || (english >= 3 && english > 2 * foreign));
}
/** `None`, `True`, `Self`: constants of code, never introduced names (the callers ask about words only). */
const V_CODE_CONSTANTS = new Vocab(CODE_CONSTANTS);
const V_TITLES = new Vocab(TITLES);
const V_HONORIFICS = new Vocab(HONORIFICS);
/** Last words of the cues that introduce a name (`named`, `called`, `is` in `my name is`, `him`). */
const V_INTRO_LAST = new Vocab(new Set(['named', 'called', 'surnamed', 'nicknamed', 'is', 'was', 'him', 'her', 'them', 'me', 'us', 'it']));
const V_ORG = new Vocab(ORG_WORDS);
const V_NEWS_ROLES = new Vocab(NEWS_ROLES);
const V_TYPES_BEFORE = new Vocab(TYPES_BEFORE);
const V_AND = new Vocab(new Set(['and']));
const V_GEO_AFTER = new Vocab(GEO_AFTER);
const V_GEO_BEFORE = new Vocab(GEO_BEFORE);
const V_WEEKDAYS = new Vocab(WEEKDAYS);
const V_MONTHS = new Vocab(new Set(MONTHS.keys()));
/** Stop words and months: nameLikeWord asks a capitalised word this once before the two it may be in. */
const V_STOP_OR_MONTH = new Vocab(new Set([...STOP_WORDS, ...MONTHS.keys()]));
// Sets of punctuation read per token through Tokens.isIn (a table load, cheaper than a Set of codes).
/** Punctuation inside a sentence (`,`, `&`, `/`, `-`, and the dashes `–` `—` outside ASCII). */
const SOFT_PUNCT = asciiSet(',&/-');
const GLUE_BEFORE = asciiSet('@./\\_=#~+:<');
/** `Func()`, `Equal<Params>`, `Codec[0]`: a word glued to a call, a type argument or an index is code. */
const GLUE_AFTER = asciiSet('@/\\_=#~+(<>[');
const NAME_INTRO = new Set(['named', 'called', 'surnamed', 'nicknamed']);
const CAMEL_PREFIXES = new Set(['Mc', 'Mac', 'De', 'Di', 'Da', 'Du', 'La', 'Le', 'Van', 'Von', 'Fitz', 'St', 'Del', 'Della', 'Dos']);
const OBJECT_PRONOUNS = new Set(['him', 'her', 'them', 'me', 'us', 'it']);
const V_VOCATIVE_NEXT = new Vocab(new Set(['can', 'could', 'would', 'will', 'please', 'i', 'you', 'we', 'thanks', 'thank', 'do', 'did', 'are', 'have', 'how', 'what', 'where', 'when', 'why', 'is', 'let']));
/** Field labels of forms and headers (`Name:`, `Date:`), never speakers. */
const FORM_LABELS = new Set([
  'name', 'date', 'phone', 'address', 'email', 'mobile', 'fax', 'desk', 'website', 'title', 'subject', 'note', 'notes', 'company', 'city', 'state', 'country', 'zip', 'age', 'sex', 'gender', 'status', 'summary', 'total', 'amount', 'reference', 'account',
  // The same labels in the other supported languages, and the form words that precede an identifier (`RUT:`, `Fono:`).
  ...'nombre apellidos apellido domicilio dirección direccion teléfono telefono fono móvil movil celular fecha hora edad sexo paciente previsión prevision motivo diagnóstico diagnostico asunto correo ciudad provincia localidad documento rut cuil curp firma'.split(' '),
  ...'vorname nachname anschrift adresse telefon handy natel mobil datum uhrzeit alter geschlecht betreff diagnose geburtsdatum wohnort'.split(' '),
  ...'nom prénom prenom téléphone telephone tél portable heure âge sexe objet motif diagnostic ville'.split(' '),
  ...'nome cognome indirizzo cellulare data ora età eta sesso oggetto diagnosi città citta'.split(' '),
  ...'naam voornaam achternaam adres telefoon mobiel tijd leeftijd geslacht onderwerp woonplaats'.split(' '),
  ...'morada endereço endereco telefone telemóvel telemovel idade assunto diagnóstico cidade'.split(' '),
]);
const WORK_WORDS = new Set(['work', 'works', 'worked', 'working', 'job', 'intern', 'interned']);
/** Last words of the cues before an employer (`joined X`, `work for X`, `employed by X`). */
const V_ORG_CUE_LAST = new Vocab(new Set(['joined', 'acquired', 'for', 'at', 'by']));
const ENGLISH_ENDINGS = ['ing', 'ness', 'tion', 'sion', 'ment', 'ities', 'able', 'ible', 'ful', 'less', 'ously', 'ively', 'ated', 'ized', 'ised'];
/** Endings of derived words and compounds in the other supported languages (`Kundennummer`, `Exploración`). */
const EUROPEAN_ENDINGS = [
  'nummer', 'datum', 'adresse', 'ung', 'ungen', 'heit', 'keit', 'schaft', 'ción', 'ciones', 'sión', 'miento', 'mente',
  'logía', 'zione', 'zioni', 'mento', 'ção', 'ções', 'logia', 'ité', 'isme', 'ismo', 'ologie', 'ering', 'heid',
  'licher', 'lichen', 'plan', 'brief', 'bogen', 'ausweis', 'bericht',
];
const V_PARTICLES = new Vocab(PARTICLES);
/**
 * Articles that never begin a name, capitalised at a sentence start (`Der Geschädigte`, `Het
 * Rijksmuseum`, `Il Direttore`, `Los Reyes`); not `De`, `La`, `Le`, `El`, `Da`, `Van`, which begin
 * surnames (`De Jong`, `Le Goff`, `El Amrani`).
 */
const V_ARTICLE_STARTS = new Vocab(new Set(['der', 'het', 'il', 'gli', 'los', 'las', 'os', 'ein', 'eine', 'einen', 'einem', 'einer', 'eines', 'uno', 'una', 'une']));
/** Every word detectCased looks for at a run's first word (titles, honorifics, news roles, articles, particles): one question for most runs. */
const V_RUN_START_WORDS = new Vocab(new Set([...TITLES, ...HONORIFICS, ...NEWS_ROLES, ...V_ARTICLE_STARTS.words, ...PARTICLES]));
const DETERMINERS = new Set(['the', 'a', 'an', 'this', 'that', 'these', 'those', 'some', 'any', 'no', 'every', 'each']);

/** `list` grouped by the last UTF-16 unit of each entry: a word is tried only against its own group. */
function byLastUnit(list: readonly string[]): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const e of list) {
    const last = e.charCodeAt(e.length - 1);
    out.set(last, [...(out.get(last) ?? []), e]);
  }
  return out;
}

const SUFFIXES_BY_LAST = byLastUnit(SURNAME_SUFFIXES);

function hasSurnameEnding(lower: string): boolean {
  if (lower.length < 5) return false;
  // An ending leaves at least three letters before it (no string is cut out to test one).
  const group = SUFFIXES_BY_LAST.get(lower.charCodeAt(lower.length - 1));
  if (group === undefined || !group.some((e) => e.length + 3 <= lower.length && lower.endsWith(e))) return false;
  // `Salesperson`, `Chairperson`: an ordinary word at the end is not a surname ending.
  for (let k = 5; k <= Math.min(8, lower.length - 2); k++) if ((listsOf(lower.slice(lower.length - k)) & IN_COMMON) !== 0) return false;
  return true;
}

const WORD_CLASSES: readonly WordClass[] = ['N', 'A', 'M', 'U', 'C', 'P', 'O'];
/** Every WordInfo there can be (class x given x surname), shared: a scan keeps one byte per word, no object. */
const INFOS: readonly WordInfo[] = WORD_CLASSES.flatMap((cls) =>
  [false, true].flatMap((given) => [false, true].map((surname) => Object.freeze({ cls, given, surname }))),
);
const infoCode = (info: WordInfo): number => WORD_CLASSES.indexOf(info.cls) * 4 + (info.given ? 2 : 0) + (info.surname ? 1 : 0);

/** Classes of the words of one scan, by word id (`Tokens.wordId`): 1 + index in INFOS, 0 not classified yet. */
interface ClassCache {
  codes: Uint8Array;
}

function classify(T: Tokens, k: number, cache: ClassCache): WordInfo {
  const id = T.wordId(k);
  if (id >= cache.codes.length) {
    const grown = new Uint8Array(Math.max(256, id * 2));
    grown.set(cache.codes);
    cache.codes = grown;
  }
  const code = cache.codes[id];
  if (code !== 0) return INFOS[code - 1];
  const info = INFOS[infoCode(classifyWord(T, k))];
  cache.codes[id] = infoCode(info) + 1;
  return info;
}

/** Bits of `wordLists`: the word lists a word of PERSON's classes is in. */
const IN_GIVEN = 1;
const IN_SURNAMES = 2;
const IN_COMMON = 4;
const IN_PLACES = 8;
const IN_DEMONYMS = 16;
const IN_ORG = 32;
const IN_STOP = 64;
const IN_CLINICAL = 128;
const IN_CUE = 256;
/** Street types and unit words (address-terms.ts): only to keep them out of `commonHashes`. */
const IN_STREET_TERM = 512;
/**
 * PERSON's word lists (about 67,000 words) as one open-addressing table keyed by `hashWord`: per
 * slot, the hash + 1 (0: empty) and the word's IN_* bits with its offset in `chars`, where the
 * word is confirmed letter by letter. A Map of the words cost about 700 ns per lookup on the dense
 * text (`--cpu-prof`: 1.3 ms per MB for about 2,700 lookups): its bucket, entry and key string are
 * each a cache miss; here the slot and the letters are one each, and a word in no list usually
 * stops at an empty slot.
 */
class WordLists {
  private readonly slots: Int32Array;
  private readonly mask: number;
  /** The words, each followed by a line break (no word holds one). */
  private readonly chars: string;

  /**
   * Made from each list with its IN_* bit in one pass, once (WORD_LISTS): about 15 ms more than a
   * Map of the words took (a Map made first and the table from it cost 10 ms more again).
   */
  constructor(lists: readonly [ReadonlySet<string>, number][]) {
    let entries = 0;
    for (const [list] of lists) entries += list.size;
    const size = 1 << Math.ceil(Math.log2(entries * 2));
    this.mask = size - 1;
    this.slots = new Int32Array(size * 2);
    // While the table is made, the word of each slot (by index in `words`), to find a word already in it.
    const wordAt = new Int32Array(size);
    const words: string[] = [];
    let offset = 0;
    for (const [list, bit] of lists) {
      for (const word of list) {
        const h = hashWord(word);
        let p = h & this.mask;
        while (this.slots[p * 2] !== 0 && !(this.slots[p * 2] === h + 1 && words[wordAt[p]] === word)) p = (p + 1) & this.mask;
        if (this.slots[p * 2] !== 0) {
          this.slots[p * 2 + 1] |= bit;
          continue;
        }
        // Offset and bits share one 32-bit slot: 10 bits of IN_* flags, 21 of offset.
        if (offset >= 1 << 21) throw new Error('WordLists: the word lists outgrew the table');
        this.slots[p * 2] = h + 1;
        this.slots[p * 2 + 1] = (offset << 10) | bit;
        wordAt[p] = words.length;
        words.push(word);
        offset += word.length + 1;
      }
    }
    this.chars = words.join('\n') + '\n';
  }

  /** A filter of the words that are in a list of `want` and in none of `refuse` (IN_* bits), from their hashes kept here. */
  filterOf(want: number, refuse: number): HashFilter {
    const filter = new HashFilter([]);
    for (let p = 0; p <= this.mask; p++) {
      const bits = this.slots[p * 2 + 1] & 0x3ff;
      if (this.slots[p * 2] !== 0 && (bits & want) !== 0 && (bits & refuse) === 0) filter.addHash(this.slots[p * 2] - 1);
    }
    return filter;
  }

  /** The IN_* bits of `word` (0: in no list). */
  of(word: string): number {
    const h = hashWord(word);
    const slots = this.slots;
    const chars = this.chars;
    const len = word.length;
    for (let p = h & this.mask; ; p = (p + 1) & this.mask) {
      const e = slots[p * 2];
      if (e === 0) return 0;
      if (e !== h + 1) continue;
      const v = slots[p * 2 + 1];
      const off = v >>> 10;
      let q = 0;
      while (q < len && chars.charCodeAt(off + q) === word.charCodeAt(q)) q++;
      if (q === len && chars.charCodeAt(off + len) === 10) return v & 0x3ff;
    }
  }
}

/**
 * PERSON's word lists, made when this module loads: about 30 ms (with the lexicon's decoding, about
 * 50 ms) that the first scan of each thread otherwise paid.
 */
const WORD_LISTS = (() => {
  const lex = getLexicon();
  return new WordLists([
    [lex.given, IN_GIVEN],
    [lex.surnames, IN_SURNAMES],
    [lex.common, IN_COMMON],
    [lex.places, IN_PLACES],
    [lex.demonyms, IN_DEMONYMS],
    [ORG_WORDS, IN_ORG],
    [BRANDS, IN_ORG],
    [STOP_WORDS, IN_STOP],
    [CLINICAL_WORDS, IN_CLINICAL],
    [PERSON_CUES_STRONG, IN_CUE],
    [TYPES_AFTER, IN_STREET_TERM],
    [TYPES_BEFORE, IN_STREET_TERM],
    [UNIT_WORDS, IN_STREET_TERM],
  ]);
})();

/** The lists `word` is in, as IN_* bits: one lookup instead of one per list (a word of a scan is asked about ten lists). */
function listsOf(word: string): number {
  return WORD_LISTS.of(word);
}

function classifyWord(T: Tokens, k: number): WordInfo {
  const lw = T.lower(k);
  const folded = T.nonAscii(k) ? fold(lw) : lw;
  const own = listsOf(lw);
  // Names and places are also looked up without diacritics; the other lists by the word as written.
  const any = folded !== lw ? own | listsOf(folded) : own;
  const given = (any & IN_GIVEN) !== 0;
  const surname = (any & IN_SURNAMES) !== 0;
  const clinical = (own & IN_CLINICAL) !== 0;
  const cue = (own & IN_CUE) !== 0 && !given;
  // Cue words (`Kunde`, `Paciente`) and clinical headings (`Anatomía Patológica`) are never names.
  const common = (own & (IN_COMMON | IN_CLINICAL)) !== 0 || ((own & IN_STOP) !== 0 && stopWord(T, k)) || cue;
  const place = (any & IN_PLACES) !== 0;
  let cls: WordClass;
  if ((own & IN_ORG) !== 0 || orgCompound(folded)) cls = 'O';
  else if (!given && !surname && (own & IN_DEMONYMS) !== 0) cls = 'C';
  else if ((given || surname) && !clinical && !cue) cls = common || place ? 'A' : 'N';
  else if (place) cls = 'P';
  else if (common || englishShape(lw)) cls = 'C';
  else if (SURNAME_PREFIX.test(T.textOf(k)) || hasSurnameEnding(folded)) cls = 'M';
  else cls = 'U';
  return { cls, given, surname };
}

const ENDINGS_BY_LAST = byLastUnit([...ENGLISH_ENDINGS, ...EUROPEAN_ENDINGS]);

/** `Ortskrankenkasse`, `Kinderziekenhuis`: a compound that ends in an organisation word. */
function orgCompound(lower: string): boolean {
  return lower.length >= 8 && ORG_ENDINGS.some((e) => lower.length >= e.length + 3 && lower.endsWith(e));
}

/** Endings of derived words (`Renaming`, `Awareness`, `Kundennummer`): not names when no list knows them. */
function englishShape(lower: string): boolean {
  // A romanised given name of two syllables (`Ti-leung`, `Kwok-ching`, `Jae-sung`) ends like a German noun (`-ung`) or an English `-ing`.
  if (lower.length < 7 || ROMANISED_GIVEN.test(lower)) return false;
  const group = ENDINGS_BY_LAST.get(lower.charCodeAt(lower.length - 1));
  return group !== undefined && group.some((e) => lower.endsWith(e)) && !(lower.endsWith('ing') && PINYIN_NAME.test(lower) && !englishStem(lower.slice(0, -3)));
}

/** Two short syllables joined by a hyphen: how Cantonese and Korean given names are romanised. */
const ROMANISED_GIVEN = /^[a-z]{1,5}-[a-z]{2,5}$/;

/** Whether `stem` (a word without its `-ing`) is an ordinary word, or one without its final `e` (`chain`, `renam(e)`). */
function englishStem(stem: string): boolean {
  return ((listsOf(stem) | listsOf(`${stem}e`)) & IN_COMMON) !== 0;
}

/**
 * Two Mandarin syllables in pinyin (`Jinping`, `Xiaoping`, `Liqiang`): a given name, not an
 * English word in `-ing` (the words that are both, `timing`, `dining`, are in the lists of
 * ordinary words, looked up first; three syllables make English words, `Renaming`). Linear: each
 * syllable is a bounded alternation.
 */
const PINYIN_NAME = /^(?:(?:zh|ch|sh|[bpmfdtnlgkhjqxrzcsyw])(?:iang|iong|uang|ang|eng|ing|ong|ian|iao|uai|uan|ai|ao|an|ei|en|ia|ie|in|iu|ou|ua|ue|ui|un|uo|a|e|i|o|u)){2}$/;

/** Whether word token `k` holds a hyphen (`Jean-Luc`): the tokenizer flags it (a word holds one only between letters). */
function hasHyphen(T: Tokens, k: number): boolean {
  return (T.flags[k] & Flag.Hyphen) !== 0;
}

/** Dotted abbreviations of two capitals that are no initials (`U.S. Treasury`, `U.N. envoy`), by their letters. */
const DOTTED_ABBREVIATIONS = new Set(['US', 'UK', 'UN', 'EU', 'DC']);

/** Whether the capital at token `k` is one letter of `U.S.`, `U.K.`, `U.N.`, `E.U.` or `D.C.` (written without spaces). */
function dottedAbbreviation(T: Tokens, k: number): boolean {
  if (T.is(k + 1, '.') && T.gap[k + 1] === 0 && T.gap[k + 2] === 0 && isInitial(T, k + 2) && DOTTED_ABBREVIATIONS.has(T.textOf(k) + T.textOf(k + 2))) return true;
  return k >= 2 && T.is(k - 1, '.') && T.gap[k - 1] === 0 && T.gap[k] === 0 && isInitial(T, k - 2) && DOTTED_ABBREVIATIONS.has(T.textOf(k - 2) + T.textOf(k));
}

/** A single capital letter (an initial). */
function isInitial(T: Tokens, k: number): boolean {
  return T.isWord(k) && T.len(k) === 1 && T.cap(k);
}

/** Word glued to an e-mail address, URL, handle or number (`jane@x.org`, `Blink-182`). */
function glued(T: Tokens, i: number): boolean {
  if (T.gap[i] === 0 && i > 0 && !T.nl(i) && (T.isIn(i - 1, GLUE_BEFORE) || T.isNum(i - 1))) return true;
  const next = i + 1;
  if (!T.has(next) || T.gap[next] !== 0 || T.poss(i) || T.nl(next)) return false;
  if (T.isIn(next, GLUE_AFTER)) return true;
  if ((T.is(next, '.') || T.is(next, '-')) && T.has(next + 1) && T.gap[next + 1] === 0 && !T.isPunct(next + 1)) return true;
  return T.isNum(next);
}

/** `GrafanaClient`, `iPhone`: a capital after a lower-case letter, other than `McDowell` and kin. */
function camelCase(T: Tokens, k: number): boolean {
  // Most words have no capital after their first letter: the tokenizer's flag says so.
  if ((T.flags[k] & Flag.InnerCap) === 0) return false;
  const text = T.text;
  const end = T.end[k];
  for (let p = T.start[k] + 1; p < end; p++) {
    const c = text.charCodeAt(p);
    if (c >= 65 && c <= 90) {
      const b = text.charCodeAt(p - 1);
      if (b >= 97 && b <= 122) {
        const head = text.slice(T.start[k], p);
        return !CAMEL_PREFIXES.has(head);
      }
    }
  }
  return false;
}

/** `CPUs`, `APIs`: an acronym in the plural. */
function acronymPlural(T: Tokens, k: number): boolean {
  // Its second letter is a capital, which the tokenizer flags: most words need no look at the text
  // (asked for nearly every capitalised word, and the text there is a cache miss).
  if ((T.flags[k] & Flag.InnerCap) === 0) return false;
  const text = T.text;
  const end = T.end[k];
  if (end - T.start[k] < 3 || text.charCodeAt(end - 1) !== 115) return false;
  for (let p = T.start[k]; p < end - 1; p++) {
    const c = text.charCodeAt(p);
    if (c < 65 || c > 90) return false;
  }
  return true;
}

/** An all-capitals word right before or after token `k` on its line. */
function capitalsAround(T: Tokens, k: number): boolean {
  const p = prevWord(T, k, 0);
  const n = nextWord(T, k, 0);
  return (p >= 0 && T.upper(p)) || (n >= 0 && T.upper(n));
}

/** `Jan 29`, `Tue Jan`, `May 2020`: a month name next to a number or after a weekday is a date. */
function dateMonth(T: Tokens, k: number): boolean {
  // The month first: most capitalised words are none, and their neighbours need no look.
  if (!T.inVocab(k, V_MONTHS)) return false;
  const n = k + 1;
  if (T.isNum(n) && !T.nl(n) && T.gap[n] > 0) return true;
  const p = prevWord(T, k, 1);
  return p >= 0 && T.inVocab(p, V_WEEKDAYS);
}

const MAILBOX = /^\s{0,3}<[^\s<>@]{1,64}@[^\s<>@]{1,255}>/;

/** `Jussi Kivilinna <jussi@example.org>`: a name before its e-mail address in angle brackets (mail headers, commit authors). */
function mailboxAfter(T: Tokens, last: number): boolean {
  const n = last + 1;
  if (!T.is(n, '<') || T.nl(n)) return false;
  return MAILBOX.test(T.text.slice(T.end[last], T.end[last] + 330));
}

/** `Python 3`, `Apollo Server 2.4`: a product and its version, not a person. */
function versionAfter(T: Tokens, last: number, named: boolean): boolean {
  const n = last + 1;
  if (!T.isNum(n) || T.nl(n) || T.gap[n] === 0) return false;
  // A dotted version (`2.3`, `3.11.7`).
  if (T.is(n + 1, '.') && T.gap[n + 1] === 0 && T.isNum(n + 2) && T.gap[n + 2] === 0) return true;
  // A lone digit after words that no name list knows as a given name (`Python 3`).
  return !named && T.len(n) === 1 && !T.is(n + 1, ':');
}

const technicalTexts = new WeakMap<Tokens, boolean>();
/** Characters that are rare in prose and frequent in code: `{ } ( ) ; = _ [ ] \ | $` (not `<` `>`: `>` quotes e-mail). */
const CODE_CHARS = '{}();=_[]\\|$';
/** The sample's block size; a block's counts stay below 2^16 each, so they fit in one integer (INK). */
const TECH_BLOCK = 4096;
/**
 * Per ASCII unit, what it adds to a block's counts: 1 for a non-space unit (above 32) plus 2^16
 * for code punctuation; a unit outside ASCII adds 1. One table add per unit instead of two
 * branches: the branch on spaces was mispredicted at every word's end (1.0 -> 0.3 ms per 1 MB
 * text, 256 K units sampled).
 */
const INK = new Int32Array(128);
for (let c = 33; c < 128; c++) INK[c] = 1 + (CODE_CHARS.includes(String.fromCharCode(c)) ? 1 << 16 : 0);

/** Non-space units of `text` in `[from, to)` (at most TECH_BLOCK) plus 2^16 for each code punctuation unit. */
function inkAndCode(text: string, from: number, to: number): number {
  let acc = 0;
  for (let p = from; p < to; p++) {
    const c = text.charCodeAt(p);
    acc += c < 128 ? INK[c] : 1;
  }
  return acc;
}

/**
 * Source code, configuration or markup: at least 5 % of the non-space characters are code
 * punctuation (measured: real code 5-16 %, changelogs about 3 %, letters, records and clinical
 * notes under 1.5 % for 95 % of them).
 */
function technical(T: Tokens): boolean {
  let known = technicalTexts.get(T);
  if (known === undefined) {
    // A long text is sampled: 64 blocks of 4 KB spread evenly over it.
    const text = T.text;
    const start = T.count ? T.start[0] : 0;
    const end = T.count ? T.end[T.count - 1] : 0;
    const step = Math.max(TECH_BLOCK, Math.ceil((end - start) / 64));
    let code = 0;
    let ink = 0;
    for (let b = start; b < end; b += step) {
      const acc = inkAndCode(text, b, Math.min(end, b + TECH_BLOCK));
      ink += acc & 0xffff;
      code += acc >>> 16;
    }
    known = ink > 0 && code / ink >= 0.05;
    technicalTexts.set(T, known);
  }
  return known;
}

/** Index of the previous word token on the same line, skipping at most `skip` punctuation tokens. */
function prevWord(T: Tokens, i: number, skip = 2): number {
  let k = i - 1;
  let skipped = 0;
  while (k >= 0 && !T.isWord(k)) {
    if (T.nl(k + 1) || ++skipped > skip) return -1;
    k--;
  }
  if (k < 0 || T.nl(k + 1)) return -1;
  return k;
}

/** Index of the next word token on the same line, skipping at most `skip` punctuation tokens. */
function nextWord(T: Tokens, i: number, skip = 1): number {
  let k = i + 1;
  let skipped = 0;
  while (k < T.count && !T.isWord(k)) {
    if (T.nl(k) || ++skipped > skip) return -1;
    k++;
  }
  if (k >= T.count || T.nl(k)) return -1;
  return k;
}

/** Whether token `i` starts a sentence or a line (capitalisation tells nothing there). */
function sentenceStart(T: Tokens, i: number): boolean {
  if (i === 0 || T.nl(i)) return true;
  if (!T.isPunct(i - 1)) return false;
  const c = T.code(i - 1);
  return c < 128 ? SOFT_PUNCT[c] === 0 : c !== 0x2013 && c !== 0x2014;
}

/** Token `i` opens a wire story after its dateline (`DALLAS, Dec 22 (Reuters) - Quarterback ...`). */
function afterDateline(T: Tokens, i: number): boolean {
  return T.is(i - 1, '-') && T.is(i - 2, ')') && !T.nl(i);
}

/** The word right before token `i` (over an optional full stop), when it is a title of `set`. */
function titleBefore(T: Tokens, i: number, vocab: Vocab): boolean {
  let k = i - 1;
  if (T.is(k, '.') && !T.nl(k) && T.gap[k] === 0) k--;
  if (k < 0 || T.nl(k + 1)) return false;
  return T.inVocab(k, vocab) && (T.cap(k) || T.len(k) <= 4);
}

/** `my name is X`, `named X`, `Mrs. X`: whatever capitalised word follows is a name. */
function nameIntroduced(T: Tokens, i: number, honorific = titleBefore(T, i, V_HONORIFICS)): boolean {
  if (T.inVocab(i, V_CODE_CONSTANTS)) return false;
  if (honorific) return true;
  const w1 = prevWord(T, i, 1);
  if (w1 < 0 || !T.inVocab(w1, V_INTRO_LAST)) return false;
  // `... is called. Multiple calls`: a sentence ends between the cue and the word.
  if (w1 === i - 2 && (T.is(i - 1, '.') || T.is(i - 1, ';') || T.is(i - 1, '!') || T.is(i - 1, '?'))) return false;
  const a = T.lower(w1);
  if (NAME_INTRO.has(a)) return true;
  const w2 = prevWord(T, w1, 0);
  if (w2 < 0) return false;
  const b = T.lower(w2);
  // `named him Teddy`, `called her Dot`.
  if (OBJECT_PRONOUNS.has(a) && NAME_INTRO.has(b)) return true;
  return (a === 'is' || a === 'was') && (b === 'name' || b === 'surname');
}

const NO_CUE = { person: 0, place: 0, motion: false };
const V_PERSON_CUES_STRONG = new Vocab(PERSON_CUES_STRONG);
const V_PERSON_CUES_WEAK = new Vocab(PERSON_CUES_WEAK);
const V_PLACE_CUES = new Vocab(PLACE_CUES);
const V_MOTION_PREPOSITIONS = new Vocab(MOTION_PREPOSITIONS);
let vCueLast: Vocab | undefined;
let vCueAfter: Vocab | undefined;

/** Words that end a cue before a name (single cues, last words of phrases, titles, place words). */
function cueLast(): Vocab {
  if (!vCueLast) {
    const words = new Set<string>([...PERSON_CUES_STRONG, ...PERSON_CUES_WEAK, ...TITLES, ...NEWS_ROLES, ...PLACE_CUES, ...MOTION_PREPOSITIONS]);
    for (const p of PERSON_CUE_MULTI) words.add(p.slice(p.lastIndexOf(' ') + 1));
    vCueLast = new Vocab(words);
  }
  return vCueLast;
}

let cuePrev: Set<string> | undefined;

/** The second-to-last words of the cue phrases before a name. */
function cuePhrasePrev(): Set<string> {
  if (!cuePrev) {
    cuePrev = new Set<string>();
    for (const p of PERSON_CUE_MULTI) {
      const words = p.split(' ');
      if (words.length >= 2) cuePrev.add(words[words.length - 2]);
    }
  }
  return cuePrev;
}

/** Words that start a cue after a name. */
function cueFirstAfter(): Vocab {
  if (!vCueAfter) {
    const words = new Set<string>(PERSON_CUES_AFTER);
    for (const p of PERSON_CUE_AFTER_MULTI) words.add(p.slice(0, p.indexOf(' ')));
    vCueAfter = new Vocab(words);
  }
  return vCueAfter;
}

/** Lower case of the word right before word `w` on its line ('' when there is none or `w` is -1). */
function lowerBefore(T: Tokens, w: number): string {
  const p = w >= 0 ? prevWord(T, w, 0) : -1;
  return p >= 0 ? T.lower(p) : '';
}

/** Cue scores from the words before the candidate starting at token `i`. */
function cueBefore(T: Tokens, i: number): { person: number; place: number; motion: boolean } {
  // A name that starts with lower-case particles (`Apellidos: de la Fuente`): the cue stands before them.
  const j = particlesBefore(T, i);
  if (j < i && personWordBefore(T, j)) return { person: W.cueStrong, place: 0, motion: false };
  const w1 = prevWord(T, i);
  // Every cue ends with a word of CUE_LAST: most candidates stop here without making a string.
  if (w1 < 0 || !T.inVocab(w1, cueLast())) return NO_CUE;
  const a = T.lower(w1);
  const w2 = prevWord(T, w1, 0);
  const b = w2 >= 0 ? T.lower(w2) : '';
  let person = 0;
  // The cue word's lists by vocabulary bits (memoised per word), not by Set<string> lookups.
  if (
    T.inVocab(w1, V_PERSON_CUES_STRONG) ||
    (T.cap(w1) && T.inVocab(w1, V_TITLES)) ||
    // `finance minister Gareth Pennock`, `striker X`: a role of news copy right before the name.
    (w1 === i - 1 && T.inVocab(w1, V_NEWS_ROLES)) ||
    // A phrase is made only when the word before could be its second-to-last word (`name` of `my name is`).
    (cuePhrasePrev().has(b) && (PERSON_CUE_MULTI.has(`${b} ${a}`) || PERSON_CUE_MULTI.has(`${lowerBefore(T, w2)} ${b} ${a}`)))
  ) {
    person = W.cueStrong;
  } else if (T.inVocab(w1, V_PERSON_CUES_WEAK)) {
    person = W.cueWeak;
  }
  let place = 0;
  let motion = false;
  // Place cues bind to the very next word (`in Springfield`), not across punctuation (`to town, Jim!`).
  if (w1 !== i - 1) return { person, place: 0, motion: false };
  if (T.inVocab(w1, V_PLACE_CUES)) place = W.placeCue;
  else if (T.inVocab(w1, V_MOTION_PREPOSITIONS) && (MOTION_WORDS.has(b) || MOTION_WORDS.has(lowerBefore(T, w2)))) {
    place = W.placeCue;
    motion = true;
  } else if (a === 'from' || a === 'at') place = W.placeWeak;
  return { person, place, motion };
}

/** Form labels of a surname (`Nom :`, `cognome`, `Apellidos:`, `Geslachtsnaam:`), lower case. */
const V_SURNAME_LABELS = new Vocab(new Set(['nom', 'cognome', 'apellido', 'apellidos', 'nachname', 'familienname', 'geslachtsnaam', 'achternaam', 'apelido', 'apelidos', 'surname']));

const V_GIVEN_LABELS = new Vocab(new Set(['nombre', 'vorname', 'vornamen', 'prénom', 'prenom', 'prénoms', 'nome', 'voornaam', 'voornamen']));

/**
 * `Nombre: Encarnación.`, `Vorname: Hans-Jürgen`: a given name's form label (over its colon) right
 * before a value that fills the field: it ends the line (a full stop may close it), the text, or
 * two spaces before the next field.
 */
function givenLabelField(T: Tokens, first: number, last: number): boolean {
  if (!T.is(first - 1, ':') || T.nl(first) || T.nl(first - 1)) return false;
  const w = prevWord(T, first, 1);
  if (w < 0 || !T.inVocab(w, V_GIVEN_LABELS)) return false;
  let n = last + 1;
  if (T.is(n, '.') && T.gap[n] === 0) n++;
  return !T.has(n) || T.nl(n) || T.gap[n] >= 2;
}

/** Whether the word before token `k` (over `:`) is a surname's form label. */
function surnameLabelBefore(T: Tokens, k: number): boolean {
  let w = prevWord(T, k, 1);
  // Over the particles the surname starts with (`Geslachtsnaam: Ter Steege`).
  for (let n = 0; n < 2 && w >= 0 && w === k - 1 - n && T.inVocab(w, V_PARTICLES); n++) w = prevWord(T, w, 1);
  return w >= 0 && T.inVocab(w, V_SURNAME_LABELS);
}

/**
 * A form label of a person (`Apellidos:`, `Patient:`) right before token `j`, with its colon; not a
 * title of office (`Concejala de Cultura`) nor a phrase (`médico de Atención Primaria`).
 */
function personWordBefore(T: Tokens, j: number): boolean {
  if (!T.is(j - 1, ':')) return false;
  const w = prevWord(T, j, 1);
  return w >= 0 && (T.inVocab(w, V_PERSON_CUES_STRONG) || T.inVocab(w, V_SURNAME_LABELS));
}

/**
 * Whether the capitals of token `k` (and at most three capitalised words before it on its line)
 * follow a surname label (`cognome MACCARONE`), an honorific (`Gent. ROSSI`) or a person label with
 * its colon (`Paziente: DE LUCA GIOVANNA`).
 */
function capitalsAfterLabel(T: Tokens, k: number): boolean {
  let w = k;
  for (let n = 0; n < 3 && w > 0 && T.isWord(w - 1) && T.upper(w - 1) && !T.nl(w) && T.gap[w] > 0; n++) w--;
  if (surnameLabelBefore(T, w) || honorificBefore(T, w)) return true;
  // `Monsieur Gwenaël LE BIHAN`: one given name between.
  const given = prevWord(T, w, 0);
  if (given === w - 1 && T.cap(given) && honorificBefore(T, given)) return true;
  if (!T.is(w - 1, ':')) return false;
  const label = prevWord(T, w, 1);
  return label >= 0 && T.inVocab(label, V_PERSON_CUES_STRONG);
}

/** `Gent. ROSSI`, `Sig.ra ESPOSITO`: a capitalised honorific right before token `k` (not `next_run_ms END`). */
function honorificBefore(T: Tokens, k: number): boolean {
  const h = T.is(k - 1, '.') ? k - 2 : k - 1;
  return h >= 0 && T.isWord(h) && T.cap(h) && !glued(T, h) && titleBefore(T, k, V_HONORIFICS);
}

/** The first of at most two lower-case particles right before token `i` on its line (`de la`, `van den`), or `i`. */
function particlesBefore(T: Tokens, i: number): number {
  let p = i;
  while (i - p < 2 && p > 0 && !T.nl(p) && T.gap[p] > 0 && T.isWord(p - 1) && !T.cap(p - 1) && T.inVocab(p - 1, V_PARTICLES)) p--;
  return p;
}

/** `work for X`, `employed by X`, `joined X`: an employer follows. */
function orgCueBefore(T: Tokens, i: number): boolean {
  const w1 = prevWord(T, i, 0);
  if (w1 < 0 || !T.inVocab(w1, V_ORG_CUE_LAST)) return false;
  const a = T.lower(w1);
  if (a === 'joined' || a === 'acquired') return true;
  const w2 = prevWord(T, w1, 0);
  if (w2 < 0) return false;
  const b = T.lower(w2);
  return ((a === 'for' || a === 'at') && WORK_WORDS.has(b)) || (a === 'by' && b === 'employed');
}

const V_APPOSITIVE_ROLES = new Vocab(APPOSITIVE_ROLES);
const V_APPOSITIVE_DETERMINERS = new Vocab(new Set(['the', 'a', 'an', 'its', 'his', 'her', 'their']));

/**
 * An English appositive after the name at token `j`: an age (`Grace Hall, 87, who`) or a role
 * (`Will Young, the chairman`, `Amy Hood, its finance chief`: a role within three words).
 */
function appositive(T: Tokens, j: number): boolean {
  if (!T.is(j + 1, ',') || T.nl(j + 2)) return false;
  // The age is followed by words (`, 87, who ran`), not by the rest of an address (`Eulali, 23, 4 C`).
  if (T.isNum(j + 2) && T.len(j + 2) <= 3 && T.is(j + 3, ',') && T.isWord(j + 4) && !T.isNum(j + 4) && !T.cap(j + 4) && !T.nl(j + 4)) return true;
  if (!T.inVocab(j + 2, V_APPOSITIVE_DETERMINERS)) return false;
  for (let k = j + 3; k <= j + 5 && T.isWord(k) && !T.nl(k); k++) if (T.inVocab(k, V_APPOSITIVE_ROLES)) return true;
  return false;
}

/**
 * A country or nationality in brackets right after the name at token `j`, as results lists and
 * sports copy write it (`Haruto Kisaragi (Japan) beat`, `Deon van Wyk (South Africa)`): up to
 * three capitalised words, one of them a place or a demonym, then `)`.
 */
function countryAfter(T: Tokens, j: number): boolean {
  return placeBracketEnd(T, j) >= 0;
}

/** The `)` of a country or place in brackets right after token `j` (`(Japan)`, `(South Korea)`, `(UKR)`), or -1. */
function placeBracketEnd(T: Tokens, j: number): number {
  if (!T.is(j + 1, '(') || T.nl(j + 1) || T.nl(j + 2)) return -1;
  if (countryCode(T, j + 2)) return j + 3;
  // `(U.S.)`, `(U.K.)`: a country's dotted initials.
  let d = j + 2;
  while (d < j + 8 && T.isWord(d) && T.len(d) === 1 && T.cap(d) && T.is(d + 1, '.') && T.gap[d + 1] === 0 && !T.nl(d)) d += 2;
  if (d >= j + 6 && T.is(d, ')') && !T.nl(d)) return d;
  let place = false;
  let k = j + 2;
  for (; k <= j + 4 && T.isWord(k) && T.cap(k) && !T.nl(k); k++) if ((listsOf(T.lower(k)) & (IN_PLACES | IN_DEMONYMS)) !== 0) place = true;
  return place && k > j + 2 && T.is(k, ')') ? k : -1;
}

const V_BEAT = new Vocab(new Set(['beat', 'bt', 'def', 'defeated', 'beats']));

/**
 * `Pioline (France) beat Stich (Germany) 6-2 6-1`: a player and a country in brackets in a draw's
 * line, a verb of beating after the bracket or before the name, set scores after a loser.
 */
function drawEntry(T: Tokens, first: number, last: number): boolean {
  const close = placeBracketEnd(T, last);
  if (close < 0 || T.nl(close + 1)) return false;
  if (T.isWord(close + 1) && T.inVocab(close + 1, V_BEAT)) return true;
  const b = first - 1;
  return T.isWord(b) && !T.nl(first) && T.inVocab(b, V_BEAT) && setScores(T, close + 1);
}

/**
 * `(Eng)`, `(UKR)`, `(US)`: a country's code of two or three letters, capitalised, alone in brackets
 * at token `k` (after `(`), as results tables, leaderboards and draws print it after each name.
 */
function countryCode(T: Tokens, k: number): boolean {
  const n = T.len(k);
  if (n < 2 || n > 3 || !T.isWord(k) || !T.cap(k) || !T.is(k + 1, ')') || T.nl(k) || T.nl(k + 1) || T.gap[k] !== 0 || T.gap[k + 1] !== 0) return false;
  for (let m = 0; m < n; m++) {
    const c = T.text.charCodeAt(T.start[k] + m) | 32;
    if (c < 97 || c > 122) return false;
  }
  // Not a firm's form (`(Pty)`, `(Ltd)`, `(Inc)`).
  return (listsOf(T.lower(k)) & IN_ORG) === 0;
}

/** Score added by the words after the candidate ending at token `j` (starting at `first`: a country in brackets counts after two words or more, not after a town, `Getafe (Madrid)`). */
function cueAfter(T: Tokens, j: number, first = j): number {
  const bonus = (T.poss(j) ? W.possessive : 0) + (appositive(T, j) || (first < j && countryAfter(T, j)) ? W.cueAfter : 0);
  // Both kinds of cue start at the very next token, a word on the same line: no phrase is made otherwise.
  const w1 = j + 1;
  if (T.nl(w1) || !T.inVocab(w1, cueFirstAfter())) return bonus;
  const a = T.lower(w1);
  if (PERSON_CUES_AFTER.has(a)) return bonus + W.cueAfter;
  const w2 = nextWord(T, w1, 0);
  return PERSON_CUE_AFTER_MULTI.has(`${a} ${w2 >= 0 ? T.lower(w2) : ''}`) ? bonus + W.cueAfterPhrase : bonus;
}

/**
 * The `[` of a chat export's time stamp closing at token `k` (`[06.05.24, 21:04]`,
 * `[2/5/24, 7:15 p. m.]`, `[09:41]`): a bracket that starts its line and holds numbers, signs, a
 * time and at most `am`/`pm`-like short words; -1 if `k` closes none. Reads at most 16 tokens.
 */
export function chatStampOpen(T: Tokens, k: number): number {
  if (!T.is(k, ']')) return -1;
  let time = false;
  for (let j = k - 1; j >= 0 && j >= k - 16; j--) {
    if (T.is(j, '[')) return time && T.nl(j) ? j : -1;
    if (T.nl(j) || (T.isWord(j) && T.len(j) > 2)) return -1;
    if (T.is(j, ':') && T.isNum(j - 1) && T.isNum(j + 1)) time = true;
  }
  return -1;
}

/** Whether token `s` starts its line, after quote markers, bullets or a chat time stamp (`> Jane Doe`, `[21:04] Jane:`). */
function lineStart(T: Tokens, s: number): boolean {
  let k = s - 1;
  const stamp = chatStampOpen(T, k);
  if (stamp >= 0) k = stamp - 1;
  while (k >= 0 && T.isPunct(k) && !T.nl(k + 1)) k--;
  return T.nl(k + 1);
}

/** A chat export's speaker: the candidate `[s, e]` right after a time stamp, before a colon, in a dialogue. */
function chatSpeaker(T: Tokens, s: number, e: number): boolean {
  return T.is(e + 1, ':') && chatStampOpen(T, s - 1) >= 0 && dialogue(T);
}

/** The candidate `[s, e]` starts its line and is followed by a colon: a speaker or a label. */
function speakerLabel(T: Tokens, s: number, e: number): boolean {
  return T.is(e + 1, ':') && lineStart(T, s);
}

/**
 * Addressing someone: `..., Jim!`, `Remember me, Mary?`, `Greta, can I ...`: a name set off by
 * a comma at the end of a sentence, or at its start before a question or a request.
 */
function vocative(T: Tokens, s: number, e: number): boolean {
  const end = T.is(e + 1, '!') || T.is(e + 1, '?');
  if (end && T.is(s - 1, ',')) return true;
  return sentenceStart(T, s) && T.is(e + 1, ',') && T.inVocab(e + 2, V_VOCATIVE_NEXT);
}

/**
 * `Andrés Felipe: sí`: two title-case words, one colon and the message on the same line (not
 * `MEMORY MANAGEMENT::`, an Info menu entry, nor `Tag Table:` closing its line).
 */
function twoWordSpeaker(T: Tokens, k: number): boolean {
  return T.cap(k + 1) && !T.nl(k + 1) && T.is(k + 2, ':') && !T.is(k + 3, ':') && T.has(k + 3) && !T.nl(k + 3) && !T.upper(k) && !T.upper(k + 1);
}

const dialogues = new WeakMap<Tokens, boolean>();

/** A dialogue: at least two lines start with a capitalised word and a colon, one of them a known given name. */
function dialogue(T: Tokens): boolean {
  let known = dialogues.get(T);
  if (known === undefined) {
    let labels = 0;
    let named = false;
    const lex = getLexicon();
    // Stops as soon as the answer is known (two labels, one a name).
    for (let c = 0; c < T.capCount && !(labels >= 2 && named); c++) {
      const k = T.caps[c];
      // One word or two (`Andrés Felipe: ...`) before the colon.
      // Form labels (`Domicilio:`, `RUT:`) make a form, not a dialogue.
      if (!(T.is(k + 1, ':') || twoWordSpeaker(T, k)) || FORM_LABELS.has(T.lower(k)) || !lineStart(T, k)) continue;
      labels++;
      if (!named && lex.given.has(T.lower(k)) && !lex.common.has(T.lower(k))) named = true;
    }
    known = labels >= 2 && named;
    dialogues.set(T, known);
  }
  return known;
}

/** A name in capitals in a byline or a Q&A (`[s, e]`, `words` name words): its speaker label, or the full name whose last word is one. */
function capitalsName(T: Tokens, s: number, e: number, words: number): boolean {
  return words >= 2 ? capitalsByline(T, s, e, words) || capitalsLabels(T).has(T.lower(e)) : capitalsSpeaker(T, s, e);
}

/** A capitalised place word first (`Lake`, `North`) or a landscape or street word last (`Hill`, `Park`) in `[first, last]`. */
function placeWordAtEnds(T: Tokens, first: number, last: number): boolean {
  return (T.cap(first) && T.inVocab(first, V_GEO_BEFORE)) || (T.cap(last) && T.inVocab(last, V_GEO_AFTER));
}

/** Whether the word in capitals at `k` is one of at most four after a byline's `By` at a line start. */
function capitalsBylineWord(T: Tokens, k: number): boolean {
  let w = k;
  for (let n = 0; n < 3 && w > 0 && !T.nl(w) && T.isWord(w - 1) && T.upper(w - 1) && T.len(w - 1) > 2; n++) w--;
  return w > 0 && !T.nl(w) && T.isWord(w - 1) && T.len(w - 1) === 2 && T.lower(w - 1) === 'by' && lineStart(T, w - 1);
}

/** `By AISHA WAMBUI NJOROGE` alone on its line (or before a comma): two to four words in capitals after a byline's `By`. */
function capitalsByline(T: Tokens, s: number, e: number, words: number): boolean {
  if (words > 4 || !T.isWord(s - 1) || T.nl(s) || T.len(s - 1) !== 2 || T.lower(s - 1) !== 'by' || !lineStart(T, s - 1)) return false;
  return e + 1 >= T.count || T.nl(e + 1) || T.is(e + 1, ',');
}

const capitalsDialogues = new WeakMap<Tokens, Set<string>>();

/**
 * A Q&A's speaker in capitals (`HALLORAN: Everyone compares...`): one word of at least three
 * letters at a line start before a colon, in a text where at least two such labels each start two
 * lines or more; not a form label nor an ordinary or organisation word (`NOTE:`, `ERROR:`, `UPDATE:`).
 * The labels are counted once per text, over the capitalised words only.
 */
function capitalsSpeaker(T: Tokens, s: number, e: number): boolean {
  return s === e && speakerLabel(T, s, e) && T.len(s) >= 3 && capitalsLabels(T).has(T.lower(s));
}

/** The first or second word of its line, the first in capitals too (where a speaker's label or full name stands). */
function lineFirstCapitals(T: Tokens, k: number): boolean {
  return T.nl(k) || k === 0 || (T.nl(k - 1) && T.isWord(k - 1) && T.upper(k - 1)) || (k === 1 && T.isWord(0) && T.upper(0));
}

/** A word in capitals that is a Q&A's speaker label, or right before one on its line (a given name before the surname). */
function labelledSpeakerName(T: Tokens, k: number, labels: Set<string>): boolean {
  if (!labels.size) return false;
  if (labels.has(T.lower(k))) return true;
  const n = k + 1;
  return T.isWord(n) && !T.nl(n) && T.upper(n) && T.len(n) >= 3 && labels.has(T.lower(n));
}

/** The speaker labels in capitals of the text's Q&A (none when it has no such dialogue), counted once per text. */
function capitalsLabels(T: Tokens): Set<string> {
  let labels = capitalsDialogues.get(T);
  if (!labels) {
    const counts = new Map<string, number>();
    for (let c = 0; c < T.capCount; c++) {
      const k = T.caps[c];
      if (!T.upper(k) || T.len(k) < 3 || !T.is(k + 1, ':') || !lineStart(T, k)) continue;
      const lower = T.lower(k);
      if (FORM_LABELS.has(lower) || (listsOf(lower) & (IN_COMMON | IN_STOP | IN_ORG | IN_PLACES | IN_CLINICAL)) !== 0) continue;
      counts.set(lower, (counts.get(lower) ?? 0) + 1);
    }
    labels = new Set<string>();
    for (const [label, n] of counts) if (n >= 2) labels.add(label);
    if (labels.size < 2) labels.clear();
    capitalsDialogues.set(T, labels);
  }
  return labels;
}

/** Whether the candidate `[s, e]` fills its whole line (a signature or letterhead line). */
function wholeLine(T: Tokens, s: number, e: number): boolean {
  return lineStart(T, s) && (e + 1 >= T.count || T.nl(e + 1));
}

/** Asked for every word of a segment walked (about 48,000 per MB of dense text): most answers come from the front filter. */
const stopHashes = new FrontedFilter(STOP_WORDS);
/**
 * Ordinary words only: not names (`Cook`, `Young`), firms' words or brands, which are capitalised
 * anyway, nor street types and unit words. Made at load from the hashes in WORD_LISTS (hashing the
 * 31,000 common words again and looking each up cost about 13 ms).
 */
const commonHashes = WORD_LISTS.filterOf(IN_COMMON, IN_GIVEN | IN_SURNAMES | IN_ORG | IN_STREET_TERM);

/**
 * Sentences or lines written in title case (`Ten Songs You Should Hear Before You Die`) say
 * nothing by their capitals. `is(k)` answers per token, computed once per segment on first ask
 * (hash lookups only).
 */
class TitleCaseLines {
  /** Per token: 0 not computed yet, 1 ordinary line, 2 title-case line; computed per line on first ask. */
  private readonly flags: Uint8Array;
  constructor(private readonly T: Tokens) {
    this.flags = new Uint8Array(T.count);
  }
  is(k: number): boolean {
    const { T, flags } = this;
    if (flags[k] === 0) {
      let start = k;
      while (start > 0 && !segmentBoundary(T, start)) start--;
      titleCaseSegment(T, start, flags);
    }
    return flags[k] === 2;
  }
}

/**
 * A segment ends at a line break or at `.`, `!` or `?` followed by a space: whether token `k` (a
 * token of the text) starts one, as the tokenizer flagged it.
 */
function segmentBoundary(T: Tokens, k: number): boolean {
  return (T.flags[k] & Flag.Segment) !== 0;
}

/** English months and weekdays: capitalised in any sentence (other languages write theirs in lower case). */
const V_ENGLISH_CALENDAR = new Vocab(
  new Set('january february march april may june july august september october november december monday tuesday wednesday thursday friday saturday sunday'.split(' ')),
);

/**
 * Whether the segment (line or sentence) starting at token `start` is written in title case,
 * set in `flags` for each of its tokens (2 title case, 1 not). The segment's end is found in the
 * same walk that counts its words (a walk to the end and another over the segment cost twice the
 * boundary tests).
 */
function titleCaseSegment(T: Tokens, start: number, flags: Uint8Array): void {
  // Only ordinary words tell: a line full of names is not in title case.
  let words = 0;
  let caps = 0;
  let stops = 0;
  const kinds = T.kind;
  let k = start + 1;
  for (; k < T.count && !segmentBoundary(T, k); k++) {
    if (kinds[k] !== 0 || T.end[k] - T.start[k] < 2 || (kinds[k - 1] === 2 && sentenceStart(T, k))) continue;
    const h = T.hash[k];
    if (stopHashes.has(h)) {
      // Months and weekdays are capitalised in any English sentence (`LONDON, March 14 ... on Thursday`).
      if (T.cap(k) && !T.upper(k) && !T.inVocab(k, V_ENGLISH_CALENDAR)) stops++;
      continue;
    }
    if (!commonHashes.has(h) || T.upper(k)) continue;
    // Titles of office are capitalised before a name in any English sentence (`Prime Minister Dick Schoof backed it`).
    if (T.cap(k) && T.inVocab(k, V_TITLES)) continue;
    words++;
    if (T.cap(k)) caps++;
  }
  flags.fill((words >= 4 && caps / words >= 0.7) || stops >= 2 ? 2 : 1, start, k);
}

/** Whether token `k` can be one name of a firm's list (`Baker, Crane and Whitfield`): a capitalised word alone. */
function singleFirmName(T: Tokens, k: number): boolean {
  if (!T.isWord(k) || !T.cap(k) || T.len(k) < 2 || T.inVocab(k, V_STOP)) return false;
  if (T.isWord(k - 1) && !T.nl(k) && T.cap(k - 1) && !T.inVocab(k - 1, V_STOP)) return false;
  // The last name may be followed by the firm's kind (`Baker, Crane and Whitfield Orchestra`).
  if (T.isWord(k + 1) && !T.nl(k + 1) && T.cap(k + 1) && !T.inVocab(k + 1, V_ORG)) return false;
  return true;
}

/**
 * `Baker, Crane and Whitfield`: three or more single surnames in a comma list ending in `and` or
 * `&` are a firm's name unless a person cue (`founders:`) comes first. Marks their tokens (undefined: no list).
 */
function firmLists(T: Tokens, cache: ClassCache): Uint8Array | undefined {
  // Per token, 1 in a firm's list; made only when a list is found (most texts have none).
  let out: Uint8Array | undefined;
  let skipTo = -1;
  for (let c = 0; c < T.capCount; c++) {
    const i = T.caps[c];
    if (i <= skipTo || !T.is(i + 1, ',') || !singleFirmName(T, i)) continue;
    const members = [i];
    let k = i + 1;
    while (k < T.count) {
      if (T.nl(k)) break;
      if (T.is(k, ',') && singleFirmName(T, k + 1) && !T.nl(k + 1)) {
        members.push(k + 1);
        k += 2;
        continue;
      }
      if ((T.inVocab(k, V_AND) || T.is(k, '&')) && singleFirmName(T, k + 1) && !T.nl(k + 1)) {
        members.push(k + 1);
        k += 2;
      }
      break;
    }
    const last = members[members.length - 1];
    const closed = T.inVocab(last - 1, V_AND) || T.is(last - 1, '&');
    if (members.length >= 3 && closed) {
      const cue = cueBefore(T, i).person >= W.cueStrong;
      // A list of given names (`Anna, Luis and Kate`) is people; surnames alone make a firm.
      const anyGiven = members.some((m) => {
        const info = classify(T, m, cache);
        return info.given && !info.surname && info.cls === 'N';
      });
      if (!cue && !anyGiven) for (const m of members) (out ??= new Uint8Array(T.count))[m] = 1;
    }
    skipTo = k;
  }
  return out;
}

/**
 * What `detectCased` asks of one text's words, with the answers it keeps. Methods rather than
 * closures made per call: V8 compiled the closures (and the walk that called them) against the
 * call's own objects, threw that code away when those objects died after the scan, and compiled
 * it all again on the next scan (about 100 ms of compiler time per 10 MB scan, bench/README.md).
 */
/** The words of firms' lists of partners (`Jones, Mitchell and Williams`) per text, for later mentions. */
const firmWords = new WeakMap<Tokens, Uint8Array>();

class CasedWords {
  readonly cache: ClassCache = { codes: new Uint8Array(0) };
  readonly titleCase: TitleCaseLines;
  private readonly firms: Uint8Array | undefined;
  /**
   * Per token: 0 not asked yet, 1 name-like, 2 not (a run asks again for its first word and the
   * word after an initial).
   */
  private readonly nameLikeMemo: Uint8Array;
  /** The text's speaker labels in capitals (capitalsLabels), when a word in capitals asks. */
  private labels: Set<string> | undefined;
  /** Index into T.caps of the next capitalised word a run may start at. */
  private c = 0;

  constructor(private readonly T: Tokens) {
    this.titleCase = new TitleCaseLines(T);
    this.firms = firmLists(T, this.cache);
    if (this.firms) firmWords.set(T, this.firms);
    this.nameLikeMemo = new Uint8Array(T.count);
  }

  nameLike(k: number): boolean {
    if (k < 0 || k >= this.T.count) return false;
    let known = this.nameLikeMemo[k];
    if (known === 0) this.nameLikeMemo[k] = known = this.nameLikeWord(k) ? 1 : 2;
    return known === 1;
  }

  private nameLikeWord(k: number): boolean {
    const { T, firms } = this;
    const mostlyUpper = T.mostlyUpper;
    if (!T.isWord(k) || T.len(k) < 2) return false;
    if (!T.cap(k) && !mostlyUpper) return false;
    if (glued(T, k)) return false;
    const listed = T.inVocab(k, V_STOP_OR_MONTH);
    if ((listed && stopWord(T, k)) || (firms !== undefined && firms[k] === 1) || camelCase(T, k)) return false;
    // `Nom : HOARAU`, `cognome MACCARONE`, `Paziente: DE LUCA GIOVANNA`: a name written in capitals after its form label.
    if (T.upper(k) && !mostlyUpper && T.len(k) >= 2 && capitalsAfterLabel(T, k)) return true;
    // `By AISHA NJOROGE`, `HALLORAN: ...`: a byline or a Q&A's speaker in capitals, and the
    // speaker's full name where the interview introduces them (`CHIOMA ADEBAYO-WRIGHT co-founded`).
    if (T.upper(k) && !mostlyUpper && T.len(k) >= 3 && (capitalsBylineWord(T, k) || (lineFirstCapitals(T, k) && labelledSpeakerName(T, k, (this.labels ??= capitalsLabels(T)))))) return true;
    if (T.upper(k) && !mostlyUpper) {
      // Capitals inside ordinary text are acronyms unless a list knows the word as a name; next
      // to other capitalised words they are a constant or a heading (`LETTER E WITH CARON`). The
      // neighbours first: classifying a word makes its id and lower case (half of them need none).
      return T.len(k) >= 3 && !capitalsAround(T, k) && classify(T, k, this.cache).cls === 'N';
    }
    return !acronymPlural(T, k) && !(listed && dateMonth(T, k));
  }

  officeAfterHonorific(k: number): boolean {
    if (!this.T.inVocab(k, V_TITLES)) return false;
    const info = classify(this.T, k, this.cache);
    return !info.given && !info.surname;
  }

  initialAt(k: number): boolean {
    const T = this.T;
    if (!isInitial(T, k) || dottedAbbreviation(T, k)) return false;
    const ch = T.textOf(k);
    // `A.` after an honorific is an initial (`Dr A. Benhamou`), elsewhere the article or the pronoun.
    // So at a line's or a list entry's start (`A. Stewart c Healy`, `, I. Bishop 3-40`).
    if ((ch === 'I' || ch === 'A') && !(T.is(k + 1, '.') && T.gap[k + 1] === 0 && (titleBefore(T, k, V_HONORIFICS) || T.nl(k) || T.isIn(k - 1, LIST_PUNCT)))) return false;
    // `00431-B Baguette`: the last letter of an article code.
    if (k > 0 && T.gap[k] === 0 && !T.nl(k) && (T.is(k - 1, '-') || T.isNum(k - 1))) return false;
    let n = k + 1;
    if (T.is(n, '.') && T.gap[n] === 0) n++;
    // `M.L. Carrington`, `V.V.S. Laxman`: up to three more initials glued one to the next, each with
    // its full stop (not `U.S.`, see dottedAbbreviation; a longer chain is no name's).
    for (let more = 0; n > k + 1 && T.gap[n] === 0 && !T.nl(n) && isInitial(T, n) && T.is(n + 1, '.') && T.gap[n + 1] === 0 && !dottedAbbreviation(T, n); more++) {
      if (more === 3) return false;
      n += 2;
    }
    // An initial is followed by one space or two, not by a column gap (`S       Matches`).
    if (!T.has(n) || T.nl(n) || T.gap[n] === 0 || T.gap[n] > 2) return false;
    // `dr. S. de Wit`: after an honorific, an initial, a lower-case particle, then the surname
    // (not `asa en Y de Roux`, `estadio B de Dukes`).
    return this.nameLike(n) || isInitial(T, n) || (T.isWord(n) && !T.cap(n) && T.inVocab(n, V_PARTICLES) && !T.nl(n + 1) && this.nameLike(n + 1) && titleBefore(T, k, V_HONORIFICS));
  }

  /** The token after `i` where the next run may start. */
  nextStart(i: number): number {
    const T = this.T;
    if (T.mostlyUpper) return i + 1;
    while (this.c < T.capCount && T.caps[this.c] <= i) this.c++;
    return this.c < T.capCount ? T.caps[this.c] : T.count;
  }
}

function detectCased(T: Tokens): Candidate[] {
  const mostlyUpper = T.mostlyUpper;
  const w = new CasedWords(T);
  const candidates: Candidate[] = [];
  const parts: Part[] = [];
  // Runs start at a capitalised word (any word when the text is mostly in capitals).
  let i = mostlyUpper ? 0 : T.capCount ? T.caps[0] : T.count;
  while (i < T.count) {
    if (!(w.nameLike(i) || w.initialAt(i))) {
      i = w.nextStart(i);
      continue;
    }
    // The word's lists by one question first: most run starts are in none of those asked below.
    const listed = T.inVocab(i, V_RUN_START_WORDS);
    if (listed && (T.inVocab(i, V_TITLES) || T.inVocab(i, V_HONORIFICS)) && (!titleBefore(T, i, V_HONORIFICS) || w.officeAfterHonorific(i))) {
      // A capitalised title (`Dr`, `Mrs`, `President`) is not part of the name after it, and a
      // title of office addressed in place of a name (`Herr Bürgermeister`, `Mr. President`) is none.
      i = w.nextStart(i);
      continue;
    }
    if (listed && T.inVocab(i, V_NEWS_ROLES) && (sentenceStart(T, i) || afterDateline(T, i)) && !T.nl(i + 1) && w.nameLike(i + 1)) {
      // `Golfer Grant Ferrier-Hale won`, `Striker Youssef Salah-Eddine scored`: a role at a
      // sentence start is not the name's first word (the name scores it as a cue before).
      i = w.nextStart(i);
      continue;
    }
    if (listed && T.inVocab(i, V_ARTICLE_STARTS)) {
      // `Der Vorstand`, `Il Presidente`, `Os utentes`: a capitalised article starts a noun phrase.
      i = w.nextStart(i);
      continue;
    }
    // One array and one set of parts for every run, its length kept in `np` (setting an array's
    // length goes through the runtime): scoreRun keeps neither.
    let np = 0;
    let k = i;
    // `Apellidos: de la Fuente Ibáñez`, `dr. van der Berg`: lower-case particles after a person cue
    // or an honorific start the name (the word after them is a surname, even an ordinary word).
    const p0 = particlesBefore(T, i);
    if (p0 < i && (titleBefore(T, p0, V_HONORIFICS) || personWordBefore(T, p0))) {
      for (let m = p0; m < i; m++) part(parts, np++, m, 'p', false);
    }
    // `Geslachtsnaam: Ter Steege`, `Dr. De Luca`: a capitalised particle after a cue starts the name.
    if (listed && T.inVocab(i, V_PARTICLES) && !T.nl(i + 1) && T.gap[i + 1] > 0 && w.nameLike(i + 1) && (titleBefore(T, i, V_HONORIFICS) || personWordBefore(T, i))) {
      part(parts, np++, i, 'p', false);
      k = i + 1;
    }
    while (k < T.count && np < 7) {
      if (np && (T.nl(k) || (T.gap[k] === 0 && !(isInitial(T, k) && T.is(k - 1, '.') && parts[np - 1].cls === 'I')))) break;
      // `Dwayne "Hammer" Morris`, `Oscar " Golden Boy " de la Hoyos`: a nickname in quotes inside the name.
      if (np && T.isOneOf(k, NICKNAME_QUOTES)) {
        const after = nicknameEnd(T, k);
        if (after < 0 || !w.nameLike(after)) break;
        k = after;
        continue;
      }
      if (w.initialAt(k) || (np && isInitial(T, k) && T.textOf(k) !== 'I' && !dottedAbbreviation(T, k))) {
        part(parts, np++, k, 'I', false);
        if (T.is(k + 1, '.') && T.gap[k + 1] === 0) k++;
      } else if (w.nameLike(k) && !(np && (T.inVocab(k, V_HONORIFICS) || w.officeAfterHonorific(k)))) {
        const info = classify(T, k, w.cache);
        let cls: PartClass = info.cls;
        const prevPart = np ? parts[np - 1] : undefined;
        // After a particle or an initial comes a surname, even an ordinary word (`Mary J Rose`).
        if (cls === 'C' && prevPart && (prevPart.cls === 'p' || prevPart.cls === 'I')) cls = 'A';
        // `Alan Castle scored`, `Craig Bishop headed`: a known given name and one ordinary word that
        // ends the run: the surname (not a place's or a body's word: `Charlotte Street`, `Grace Trust`;
        // not after capitals: `IDÂ Availability`; not after `the`, where theThing reads the words).
        if (
          cls === 'C' && np === 1 && prevPart!.cls === 'N' && prevPart!.given && !T.upper(prevPart!.i) && !(T.cap(k + 1) && !T.nl(k + 1)) &&
          !T.inVocab(k, V_GEO_AFTER) && !T.inVocab(k, V_ORG) && !T.inVocab(prevPart!.i - 1, V_THE)
        ) {
          cls = 'A';
        }
        if ((cls === 'U' || cls === 'A') && (mostlyUpper || w.titleCase.is(k)) && !(np === 0 && surnameLabelBefore(T, k))) cls = 'C';
        part(parts, np++, k, cls, info.given);
      } else if (np && articledName(T, k)) {
        // `Farouq al-Shaddad`, `Ahmed el-Sayed Nour`: an Arabic surname with its article in lower case.
        part(parts, np++, k, 'M', false);
      } else if (
        np &&
        T.isWord(k) &&
        !T.cap(k) &&
        T.inVocab(k, V_PARTICLES) &&
        T.has(k + 1) &&
        !T.nl(k + 1) &&
        // `van der Berg`, `de la Cruz`: one or two particles, then a name word.
        (w.nameLike(k + 1) || (T.isWord(k + 1) && !T.cap(k + 1) && T.inVocab(k + 1, V_PARTICLES) && !T.nl(k + 2) && w.nameLike(k + 2)))
      ) {
        part(parts, np++, k, 'p', false);
      } else {
        break;
      }
      k++;
      if (T.poss(k - 1)) break;
    }
    if (np) scoreRun(T, parts, np, candidates);
    const resume = Math.max(k, i + 1);
    i = resume - 1;
    i = w.nextStart(i);
    if (mostlyUpper) i = resume;
  }
  return candidates;
}

const NICKNAME_QUOTES = '"“”';

/** `al-Shaddad`, `el-Sayed`, `ul-Haq`: a lower-case Arabic article of two letters, a hyphen, then a capitalised word (the tokenizer keeps it one word). */
function articledName(T: Tokens, k: number): boolean {
  if (!T.isWord(k) || T.cap(k) || !hasHyphen(T, k) || T.len(k) < 5) return false;
  const s = T.start[k];
  const a = T.text.charCodeAt(s);
  const c = T.text.charCodeAt(s + 3);
  return (a === 97 || a === 101 || a === 117) && T.text.charCodeAt(s + 1) === 108 && T.text.charCodeAt(s + 2) === 45 && c >= 65 && c <= 90;
}

/** The token after a nickname in quotes opening at `q` (one to three capitalised words, then the closing quote, on one line), or -1. */
function nicknameEnd(T: Tokens, q: number): number {
  let k = q + 1;
  for (; k <= q + 3 && T.isWord(k) && T.cap(k) && !T.nl(k); k++);
  if (k === q + 1 || !T.isOneOf(k, NICKNAME_QUOTES) || T.nl(k)) return -1;
  const after = k + 1;
  return T.has(after) && !T.nl(after) && T.gap[after] > 0 ? after : -1;
}

/** Sets the `n`th part of `parts` to token `i` (made on first use). */
function part(parts: Part[], n: number, i: number, cls: PartClass, given: boolean): void {
  const p = (parts[n] ??= { i, cls, given });
  p.i = i;
  p.cls = cls;
  p.given = given;
}

/** Street types and station words written in lower case before the name they give a place (elided French forms too). */
const LOWER_PLACE_TYPES = new Set(
  ('rua avenida avda viale piazza piazzale corso vicolo rue boulevard chemin allée impasse quai calle carrer paseo praça praca ' +
    "travessa alameda rambla avinguda passeig glorieta pasaje lungomare avenue l'avenue l'allée l'impasse " +
    'estación estaciones estação estações stazione stazioni gare station stations').split(' '),
);
const V_LOWER_PLACE_TYPES = new Vocab(LOWER_PLACE_TYPES);
const V_PLACE_TYPE_PARTICLES = new Vocab(new Set(['de', 'del', 'la', 'las', 'los', 'di', 'da', 'do', 'dos', 'das', 'des', 'du', 'della', 'delle', 'dei']));

/** A street type or station word in lower case on the same line right before token `i`, over at most two particles. */
function lowerPlaceTypeBefore(T: Tokens, i: number): boolean {
  let k = i - 1;
  // Vocabulary bits per word, not a string per question (asked for every run of capitalised words).
  for (let n = 0; n < 2 && T.isWord(k) && !T.nl(k + 1) && !T.cap(k) && (T.flags[k] & Flag.InnerCap) === 0 && T.inVocab(k, V_PLACE_TYPE_PARTICLES); n++) k--;
  return T.isWord(k) && !T.nl(k + 1) && !T.cap(k) && T.inVocab(k, V_LOWER_PLACE_TYPES);
}

/**
 * Chinese surnames that the lists know as ordinary words (`Xi`, `Han`, `Ma`, `Song`); the others
 * (`Wang`, `Li`, `Zhou`) are known surnames already.
 */
const V_CHINESE_SURNAMES = new Vocab(new Set('xi han ma hu gao song tang fan bai du yu cao mao kong jin qin lu long he'.split(' ')));

/** `Xi Jinping`, `Han Zheng`: a Chinese surname that is also an ordinary word, then a given name of two syllables in pinyin or a listed surname. */
function chineseName(T: Tokens, k: number): boolean {
  const n = k + 1;
  if (T.upper(k) || T.len(n) < 4 || T.len(n) > 9 || !T.inVocab(k, V_CHINESE_SURNAMES)) return false;
  const next = T.lower(n);
  return PINYIN_NAME.test(next) || (listsOf(next) & IN_SURNAMES) !== 0;
}

/** A verb of saying right before token `k` and a clause going on after it (`said Beijing opposed`). */
function sayingClause(T: Tokens, k: number): boolean {
  return T.inVocab(prevWord(T, k), V_SAYING) && T.isWord(k + 1) && !T.nl(k + 1) && !T.cap(k + 1);
}

/** Classes of the words a name is made of (a known name, a surname-like or an unknown word). */
const NAME_PART = new Set<PartClass>(['N', 'M', 'U', 'A']);

/** A capitalised title of office (`President`) or a role of news copy (`author`, `minister`) right before token `i`. */
function officeRightBefore(T: Tokens, i: number): boolean {
  const k = i - 1;
  if (!T.isWord(k) || T.nl(i) || T.gap[i] === 0) return false;
  return (T.cap(k) && T.inVocab(k, V_TITLES)) || T.inVocab(k, V_NEWS_ROLES) || (!T.cap(k) && T.inVocab(k, V_APPOSITIVE_ROLES));
}

/** Scores the first `count` parts of `parts`, a run of name-like words. */
function scoreRun(T: Tokens, parts: Part[], count: number, out: Candidate[]): void {
  let n = count;
  const mostlyUpper = T.mostlyUpper;
  // An organisation word in the run: the run names an organisation, unless a title or a strong
  // cue introduced a name that the organisation merely follows (`Dr. Ana Gil Hospital Clínico`,
  // `Remitido por: Luis Pardo Servicio de Urología`): then the name ends before it.
  let firstOrg = -1;
  for (let m = 0; m < n; m++) {
    if (parts[m].cls === 'O') {
      firstOrg = m;
      break;
    }
  }
  if (firstOrg >= 0) {
    const introduced = titleBefore(T, parts[0].i, V_HONORIFICS) || cueBefore(T, parts[0].i).person >= W.cueStrong;
    if (!introduced || firstOrg === 0) return;
    n = firstOrg;
    while (n && (parts[n - 1].cls === 'p' || parts[n - 1].cls === 'I')) n--;
    if (!n) return;
  }
  const after = parts[n - 1].i + 1;
  if (firstOrg < 0 && !T.nl(after) && T.inVocab(after, V_ORG)) return;
  // `CEIP Antonio Machado`, `USF Ria Formosa`: a capitalised organisation word (an acronym the run
  // left out) right before it on its line names the organisation after someone.
  const orgAt = parts[0].i - 1;
  if (T.cap(orgAt) && !T.nl(parts[0].i) && T.inVocab(orgAt, V_ORG) && !titleBefore(T, parts[0].i, V_HONORIFICS)) return;
  // `Piazza Garibaldi`, `Viale Bovio`, `Vila Madalena`: a street or quarter type first, then a
  // name, without a house number.
  const head = parts[0];
  // Not after a label or an honorific: `Apellidos: Vila Rovira`, `Dr. San Martín`.
  if (
    n >= 2 && !head.given && T.len(head.i) >= 3 && T.cap(head.i) &&
    T.inVocab(head.i, V_TYPES_BEFORE) &&
    !titleBefore(T, head.i, V_HONORIFICS) && cueBefore(T, head.i).person < W.cueStrong && !surnameLabelBefore(T, head.i)
  ) {
    return;
  }
  // `avenida Eduardo Dato`, `glorieta de Juan XXIII`, `las estaciones Puerta Jerez`: a street type
  // or a station word in lower case right before (a particle or two between): named after someone.
  if (lowerPlaceTypeBefore(T, parts[0].i)) return;
  // `Thomas and Sons`, `Smith & Co`: a firm.
  if ((T.is(after, '&') || T.inVocab(after, V_AND)) && T.cap(after + 1) && T.inVocab(after + 1, V_ORG)) return;
  // `Marks And Spencer`: a capitalised function word right before marks a title-case name.
  const before = parts[0].i - 1;
  if (!mostlyUpper && T.cap(before) && !T.nl(parts[0].i) && T.inVocab(before, V_STOP) && !sentenceStart(T, before)) return;
  // Multi-word places (`New Zealand`, `Porto Alegre`) mark their words as places.
  const firsts = PLACE_FIRST_WORDS;
  for (let a = 0; a + 1 < n; a++) {
    if (!T.inVocab(parts[a].i, firsts)) continue;
    let phrase = T.lower(parts[a].i);
    for (let b = a + 1; b < Math.min(n, a + 4); b++) {
      phrase += ` ${T.lower(parts[b].i)}`;
      if ((listsOf(phrase) & IN_PLACES) !== 0) for (let c = a; c <= b; c++) parts[c].cls = 'P';
    }
  }
  // `Dear Florence`, `says Izumi.`: a lone place name right after a strong person cue is a name;
  // not after a verb of saying when a clause goes on after it (`said Beijing opposed the plan`):
  // the capital speaks for its government.
  if (n === 1 && parts[0].cls === 'P') {
    const k = parts[0].i;
    const cue = cueBefore(T, k);
    if ((cue.person >= W.cueStrong && !cue.place && !sayingClause(T, k)) || figuresEntry(T, k, k) || cricketCue(T, k, k)) parts[0].cls = 'A';
  } else if (n === 1 && parts[0].cls === 'A' && sayingClause(T, parts[0].i) && (listsOf(T.lower(parts[0].i)) & IN_PLACES) !== 0) {
    // So does a place that is also a name (`said Israel was stalling`, `said Washington expected`).
    return;
  }
  // `Kiyoshi Ueda (Japan)`, `Ana Soria (Spain)`: a surname that is also a place, after a name, before a country in brackets.
  if (n >= 2 && parts[n - 1].cls === 'P' && NAME_PART.has(parts[n - 2].cls) && countryAfter(T, parts[n - 1].i)) parts[n - 1].cls = 'A';
  // After an honorific or `my name is`, the first word is a name whatever it is.
  // So is a lone word that fills a given name's field (`Nombre: Encarnación.`, `Nombre: Dolores`).
  if ((parts[0].cls === 'C' || parts[0].cls === 'P' || parts[0].cls === 'U') && (nameIntroduced(T, parts[0].i) || (n === 1 && parts[0].cls !== 'P' && givenLabelField(T, parts[0].i, parts[0].i)))) {
    parts[0].cls = 'A';
  }
  // `President Xi Jinping`, `Prime Minister Dick Schoof`, `Dutchman Jos Verstappen`: right after a
  // title of office or a role of news copy, a first word that is also an ordinary word or a place
  // starts the name when a name-like word follows it (`Minister Health Secretary` has none); so
  // does a Chinese surname before a given name in pinyin (`and Xi Jinping`).
  if (!mostlyUpper) {
    for (let m = 0; m + 1 < n; m++) {
      const cls = parts[m].cls;
      if ((cls === 'C' || cls === 'P') && NAME_PART.has(parts[m + 1].cls) && (officeRightBefore(T, parts[m].i) || (cls === 'C' && chineseName(T, parts[m].i)))) parts[m].cls = 'A';
    }
  }
  // `Attorney General Merrick Garland`, `Director-General Tedros Adhanom`: a title of office or a
  // news role in the run's first words, before a name's word, is the office, not the name.
  for (let m = 0; m + 1 < n && !mostlyUpper; m++) {
    const p = parts[m];
    if (p.cls === 'C' || p.cls === 'O') continue;
    if (!NAME_PART.has(parts[m + 1].cls) || !(T.inVocab(p.i, V_TITLES) || T.inVocab(p.i, V_NEWS_ROLES))) break;
    p.cls = 'C';
  }
  // `Guy Forget (France) beat`, `beat Stich (Germany) 6-2 6-1`, `J. Crawley c Taylor b Warne 12`:
  // in a draw's line or a scorecard the words are the player's, ordinary words and places too.
  let ordinary = false;
  for (let m = 0; m < n && !ordinary; m++) ordinary = parts[m].cls === 'C' || parts[m].cls === 'P';
  if (ordinary && !mostlyUpper && playerEntry(T, parts[0].i, parts[n - 1].i)) {
    for (let m = 0; m < n; m++) if (parts[m].cls === 'C' || parts[m].cls === 'P') parts[m].cls = 'A';
  }
  // Ordinary words and places split the run; each piece `[from, to)`, without particles and
  // initials at its ends (particles only at its start), is scored when a word is left.
  let prevSplit: Part | undefined;
  let from = 0;
  for (let j = 0; j <= n; j++) {
    const split = j < n ? parts[j] : undefined;
    if (split && split.cls !== 'C' && split.cls !== 'P') continue;
    let to = j;
    while (to > from && (parts[to - 1].cls === 'p' || parts[to - 1].cls === 'I')) to--;
    while (from < to && parts[from].cls === 'p') from++;
    for (let m = from; m < to; m++) {
      if (parts[m].cls !== 'I' && parts[m].cls !== 'p') {
        scoreSub(T, parts, from, to, prevSplit, split, out);
        break;
      }
    }
    if (split) prevSplit = split;
    from = j + 1;
  }
}

/**
 * `14 - Ronaldo ( Barcelona ) 12 - Davor Suker ( Real Madrid ) , Meho Kodro ( Tenerife )`,
 * `Centres : Will Carling ( Harlequins ) , Jeremy Guscott ( Bath )`: an entry of a list of players
 * with their clubs. Before the name: a count and a dash, the previous entry's bracket and a comma,
 * or a label's colon; after it, one to three capitalised words in brackets (not all in capitals:
 * `Vodafone ( VOD )` is a ticker), then a comma, a semicolon, a full stop, a number or the line's end.
 */
function clubEntry(T: Tokens, first: number, last: number): boolean {
  const b = first - 1;
  if (T.nl(first) || !T.isPunct(b)) return false;
  const opened = (T.is(b, '-') && T.isNum(b - 1) && !T.nl(b)) || (T.is(b, ',') && T.is(b - 1, ')') && !T.nl(b)) || (T.is(b, ':') && T.isWord(b - 1) && !T.nl(b));
  if (!opened) return false;
  let k = last + 2;
  let lower = false;
  for (; k <= last + 4 && T.isWord(k) && T.cap(k) && !T.nl(k); k++) if (!T.upper(k)) lower = true;
  if (!lower || !T.is(k, ')') || T.nl(k)) return false;
  const n = k + 1;
  return !T.has(n) || T.nl(n) || T.isIn(n, LIST_ENDS) || T.isNum(n);
}
/** The candidate ending at `last` (or the capitalised word `nw` after it) is a place, and `)` follows. */
function bracketedClub(T: Tokens, last: number, nw: number): boolean {
  const end = T.isWord(nw) && T.cap(nw) && !T.nl(nw) ? nw : last;
  return T.is(end + 1, ')') && (listsOf(T.lower(end)) & IN_PLACES) !== 0;
}

/** A player's entry around the run `[first, last]`: a draw's line, a batsman's or bowler's line of a scorecard. */
function playerEntry(T: Tokens, first: number, last: number): boolean {
  const n = last + 1;
  if (T.nl(n)) return cricketCue(T, first, last);
  if (T.is(n, '(')) return drawEntry(T, first, last);
  if (T.isNum(n)) return bowlingFigures(T, n) || cricketCue(T, first, last);
  return T.isWord(n) && !T.cap(n) && batsmanEntry(T, n);
}

/** Scores the parts `[from, to)` of a run (`before` and `after`: the ordinary words or places that split it there). */
function scoreSub(T: Tokens, parts: Part[], from: number, to: number, before: Part | undefined, after: Part | undefined, out: Candidate[]): void {
  const mostlyUpper = T.mostlyUpper;
  const head = parts[from];
  const first = head.i;
  const last = parts[to - 1].i;
  // Street and place words around it: `Alexander Place`, `Port Moresby`, `St Albans`.
  const at = after ? after.i : last + 1;
  if (!T.nl(at) && T.gap[at] > 0 && T.inVocab(at, V_GEO_AFTER) && (T.cap(at) || T.lower(at) === 'street')) return;
  const bt = before ? before.i : first - 1;
  if (T.cap(bt) && !T.nl(first) && T.inVocab(bt, V_GEO_BEFORE)) return;
  // `St. Louis`, `Mt. Vernon`: the same word abbreviated.
  if (T.is(first - 1, '.') && T.cap(first - 2) && !T.nl(first) && !T.nl(first - 1) && T.inVocab(first - 2, V_GEO_BEFORE)) return;
  if (firmNamedAfterPeople(T, first)) return;
  // `HMS Duncan`, `USS Nimitz`, `MV Derbyshire`: a ship's prefix in capitals right before.
  if (first > 0 && !T.nl(first) && T.upper(first - 1) && T.inVocab(first - 1, V_SHIP_PREFIXES)) return;
  if (eponym(T, first) || orgOf(T, first) || placeLabelBefore(T, first) || postcodeBefore(T, first)) return;
  if (eponymHead(T, first, last) || venueBefore(T, first)) return;
  // `NºCol: 28 28 20192`, `NºCol 414112345`: a one-word label before its number (not a known
  // name that a title or a cue introduces, `dottoressa Marchetti: 06 8841 2290`).
  if (
    first === last &&
    ((!head.given && T.is(last + 1, ':') && T.isNum(last + 2) && !T.nl(last + 2)) ||
      (head.cls === 'U' && T.isNum(last + 1) && T.len(last + 1) >= 5 && !T.nl(last + 1))) &&
    !titleBefore(T, first, V_HONORIFICS) &&
    !(head.cls !== 'U' && cueBefore(T, first).person >= W.cueStrong)
  ) {
    return;
  }
  // `Johnson & Johnson`, `Procter & Gamble`: capitalised words joined by `&` name a firm.
  if ((T.is(last + 1, '&') && T.cap(last + 2) && !T.nl(last + 2)) || (T.is(first - 1, '&') && T.cap(first - 2) && !T.nl(first - 1))) return;
  let nN = 0;
  let nM = 0;
  let nA = 0;
  let nU = 0;
  let initials = 0;
  let hyphen = false;
  let givenName = false;
  let only: Part | undefined;
  let allCapitals = true;
  for (let m = from; m < to; m++) {
    const p = parts[m];
    if (p.given && p.cls === 'N') givenName = true;
    if (p.cls !== 'I' && p.cls !== 'p') {
      only ??= p;
      if (allCapitals && !T.upper(p.i)) allCapitals = false;
    }
    if (p.cls === 'N') nN++;
    else if (p.cls === 'M') nM++;
    else if (p.cls === 'A') nA++;
    else if (p.cls === 'U') nU++;
    else if (p.cls === 'I') initials++;
    if (p.cls !== 'I' && p.cls !== 'p' && !hyphen) hyphen = hasHyphen(T, p.i);
  }
  const givenFirst = head.given && head.cls === 'N';
  const words = nN + nM + nA + nU;
  // `Le`, `De`, `Van` alone: a particle (or the Italian and French pronoun) is no name by itself.
  if (words === 1 && T.inVocab(only!.i, V_PARTICLES)) return;
  // `c Pant b Bumrah 91`, `Bowling: Siraj 20-3-80-2`: a cricket scorecard's fielder, bowler or bowling figures.
  if (words !== 1) only = undefined;
  const news = newsCopy(T, parts, from, to, words, only);
  if (news === NEWS_THING) return;
  // `P Galvin 1-2`, `M. McHugh 0-6 (3f)`: an initialled name and its score (goals-points, a
  // results table's figures) is a scorer, not a product and its version.
  const cricket = news === NEWS_SCORECARD || (initials > 0 && scoreAfter(T, last + 1));
  // `Python 3`: a version; kept below the threshold, where only a sure name's later mention
  // (`Pen: Crowley 2` after `Jack Crowley`) can raise it.
  const version = !cricket && versionAfter(T, last, givenName);
  // Only in a list's entry (the digit before punctuation: `Crowley 2.`, `Crowley 2;`); `Python 3 and` goes at once.
  if (version && (!T.isPunct(last + 2) || T.nl(last + 2))) return;
  if (only) {
    const wordBefore = prevWord(T, first, 0);
    // `met German Chancellor X`: a nationality before a title of office.
    if (T.cap(last + 1) && !T.nl(last + 1) && T.inVocab(last + 1, V_TITLES) && (listsOf(T.lower(first)) & IN_DEMONYMS) !== 0) return;
    // `The Duke and Duchess of Sussex`: a title of nobility or office alone.
    if (T.inVocab(first, V_TITLES) && ((wordBefore >= 0 && T.lower(wordBefore) === 'the') || (T.isWord(last + 1) && T.lower(last + 1) === 'of'))) return;
    // One word after `an`, `every`, `each` (`won an Oscar`): a thing, not a person (`the Johnson
    // novel` names a person).
    if (T.inVocab(wordBefore, V_THING_DETERMINERS) && !T.cap(wordBefore) && !titleBefore(T, first, V_HONORIFICS)) return;
    // `Anthropic's Claude`, `Gemini and Claude`: a given name (or an unknown word) after a brand's
    // possessive or listed with a brand is a product (`Tesla's Musk` keeps a surname).
    if ((only.given || only.cls === 'U') && brandAround(T, first, only.given)) return;
  }
  // `Martha's Law`, `Hartley's Foundation`: a name in the name of a thing; `Parkinson's disease`.
  if (T.poss(last) && !T.nl(last + 1) && ((T.cap(last + 1) && (T.inVocab(last + 1, V_EPONYM_AFTER) || T.inVocab(last + 1, V_ORG))) || T.inVocab(last + 1, V_EPONYM_DISEASE))) return;
  let score: number;
  if (words >= 2) {
    if (nN + nM >= 1) score = W.multiKnown;
    else if (nA >= 1 && nU >= 1) score = W.multiAmbiguous;
    else if (nU >= 2) score = W.multiUnknown;
    else score = W.multiOther;
    if (initials) score += W.multiInitials;
  } else if (only!.cls === 'N') {
    score = only!.given ? W.oneGiven : W.oneSurname;
    if (initials) score += W.oneInitials;
  } else if (only!.cls === 'M') {
    score = W.oneSuffixed + (initials ? W.oneInitials : 0);
  } else {
    score = W.oneUnknown + (initials ? W.oneInitials : 0);
  }
  // (In a scorecard a hyphenated word is a surname: `Gillespie-Moore 10-2-34-3`.)
  if (words === 1 && hyphen && news !== NEWS_SCORECARD) score -= W.oneHyphen;
  // Capitals inside ordinary text: a heading or a code rather than a name.
  if (!mostlyUpper && allCapitals) score -= W.allCapitals;
  if (sentenceStart(T, first) && !mostlyUpper && (head.cls === 'U' || head.cls === 'A')) score -= W.sentenceStart;
  const cues = cueBefore(T, first);
  const honorific = titleBefore(T, first, V_HONORIFICS);
  // A title of office (`Princess`, `General`) introduces a name, not an ordinary word (`Princess Royal`).
  const officeOnly = nN + nM + nU === 0 && titleBefore(T, first, V_TITLES) && !honorific;
  score += officeOnly ? 0 : cues.person;
  // `grew up in Shelby Park`: a place cue and a street or landscape word at the end; `in Little
  // Barford`, `near Great Ayton`: one before a place word at the start.
  if (cues.place && words >= 2 && (T.inVocab(last, V_GEO_AFTER) || (cues.place >= W.placeCue && T.inVocab(first, V_GEO_BEFORE)))) return;
  if (orgCueBefore(T, first) && nN + nA === 0) return;
  // `Lake Victoria`, `North Cotswolds`, `Rose Hill`: words that are names only as ordinary words
  // or places, led by a place word or ending in a landscape or street word, with no cue: a place
  // (kept below the threshold, where a list or a later mention may still raise it: `Faith Hill and Damon Hill`).
  const placeLike = words >= 2 && nN + nM === 0 && !honorific && cues.person === 0 && placeWordAtEnds(T, first, last);
  if (cues.place) {
    if (words === 1) {
      // `at Gary:`, `from Maria`: a known given name resists a weak place cue, not a motion one.
      const weak = cues.place < W.placeCue && !cues.motion;
      score -= only!.cls === 'N' && only!.given && weak ? 0 : cues.place;
    } else if (nN + nM + nA === 0) {
      score -= cues.place;
    }
  }
  const cuesAfter = cueAfter(T, last, first);
  score += cuesAfter;
  if (placeLike && cuesAfter === 0) score = Math.min(score, W.listMin);
  const mailbox = mailboxAfter(T, last);
  if (mailbox) score += W.mailbox;
  if (words >= 2 && wholeLine(T, first, last)) score += W.wholeLine;
  // `Elizabeth: ...`: a speaker at a line start; an unknown word only in a dialogue (`Refill:` is a label).
  if (speakerLabel(T, first, last) && !FORM_LABELS.has(T.lower(first)) && (nN || nM || ((nU || nA) && dialogue(T)))) score += W.speaker;
  if (vocative(T, first, last)) score += W.vocative;
  const introduced = nameIntroduced(T, first, honorific) || surnameLabelBefore(T, first) || givenLabelField(T, first, last);
  if (honorific || (givenFirst && words >= 2 && introduced)) {
    score = Math.max(score, W.introducedFloor);
  } else if (introduced) {
    score = Math.max(score, W.namedFloor);
  }
  const unknown = nN + nM + nA === 0;
  // A place no name list knows alone (`said Beijing`, `Writers of America`): a person only when introduced.
  if (only && !honorific && !introduced && placeAlone(T, only, first)) return;
  // In code, capitalised words no list knows are identifiers (`Codec APIs`, `Async Iterable`) unless a cue introduces them.
  // (A chat export's brackets look like code: its speakers after a time stamp are not identifiers.)
  // The cheap tests first: the chat stamp and the two per-text flags (WeakMap lookups) only for an unknown word no cue introduced.
  if (unknown && cues.person < W.cueStrong && !cricket && !mailbox && !introduced && !honorific && !chatSpeaker(T, first, last) && technical(T)) score -= W.technical;
  // Far below the threshold: neither a list nor a repeated mention could raise it.
  if (news >= NEWS_SCORECARD) score += W.cueStrong;
  if (version) score = Math.min(score, W.keep);
  // Names in capitals where news puts them: a byline (`By AISHA WAMBUI NJOROGE`) and the speakers of
  // a Q&A (`HALLORAN: ...`, `ADEBAYO-WRIGHT: ...`, each label at several line starts).
  if (allCapitals && !mostlyUpper && score < W.namedFloor && capitalsName(T, first, last, words)) score = W.namedFloor;
  if (score >= W.keep) out.push({ first, last, score, unknown });
}

const V_EPONYM = new Vocab(EPONYM_CUES);
/** Prefixes of ships' names (`HMS`, `USS`, `RMS`, `MV`): the name after one is the ship's. */
const V_SHIP_PREFIXES = new Vocab(new Set(['hms', 'hmas', 'hmcs', 'hmnzs', 'uss', 'usns', 'rms', 'mv', 'ss', 'rv', 'ins']));
/** Capitalised words after a name that make it the name of a prize or a trophy (`Ryder Cup`), not a surname (`Law`, `Day`). */
const V_PRIZES = new Vocab(new Set(['prize', 'prizes', 'award', 'awards', 'medal', 'cup', 'trophy', 'shield', 'plate', 'stakes']));
/** Capitalised words after a name's `'s` that make it the name of a thing (`Martha's Law`). */
const V_EPONYM_AFTER = new Vocab(new Set(['law', 'act', 'bill', 'rule', 'prize', 'award', 'medal', 'cup', 'trophy', 'day', 'disease', 'syndrome', 'vineyard', 'island']));
/** Verbs of saying, after which a lone place is the capital speaking for its government (`said Beijing`). */
const V_SAYING = new Vocab(SAYING_VERBS);
/** English determiners before a single capitalised word that make it a thing (`an Oscar`); not `a` (Portuguese `a Maria`) nor `the`. */
const V_THING_DETERMINERS = new Vocab(new Set(['an', 'every', 'each', 'its', 'their']));
/** Lower-case nouns after a name's `'s` that make it an eponymous disease (`Parkinson's disease`). */
const V_EPONYM_DISEASE = new Vocab(new Set(['disease', 'syndrome', 'palsy', 'sarcoma', 'lymphoma', 'ataxia', 'chorea']));
/** Nouns after `the X` that make one word X the person whose office, work or family it is (`the Jensen novel`). */
const CREATOR_HEADS = 'administration presidency premiership era campaign family estate legacy memoirs biography biopic novel novels film films movie song songs album play version'.split(' ');
const V_CREATOR_HEADS = new Vocab(new Set(CREATOR_HEADS));
/**
 * Lower-case nouns after `the X` that make X a person (`the Reagan administration`, `the Kennedy
 * assassination`), the creator heads among them; other nouns make it a thing (`the Abbey stage`,
 * `the Elizabeth line`).
 */
const V_PERSON_HEADS = new Vocab(new Set([
  ...CREATOR_HEADS,
  ...('government cabinet years household children brothers sisters twins couple camp team regime doctrine assassination killing ' +
    'murder death trial case verdict inquiry affair scandal impeachment interview speech').split(' '),
]));
const V_THE = new Vocab(new Set(['the']));
/** Words before a candidate that some rule of news copy reads (`the`, `of`/`for`, `at`/`with`, a scorecard's `b`, `c`, `st`). */
const V_RULE_BEFORE = new Vocab(new Set(['the', 'of', 'for', 'at', 'with', 'b', 'c', 'st']));

/**
 * `the White House`, `the Albert Hall`, `the Denver Nuggets`, `the Ryder Cup`, `the Abbey stage`:
 * in English a name right after `the` names a thing (a building, a team, an award, a line), not a
 * person, unless a noun of a person's follows (`the Reagan administration`) or a surname stands
 * alone before a lower-case noun (`the Johnson novel`).
 */
function theThing(T: Tokens, parts: Part[], from: number, to: number, words: number, only: Part | undefined): boolean {
  let first = parts[from].i;
  const end = parts[to - 1];
  const last = end.i;
  // `The Tampa Bay Buccaneers`, `the New York Knicks`: over the place the name starts with.
  for (let m = from - 1; m >= 0 && parts[m].cls === 'P' && parts[m].i === first - 1; m--) first = parts[m].i;
  const d = first - 1;
  if (!T.isWord(d) || T.nl(first) || !T.inVocab(d, V_THE)) return false;
  const n = last + 1;
  // A capitalised word after it (`the Ryder Cup`, `the George Medal`) finishes the thing's name,
  // unless a work follows both (`The Steffen Mauer version`: given name and surname).
  if (T.isWord(n) && !T.nl(n) && T.gap[n] > 0 && T.cap(n)) return !(T.isWord(n + 1) && !T.nl(n + 1) && !T.cap(n + 1) && T.inVocab(n + 1, V_CREATOR_HEADS));
  if (words >= 2 || first < parts[from].i) {
    // Ended by an ordinary word (`the White House`, `the Albert Hall`) or a plural (`the Denver
    // Nuggets`), not by a name (`the Steffen Mauer version`).
    return end.cls === 'A' || end.cls === 'C' || (end.cls === 'U' && T.textOf(last).endsWith('s'));
  }
  if (!only || T.poss(last) || (T.isWord(n) && !T.nl(n) && T.inVocab(n, V_PERSON_HEADS))) return false;
  // One unknown word (`the Kremlin said`, `the Pentagon`) or one given name that is no surname
  // (`the Abbey stage`), not before a person's noun (`the Reagan administration`).
  if (only.cls === 'U') return true;
  const bits = listsOf(T.lower(first));
  return (bits & IN_GIVEN) !== 0 && (bits & IN_SURNAMES) === 0;
}

const NEWS_NONE = 0;
/** Not a person: a thing, a body or a team (`the White House`, `Benfica president`). */
const NEWS_THING = 1;
/** A cricket scorecard or a summary of figures: a strong cue. */
const NEWS_SCORECARD = 2;
/** A person's noun after `the X` (`the Trump administration`): a strong cue. */
const NEWS_HEAD = 3;

/**
 * The rules of news copy for the candidate `parts[from, to)` (`only`: its one word), kept out of
 * scoreSub (whose size decides what V8 inlines there). They look at the word or the punctuation
 * right before it and the word right after it: one lookup each tells which can apply (most
 * candidates: none).
 */
function newsCopy(T: Tokens, parts: Part[], from: number, to: number, words: number, only: Part | undefined): number {
  const first = parts[from].i;
  const last = parts[to - 1].i;
  const pw = first - 1;
  const wordBefore = T.isWord(pw) && !T.nl(first) && T.inVocab(pw, V_RULE_BEFORE);
  const punctBefore = T.isPunct(pw) && !T.nl(first);
  const nw = last + 1;
  if ((wordBefore || (from > 0 && parts[from - 1].cls === 'P')) && theThing(T, parts, from, to, words, only)) return NEWS_THING;
  // `Ryder Cup`, `Pulitzer Prize`, `the Lev Yashin Trophy`: a name before a capitalised prize or cup names the prize.
  if ((T.cap(nw) && !T.nl(nw) && T.inVocab(nw, V_PRIZES)) || (words >= 2 && T.inVocab(last, V_PRIZES))) return NEWS_THING;
  if (T.isWord(nw) && !T.nl(nw) && T.inVocab(nw, V_RULE_AFTER) && (roleModifier(T, last) || pluralVerbAfter(T, first, last))) return NEWS_THING;
  if (wordBefore && (employerAfterRole(T, first) || (only && titledLink(T, first)))) return NEWS_THING;
  if (punctBefore && (bracketedPlace(T, first, last, only) || (only && afterBracketedPlace(T, first)))) return NEWS_THING;
  if (!T.nl(nw) && (T.is(nw, '(') || T.poss(last) || T.cap(nw)) && runnerEntry(T, nw)) return NEWS_THING;
  if (T.isNum(nw) && (setScores(T, nw) || minuteMark(T, nw) || scorerEntry(T, first, nw) || scorersLine(T, first, nw))) return NEWS_SCORECARD;
  // (Without figures only an entry of the list: right after its `(` or `,`.)
  if (T.isIn(nw, ENTRY_ENDS) && T.isIn(pw, ENTRY_LINKS_OPEN) && !T.nl(nw) && !T.nl(first) && scorerEntry(T, first, nw)) return NEWS_SCORECARD;
  if (T.isWord(nw) && !T.cap(nw) && !T.nl(nw) && batsmanEntry(T, nw)) return NEWS_SCORECARD;
  if (teamScore(T, nw)) return NEWS_THING;
  if (T.is(nw, '(') && (drawEntry(T, first, last) || clubEntry(T, first, last))) return NEWS_SCORECARD;
  // `( Atletico Madrid )` in such a list: words ending in a place, alone in brackets, name the club
  // (not after a given name: `(Anna Crawley)`).
  if (T.is(pw, '(') && !T.nl(first) && !parts[from].given && bracketedClub(T, last, nw)) return NEWS_THING;
  if (!only) return NEWS_NONE;
  if ((wordBefore && cricketCue(T, first, last)) || (punctBefore && figuresEntry(T, first, last)) || (T.isNum(nw) && bowlingFigures(T, nw))) return NEWS_SCORECARD;
  return wordBefore && personHeadAfterThe(T, first, last) ? NEWS_HEAD : NEWS_NONE;
}

/** `the Trump administration`, `the Jensen novel`, `the Mauer version`: one capitalised word between `the` and a person's noun (not a plural: `the Beatles song`). */
function personHeadAfterThe(T: Tokens, first: number, last: number): boolean {
  const d = first - 1;
  const n = last + 1;
  if (!T.isWord(d) || T.nl(first) || !T.inVocab(d, V_THE) || !T.isWord(n) || T.nl(n) || T.cap(n) || T.poss(last)) return false;
  return T.inVocab(n, V_CREATOR_HEADS) && !T.textOf(last).endsWith('s');
}

/** Roles of news copy and appositives, with the office words both lists below add. */
const ROLES = [...NEWS_ROLES, ...APPOSITIVE_ROLES, 'executive', 'official'];
/** Role words after which a capitalised name follows in news copy. */
const MODIFIED_ROLES = new Set([...ROLES, 'boss', 'owner', 'mp', 'mep', 'msp', 'td', 'mla']);
const V_MODIFIED_ROLES = new Vocab(MODIFIED_ROLES);
/** Roles after which `at` or `with` names an employer (`an analyst at Piper Hollis`). */
const V_EMPLOYED_ROLES = new Vocab(new Set([
  ...ROLES, 'researcher', 'scientist', 'fellow', 'lecturer', 'engineer', 'consultant',
  'trader', 'broker', 'banker', 'adviser', 'advisor', 'officer', 'professor', 'partner', 'economists', 'analysts', 'strategists',
]));

/** `an analyst at Piper Hollis`, `chief economist at Capital Economics`: the employer after a role and `at` or `with`. */
function employerAfterRole(T: Tokens, first: number): boolean {
  const a = first - 1;
  if (!T.isWord(a) || T.nl(first) || T.cap(a) || !(T.lower(a) === 'at' || T.lower(a) === 'with')) return false;
  const r = a - 1;
  return T.isWord(r) && !T.nl(a) && !T.cap(r) && T.inVocab(r, V_EMPLOYED_ROLES);
}

/**
 * `the Minister for Justice`, `Transport for London`, `the Grand Slam of Darts`: one word after
 * `for` or `of` that follows a capitalised ordinary word or title ends the name of an office,
 * body or event.
 */
function titledLink(T: Tokens, first: number): boolean {
  const l = first - 1;
  if (!T.isWord(l) || T.nl(first) || T.cap(l) || !(T.lower(l) === 'of' || T.lower(l) === 'for')) return false;
  const h = l - 1;
  if (!T.isWord(h) || T.nl(l) || !T.cap(h) || T.upper(h)) return false;
  if (T.inVocab(h, V_TITLES)) return true;
  const bits = listsOf(T.lower(h));
  return (bits & (IN_COMMON | IN_ORG)) !== 0 && (bits & (IN_GIVEN | IN_SURNAMES)) === 0;
}

/** `Lando Norris (Britain) McLaren +1.423`: a word right after a bracketed country in a results list is the team. */
function afterBracketedPlace(T: Tokens, first: number): boolean {
  if (!T.is(first - 1, ')') || T.nl(first)) return false;
  if (T.is(first - 3, '(') && !T.nl(first - 2) && countryCode(T, first - 2)) return true;
  let k = first - 2;
  let place = false;
  for (let n = 0; n < 3 && T.isWord(k) && T.cap(k) && !T.nl(k + 1); n++, k--) if ((listsOf(T.lower(k)) & (IN_PLACES | IN_DEMONYMS)) !== 0) place = true;
  return place && T.is(k, '(');
}

/**
 * `Benfica president Rui Costa`, `Garda Commissioner Drew Harris`, `Rockwell Collins executive
 * Kelly Ortberg`: a name-like word right before a role that a name follows is the team, firm or
 * body the role belongs to (not after `'s`: `Smith's lawyer Jones`).
 */
function roleModifier(T: Tokens, last: number): boolean {
  const r = last + 1;
  if (T.poss(last) || !T.isWord(r) || T.nl(r) || T.gap[r] === 0 || !T.inVocab(r, V_MODIFIED_ROLES)) return false;
  const n = r + 1;
  return T.isWord(n) && !T.nl(n) && T.gap[n] > 0 && T.cap(n) && !T.inVocab(n, V_STOP);
}

const PLURAL_VERBS = ['have', 'are', 'were'];
const V_PLURAL_VERBS = new Vocab(new Set(PLURAL_VERBS));
/** Words after a candidate that some rule of news copy reads (a role, a plural verb). */
const V_RULE_AFTER = new Vocab(new Set([...MODIFIED_ROLES, ...PLURAL_VERBS]));

/**
 * `Hibernian have appointed`, `Celtic are top`: a sentence's subject that takes a plural verb in
 * British copy is a team or a body, not a person (`The verses of X are` has another subject).
 */
function pluralVerbAfter(T: Tokens, first: number, last: number): boolean {
  const v = last + 1;
  return T.isWord(v) && !T.nl(v) && T.gap[v] > 0 && T.inVocab(v, V_PLURAL_VERBS) && sentenceStart(T, first) && !T.is(first - 1, ',');
}

/** `Arthur Fils (France)`: a place that is also a given name, alone in brackets. */
function bracketedPlace(T: Tokens, first: number, last: number, only: Part | undefined): boolean {
  if (!only || only.cls !== 'A' || !T.is(first - 1, '(') || !T.is(last + 1, ')')) return false;
  return (listsOf(T.lower(first)) & IN_PLACES) !== 0;
}

/**
 * One entry of a bracketed summary of scorers or figures, entries parted by `;` (`(Jaiswal 209;
 * Anderson 3-47)`, `(Crawley 76; Bumrah 6-45)`): the word after `(` or `;`, then its figures, then
 * `;` or `)`, with a `;` on one side.
 */
function figuresEntry(T: Tokens, first: number, last: number): boolean {
  const p = first - 1;
  if (T.nl(first) || !(T.is(p, '(') || T.is(p, ';'))) return false;
  let k = last + 1;
  if (!T.isNum(k) || T.nl(k)) return false;
  if (T.is(k + 1, '-') && T.gap[k + 1] === 0 && T.isNum(k + 2) && T.gap[k + 2] === 0) k += 2;
  const e = k + 1;
  // The entry before ends in its figures (`76; Bumrah`), not in a unit (`Hb 14.1 g/dl; Hto 41;`);
  // the first entry is followed by another (`(Jaiswal 209; Anderson`).
  if (T.is(p, ';')) return (T.is(e, ';') || T.is(e, ')')) && T.isNum(p - 1);
  return T.is(e, ';') && T.isWord(e + 1) && T.cap(e + 1) && !T.nl(e + 1);
}

/**
 * A cricket scorecard around the one word `[first, last]`: the bowler after `b` (`c Pant b
 * Bumrah 91`, `lbw b Jadeja 44`, `c & b Siraj 8`) or the fielder between `c` or `st` and `b`.
 */
function cricketCue(T: Tokens, first: number, last: number): boolean {
  const p = first - 1;
  const n = last + 1;
  if (T.isWord(p) && !T.nl(first) && T.len(p) <= 2 && !T.cap(p)) {
    // The letters by code: no string is made for the short words before most candidates (`of`, `to`).
    const c = T.code(p);
    const w = T.len(p) === 1 ? (c === 98 ? 'b' : c === 99 ? 'c' : '') : c === 115 && T.lower(p) === 'st' ? 'st' : '';
    if (w === 'b' && T.isNum(n) && !T.nl(n)) {
      const q = p - 1;
      return !T.nl(p) && (T.is(q, '&') || (T.isWord(q) && (T.cap(q) || T.lower(q) === 'lbw')));
    }
    if ((w === 'c' || w === 'st') && T.isWord(n) && !T.nl(n) && T.len(n) === 1 && T.code(n) === 98) return !T.nl(p) && T.isWord(p - 1) && T.cap(p - 1);
  }
  return false;
}

/** Two set scores from token `n` (`Agassi 6-4 6-3`, `7-6(5) 6-2`): a tennis result after the loser's or winner's name. */
function setScores(T: Tokens, n: number): boolean {
  if (!setScore(T, n)) return false;
  let k = n + 3;
  // A tie-break in brackets after the first set (`7-6(5)`).
  if (T.is(k, '(') && T.gap[k] === 0 && T.isNum(k + 1) && T.is(k + 2, ')')) k += 3;
  return !T.nl(k) && T.gap[k] > 0 && setScore(T, k);
}

/** One set's score at token `k`: two one-digit numbers joined by a hyphen, one of them 6 or 7 (`6-4`, `7-6`, not `1-2`). */
function setScore(T: Tokens, k: number): boolean {
  if (!T.isNum(k) || T.len(k) !== 1 || !T.is(k + 1, '-') || T.gap[k + 1] !== 0 || !T.isNum(k + 2) || T.gap[k + 2] !== 0 || T.len(k + 2) !== 1) return false;
  const a = T.code(k);
  const b = T.code(k + 2);
  return a === 54 || a === 55 || b === 54 || b === 55;
}

const V_BRANDS = new Vocab(BRANDS);

/**
 * A brand around the one word at `k`: its possessive right before (`Anthropic's Claude`), or a brand
 * joined to it by `and`, `or`, `&` or a comma (`Gemini and Claude`, `Claude, Copilot`).
 */
function brandAround(T: Tokens, k: number, given: boolean): boolean {
  const p = k - 1;
  // After the possessive only a given name (`Tesla's Musk said` names its chief).
  if (given && T.isWord(p) && !T.nl(k) && T.poss(p) && T.cap(p) && T.inVocab(p, V_BRANDS)) return true;
  // A brand after it only when the list ends there (`Claude and Gemini.`; not `Anna and Google staff`).
  return (p >= 1 && !T.nl(k) && joinedBrand(T, p, p - 1)) || (joinedBrand(T, k + 1, k + 2) && (!T.has(k + 3) || T.nl(k + 3) || T.isPunct(k + 3)));
}

/** A brand at `other` joined by the link at `link` (`,`, `&`, `and`, `or`) on one line. */
function joinedBrand(T: Tokens, link: number, other: number): boolean {
  if (!T.has(other) || !T.isWord(other) || !T.cap(other) || T.nl(link) || T.nl(other) || !T.inVocab(other, V_BRANDS)) return false;
  return T.is(link, ',') || T.is(link, '&') || T.inVocab(link, V_AND) || (T.len(link) === 2 && T.lower(link) === 'or');
}

/**
 * A racing result's runner (`Sir Gino's Echo (Paddy Brennock) 5-2f`, `Lady Marigold (Harry
 * Cobham) 9-1`): the candidate, at most two more capitalised words, then its rider's name of two
 * or three words in brackets (no place), then the odds.
 */
function runnerEntry(T: Tokens, n: number): boolean {
  let k = n;
  for (let m = 0; m < 2 && T.isWord(k) && T.cap(k) && !T.nl(k); m++) k++;
  if (!T.is(k, '(') || T.nl(k)) return false;
  let words = 0;
  for (k++; words < 3 && T.isWord(k) && T.cap(k) && !T.upper(k) && !T.nl(k); k++, words++) {
    if ((listsOf(T.lower(k)) & (IN_PLACES | IN_DEMONYMS)) !== 0) return false;
  }
  // Odds, not a tennis score (`6-4 6-2` after a country: `Ana Soria (Costa Rica) 6-4 6-2`).
  return words >= 2 && T.is(k, ')') && !T.nl(k + 1) && scoreAfter(T, k + 1) && !setScores(T, k + 1);
}

/** `Finch 63'`, `Thorley 19’`, `Adeyinka 90+2'`: a match minute right after a name (goals, substitutions, bookings). */
function minuteMark(T: Tokens, n: number): boolean {
  if (T.nl(n) || T.len(n) > 3) return false;
  let k = n + 1;
  // Stoppage time (`90+2'`).
  if (T.is(k, '+') && T.gap[k] === 0 && T.isNum(k + 1) && T.gap[k + 1] === 0 && T.len(k + 1) <= 2) k += 2;
  return T.gap[k] === 0 && (T.is(k, "'") || T.is(k, '\u2019'));
}

/** Punctuation of lists of entries (results, line-ups, scorecards), as ASCII sets for `Tokens.isIn`: */
/** ... after a scorer's entry and its minutes (`Kellner 12,`, `Wasiak 65 )`); */
const ENTRY_ENDS = asciiSet(',;)');
/** ... between a bracket's earlier entries (`( Vendtner 12 , Halloway 70`); */
const ENTRY_LINKS = asciiSet(',;');
/** ... right before an entry without figures (`( Yashinov , Alfredsen )`); */
const ENTRY_LINKS_OPEN = asciiSet(',(');
/** ... before an entry starting with an initial (`, I. Bishop 3-40`); */
const LIST_PUNCT = asciiSet(',;(');
/** ... after a player's club in brackets (`( Barcelona ) ,`, `( Detroit ) .`). */
const LIST_ENDS = asciiSet(',;.');

/**
 * `Bayern Munich 3 (Kellner 12, 45, Ostrander 70) Werder Bremen 1`, tokenized wire copy too
 * (`Karlsruhe 3 ( Vendtner 12 , Halloway 70 )`), and an ice-hockey summary's scorers and assists
 * without figures (`Buffalo 4 ( Peca 2 , Zhitnik , Audette ) Ottawa 3`): a scorer in the brackets
 * after a team's score. From token `n`: the minutes or goals (numbers of one to three digits,
 * commas between; none in a summary), then `,`, `;` or `)`; back from the name's first word
 * `first`, over earlier entries on its line, the bracket, opened right after a score of one or
 * two digits.
 */
function scorerEntry(T: Tokens, first: number, n: number): boolean {
  let k = n;
  // Without figures, the team's name must stand before its score (`Ottawa 3 ( Yashin , Alfredsson )`),
  // and a word alone in the brackets is none (`Kane 12 (Villa)`, `March 9 (Reuters)`).
  const bare = !T.isNum(k);
  if (bare && T.is(first - 1, '(') && T.is(k, ')')) return false;
  while (T.isNum(k)) {
    if (T.len(k) > 3 || T.nl(k)) return false;
    k++;
    if (!T.is(k, ',') || !T.isNum(k + 1)) break;
    k++;
  }
  if (T.nl(k) || !T.isIn(k, ENTRY_ENDS)) return false;
  for (let b = first - 1, steps = 0; steps < 40 && T.has(b) && !T.nl(b + 1); b--, steps++) {
    // (The score stands apart: not `TestCPass2(TestPass2, CTest)`.)
    if (T.is(b, '(')) return T.isNum(b - 1) && T.len(b - 1) <= 2 && T.gap[b - 1] > 0 && !T.nl(b) && (!bare || (T.isWord(b - 2) && T.cap(b - 2) && !T.nl(b - 1)));
    if (!T.isWord(b) && !T.isNum(b) && !T.isIn(b, ENTRY_LINKS)) return false;
  }
  return false;
}

const V_SCORERS_LABELS = new Vocab(new Set(['scorers', 'scorer', 'goalscorers', 'goals', 'tries', 'try', 'pens', 'cons']));

/**
 * `Scorers: Arsenal - Wright 23, Bergkamp 56 Derby - Sturridge 12`: a name and its minutes (a
 * number of one to three digits at token `n`) on a line that a scorers' label opened (the label
 * within 40 tokens back, then `:`).
 */
function scorersLine(T: Tokens, first: number, n: number): boolean {
  if (T.len(n) > 3) return false;
  // (Over a team's colon: `Top scorers : Utah : Malone 27`.)
  for (let b = first - 1, steps = 0; steps < 40 && T.has(b) && !T.nl(b + 1); b--, steps++) {
    if (T.is(b, ':') && T.isWord(b - 1) && !T.nl(b) && T.inVocab(b - 1, V_SCORERS_LABELS)) return true;
  }
  return false;
}

const V_DISMISSALS = new Vocab(new Set(['c', 'st', 'lbw', 'b', 'run', 'not', 'retired']));

/**
 * A batsman's line of a cricket scorecard from the lower-case word `n` after the name: `c Healy b
 * Warne 12`, `st Dhoni b Kumble`, `lbw b McGrath 34`, `b Gough 0`, `run out 9`, `not out 45`,
 * `retired hurt 20`.
 */
function batsmanEntry(T: Tokens, n: number): boolean {
  if (T.len(n) > 7 || !T.inVocab(n, V_DISMISSALS)) return false;
  const w = T.lower(n);
  const next = n + 1;
  if (T.nl(next)) return false;
  if (w === 'lbw') return T.isWord(next) && T.lower(next) === 'b';
  // The fielder, then the bowler after `b` (`c Healy b Warne`, `c & b Croft`; not `Moi c Julie`).
  if (w === 'c' || w === 'st') {
    if (T.is(next, '&')) return T.isWord(next + 1) && T.lower(next + 1) === 'b';
    for (let k = next; k < next + 4 && T.isWord(k) && !T.nl(k); k++) if (T.len(k) === 1 && T.code(k) === 98) return k > next;
    return false;
  }
  if (w === 'b') return T.isWord(next) && T.cap(next) && T.isNum(next + 1) && !T.nl(next + 1);
  if (w === 'retired') return T.isWord(next) && T.lower(next) === 'hurt';
  // `run out`, `not out`, then the runs (or the fielder in brackets).
  return T.isWord(next) && T.lower(next) === 'out' && (T.isNum(next + 1) || T.is(next + 1, '(')) && !T.nl(next + 1);
}

/**
 * `Bayer Leverkusen 2 (Wirtz 14, ...)`: from token `n`, after the candidate, at most two more
 * capitalised words, then a score of one or two digits and a bracket with a scorer's name and a
 * minute: the candidate names the team.
 */
function teamScore(T: Tokens, n: number): boolean {
  let k = n;
  for (let m = 0; m < 2 && T.isWord(k) && T.cap(k) && !T.nl(k); m++) k++;
  if (!T.isNum(k) || T.len(k) > 2 || T.nl(k) || !T.is(k + 1, '(') || T.nl(k + 1)) return false;
  const w = k + 2;
  return T.isWord(w) && T.cap(w) && !T.nl(w) && T.isNum(w + 1) && !T.nl(w + 1) && T.len(w + 1) <= 3;
}

/** A score from token `n` on the name's line: two numbers joined by a hyphen without spaces (`0-9`, `1-12`). */
function scoreAfter(T: Tokens, n: number): boolean {
  return T.isNum(n) && !T.nl(n) && T.is(n + 1, '-') && T.gap[n + 1] === 0 && T.isNum(n + 2) && T.gap[n + 2] === 0;
}

/** Bowling figures from token `n`: four numbers joined by hyphens, without spaces (`24-6-71-4`: overs, maidens, runs, wickets). */
function bowlingFigures(T: Tokens, n: number): boolean {
  let k = n;
  for (let m = 0; m < 4; m++, k += 2) {
    // Overs and maidens of one or two digits, runs of up to three, wickets of one or two (not `2024-05-12-0930`).
    if (!T.isNum(k) || T.nl(k) || (m > 0 && T.gap[k] !== 0) || T.len(k) > (m === 2 ? 3 : 2)) return false;
    if (m < 3 && !(T.is(k + 1, '-') && T.gap[k + 1] === 0)) return false;
  }
  return true;
}

/** The first words of FIRMS_NAMED_AFTER_PEOPLE: a pair's string is made only after one. */
const V_FIRM_FIRST = new Vocab(new Set([...FIRMS_NAMED_AFTER_PEOPLE].map((f) => f.slice(0, f.indexOf('_')))));

/** `Morgan Stanley`, `Dow Jones`: the candidate's first word with the word after or before it names a firm. */
function firmNamedAfterPeople(T: Tokens, first: number): boolean {
  // The first word's list is asked once for its two pairs.
  const lead = T.inVocab(first, V_FIRM_FIRST);
  return (lead && firmPair(T, first, first + 1)) || firmPair(T, first - 1, first) || (lead && firmPair(T, first, first + 2)) || firmPair(T, first - 2, first);
}

/**
 * Whether the capitalised words at `a` and `b` name a firm: side by side (`Morgan Stanley`), or
 * joined by `and` or `&` (`Marks and Spencer`, `Procter & Gamble`).
 */
function firmPair(T: Tokens, a: number, b: number): boolean {
  if (!T.inVocab(a, V_FIRM_FIRST) || !T.isWord(b) || T.nl(b) || !T.cap(a) || !T.cap(b)) return false;
  if (b === a + 2 && (T.nl(a + 1) || !(T.is(a + 1, '&') || T.inVocab(a + 1, V_AND)))) return false;
  return FIRMS_NAMED_AFTER_PEOPLE.has(`${T.lower(a)}_${T.lower(b)}`);
}

/**
 * One word that is a place and no given name (`Beijing`), or a place that is also a given name
 * right after `of` (`the people of Georgia`, `Writers of America`).
 */
function placeAlone(T: Tokens, only: Part, first: number): boolean {
  if (only.cls === 'P') return true;
  if (only.cls !== 'A' || (listsOf(T.lower(first)) & IN_PLACES) === 0) return false;
  const k = prevWord(T, first, 0);
  return k >= 0 && T.lower(k) === 'of';
}
const V_PLACE_LABELS = new Vocab(PLACE_LABELS);
const ORG_LINKS = new Set(['de', 'del', 'of', 'di', 'du', 'des', 'da', 'do', 'dos', 'van', 'von', 'für', 'voor', 'dei', 'degli', 'della', 'delle', 'dello', 'der', 'am', 'im', 'zum', 'zur']);
const ARTICLES = new Set(['la', 'las', 'los', 'le', 'les', 'the', 'der', 'die', 'het', 'il', 'lo', 'a', 'o', 'os', 'as']);
// The words before a candidate are asked through hash prefilters: most are no link, and no string is made for them.
const V_ORG_LINKS = new Vocab(ORG_LINKS);
const V_ARTICLES = new Vocab(ARTICLES);

/** `Servicio de Cirugía Oral`, `Universidad de Navarra`, `Department of Surgery`: the rest of an organisation's name. */
function orgOf(T: Tokens, first: number): boolean {
  let k = prevWord(T, first, 0);
  // `Hospital de la Paz`, `Virgen de las Nieves`: an article after the link.
  if (k >= 0 && !T.cap(k) && T.inVocab(k, V_ARTICLES) && T.inVocab(prevWord(T, k, 0), V_ORG_LINKS)) k = prevWord(T, k, 0);
  if (k < 0 || !T.inVocab(k, V_ORG_LINKS)) return false;
  k = prevWord(T, k, 0);
  if (k >= 0 && T.inVocab(k, V_ARTICLES)) k = prevWord(T, k, 0);
  // `Grundschule am Weinberg`, `Apotheke am Markt`: a compound organisation word counts too.
  return k >= 0 && (T.inVocab(k, V_ORG) || (T.cap(k) && orgCompound(T.lower(k)))) && !titleBefore(T, first, V_HONORIFICS);
}

/** `15706 Santiago de Compostela`, `75001 Paris`: a place name right after a postcode. */
function postcodeBefore(T: Tokens, first: number): boolean {
  const n = first - 1;
  if (!T.isNum(n) || T.nl(first) || T.gap[first] === 0 || T.len(n) < 4 || T.len(n) > 5) return false;
  const lw = T.lower(first);
  // An ASCII word folds to itself: the second lookup (and the NFD string) only for other letters.
  return (listsOf(lw) & IN_PLACES) !== 0 || (T.nonAscii(first) && (listsOf(fold(lw)) & IN_PLACES) !== 0);
}

/** `Localidad/ Provincia: Segovia`, `Wohnort: Köln`: a place label (over its colon) before the candidate. */
function placeLabelBefore(T: Tokens, first: number): boolean {
  if (!T.is(first - 1, ':')) return false;
  const k = prevWord(T, first, 2);
  return k >= 0 && T.inVocab(k, V_PLACE_LABELS);
}
const V_EPONYM_LINKS = new Vocab(new Set(['de', 'of', 'von', 'di', 'del', 'van']));

/** `enfermedad de Wilson`, `escala de Gleason`, `Morbus Crohn`: a disease or a test named after someone. */
function eponym(T: Tokens, first: number): boolean {
  let k = prevWord(T, first, 0);
  if (k >= 0 && T.inVocab(k, V_EPONYM_LINKS)) k = prevWord(T, k, 0);
  return k >= 0 && T.inVocab(k, V_EPONYM);
}

/**
 * `Síndrome de Cushing`, `Índice de Barthel`, `Morbus Parkinson` at a sentence's start: the
 * run's own first word is the disease or test word, the rest its eponym.
 */
function eponymHead(T: Tokens, first: number, last: number): boolean {
  if (last === first || !T.inVocab(first, V_EPONYM)) return false;
  const n = first + 1;
  return T.gap[n] > 0 && !T.nl(n) && (T.inVocab(n, V_EPONYM_LINKS) || T.cap(n));
}

const V_VENUES = new Vocab(VENUE_WORDS);
const VENUE_LINKS = new Set(['de', 'del', 'di', 'des', 'du', 'van', 'actos', 'conferencias']);

/** `salón de actos Santiago Grisolía`, `Aula Magna Carlo Urbani`: a hall word a few words before. */
function venueBefore(T: Tokens, first: number): boolean {
  let k = first;
  for (let n = 0; n < 3; n++) {
    k = prevWord(T, k, 0);
    if (k < 0) return false;
    if (T.inVocab(k, V_VENUES)) return !titleBefore(T, first, V_HONORIFICS);
    if (!T.cap(k) && !VENUE_LINKS.has(T.lower(k))) return false;
  }
  return false;
}

/** Texts written entirely in lower case: only dictionary names, helped by cues. */
function detectCaseless(T: Tokens): Candidate[] {
  const cache: ClassCache = { codes: new Uint8Array(0) };
  const given = getLexicon().given;
  const out: Candidate[] = [];
  let i = 0;
  while (i < T.count) {
    if (!T.isWord(i) || T.len(i) < 3 || glued(T, i)) {
      i++;
      continue;
    }
    const lw = T.lower(i);
    // Cheap test first: a given name, or right after a strong cue.
    const cues = given.has(lw) ? cueBefore(T, i) : undefined;
    const introduced = nameIntroduced(T, i) || (cues ? cues.person >= W.cueStrong : cueBefore(T, i).person >= W.cueStrong);
    if (!cues && !introduced) {
      i++;
      continue;
    }
    if (STOP_WORDS.has(lw)) {
      i++;
      continue;
    }
    const info = classify(T, i, cache);
    const prev = prevWord(T, i, 0);
    if (prev >= 0 && DETERMINERS.has(T.lower(prev))) {
      i++;
      continue;
    }
    if (!(info.cls === 'N' && info.given) && !(introduced && (info.cls === 'N' || info.cls === 'U' || info.cls === 'M'))) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < T.count && j - i < 2 && !T.poss(j)) {
      const n = j + 1;
      if (!T.isWord(n) || T.nl(n) || T.len(n) < 2 || STOP_WORDS.has(T.lower(n))) break;
      const ni = classify(T, n, cache);
      if (ni.cls === 'N' || ni.cls === 'M' || (ni.cls === 'U' && T.len(n) >= 4)) j++;
      else break;
    }
    const c = cues ?? cueBefore(T, i);
    let score: number = j > i ? W.caselessMulti : W.caselessOne;
    score += c.person;
    if (c.place) score -= c.place;
    score += cueAfter(T, j);
    if (nameIntroduced(T, i)) score = Math.max(score, W.namedFloor);
    out.push({ first: i, last: j, score });
    i = j + 1;
  }
  return out;
}

/** Slots of the surname-hash bitmap of repeatMentions (a power of two). */
const SURNAME_FILTER_SIZE = 1 << 16;

/** A set of word ids (Tokens.wordId) as one byte per id: no hashing per add or question. */
class IdSet {
  private bits = new Uint8Array(256);
  size = 0;
  add(id: number): void {
    if (id >= this.bits.length) {
      const grown = new Uint8Array(Math.max(id + 1, this.bits.length * 2));
      grown.set(this.bits);
      this.bits = grown;
    }
    if (this.bits[id] === 0) {
      this.bits[id] = 1;
      this.size++;
    }
  }
  has(id: number): boolean {
    return id < this.bits.length && this.bits[id] === 1;
  }
}

/**
 * A word of a name found with confidence elsewhere in the text names that person again
 * (`Anna K. Petrova ... later Petrova`): doubtful one-word candidates made of it are raised.
 */
function repeatMentions(T: Tokens, cands: Candidate[]): boolean {
  // Words by their id in the text (Tokens.wordId), not by string: no string hashed per question.
  const sure = new IdSet();
  // Every word of a sure name after its first: the surname, or one of two (`Carmen Ibáñez Soto ...
  // Ibáñez`), which may be repeated at a sentence start too (`Hartley's second goal`).
  const surnames = new IdSet();
  // Their token hashes too, as a bitmap: reviveSurnames passes over most capitalised words with one load.
  const surnameHashes = new Uint8Array(SURNAME_FILTER_SIZE);
  for (const c of cands) {
    if (c.score < W.sure || c.last === c.first) continue;
    for (let k = c.first; k <= c.last; k++) {
      if (!T.isWord(k) || T.len(k) <= 2 || !T.cap(k)) continue;
      const id = T.wordId(k);
      sure.add(id);
      if (k > c.first) {
        surnames.add(id);
        surnameHashes[T.hash[k] & (SURNAME_FILTER_SIZE - 1)] = 1;
      }
    }
  }
  if (!sure.size) return false;
  let raised = surnames.size > 0 && reviveSurnames(T, cands, surnames, surnameHashes);
  for (const c of cands) {
    if (c.score >= PERSON_MIN_SCORE || c.score < W.keep || c.first !== c.last || !T.isWord(c.first) || !sure.has(T.wordId(c.first))) continue;
    // At a sentence start an unknown word is as likely a verb (`Revert`, `Bump`) as the name again,
    // unless it was the surname (`Whitcombe, 61, left`).
    if (c.unknown && sentenceStart(T, c.first) && !surnames.has(T.wordId(c.first))) continue;
    c.score = W.repeated;
    raised = true;
  }
  return raised;
}

/**
 * A sure name's surname written again in capitals (a headline: `KESSLER TAKES POLE`) or with a
 * hyphen (`Oyelaran-Price, who`) scores too low to be kept as a candidate at all: such words
 * outside every candidate are added as later mentions, unless a street or organisation word
 * follows (`Dufresne-Martin Avenue`). One sweep; strings only for capitals or hyphens.
 */
function reviveSurnames(T: Tokens, cands: Candidate[], surnames: IdSet, surnameHashes: Uint8Array): boolean {
  const added: Candidate[] = [];
  const firms = firmWords.get(T);
  let c = 0;
  for (let w = 0; w < T.capCount; w++) {
    const k = T.caps[w];
    if (surnameHashes[T.hash[k] & (SURNAME_FILTER_SIZE - 1)] === 0 || T.len(k) <= 2) continue;
    while (c < cands.length && cands[c].last < k) c++;
    if (c < cands.length && cands[c].first <= k) continue;
    // In title case (`Solberg's team`, `Whitlock, who`, after a results table that kept the full
    // name below the threshold): alone between words that are not capitalised, not part of another name.
    const titleCase = !(T.upper(k) || hasHyphen(T, k));
    // Not after a link (`Junta de Freguesia de Arroios`, `the University of Tokyo`): a place or a body's name.
    if (titleCase && ((T.cap(k + 1) && T.isWord(k + 1) && !T.nl(k + 1)) || (T.isWord(k - 1) && !T.nl(k) && (T.cap(k - 1) || T.inVocab(k - 1, V_ORG_LINKS) || T.inVocab(k - 1, V_PARTICLES) || T.inVocab(k - 1, V_ARTICLES))))) continue;
    // Nor glued to what comes before, nor a place after its label or postcode (`Provincia: Segovia`).
    // Nor a partner in a firm's name (`at Jones, Mitchell and Williams`).
    if (titleCase && (T.gap[k] === 0 || (firms !== undefined && firms[k] === 1) || placeLabelBefore(T, k) || postcodeBefore(T, k))) continue;
    // An ordinary word kept in a sure name's run (`E-mail`, `NOTE`) is no surname written again.
    if (!surnames.has(T.wordId(k)) || (listsOf(T.lower(k)) & IN_COMMON) !== 0 || T.is(k + 1, ':')) continue;
    const n = k + 1;
    if (!T.nl(n) && T.cap(n) && (T.inVocab(n, V_GEO_AFTER) || T.inVocab(n, V_ORG))) continue;
    if (T.cap(k - 1) && !T.nl(k) && T.isWord(k - 1) && !T.upper(k - 1)) continue;
    added.push({ first: k, last: k, score: W.repeated });
  }
  if (!added.length) return false;
  cands.push(...added);
  cands.sort((a, b) => a.first - b.first);
  return true;
}

const V_CONJUNCTIONS = new Vocab(NAME_CONJUNCTIONS);

/**
 * Raises doubtful candidates joined to a sure one by `and`, `or`, `&` or a comma, or in a list of
 * results where each name has its figures (`Jaiswal 209; Anderson 3-47`, `Saka 14, 60, Havertz 38`).
 */
function propagateLists(T: Tokens, cands: Candidate[]): Candidate[] {
  // 0 not joined, 1 by words, 2 in a list of results: there a name after a bracket (`(Jaiswal 209;`)
  // has lost a twentieth to a sentence's start and is raised from what is kept at all.
  const joined = (a: Candidate, b: Candidate): number => {
    const gap = b.first - a.last - 1;
    if (gap < 1 || T.nl(b.first)) return 0;
    if (gap <= 2) {
      let words = true;
      // `;` parts the lines of a team's line-up (`Rovers: Kelleher; Barnard, Okoye`): one-word
      // names, the list going on after the second (not clauses: `auf dem Marktplatz; Grüne Soße und`).
      for (let k = a.last + 1; k < b.first && words; k++) words = !T.nl(k) && (T.is(k, ',') || T.is(k, '&') || T.inVocab(k, V_CONJUNCTIONS) || (T.is(k, ';') && lineupPair(T, a, b)));
      // Not a name and its town at the end of a letter (`Alan McKechnie, Ponteland.`): a comma alone, then the end.
      // (`Jansen, Willemijn` after a label is a surname and a given name: a one-word name, then a given name.)
      // (Its county may follow the town: `Margaret Hewlett, Hexham, Northumberland.`)
      if (words && gap === 1 && T.is(a.last + 1, ',') && a.last > a.first && b.first === b.last && townEndAfter(T, b.last) && (listsOf(T.lower(b.first)) & IN_GIVEN) === 0) return 0;
      if (words) return 1;
    }
    // Figures after both names (`Saka 14, 60, Havertz 38`), not a street, its number and the town (`Vallarta 24, Tabacal`).
    if (gap > 6 || !T.isNum(a.last + 1) || !T.isNum(b.last + 1) || T.nl(b.last + 1)) return 0;
    let separator = false;
    for (let k = a.last + 1; k < b.first; k++) {
      if (T.nl(k)) return 0;
      if (T.is(k, ';') || T.is(k, ',')) separator = true;
      else if (!(T.isNum(k) || T.is(k, '-'))) return 0;
    }
    return separator ? 2 : 0;
  };
  // Pairs of a results list where neither is sure yet, in twos: a later mention may vouch for one (raiseFigures).
  const pending: Candidate[] = [];
  for (let pass = 0; pass < 2; pass++) {
    for (let c = 0; c + 1 < cands.length; c++) {
      const a = cands[c];
      const b = cands[c + 1];
      const how = joined(a, b);
      if (!how) continue;
      const min = how === 2 ? W.keep : W.listMin;
      if (a.score >= PERSON_MIN_SCORE && b.score < PERSON_MIN_SCORE && b.score >= min) b.score += W.listRaise;
      else if (b.score >= PERSON_MIN_SCORE && a.score < PERSON_MIN_SCORE && a.score >= min) a.score += W.listRaise;
      else if (pass === 1 && how === 2 && a.score < PERSON_MIN_SCORE && b.score < PERSON_MIN_SCORE) pending.push(a, b);
    }
  }
  return pending;
}

/** Two one-word names parted by `;` with the list going on after the second (`Kelleher; Barnard,`). */
function lineupPair(T: Tokens, a: Candidate, b: Candidate): boolean {
  return a.first === a.last && b.first === b.last && (T.is(b.last + 1, ',') || T.is(b.last + 1, ';') || T.is(b.last + 1, '(') || lineEndAfter(T, b.last));
}

/** After a letter writer's town at `k`: the line's end, a full stop, or a county and then either (`, Northumberland.`). */
function townEndAfter(T: Tokens, k: number): boolean {
  const n = T.is(k + 1, ',') && T.isWord(k + 2) && T.cap(k + 2) && !T.nl(k + 2) ? k + 2 : k;
  return lineEndAfter(T, n) || T.is(n + 1, '.');
}

/** Whether the line (or the text) ends after token `k`, over a full stop. */
function lineEndAfter(T: Tokens, k: number): boolean {
  const n = T.is(k + 1, '.') ? k + 2 : k + 1;
  return !T.has(n) || T.nl(n);
}

/** A later mention raised by repeatMentions vouches for its neighbour in a results list (`Crawley 76; Bumrah 6-45`). */
function raiseFigures(pending: Candidate[]): void {
  for (let p = 0; p + 1 < pending.length; p += 2) {
    const a = pending[p];
    const b = pending[p + 1];
    if (a.score >= PERSON_MIN_SCORE && b.score < PERSON_MIN_SCORE && b.score >= W.keep) b.score += W.listRaise;
    else if (b.score >= PERSON_MIN_SCORE && a.score < PERSON_MIN_SCORE && a.score >= W.keep) a.score += W.listRaise;
  }
}

/** Finds personal names in `text` (shared within a scan: PHI asks for them too). */
export function detectPersons(text: string, ctx?: DetectContext): Finding[] {
  const state = stateFor(text, ctx);
  state.persons ??= findPersons(state);
  return state.persons.slice();
}

/** Words that end a name in a form field or a letterhead: a post box, a contact or a register label. */
const V_FIELD_STOPS = new Vocab(FIELD_STOPS);

/** The token is a label of a field: it holds an ordinal indicator (`NºCol`, `Nª`) or ends a field stop word. */
function fieldLabelWord(T: Tokens, k: number): boolean {
  if (!T.isWord(k)) return false;
  if (T.inVocab(k, V_FIELD_STOPS)) return true;
  if ((T.flags[k] & Flag.NonAscii) === 0) return false;
  const w = T.textOf(k);
  return w.includes('º') || w.includes('ª');
}

/** A capitalised word that may continue a name in a form field (not an organisation, street type or label). */
function fieldNameWord(T: Tokens, k: number): boolean {
  return (
    T.isWord(k) && T.cap(k) && !T.nl(k) && T.gap[k] < 3 && !T.is(k + 1, ':') && !fieldLabelWord(T, k) &&
    !T.inVocab(k, V_ORG) && !T.inVocab(k, V_TYPES_BEFORE)
  );
}

/**
 * The first token of a person field's value when token `first` lies in one (`Apellidos: Roca
 * Caballero`, `Remitido por: Dr. Hector Pastor Navarro`, `Médico: …`): the label starts its line,
 * ends with a colon and is a person's form label or a person cue; an honorific after it is
 * skipped. -1 when `first` is in no such field or other tokens stand between.
 */
function personFieldStart(T: Tokens, first: number): number {
  let j = first;
  for (let n = 0; n < 6 && j > 0 && !T.nl(j) && !T.is(j - 1, ':'); n++) {
    const k = j - 1;
    if (!(T.isWord(k) && (T.cap(k) || T.inVocab(k, V_PARTICLES))) && !T.is(k, '.')) return -1;
    j = k;
  }
  if (!T.is(j - 1, ':') || T.nl(j - 1)) return -1;
  const w = prevWord(T, j, 1);
  if (w < 0) return -1;
  let label = -1;
  if (T.inVocab(w, V_SURNAME_LABELS) || T.inVocab(w, V_GIVEN_LABELS) || T.inVocab(w, V_PERSON_CUES_STRONG)) label = w;
  const w2 = label < 0 ? prevWord(T, w, 0) : -1;
  if (w2 >= 0 && PERSON_CUE_MULTI.has(`${T.lower(w2)} ${T.lower(w)}`)) label = w2;
  if (label < 0 || !T.nl(label)) return -1;
  // `Dr.`, `Dra`, `Dr.Hector`: the honorific is no part of the name.
  if (T.inVocab(j, V_HONORIFICS)) {
    j++;
    if (T.is(j, '.')) j++;
  }
  return j <= first ? j : -1;
}

/**
 * Names in form fields and letterheads kept whole: a label word glued to the end (`NºCol`,
 * `Apartado`) is cut off, and a kept name in a person field (see personFieldStart) takes every
 * capitalised word of the field, before and after it (`Apellidos: Roca Caballero`, `Dr. Hector
 * Pastor Navarro Servicio de Urología`: surnames that are also words or places), so no part of the
 * name is left unmasked. Candidates a widened one reaches are merged into it.
 */
function completeFieldNames(T: Tokens, cands: Candidate[]): Candidate[] {
  let widened = false;
  for (const c of cands) {
    if (c.score < PERSON_MIN_SCORE - 1e-9) continue;
    while (c.last > c.first && fieldLabelWord(T, c.last)) {
      c.last--;
      widened = true;
    }
    // Spanish `D.` (don) before a given name and two more names, or after `Sr.`, is an honorific,
    // not an initial (`Comparece D. Francisco Javier Moreno`, `Sr. D. Juan Pérez`); `D. Ashworth`
    // and `D. John Smith` keep their initial.
    for (let k = c.first; k + 3 <= c.last; k++) {
      if (
        T.len(k) === 1 && T.code(k) === 68 && T.is(k + 1, '.') && T.gap[k + 1] === 0 && (listsOf(T.lower(k + 2)) & IN_GIVEN) !== 0 &&
        (k + 4 <= c.last || titleBefore(T, k, V_HONORIFICS))
      ) {
        c.first = k + 2;
        widened = true;
        break;
      }
    }
    const start = personFieldStart(T, c.first);
    if (start < 0) continue;
    let last = c.last;
    let words = 0;
    for (let k = start; k <= last; k++) if (T.isWord(k) && T.cap(k)) words++;
    for (let k = last + 1; words < 5 && T.has(k) && !T.nl(k); k++) {
      if (fieldNameWord(T, k)) {
        last = k;
        words++;
      } else if (!(T.isWord(k) && T.inVocab(k, V_PARTICLES) && T.gap[k] < 3)) {
        break;
      }
    }
    if (start < c.first || last > c.last) {
      c.first = start;
      c.last = last;
      widened = true;
    }
  }
  if (!widened) return cands;
  const out: Candidate[] = [];
  for (const c of cands) {
    const prev = out[out.length - 1];
    if (prev && prev.score >= PERSON_MIN_SCORE - 1e-9 && c.first <= prev.last) {
      prev.last = Math.max(prev.last, c.last);
      prev.score = Math.max(prev.score, c.score);
      continue;
    }
    out.push(c);
  }
  return out;
}

function findPersons(state: ScanState): Finding[] {
  const T = tokensOf(state);
  if (!T.count) return [];
  let cands = T.hasCaps ? detectCased(T) : detectCaseless(T);
  const pending = propagateLists(T, cands);
  repeatMentions(T, cands);
  if (pending.length) raiseFigures(pending);
  cands = completeFieldNames(T, cands);
  // Streets named after people (`Rua Machado de Assis 120`) belong to the address around them.
  const addresses = cands.some((c) => c.score >= PERSON_MIN_SCORE) ? addressesOf(state) : [];
  const out: Finding[] = [];
  let a = 0;
  for (const c of cands) {
    if (c.score < PERSON_MIN_SCORE - 1e-9) continue;
    const start = T.start[c.first];
    const end = T.end[suffixEnd(T, c.last)];
    // Candidates and addresses are both in text order: one forward sweep.
    while (a < addresses.length && addresses[a].end <= start) a++;
    if (a < addresses.length && addresses[a].start < end) continue;
    out.push({
      type: 'PERSON',
      dataTypes: ['PII'],
      start,
      end,
      score: Math.min(1, Math.round(c.score * 100) / 100),
      recognizer: 'person-name',
    });
  }
  return out;
}
const V_NAME_SUFFIXES = new Vocab(new Set(['jr', 'sr', 'ii', 'iii', 'iv']));

/** The last token of a name ending at `last` with its generational suffix (`Robert Kasey Jr.`, `Thomas H. Whitlock III`), or `last`. */
function suffixEnd(T: Tokens, last: number): number {
  let k = last + 1;
  // `Kasey, Jr.`: over a comma too.
  if (T.is(k, ',') && T.gap[k] === 0) k++;
  if (!T.isWord(k) || T.nl(k) || T.gap[k] !== 1 || !T.cap(k) || !T.inVocab(k, V_NAME_SUFFIXES)) return last;
  // Jr and Sr with their full stop; Roman numerals in capitals only (`II`, not `Ii`).
  if (T.len(k) === 2 && (T.code(k) === 74 || T.code(k) === 83) && !T.upper(k)) return T.is(k + 1, '.') && T.gap[k + 1] === 0 ? k + 1 : k;
  return T.upper(k) ? k : last;
}

/** PERSON detector: dictionaries of given names and surnames, capitalisation, titles and cues. */
export const personDetector: ContextualDetector = {
  id: 'person-name',
  type: 'PERSON',
  dataTypes: ['PII'],
  detect: (text, ctx) => detectPersons(text, ctx),
  samples: {
    positive: [
      { text: 'Hello, this is Dr. Helga Marquardt. How can I help?', value: 'Helga Marquardt' },
      { text: 'Nos vemos en la sala con Juan Pérez Gómez mañana.', value: 'Juan Pérez Gómez' },
      { text: 'Datos del paciente.\nNombre: Encarnación.\nApellidos: Villalba Morcillo.', value: 'Encarnación' },
      { text: 'Name: Schuster\nVorname: Hans-Jürgen\nGeburtsdatum: 04.07.1958', value: 'Hans-Jürgen' },
      { text: 'Test results for Mr. Ortega: Síndrome leve. Remitido por la Dra. Índigo Sala.', value: 'Índigo Sala' },
      { text: 'My name is Tomasz R Wierzbicki and I need a new card.', value: 'Tomasz R Wierzbicki' },
      { text: 'Please forward the contract to Mrs. Baker by Friday.', value: 'Baker' },
      { text: 'Mit freundlichen Grüßen\nMartina Seidel\nPersonalabteilung', value: 'Martina Seidel' },
      { text: 'Ti giro il numero della dottoressa Marchetti: 06 8841 2290.', value: 'Marchetti' },
      { text: 'Nachname: Nguyen\nVornamen: Thi Lan', value: 'Thi Lan' },
      { text: 'Dear Ingrid Johansson,\nthank you for your order.', value: 'Ingrid Johansson' },
      { text: 'The report was signed by Pieter van Dongen yesterday.', value: 'Pieter van Dongen' },
      { text: 'please call back maria gonzalez tomorrow', value: 'maria gonzalez' },
      { text: 'Kunde: Klaus Becker, Kundennummer 44812', value: 'Klaus Becker' },
      { text: 'Remitido por: Dr. Miguel Álvarez Múgica Servicio de Urología Hospital Clínico', value: 'Miguel Álvarez Múgica' },
      { text: 'The package was uploaded by Iain Lane on Tuesday.', value: 'Iain Lane' },
      { text: 'static int f(void) { return g(x_1, y_2); }\n/* 2022-02-22  Jussi Kivilinna  <jussi@example.org> */', value: 'Jussi Kivilinna' },
      { text: 'Vive con su hija Dña. Rosalía Vázquez Outeiral en Lugo.', value: 'Rosalía Vázquez Outeiral' },
      { text: 'Falls was ist: 0157 38294716 (neue Nummer!) LG Steffi', value: 'Steffi' },
      { text: 'Nombre: María. Apellidos: de la Fuente Ibáñez.\nNHC: 2718394.', value: 'Fuente Ibáñez' },
      { text: 'Behandelend cardioloog: dr. S. de Wit, BIG-nr. 49012345601', value: 'S. de Wit' },
      { text: 'Assuré(e) : Nom : HOARAU  Prénom(s) : Marie Josée', value: 'HOARAU' },
      { text: 'LETTERA DI DIMISSIONE\nPaziente: DE LUCA GIOVANNA, nata il 05/05/1972', value: 'DE LUCA GIOVANNA' },
      { text: 'Uittreksel BRP\nGeslachtsnaam: Ter Steege\nVoornamen: Johannes', value: 'Ter Steege' },
      // A form field's value whole: surnames that are words or places too, and no label glued on.
      { text: 'Remitido por: Dr. Hector Pastor Navarro Servicio de Urología', value: 'Hector Pastor Navarro' },
      { text: 'Nombre: Valeria.\nApellidos: Roca Caballero .\nNHC: 1234567.', value: 'Roca Caballero' },
      { text: 'Médico: Ignacio Navarro Cuéllar NºCol: 28 28 20192', value: 'Ignacio Navarro Cuéllar' },
      { text: 'Comparece D. Francisco Javier Moreno Ledesma, mayor de edad.', value: 'Francisco Javier Moreno Ledesma' },
      { text: 'ASL TO3: Gent. ROSSI FRANCESCA, si ricorda l’appuntamento.', value: 'ROSSI FRANCESCA' },
      { text: 'Solicitud de reembolso\nTomador: Iker Zubiaurre Lasa\nDNI: 12345678Z', value: 'Iker Zubiaurre Lasa' },
      { text: 'In dem Rechtsstreit wird der Kläger Marek Grabowski geladen.', value: 'Marek Grabowski' },
      { text: 'Grace Hall, 87, who ran the post office for fifty years, has died.', value: 'Grace Hall' },
      { text: '[2/5/24, 7:15 p. m.] Yeimy: ya tienes la dirección?\n[2/5/24, 7:16 p. m.] Andrés Felipe: sí', value: 'Yeimy' },
      { text: 'Il pacco è per la calle, consegnato da Paolo Venturini in via Nassa.', value: 'Paolo Venturini' },
      { text: 'LONDON, March 14 (Reuters) - British finance minister Gareth Pennock said on Thursday the duty would stay.', value: 'Gareth Pennock' },
      { text: 'Kenyan opposition leader Otieno Wafula called for fresh protests.', value: 'Otieno Wafula' },
      { text: "Men's singles, second round: Haruto Kisaragi (Japan) beat 6-3 6-2.", value: 'Haruto Kisaragi' },
      { text: 'BOXING - MBEKI RETAINS TITLE. South Africa\'s Sipho Mbeki retained his WBC title on Saturday.', value: 'MBEKI' },
      { text: 'Oyelaran-Price performed the first transplant in 1979. Margaret Oyelaran-Price, a surgeon, has died.', value: 'Oyelaran-Price' },
      { text: 'Ibáñez is seen as a successor. Economy minister Carmen Ibáñez Soto spoke on Thursday.', value: 'Ibáñez' },
      { text: 'Golfer Grant Ferrier-Hale won the title on Sunday.', value: 'Grant Ferrier-Hale' },
      { text: 'Bundesliga: Bayern Munich 3 (Kellner 12, 45, Ostrander 70) Werder Bremen 1.', value: 'Ostrander' },
      { text: 'SOCCER - GERMAN RESULTS .\nKarlsruhe 3 ( Vendtner 12 , Halloway 70 ) Bochum 1 ( Wasiak 65 )', value: 'Wasiak' },
      { text: 'Second round : Lisette Hope ( Canada ) beat Kerri Young ( U.S. ) 6-3 6-4 .', value: 'Kerri Young' },
      { text: 'Quarter-finals: Brandauer (Austria) beat Stich (Germany) 6-2 6-1.', value: 'Stich' },
      { text: 'England innings\nA. Ostwald c Pennant b Kessel 12\nJ. Crawley lbw b Marsh 4', value: 'J. Crawley' },
      { text: 'Bowling : Gillespie-Moore 10-2-34-3 , Warne 12-1-45-2', value: 'Gillespie-Moore' },
      { text: 'Scorers: Arsenal - Wrightson 23, Bergfeld 56; Derby - Sturridge 12', value: 'Sturridge' },
      { text: 'Alan Castle scored twice as Newcastle beat Leeds.', value: 'Alan Castle' },
      { text: 'Buffalo 4 ( Peckford 2 , Zhitnikov , Audley ) Ottawa 3 ( Yashinov , Alfredsen ) OT', value: 'Audley' },
      { text: 'DALLAS, Dec 22 (Reuters) - Quarterback Troy Aikenson threw two touchdown passes.', value: 'Troy Aikenson' },
      { text: "Hong Kong's chief secretary Yeung Ti-leung said on Monday the plan would go ahead.", value: 'Yeung Ti-leung' },
      { text: 'Taleban leader Farouq al-Shaddad met Kengo wa Dondolo on Monday.', value: 'Farouq al-Shaddad' },
      { text: 'Robert Kasey Jr. and Thomas H. Whitlock III met on Monday.', value: 'Robert Kasey Jr.' },
      { text: 'US Attorney General Merrick Garland met Sir Alan Cresswell on Monday.', value: 'Merrick Garland' },
      { text: 'Boxer Dwayne " Hammer " Morrow and M.L. Carrington spoke on Monday.', value: 'Dwayne " Hammer " Morrow' },
      { text: 'Boxer Dwayne " Hammer " Morrow and M.L. Carrington spoke on Monday.', value: 'M.L. Carrington' },
      { text: 'Truth commission chairman Archbishop Desmond Tutuola said the testimony must be tested.', value: 'Desmond Tutuola' },
      { text: 'Goaltenders : Hasek ( Buffalo ) , Tugnutt ( Ottawa ) ; Osgood ( Detroit ) .', value: 'Tugnutt' },
      { text: "The champion knocked out Mexico's Julio Cesar de Leon in the seventh round of the fight that was held on Saturday.", value: 'Julio Cesar de Leon' },
      { text: 'Top scorers: 14 - Ronaldo ( Barcelona ) 12 - Meho Kodrovac ( Real Madrid ) , Pizzi ( Atletico Madrid )', value: 'Meho Kodrovac' },
    ],
    negative: [
      'We moved here from Springfield last year.',
      'Protocolo de insulinización. Síndrome de Cushing descartado. Índice de Barthel 85.',
      'Bei Morbus Parkinson im Stadium III. Morbo di Basedow in remissione.',
      'Las sesiones se celebran en el salón de actos Santiago Grisolía a las 12:00.',
      'Nombre: Servicio de Urgencias, planta 2. Nome: Farmacia centrale Uno',
      "Conférence à 10h, salle Louis Pasteur. Incontri presso l'Aula Magna Carlo Urbani.",
      'Der Vorstand dankt allen Mitarbeitern. Der Geschädigte gab an, nichts gesehen zu haben.',
      'Bitte wenden Sie sich an die Frau Doktor am Empfang; der Herr Bürgermeister kommt später.',
      'Die Rheinische Ortskrankenkasse und die Freiwillige Feuerwehr informieren.',
      'Nouveau : la Renault Clio et la Peugeot 208 sont disponibles.',
      'De Wethouder van Zorg en El Consejero de Sanidad spraken.',
      'Il denunciante, nato a Lecce, dichiara quanto segue.',
      'Will you send the May invoice to Jordan Logistics Inc?',
      'The Riverside Orchestra was founded in 1977 in Northern Portugal.',
      'Action & Adventure, Animation, Comedy, Kids & Family',
      'I work for Citigroup and travel to New Zealand every spring.',
      'Durante la exploración el paciente refería dolor. Ante la sospecha se pidió una biopsia.',
      'Con la sospecha de enfermedad de Wilson se midió la ceruloplasmina.',
      'Domicilio: C/ Mayor, 3.|Localidad/ Provincia: Segovia.|CP: 40001.',
      'Acudió al Servicio de Cirugía Oral y Maxilofacial del hospital.',
      'Médico: NºCol: 28 28 20192.',
      'Hospital Clínico, Travesía Choupana s/n, 15706 Santiago de Compostela.',
      'Date:   Tue Jan 29 07:49:22 2019 +0000',
      'if run_name is None:\n    return False',
      'The cache is loadable by Python 3 and by Apollo Server 2.4 too.',
      'Add tuned parameters for more CPUs and OIDs.',
      'result = Func()\nmapping: Record<Params, string> = {}',
      '# 0x00b7 -> LATIN CAPITAL LETTER E WITH CARON\nsome ordinary words follow here in lower case to keep the text mixed',
      'x = compute(a, b); y = [z for z in range(3)]\n// Codec APIs: see Stream Writer for the details',
      'The digest can only be called. Multiple calls will throw an error.',
      'S       Matches the start of the string',
      'Cliente: Talleres Hermanos Gómez S.L., pedido 12.',
      'Der Bergmann Verlag und die Schneider Brauerei sind unsere Partner.',
      'N° de carte Vitale : en attente. Behandelnde Oberärztin informiert.',
      'Il Direttore e il Sig. Avv. presentano la Fundação Calouste Gulbenkian.',
      'El paciente acudió a la consulta de la Fuente Vieja en Cuenca.',
      'Se le había realizado por su Médico de Atención Primaria una determinación de PSA.',
      'Paziente: NON COLLABORANTE, CUTE INTEGRA',
      'Hospital Universitario Virgen de las Nieves, Servicio de Neumología.',
      'Iscrizione: Ordine dei Medici di Torino n. 12345.',
      'Nom : NON RENSEIGNÉ. Code : ABC',
      'El CEIP Antonio Machado y el Teatro Cervantes abren el lunes.',
      'La sagra si tiene in Piazza Garibaldi, poi in Viale Bovio.',
      'Mama: Schatzi, wann kommst du?\nLiebe Eltern, die Impfende Person unterschreibt.',
      'Analysts at Morgan Stanley said the Dow Jones index would rise; she won an Oscar in 1972.',
      'Officials said Beijing opposed the sanctions. Parliament passed Martha\'s Law in St. Louis.',
      'The envoy said Israel was stalling; a spokesman said Washington expected calm.',
      'Les enfants sont partis. Durante el mes de Julio, la tienda cierra. Ante todo, gracias.',
      'BEIJING, March 9 (Reuters) - The results: Villa 2 (Everton), Leeds 1.',
      'Marks and Spencer rose 5p, Procter & Gamble fell and Tate & Lyle held.',
      'Hurricane Beryl hit. The Duke and Duchess of Sussex met the German Chancellor in Little Barford.',
      '[06.05.24, 21:04] Mama: Papa liegt im Spital\n[note 21:05] Aufnahme: ok\n[21:06] Station: frei',
      'Obras en la avenida Eduardo Dato y en la glorieta de Juan XXIII; las estaciones Puerta Jerez cierran.',
      "Les travaux de l'avenue Foch et du boulevard Victor Hugo dureront 18 mois.",
      'Previsión: FONASA\nDomicilio: Avenida 1150\nFono: (41) 224 5580\nRUT: 16.482.937-5',
      'Ort: Aula der Grundschule am Weinberg. Die Apotheke am Markt und das Jugendamt informieren.',
      'The frigate HMS Duncan and the USS Nimitz called at Gibraltar on Tuesday; analysts at Banco Itamar were cautious.',
      'Tickets for the Rose Bowl sold out. Reckitt Benckiser and Dixons Carphone fell, Getafe (Madrid) won.',
      'Ritiro referto ECOGRAFIA il 12/04/24 presso Poliambulatorio di Collegno, Via Martiri XXX Aprile 12.',
      'Gesendet 2024-05-12-0930 aus dem Büro. Plan A. Then a c b 12 not out of 10.',
    ],
  },
};
