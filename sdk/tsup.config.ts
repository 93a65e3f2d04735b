import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { defineConfig } from 'tsup';
import type { Plugin } from 'esbuild';

const detection = path.resolve(__dirname, '../src/detection');

/**
 * The client runs only the engine's local pass over the built-in recognizers, so these parts of
 * src/detection stay out of the bundle (not out of the source):
 * - the contextual detectors, their dictionaries and the pass that runs them (full pass only:
 *   engine.ts gets an empty list and a `runContextual` it never calls), and the labels of the
 *   finding types only they report;
 * - the checks of recognizer data (checks.ts): the service's tests build engines from the same
 *   recognizers, which runs them;
 * - the engine's catalogue of finding types (catalogue.ts, `findingTypes`): only the service
 *   reads it (API, analytics); the client's engine has an empty one;
 * - each recognizer's `samples` (test data, run by the service's recognizer tests; emptied instead
 *   in a file whose builders read them) and pattern names (read only by the checks);
 * - recognizer ids become their positions in the list: they only key the overlap order and
 *   label errors, and never reach a client's result;
 * - validator names become short codes, the same in the recognizers and in the validator tables
 *   (validators/*.ts): they only look a validator up, and never reach a client's result.
 * Keeps `@preflight/sdk/local` under its size budget (bench/sdk.ts); a test checks that the bundle
 * finds and masks every recognizer sample as the service does (test/unit/sdk/client.spec.ts).
 */
const transpile = (source: string, transformer: ts.TransformerFactory<ts.SourceFile>) =>
  ts.transpileModule(source, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext }, transformers: { before: [transformer] } }).outputText;
const stubs: Record<string, string> = {
  './contextual': 'export const contextualDetectors = [];',
  './contextual-pass': 'export function runContextual() {}',
  './checks': 'export function checkRecognizer() {} export function checkMeta() {} export function assertLabelled() {}',
  './catalogue': 'export function catalogue() { return []; }',
};
/** The recognizer modules' sources, read once per build (validator names and reported types come from them). */
const recognizerSources = fs.readdirSync(path.join(detection, 'recognizers')).map((f) => fs.readFileSync(path.join(detection, 'recognizers', f), 'utf8'));
/** Each validator name a recognizer gives (`validator: 'secret-token'`) -> a short code. */
const validatorCodes = new Map(
  [...new Set(recognizerSources.flatMap((s) => [...s.matchAll(/\bvalidator: '([a-z0-9-]+)'/g)].map((m) => m[1])))]
    .sort()
    .map((name, i) => [name, i.toString(36)]),
);
const isValidatorName = (node: ts.Node): node is ts.StringLiteral => ts.isStringLiteral(node) && validatorCodes.has(node.text);
const localPassOnly: Plugin = {
  name: 'local-pass-only',
  setup(build) {
    build.onResolve({ filter: /^\.\/(?:contextual|contextual-pass|checks|catalogue)$/ }, (a) =>
      path.resolve(a.resolveDir) === detection ? { path: a.path, namespace: 'local-pass-only' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'local-pass-only' }, (a) => ({ contents: stubs[a.path], loader: 'js' }));
    // The label catalogue keeps the types recognizers report (each a literal `type: 'X'`), as a list
    // of labels in the order of the sorted type names: the names come from the recognizers at load,
    // so the bundle holds each name once (a count that differs means a type the scan missed: it throws).
    build.onLoad({ filter: /[\\/]src[\\/]detection[\\/]labels\.ts$/ }, (a) => {
      const types = new Set(recognizerSources.flatMap((s) => [...s.matchAll(/\btype: '([A-Z0-9_]+)'/g)].map((m) => m[1])));
      const byType = new Map<string, ts.Expression>();
      const reported: ts.TransformerFactory<ts.SourceFile> = (ctx) => (sf) => {
        const visit = (node: ts.Node): ts.Node => {
          if (!(ts.isObjectLiteralExpression(node) && node.properties.every((p) => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && /^[A-Z][A-Z0-9_]*$/.test(p.name.text)))) {
            return ts.visitEachChild(node, visit, ctx);
          }
          for (const p of node.properties as ts.NodeArray<ts.PropertyAssignment>) if (types.has((p.name as ts.Identifier).text)) byType.set((p.name as ts.Identifier).text, p.initializer);
          return ctx.factory.createIdentifier('reportedLabels');
        };
        return ts.visitEachChild(sf, visit, ctx);
      };
      const body = transpile(fs.readFileSync(a.path, 'utf8'), reported);
      const labels = [...byType.keys()].sort().map((t) => (byType.get(t) as ts.StringLiteral).text);
      const head = `import { recognizers } from './recognizers';
const labels = ${JSON.stringify(labels)};
const types = [...new Set(recognizers.map((r) => r.type))].sort();
if (types.length !== labels.length) throw new Error('label catalogue: ' + types.length + ' types, ' + labels.length + ' labels');
const reportedLabels = Object.fromEntries(types.map((t, i) => [t, labels[i]]));
`;
      return { contents: head + body, loader: 'js' };
    });
    // The validator tables' keys, renamed as the recognizers' `validator` names are.
    build.onLoad({ filter: /[\\/]src[\\/]detection[\\/]validators[\\/](?:index|secrets|identifiers)\.ts$/ }, (a) => {
      const rename: ts.TransformerFactory<ts.SourceFile> = (ctx) => (sf) => {
        const f = ctx.factory;
        const visit = (node: ts.Node): ts.Node => {
          if (ts.isPropertyAssignment(node) && (isValidatorName(node.name) || (ts.isIdentifier(node.name) && validatorCodes.has(node.name.text)))) {
            return f.updatePropertyAssignment(node, f.createStringLiteral(validatorCodes.get((node.name as ts.StringLiteral | ts.Identifier).text)!), ts.visitNode(node.initializer, visit) as ts.Expression);
          }
          if (ts.isShorthandPropertyAssignment(node) && validatorCodes.has(node.name.text)) {
            return f.createPropertyAssignment(f.createStringLiteral(validatorCodes.get(node.name.text)!), node.name);
          }
          return ts.visitEachChild(node, visit, ctx);
        };
        return ts.visitEachChild(sf, visit, ctx);
      };
      return { contents: transpile(fs.readFileSync(a.path, 'utf8'), rename), loader: 'js' };
    });
    build.onLoad({ filter: /[\\/]src[\\/]detection[\\/]recognizers[\\/][^\\/]+\.ts$/ }, (a) => {
      const source = fs.readFileSync(a.path, 'utf8');
      const readsSamples = /\.samples\b/.test(source); // eu.ts splits them between two recognizers
      const shrink: ts.TransformerFactory<ts.SourceFile> = (ctx) => (sf) => {
        const f = ctx.factory;
        const isProp = (p: ts.Node, name: string): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === name;
        const isId = (p: ts.Node) => isProp(p, 'id') && ts.isStringLiteral(p.initializer);
        const empty = () =>
          f.createObjectLiteralExpression([
            f.createPropertyAssignment('positive', f.createArrayLiteralExpression([])),
            f.createPropertyAssignment('negative', f.createArrayLiteralExpression([])),
          ]);
        const without = (node: ts.ObjectLiteralExpression, drop: (p: ts.ObjectLiteralElementLike) => boolean) =>
          node.properties.some(drop) ? f.updateObjectLiteralExpression(node, node.properties.filter((p) => !drop(p))) : node;
        const visit = (node: ts.Node): ts.Node => {
          if (ts.isObjectLiteralExpression(node)) {
            const recognizer = node.properties.some((p) => isProp(p, 'patterns')) && node.properties.some(isId);
            return ts.visitEachChild(without(node, (p) => (recognizer && isId(p)) || (!readsSamples && isProp(p, 'samples'))), visit, ctx);
          }
          if (isProp(node, 'samples')) return f.updatePropertyAssignment(node, node.name, empty());
          if (isProp(node, 'validator') && isValidatorName(node.initializer)) return f.updatePropertyAssignment(node, node.name, f.createStringLiteral(validatorCodes.get(node.initializer.text)!));
          if (isProp(node, 'patterns') && ts.isArrayLiteralExpression(node.initializer)) {
            const unnamed = node.initializer.elements.map((el) => (ts.isObjectLiteralExpression(el) ? without(el, (p) => isProp(p, 'name')) : el));
            return ts.visitEachChild(f.updatePropertyAssignment(node, node.name, f.updateArrayLiteralExpression(node.initializer, unnamed)), visit, ctx);
          }
          return ts.visitEachChild(node, visit, ctx);
        };
        return ts.visitEachChild(sf, visit, ctx);
      };
      const ids = /[\\/]recognizers[\\/]index\.ts$/.test(a.path) ? '\nrecognizers.forEach((r, i) => { r.id = i.toString(36); });' : '';
      return { contents: transpile(source, shrink) + ids, loader: 'js' };
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
