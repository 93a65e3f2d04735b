import http from 'node:http';
import type { RequestListener, Server } from 'node:http';
import type { Logger } from 'pino';

/** A start-up failure whose message is safe to print as is (it says what failed, never a secret). */
export class StartupError extends Error {}

/** Everything a process must finish before it exits, in order; each step may take its time. */
export type ShutdownStep = () => Promise<unknown>;

/** How long SIGTERM may take in all: orchestrators (Kubernetes, systemd) wait 10 s by default. */
export const SHUTDOWN_BUDGET_MS = 9_000;
/** In-flight requests get this long to finish before their connections are cut. */
export const DRAIN_BUDGET_MS = 5_000;

/**
 * Listens on host:port; a port in use (or any other listen error) rejects with a StartupError
 * naming the address, so start-up fails loudly instead of exiting 0.
 */
export function listen(handler: RequestListener, port: number, host: string): Promise<Server> {
  const server = http.createServer(handler);
  return new Promise((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      const why =
        err.code === 'EADDRINUSE' ? 'the port is already in use'
        : err.code === 'EACCES' ? 'permission denied'
        : err.code === 'EADDRNOTAVAIL' ? 'the address is not available on this machine'
        : (err.code ?? 'listen failed');
      reject(new StartupError(`cannot listen on ${host}:${port} (PORT=${port}, HOST=${host}): ${why}`));
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve(server);
    });
  });
}

/**
 * Stops accepting connections and waits for the requests in flight (idle keep-alive connections
 * are closed at once, busy ones after their response; any still open after `drainMs` are cut).
 */
export function drainServer(server: Server, drainMs = DRAIN_BUDGET_MS): Promise<void> {
  return new Promise((resolve) => {
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    const cut = setTimeout(() => server.closeAllConnections(), drainMs);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(cut);
      resolve();
    });
    server.closeIdleConnections();
  });
}

/**
 * Installs the SIGTERM/SIGINT handler of a process (before it announces itself, so a signal sent
 * on that announcement is never missed): runs the steps once, in order, then exits 0. The first
 * step's synchronous part should stop accepting work; "shutting down" is logged after it, so a
 * client that reads the line finds the port closed. A failing step is logged (class only) and the
 * next still runs; past `budgetMs` the process exits 1 saying so.
 */
export function onShutdown(logger: Logger, steps: ShutdownStep[], budgetMs = SHUTDOWN_BUDGET_MS): (signal: string) => Promise<void> {
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const deadline = setTimeout(() => {
      logger.error({ budget_ms: budgetMs }, 'shutdown did not finish in time; exiting anyway');
      process.exit(1);
    }, budgetMs);
    deadline.unref();
    for (const [i, step] of steps.entries()) {
      const running = step();
      if (i === 0) logger.info({ signal }, 'shutting down: draining requests and jobs in flight');
      await running.catch((err: unknown) =>
        logger.error({ err_name: (err as Error)?.name, err_code: (err as { code?: unknown })?.code }, 'a shutdown step failed'),
      );
    }
    clearTimeout(deadline);
    logger.info({ signal }, 'stopped');
    // pino writes synchronously to stdout by default; exit now rather than wait for stray handles.
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  return shutdown;
}

/** The start-up failure line: a StartupError's message as it is, otherwise class and frames only (messages can quote secrets). */
export function startupFailureMessage(err: unknown): string {
  if (err instanceof StartupError) return err.message;
  const e = err as Error | undefined;
  return `${e?.name ?? String(err)}\n${e?.stack?.split('\n').slice(1, 6).join('\n') ?? ''}`;
}
