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
  let cluster: Finding[] = [];
  let clusterEnd = -1;
  const flush = () => {
    if (cluster.length === 1) out.push(cluster[0]);
    else if (cluster.length > 1) out.push(...pickCluster(cluster, order));
    cluster = [];
  };
  for (const f of byStart) {
    if (f.start >= clusterEnd) {
      flush();
      clusterEnd = f.end;
    } else if (f.end > clusterEnd) {
      clusterEnd = f.end;
    }
    cluster.push(f);
  }
  flush();
  return out;
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
