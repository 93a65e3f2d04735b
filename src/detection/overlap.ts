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
  // Clusters as index ranges of `byStart`: most hold one finding, which goes straight out. (`flush`
  // is a plain function: a closure made per call became a different call target at every scan,
  // and the code V8 had compiled mid-loop deoptimized at the call after the loop each time.)
  let from = 0;
  let clusterEnd = byStart[0].end;
  for (let i = 1; i < n; i++) {
    const f = byStart[i];
    if (f.start >= clusterEnd) {
      flush(byStart, from, i, out, order);
      from = i;
      clusterEnd = f.end;
    } else if (f.end > clusterEnd) {
      clusterEnd = f.end;
    }
  }
  flush(byStart, from, n, out, order);
  return out;
}

/** Whether `a` sorts before `b`: earlier start, then earlier end. */
function before(a: Finding, b: Finding): boolean {
  return a.start < b.start || (a.start === b.start && a.end < b.end);
}

/**
 * The candidates sorted by start, then end, stably. They arrive as runs already in that order
 * (each pattern of a recognizer reports in text order, and so do the detectors as a rule), about a
 * hundred of them per MB of dense text, so the runs are merged pairwise, with no comparator calls:
 * about half the time of `Array#sort` with a comparator there. Any order is sorted, in more runs.
 */
function sortByStart(candidates: Finding[]): Finding[] {
  const n = candidates.length;
  let bounds: number[] = [0];
  for (let i = 1; i < n; i++) if (before(candidates[i], candidates[i - 1])) bounds.push(i);
  bounds.push(n);
  let src = candidates.slice();
  let dst: Finding[] = new Array(n);
  while (bounds.length > 2) {
    const next: number[] = [0];
    for (let k = 0; k + 1 < bounds.length; k += 2) {
      const lo = bounds[k];
      const mid = bounds[k + 1];
      const hi = k + 2 < bounds.length ? bounds[k + 2] : mid;
      // On a tie the left run's finding goes first: the sort is stable.
      let i = lo;
      let j = mid;
      let o = lo;
      while (i < mid && j < hi) dst[o++] = before(src[j], src[i]) ? src[j++] : src[i++];
      while (i < mid) dst[o++] = src[i++];
      while (j < hi) dst[o++] = src[j++];
      next.push(hi);
    }
    bounds = next;
    const t = src;
    src = dst;
    dst = t;
  }
  return src;
}

/** Appends what survives of the cluster byStart[from, to) to `out`. */
function flush(byStart: Finding[], from: number, to: number, out: Finding[], order: (f: Finding) => number): void {
  if (to - from === 1) {
    out.push(byStart[from]);
    return;
  }
  const ranked = byStart.slice(from, to).sort(
    (a, b) =>
      b.score - a.score ||
      b.end - b.start - (a.end - a.start) ||
      order(a) - order(b) ||
      a.start - b.start,
  );
  const kept: Finding[] = [];
  for (const f of ranked) {
    if (kept.every((k) => f.end <= k.start || f.start >= k.end)) kept.push(f);
  }
  kept.sort((a, b) => a.start - b.start);
  for (const f of kept) out.push(f);
}
