import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config';
import { createRuntime } from '../runtime';
import { createHttpApp } from '../http/app';
import { createLogger } from '../lib/logger';
import { buildSubgraphSdl } from '../../resolvers/schema';

/** The repository's schema/ folder (this file runs from dist/src/tools). */
export const SCHEMA_DIR = path.resolve(__dirname, '../../../schema');

/** Generates the subgraph SDL and the OpenAPI document exactly as the running service serves them. */
export async function generateSchemas(): Promise<{ sdl: string; openapi: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'preflight-schema-'));
  const rt = await createRuntime(loadConfig({ PREFLIGHT_DATA_DIR: dataDir }), { logger: createLogger('silent') });
  try {
    const http = await createHttpApp(rt);
    await http.stop();
    const { sdl } = await buildSubgraphSdl();
    return { sdl: sdl.trimEnd() + '\n', openapi: JSON.stringify(http.openapi, null, 2) + '\n' };
  } finally {
    await rt.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
