import crypto from 'node:crypto';
import { expect } from 'chai';
import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import { createLogger } from '../../src/lib/logger';
import { backoffDelay } from '../../src/services/forwarding/delivery-state';
import { createForwardingWorker } from '../../workers/forwarding.worker';
import { FORWARDING_BACKOFF, JOBS, QUEUES, type JobResult } from '../../workers/jobs';
import { LogCapture } from '../support/app';
import { eventually } from './forwarding-helpers';

const REDIS = process.env.TEST_REDIS_URL;
const id = (p: string) => `${p}_${crypto.randomBytes(12).toString('hex')}`;

// The BullMQ worker on its own, against real Redis: the custom backoff and the failed listener.
// Only where Redis is configured (CI sets TEST_REDIS_URL); the in-process driver has no queue.
(REDIS ? describe : describe.skip)('forwarding queue worker (BullMQ)', function () {
  this.timeout(20_000);
  let connection: IORedis;
  let queue: Queue;
  let prefix: string;
  const closers: Array<() => Promise<unknown>> = [];

  beforeEach(() => {
    prefix = `pftq${crypto.randomBytes(4).toString('hex')}`;
    connection = new IORedis(REDIS!, { maxRetriesPerRequest: null });
    queue = new Queue(QUEUES.forwarding, { connection, prefix });
  });

  afterEach(async () => {
    for (const c of closers.splice(0)) await c();
    await queue.obliterate({ force: true });
    await queue.close();
    connection.disconnect();
  });

  function start(handlers: { deliver(id: string): Promise<JobResult>; deadLetter(id: string, reason: string): Promise<boolean> }) {
    const logs = new LogCapture();
    const worker = createForwardingWorker({
      connection: connection.duplicate(),
      prefix,
      concurrency: 2,
      stalledMs: 1000,
      fallbackDelayMs: (attemptsMade) => backoffDelay(attemptsMade, [100, 200]),
      registry: { deliver: { run: (job) => handlers.deliver(job.deliveryId), onGiveUp: (job, reason) => handlers.deadLetter(job.deliveryId, reason) } },
      logger: createLogger('debug', logs),
    });
    void worker.run();
    closers.push(() => worker.close());
    return { worker, logs };
  }

  const add = (deliveryId: string) =>
    queue.add(JOBS.forwarding.deliver, { deliveryId, destinationId: id('fwd') }, { jobId: deliveryId, attempts: 3, backoff: { type: FORWARDING_BACKOFF } });

  it('waits the delay the state machine chose, then stops when it dead-letters', async () => {
    const runs: number[] = [];
    const deadLetters: string[] = [];
    start({
      async deliver() {
        runs.push(Date.now());
        return runs.length < 3 ? { kind: 'retry', delayMs: 300, error: 'HTTP 503 Service Unavailable' } : { kind: 'dead_lettered', error: 'HTTP 503 Service Unavailable' };
      },
      async deadLetter(deliveryId, reason) {
        deadLetters.push(`${deliveryId}:${reason}`);
        return false;
      },
    });
    const dlv = id('dlv');
    await add(dlv);
    await eventually(async () => (await queue.getJobState(dlv)) === 'failed', 8000, 'job failed');
    expect(runs).to.have.length(3);
    expect(runs[1] - runs[0]).to.be.at.least(290);
    expect(runs[2] - runs[1]).to.be.at.least(290);
    // The listener fires only for the last failure, and the dead-letter is idempotent there.
    expect(deadLetters).to.deep.equal([`${dlv}:HTTP 503 Service Unavailable`]);
    const job = await queue.getJob(dlv);
    expect(job!.failedReason).to.equal('HTTP 503 Service Unavailable');
    // 'failed' is final in BullMQ: no attempt is scheduled after it.
    expect(await job!.getState()).to.equal('failed');
    expect(runs).to.have.length(3);
  });

  it('dead-letters a job the queue gives up on after unexpected errors, with a fixed reason', async () => {
    const runs: number[] = [];
    const deadLetters: Array<[string, string]> = [];
    const { logs } = start({
      async deliver() {
        runs.push(Date.now());
        throw new Error('connect ECONNREFUSED db-password=hunter2');
      },
      async deadLetter(deliveryId, reason) {
        deadLetters.push([deliveryId, reason]);
        return true;
      },
    });
    const dlv = id('dlv');
    await add(dlv);
    await eventually(async () => deadLetters.length > 0, 8000, 'dead-letter');
    expect(runs).to.have.length(3);
    // No verdict from the state machine: the custom backoff falls back to the configured schedule.
    expect(runs[1] - runs[0]).to.be.at.least(95);
    expect(runs[2] - runs[1]).to.be.at.least(195);
    expect(deadLetters).to.deep.equal([[dlv, 'internal error while delivering (see the service logs)']]);
    const job = await queue.getJob(dlv);
    expect(job!.failedReason).to.equal('internal error while delivering');
    expect(logs.text()).to.include('job failed unexpectedly');
    expect(logs.text()).not.to.include('hunter2');
  });

  it('refuses malformed payloads without calling the service', async () => {
    let calls = 0;
    start({
      async deliver() {
        calls++;
        return { kind: 'delivered' };
      },
      async deadLetter() {
        calls++;
        return false;
      },
    });
    await queue.add(JOBS.forwarding.deliver, { deliveryId: '../../etc', destinationId: 'x' }, { jobId: 'bad-1', attempts: 3 });
    await eventually(async () => (await queue.getJobState('bad-1')) === 'failed', 5000, 'job failed');
    expect(calls).to.equal(0);
    expect((await queue.getJob('bad-1'))!.attemptsMade).to.equal(1);
  });
});
