import { Parser } from 'htmlparser2';
import type { BlockBudget } from './limits';

/** Which elements of an XML vocabulary carry text and how they lay it out. */
export interface XmlTextSpec {
  /** Elements whose character data is text; undefined: all character data. */
  text?: ReadonlySet<string>;
  /** Elements that end a paragraph or row (a newline, counted against the budget). */
  block: ReadonlySet<string>;
  /** Elements that stand for a tab, a line break or a space. */
  tab?: ReadonlySet<string>;
  br?: ReadonlySet<string>;
  space?: ReadonlySet<string>;
  /** Elements whose whole content is skipped (duplicate renditions such as mc:Fallback). */
  skip?: ReadonlySet<string>;
  /** Attributes that name people (`w:author` of a comment or a tracked change): element -> [attribute, label] pairs. */
  people?: ReadonlyMap<string, ReadonlyArray<readonly [string, string]>>;
  /** Elements whose text names a person (ODF's `dc:creator` of a comment or a change): element -> label; read into the metadata, not the text. */
  peopleText?: ReadonlyMap<string, string>;
}

/** `Label: value` lines of a document's metadata, each once, in order of first appearance. */
export class MetadataLines {
  private readonly lines = new Set<string>();
  constructor(private readonly budget: BlockBudget) {}

  add(label: string, value: string | undefined): void {
    const v = value?.replace(/\s+/g, ' ').trim();
    if (!v) return;
    const line = `${label}: ${v}`;
    if (this.lines.has(line)) return;
    this.budget.text(line.length);
    this.lines.add(line);
  }

  /** The attributes of `spec.people` on an element. */
  fromAttributes(spec: XmlTextSpec, name: string, attrs: Record<string, string>): void {
    for (const [attr, label] of spec.people?.get(name) ?? []) this.add(label, attrs[attr]);
  }

  toString(): string {
    return [...this.lines].join('\n');
  }
}

/**
 * The text of one XML part, read with a streaming parser (htmlparser2 in XML mode: entities
 * decoded, no DOM built), so a part with a million empty paragraphs costs a counter, not a tree.
 * The people named in `spec.people` attributes go to `meta`.
 */
export function xmlText(xml: string, spec: XmlTextSpec, budget: BlockBudget, meta?: MetadataLines): string {
  const out: string[] = [];
  let inText = 0;
  let skipping = 0;
  let person: { label: string; value: string } | null = null;
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (meta && spec.people) meta.fromAttributes(spec, name, attrs);
        if (skipping) {
          if (spec.skip?.has(name)) skipping++;
          return;
        }
        const label = spec.peopleText?.get(name);
        if (label !== undefined) person = { label, value: '' };
        else if (spec.skip?.has(name)) skipping = 1;
        else if (spec.text?.has(name)) inText++;
        else if (spec.tab?.has(name)) out.push('\t');
        else if (spec.br?.has(name)) out.push('\n');
        else if (spec.space?.has(name)) out.push(' ');
      },
      ontext(data) {
        if (person) {
          person.value += data;
          return;
        }
        if (skipping || (spec.text && inText === 0)) return;
        budget.text(data.length);
        out.push(data);
      },
      onclosetag(name) {
        if (skipping) {
          if (spec.skip?.has(name)) skipping--;
          return;
        }
        if (person && spec.peopleText?.has(name)) {
          meta?.add(person.label, person.value);
          person = null;
        } else if (spec.text?.has(name)) inText--;
        else if (spec.block.has(name)) {
          budget.block();
          out.push('\n');
        }
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.end(xml);
  return out.join('');
}

/**
 * Document properties: the text of each element of `labels` (OOXML docProps/core.xml, app.xml and
 * custom.xml; OpenDocument meta.xml), as `Label: value` lines; custom properties under their name.
 */
export function propertyLines(xml: string, labels: ReadonlyMap<string, string>, meta: MetadataLines): void {
  let label: string | null = null;
  let value = '';
  let property = '';
  new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'property') property = attrs.name ?? '';
        const l = labels.get(name);
        if (l === undefined) return;
        // A custom property is named by its element (ODF `meta:name=`) or its parent (OOXML `property name=`).
        const named = attrs['meta:name'] ?? (name.startsWith('vt:') ? property : '');
        label = named ? `${l} ${named}` : l;
        value = '';
      },
      ontext(data) {
        if (label !== null) value += data;
      },
      onclosetag(name) {
        if (label !== null && labels.has(name)) {
          meta.add(label, value);
          label = null;
        }
      },
    },
    { xmlMode: true, decodeEntities: true },
  ).end(xml);
}
