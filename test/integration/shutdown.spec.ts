import net from 'node:net';
import { expect } from 'chai';
import { freshMysqlDatabase } from '../support/app';
import { spawnService, type ServiceProcess } from '../support/process';

const REDIS = process.env.TEST_REDIS_URL;
const MYSQL = process.env.TEST_DATABASE_URL;

interface Setup {
  name: string;
  kind: 'api' | 'worker';
  env: Record<string, string>;
  mysql?: boolean;
}

/** Every process kind on every storage/queue combination this machine can run. */
const SETUPS: Setup[] = [
  { name: 'API with in-process worker, SQLite', kind: 'api', env: {} },
  { name: 'API without worker, SQLite', kind: 'api', env: { PREFLIGHT_RUN_WORKER: 'false' } },
  { name: 'worker, SQLite', kind: 'worker', env: {} },
  ...(REDIS
    ? [
        { name: 'API with worker, SQLite + Redis', kind: 'api', env: { REDIS_URL: REDIS } },
        { name: 'API without worker, SQLite + Redis', kind: 'api', env: { REDIS_URL: REDIS, PREFLIGHT_RUN_WORKER: 'false' } },
        { name: 'worker, SQLite + Redis', kind: 'worker', env: { REDIS_URL: REDIS } },
      ] satisfies Setup[]
    : []),
  ...(MYSQL
    ? [
        { name: 'API with worker, MariaDB', kind: 'api', env: {}, mysql: true },
        { name: 'worker, MariaDB', kind: 'worker', env: {}, mysql: true },
      ] satisfies Setup[]
    : []),
  ...(MYSQL && REDIS
    ? [
        { name: 'API with worker, MariaDB + Redis', kind: 'api', env: { REDIS_URL: REDIS }, mysql: true },
        { name: 'API without worker, MariaDB + Redis', kind: 'api', env: { REDIS_URL: REDIS, PREFLIGHT_RUN_WORKER: 'false' }, mysql: true },
        { name: 'worker, MariaDB + Redis', kind: 'worker', env: { REDIS_URL: REDIS }, mysql: true },
      ] satisfies Setup[]
    : []),
];

/** Opens a connection and sends a request head whose body is still to come: a request in flight. */
function startSlowRequest(port: number, body: string): Promise<{ socket: net.Socket; rest: string; response: Promise<string> }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      const half = Math.floor(body.length / 2);
      socket.write(
        `POST /api/orgs HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, half)}`,
      );
      let received = '';
      const response = new Promise<string>((done) => {
        socket.on('data', (c) => (received += c.toString('utf8')));
        socket.on('close', () => done(received));
      });
      resolve({ socket, rest: body.slice(half), response });
    });
    socket.on('error', reject);
  });
}

function connects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1', () => {
      s.destroy();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });
}

describe('shutdown on SIGTERM', function () {
  this.timeout(60_000);

  for (const setup of SETUPS) {
    it(`${setup.name}: drains, closes its connections and exits 0 within 10 s`, async () => {
      const db = setup.mysql ? await freshMysqlDatabase() : undefined;
      let proc: ServiceProcess | undefined;
      try {
        proc = spawnService(setup.kind, { ...setup.env, ...(db ? { DATABASE_URL: db.url } : {}) });
        await proc.waitFor(setup.kind === 'api' ? 'preflight listening' : 'preflight worker started');
        let inFlight: Awaited<ReturnType<typeof startSlowRequest>> | undefined;
        if (setup.kind === 'api') inFlight = await startSlowRequest(proc.port(), JSON.stringify({ name: 'Drained while stopping' }));
        const signalledAt = Date.now();
        proc.child.kill('SIGTERM');
        await proc.waitFor('shutting down');
        if (inFlight) {
          // The listener is closed at once; the request already in flight still gets its answer.
          expect(await connects(proc.port()), `new connections are refused: ${proc.output()}`).to.equal(false);
          inFlight.socket.write(inFlight.rest);
          const response = await inFlight.response;
          expect(response, 'the in-flight request was answered').to.match(/^HTTP\/1\.1 401 /);
        }
        const code = await proc.exited;
        expect(code, proc.output().slice(-1500)).to.equal(0);
        expect(Date.now() - signalledAt).to.be.lessThan(10_000);
        expect(proc.output()).to.include('"msg":"stopped"');
      } finally {
        if (proc && proc.child.exitCode === null) proc.child.kill('SIGKILL');
        await db?.drop();
      }
    });
  }
});

describe('start-up failures', function () {
  this.timeout(60_000);

  it('a port in use stops start-up with exit code 1 and a message naming the port', async () => {
    const blocker = net.createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const proc = spawnService('api', { PORT: String(port) });
      expect(await proc.exited).to.equal(1);
      expect(proc.output()).to.include(`cannot listen on 127.0.0.1:${port}`).and.include('already in use');
      expect(proc.output()).to.not.include('preflight listening');
    } finally {
      blocker.close();
    }
  });

  it('an unreachable database stops start-up naming host, database and reason, never the password', async () => {
    // Port 1 on the loopback: nothing listens there, so the connection is refused at once.
    const proc = spawnService('api', { DATABASE_URL: 'mysql://pf:hunter2-canary@127.0.0.1:1/preflight_db' });
    expect(await proc.exited).to.equal(1);
    const out = proc.output();
    expect(out).to.include('preflight_db').and.include('127.0.0.1:1').and.include('unreachable');
    expect(out).to.not.include('hunter2-canary');
  });

  it('the worker reports an unreachable database the same way', async () => {
    const proc = spawnService('worker', { DATABASE_URL: 'mysql://pf:hunter2-canary@127.0.0.1:1/preflight_db' });
    expect(await proc.exited).to.equal(1);
    expect(proc.output()).to.include('unreachable').and.not.include('hunter2-canary');
  });

  (MYSQL ? describe : describe.skip)('on the MySQL server of TEST_DATABASE_URL (skipped without it)', () => {
    it('a refused password says access denied, never the password', async () => {
      const u = new URL(MYSQL!);
      u.username = 'pf_no_such_user';
      u.password = 'hunter2-canary';
      const proc = spawnService('api', { DATABASE_URL: u.toString() });
      expect(await proc.exited).to.equal(1);
      expect(proc.output()).to.include('access denied').and.include('pf_no_such_user').and.not.include('hunter2-canary');
    });

    it('a database that does not exist says unknown database', async () => {
      const u = new URL(MYSQL!);
      u.pathname = '/pf_missing_database_x';
      const proc = spawnService('api', { DATABASE_URL: u.toString() });
      expect(await proc.exited).to.equal(1);
      expect(proc.output()).to.include('unknown database').and.include('pf_missing_database_x');
    });
  });

  it('an operator key of blanks stops start-up naming the variable', async () => {
    const proc = spawnService('api', { PREFLIGHT_ADMIN_KEY: ' '.repeat(24) });
    expect(await proc.exited).to.equal(1);
    expect(proc.output()).to.include('PREFLIGHT_ADMIN_KEY').and.include('non-blank');
  });
});
