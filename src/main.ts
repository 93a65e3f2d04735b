import { loadConfig, ConfigError } from './config';
import { createRuntime } from './runtime';
import { createHttpApp } from './http/app';
import { startApiProcesses } from './cluster';

/** Starts the API (and, unless PREFLIGHT_RUN_WORKER=false, the delivery worker) on the configured port. */
async function main(): Promise<void> {
  const config = loadConfig();
  const rt = await createRuntime(config);
  const http = await createHttpApp(rt);
  await rt.start();
  const server = http.app.listen(config.port, config.host, () => {
    rt.logger.info(
      { port: config.port, host: config.host, database: config.databaseUrl ? 'mysql' : 'sqlite', queue: config.redisUrl ? 'redis' : 'in-process' },
      'preflight listening',
    );
  });
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    rt.logger.info({ signal }, 'shutting down');
    server.close();
    await http.stop().catch(() => undefined);
    await rt.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

startApiProcesses(main).catch((err) => {
  // Config errors name the variable, never its value; anything else: class and stack only.
  if (err instanceof ConfigError) console.error(err.message);
  else console.error('preflight failed to start:', err?.name ?? err, err?.stack?.split('\n').slice(1, 6).join('\n'));
  process.exit(1);
});
