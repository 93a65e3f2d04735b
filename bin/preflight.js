#!/usr/bin/env node
'use strict';
// The `preflight` command: runs the compiled CLI (build first with `npm run build`).
let cli;
try {
  cli = require('../dist/src/cli/main.js');
} catch (e) {
  if (e && e.code === 'MODULE_NOT_FOUND') {
    process.stderr.write('preflight: the CLI is not built yet; run `npm run build` first\n');
    process.exit(2);
  }
  throw e;
}
// A reader that stops early (`preflight scan ... | head`) closes the pipe: stop quietly, as Unix tools do.
process.stdout.on('error', (e) => {
  if (e && e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw e;
});
cli.main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e) => {
    process.stderr.write(`preflight: ${e && e.message ? e.message : 'failed'}\n`);
    process.exitCode = 2;
  },
);
