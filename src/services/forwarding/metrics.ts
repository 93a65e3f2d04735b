import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

/** Depth of the delivery queue by state, read from the outbox table (and Redis job counts when used). */
export type DepthReader = () => Promise<{ queued: number; retrying: number; jobs?: Record<string, number> }>;

/** Forwarding metrics in the process's registry; no destination or org labels (unbounded cardinality). */
export function createForwardingMetrics(registry: Registry, readDepth: DepthReader) {
  const depth = new Gauge({
    name: 'preflight_forwarding_queue_depth',
    help: 'Deliveries waiting for an attempt, by state (queued, retrying)',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const d = await readDepth();
      this.set({ state: 'queued' }, d.queued);
      this.set({ state: 'retrying' }, d.retrying);
    },
  });
  const jobs = new Gauge({
    name: 'preflight_forwarding_jobs',
    help: 'BullMQ jobs of the forwarding queue by job state (only with REDIS_URL)',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const d = await readDepth();
      for (const [state, n] of Object.entries(d.jobs ?? {})) this.set({ state }, n);
    },
  });
  return {
    depth,
    jobs,
    delivered: new Counter({ name: 'preflight_forwarding_delivered_total', help: 'Events delivered (2xx)', registers: [registry] }),
    retried: new Counter({
      name: 'preflight_forwarding_retried_total',
      help: 'Failed attempts that were scheduled for a retry',
      labelNames: ['reason'] as const,
      registers: [registry],
    }),
    deadLettered: new Counter({
      name: 'preflight_forwarding_dead_lettered_total',
      help: 'Deliveries dead-lettered (state failed) after their last attempt',
      registers: [registry],
    }),
    dropped: new Counter({
      name: 'preflight_forwarding_dropped_total',
      help: 'Pending deliveries dropped because their destination was deleted or disabled',
      registers: [registry],
    }),
    attemptSeconds: new Histogram({
      name: 'preflight_forwarding_attempt_duration_seconds',
      help: 'Duration of delivery attempts',
      labelNames: ['outcome'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
  };
}

export type ForwardingMetrics = ReturnType<typeof createForwardingMetrics>;
