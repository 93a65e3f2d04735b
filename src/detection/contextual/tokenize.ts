/**
 * One linear tokenizer shared by the contextual detectors. Tokens live in typed arrays (no
 * object per token: the full pass must stay above 10 MB/s), each word carries a hash of its
 * lower-case form for allocation-free vocabulary prefilters, and lower-case strings are made
 * only for the tokens a detector looks at. The detectors of one scan share one tokenization
 * (see shared.ts).
 */

// Token kinds as module constants: the hot accessors below compare against these, not against
// a property of the exported object (which CommonJS output would load through `exports`).
const WORD = 0;
const NUM = 1;
const PUNCT = 2;

/** Kind of a token (a plain object, not a const enum, so any bundler can inline it). */
export const Kind = {
  /** Letters, with inner apostrophes or hyphens (`O'Brien`, `Jean-Luc`). */
  Word: WORD,
  /** Digits, optionally with one trailing letter (`12`, `75A`). */
  Num: NUM,
  /** Any other single visible character. */
  Punct: PUNCT,
} as const;
export type Kind = (typeof Kind)[keyof typeof Kind];

const F_CAP = 1;
const F_UPPER = 2;
const F_NL = 4;
const F_POSS = 8;
const F_NONASCII = 16;
const F_INNER_CAP = 32;
const F_HYPHEN = 64;
const F_SEGMENT = 128;
/** In the tokenizer's `boundary`: a `.`, `!` or `?` ended the last token, so whitespace now starts a sentence (no token flag). */
const SENTENCE_END = 256;

/** Bits of `Tokens.flags`, for sweeps that read the arrays directly. */
export const Flag = {
  /** First character is an upper-case letter. */
  Cap: F_CAP,
  /** Every letter is upper case and there are at least two. */
  Upper: F_UPPER,
  /** The whitespace before the token holds a line break (or the token starts the text). */
  NewLine: F_NL,
  /** Word followed by a possessive `'s`. */
  Possessive: F_POSS,
  /** Has a letter outside ASCII. */
  NonAscii: F_NONASCII,
  /** Word with an ASCII capital after its first unit (`McDowell`, `iPhone`, `CPUs`). */
  InnerCap: F_INNER_CAP,
  /** Word with an inner hyphen (`Jean-Luc`, `Coca-Cola`). */
  Hyphen: F_HYPHEN,
  /** The token starts a line or a sentence: NewLine, or whitespace after a `.`, `!` or `?` token. */
  Segment: F_SEGMENT,
} as const;

const LETTER = /\p{L}|\p{M}/u;
/** Per UTF-16 code unit: 0 not yet known, 1 letter, 2 not a letter. Filled lazily. */
const LETTER_CLASS = new Uint8Array(65536);
for (let c = 0; c < 128; c++) LETTER_CLASS[c] = (c >= 97 && c <= 122) || (c >= 65 && c <= 90) ? 1 : 2;

function isLetterCode(code: number): boolean {
  let cls = LETTER_CLASS[code];
  if (cls === 0) {
    cls = LETTER.test(String.fromCharCode(code)) ? 1 : 2;
    LETTER_CLASS[code] = cls;
  }
  return cls === 1;
}

/**
 * Per UTF-16 unit, its lower-case unit (itself when it has none or when it lower-cases to more
 * than one unit); 0 not yet known. ASCII is filled at load, the rest lazily.
 */
const LOWER = new Uint16Array(65536);
for (let c = 1; c < 128; c++) LOWER[c] = c >= 65 && c <= 90 ? c + 32 : c;


function lowerCode(code: number): number {
  let l = LOWER[code];
  if (l === 0) {
    const s = String.fromCharCode(code).toLowerCase();
    l = s.length === 1 ? s.charCodeAt(0) : code;
    LOWER[code] = l;
  }
  return l;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

function isSpace(code: number): boolean {
  if (code === 32 || (code >= 9 && code <= 13)) return true;
  if (code < 160) return false;
  return code === 160 || code === 0x2028 || code === 0x2029 || (code >= 0x2000 && code <= 0x200a) || code === 0x3000 || code === 0x202f;
}

/**
 * In `Tokens.sig`, a word of two to six ASCII letters: this plus its letters folded to lower case,
 * five bits each (`a` 1 to `z` 26), the first highest. Above every UTF-16 unit, so that no unit
 * test matches it; a different number for each lower-case word.
 */
const SHORT_WORD = 1 << 30;

/** Spreads a short word's key over the bits of a table index. */
function mixKey(key: number): number {
  const h = Math.imul(key ^ (key >>> 15), 0x2c1b3c6d);
  return h ^ (h >>> 12);
}

const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 16777619;

/** Hashes keep 30 bits so that they stay small integers in V8 (no boxing). */
const HASH_MASK = 0x3fffffff;

/** Hash of a lower-case word, as the tokenizer computes it for word tokens. */
export function hashWord(lower: string): number {
  let h = FNV_OFFSET;
  for (let k = 0; k < lower.length; k++) h = Math.imul(h ^ lower.charCodeAt(k), FNV_PRIME);
  return h & HASH_MASK;
}

/**
 * A bit set over word hashes: an allocation-free prefilter for vocabularies. `has` may answer
 * true for a word outside the vocabulary (about 1% for 10,000 words); callers that need
 * certainty confirm on the string.
 */
export class HashFilter {
  readonly bits: Uint32Array;
  readonly mask: number;

  /**
   * `log2Bits` sizes the bit set (2^20 bits, 128 KB, by default). A smaller one answers true for
   * more words outside the vocabulary but stays in the processor's nearest cache; only callers
   * that confirm every true answer on the string (Vocab) ask for one.
   */
  constructor(words: Iterable<string>, log2Bits = 20) {
    this.mask = (1 << log2Bits) - 1;
    this.bits = new Uint32Array(Math.max(1, (1 << log2Bits) >>> 5));
    for (const w of words) {
      const h = hashWord(w) & this.mask;
      this.bits[h >>> 5] |= 1 << (h & 31);
    }
  }

  has(hash: number): boolean {
    const h = hash & this.mask;
    return (this.bits[h >>> 5] & (1 << (h & 31))) !== 0;
  }

  /** Adds a word by its hash (`hashWord`), for a caller that has the hashes and not the words. */
  addHash(hash: number): void {
    const h = hash & this.mask;
    this.bits[h >>> 5] |= 1 << (h & 31);
  }
}

/**
 * A HashFilter of the default size (2^20 bits, 128 KB) asked through a copy of 4,096 bits first:
 * the same answers (a hash in the large filter has its low 12 bits in the small one), but the
 * usual "no" comes from 512 bytes that stay in the nearest cache. The street detector asks its
 * prefilters for most capitalised words and for each token its look-ahead walks, and a probe of
 * the large filter alone was the hottest line of the detector (`--cpu-prof` line ticks). Not
 * simply a smaller filter: a yes of the strong-type and ship filters is not always confirmed on
 * the string, so the extra false yeses of a smaller one could change findings.
 */
export class FrontedFilter {
  private readonly front: HashFilter;
  private readonly full: HashFilter;

  constructor(words: Iterable<string>) {
    this.front = new HashFilter(words, 12);
    this.full = new HashFilter(words);
  }

  has(hash: number): boolean {
    return this.front.has(hash) && this.full.has(hash);
  }
}

/**
 * Size (log2 of the bits) of a prefilter whose every true answer is confirmed on the string:
 * about 256 bits per word (a word outside it passes about 0.4 % of the time), a few KB for most
 * vocabularies instead of 128 KB each, so the filters of one scan stay in the nearest caches.
 */
function confirmedFilterBits(words: number): number {
  return Math.min(20, Math.max(10, Math.ceil(Math.log2(Math.max(1, words) * 256))));
}

/** Vocabularies made so far: the first VOCAB_MEMO_LIMIT get a bit of the per-word answer memo in Tokens. */
let vocabCount = 0;
/**
 * Vocabularies whose answers Tokens memoises per word: four 32-bit words per id. Two words (64)
 * left the 65th and later vocabularies (the cue vocabularies made on first use) unmemoised: a Set
 * lookup per question.
 */
const VOCAB_MEMO_LIMIT = 128;

/** A vocabulary with its hash prefilter. */
export class Vocab {
  readonly filter: HashFilter;
  /** The filter's bits and mask, read by `Tokens.inVocab` without going through the filter object (a load less per question). */
  readonly bits: Uint32Array;
  readonly mask: number;
  /** This vocabulary's bit in Tokens' per-word memo of answers (0: not memoised) ... */
  readonly bit: number;
  /** ... in which of the memo's four words per id (0 to 3). */
  readonly slot: number;

  constructor(readonly words: Set<string>) {
    this.bit = vocabCount < VOCAB_MEMO_LIMIT ? 1 << (vocabCount & 31) : 0;
    this.slot = vocabCount < VOCAB_MEMO_LIMIT ? vocabCount >> 5 : 0;
    vocabCount++;
    this.filter = new HashFilter(words, confirmedFilterBits(words.size));
    this.bits = this.filter.bits;
    this.mask = this.filter.mask;
  }
}

/** Per ASCII unit, 1 for the characters of `chars` (ASCII only): the set of `Tokens.isIn`. */
export function asciiSet(chars: string): Uint8Array {
  const set = new Uint8Array(128);
  for (let k = 0; k < chars.length; k++) {
    const c = chars.charCodeAt(k);
    if (c >= 128 || c === 0) throw new Error(`asciiSet: ${chars} holds a character outside ASCII or NUL`);
    set[c] = 1;
  }
  return set;
}

/** Bits of the hash table below: per `hash & MARK_MASK`, the marked vocabularies that hold a word of that hash. */
const MARK_MASK = 0xffff;
const MARKS = new Uint8Array(MARK_MASK + 1);
/** Bits given out so far (one per vocabulary, at most 8). */
let markBitsUsed = 0;
/** Vocabularies given a bit whose words are not known yet: filled before the next tokenization. */
let pendingMarks: { bit: number; words: () => Iterable<string> }[] = [];

/**
 * Registers a vocabulary whose words the tokenizer lists as it goes (`Tokens.marked`): a detector
 * that starts only at such words (birth cues, health-record words, the first words of health
 * terms) reads that list instead of sweeping every token. The list is a prefilter by hash, like
 * HashFilter: it holds every token whose word is in the vocabulary and a few others, so callers
 * confirm on the string. `words` is called once, before the first text is tokenized after the
 * registration; registering must happen before any text the caller reads is tokenized (at module
 * load). Returns the vocabulary's bit.
 */
export function markWords(words: () => Iterable<string>): number {
  if (markBitsUsed >= 8) throw new Error('markWords: at most 8 marked vocabularies');
  const bit = 1 << markBitsUsed++;
  pendingMarks.push({ bit, words });
  return bit;
}

/**
 * Fills the bits of the vocabularies registered since the last tokenization (about 10 ms for the
 * detectors' vocabularies: the health terms' first words are found by tokenizing them). Done by the
 * first tokenization, or earlier by a caller that has loaded every detector (contextual/index.ts).
 */
export function fillPendingMarks(): void {
  // Taken out first: a vocabulary's words may be found by tokenizing (phrases), which comes back here.
  const pending = pendingMarks;
  pendingMarks = [];
  for (const { bit, words } of pending) for (const w of words()) MARKS[hashWord(w) & MARK_MASK] |= bit;
}

/**
 * The arrays of one tokenization, handed from a finished scan to the next (`Tokens.release`,
 * `tokenize(text, true)`). A scan of a 10 MB text fills about 60 MB of them; made afresh for
 * every scan they cost page faults, zeroing by the kernel and garbage collections forced by
 * external memory pressure (`--trace-gc`), and they are a tenth of the contextual pass.
 */
type TokenArrays = Pick<Tokens, 'kind' | 'start' | 'end' | 'gap' | 'flags' | 'hash' | 'sig' | 'caps' | 'marked' | 'markedBits' | 'notable'> & {
  /** The whole store of which `Tokens.wordIds` is the first `count` entries. */
  wordIds: Int32Array;
  /**
   * How many entries the last scan wrote: tokens, caps, marked and notable words. Past them the
   * arrays hold zeros, as fresh ones do; the next tokenization clears what it does not overwrite
   * (`Tokens.clearPast`), so that a look past the last token reads no earlier scan's token.
   */
  used: { tokens: number; caps: number; marked: number; notable: number };
};

function arraysBytes(a: TokenArrays): number {
  return (
    a.kind.byteLength + a.start.byteLength + a.end.byteLength + a.gap.byteLength + a.flags.byteLength + a.hash.byteLength + a.sig.byteLength +
    a.caps.byteLength + a.marked.byteLength + a.markedBits.byteLength + a.notable.byteLength + a.wordIds.byteLength
  );
}

/**
 * At most this many bytes of arrays are kept between scans, per thread: enough for the tokens of
 * a text of about 12 MB, about 8 bytes per character with `sig` (the default request limit is 10
 * MiB, whose arrays come to about 80 MB; a scan of such a text needs that memory anyway, so the
 * peak does not grow, only what stays after the scan). Arrays of a longer text are dropped with
 * their scan.
 */
const SPARE_MAX_BYTES = 96 << 20;
/** The arrays a finished scan handed back (null: none, or taken by the scan under way). */
let spare: TokenArrays | null = null;

const NO_U8 = new Uint8Array(0);
const NO_I32 = new Int32Array(0);

/** The tokens of one text, as parallel arrays indexed by token number. */
export class Tokens {
  /** Number of tokens. */
  count = 0;
  kind: Uint8Array;
  start: Int32Array;
  end: Int32Array;
  /** Characters of whitespace before the token (at most 255). */
  gap: Uint8Array;
  flags: Uint8Array;
  /** `hashWord` of the lower-case word; 0 for other tokens. */
  hash: Int32Array;
  /**
   * What the text says of a short token, so that the questions asked most need not read the text
   * (which detectors sweeping the tokens reach long after it was scanned: a cache miss per question,
   * where these four bytes per token are mostly in cache):
   * - a token of one UTF-16 unit (`,`, `(`, `a`, `7`): that unit (`is`, `isIn`, `isOneOf` and
   *   `code` read it);
   * - a word of two to six ASCII letters: SHORT_WORD plus its letters folded to lower case, five bits
   *   each (`firstWordId` finds its id by it, with no letter compared);
   * - any other token: 0.
   */
  sig: Int32Array;
  /** Any word starts with an upper-case letter. */
  hasCaps = false;
  /** Indices of the words that start with an upper-case letter, in order. */
  caps: Int32Array = NO_I32;
  /** Number of entries used in `caps`. */
  capCount = 0;
  /** Most words are written in capitals (shouting, headings, forms). */
  mostlyUpper = false;
  /** Indices of the words that may be in a marked vocabulary (markWords), in order. */
  marked: Int32Array = NO_I32;
  /** The marked vocabularies' bits of each entry of `marked`. */
  markedBits: Uint8Array = NO_U8;
  /** Number of entries used in `marked`. */
  markedCount = 0;
  /** Indices of the numbers, the capitalised or non-ASCII words and the marked words, in order. */
  notable: Int32Array = NO_I32;
  /** Number of entries used in `notable`. */
  notableCount = 0;
  /**
   * Per token, 1 + the id of its lower-case word (0: not asked yet). Ids number the distinct
   * lower-case words a detector has asked about, so each token is lower-cased at most once and
   * vocabulary answers are kept per word (`vocabKnown`, `vocabIn`: one bit per Vocab, four words per id).
   */
  private wordIds: Int32Array;
  /** The store `wordIds` is a prefix of (kept arrays are longer than this text's tokens). */
  private idStore: Int32Array;
  /** Lower-case word of each id. */
  private readonly idLower: string[] = [];
  /** Token hash of each id's first token. */
  private idHash = new Int32Array(64);
  /**
   * The letters of every id's lower-case word, one after the other: id `d`'s are `[idOffset[d],
   * idOffset[d + 1])`. An ASCII token is compared with them, not with the id's string: the string
   * is an object of its own on the heap (a cache miss per first lookup), these stay together.
   */
  private idChars = new Uint16Array(512);
  private idOffset = new Int32Array(65);
  /** Open-addressing table of ids (1 + id, 0 empty) by token hash; words of equal hash are told apart by their letters. */
  private idSlots = new Int32Array(256);
  private vocabKnown = new Int32Array(256);
  private vocabIn = new Int32Array(256);
  /** Open-addressing table of the ids of short words (`sig` at least SHORT_WORD) by that key (0: empty slot). */
  private shortKeys = new Int32Array(256);
  /** The id in each slot of `shortKeys`. */
  private shortIds = new Int32Array(256);
  private shortCount = 0;

  /** Records token `i` as a word of the marked vocabularies `bits`. */
  addMarked(i: number, bits: number): void {
    if (this.markedCount === this.marked.length) {
      this.marked = grownInt32(this.marked.length ? this.marked : new Int32Array(32));
      const grownBits = new Uint8Array(this.marked.length);
      grownBits.set(this.markedBits);
      this.markedBits = grownBits;
    }
    this.marked[this.markedCount] = i;
    this.markedBits[this.markedCount++] = bits;
  }

  /** Indices of the words the tokenizer marked with vocabulary bit `bit` (markWords), in order: they include every word of that vocabulary. */
  markedOf(bit: number): number[] {
    const out: number[] = [];
    for (let m = 0; m < this.markedCount; m++) if ((this.markedBits[m] & bit) !== 0) out.push(this.marked[m]);
    return out;
  }

  /** Records token `i` as notable (see `notable`). */
  addNotable(i: number): void {
    if (this.notableCount === this.notable.length) this.notable = grownInt32(this.notable.length ? this.notable : new Int32Array(32));
    this.notable[this.notableCount++] = i;
  }

  /** Records token `i` as a capitalised word. */
  addCap(i: number): void {
    if (this.capCount === this.caps.length) {
      const grown = new Int32Array(Math.max(64, this.caps.length * 2));
      grown.set(this.caps);
      this.caps = grown;
    }
    this.caps[this.capCount++] = i;
  }

  /** Arrays for `capacity` tokens, or the arrays of an earlier scan (`kept`: they grow as needed). */
  constructor(
    readonly text: string,
    capacity: number,
    kept: TokenArrays | null = null,
  ) {
    this.wordIds = NO_I32;
    if (kept !== null) {
      this.kind = kept.kind;
      this.start = kept.start;
      this.end = kept.end;
      this.gap = kept.gap;
      this.flags = kept.flags;
      this.hash = kept.hash;
      this.sig = kept.sig;
      this.caps = kept.caps;
      this.marked = kept.marked;
      this.markedBits = kept.markedBits;
      this.notable = kept.notable;
      this.idStore = kept.wordIds;
      return;
    }
    this.kind = new Uint8Array(capacity);
    this.start = new Int32Array(capacity);
    this.end = new Int32Array(capacity);
    this.gap = new Uint8Array(capacity);
    this.flags = new Uint8Array(capacity);
    this.hash = new Int32Array(capacity);
    this.sig = new Int32Array(capacity);
    this.idStore = NO_I32;
  }

  /**
   * Ends the use of these tokens: hands their arrays to the next `tokenize(text, true)` (when they
   * are at most SPARE_MAX_BYTES) and leaves this object without tokens (count 0), so a reference
   * kept by mistake reads no token rather than another scan's. Called by the owner of the
   * tokenization once nothing reads it any more (shared.ts `endScan`, at the end of a scan's
   * contextual pass); a second call does nothing.
   */
  release(): void {
    if (this.kind === NO_U8) return;
    const arrays: TokenArrays = {
      kind: this.kind,
      start: this.start,
      end: this.end,
      gap: this.gap,
      flags: this.flags,
      hash: this.hash,
      sig: this.sig,
      caps: this.caps,
      marked: this.marked,
      markedBits: this.markedBits,
      notable: this.notable,
      wordIds: this.idStore,
      used: { tokens: this.count, caps: this.capCount, marked: this.markedCount, notable: this.notableCount },
    };
    this.count = this.capCount = this.markedCount = this.notableCount = 0;
    this.kind = this.gap = this.flags = this.markedBits = NO_U8;
    this.start = this.end = this.hash = this.sig = this.caps = this.marked = this.notable = this.wordIds = this.idStore = NO_I32;
    const bytes = arraysBytes(arrays);
    // Two scans under way at once (a detector scanning a text of its own) hand back two sets: the larger is kept.
    if (bytes <= SPARE_MAX_BYTES && (spare === null || arraysBytes(spare) < bytes)) spare = arrays;
  }

  /**
   * Zeroes what the scan that last used kept arrays wrote past this tokenization's own entries
   * (`TokenArrays.used`): the arrays then read as fresh ones would (wordIds needs nothing: it is
   * a view of `count` entries, cleared on first use). At most what that scan wrote, once.
   */
  clearPast(used: TokenArrays['used']): void {
    const n = this.count;
    if (used.tokens > n) {
      const to = Math.min(used.tokens, this.kind.length);
      this.kind.fill(0, n, to);
      this.start.fill(0, n, to);
      this.end.fill(0, n, to);
      this.gap.fill(0, n, to);
      this.flags.fill(0, n, to);
      this.hash.fill(0, n, to);
      this.sig.fill(0, n, to);
    }
    if (used.caps > this.capCount) this.caps.fill(0, this.capCount, used.caps);
    if (used.marked > this.markedCount) {
      this.marked.fill(0, this.markedCount, used.marked);
      this.markedBits.fill(0, this.markedCount, used.marked);
    }
    if (used.notable > this.notableCount) this.notable.fill(0, this.notableCount, used.notable);
  }

  /** Whether `i` is a token (not before the first or after the last). */
  has(i: number): boolean {
    return i >= 0 && i < this.count;
  }

  isWord(i: number): boolean {
    return i >= 0 && i < this.count && this.kind[i] === WORD;
  }

  isNum(i: number): boolean {
    return i >= 0 && i < this.count && this.kind[i] === NUM;
  }

  isPunct(i: number): boolean {
    return i >= 0 && i < this.count && this.kind[i] === PUNCT;
  }

  /** The token is the one character `ch`. */
  is(i: number, ch: string): boolean {
    if (i < 0 || i >= this.count) return false;
    if (ch.length === 1) {
      // A token of one unit has it in `sig` (0 or SHORT_WORD and more for a longer token, hence not for `\0`).
      const c = ch.charCodeAt(0);
      if (c !== 0) return this.sig[i] === c;
    }
    if (this.end[i] - this.start[i] !== ch.length) return false;
    return this.text.startsWith(ch, this.start[i]);
  }

  /** The token is one UTF-16 unit found in `chars` (a set of punctuation written as a string). */
  isOneOf(i: number, chars: string): boolean {
    if (i < 0 || i >= this.count) return false;
    // Compared by code: no one-character string and no call to indexOf per question.
    const c = this.sig[i];
    // (0 or SHORT_WORD and more: a longer token; no caller asks for `\0`.)
    if (c === 0 || c >= SHORT_WORD) return false;
    for (let k = 0; k < chars.length; k++) if (chars.charCodeAt(k) === c) return true;
    return false;
  }

  /** The token is one character of `set` (asciiSet): isOneOf with one table load instead of a loop over the characters. */
  isIn(i: number, set: Uint8Array): boolean {
    if (i < 0 || i >= this.count) return false;
    const c = this.sig[i];
    // (0 or SHORT_WORD and more: a longer token, or the unit `\0`, which asciiSet keeps out of every set.)
    return c !== 0 && c < 128 && set[c] === 1;
  }

  /** First UTF-16 unit of the token (-1 outside the text). */
  code(i: number): number {
    if (i < 0 || i >= this.count) return -1;
    const u = this.sig[i];
    return u !== 0 && u < SHORT_WORD ? u : this.text.charCodeAt(this.start[i]);
  }

  /** The token's text as written ('' outside the text). */
  textOf(i: number): string {
    return i >= 0 && i < this.count ? this.text.slice(this.start[i], this.end[i]) : '';
  }

  /** Lower-case text of the token ('' outside the text); one string per distinct word, made once per token. */
  lower(i: number): string {
    if (i < 0 || i >= this.count) return '';
    if (this.kind[i] !== WORD) return this.text.slice(this.start[i], this.end[i]).toLowerCase();
    return this.idLower[this.wordId(i)];
  }

  /** Id of the lower-case word at word token `i`, the same for every token of that word in this text. */
  wordId(i: number): number {
    // Kept small so that it is inlined where asked: the first question per token is the call below.
    if (i < this.wordIds.length) {
      const memo = this.wordIds[i];
      if (memo !== 0) return memo - 1;
    }
    return this.firstWordId(i);
  }

  /** wordId for a token not asked about before. */
  private firstWordId(i: number): number {
    if (this.wordIds.length < this.count) {
      // Sized on first use (to the tokens, not the arrays' capacity): scans whose detectors ask no word pay nothing.
      // A kept store long enough is cleared past what is in use (`wordIds` is always a prefix of it).
      if (this.idStore.length >= this.count) {
        const used = this.wordIds.length;
        this.wordIds = this.idStore.subarray(0, this.count);
        this.wordIds.fill(0, used);
      } else {
        const ids = new Int32Array(this.count);
        ids.set(this.wordIds);
        this.wordIds = this.idStore = ids;
      }
    }
    // A word of at most six ASCII letters is found by its letters packed in `sig` (one letter: its
    // unit): a table load, where the lookup below reads the token's letters from the text, a cache
    // miss (it was about a tenth of PERSON's time on the dense text, where three in four first
    // questions are about such words: `the`, `of`, `said`).
    const sig = this.sig[i];
    const key = sig >= SHORT_WORD ? sig : sig !== 0 && sig < 128 && this.kind[i] === WORD ? SHORT_WORD | (sig & 31) : 0;
    if (key !== 0) {
      const known = this.shortId(key);
      if (known >= 0) {
        this.wordIds[i] = known + 1;
        return known;
      }
    }
    const id = this.lookUpWord(i);
    if (key !== 0) this.addShortId(key, id);
    return id;
  }

  /** The id of the lower-case word at token `i`, found by its hash and letters or made (firstWordId). */
  private lookUpWord(i: number): number {
    const start = this.start[i];
    const end = this.end[i];
    const h = this.hash[i];
    const ascii = (this.flags[i] & F_NONASCII) === 0;
    // Letters outside ASCII may lower-case differently in context (a final sigma): compared as strings.
    const s = ascii ? undefined : this.text.slice(start, end).toLowerCase();
    const slots = this.idSlots;
    const mask = slots.length - 1;
    let p = h & mask;
    for (let e = slots[p]; e !== 0; p = (p + 1) & mask, e = slots[p]) {
      const id = e - 1;
      if (this.idHash[id] !== h) continue;
      if (s !== undefined ? this.idLower[id] === s : this.sameAscii(start, end, id)) {
        this.wordIds[i] = e;
        return id;
      }
    }
    const id = this.idLower.length;
    const word = s ?? this.text.slice(start, end).toLowerCase();
    this.idLower.push(word);
    if (id >= this.idHash.length) {
      this.idHash = grownInt32(this.idHash);
      this.idOffset = grownInt32(this.idOffset);
      this.vocabKnown = grownInt32(this.vocabKnown);
      this.vocabIn = grownInt32(this.vocabIn);
    }
    this.addIdChars(id, word);
    this.idHash[id] = h;
    slots[p] = id + 1;
    if ((id + 1) * 2 > slots.length) this.rehash();
    this.wordIds[i] = id + 1;
    return id;
  }

  /** The id of the short word whose `sig` key is `key`, or -1 (see shortKeys). */
  private shortId(key: number): number {
    const keys = this.shortKeys;
    const mask = keys.length - 1;
    for (let p = mixKey(key) & mask, k = keys[p]; k !== 0; p = (p + 1) & mask, k = keys[p]) if (k === key) return this.shortIds[p];
    return -1;
  }

  /** Records `id` as the id of the short word whose key is `key` (not recorded yet). */
  private addShortId(key: number, id: number): void {
    if ((this.shortCount + 1) * 2 > this.shortKeys.length) {
      const keys = this.shortKeys;
      const ids = this.shortIds;
      this.shortKeys = new Int32Array(keys.length * 2);
      this.shortIds = new Int32Array(keys.length * 2);
      this.shortCount = 0;
      for (let p = 0; p < keys.length; p++) if (keys[p] !== 0) this.addShortId(keys[p], ids[p]);
    }
    const keys = this.shortKeys;
    const mask = keys.length - 1;
    let p = mixKey(key) & mask;
    while (keys[p] !== 0) p = (p + 1) & mask;
    keys[p] = key;
    this.shortIds[p] = id;
    this.shortCount++;
  }

  /** Appends the letters of `word`, the lower-case word of the newest id `id`, to `idChars`. */
  private addIdChars(id: number, word: string): void {
    const from = this.idOffset[id];
    const to = from + word.length;
    if (to > this.idChars.length) {
      const grown = new Uint16Array(Math.max(to, this.idChars.length * 2));
      grown.set(this.idChars);
      this.idChars = grown;
    }
    for (let q = 0; q < word.length; q++) this.idChars[from + q] = word.charCodeAt(q);
    this.idOffset[id + 1] = to;
  }

  /** The ASCII word at `[start, end)` lower-cased is the lower-case word of id `id` (its letters in `idChars`). */
  private sameAscii(start: number, end: number, id: number): boolean {
    const from = this.idOffset[id];
    if (this.idOffset[id + 1] - from !== end - start) return false;
    const chars = this.idChars;
    for (let p = start, q = from; p < end; p++, q++) {
      const c = this.text.charCodeAt(p);
      if ((c >= 65 && c <= 90 ? c + 32 : c) !== chars[q]) return false;
    }
    return true;
  }

  /** Doubles the id table. */
  private rehash(): void {
    const slots = new Int32Array(this.idSlots.length * 2);
    const mask = slots.length - 1;
    for (let id = 0; id < this.idLower.length; id++) {
      let p = this.idHash[id] & mask;
      while (slots[p] !== 0) p = (p + 1) & mask;
      slots[p] = id + 1;
    }
    this.idSlots = slots;
  }

  /** Whether the word at `i` is in `vocab`, checked on its hash first (no string for the usual miss). */
  inVocab(i: number, vocab: Vocab): boolean {
    // The filter first: it answers no for most questions (the kind is read after it; other tokens' hash is 0).
    if (i < 0 || i >= this.count) return false;
    const h = this.hash[i] & vocab.mask;
    if ((vocab.bits[h >>> 5] & (1 << (h & 31))) === 0 || this.kind[i] !== WORD) return false;
    const id = this.wordId(i);
    const bit = vocab.bit;
    const m = (id << 2) | vocab.slot;
    if ((this.vocabKnown[m] & bit) !== 0) return (this.vocabIn[m] & bit) !== 0;
    const found = vocab.words.has(this.idLower[id]);
    this.vocabKnown[m] |= bit;
    if (found) this.vocabIn[m] |= bit;
    return found;
  }

  /** Length of the token in UTF-16 units. */
  len(i: number): number {
    return i >= 0 && i < this.count ? this.end[i] - this.start[i] : 0;
  }

  /** First character is an upper-case letter. */
  cap(i: number): boolean {
    return i >= 0 && i < this.count && (this.flags[i] & F_CAP) !== 0;
  }

  /** Every letter is upper case and there are at least two. */
  upper(i: number): boolean {
    return i >= 0 && i < this.count && (this.flags[i] & F_UPPER) !== 0;
  }

  /** The whitespace before the token holds a line break (or the token starts the text). */
  nl(i: number): boolean {
    return i >= 0 && i < this.count && (this.flags[i] & F_NL) !== 0;
  }

  /** Word followed by a possessive `'s` (kept out of the token). */
  poss(i: number): boolean {
    return i >= 0 && i < this.count && (this.flags[i] & F_POSS) !== 0;
  }

  /** Has a letter outside ASCII. */
  nonAscii(i: number): boolean {
    return i >= 0 && i < this.count && (this.flags[i] & F_NONASCII) !== 0;
  }

  /** Doubles the arrays' capacity (the tokenizer fills them). */
  grow(): void {
    const size = Math.max(64, this.kind.length * 2);
    const k = new Uint8Array(size);
    k.set(this.kind);
    this.kind = k;
    const s = new Int32Array(size);
    s.set(this.start);
    this.start = s;
    const e = new Int32Array(size);
    e.set(this.end);
    this.end = e;
    const g = new Uint8Array(size);
    g.set(this.gap);
    this.gap = g;
    const f = new Uint8Array(size);
    f.set(this.flags);
    this.flags = f;
    const h = new Int32Array(size);
    h.set(this.hash);
    this.hash = h;
    const sg = new Int32Array(size);
    sg.set(this.sig);
    this.sig = sg;
  }
}

/** A copy of `a` twice as long. */
function grownInt32(a: Int32Array): Int32Array<ArrayBuffer> {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}

/** A Node `Buffer` as far as `copyUnits` uses it (no Node types in a browser bundle). */
type Utf16Writer = Uint8Array & { write(text: string, offset: number, length: number, encoding: 'utf16le'): number };
const NodeBuffer = (globalThis as { Buffer?: { allocUnsafe(size: number): Utf16Writer } }).Buffer;

/**
 * The tokenizer reads the text through a copy of at most this many UTF-16 units at a time, kept
 * between scans (128 KB): a large text needs no copy of its own (a fresh 20 MB buffer for a 10 MB
 * text cost about 4,800 page faults, about 11 ms, per scan), and no 8 MB buffer is kept.
 */
const CHUNK_UNITS = 1 << 16;
let chunkUnits: Uint16Array | null = null;
/** The Node Buffer under `chunkUnits` (null without Node). */
let chunkWriter: Utf16Writer | null = null;

/**
 * Copies the units `[from, to)` of `text` (natively with Node's Buffer, else one by one) into the
 * kept chunk buffer, or into a buffer of their own when they do not fit, and returns them.
 */
function copyUnits(text: string, from: number, to: number): Uint16Array {
  const n = to - from;
  let units = chunkUnits;
  let writer = chunkWriter;
  if (units === null || n > units.length) {
    const size = Math.max(n, CHUNK_UNITS);
    writer = NodeBuffer === undefined ? null : NodeBuffer.allocUnsafe(2 * size);
    units = writer === null ? new Uint16Array(size) : new Uint16Array(writer.buffer, writer.byteOffset, size);
    if (size === CHUNK_UNITS) {
      chunkUnits = units;
      chunkWriter = writer;
    }
  }
  if (writer === null) for (let k = 0; k < n; k++) units[k] = text.charCodeAt(from + k);
  else writer.write(from === 0 && to === text.length ? text : text.slice(from, to), 0, 2 * n, 'utf16le');
  return units;
}

/**
 * End of the chunk of the text that starts at `base`: after the last whitespace of its next
 * CHUNK_UNITS units (no token and no look-ahead of the tokenizer reads past a whitespace unit, so
 * the tokenizer reads nothing outside its chunk), or after the next one when there is none (a
 * long encoded blob, copied into a buffer of its own).
 */
function chunkEnd(text: string, base: number): number {
  const total = text.length;
  const limit = base + CHUNK_UNITS;
  if (limit >= total) return total;
  for (let k = limit; k > base; k--) if (isSpace(text.charCodeAt(k - 1))) return k;
  let k = limit;
  while (k < total) if (isSpace(text.charCodeAt(k++))) break;
  return k;
}

/** Per ASCII unit: 0 whitespace, 1 lower-case letter, 2 upper-case letter, 3 digit, 4 anything else. */
const ASCII_CLASS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  ASCII_CLASS[c] = c === 32 || (c >= 9 && c <= 13) ? 0 : c >= 97 && c <= 122 ? 1 : c >= 65 && c <= 90 ? 2 : c >= 48 && c <= 57 ? 3 : 4;
}
/** Classes of a unit outside ASCII (the table above covers ASCII). */
const OTHER = 5;
const OTHER_LETTER = 6;

/**
 * Tokenizes `text` in one pass. With `reuse`, the arrays a finished scan handed back
 * (`Tokens.release`) are used when there are any and they are neither far too small (they grow
 * like fresh ones) nor far too large: a short text after a long one gets small fresh arrays, cheap
 * to make, rather than clearing what the long one wrote (`clearPast`), and the large ones wait for
 * the next long text. Only a caller that releases the tokens when done asks for them (shared.ts),
 * so a text tokenized during a scan (a detector's phrases) gets arrays of its own.
 */
export function tokenize(text: string, reuse = false): Tokens {
  if (pendingMarks.length) fillPendingMarks();
  const total = text.length;
  // At most one token per three units on most texts (a token and its whitespace): a fresh text
  // seldom grows its arrays. Kept arrays of half that to four times that are used.
  const capacity = Math.max(16, ((total / 3) | 0) + 16);
  let kept: TokenArrays | null = null;
  if (reuse && spare !== null && spare.kind.length * 2 >= capacity && spare.kind.length <= capacity * 4) {
    kept = spare;
    spare = null;
  }
  const toks = new Tokens(text, capacity, kept);
  // The text is read from copies of its UTF-16 units (`copyUnits`), a chunk at a time: a
  // typed-array load instead of `charCodeAt`, which dispatches on the string's representation at
  // every call (about a tenth fewer instructions for the tokenizer on dense text).
  // The arrays and tables are held in locals (re-read after growing): the loop below is the
  // hottest of the contextual pass, and a property or module load per step is measurable there.
  // The lists that grow now and then (caps, marked and notable tokens) are filled through methods
  // instead: more locals here spill registers in the whole loop (measured: a third more
  // instructions per character with them in locals).
  let kinds = toks.kind;
  let starts = toks.start;
  let ends = toks.end;
  let gaps = toks.gap;
  let flagsOf = toks.flags;
  let hashes = toks.hash;
  let sigs = toks.sig;
  const asciiClass = ASCII_CLASS;
  const marks = MARKS;
  let count = 0;
  let gap = 0;
  // What starts the next token: F_NL | F_SEGMENT after a line break (and at the text's start), F_SEGMENT
  // after whitespace that follows a sentence end, SENTENCE_END right after one (one local in place of a
  // line-break boolean: a local more in this loop spills registers).
  let boundary = F_NL | F_SEGMENT;
  let words = 0;
  let upperWords = 0;
  for (let base = 0, n = 0; base < total; base += n) {
    n = chunkEnd(text, base) - base;
    const units = copyUnits(text, base, base + n);
    let i = 0;
    while (i < n) {
      const code = units[i];
      let cls = code < 128 ? asciiClass[code] : isSpace(code) ? 0 : OTHER;
      if (cls === 0) {
        gap++;
        if (code === 10 || code === 13) boundary = F_NL | F_SEGMENT;
        else if (boundary === SENTENCE_END) boundary = F_SEGMENT;
        i++;
        continue;
      }
      if (count === kinds.length) {
        toks.count = count;
        toks.grow();
        kinds = toks.kind;
        starts = toks.start;
        ends = toks.end;
        gaps = toks.gap;
        flagsOf = toks.flags;
        hashes = toks.hash;
        sigs = toks.sig;
      }
      const start = i;
      let flags = boundary & (F_NL | F_SEGMENT);
      let kind = PUNCT;
      let hash = 0;
      let sig = 0;
      if (cls === OTHER && isLetterCode(code)) cls = OTHER_LETTER;
      if (cls === 1 || cls === 2 || cls === OTHER_LETTER) {
        kind = WORD;
        // Hash, capital and all-capitals are computed on the fly from per-unit lower-case forms.
        const l0 = code < 128 ? (cls === 2 ? code + 32 : code) : lowerCode(code);
        let h = Math.imul(FNV_OFFSET ^ l0, FNV_PRIME);
        // The ASCII letters packed five bits each (`sig`); past six letters the first are shifted out, unused.
        let packed = l0 & 31;
        const cap = l0 !== code;
        // A unit after the first that is no upper-case letter (the word is not all capitals).
        let notUpper = !cap;
        if (code > 127) flags |= F_NONASCII;
        i++;
        while (i < n) {
          // The ASCII letters that make up most of every word, in a loop of their own: with no call
          // in it, V8 loads the units array's pointer and length once for the run instead of at
          // every letter (the loop below calls out for letters outside ASCII).
          let c = units[i];
          let lower = false;
          let upper = false;
          for (;;) {
            if (c >= 97 && c <= 122) {
              lower = true;
              h = Math.imul(h ^ c, FNV_PRIME);
              packed = (packed << 5) | (c & 31);
            } else if (c >= 65 && c <= 90) {
              upper = true;
              h = Math.imul(h ^ (c + 32), FNV_PRIME);
              packed = (packed << 5) | (c & 31);
            } else {
              break;
            }
            if (++i === n) break;
            c = units[i];
          }
          if (lower) notUpper = true;
          if (upper) flags |= F_INNER_CAP;
          if (i === n) break;
          if (c > 127 && isLetterCode(c)) {
            const l = lowerCode(c);
            if (l === c) notUpper = true;
            flags |= F_NONASCII;
            h = Math.imul(h ^ l, FNV_PRIME);
            i++;
            continue;
          }
          // Inner apostrophe or hyphen followed by a letter stays in the word, except a possessive 's.
          if ((c === 39 || c === 0x2019 || c === 45) && i + 1 < n && isLetterCode(units[i + 1])) {
            if (c !== 45) {
              const s = units[i + 1];
              const after = i + 2 < n ? units[i + 2] : 32;
              if ((s === 115 || s === 83) && !isLetterCode(after)) {
                flags |= F_POSS;
                break;
              }
            } else {
              flags |= F_HYPHEN;
            }
            h = Math.imul(h ^ c, FNV_PRIME);
            i++;
            continue;
          }
          break;
        }
        words++;
        if (cap) {
          flags |= F_CAP;
          if (!notUpper && i - start > 1) {
            flags |= F_UPPER;
            upperWords++;
          }
          toks.addCap(count);
        }
        hash = h & HASH_MASK;
        // Six letters at most, all ASCII: an inner apostrophe or hyphen, which `packed` skips, leaves
        // fewer letters than units (each packed letter is 1 to 26, so `len` of them are at least 2^(5 len - 5)).
        const len = i - start;
        sig = len === 1 ? code : len <= 6 && (flags & F_NONASCII) === 0 && packed >= 1 << (5 * len - 5) ? SHORT_WORD | packed : 0;
        const m = marks[hash & MARK_MASK];
        if (m !== 0) toks.addMarked(count, m);
        if (cap || m !== 0 || (flags & F_NONASCII) !== 0) toks.addNotable(count);
      } else if (cls === 3) {
        toks.addNotable(count);
        kind = NUM;
        i++;
        while (i < n && isDigit(units[i])) i++;
        // One trailing letter not followed by another letter: house numbers like 75A.
        if (i < n && isLetterCode(units[i]) && !(i + 1 < n && isLetterCode(units[i + 1]))) i++;
        if (i - start === 1) sig = code;
      } else {
        // Keep surrogate pairs together.
        if (code >= 0xd800 && code <= 0xdbff && i + 1 < n) {
          i += 2;
        } else {
          sig = code;
          i++;
        }
      }
      kinds[count] = kind;
      starts[count] = base + start;
      ends[count] = base + i;
      gaps[count] = gap > 255 ? 255 : gap;
      flagsOf[count] = flags;
      hashes[count] = hash;
      sigs[count] = sig;
      count++;
      if (flags & F_POSS) i += 2;
      gap = 0;
      boundary = kind === PUNCT && (code === 46 || code === 33 || code === 63) ? SENTENCE_END : 0;
    }
  }
  toks.count = count;
  if (kept !== null) toks.clearPast(kept.used);
  toks.hasCaps = toks.capCount > 0;
  toks.mostlyUpper = words >= 3 && upperWords / words > 0.7;
  return toks;
}
