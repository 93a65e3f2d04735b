/**
 * Word lists of the contextual detectors, decoded once on first use. The generated
 * dictionaries are front-coded: entries sorted, each written as one digit (the length of the
 * prefix it shares with the previous entry, at most 9) followed by the rest of the entry.
 */
import { COMMON_WORDS } from './dictionaries/common-words';
import { COMMON_WORDS_EU } from './dictionaries/common-words-eu';
import { DEMONYMS } from './dictionaries/demonyms';
import { GIVEN_NAMES } from './dictionaries/given-names';
import { PLACES } from './dictionaries/places';
import { PLACES_NATIVE } from './dictionaries/places-native';
import { SURNAMES } from './dictionaries/surnames';

/** Decodes a front-coded list (see the module comment) into a Set. */
export function decodeFrontCoded(data: string): Set<string> {
  const out = new Set<string>();
  let prev = '';
  let i = 0;
  while (i < data.length) {
    const shared = data.charCodeAt(i) - 48;
    let j = i + 1;
    while (j < data.length) {
      const c = data.charCodeAt(j);
      if (c >= 48 && c <= 57) break;
      j++;
    }
    prev = prev.slice(0, shared) + data.slice(i + 1, j);
    out.add(prev);
    i = j;
  }
  return out;
}

/** Adds the entries of a hand-written comma-separated list. */
function withLines(set: Set<string>, list: string): Set<string> {
  for (const name of list.split(',')) if (name.trim()) set.add(name.trim());
  return set;
}

/** Builds a Set from a whitespace-separated literal (hand-written lists). */
export function words(list: string): Set<string> {
  return new Set(list.split(/\s+/).filter(Boolean));
}

interface Lexicon {
  given: Set<string>;
  surnames: Set<string>;
  /** Frequent English words and frequent words of six European languages that are not names. */
  common: Set<string>;
  /** Single- and multi-word place names, lower case, words joined by one space. */
  places: Set<string>;
  demonyms: Set<string>;
}

let lexicon: Lexicon | undefined;

/** The decoded dictionaries (decoded on first call, about 20 ms, then shared). */
export function getLexicon(): Lexicon {
  if (!lexicon) {
    lexicon = {
      given: decodeFrontCoded(GIVEN_NAMES),
      surnames: decodeFrontCoded(SURNAMES),
      common: decodeFrontCoded(COMMON_WORDS + COMMON_WORDS_EU),
      places: withLines(decodeFrontCoded(PLACES), PLACES_NATIVE),
      demonyms: decodeFrontCoded(DEMONYMS),
    };
  }
  return lexicon;
}

/** Lower-case word without diacritics (`Müller` -> `muller`), for dictionary fallbacks. */
export function fold(lower: string): string {
  // One pass over the decomposed word (four regex replacements cost twice as much).
  const d = lower.normalize('NFD');
  let out = '';
  let from = 0;
  for (let i = 0; i < d.length; i++) {
    const c = d.charCodeAt(i);
    // Combining marks are dropped; ø, æ and ß have no decomposition and are spelled out.
    const r = c >= 0x300 && c <= 0x36f ? '' : c === 0xf8 ? 'o' : c === 0xe6 ? 'ae' : c === 0xdf ? 'ss' : undefined;
    if (r === undefined) continue;
    out += d.slice(from, i) + r;
    from = i + 1;
  }
  return from === 0 ? d : out + d.slice(from);
}
