import { expect } from 'chai';
import { scan } from '../../../src/detection';
import { entityLines } from '../../../src/detection/entities';
import { maskWithSpans } from '../../../src/detection/masking';

/** Findings as TYPE@start-end (never values). */
const where = (text: string, pass: 'local' | 'full') => scan(text, { pass }).map((f) => `${f.type}@${f.start}-${f.end}`);

describe('entity-encoded values', () => {
  const CASES: Array<[string, string]> = [
    ['<add key="DbPassword" value="Tr0ub&amp;dor&lt;9x" />', 'Tr0ub&amp;dor&lt;9x'],
    ['<DbPassword>h&amp;ck3r!Pass77</DbPassword>', 'h&amp;ck3r!Pass77'],
    ['<input type="password" name="pw" value="S3cr&#39;tPass9">', 'S3cr&#39;tPass9'],
    ['<value name="cs">Server=db1;User Id=sa;Password=Hx8&amp;vq!29Lm;</value>', 'Hx8&amp;vq!29Lm'],
    ['&lt;password&gt;Pl4nt&amp;Grow!88&lt;/password&gt;', 'Pl4nt&amp;Grow!88'],
    ['<user name="svc" password="Wint&#x21;er2024x" />', 'Wint&#x21;er2024x'],
    // Delimited by entities, holding none: quoted in an XML attribute, or inside escaped markup.
    ['<add name="Crm" connectionString="Server=crm;User ID=crm;Password=&quot;Az;ure#Crm1&quot;;Encrypt=True" />', 'Az;ure#Crm1'],
    ['&lt;password&gt;R79Me7rZzCjk&lt;/password&gt;', 'R79Me7rZzCjk'],
  ];
  for (const pass of ['local', 'full'] as const) {
    for (const [text, value] of CASES) {
      const start = text.indexOf(value);
      it(`${pass}: a secret written with entities is found over its encoded characters (${start}-${start + value.length})`, () => {
        const f = scan(text, { pass }).find((x) => x.dataTypes.includes('SECRETS'));
        expect(f ? `${f.type}@${f.start}-${f.end}` : 'none', where(text, pass).join(' ')).to.match(new RegExp(`@${start}-${start + value.length}$`));
      });
    }
  }

  it('masks exactly the encoded characters', () => {
    const text = 'db:\n<add key="DbPassword" value="Tr0ub&amp;dor&lt;9x" />\n';
    const findings = scan(text, { pass: 'full' });
    expect(maskWithSpans(text, findings, () => true).masked).to.equal('db:\n<add key="DbPassword" value="[PASSWORD_1]" />\n');
  });

  it('raises nothing on prose and code that merely hold entities', () => {
    for (const text of ['<p>Tom &amp; Jerry &lt;3 cartoons</p>', 'if (a &lt; b &amp;&amp; c) return;', '<password>&lt;your-password&gt;</password>', '<a href="?a=1&amp;b=2">next</a>']) {
      expect(scan(text, { pass: 'full' }).filter((f) => f.dataTypes.includes('SECRETS')).map((f) => `${f.type}@${f.start}-${f.end}`)).to.deep.equal([]);
    }
  });

  it('maps each decoded character to where it starts in the original line', () => {
    const [line] = entityLines('a\nx&amp;y&#x1F600;z &bogus;\nb');
    expect(line.text).to.equal('x&y\u{1F600}z &bogus;');
    expect([...line.starts.subarray(0, 6)]).to.deep.equal([2, 3, 8, 9, 9, 18]);
    expect(line.starts[line.starts.length - 1]).to.equal(27);
  });
});
