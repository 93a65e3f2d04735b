import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { SCHEMA_DIR, generateSchemas } from '../../src/tools/schemas';
import { TestApp, startApp } from '../support/app';

/** Service endpoints that are not REST operations of the API (and so not in the OpenAPI paths). */
const NOT_API = new Set(['/healthz', '/readyz', '/metrics', '/openapi.json']);

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
  name: string;
}

/** Every method + path mounted on express, with `:param` written OpenAPI-style as `{param}`. */
function mountedRoutes(stack: Layer[]): string[] {
  const out: string[] = [];
  for (const layer of stack) {
    if (layer.route) {
      for (const [method, on] of Object.entries(layer.route.methods)) {
        if (on && method !== '_all') out.push(`${method} ${layer.route.path.replace(/:(\w+)/g, '{$1}')}`);
      }
    } else if (layer.name === 'router' && layer.handle.stack) {
      out.push(...mountedRoutes(layer.handle.stack));
    }
  }
  return out;
}

describe('committed schema files', () => {
  let generated: { sdl: string; openapi: string };
  before(async () => {
    generated = await generateSchemas();
  });

  it('schema/schema.graphql is what the resolvers produce (run `npm run schema:write` after changing them)', () => {
    const committed = fs.readFileSync(path.join(SCHEMA_DIR, 'schema.graphql'), 'utf8');
    if (committed === generated.sdl) return;
    // Name the first line that differs so the failure says what changed.
    const a = committed.split('\n');
    const b = generated.sdl.split('\n');
    let i = 0;
    while (i < a.length && a[i] === b[i]) i++;
    expect.fail(`schema/schema.graphql is stale: run \`npm run schema:write\` (line ${i + 1}: committed ${JSON.stringify(a[i])}, generated ${JSON.stringify(b[i])})`);
  });

  it('schema/openapi.json is what the routes produce (run `npm run schema:write` after changing them)', () => {
    const committed = fs.readFileSync(path.join(SCHEMA_DIR, 'openapi.json'), 'utf8');
    if (committed !== generated.openapi) {
      // Name the paths that differ so the failure says what changed.
      const a = Object.keys(JSON.parse(committed).paths ?? {});
      const b = Object.keys(JSON.parse(generated.openapi).paths ?? {});
      const added = b.filter((p) => !a.includes(p));
      const removed = a.filter((p) => !b.includes(p));
      expect.fail(`schema/openapi.json is stale: run \`npm run schema:write\` (paths added: ${added.join(', ') || 'none'}; removed: ${removed.join(', ') || 'none'})`);
    }
  });
});

describe('OpenAPI description', () => {
  let app: TestApp;
  let doc: { openapi: string; paths: Record<string, Record<string, any>>; components?: any };
  before(async () => {
    app = await startApp('sqlite');
    doc = (await app.api('GET', '/openapi.json')).body;
  });
  after(async () => app?.close());

  it('is OpenAPI 3.1 and served exactly as generated', () => {
    expect(doc.openapi).to.equal('3.1.0');
    expect(doc).to.deep.equal(JSON.parse(JSON.stringify(app.http.openapi)));
  });

  it('has an operation for every mounted REST route, and no operation that is not mounted', () => {
    const mounted = mountedRoutes((app.http.app as unknown as { router: { stack: Layer[] } }).router.stack)
      .filter((r) => !NOT_API.has(r.split(' ')[1]))
      .sort();
    const documented = Object.entries(doc.paths)
      .flatMap(([p, ops]) => Object.keys(ops).filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m)).map((m) => `${m} ${p}`))
      .sort();
    expect(mounted.length).to.be.greaterThan(20);
    expect(mounted.filter((r) => !documented.includes(r)), 'mounted but not documented').to.deep.equal([]);
    expect(documented.filter((r) => !mounted.includes(r)), 'documented but not mounted').to.deep.equal([]);
  });

  it('covers the foundation paths of docs/api-contract.md#rest-paths', () => {
    for (const [method, p] of [
      ['get', '/api/orgs'],
      ['post', '/api/orgs'],
      ['get', '/api/orgs/{org}'],
      ['patch', '/api/orgs/{org}'],
      ['delete', '/api/orgs/{org}'],
      ['get', '/api/orgs/{org}/api-keys'],
      ['post', '/api/orgs/{org}/api-keys'],
      ['post', '/api/orgs/{org}/api-keys/{key_id}/rotate'],
      ['delete', '/api/orgs/{org}/api-keys/{key_id}'],
      ['get', '/api/orgs/{org}/policies'],
      ['post', '/api/orgs/{org}/policies'],
      ['get', '/api/orgs/{org}/policies/{policy_id}'],
      ['patch', '/api/orgs/{org}/policies/{policy_id}'],
      ['delete', '/api/orgs/{org}/policies/{policy_id}'],
      ['post', '/api/orgs/{org}/policies/{policy_id}/regenerate-key'],
      ['get', '/api/orgs/{org}/licenses'],
      ['get', '/api/licenses'],
      ['post', '/api/licenses/{license_id}/revoke'],
      ['post', '/v1/license/validate'],
      ['get', '/v1/license/validate'],
      ['post', '/api/license/validate'],
      ['get', '/api/license/validate'],
      ['get', '/v1/license/public-key'],
      ['get', '/.well-known/jwks.json'],
    ]) {
      expect(doc.paths[p]?.[method], `${method.toUpperCase()} ${p}`).to.be.an('object');
    }
  });

  it('gives every operation a summary, its path parameters, a success response with a schema, and the error schema', () => {
    for (const [p, ops] of Object.entries(doc.paths)) {
      const params = [...p.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      for (const [method, op] of Object.entries(ops)) {
        const where = `${method.toUpperCase()} ${p}`;
        expect(op.summary, where).to.be.a('string').and.not.equal('');
        const declared = (op.parameters ?? []).filter((x: any) => x.in === 'path').map((x: any) => x.name);
        expect(declared.sort(), `${where} path parameters`).to.deep.equal(params.sort());
        const success = Object.keys(op.responses).filter((s) => /^2\d\d$/.test(s));
        expect(success, `${where} success response`).to.have.length(1);
        const ok = op.responses[success[0]];
        if (success[0] !== '204') {
          const schemas = Object.values(ok.content ?? {}).map((c: any) => c.schema);
          expect(schemas.length, `${where} response content`).to.be.greaterThan(0);
          for (const s of schemas) expect(s, `${where} response schema`).to.be.an('object').that.is.not.empty;
        }
        for (const status of ['404', '422']) {
          expect(op.responses[status]?.content?.['application/json']?.schema, `${where} ${status}`).to.deep.equal({ $ref: '#/components/schemas/Error' });
        }
        if ((op.security ?? []).length) {
          expect(op.responses['401'], `${where} 401`).to.be.an('object');
          expect(op.responses['403'], `${where} 403`).to.be.an('object');
        }
        if (['post', 'patch'].includes(method) && op.requestBody) {
          expect(Object.keys(op.requestBody.content), `${where} request body`).to.not.be.empty;
        }
      }
    }
  });

  it('documents request bodies with the services’ own validation (required name, rule enums)', () => {
    const body = doc.paths['/api/orgs/{org}/policies'].post.requestBody.content['application/json'].schema;
    const resolved = body.$ref ? doc.components.schemas[body.$ref.split('/').pop()] : body;
    expect(resolved.required).to.include('name');
    expect(JSON.stringify(resolved)).to.include('EU_DATA').and.include('AI_TOOL').and.include('BLOCK');
  });
});
