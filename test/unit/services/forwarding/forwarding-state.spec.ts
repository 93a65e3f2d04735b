import { expect } from 'chai';
import { DROP_FROM, attemptWrite, backoffDelay, deadLetter, redeliver, transition, type AttemptOutcome } from '../../../../src/services/forwarding/delivery-state';
import { destinationStatus } from '../../../../src/services/forwarding/views';
import { isFinalFailure } from '../../../../workers/forwarding.worker';
import { parseDeliverJob } from '../../../../workers/jobs';

const ok: AttemptOutcome = { ok: true, statusCode: 200, error: null, durationMs: 5 };
const fail: AttemptOutcome = { ok: false, statusCode: 503, error: 'HTTP 503 Service Unavailable', durationMs: 5 };
const policy = { maxAttempts: 3, backoffMs: [60_000, 120_000, 240_000] };

describe('forwarding: delivery state machine', () => {
  it('delivers on 2xx, whatever attempt it is', () => {
    expect(transition(0, ok, policy)).to.deep.equal({ state: 'delivered', attempts: 1 });
    expect(transition(2, ok, policy)).to.deep.equal({ state: 'delivered', attempts: 3 });
  });

  it('retries 60 s after the first failure and 120 s after the second', () => {
    expect(transition(0, fail, policy)).to.deep.equal({ state: 'retrying', attempts: 1, delayMs: 60_000 });
    expect(transition(1, fail, policy)).to.deep.equal({ state: 'retrying', attempts: 2, delayMs: 120_000 });
  });

  it('dead-letters after the third failure', () => {
    expect(transition(2, fail, policy)).to.deep.equal({ state: 'failed', attempts: 3 });
  });

  it('uses the 240 s step only when attempts are raised, then repeats the last step', () => {
    const five = { maxAttempts: 5, backoffMs: [60_000, 120_000, 240_000] };
    expect(transition(2, fail, five)).to.deep.equal({ state: 'retrying', attempts: 3, delayMs: 240_000 });
    expect(transition(3, fail, five)).to.deep.equal({ state: 'retrying', attempts: 4, delayMs: 240_000 });
    expect(transition(4, fail, five).state).to.equal('failed');
  });

  it('reads the configured (shortened) schedule', () => {
    expect(backoffDelay(1, [200, 400])).to.equal(200);
    expect(backoffDelay(2, [200, 400])).to.equal(400);
    expect(backoffDelay(7, [200, 400])).to.equal(400);
  });

  it('dead-letters at once with a single configured attempt', () => {
    expect(transition(0, fail, { maxAttempts: 1, backoffMs: [1000] }).state).to.equal('failed');
  });
});

describe('forwarding: destination status label (docs/api-contract.md#forwarding)', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
  it('is Disabled when not enabled, whatever happened before', () => {
    expect(destinationStatus(false, { state: 'delivered', deliveredAt: hoursAgo(1) }, now)).to.equal('Disabled');
  });
  it('is Failing when the latest finished attempt failed or was dead-lettered', () => {
    expect(destinationStatus(true, { state: 'retrying', deliveredAt: null }, now)).to.equal('Failing');
    expect(destinationStatus(true, { state: 'failed', deliveredAt: null }, now)).to.equal('Failing');
  });
  it('is Active when it delivered within 24 h, Idle after that or with nothing sent', () => {
    expect(destinationStatus(true, { state: 'delivered', deliveredAt: hoursAgo(23) }, now)).to.equal('Active');
    expect(destinationStatus(true, { state: 'delivered', deliveredAt: hoursAgo(25) }, now)).to.equal('Idle');
    expect(destinationStatus(true, null, now)).to.equal('Idle');
  });
});

describe('forwarding: BullMQ job handling', () => {
  it('tells the last failure from the others', () => {
    const job = (attemptsMade: number, finishedOn?: number) => ({ attemptsMade, opts: { attempts: 3 }, finishedOn });
    expect(isFinalFailure(job(1), new Error('x'))).to.equal(false);
    expect(isFinalFailure(job(2), new Error('x'))).to.equal(false);
    expect(isFinalFailure(job(3), new Error('x'))).to.equal(true);
    expect(isFinalFailure(job(1, Date.now()), new Error('x'))).to.equal(true);
    const unrecoverable = Object.assign(new Error('dead'), { name: 'UnrecoverableError' });
    expect(isFinalFailure(job(1), unrecoverable)).to.equal(true);
  });

  it('accepts job payloads of ids only', () => {
    expect(parseDeliverJob({ deliveryId: 'dlv_0123456789abcdef01234567', destinationId: 'fwd_0123456789abcdef01234567' })).to.deep.equal({
      deliveryId: 'dlv_0123456789abcdef01234567',
      destinationId: 'fwd_0123456789abcdef01234567',
    });
    expect(parseDeliverJob({ deliveryId: 'dlv_x; DROP', destinationId: 'fwd_0123456789abcdef01234567' })).to.equal(undefined);
    expect(parseDeliverJob(null)).to.equal(undefined);
  });
});

describe('forwarding: transitions outside an attempt', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it('dead-letters only pending deliveries, with the reason and the lease cleared', () => {
    const c = deadLetter('stalled too often', now);
    expect(c.from).to.deep.equal(['queued', 'retrying']);
    expect(c.set).to.include({ state: 'failed', lastError: 'stalled too often', lockedUntil: null, leaseToken: null, updatedAt: now });
  });
  it('redelivers only dead-lettered deliveries, starting over and due now', () => {
    const c = redeliver(now);
    expect(c.from).to.deep.equal(['failed']);
    expect(c.set).to.include({ state: 'queued', attempts: 0, nextAttemptAt: now, deliveredAt: null, lockedUntil: null, leaseToken: null });
  });
  it('drops only pending deliveries (delivered and dead-lettered history stays)', () => {
    expect(DROP_FROM).to.deep.equal(['queued', 'retrying']);
  });
});

describe('forwarding: the row write of an attempt', () => {
  const d = { id: 'dlv_00000001', attempts: 1, nextAttemptAt: 1_000 };
  it('a retry moves the due time by the delay and keeps the attempts it was computed from', () => {
    const w = attemptWrite(d, transition(1, fail, policy), fail, '[]', 5_000, 6_000);
    expect(w).to.deep.equal({
      id: d.id,
      prevAttempts: 1,
      state: 'retrying',
      attempts: 2,
      nextAttemptAt: 6_000 + 120_000,
      lastStatusCode: 503,
      lastError: 'HTTP 503 Service Unavailable',
      lastAttemptAt: 5_000,
      deliveredAt: null,
      attemptLog: '[]',
      updatedAt: 6_000,
    });
  });
  it('a delivery stamps delivered_at and leaves the due time alone', () => {
    const w = attemptWrite(d, transition(1, ok, policy), ok, '[]', 5_000, 6_000);
    expect(w).to.include({ state: 'delivered', attempts: 2, deliveredAt: 6_000, nextAttemptAt: 1_000, lastError: null });
  });
});
