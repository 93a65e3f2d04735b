import 'reflect-metadata';
import type { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import type { Config } from './config';
import { openDatabase } from './db/data-source';
import { createLogger } from './lib/logger';
import { loadCipher } from './lib/secrets';
import { createServices, Services } from './services';
import type { ServiceDeps } from './services/deps';
import { loadSigningKeys } from './services/signing-keys';

/** Everything a process (API or worker) needs, built once from the frozen config. */
export interface Runtime {
  config: Readonly<Config>;
  ds: DataSource;
  logger: Logger;
  services: Services;
  deps: ServiceDeps;
  /** Extra /readyz checks (Redis when configured), by name. */
  readinessProbes?: Record<string, () => Promise<boolean>>;
  close(): Promise<void>;
}

export interface RuntimeOptions {
  logger?: Logger;
  now?: () => Date;
}

export async function createRuntime(config: Readonly<Config>, opts: RuntimeOptions = {}): Promise<Runtime> {
  const logger = opts.logger ?? createLogger(config.logLevel);
  const ds = await openDatabase(config);
  const deps: ServiceDeps = {
    ds,
    config,
    cipher: loadCipher(config.encryptionKey, config.dataDir),
    logger,
    now: opts.now ?? (() => new Date()),
  };
  const keys = await loadSigningKeys(config.licensePrivateKey, config.dataDir);
  const services = createServices(deps, keys);
  return {
    config,
    ds,
    logger,
    services,
    deps,
    async close() {
      if (ds.isInitialized) await ds.destroy();
    },
  };
}
