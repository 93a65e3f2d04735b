import type { MaskSpan } from '../../src/detection/masking';

/** Mask tokens as the engine writes them: `[EMAIL_1]`, `[US_SSN_12]`. */
const TOKEN_RE = /\[[A-Z][A-Z0-9_]*_\d+\]/g;
/** What a token may look like before it is complete (held back at the end of a stream chunk). */
const PARTIAL_RE = /\[[A-Z0-9_]*$/;

/** token → original value, built from the spans of one check; kept only in this process's memory. */
export function tokenMap(text: string, spans: readonly MaskSpan[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const s of spans) if (!map.has(s.token)) map.set(s.token, text.slice(s.start, s.end));
  return map;
}

/** Puts the original values back in place of the tokens this map knows; other text stays as it is. */
export function restoreText(reply: string, map: ReadonlyMap<string, string>): string {
  if (map.size === 0) return reply;
  return reply.replace(TOKEN_RE, (t) => map.get(t) ?? t);
}

/**
 * `restoreText` for a streamed reply: a token split across chunks is held back until it is
 * complete (or proves not to be one), so every token is restored whatever the chunking.
 */
export async function* restoreChunks(chunks: AsyncIterable<string> | Iterable<string>, map: ReadonlyMap<string, string>): AsyncGenerator<string> {
  let longest = 0;
  for (const t of map.keys()) longest = Math.max(longest, t.length);
  let pending = '';
  for await (const chunk of chunks) {
    pending += chunk;
    const partial = PARTIAL_RE.exec(pending);
    const hold = partial && pending.length - partial.index < longest ? partial.index : pending.length;
    const ready = pending.slice(0, hold);
    pending = pending.slice(hold);
    if (ready) yield restoreText(ready, map);
  }
  if (pending) yield restoreText(pending, map);
}
