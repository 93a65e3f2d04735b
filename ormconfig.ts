import { DataSource } from 'typeorm';
import { loadConfig } from './src/config';
import { dataSourceOptions } from './src/db/data-source';

/** The DataSource the TypeORM CLI uses (npm run migration:run / migration:revert). */
export default new DataSource(dataSourceOptions(loadConfig()));
