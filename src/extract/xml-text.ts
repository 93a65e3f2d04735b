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
}

/**
 * The text of one XML part, read with a streaming parser (htmlparser2 in XML mode: entities
 * decoded, no DOM built), so a part with a million empty paragraphs costs a counter, not a tree.
 */
export function xmlText(xml: string, spec: XmlTextSpec, budget: BlockBudget): string {
  const out: string[] = [];
  let inText = 0;
  let skipping = 0;
  const parser = new Parser(
    {
      onopentag(name) {
        if (skipping) {
          if (spec.skip?.has(name)) skipping++;
          return;
        }
        if (spec.skip?.has(name)) skipping = 1;
        else if (spec.text?.has(name)) inText++;
        else if (spec.tab?.has(name)) out.push('\t');
        else if (spec.br?.has(name)) out.push('\n');
        else if (spec.space?.has(name)) out.push(' ');
      },
      ontext(data) {
        if (skipping || (spec.text && inText === 0)) return;
        budget.text(data.length);
        out.push(data);
      },
      onclosetag(name) {
        if (skipping) {
          if (spec.skip?.has(name)) skipping--;
          return;
        }
        if (spec.text?.has(name)) inText--;
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
