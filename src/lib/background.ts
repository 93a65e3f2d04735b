import type { Logger } from 'pino';
import { safeErrorFields } from './logger';

/** A background duty of the process (sweepers, delivery drivers): started with start(), stopped on close(). */
export interface BackgroundTask {
  name: string;
  start(): void | Promise<void>;
  stop(): void | Promise<void>;
}

/** Runs fn every intervalMs (unref'd, never overlapping), logging failures without their messages. */
export function periodicTask(name: string, intervalMs: number, fn: () => Promise<unknown>, logger: Logger): BackgroundTask {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  return {
    name,
    start() {
      timer ??= setInterval(() => {
        if (running) return;
        running = fn()
          .catch((err) => logger.error({ task: name, ...safeErrorFields(err) }, 'background task failed'))
          .finally(() => (running = undefined));
      }, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
