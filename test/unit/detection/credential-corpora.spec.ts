import * as fs from 'fs';
import * as path from 'path';
import { expect } from 'chai';

/**
 * The credential-file corpora of bench/credential-files.ts are whole on a fresh clone: every file
 * `secret-lines.json` names is there and holds each of its markers. A fixture git does not track
 * (under a folder named `.git`, a `*.log` file: .gitignore) exists in the tree it was written in
 * and nowhere else; the bench then stops on a fresh clone. CI runs this on one.
 */
const FIXTURES = path.resolve(__dirname, '../../../../test/fixtures');
const corpora = fs.readdirSync(FIXTURES).filter((name) => /^credential-files(-\d+)?$/.test(name));

describe('credential-file corpora', () => {
  it('are found (at least the eight sets the bench reads)', () => {
    expect(corpora.length).to.be.at.least(8);
  });

  for (const name of corpora) {
    it(`${name}: every file secret-lines.json names is present and holds its markers`, () => {
      const root = path.join(FIXTURES, name);
      const expected = JSON.parse(fs.readFileSync(path.join(root, 'secret-lines.json'), 'utf8')) as Record<string, string[]>;
      const absent: string[] = [];
      const unmarked: string[] = [];
      for (const [file, markers] of Object.entries(expected)) {
        const at = path.join(root, file);
        if (!fs.existsSync(at)) {
          absent.push(file);
          continue;
        }
        const text = fs.readFileSync(at, 'utf8');
        // Only the file name is reported, never a marker (they are made-up secrets, but the rule holds).
        if (markers.some((m) => !text.includes(m))) unmarked.push(file);
      }
      expect(absent, 'listed files missing from the tree').to.deep.equal([]);
      expect(unmarked, 'files without one of their markers').to.deep.equal([]);
    });
  }
});
