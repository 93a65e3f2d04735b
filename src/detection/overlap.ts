import type { Finding } from './types';

/**
 * Resolves overlapping findings deterministically: within each cluster of (transitively)
 * overlapping candidates, keep greedily the higher score, then the longer span, then the
 * earlier recognizer (`order`), then the earlier start. Clusters are independent, so this is
 * the same as one global greedy pass, in O(n log n). Returns findings sorted by start.
 */
export function resolveOverlaps(candidates: Finding[], order: (f: Finding) => number): Finding[] {
  if (candidates.length <= 1) return candidates.slice();
  const byStart = candidates.slice().sort((a, b) => a.start - b.start || a.end - b.end);
  const out: Finding[] = [];
  // The cluster is flushed by a plain function, not a closure: a closure made per call became a
  // different call target at every scan, and the code V8 had compiled mid-loop deoptimized at
  // the call after the loop each time.
  let cluster: Finding[] = [];
  let clusterEnd = -1;
  for (const f of byStart) {
    if (f.start >= clusterEnd) {
      flush(cluster, out, order);
      cluster = [];
      clusterEnd = f.end;
    } else if (f.end > clusterEnd) {
      clusterEnd = f.end;
    }
    cluster.push(f);
  }
  flush(cluster, out, order);
  return out;
}

function flush(cluster: Finding[], out: Finding[], order: (f: Finding) => number): void {
  if (cluster.length === 1) out.push(cluster[0]);
  else if (cluster.length > 1) out.push(...pickCluster(cluster, order));
}

function pickCluster(cluster: Finding[], order: (f: Finding) => number): Finding[] {
  const ranked = cluster.slice().sort(
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
  return kept.sort((a, b) => a.start - b.start);
}
