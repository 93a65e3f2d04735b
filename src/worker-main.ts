import { loadConfig } from './config';
import { createRuntime } from './runtime';
import { onShutdown, startupFailureMessage } from './lib/lifecycle';

/**
 * `npm run worker`: the background side alone (delivery worker and sweepers, no HTTP), so any
 * number of API processes (PREFLIGHT_RUN_WORKER=false) and workers can share one database and
 * one Redis. `npm run worker -- --reencrypt` re-encrypts stored destination header values
 * written with an older key (after PREFLIGHT_ENCRYPTION_KEY=new,old) and exits.
 */
async function main(): Promise<void> {
  // This process exists to run the worker, whatever the API processes are told.
  const config = loadConfig({ ...process.env, PREFLIGHT_RUN_WORKER: 'true' });
  const rt = await createRuntime(config);
  if (process.argv.includes('--reencrypt')) {
    const r = await rt.services.forwarding.reencryptStaleHeaders();
    rt.logger.info(r, 're-encryption finished');
    await rt.close();
    process.exit(r.undecryptable > 0 ? 2 : 0);
  }
  await rt.start();
  // Background timers are unref'd (they must not keep an API process alive); without Redis
  // nothing else holds this process open, so it holds itself until told to stop.
  const keepAlive = setInterval(() => undefined, 1 << 30);
  onShutdown(rt.logger, [async () => clearInterval(keepAlive), () => rt.close()]);
  rt.logger.info(
    { database: config.databaseUrl ? 'mysql' : 'sqlite', queue: config.redisUrl ? 'redis' : 'in-process', tasks: rt.tasks.map((t) => t.name) },
    'preflight worker started',
  );
}

main().catch((err) => {
  console.error('preflight worker failed to start:', startupFailureMessage(err));
  process.exit(1);
});
