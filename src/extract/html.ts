import { Parser } from 'htmlparser2';
import type { BlockBudget } from './limits';

const BLOCK = new Set(['p', 'div', 'br', 'li', 'tr', 'td', 'th', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'section', 'article', 'pre', 'blockquote', 'table', 'title']);
const ATTRIBUTES = ['alt', 'title', 'value', 'placeholder', 'content', 'href'];

/**
 * The readable text of an HTML document (htmlparser2): text nodes with entities decoded, script
 * and style bodies included (keys hide there too), and the attributes that carry words.
 */
export function htmlText(html: string, budget: BlockBudget): string {
  const out: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        for (const a of ATTRIBUTES) if (attrs[a]) out.push(` ${attrs[a]} `);
        if (BLOCK.has(name)) out.push('\n');
      },
      ontext(data) {
        budget.text(data.length);
        out.push(data);
      },
      onclosetag(name) {
        if (BLOCK.has(name)) {
          budget.block();
          out.push('\n');
        }
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return out.join('');
}
