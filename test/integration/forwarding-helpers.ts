import { deleteRedisKeys } from '../support/redis';
import { expect } from 'chai';
import { In } from 'typeorm';
import { DeliveryEntity } from '../../entities';
import type { TestApp } from '../support/app';
import type { HttpsReceiver } from '../support/https-receiver';

/** The shortened schedule every forwarding suite runs with (docs/forwarding.md). */
export function forwardingEnv(receiver: HttpsReceiver, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PREFLIGHT_ALLOW_PRIVATE_DESTINATIONS: 'true',
    PREFLIGHT_ALLOW_INSECURE_DESTINATIONS: 'true',
    PREFLIGHT_FORWARD_BACKOFF_MS: '200,400',
    PREFLIGHT_FORWARD_INTERVAL_MS: '100',
    PREFLIGHT_FORWARD_TEST_TIMEOUT_MS: '1500',
    PREFLIGHT_FORWARD_DELIVERY_TIMEOUT_MS: '1500',
    PREFLIGHT_FORWARD_STALLED_MS: '1000',
    PREFLIGHT_FORWARD_CA_FILE: receiver.caFile,
    ...extra,
  };
}

/** Deletes every Redis key of a test app's queue prefix. */
export async function dropQueueKeys(app: TestApp): Promise<void> {
  await deleteRedisKeys(app.rt.config.redisUrl, [`${app.rt.config.queuePrefix}:*`]);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Nothing will be sent for these deliveries any more, whichever driver runs: no pending outbox
 * row (all the in-process poller reads) and, with BullMQ, no waiting, delayed or active job.
 * This is what "no further request" rests on, so tests assert it instead of sleeping.
 */
export async function expectNothingScheduled(app: TestApp, ids: string[]): Promise<void> {
  expect(ids, 'deliveries to check').not.to.be.empty;
  const rows = await app.rt.ds.getRepository(DeliveryEntity).find({ where: { id: In(ids) } });
  for (const r of rows) expect(r.state, r.id).to.be.oneOf(['delivered', 'failed']);
  const forwarding = app.rt.services.forwarding;
  expect(forwarding.queues()).to.have.length(forwarding.driverKind === 'bullmq' ? 1 : 0);
  for (const queue of forwarding.queues()) {
    for (const id of ids) await eventually(async () => ['unknown', 'completed', 'failed'].includes(await queue.getJobState(id)), 5000, `job ${id} settled`);
  }
}

/** Polls `fn` until it returns a truthy value (or throws after `timeoutMs`). */
export async function eventually<T>(fn: () => Promise<T | undefined | null | false>, timeoutMs = 8000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await fn();
      if (v) return v as T;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? `: ${(last as Error).message}` : ''}`);
    await sleep(50);
  }
}

export async function deliveriesOf(app: TestApp, destinationId: string): Promise<DeliveryEntity[]> {
  return app.rt.ds.getRepository(DeliveryEntity).find({ where: { destinationId }, order: { createdAt: 'ASC' } });
}
