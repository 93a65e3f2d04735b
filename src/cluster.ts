import cluster, { type Worker } from 'node:cluster';
import { loadConfig } from './config';

/** How long the primary waits for its API processes to finish after SIGTERM/SIGINT. */
const STOP_TIMEOUT_MS = 15_000;
/** A process that dies sooner than this after its start is not restarted (a start-up error). */
const MIN_UPTIME_MS = 5_000;

/**
 * Several API processes on one port (PREFLIGHT_API_PROCESSES; the Node cluster module, the primary
 * handing connections out in turn): each is a whole API with its own event loop, so checks use every core.
 * The first process starts (and migrates the database) alone; the others follow once it listens.
 * A process that crashes is replaced; SIGTERM/SIGINT are passed on and the primary exits when
 * they have stopped. With one process (the default) `startOne` simply runs here.
 */
export async function startApiProcesses(startOne: () => Promise<void>): Promise<void> {
  const count = loadConfig().apiProcesses;
  if (count <= 1 || !cluster.isPrimary) return startOne();
  // The primary hands connections out in turn: left to the kernel (SCHED_NONE) one process took
  // nearly all of wrk's 32 connections (30 ms against 3,340 ms of event-loop CPU in a 10 s run;
  // bench/README.md, http-load). The hand-off is once per connection, not per request.
  cluster.schedulingPolicy = cluster.SCHED_RR;
  let stopping = false;
  const startedAt = new Map<Worker, number>();
  const fork = () => {
    const w = cluster.fork();
    startedAt.set(w, Date.now());
    return w;
  };
  const first = fork();
  await new Promise<void>((resolve, reject) => {
    first.once('listening', () => resolve());
    first.once('exit', (code) => reject(new Error(`the first API process exited with ${code} before listening`)));
  });
  for (let i = 1; i < count; i++) fork();
  cluster.on('exit', (w, code, signal) => {
    const uptime = Date.now() - (startedAt.get(w) ?? 0);
    startedAt.delete(w);
    if (stopping) {
      if (startedAt.size === 0) process.exit(0);
      return;
    }
    console.error(`API process ${w.process.pid} exited (${signal ?? code}); ${uptime >= MIN_UPTIME_MS ? 'starting another' : 'not restarted: it failed at start-up'}`);
    if (uptime >= MIN_UPTIME_MS) fork();
    else if (startedAt.size === 0) process.exit(1);
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const w of startedAt.keys()) w.process.kill(signal);
    // Processes still running then are killed, never left behind without their parent.
    setTimeout(() => {
      for (const w of startedAt.keys()) w.process.kill('SIGKILL');
      process.exit(1);
    }, STOP_TIMEOUT_MS).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
