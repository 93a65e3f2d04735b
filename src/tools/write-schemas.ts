import fs from 'node:fs';
import path from 'node:path';
import { SCHEMA_DIR, generateSchemas } from './schemas';

/** `npm run schema:write`: refreshes schema/schema.graphql and schema/openapi.json. */
generateSchemas()
  .then(({ sdl, openapi }) => {
    fs.mkdirSync(SCHEMA_DIR, { recursive: true });
    fs.writeFileSync(path.join(SCHEMA_DIR, 'schema.graphql'), sdl);
    fs.writeFileSync(path.join(SCHEMA_DIR, 'openapi.json'), openapi);
    console.log(`wrote ${path.join(SCHEMA_DIR, 'schema.graphql')} and openapi.json`);
  })
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
