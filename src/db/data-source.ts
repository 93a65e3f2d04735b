import 'reflect-metadata';
import fs from 'node:fs';
import path from 'node:path';
import { DataSource, DataSourceOptions } from 'typeorm';
import type { Config } from '../config';
import { entities } from '../../entities';
import { migrations } from '../migrations';
import { StartupError } from '../lib/lifecycle';
import { describeOpenFailure } from './errors';

/** SQLite file under the data directory when no DATABASE_URL is set; MySQL/MariaDB otherwise. */
export function dataSourceOptions(config: Pick<Config, 'databaseUrl' | 'dataDir'>): DataSourceOptions {
  const common = { entities, migrations, migrationsRun: false, synchronize: false, logging: false } as const;
  if (config.databaseUrl) {
    return {
      ...common,
      type: 'mysql',
      url: config.databaseUrl,
      charset: 'utf8mb4',
      timezone: 'Z',
      supportBigNumbers: true,
      bigNumberStrings: false,
      extra: { connectionLimit: 20 },
    };
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  return {
    ...common,
    type: 'better-sqlite3',
    database: path.join(config.dataDir, 'preflight.sqlite'),
    enableWAL: true,
    timeout: 10_000,
  };
}

/** Opens the database and applies pending migrations. */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<DataSource> {
  const ds = new DataSource(dataSourceOptions(config));
  try {
    await ds.initialize();
  } catch (err) {
    const sqliteFile = path.join(config.dataDir, 'preflight.sqlite');
    throw new StartupError(describeOpenFailure(err, { databaseUrl: config.databaseUrl, sqliteFile }));
  }
  await ds.runMigrations({ transaction: 'each' });
  return ds;
}
