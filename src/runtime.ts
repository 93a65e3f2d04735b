import 'reflect-metadata';
import type { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import { Registry, collectDefaultMetrics } from 'prom-client';
import type { Config } from './config';
import { openDatabase } from './db/data-source';
import { createLogger } from './lib/logger';
import { loadCipher } from './lib/secrets';
import { createServices, Services } from './services';
import type { ServiceDeps } from './services/deps';
import { loadSigningKeys } from './services/signing-keys';
import { queueWorkerTasks } from './queue-worker';

export { periodicTask, type BackgroundTask } from './lib/background';
import type { BackgroundTask } from './lib/background';

/** Everything a process (API or worker) needs, built once from the frozen config. */
export interface Runtime {
  config: Readonly<Config>;
  ds: DataSource;
  logger: Logger;
  services: Services;
  deps: ServiceDeps;
  /** Extra /readyz checks (Redis when configured), by name. */
  readinessProbes: Record<string, () => Promise<boolean>>;
  /** Background duties; main() starts them, tests start the ones they exercise. */
  tasks: BackgroundTask[];
  /** Starts every background task (idempotent). */
  start(): Promise<void>;
  close(): Promise<void>;
}

export interface RuntimeOptions {
  logger?: Logger;
  now?: () => Date;
}

export async function createRuntime(config: Readonly<Config>, opts: RuntimeOptions = {}): Promise<Runtime> {
  const logger = opts.logger ?? createLogger(config.logLevel);
  const ds = await openDatabase(config);
  const metrics = new Registry();
  collectDefaultMetrics({ register: metrics, prefix: 'preflight_' });
  const deps: ServiceDeps = {
    ds,
    config,
    cipher: loadCipher(config.encryptionKey, config.dataDir),
    logger,
    metrics,
    now: opts.now ?? (() => new Date()),
  };
  const keys = await loadSigningKeys(config.licensePrivateKey, config.dataDir);
  const services = createServices(deps, keys);
  const tasks: BackgroundTask[] = [...services.backgroundTasks(), ...queueWorkerTasks(config, logger, services)];
  let started = false;
  return {
    config,
    ds,
    logger,
    services,
    deps,
    readinessProbes: services.readinessProbes(),
    tasks,
    async start() {
      if (started) return;
      started = true;
      for (const t of tasks) await t.start();
    },
    async close() {
      for (const t of [...tasks].reverse()) await t.stop();
      await services.close();
      if (ds.isInitialized) await ds.destroy();
    },
  };
}
