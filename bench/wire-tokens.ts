/**
 * Labelled texts re-spaced the way tokenized news corpora (CoNLL-2003 and its kin) are read when
 * their tokens are joined with spaces: punctuation stands apart (`Smith , who`, `( Reuters )`,
 * `" We won , " he said .`), a possessive is a token of its own (`Japan 's`); numbers
 * keep their inner punctuation (`1,250.5`, `6-3`, `10:30`), abbreviations and initials keep their
 * full stop (`U.S.`, `Mr.`, `M.`), hyphenated and apostrophe words stay whole (`Jean-Luc`,
 * `O'Brien`, `don't`), and line breaks stay. Gold spans move with their tokens. Used by
 * accuracy-languages' `--tokenized`, to measure the same labelled news in that form.
 */
import type { RecordIn } from './span-scoring';

/** A labelled record of accuracy-languages: span-scoring's record with its language. */
type Labelled = RecordIn & { lang: string };

/**
 * One token: a number with inner `.`, `,`, `:`, `-` or `/` between digits; a word with inner `-`,
 * `'` or `’` (not a possessive's) or dotted letters (`U.S.`); a possessive `'s`; any other visible
 * character alone. A trailing full stop stays with the word only for an abbreviation (see `keepsStop`).
 */
const TOKEN = /['’]s(?![\p{L}\p{M}\p{N}])|\p{N}+(?:[.,:\-/]\p{N}+)*|[\p{L}\p{M}]+(?:-[\p{L}\p{M}]+|['’](?!s(?![\p{L}\p{M}\p{N}]))[\p{L}\p{M}]+|\.\p{L}(?=\.))*\.?|\S/gu;

/** Abbreviations that keep their full stop in such corpora (initials and dotted forms are recognised by shape). */
const ABBREVIATIONS = new Set(['mr', 'mrs', 'ms', 'dr', 'st', 'jr', 'sr', 'prof', 'gen', 'lt', 'col', 'sgt', 'capt', 'gov', 'sen', 'rep', 'rev', 'no', 'inc', 'corp', 'co', 'ltd', 'vs', 'v', 'jan', 'feb', 'aug', 'sept', 'oct', 'nov', 'dec', 'mt', 'ft']);

/** Whether the word `w` (ending in `.`) keeps its full stop: an initial, a dotted form (`U.S.`) or a listed abbreviation. */
function keepsStop(w: string): boolean {
  const bare = w.slice(0, -1);
  return /^\p{L}$/u.test(bare) || bare.includes('.') || ABBREVIATIONS.has(bare.toLowerCase());
}

/**
 * The tokens of one line, as [start, end) offsets into `text`; a token is also cut where a gold
 * span starts or ends inside it (`Hargrave-era`: the label is on `Hargrave`).
 */
function lineTokens(text: string, from: number, to: number, cuts: Set<number>): [number, number][] {
  const out: [number, number][] = [];
  TOKEN.lastIndex = from;
  for (let m = TOKEN.exec(text); m && m.index < to; m = TOKEN.exec(text)) {
    let start = m.index;
    let end = Math.min(start + m[0].length, to);
    const word = text.slice(start, end);
    // A sentence's full stop after a word stands alone.
    if (word.length > 1 && word.endsWith('.') && !keepsStop(word)) {
      out.push([start, end - 1]);
      start = end - 1;
    }
    for (let c = start + 1; c < end; c++) {
      if (!cuts.has(c)) continue;
      out.push([start, c]);
      start = c;
    }
    out.push([start, end]);
    TOKEN.lastIndex = end;
  }
  return out;
}

/** `records` with each text re-spaced into tokens and each span moved with them. */
export function wireTokenized<R extends Labelled>(records: R[]): R[] {
  return records.map((r) => {
    const text = r.full_text;
    const cuts = new Set(r.spans.flatMap((sp) => [sp.start_position, sp.end_position]));
    // Old offset -> new offset, for every token start and end.
    const startAt = new Map<number, number>();
    const endAt = new Map<number, number>();
    let out = '';
    let lineStart = 0;
    while (lineStart <= text.length) {
      const nl = text.indexOf('\n', lineStart);
      const lineEnd = nl < 0 ? text.length : nl;
      const toks = lineTokens(text, lineStart, lineEnd, cuts);
      toks.forEach(([s, e], n) => {
        if (n > 0) out += ' ';
        startAt.set(s, out.length);
        out += text.slice(s, e);
        endAt.set(e, out.length);
      });
      if (nl < 0) break;
      out += '\n';
      lineStart = nl + 1;
    }
    const spans = r.spans.map((sp) => {
      const start = startAt.get(sp.start_position);
      const end = endAt.get(sp.end_position);
      if (start === undefined || end === undefined) throw new Error(`wireTokenized: a ${sp.entity_type} span of a ${r.lang} record at ${sp.start_position}-${sp.end_position} does not fall on token boundaries`);
      return { ...sp, start_position: start, end_position: end };
    });
    return { ...r, full_text: out, spans };
  });
}
