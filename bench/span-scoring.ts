/**
 * Span scoring shared by the accuracy benchmarks over labelled corpora (overlap matching):
 * a gold span is found when a prediction of its mapped type overlaps it; a prediction is correct
 * when it overlaps a gold span of its own type, ignored when it overlaps only spans of labels
 * that are not scored (the corpus labels that text, just not as one of our types), unless the
 * benchmark names such labels as false for that type (a PERSON over an organisation), and a
 * false positive otherwise.
 */
import type { Finding } from '../src/detection/types';

export interface GoldSpan {
  entity_type: string;
  entity_value?: string;
  start_position: number;
  end_position: number;
}
export interface RecordIn {
  full_text: string;
  spans: GoldSpan[];
}

export interface Counts {
  gold: number;
  found: number;
  predicted: number;
  correct: number;
}

export type Scanner = (text: string) => Finding[];

/** `scanner` with its findings kept per text: a second scoring of the same records (exact spans after overlap) scans nothing again. */
export function remembering(scanner: Scanner): Scanner {
  const seen = new Map<string, Finding[]>();
  return (text) => {
    let found = seen.get(text);
    if (!found) seen.set(text, (found = scanner(text)));
    return found;
  };
}

export interface ScoringRules {
  /** Corpus label -> scored type. */
  labels: Record<string, string>;
  /** Finding type -> scored type, for findings reported under another name (DATE_OF_BIRTH -> DATE). */
  aliases?: Record<string, string>;
  /** Scored type -> corpus labels a prediction of that type must not cover. */
  falseLabels?: Record<string, string[]>;
}

export interface ErrorLog {
  type: string;
  kind: 'FN' | 'FP';
  index: number;
  start: number;
  end: number;
}

/** The shape of a value: upper-case letters as `X`, lower-case as `x`, digits as `9`, other characters kept; at most 40. */
export function valueShape(value: string): string {
  return value.replace(/\p{Lu}/gu, 'X').replace(/\p{Ll}/gu, 'x').replace(/\d/g, '9').replace(/\s+/g, ' ').slice(0, 40);
}

/**
 * One error of an `--errors` listing, redacted: kind, type, record and offsets, the shape of the
 * span, and up to 40 characters either side with every gold span shown as `[LABEL]` and digits
 * as `9` (no corpus value is printed).
 */
export function errorLine(e: ErrorLog, rec: RecordIn): string {
  const text = rec.full_text;
  const from = Math.max(0, e.start - 40);
  const to = Math.min(text.length, e.end + 40);
  // Who owns each character: the error span, else the first gold span over it, else the text.
  const owner = (i: number): string => {
    if (i >= e.start && i < e.end) return `<${valueShape(text.slice(e.start, e.end))}>`;
    const g = rec.spans.find((s) => i >= s.start_position && i < s.end_position);
    return g ? `[${g.entity_type}]` : '';
  };
  let out = '';
  let prev: string | undefined;
  for (let i = from; i < to; i++) {
    const o = owner(i);
    if (o === '') out += /\d/.test(text[i]) ? '9' : text[i];
    else if (o !== prev) out += o;
    prev = o;
  }
  return `${e.kind} ${e.type} #${e.index}@${e.start}-${e.end} ${out.replace(/\s+/g, ' ')}`;
}

export const overlaps = (a: { start: number; end: number }, s: number, e: number): boolean => a.start < e && s < a.end;

/** The scored types of `rules`, in the order of their first label. */
export function scoredTypes(rules: ScoringRules): string[] {
  return [...new Set(Object.values(rules.labels))];
}

/**
 * Counts per scored type over the records at `indices`. With `exact`, a gold span is found only
 * by a prediction of its type with the same start and end, and a prediction is correct only when
 * it is such a span (CoNLL-style scoring; a prediction over a gold span of its type with other
 * bounds is then a false positive as well as a miss).
 */
export function evaluate(
  records: RecordIn[],
  indices: number[],
  scanner: Scanner,
  rules: ScoringRules,
  errors?: ErrorLog[],
  exact = false,
): Record<string, Counts> {
  const types = scoredTypes(rules);
  const counts: Record<string, Counts> = {};
  for (const t of types) counts[t] = { gold: 0, found: 0, predicted: 0, correct: 0 };
  const scored = (f: Finding): string | undefined => {
    const t = rules.aliases?.[f.type] ?? f.type;
    return types.includes(t) ? t : undefined;
  };
  for (const idx of indices) {
    const rec = records[idx];
    const preds: { start: number; end: number; type: string }[] = [];
    for (const f of scanner(rec.full_text)) {
      const type = scored(f);
      if (type) preds.push({ start: f.start, end: f.end, type });
    }
    for (const g of rec.spans) {
      const type = rules.labels[g.entity_type];
      if (!type) continue;
      counts[type].gold++;
      const hit = (p: { start: number; end: number; type: string }): boolean =>
        p.type === type && (exact ? p.start === g.start_position && p.end === g.end_position : overlaps(p, g.start_position, g.end_position));
      if (preds.some(hit)) counts[type].found++;
      else errors?.push({ type, kind: 'FN', index: idx, start: g.start_position, end: g.end_position });
    }
    for (const p of preds) {
      const touching = rec.spans.filter((g) => overlaps(p, g.start_position, g.end_position));
      const own = touching.filter((g) => rules.labels[g.entity_type] === p.type);
      if (exact ? own.some((g) => g.start_position === p.start && g.end_position === p.end) : own.length > 0) {
        counts[p.type].predicted++;
        counts[p.type].correct++;
        continue;
      }
      const onlyUnmapped = touching.length > 0 && touching.every((g) => !rules.labels[g.entity_type]);
      const falseLabels = rules.falseLabels?.[p.type] ?? [];
      const onFalse = touching.some((g) => falseLabels.includes(g.entity_type));
      if (onlyUnmapped && !onFalse) continue;
      counts[p.type].predicted++;
      errors?.push({ type: p.type, kind: 'FP', index: idx, start: p.start, end: p.end });
    }
  }
  return counts;
}

export function prf(c: Counts): { p: number; r: number; f: number } {
  const p = c.predicted ? c.correct / c.predicted : c.gold ? 0 : 1;
  const r = c.gold ? c.found / c.gold : 1;
  const f = p + r ? (2 * p * r) / (p + r) : 0;
  return { p, r, f };
}

export function micro(counts: Record<string, Counts>, types: string[]): Counts {
  const m: Counts = { gold: 0, found: 0, predicted: 0, correct: 0 };
  for (const t of types) {
    m.gold += counts[t].gold;
    m.found += counts[t].found;
    m.predicted += counts[t].predicted;
    m.correct += counts[t].correct;
  }
  return m;
}

export const fmt = (x: number): string => x.toFixed(3);

export function printTable(title: string, splits: Record<string, Record<string, Counts>>, types: string[]): void {
  console.log(`\n${title}`);
  const names = Object.keys(splits);
  console.log(['type'.padEnd(24), ...names.map((n) => `${n}: P     R     F1    (gold/pred)`.padEnd(40))].join(''));
  for (const t of types) {
    const cells = names.map((n) => {
      const c = splits[n][t];
      const { p, r, f } = prf(c);
      return `${fmt(p)} ${fmt(r)} ${fmt(f)} (${c.gold}/${c.predicted})`.padEnd(40 + n.length + 2);
    });
    console.log([t.padEnd(24), ...cells].join(''));
  }
}

export function microLine(label: string, splits: Record<string, Record<string, Counts>>, types: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  const cells = Object.entries(splits).map(([n, c]) => {
    const m = prf(micro(c, types));
    out[n] = m.f;
    return `${n}: P ${fmt(m.p)} R ${fmt(m.r)} F1 ${fmt(m.f)}`;
  });
  console.log(`${label.padEnd(40)} ${cells.join(' | ')}`);
  return out;
}

/** Even and odd record indices: tune on one half, check on the other. */
export function halves(n: number): { even: number[]; odd: number[]; all: number[] } {
  const all = Array.from({ length: n }, (_, i) => i);
  return { even: all.filter((i) => i % 2 === 0), odd: all.filter((i) => i % 2 === 1), all };
}
