import type { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import type { Config } from '../config';
import type { Cipher } from '../lib/secrets';

/** What every service gets: built once at start-up. */
export interface ServiceDeps {
  ds: DataSource;
  config: Readonly<Config>;
  cipher: Cipher;
  logger: Logger;
  /** Prometheus registry of this process; services register their own metrics in it. */
  metrics: Registry;
  /** Injectable clock for tests of expiry, periods and quotas. */
  now: () => Date;
}
