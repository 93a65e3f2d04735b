import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ENTRY = {
  api: path.resolve(__dirname, '../../src/main.js'),
  worker: path.resolve(__dirname, '../../src/worker-main.js'),
};

/** `npm start` or `npm run worker` as a real child process, with its output kept for assertions. */
export interface ServiceProcess {
  child: ChildProcess;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Resolves when the output contains `text` (rejects after `ms`, or when the process exits first). */
  waitFor(text: string, ms?: number): Promise<void>;
  /** The port of an API process, read from its "preflight listening" line. */
  port(): number;
  dataDir: string;
}

/** Spawns the API or the worker with a fresh data directory and the given environment (PATH kept). */
export function spawnService(kind: 'api' | 'worker', env: Record<string, string> = {}): ServiceProcess {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'preflight-proc-'));
  const child = spawn(process.execPath, [ENTRY[kind]], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      PREFLIGHT_DATA_DIR: dataDir,
      PREFLIGHT_LOG_LEVEL: 'info',
      PREFLIGHT_QUEUE_PREFIX: `pfp${crypto.randomBytes(4).toString('hex')}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const listeners = new Set<() => void>();
  const onData = (c: Buffer) => {
    out += c.toString('utf8');
    for (const l of listeners) l();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  exited.finally(() => {
    for (const l of listeners) l();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  let done = false;
  void exited.then(() => (done = true));
  return {
    child,
    output: () => out,
    exited,
    dataDir,
    waitFor(text, ms = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (out.includes(text)) return finish(undefined);
          if (done || child.exitCode !== null || child.signalCode !== null) finish(new Error(`exited before "${text}": ${out.slice(-800)}`));
        };
        const timer = setTimeout(() => finish(new Error(`no "${text}" within ${ms} ms: ${out.slice(-800)}`)), ms);
        const finish = (err?: Error) => {
          clearTimeout(timer);
          listeners.delete(check);
          if (err) reject(err);
          else resolve();
        };
        listeners.add(check);
        check();
      });
    },
    port() {
      const m = /"msg":"preflight listening"/.test(out) ? /"port":(\d+)[^\n]*"msg":"preflight listening"/.exec(out) : null;
      if (!m) throw new Error(`not listening yet: ${out.slice(-500)}`);
      return Number(m[1]);
    },
  };
}
