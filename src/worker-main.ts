import { loadConfig, ConfigError } from './config';
import { createRuntime } from './runtime';

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
  rt.logger.info(
    { database: config.databaseUrl ? 'mysql' : 'sqlite', queue: config.redisUrl ? 'redis' : 'in-process', tasks: rt.tasks.map((t) => t.name) },
    'preflight worker started',
  );
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    rt.logger.info({ signal }, 'worker shutting down: finishing deliveries in flight');
    clearInterval(keepAlive);
    await rt.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  // Config errors name the variable, never its value; anything else: class and stack only.
  if (err instanceof ConfigError) console.error(err.message);
  else console.error('preflight worker failed to start:', err?.name ?? err, err?.stack?.split('\n').slice(1, 6).join('\n'));
  process.exit(1);
});
