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
    if ((moves += i - j) > 8 * n) return candidates.slice().sort((x, y) => x.start - y.start || x.end - y.end);
  }
  return out;
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
