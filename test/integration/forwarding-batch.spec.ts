import crypto from 'node:crypto';
import { expect } from 'chai';
import { DeliveryEntity } from '../../entities';
import { applyMany } from '../../src/services/forwarding/delivery-processor';
import { queuedDelivery } from '../../src/services/forwarding/forwarding.service';
import type { AttemptWrite, DeliveryState } from '../../src/services/forwarding/delivery-state';
import { ENGINES, startApp, type TestApp } from '../support/app';

// The batched verdict write is MySQL SQL (a multi-table UPDATE); SQLite writes one row at a time.
const mysqlOnly = ENGINES.includes('mysql');

(mysqlOnly ? describe : describe.skip)('forwarding: batched verdict writes (mysql)', function () {
  this.timeout(30_000);
  let app: TestApp;

  before(async () => {
    app = await startApp('mysql', { redis: false });
  });

  after(async () => {
    await app?.close();
  });

  async function delivery(attempts: number, state = attempts ? 'retrying' : 'queued'): Promise<DeliveryEntity> {
    const now = new Date();
    const d = Object.assign(queuedDelivery(`dlv_${crypto.randomBytes(12).toString('hex')}`, 'fwd_x', { id: `pf_${crypto.randomBytes(12).toString('hex')}`, orgId: 'org_x' }, now), {
      state,
      attempts,
      lockedUntil: new Date(now.getTime() + 60_000),
      leaseToken: 'lease',
    });
    await app.rt.ds.getRepository(DeliveryEntity).insert(d);
    return d;
  }

  const verdict = (d: DeliveryEntity, prevAttempts: number, state: DeliveryState, code: number | null, at: number): AttemptWrite => ({
    id: d.id,
    prevAttempts,
    state,
    attempts: prevAttempts + 1,
    nextAttemptAt: at + 60_000,
    lastStatusCode: code,
    lastError: code === 200 ? null : `HTTP ${code}`,
    lastAttemptAt: at,
    deliveredAt: state === 'delivered' ? at : null,
    attemptLog: JSON.stringify([{ at: new Date(at).toISOString(), status_code: code, error: null, duration_ms: 3 }]),
    updatedAt: at,
  });

  it('writes every row of a batch whose conditions hold, and tells which ones raced', async () => {
    const a = await delivery(0);
    const b = await delivery(1);
    const raced = await delivery(2); // the batch believes it had 1 attempt
    const done = await delivery(1, 'delivered');
    const at = Date.now();
    const pa = verdict(a, 0, 'delivered', 200, at);
    const pb = verdict(b, 1, 'retrying', 503, at);
    const pr = verdict(raced, 1, 'delivered', 200, at);
    const pd = verdict(done, 1, 'delivered', 200, at);
    const out = await applyMany(app.rt.ds.manager, [pa, pb, pr, pd]);
    expect([out.get(pa), out.get(pb), out.get(pr), out.get(pd)]).to.deep.equal([1, 1, 0, 0]);
    const rows = await app.rt.ds.getRepository(DeliveryEntity).findBy({});
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(a.id)).to.include({ state: 'delivered', attempts: 1, lastStatusCode: 200, lockedUntil: null, leaseToken: null });
    expect(byId.get(a.id)!.deliveredAt!.getTime()).to.equal(at);
    expect(byId.get(a.id)!.attemptLog).to.have.length(1);
    expect(byId.get(b.id)).to.include({ state: 'retrying', attempts: 2, lastStatusCode: 503, lastError: 'HTTP 503', deliveredAt: null });
    expect(byId.get(b.id)!.nextAttemptAt.getTime()).to.equal(at + 60_000);
    expect(byId.get(raced.id)).to.include({ state: 'retrying', attempts: 2, lastStatusCode: null });
    expect(byId.get(done.id)).to.include({ state: 'delivered', attempts: 1, lastStatusCode: null });
  });

  it('writes a batch of one with the plain statement', async () => {
    const a = await delivery(0);
    const at = Date.now();
    const p = verdict(a, 0, 'delivered', 204, at);
    const out = await applyMany(app.rt.ds.manager, [p]);
    expect(out.get(p)).to.equal(1);
    expect((await app.rt.ds.getRepository(DeliveryEntity).findOneByOrFail({ id: a.id })).lastStatusCode).to.equal(204);
  });
});
