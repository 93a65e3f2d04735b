import { loadConfig } from './config';
import { createRuntime } from './runtime';
import { createHttpApp } from './http/app';
import { drainServer, listen, onShutdown, startupFailureMessage } from './lib/lifecycle';
import { startApiProcesses } from './cluster';

/** Starts the API (and, unless PREFLIGHT_RUN_WORKER=false, the delivery worker) on the configured port. */
async function main(): Promise<void> {
  const config = loadConfig();
  const rt = await createRuntime(config);
  const http = await createHttpApp(rt);
  // Listen before starting the workers: a port in use stops start-up with nothing left running.
  const server = await listen(http.handler, config.port, config.host).catch(async (err) => {
    await rt.close().catch(() => undefined);
    throw err;
  });
  // Stop accepting and drain requests first, then the workers (jobs in flight finish), then connections.
  onShutdown(rt.logger, [() => drainServer(server), () => http.stop(), () => rt.close()]);
  await rt.start();
  const address = server.address();
  rt.logger.info(
    {
      port: typeof address === 'object' && address ? address.port : config.port,
      host: config.host,
      database: config.databaseUrl ? 'mysql' : 'sqlite',
      queue: config.redisUrl ? 'redis' : 'in-process',
    },
    'preflight listening',
  );
}

startApiProcesses(main).catch((err) => {
  console.error('preflight failed to start:', startupFailureMessage(err));
  process.exit(1);
});
