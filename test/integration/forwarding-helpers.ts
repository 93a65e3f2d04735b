import IORedis from 'ioredis';
import { DeliveryEntity } from '../../entities';
import type { TestApp } from '../support/app';
import type { HttpsReceiver } from '../support/https-receiver';

/** The shortened schedule every forwarding suite runs with (contract 7 variables). */
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
  if (!app.rt.config.redisUrl) return;
  const redis = new IORedis(app.rt.config.redisUrl, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${app.rt.config.queuePrefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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
