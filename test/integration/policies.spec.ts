import { expect } from 'chai';
import { ADMIN_KEY, ENGINES, TestApp, createOrg, createOrgKey, createPolicy, startApp } from '../support/app';
import { RULES, expectError, expectInvalid, expectLogsFreeOf } from './helpers';

const ALL_DEST = ['AI_TOOL', 'VENDOR', 'CUSTOMER'];

for (const engine of ENGINES) {
  describe(`policies (${engine})`, () => {
    let app: TestApp;
    let org: Awaited<ReturnType<typeof createOrg>>;
    let orgKey: string;
    let base: string;
    before(async () => {
      app = await startApp(engine);
      org = await createOrg(app);
      orgKey = (await createOrgKey(app, org.org_id)).key;
      base = `/api/orgs/${org.org_id}/policies`;
    });
    after(async () => app?.close());

    const post = (body: unknown, token = orgKey) => app.api('POST', base, { token, body });

    describe('create', () => {
      it('returns 201 with version "1", assigned rule ids, kept given ids and the full key', async () => {
        const res = await post({ name: 'Outbound', description: 'For AI tools', tags: ['ai', 'default'], rules: RULES });
        expect(res.status, res.text).to.equal(201);
        const p = res.body;
        expect(p.policy_id).to.match(/^pol_/);
        expect(p).to.include({ org_id: org.org_id, name: 'Outbound', description: 'For AI tools', version: '1', is_active: true, policy_group: 'default' });
        expect(p.tags).to.deep.equal(['ai', 'default']);
        expect(p.api_key).to.match(/^pfp_[A-Za-z0-9_-]{43}$/);
        expect(p.rules).to.have.length(2);
        expect(p.rules[0].id).to.be.a('string').and.not.equal('');
        expect(p.rules[1].id).to.equal('mask-pii');
        expect(p.rules[0]).to.deep.include({ name: 'Block secrets', enabled: true, conditions: [], action: 'BLOCK' });
        expect(p.rules[1]).to.deep.include({ conditions: ['non_eu_destination', '!scc_verified'], destinations: ['AI_TOOL'] });
        expect(p.custom_patterns).to.deep.equal([]);
        expect(p.created_at).to.equal(p.updated_at);
        expectLogsFreeOf(app, [p.api_key]);
      });

      it('defaults everything but the name', async () => {
        const res = await post({ name: 'Bare' });
        expect(res.status, res.text).to.equal(201);
        expect(res.body).to.deep.include({ description: '', tags: [], rules: [], custom_patterns: [], is_active: true, version: '1' });
      });

      it('the operator may create one too', async () => {
        const res = await post({ name: 'By operator' }, ADMIN_KEY);
        expect(res.status, res.text).to.equal(201);
      });

      it('answers 422 with details for a missing name and for bad rules', async () => {
        const rule = { name: 'r', dataTypes: ['PII'], destinations: ['AI_TOOL'], action: 'MASK' };
        expectInvalid(await post({}), 'name');
        expectInvalid(await post({ name: '' }), 'name');
        expectInvalid(await post({ name: 'x', rules: [{ ...rule, dataTypes: ['PERSONAL'] }] }), 'rules.0.dataTypes');
        expectInvalid(await post({ name: 'x', rules: [{ ...rule, dataTypes: [] }] }), 'rules.0.dataTypes');
        expectInvalid(await post({ name: 'x', rules: [{ ...rule, destinations: ['EMAIL'] }] }), 'rules.0.destinations');
        expectInvalid(await post({ name: 'x', rules: [{ ...rule, action: 'REDACT' }] }), 'rules.0.action');
        expectInvalid(await post({ name: 'x', rules: [rule, { ...rule, conditions: ['full_moon'] }] }), 'rules.1.conditions');
        expectInvalid(await post({ name: 'x', rules: [{ ...rule, conditions: ['!unknown'] }] }), 'rules.0.conditions');
        expectInvalid(await post({ name: 'x', rules: [{ ...rule, name: undefined }] }), 'rules.0.name');
        expectInvalid(await post({ name: 'x', rules: 'block everything' }), 'rules');
        expectInvalid(await post({ name: 'x', tags: 'a,b' }), 'tags');
      });

      it('accepts every data type, destination, action and negated conditions', async () => {
        const rules = ['PII', 'PHI', 'FINANCIAL', 'SECRETS', 'EU_DATA', 'CUSTOM', 'ALL'].map((t, i) => ({
          name: `r${i}`,
          dataTypes: [t],
          destinations: ALL_DEST,
          action: ['BLOCK', 'MASK', 'ALLOW'][i % 3],
          conditions: i % 2 ? ['!non_eu_destination', 'scc_verified'] : ['non_eu_destination', '!scc_verified'],
        }));
        const res = await post({ name: 'All kinds', rules });
        expect(res.status, res.text).to.equal(201);
        expect(res.body.rules.map((r: { dataTypes: string[] }) => r.dataTypes[0])).to.deep.equal(rules.map((r) => r.dataTypes[0]));
      });

      it('keeps custom patterns with a linear-time regex or a keyword list', async () => {
        const custom_patterns = [
          { name: 'Project code', regex: 'PRJ-[0-9]{4}' },
          { name: 'Codenames', keywords: ['bluebird', 'nightjar'] },
        ];
        const res = await post({ name: 'Custom', custom_patterns });
        expect(res.status, res.text).to.equal(201);
        expect(res.body.custom_patterns).to.deep.equal([
          { name: 'Project code', data_type: 'CUSTOM', regex: 'PRJ-[0-9]{4}' },
          { name: 'Codenames', data_type: 'CUSTOM', keywords: ['bluebird', 'nightjar'] },
        ]);
      });

      it('rejects custom patterns that are not linear-time, or give both or neither of regex and keywords', async () => {
        for (const bad of [
          { name: 'Backref', regex: '(a+)\\1' },
          { name: 'Lookbehind', regex: '(?<=secret:)\\w+' },
          { name: 'Lookahead', regex: 'x(?=y)' },
          { name: 'Both', regex: 'abc', keywords: ['abc'] },
          { name: 'Neither' },
          { name: 'Bad syntax', regex: '([a-z' },
          { name: 'Empty keywords', keywords: [] },
        ]) {
          const res = await post({ name: 'Custom', custom_patterns: [{ name: 'Fine', keywords: ['ok'] }, bad] });
          expectInvalid(res, 'custom_patterns');
          expect(res.text, 'the error must not echo the pattern').to.not.include('secret:');
        }
      });

      it('stores large rule sets (more than 64 KiB of JSON) intact', async () => {
        const rules = Array.from({ length: 150 }, (_, i) => ({
          id: `rule-${i}`,
          name: `Rule ${i}`,
          description: `d${i} `.repeat(300).slice(0, 1500),
          dataTypes: ['PII'],
          destinations: ALL_DEST,
          action: 'MASK',
        }));
        expect(JSON.stringify(rules).length).to.be.greaterThan(200_000);
        const res = await post({ name: 'Large', rules });
        expect(res.status, res.text.slice(0, 300)).to.equal(201);
        const got = await app.api('GET', `${base}/${res.body.policy_id}`, { token: orgKey });
        expect(got.status).to.equal(200);
        expect(got.body.rules).to.have.length(150);
        expect(got.body.rules[149]).to.deep.equal({ ...rules[149], enabled: true, conditions: [] });
      });
    });

    describe('read', () => {
      it('shows the key redacted in list and get, on REST and GraphQL', async () => {
        const created = await createPolicy(app, org.org_id, { name: 'Redacted' });
        const preview = `pfp_…${created.api_key.slice(-4)}`;
        const got = await app.api('GET', `${base}/${created.policy_id}`, { token: orgKey });
        expect(got.status).to.equal(200);
        expect(got.body.api_key).to.equal(preview);
        const list = await app.api('GET', base, { token: orgKey });
        expect(list.status).to.equal(200);
        expect(list.body.find((p: { policy_id: string }) => p.policy_id === created.policy_id).api_key).to.equal(preview);
        expect(list.text).to.not.include(created.api_key);
        const gql = await app.gql(
          'query($org: String!, $id: ID!) { policy(org: $org, policy_id: $id) { api_key } policies(org: $org) { items { api_key } } }',
          { org: org.org_id, id: created.policy_id },
          { token: orgKey },
        );
        expect(gql.body.errors, gql.text).to.equal(undefined);
        expect(gql.body.data.policy.api_key).to.equal(preview);
        expect(gql.text).to.not.include(created.api_key);
      });

      it('answers 404 for an unknown policy and for another organization’s policy under this organization', async () => {
        const other = await createOrg(app);
        const theirs = await createPolicy(app, other.org_id);
        for (const token of [orgKey, ADMIN_KEY]) {
          expectError(await app.api('GET', `${base}/pol_nope`, { token }), 404, 'not_found');
          const res = await app.api('GET', `${base}/${theirs.policy_id}`, { token });
          expectError(res, 404, 'not_found');
          const unknown = await app.api('GET', `${base}/pol_000000000000000000000000`, { token });
          expect(res.body).to.deep.equal(unknown.body);
          expectError(await app.api('PATCH', `${base}/${theirs.policy_id}`, { token, body: { name: 'mine' } }), 404, 'not_found');
          expectError(await app.api('DELETE', `${base}/${theirs.policy_id}`, { token }), 404, 'not_found');
          expectError(await app.api('POST', `${base}/${theirs.policy_id}/regenerate-key`, { token }), 404, 'not_found');
        }
        const still = await app.api('GET', `/api/orgs/${other.org_id}/policies/${theirs.policy_id}`, { token: ADMIN_KEY });
        expect(still.body.name).to.equal('Default');
        expect(still.body.api_key).to.equal(`pfp_…${theirs.api_key.slice(-4)}`);
      });

      it('refuses policy and license keys (403) and missing credentials (401)', async () => {
        const p = await createPolicy(app, org.org_id);
        for (const token of [p.api_key, org.license_key]) {
          expectError(await app.api('GET', base, { token }), 403, 'forbidden');
          expectError(await app.api('GET', `${base}/${p.policy_id}`, { token }), 403, 'forbidden');
          expectError(await app.api('POST', base, { token, body: { name: 'x' } }), 403, 'forbidden');
          expectError(await app.api('PATCH', `${base}/${p.policy_id}`, { token, body: { name: 'x' } }), 403, 'forbidden');
          expectError(await app.api('POST', `${base}/${p.policy_id}/regenerate-key`, { token }), 403, 'forbidden');
          expectError(await app.api('DELETE', `${base}/${p.policy_id}`, { token }), 403, 'forbidden');
        }
        expectError(await app.api('GET', base), 401, 'unauthenticated');
        expectError(await app.api('GET', base, { headers: { 'x-service-api-key': p.api_key } }), 401, 'unauthenticated');
        expectError(await app.api('GET', base, { token: 'pfp_notakey' }), 401, 'unauthenticated');
      });
    });

    describe('update', () => {
      it('moves the version on every change of rules or custom patterns, not on name, tags or description', async () => {
        const p = await createPolicy(app, org.org_id, { rules: RULES });
        const url = `${base}/${p.policy_id}`;
        const patch = async (body: unknown) => {
          const res = await app.api('PATCH', url, { token: orgKey, body });
          expect(res.status, res.text).to.equal(200);
          return res.body;
        };
        expect(p.version).to.equal('1');
        let v = await patch({ name: 'Renamed', tags: ['x'], description: 'new words' });
        expect(v.version).to.equal('1');
        expect(v).to.include({ name: 'Renamed', description: 'new words' });
        const current = v.rules;
        v = await patch({ rules: current });
        expect(v.version, 'the same rules again are no change').to.equal('1');
        v = await patch({ rules: [...current, { name: 'Allow customers', dataTypes: ['ALL'], destinations: ['CUSTOMER'], action: 'ALLOW' }] });
        expect(v.version).to.equal('2');
        expect(v.rules).to.have.length(3);
        expect(v.rules[2].id).to.be.a('string');
        expect(v.rules.slice(0, 2)).to.deep.equal(current);
        v = await patch({ rules: v.rules.map((r: { enabled: boolean }, i: number) => (i === 0 ? { ...r, enabled: false } : r)) });
        expect(v.version).to.equal('3');
        v = await patch({ custom_patterns: [{ name: 'Ticket', regex: 'TCK-\\d+' }] });
        expect(v.version).to.equal('4');
        v = await patch({ custom_patterns: [{ name: 'Ticket', regex: 'TCK-\\d+' }] });
        expect(v.version).to.equal('4');
        v = await patch({ is_active: false });
        expect(v.version).to.equal('4');
        expect(v.is_active).to.equal(false);
        // Partial: everything not sent stayed.
        const got = await app.api('GET', url, { token: orgKey });
        expect(got.body).to.deep.include({ name: 'Renamed', description: 'new words', version: '4', is_active: false });
        expect(got.body.tags).to.deep.equal(['x']);
        expect(got.body.rules).to.have.length(3);
        expect(got.body.rules[0].enabled).to.equal(false);
        expect(got.body.custom_patterns).to.have.length(1);
        expect(got.body.api_key).to.equal(`pfp_…${p.api_key.slice(-4)}`);
      });

      it('concurrent rule changes each raise the version', async () => {
        const p = await createPolicy(app, org.org_id);
        const url = `${base}/${p.policy_id}`;
        const results = await Promise.all(
          Array.from({ length: 5 }, (_, i) =>
            app.api('PATCH', url, { token: orgKey, body: { rules: [{ name: `r${i}`, dataTypes: ['PII'], destinations: ['AI_TOOL'], action: 'MASK' }] } }),
          ),
        );
        expect(results.map((r) => r.status)).to.deep.equal([200, 200, 200, 200, 200]);
        expect(results.map((r) => r.body.version).sort()).to.deep.equal(['2', '3', '4', '5', '6']);
        expect((await app.api('GET', url, { token: orgKey })).body.version).to.equal('6');
      });

      it('validates updates like creates (422) and leaves the policy unchanged', async () => {
        const p = await createPolicy(app, org.org_id);
        const url = `${base}/${p.policy_id}`;
        expectInvalid(await app.api('PATCH', url, { token: orgKey, body: { name: '' } }), 'name');
        expectInvalid(await app.api('PATCH', url, { token: orgKey, body: { rules: [{ name: 'r', dataTypes: ['PII'], destinations: ['AI_TOOL'], action: 'MASK', conditions: ['sometimes'] }] } }), 'rules.0.conditions');
        expectInvalid(await app.api('PATCH', url, { token: orgKey, body: { custom_patterns: [{ name: 'Bad', regex: '(x)\\1' }] } }), 'custom_patterns');
        expectError(await app.api('PATCH', url, { token: orgKey, body: { version: '9' } }), 422, 'validation_failed');
        const got = await app.api('GET', url, { token: orgKey });
        expect(got.body.version).to.equal('1');
        expect(got.body.rules).to.have.length(2);
      });
    });

    describe('delete and regenerate', () => {
      it('deletes a policy (204): it is gone and its key stops working', async () => {
        const p = await createPolicy(app, org.org_id);
        // A policy key on a management route is 403 while it exists ...
        expectError(await app.api('GET', base, { token: p.api_key }), 403, 'forbidden');
        const res = await app.api('DELETE', `${base}/${p.policy_id}`, { token: orgKey });
        expect(res.status).to.equal(204);
        expect(res.text).to.equal('');
        expectError(await app.api('GET', `${base}/${p.policy_id}`, { token: orgKey }), 404, 'not_found');
        // ... and 401 once it is gone.
        expectError(await app.api('GET', base, { token: p.api_key }), 401, 'unauthenticated');
        expectError(await app.api('DELETE', `${base}/${p.policy_id}`, { token: orgKey }), 404, 'not_found');
      });

      it('regenerates the key (200 {policy_id, api_key}): old key 401, new key recognised, reads stay redacted', async () => {
        const p = await createPolicy(app, org.org_id);
        const res = await app.api('POST', `${base}/${p.policy_id}/regenerate-key`, { token: orgKey });
        expect(res.status, res.text).to.equal(200);
        expect(Object.keys(res.body).sort()).to.deep.equal(['api_key', 'policy_id']);
        expect(res.body.policy_id).to.equal(p.policy_id);
        expect(res.body.api_key).to.match(/^pfp_/).and.not.equal(p.api_key);
        expectError(await app.api('GET', base, { token: p.api_key }), 401, 'unauthenticated');
        expectError(await app.api('GET', base, { token: res.body.api_key }), 403, 'forbidden');
        const got = await app.api('GET', `${base}/${p.policy_id}`, { token: orgKey });
        expect(got.body.api_key).to.equal(`pfp_…${res.body.api_key.slice(-4)}`);
        expect(got.body.version).to.equal('1');
        expectLogsFreeOf(app, [p.api_key, res.body.api_key]);
      });

      it('answers 404 for unknown policies and 401 without a credential', async () => {
        expectError(await app.api('POST', `${base}/pol_nope/regenerate-key`, { token: orgKey }), 404, 'not_found');
        expectError(await app.api('DELETE', `${base}/pol_nope`, { token: orgKey }), 404, 'not_found');
        expectError(await app.api('PATCH', `${base}/pol_nope`, { token: orgKey, body: { name: 'x' } }), 404, 'not_found');
        expectError(await app.api('POST', `${base}/pol_nope/regenerate-key`), 401, 'unauthenticated');
        expectError(await app.api('POST', `/api/orgs/nobody/policies`, { token: ADMIN_KEY, body: { name: 'x' } }), 404, 'not_found');
      });
    });
  });
}
