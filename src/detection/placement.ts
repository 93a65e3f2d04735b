/**
 * Placement strategies (see Placement in types.ts): where each recognizer's patterns run. One
 * keyword automaton pass over the text serves every keyword-placed recognizer of a pass; each
 * distinct anchor runs once however many recognizers share it; then each recognizer runs its
 * patterns over the whole text, over its windows joined into one string, or anchored (sticky)
 * at the positions its keywords allow.
 */
import type { CompiledPattern, CompiledRecognizer } from './compile';
import { firstChars, mayStart, type FirstChars } from './first-chars';
import type { StartFit } from './keyword-fit';
import { KeywordMatcher } from './keyword-matcher';
import { consider, isWordCode, isWordHit, type ScanState } from './scoring';
import type { Finding } from './types';

/** A shared anchor of a pass and the recognizers (indices into `recs`) that use it. */
interface Anchor {
  re: RegExp;
  /** The literal character every match starts with, when the regex says so; null otherwise. */
  lead: string | null;
  /** Sticky twin of `re`, tried at each occurrence of `lead`. */
  sticky: RegExp;
  /** First characters of what follows `lead` (null: unknown), so most occurrences skip the regex. */
  next: FirstChars | null;
  recs: number[];
  /** The window lists its matches feed: one per distinct reach and set of shapes among `recs`. */
  targets: AnchorTarget[];
  /** By index into `recs`: the index of its target in `targets`. */
  targetOf: number[];
}

/**
 * Windows of one reach around the anchor matches of some shapes (all matches when `shapes` is
 * null); with `near` (>= 0), instead the positions from `near` before such a match to its end
 * where a match of a pattern of its recognizers may start (`first`).
 */
interface AnchorTarget {
  reach: number;
  near: number;
  first: FirstChars;
  shapes: { digits: number; run: number; mask: number }[] | null;
  /** Identifies the target among its anchor's targets. */
  key: string;
}

/** What one pass runs, prepared once per engine. */
export interface PassPlan {
  recs: CompiledRecognizer[];
  matcher: KeywordMatcher;
  /**
   * What the keywords ending at one place feed, by output of the matcher (`matcher.outputs`): from
   * `useFrom[output]` to `useFrom[output + 1]` in `uses`, groups of four: the recognizer (index into
   * `recs`), the window reach around the occurrence (-1: a `start` position, -2: a gate, which needs
   * one occurrence only), the keyword's length, and how it must stand as a word (0: need not; else
   * 1, with 2 when it must start a word and 4 when it must also end one) or, for a `start`
   * position, the keyword's class in its recognizer's `fit`. One typed array, so a hit reads its
   * uses without a lookup per keyword.
   */
  useFrom: Int32Array;
  uses: Int32Array;
  /** Distinct anchors, each with the indices into `recs` of the recognizers that use it. */
  anchors: Anchor[];
  /** By ASCII code: the bit of that character in an anchor match's shape (0 when no shape names it). */
  shapeBit: Int32Array;
}

const START = -1;
/** First characters of a pattern that may start anywhere (see first-chars.ts: every ASCII character, no word start needed). */
const ANY_START: FirstChars = new Uint8Array(129).fill(1, 0, 128);
const GATE = -2;

/** Keyword window of a recognizer (its own, or the one narrowing its anchor), if any. */
function keywordWindow(cr: CompiledRecognizer): { reach: number; wordKeywords: boolean } | undefined {
  const p = cr.placement;
  return p.kind === 'window' ? p : p.kind === 'anchor' ? p.window : undefined;
}

export function plan(recs: CompiledRecognizer[]): PassPlan {
  // By keyword: its uses, as in `uses` (in the order of `recs`).
  const keywordIndex = new Map<string, number[]>();
  recs.forEach((cr, r) => {
    const win = keywordWindow(cr);
    const reach = win ? win.reach : cr.placement.kind === 'start' ? START : GATE;
    for (const kw of new Set(cr.keywords)) {
      let use = keywordIndex.get(kw);
      if (use === undefined) keywordIndex.set(kw, (use = []));
      // Keyword windows open only on whole words, as context words count ("dl" in "handling" is not a label).
      const word = win !== undefined && win.wordKeywords ? 1 | (isWordCode(kw.charCodeAt(0)) ? 2 : 0) | (kw.length <= 3 && isWordCode(kw.charCodeAt(kw.length - 1)) ? 4 : 0) : 0;
      use.push(r, reach, kw.length, reach === START ? (cr.fit?.classOf.get(kw) ?? 0) : word);
    }
  });
  const anchorIndex = new Map<string, number>();
  const anchors: Anchor[] = [];
  const shapeBit = new Int32Array(128);
  let bits = 0;
  recs.forEach((cr, r) => {
    if (cr.placement.kind !== 'anchor') return;
    const { source, reach, shapes, near } = cr.placement;
    let id = anchorIndex.get(source);
    if (id === undefined) {
      id = anchors.length;
      anchorIndex.set(source, id);
      const lead = literalLead(source);
      anchors.push({ re: new RegExp(source, 'g'), lead, sticky: new RegExp(source, 'y'), next: lead === null ? null : firstChars(source.slice(1), ''), recs: [], targets: [], targetOf: [] });
    }
    const anchor = anchors[id];
    const key = `${reach} ${near} ${JSON.stringify(shapes)}`;
    let t = anchor.targets.findIndex((x) => x.key === key);
    if (t < 0) {
      const mask = (chars: string) => {
        let m = 0;
        for (let i = 0; i < chars.length; i++) {
          const c = chars.charCodeAt(i);
          if (shapeBit[c] === 0) {
            if (bits === 31) throw new Error('over 31 anchor shape characters');
            shapeBit[c] = 1 << bits++;
          }
          m |= shapeBit[c];
        }
        return m;
      };
      t = anchor.targets.push({ reach, near: near ?? -1, first: new Uint8Array(129).fill(1, 128), key, shapes: shapes === undefined ? null : shapes.map((sh) => ({ digits: sh.digits, run: sh.run, mask: mask(sh.anyOf) })) }) - 1;
    }
    anchor.recs.push(r);
    anchor.targetOf.push(t);
    // Where a match of any pattern of the target's recognizers may start: the union of their
    // first characters, at a word start only when every pattern needs one (entry 128).
    const target = anchor.targets[t];
    // A pattern with unknown first characters may start anywhere: `first` stays a table (a field
    // that turned null gave targets two maps, and the code reading them a deopt per scan).
    for (const { first } of cr.patterns) {
      const may = first ?? ANY_START;
      target.first = target.first.map((v, c) => (c < 128 ? v | may[c] : v & may[c]));
    }
  });
  const matcher = new KeywordMatcher([...keywordIndex.keys()]);
  const byKeyword = [...keywordIndex.values()];
  const useFrom = new Int32Array(matcher.outputs.length + 1);
  const uses: number[] = [];
  matcher.outputs.forEach((ids, output) => {
    for (const id of ids) uses.push(...byKeyword[id]);
    useFrom[output + 1] = uses.length;
  });
  return { recs, matcher, useFrom, uses: Int32Array.from(uses), anchors, shapeBit };
}

/** Runs every recognizer of a pass over `text` by its placement; candidates go to `out`. */
export function runPlan(text: string, plan: PassPlan, state: ScanState, out: Finding[]): void {
  const where = locate(text, plan);
  for (let r = 0; r < plan.recs.length; r++) runRecognizer(text, plan, where, r, state, out);
}

/** Where each recognizer of a pass runs in one text (from `locate`). */
export interface Located {
  /** Per recognizer: keyword-start positions, or windows as flat [start, end) pairs; null when none of its keywords occurs. */
  hits: (number[] | null)[];
  /** Per `start` recognizer: the class of the keyword of each of its positions in `hits` (see StartFit). */
  classes: (number[] | null)[];
  /** Per recognizer with an anchor and keywords: the anchor windows its windows lie in (see joinWindows). */
  limits: (number[] | null)[];
  /** Joined windows by list of windows: recognizers with only the same anchor target share one list. */
  joinedCache: Map<number[], Joined>;
}

/** The keyword pass and the anchor passes: where each recognizer of `plan` runs in `text`. */
export function locate(text: string, plan: PassPlan): Located {
  const { recs, useFrom, uses } = plan;
  // Per recognizer: keyword-start positions, or windows as flat [start, end) pairs; null when
  // none of its keywords occurs.
  const hits: (number[] | null)[] = new Array(recs.length).fill(null);
  const classes: (number[] | null)[] = new Array(recs.length).fill(null);
  plan.matcher.scanOutputs(text, (output, end) => {
    for (let i = useFrom[output]; i < useFrom[output + 1]; i += 4) {
      const len = uses[i + 2];
      const start = end - len;
      const word = uses[i + 3];
      const r = uses[i];
      const reach = uses[i + 1];
      if (reach === START) {
        if (hits[r] === null) {
          hits[r] = [];
          classes[r] = [];
        }
        hits[r]!.push(start);
        classes[r]!.push(word);
        continue;
      }
      if (word !== 0 && !isWordHit(text, start, len, (word & 2) !== 0, (word & 4) !== 0)) continue;
      let list = hits[r];
      if (list === null) list = hits[r] = [];
      // A keyword that only gates the recognizer needs one hit, not a list of windows.
      else if (reach === GATE) continue;
      if (reach >= 0) addWindow(list, start - reach, end + reach);
    }
  });
  // Anchor windows, one list per anchor and reach. Recognizers with only an anchor share that
  // list and one joined text; one with keywords too scans where its keyword windows meet it.
  const limits: (number[] | null)[] = new Array(recs.length).fill(null);
  const { shapeBit } = plan;
  for (const anchor of plan.anchors) {
    // A recognizer that also has keywords only needs its anchor when a keyword occurs.
    // Filled, not mapped: an array from `map` changed its elements kind when TurboFan inlined the
    // call, and the code reading it deopted on the other kind.
    const lists: (number[] | null)[] = new Array(anchor.targets.length).fill(null);
    let any = false;
    anchor.recs.forEach((r, i) => {
      if (recs[r].keywords.length > 0 && hits[r] === null) return;
      lists[anchor.targetOf[i]] = [];
      any = true;
    });
    if (!any) continue;
    const { targets } = anchor;
    forEachAnchorMatch(text, anchor, targets, lists, shapeBit);
    const merged: (number[] | undefined)[] = [];
    anchor.recs.forEach((r, i) => {
      const t = anchor.targetOf[i];
      const near = lists[t];
      if (near === null || (recs[r].keywords.length > 0 && hits[r] === null)) return;
      if (recs[r].keywords.length === 0) {
        hits[r] = near;
      } else {
        const clean = (limits[r] = merged[t] ??= windows(near, text.length));
        hits[r] = intersect(windows(hits[r]!, text.length), clean);
      }
    });
  }
  return { hits, classes, limits, joinedCache: new Map() };
}

/** Runs recognizer `r` of `plan` where `locate` placed it. */
export function runRecognizer(text: string, plan: PassPlan, where: Located, r: number, state: ScanState, out: Finding[]): void {
  const cr = plan.recs[r];
  const h = where.hits[r];
  const kind = cr.placement.kind;
  if (kind === 'everywhere') scanWhole(text, cr, state, out);
  else if (h === null) return;
  else if (kind === 'gate') scanWhole(text, cr, state, out);
  else if (cr.placement.kind === 'start') scanAt(text, cr, cr.placement, h, where.classes[r]!, cr.fit, state, out);
  // `near`: the listed candidates are the only positions tried, as `start` positions of their own.
  else if (cr.placement.kind === 'anchor' && cr.placement.near !== undefined) scanAt(text, cr, AT_ONLY, h, h, null, state, out);
  else {
    let joined = where.joinedCache.get(h);
    if (!joined) where.joinedCache.set(h, (joined = joinWindows(text, windows(h, text.length), windowMargin(cr), where.limits[r])));
    scanJoined(text, cr, joined, state, out);
  }
}

/**
 * Appends the window [a, b) to a flat list of pairs, merging it into the last window when they
 * overlap. Hits arrive nearly in order (keywords by end, anchors by start), so this keeps the
 * list short; `windows` finishes the job.
 */
function addWindow(list: number[], a: number, b: number): void {
  const n = list.length;
  if (n >= 2 && a <= list[n - 1] && b >= list[n - 2]) {
    if (a < list[n - 2]) list[n - 2] = a;
    if (b > list[n - 1]) list[n - 1] = b;
  } else {
    list.push(a, b);
  }
}

/**
 * Sorted, merged, clamped [start, end) windows from a flat list of pairs. A sorted list is merged
 * in place and returned: a list shared by several recognizers may be passed again, which leaves
 * it as it is (the result of `windows` is its own result).
 */
function windows(hits: number[], length: number): number[] {
  let sorted = true;
  for (let i = 2; i < hits.length; i += 2) {
    if (hits[i] < hits[i - 2]) {
      sorted = false;
      break;
    }
  }
  let pairs = hits;
  if (!sorted) {
    const idx: number[] = [];
    for (let i = 0; i < hits.length; i += 2) idx.push(i);
    idx.sort((x, y) => hits[x] - hits[y]);
    pairs = [];
    for (const i of idx) pairs.push(hits[i], hits[i + 1]);
  }
  // Merged in place (a window is written at or before where it was read): growing a new list
  // pair by pair cost more than the merging.
  let n = 0;
  for (let i = 0; i < pairs.length; i += 2) {
    const a = Math.max(0, pairs[i]);
    const b = Math.min(length, pairs[i + 1]);
    if (n > 0 && a <= pairs[n - 1]) {
      if (b > pairs[n - 1]) pairs[n - 1] = b;
    } else if (b > a) {
      pairs[n++] = a;
      pairs[n++] = b;
    }
  }
  pairs.length = n;
  return pairs;
}

/**
 * The first character of a regex source when it is a literal that every match starts with: no
 * metacharacter, no quantifier on it, no alternation anywhere (which could offer another start).
 */
function literalLead(source: string): string | null {
  if (source.length < 2 || source.includes('|')) return null;
  if ('\\^$.|?*+()[]{}'.includes(source[0]) || '?*+{'.includes(source[1])) return null;
  return source[0];
}

/**
 * Adds the window of each anchor match, in text order as a global scan finds them, to the lists
 * of the targets it fits. An anchor led by a literal character jumps between its occurrences with
 * indexOf (a native memchr-like search, several times faster than the regex engine's own scan for
 * a rare character) and tries the regex only there.
 */
function forEachAnchorMatch(text: string, anchor: Anchor, targets: AnchorTarget[], lists: (number[] | null)[], shapeBit: Int32Array): void {
  if (anchor.lead !== null) {
    const { lead, sticky, next } = anchor;
    let i = text.indexOf(lead);
    while (i !== -1) {
      // Most colons in prose and code are followed by a space, which cannot continue an IPv6 address.
      sticky.lastIndex = i;
      const m = next === null || mayStart(next, text, i + 1) ? sticky.exec(text) : null;
      const len = m === null ? 0 : m[0].length;
      if (m !== null) addAnchorWindows(text, i, i + len, targets, lists, shapeBit);
      i = text.indexOf(lead, i + Math.max(1, len));
    }
    return;
  }
  const re = anchor.re;
  re.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) {
    const len = m[0].length;
    if (len === 0) re.lastIndex++;
    addAnchorWindows(text, m.index, m.index + len, targets, lists, shapeBit);
  }
}

/** Adds the window of the anchor match [start, end) to the list of each target (with a list) whose shapes it fits. */
function addAnchorWindows(text: string, start: number, end: number, targets: AnchorTarget[], lists: (number[] | null)[], shapeBit: Int32Array): void {
  // The match's shape, computed on first need: digits, longest digit run, characters named by shapes.
  let digits = -1;
  let run = 0;
  let chars = 0;
  for (let t = 0; t < targets.length; t++) {
    const list = lists[t];
    if (list === null) continue;
    const { reach, near, first, shapes } = targets[t];
    if (shapes !== null) {
      if (digits < 0) {
        digits = 0;
        let cur = 0;
        for (let i = start; i < end; i++) {
          const c = text.charCodeAt(i);
          if (c >= 48 && c <= 57) {
            digits++;
            if (++cur > run) run = cur;
          } else {
            cur = 0;
            if (c < 128) chars |= shapeBit[c];
          }
        }
      }
      let fits = false;
      for (let k = 0; k < shapes.length && !fits; k++) {
        const sh = shapes[k];
        fits = digits >= sh.digits && run >= sh.run && (sh.mask === 0 || (chars & sh.mask) !== 0);
      }
      if (!fits) continue;
    }
    if (near < 0) {
      addWindow(list, start - reach, end + reach);
      continue;
    }
    // The positions from `near` before the match to its end where a match may start, after the
    // last one listed (the range may reach back into the one before).
    for (let at = Math.max(0, start - near, list.length > 0 ? list[list.length - 1] + 1 : 0); at < end; at++) {
      const c = text.charCodeAt(at);
      if ((c >= 128 || first[c] === 1) && mayStart(first, text, at)) list.push(at);
    }
  }
}

/**
 * Intersection of two sorted, merged [start, end) window lists. `a` (keyword windows) is usually
 * far shorter than `b` (anchor windows): for each window of `a`, the first window of `b` that
 * ends after its start is found by binary search, not by walking `b`.
 */
function intersect(a: number[], b: number[]): number[] {
  const out: number[] = [];
  const nb = b.length >> 1;
  let j = 0;
  for (let i = 0; i < a.length; i += 2) {
    const a0 = a[i];
    const a1 = a[i + 1];
    // First window of b at or after j whose end is past a0.
    let lo = j;
    let hi = nb;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (b[2 * mid + 1] <= a0) lo = mid + 1;
      else hi = mid;
    }
    j = lo;
    for (let k = j; k < nb && b[2 * k] < a1; k++) {
      const lo2 = Math.max(a0, b[2 * k]);
      const hi2 = Math.min(a1, b[2 * k + 1]);
      if (lo2 < hi2) out.push(lo2, hi2);
    }
  }
  return out;
}

/** `everywhere` and `gate`: each pattern once over the whole text. */
function scanWhole(text: string, cr: CompiledRecognizer, state: ScanState, out: Finding[]): void {
  for (const p of cr.patterns) {
    if (p.run) {
      scanRuns(text, cr, p, p.run.length, p.run.of, state, out);
      continue;
    }
    const re = p.re;
    re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = re.exec(text)) !== null) {
      if (m[0].length === 0) {
        re.lastIndex++;
        continue;
      }
      consider(text, cr, p, m, state, out);
    }
  }
}

/**
 * A pattern with `run`: tried (sticky) at the start of each whole run of exactly `length`
 * characters of its class (`of`, by ASCII code), where every match starts (see Pattern.run): its
 * matches are those runs' matches, in order. Any such run covers one of every `length`th
 * position, so only those are read where no run is; at a character of the class, the run around
 * it is measured (when it may be that long), and the next run starts after its end.
 */
function scanRuns(text: string, cr: CompiledRecognizer, p: CompiledPattern, length: number, of: Uint8Array, state: ScanState, out: Finding[]): void {
  const n = text.length;
  // Read here, where every call passes: read first at the rare whole run, they deopted the code
  // TurboFan had compiled before one came (no type feedback for them yet).
  const { first, sticky } = p;
  for (let i = length - 1; i < n; ) {
    let c = text.charCodeAt(i);
    if (c >= 128 || of[c] === 0) {
      i += length;
      continue;
    }
    // A run of `length` around i holds i - half or i + half: with neither of the class, none does,
    // and the next run to look for starts after i (most hits are short words and numbers).
    const half = length >> 1;
    c = i + half < n ? text.charCodeAt(i + half) : 32;
    if ((c >= 128 || of[c] === 0) && ((c = text.charCodeAt(i - half)) >= 128 || of[c] === 0)) {
      i += length;
      continue;
    }
    let a = i;
    while (a > 0 && (c = text.charCodeAt(a - 1)) < 128 && of[c] === 1) a--;
    let b = i + 1;
    while (b < n && (c = text.charCodeAt(b)) < 128 && of[c] === 1) b++;
    // Most whole runs of that length are digits (card numbers), where no match starts.
    if (b - a === length && (first === null || mayStart(first, text, a))) {
      sticky.lastIndex = a;
      const m = sticky.exec(text);
      if (m !== null) consider(text, cr, p, m, state, out);
    }
    i = b + length;
  }
}

/**
 * `anchor` with `near`: each pattern tried (sticky) at the candidate positions (from `near` before
 * an anchor match to its end, where a pattern of the target may start; see addAnchorWindows) in
 * text order, a match's end skipping ahead as a global scan does. The placement promises that
 * every match in the whole text starts at such a position, so these are exactly the matches a
 * global scan of the whole text finds, with no window text built and most positions rejected
 * while the anchor loop reads them anyway.
 */
const AT_ONLY = { before: 0, after: 0 };

/**
 * Least distance a window's text reaches past the window, so a value starting inside is not cut
 * (a recognizer's keyword window or anchor reach, when larger, is used instead).
 */
const WINDOW_MARGIN = 16;

function windowMargin(cr: CompiledRecognizer): number {
  const p = cr.placement;
  // An anchor window already reaches `reach` past the anchor match, which every value contains,
  // and `reach` covers what follows its digits ("... 3M02 606" of a French IBAN): no margin.
  if (p.kind === 'anchor') return p.window === undefined ? 0 : Math.max(WINDOW_MARGIN, p.window.reach, p.reach);
  return p.kind === 'window' ? Math.max(WINDOW_MARGIN, p.reach) : WINDOW_MARGIN;
}

/**
 * The windows of a text joined into one string (with a separator no pattern spans), so each
 * pattern runs once over all windows instead of once per window; `joinStart` and `spans` map
 * offsets back.
 */
export interface Joined {
  joined: string;
  /** Offset of each window in `joined`. */
  joinStart: number[];
  /** The windows in the text, flat [start, end) pairs: matches must start before a window's end (the slice runs further). */
  spans: number[];
  /** By a pattern lead's source: the positions in `joined` where it matches (see scanJoined). */
  leads: Map<string, number[]>;
}

const JOIN_SEPARATOR = '\n\u0000\n';

/**
 * `limits`, when given, are sorted windows each holding one or more of `spans`: a window's text
 * then ends at the end of its limit at most. For a recognizer with an anchor and keywords, its
 * windows are keyword windows cut to anchor windows, and a value lies within the anchor window of
 * the match it contains (as for a recognizer with only an anchor, whose text has no margin), so
 * text past that window is never needed: about half the joined text of those recognizers.
 */
function joinWindows(text: string, spans: number[], margin: number, limits: number[] | null): Joined {
  // Sized up front: TurboFan did not inline the pushes here (a builtin call per window).
  const parts: string[] = new Array(spans.length >> 1);
  const joinStart: number[] = new Array(parts.length);
  let pos = 0;
  for (let w = 0, j = 1; w < spans.length; w += 2) {
    let end = Math.min(text.length, spans[w + 1] + margin);
    if (limits) {
      while (limits[j] < spans[w + 1]) j += 2;
      end = Math.min(end, limits[j]);
    }
    joinStart[w >> 1] = pos;
    parts[w >> 1] = text.slice(spans[w], end);
    pos += end - spans[w] + JOIN_SEPARATOR.length;
  }
  return { joined: parts.join(JOIN_SEPARATOR), joinStart, spans, leads: new Map() };
}

/** `window` and `anchor`: each pattern once over the joined windows, re-checked on the text. */
function scanJoined(text: string, cr: CompiledRecognizer, j: Joined, state: ScanState, out: Finding[]): void {
  const { joined, joinStart, spans } = j;
  if (joinStart.length === 0) return;
  for (const p of cr.patterns) {
    // With a lead, the pattern is tried (sticky) only where its lead matches, which it does at
    // every match's start: the attempts at and after the end of the last match find what a global
    // scan finds, in the same order.
    const starts = p.lead && leadStarts(j, p.lead);
    const re = starts ? p.sticky : p.re;
    let from = 0;
    let k = 0;
    let w = 0;
    let lastAt = -1;
    for (;;) {
      let m: RegExpExecArray | null = null;
      if (!starts) {
        re.lastIndex = from;
        m = re.exec(joined);
      } else {
        while (m === null && k < starts.length) {
          re.lastIndex = starts[k++];
          if (re.lastIndex >= from) m = re.exec(joined);
        }
      }
      if (m === null) break;
      from = m.index + (m[0].length || 1);
      if (m[0].length === 0) continue;
      while (w + 1 < joinStart.length && joinStart[w + 1] <= m.index) w++;
      const at = spans[2 * w] + (m.index - joinStart[w]);
      if (at <= lastAt || at >= spans[2 * w + 1]) continue;
      // Re-run at the same place on the whole text: real boundaries, lookbehinds and full length.
      p.sticky.lastIndex = at;
      const whole = p.sticky.exec(text);
      if (whole !== null && whole[0].length > 0) {
        lastAt = at;
        consider(text, cr, p, whole, state, out);
      }
    }
  }
}

/** The positions in `j.joined` where `lead` matches, found once per joined text and lead. */
function leadStarts(j: Joined, lead: RegExp): number[] {
  let starts = j.leads.get(lead.source);
  if (starts === undefined) {
    j.leads.set(lead.source, (starts = []));
    lead.lastIndex = 0;
    for (let m; (m = lead.exec(j.joined)) !== null; lead.lastIndex = m.index + 1) starts.push(m.index);
  }
  return starts;
}

/**
 * `start`: runs each pattern anchored at the positions `before`/`after` allow around the keyword
 * starts in `starts`, in text order. Like a global scan, the next attempt begins after a match's
 * end. With a `fit`, a pattern is not tried at a keyword start (of the keyword class in
 * `classes`) where it cannot match: an attempt that fails leaves the scan as it was.
 */
function scanAt(
  text: string,
  cr: CompiledRecognizer,
  range: { before: number; after: number; leading?: RegExp; ascii?: Uint8Array },
  starts: number[],
  classes: number[],
  fit: StartFit | null,
  state: ScanState,
  out: Finding[],
): void {
  const { before, after, leading, ascii } = range;
  for (let i = 1; i < starts.length; i++) {
    if (starts[i] < starts[i - 1]) {
      // Sorted with the class of each (`classes` may be the same list again).
      starts
        .map((at, k) => [at, classes[k]])
        .sort((a, b) => a[0] - b[0])
        .forEach(([at, cls], k) => {
          starts[k] = at;
          classes[k] = cls;
        });
      break;
    }
  }
  const limit = text.length - 1;
  const exact = before + after === 0 && !leading;
  // By start: its class's entry for the character after its keyword in the patterns' `next`
  // tables, worked out once for all patterns.
  let keys: Int32Array | null = null;
  if (fit !== null) {
    keys = new Int32Array(starts.length);
    for (let k = 0; k < starts.length; k++) {
      const cls = classes[k];
      const c = text.charCodeAt(starts[k] + fit.length[cls]);
      keys[k] = 129 * cls + (c < 128 ? c : 128);
    }
  }
  for (let i = 0; i < cr.patterns.length; i++) {
    const p = cr.patterns[i];
    const re = p.sticky;
    const first = p.first;
    const fits = fit === null ? null : fit.next[i];
    let next = 0;
    for (let k = 0; k < starts.length; k++) {
      let at = starts[k];
      let last = at;
      if (fits !== null && fits[keys![k]] === 0) continue;
      // Most `start` recognizers try the keyword start only (`before: 0, after: 0`): no range to
      // work out (about 1 % fewer instructions on the dense text, bench/instructions.ts).
      if (!exact) {
        at -= before;
        if (leading) {
          // Back from the keyword while characters are of the `leading` class: no match starts earlier.
          let j = last;
          while (j > at && j > 0) {
            const c = text.charCodeAt(j - 1);
            if (c < 128 ? ascii![c] === 0 : !leading.test(text[j - 1])) break;
            j--;
          }
          at = j;
        }
        last = Math.min(limit, last + after);
      }
      at = Math.max(next, at);
      while (at <= last) {
        // A character no match starts with: skip the position without entering the regex engine.
        if (first !== null && !mayStart(first, text, at)) {
          at++;
          continue;
        }
        re.lastIndex = at;
        const m = re.exec(text);
        if (m !== null && m[0].length > 0) {
          consider(text, cr, p, m, state, out);
          at += m[0].length;
        } else {
          at++;
        }
      }
      if (at > next) next = at;
    }
  }
}
