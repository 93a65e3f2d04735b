/**
 * Collects the keys asked for within a short window and loads them in one call, so concurrent
 * attempts share one database round trip (the worker runs many attempts at once).
 */
export class MicroBatch<K, V> {
  private pending = new Map<K, Array<{ resolve: (v: V | undefined) => void; reject: (e: unknown) => void }>>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly windowMs: number,
    private readonly maxSize: number,
    private readonly loadMany: (keys: K[]) => Promise<Map<K, V>>,
  ) {}

  load(key: K): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      const waiters = this.pending.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else this.pending.set(key, [{ resolve, reject }]);
      if (this.pending.size >= this.maxSize) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), this.windowMs);
    });
  }

  private flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending;
    this.pending = new Map();
    if (batch.size === 0) return;
    this.loadMany([...batch.keys()]).then(
      (found) => {
        for (const [k, waiters] of batch) for (const w of waiters) w.resolve(found.get(k));
      },
      (err) => {
        for (const waiters of batch.values()) for (const w of waiters) w.reject(err);
      },
    );
  }
}
