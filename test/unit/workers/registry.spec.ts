import { expect } from 'chai';
import { JOBS } from '../../../workers/jobs';
import { checkJobRegistry } from '../../../workers/registry';
import { jobRegistry } from '../../../src/queue-worker';

describe('job registry', () => {
  const handler = { run: async () => ({ kind: 'delivered' as const }), onGiveUp: async () => true };

  it('accepts one handler per job name', () => {
    expect(() => checkJobRegistry({ [JOBS.forwarding.deliver]: handler })).not.to.throw();
  });

  it('fails at start-up on a job name without a handler', () => {
    expect(() => checkJobRegistry({})).to.throw(/no handler for job "deliver"/);
    expect(() => checkJobRegistry({ deliver: { run: handler.run } })).to.throw(/no handler for job "deliver"/);
  });

  it('fails on a handler for a job name the queue does not have', () => {
    expect(() => checkJobRegistry({ deliver: handler, redeliver: handler })).to.throw(/unknown job "redeliver"/);
  });

  it('the runtime registry routes each job to the forwarding service', async () => {
    const calls: string[] = [];
    const registry = jobRegistry({
      forwarding: {
        deliver: async (id: string) => (calls.push(`deliver:${id}`), { kind: 'delivered' as const }),
        deadLetter: async (id: string, reason: string) => (calls.push(`dead:${id}:${reason}`), true),
      },
    });
    checkJobRegistry(registry);
    await registry.deliver.run({ deliveryId: 'dlv_00000001', destinationId: 'fwd_00000001' });
    await registry.deliver.onGiveUp({ deliveryId: 'dlv_00000001', destinationId: 'fwd_00000001' }, 'stalled');
    expect(calls).to.deep.equal(['deliver:dlv_00000001', 'dead:dlv_00000001:stalled']);
  });
});
