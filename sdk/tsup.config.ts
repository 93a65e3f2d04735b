import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { defineConfig } from 'tsup';
import type { Plugin } from 'esbuild';

const detection = path.resolve(__dirname, '../src/detection');

/**
 * The client runs only the engine's local pass over the built-in recognizers, so three things of
 * src/detection stay out of the bundle (not out of the source): the contextual detectors and
 * their dictionaries (full pass only; engine.ts gets an empty list), the checks of recognizer
 * data (checks.ts: the service's tests build engines from the same recognizers, which runs them),
 * and each recognizer's `samples` (test data, run by the service's recognizer tests; emptied, not
 * removed, as a few builders read them). Pattern names (read only by the checks) are dropped and
 * recognizer ids become their positions in the list (they key the overlap order). Keeps
 * `@preflight/sdk/local` under its size budget (bench/sdk.ts).
 */
const stubs: Record<string, string> = {
  './contextual': 'export const contextualDetectors = [];',
  './checks': 'export function checkRecognizer() {} export function checkMeta() {} export function assertLabelled() {}',
};
const localPassOnly: Plugin = {
  name: 'local-pass-only',
  setup(build) {
    build.onResolve({ filter: /^\.\/(?:contextual|checks)$/ }, (a) =>
      path.resolve(a.resolveDir) === detection ? { path: a.path, namespace: 'local-pass-only' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'local-pass-only' }, (a) => ({ contents: stubs[a.path], loader: 'js' }));
    build.onLoad({ filter: /[\\/]src[\\/]detection[\\/]recognizers[\\/][^\\/]+\.ts$/ }, (a) => {
      const dropSamples: ts.TransformerFactory<ts.SourceFile> = (ctx) => (sf) => {
        const f = ctx.factory;
        const empty = () =>
          f.createObjectLiteralExpression([
            f.createPropertyAssignment('positive', f.createArrayLiteralExpression([])),
            f.createPropertyAssignment('negative', f.createArrayLiteralExpression([])),
          ]);
        const isProp = (p: ts.ObjectLiteralElementLike, name: string): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === name;
        // A pattern literal's `name` (read only by the checks and tests) is dropped.
        const dropNames = (list: ts.ArrayLiteralExpression) =>
          f.updateArrayLiteralExpression(
            list,
            list.elements.map((el) => (ts.isObjectLiteralExpression(el) ? f.updateObjectLiteralExpression(el, el.properties.filter((p) => !isProp(p, 'name'))) : el)),
          );
        // A recognizer's `id` (a literal beside its `patterns`) only keys the overlap order and
        // labels errors; it never reaches a client's result, so it is dropped here and every
        // recognizer gets its position as id when the list is built (below).
        const visit = (node: ts.Node): ts.Node => {
          if (ts.isObjectLiteralExpression(node) && node.properties.some((p) => isProp(p, 'patterns')) && node.properties.some((p) => isProp(p, 'id') && ts.isStringLiteral(p.initializer))) {
            const unnamed = f.updateObjectLiteralExpression(node, node.properties.filter((p) => !(isProp(p, 'id') && ts.isStringLiteral(p.initializer))));
            return ts.visitEachChild(unnamed, visit, ctx);
          }
          if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && node.name.text === 'samples') return f.updatePropertyAssignment(node, node.name, empty());
          if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && node.name.text === 'patterns' && ts.isArrayLiteralExpression(node.initializer))
            return ts.visitEachChild(f.updatePropertyAssignment(node, node.name, dropNames(node.initializer)), visit, ctx);
          return ts.visitEachChild(node, visit, ctx);
        };
        return ts.visitEachChild(sf, visit, ctx);
      };
      const out = ts.transpileModule(fs.readFileSync(a.path, 'utf8'), {
        compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
        transformers: { before: [dropSamples] },
      });
      const ids = /[\\/]recognizers[\\/]index\.ts$/.test(a.path) ? '\nrecognizers.forEach((r, i) => { r.id = i.toString(36); });' : '';
      return { contents: out.outputText + ids, loader: 'js' };
    });
  },
};

// The engine and the policy evaluator are bundled from the service's src/ at build time (never
// copied); jose and re2js stay dependencies. `platform: neutral` fails the build on a Node built-in.
export default defineConfig({
  entry: { index: 'src/index.ts', local: 'src/local.ts' },
  format: ['esm', 'cjs'],
  platform: 'neutral',
  target: 'es2022',
  dts: true,
  clean: true,
  minify: true,
  sourcemap: true,
  treeshake: true,
  tsconfig: 'tsconfig.json',
  esbuildPlugins: [localPassOnly],
});
