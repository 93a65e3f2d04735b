import type { Finding } from './types';

/**
 * Resolves overlapping findings deterministically: within each cluster of (transitively)
 * overlapping candidates, keep greedily the higher score, then the longer span, then the
 * earlier recognizer (`order`), then the earlier start. Clusters are independent, so this is
 * the same as one global greedy pass, in O(n log n). Returns findings sorted by start.
 */
export function resolveOverlaps(candidates: Finding[], order: (f: Finding) => number): Finding[] {
  const n = candidates.length;
  if (n <= 1) return candidates.slice();
  const byStart = sortByStart(candidates);
  const out: Finding[] = [];
  // Clusters as index ranges of `byStart`: most hold one finding, which goes straight out. One
  // call of `flush`, inside the loop (i === n closes the last cluster): V8 compiles this loop
  // mid-loop in the first scan, and a call after the loop, not yet run then, had no type feedback,
  // so that code deoptimized there at every later scan. (`flush` is a plain function: a closure
  // made per call became a different call target at every scan.)
  let from = 0;
  let clusterEnd = byStart[0].end;
  for (let i = 1; i <= n; i++) {
    const f = i < n ? byStart[i] : null;
    if (f === null || f.start >= clusterEnd) {
      flush(byStart, from, i, out, order);
      if (f === null) break;
      from = i;
      clusterEnd = f.end;
    } else if (f.end > clusterEnd) {
      clusterEnd = f.end;
    }
  }
  return out;
}

function byStartThenEnd(x: Finding, y: Finding): number {
  return x.start - y.start || x.end - y.end;
}

/** Whether `a` sorts before `b`: earlier start, then earlier end. */
function before(a: Finding, b: Finding): boolean {
  return a.start < b.start || (a.start === b.start && a.end < b.end);
}

/**
 * The candidates sorted by start, then end, stably. A counting sort by block of start positions
 * (blocks of 2^shift positions, about as many as candidates) puts each candidate in its block,
 * keeping the candidates' order within it; an insertion sort then orders each block (a candidate
 * never passes one of an earlier block), moving a few candidates at most: about a quarter of the
 * time of merging the hundred runs the candidates arrive in. Where blocks hold many candidates out of
 * order (many at nearly one place), it hands over to `Array#sort`, which is stable too: both give
 * the one stable order, so the same array.
 */
function sortByStart(candidates: Finding[]): Finding[] {
  const n = candidates.length;
  let last = 0;
  for (const f of candidates) if (f.start > last) last = f.start;
  let shift = 0;
  while (last >>> shift > n) shift++;
  const at = new Int32Array((last >>> shift) + 2);
  for (const f of candidates) at[(f.start >>> shift) + 1]++;
  for (let b = 1; b < at.length; b++) at[b] += at[b - 1];
  const out: Finding[] = new Array(n);
  for (const f of candidates) out[at[f.start >>> shift]++] = f;
  let moves = 0;
  for (let i = 1; i < n; i++) {
    const f = out[i];
    let j = i;
    for (; j > 0 && before(f, out[j - 1]); j--) out[j] = out[j - 1];
    out[j] = f;
    if ((moves += i - j) > 8 * n) return candidates.slice().sort(byStartThenEnd);
  }
  return out;
}

/** Clusters up to this size are ranked by insertion sort; larger ones (rare) by `Array#sort`. */
const SMALL_CLUSTER = 16;

/**
 * Appends what survives of the cluster byStart[from, to) to `out`. Small clusters (nearly all hold
 * two to four candidates) are ranked by a stable insertion sort with `ranksBefore`: the one order
 * the stable `Array#sort` gives with that comparison, without a comparator closure made per
 * cluster (V8 compiled each such closure against the scan's `order` and threw it away after it).
 */
function flush(byStart: Finding[], from: number, to: number, out: Finding[], order: (f: Finding) => number): void {
  if (to - from === 1) {
    out.push(byStart[from]);
    return;
  }
  let ranked: Finding[];
  if (to - from <= SMALL_CLUSTER) {
    ranked = [];
    for (let i = from; i < to; i++) {
      const f = byStart[i];
      let j = ranked.length;
      ranked.push(f);
      for (; j > 0 && ranksBefore(f, ranked[j - 1], order); j--) ranked[j] = ranked[j - 1];
      ranked[j] = f;
    }
  } else {
    ranked = byStart.slice(from, to).sort((a, b) => (ranksBefore(a, b, order) ? -1 : ranksBefore(b, a, order) ? 1 : 0));
  }
  // Greedily kept, then put back in order of start (kept findings do not overlap: distinct starts).
  const kept: Finding[] = [];
  for (const f of ranked) {
    if (overlapsNone(kept, f)) {
      let j = kept.length;
      kept.push(f);
      for (; j > 0 && f.start < kept[j - 1].start; j--) kept[j] = kept[j - 1];
      kept[j] = f;
    }
  }
  for (const f of kept) out.push(f);
}

/** Whether `a` ranks strictly before `b`: higher score, then longer span, then earlier recognizer, then earlier start. */
function ranksBefore(a: Finding, b: Finding, order: (f: Finding) => number): boolean {
  if (a.score !== b.score) return a.score > b.score;
  const la = a.end - a.start;
  const lb = b.end - b.start;
  if (la !== lb) return la > lb;
  const oa = order(a);
  const ob = order(b);
  if (oa !== ob) return oa < ob;
  return a.start < b.start;
}

/** Whether `f` overlaps none of `kept`. */
function overlapsNone(kept: Finding[], f: Finding): boolean {
  for (const k of kept) if (!(f.end <= k.start || f.start >= k.end)) return false;
  return true;
}
