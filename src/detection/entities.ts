/**
 * Values written HTML/XML entity-encoded (`Tr0ub&amp;dor` in an XML config, `&lt;password&gt;`
 * in escaped markup): the lines holding an entity are decoded, scanned again, and each finding
 * of the decoded line is mapped back to the characters it came from, so its span covers the
 * encoded text and masking masks exactly that. Only the lines with an entity cost a second scan.
 */

/** The XML entities, `&nbsp;` and numeric references (decimal and hex). */
const ENTITY = /&(?:(amp|lt|gt|quot|apos|nbsp)|#(\d{1,7})|#[xX]([\da-fA-F]{1,6}));/y;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** A decoded line: `starts[i]` is the offset in the original text where decoded character i begins (one more entry for the end). */
export interface DecodedLine {
  text: string;
  starts: Int32Array;
}

function codePoint(dec: string | undefined, hex: string | undefined): string | undefined {
  const n = dec !== undefined ? Number(dec) : parseInt(hex!, 16);
  return n > 0 && n <= 0x10ffff && (n < 0xd800 || n > 0xdfff) ? String.fromCodePoint(n) : undefined;
}

/**
 * The first entity starting in [from, to), as a global scan from `from` finds it: the regex is
 * tried only at each `&` (found by indexOf, a native search; the regex engine's own scan for the
 * `&` costs about eleven instructions per character of the text).
 */
function nextEntity(text: string, from: number, to: number): RegExpExecArray | null {
  for (let i = text.indexOf('&', from); i !== -1 && i < to; i = text.indexOf('&', i + 1)) {
    ENTITY.lastIndex = i;
    const m = ENTITY.exec(text);
    if (m !== null) return m;
  }
  return null;
}

/** The lines of `text` that hold at least one entity, decoded, with their offset maps. */
export function entityLines(text: string): DecodedLine[] {
  const out: DecodedLine[] = [];
  let m: RegExpExecArray | null;
  let from = 0;
  while ((m = nextEntity(text, from, text.length)) !== null) {
    const lineStart = text.lastIndexOf('\n', m.index) + 1;
    let lineEnd = text.indexOf('\n', m.index);
    if (lineEnd < 0) lineEnd = text.length;
    out.push(decodeLine(text, lineStart, lineEnd));
    from = lineEnd;
  }
  return out;
}

function decodeLine(text: string, from: number, to: number): DecodedLine {
  let decoded = '';
  // A decoded entity is never longer than its reference, so the line's length bounds the map.
  const starts = new Int32Array(to - from + 1);
  let n = 0;
  let at = from;
  const copy = (end: number) => {
    for (let i = at; i < end; i++) starts[n++] = i;
    decoded += text.slice(at, end);
  };
  let m: RegExpExecArray | null;
  let next = from;
  while ((m = nextEntity(text, next, to)) !== null) {
    next = m.index + m[0].length;
    const ch = m[1] ? NAMED[m[1]] : codePoint(m[2], m[3]);
    if (ch === undefined) continue;
    copy(m.index);
    for (let k = 0; k < ch.length; k++) starts[n++] = m.index;
    decoded += ch;
    at = next;
  }
  copy(to);
  starts[n++] = to;
  return { text: decoded, starts: starts.subarray(0, n) };
}
