import Redis from 'ioredis';

/**
 * Deletes the Redis keys matching the patterns (a test app's queue prefix, its limits' counters):
 * every app has its own random prefix, so nothing of another suite is touched. Returns the count.
 */
export async function deleteRedisKeys(url: string | undefined, patterns: string[]): Promise<number> {
  if (!url) return 0;
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  let removed = 0;
  try {
    await redis.connect();
    for (const match of patterns) {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', match, 'COUNT', 500);
        cursor = next;
        if (keys.length) removed += await redis.unlink(...keys);
      } while (cursor !== '0');
    }
  } finally {
    redis.disconnect();
  }
  return removed;
}
