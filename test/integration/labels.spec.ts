import { expect } from 'chai';
import { FINDING_LABELS, findingTypes, recognizers, contextualDetectors } from '../../src/detection';
import { assertLabelled } from '../../src/detection/checks';
import { summarize } from '../../src/policy/outcome';
import { ADMIN_KEY, TestApp, createOrg, startApp } from '../support/app';
import { insertRecords } from '../support/audit-fixtures';

describe('finding labels: one catalogue', () => {
  let app: TestApp;
  let breakdown: Map<string, string>;

  before(async () => {
    app = await startApp('sqlite');
    const org = await createOrg(app);
    const now = Date.now();
    await insertRecords(app.rt, findingTypes.map((t) => ({ orgId: org.org_id, findingCounts: { [t.type]: 1 }, createdAt: now })));
    const res = await app.api('GET', `/api/orgs/${org.org_id}/analytics/detections?period=7d`, { token: ADMIN_KEY });
    expect(res.status).to.equal(200);
    breakdown = new Map(res.body.types.map((t: { type: string; label: string }) => [t.type, t.label]));
  });
  after(async () => {
    await app?.close();
  });

  it('labels every built-in finding type in the catalogue', () => {
    const types = new Set([...recognizers, ...contextualDetectors].map((r) => r.type));
    expect(types.size).to.be.greaterThan(100);
    for (const type of types) expect(FINDING_LABELS, type).to.have.property(type).that.is.a('string').and.not.empty;
  });

  it('reads the same label in the catalogue, a check summary and the analytics breakdown for every type', () => {
    expect(breakdown.size).to.equal(findingTypes.length);
    for (const t of findingTypes) {
      expect(t.label, t.type).to.equal(FINDING_LABELS[t.type]);
      expect(summarize({ decision: 'ALLOWED', verdicts: [] }, new Map([[t.type, 1]])), t.type).to.equal(
        `Allowed: found 1 × ${t.label}; no rule applies.`,
      );
      expect(breakdown.get(t.type), t.type).to.equal(t.label);
    }
  });

  it('refuses to start with a recognizer whose finding type has no label, naming the type', () => {
    expect(() => assertLabelled([{ id: 'acme-token', type: 'ACME_TOKEN' }])).to.throw(/acme-token.*ACME_TOKEN has no label/);
  });
});
