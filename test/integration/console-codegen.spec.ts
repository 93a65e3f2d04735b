import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { generate, loadCodegenConfig } from '@graphql-codegen/cli';
import { SCHEMA_DIR } from '../../src/tools/schemas';

const DASHBOARD = path.resolve(SCHEMA_DIR, '..', 'dashboard');

/**
 * The console's generated GraphQL types (dashboard/src/gql) are what `npm run codegen` makes of
 * schema/schema.graphql and the console's documents today: generated in memory from the
 * dashboard's own codegen.ts (no network), then compared with the committed files.
 */
describe('console GraphQL codegen', function () {
  this.timeout(60_000);

  it('dashboard/src/gql is current with schema/schema.graphql and the console documents (run `npm run codegen`)', async () => {
    const { config } = await loadCodegenConfig({ configFilePath: path.join(DASHBOARD, 'codegen.ts') });
    const outputs: Array<{ filename: string; content: string }> = await generate({ ...config, cwd: DASHBOARD, silent: true }, false);
    const committed = fs.readdirSync(path.join(DASHBOARD, 'src', 'gql')).map((f) => `src/gql/${f}`).sort();
    expect(outputs.map((o) => o.filename).sort(), 'generated files').to.deep.equal(committed);
    for (const { filename, content } of outputs) {
      const current = fs.readFileSync(path.join(DASHBOARD, filename), 'utf8');
      if (current === content) continue;
      const lines = current.split('\n');
      const at = content.split('\n').findIndex((line: string, i: number) => line !== lines[i]);
      expect.fail(`${filename} is stale from line ${at + 1}: run \`npm run codegen\``);
    }
  });
});
