import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expect } from 'chai';
import { ADMIN_KEY, ENGINES, createOrg, startApp, type TestApp } from '../support/app';
import { HttpsReceiver } from '../support/https-receiver';
import { fakeCredential, insertRecord } from '../support/records';
import { deliveriesOf, dropQueueKeys, eventually, forwardingEnv } from './forwarding-helpers';

const WORKER_MAIN = path.resolve(__dirname, '../../src/worker-main.js');

interface Worker {
  child: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
}

/**
 * `npm run worker` as its own process on the app's database and queue prefix. It trusts the
 * receiver's certificate only through NODE_EXTRA_CA_CERTS (no PREFLIGHT_FORWARD_CA_FILE), which
 * Node reads at start-up.
 */
function spawnWorker(app: TestApp, receiver: HttpsReceiver): Worker {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    ...forwardingEnv(receiver, { PREFLIGHT_FORWARD_DELIVERY_TIMEOUT_MS: '3000' }),
    PREFLIGHT_DATA_DIR: app.dataDir,
    PREFLIGHT_QUEUE_PREFIX: app.rt.config.queuePrefix,
    PREFLIGHT_LOG_LEVEL: 'debug',
    NODE_EXTRA_CA_CERTS: receiver.caFile,
  };
  delete env.PREFLIGHT_FORWARD_CA_FILE;
  if (app.rt.config.databaseUrl) env.DATABASE_URL = app.rt.config.databaseUrl;
  if (app.rt.config.redisUrl) env.REDIS_URL = app.rt.config.redisUrl;
  const child = spawn(process.execPath, [WORKER_MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  child.stdout!.on('data', (c: Buffer) => output.push(c.toString('utf8')));
  child.stderr!.on('data', (c: Buffer) => output.push(c.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output, exited };
}

async function started(w: Worker): Promise<void> {
  await eventually(async () => w.output.join('').includes('preflight worker started'), 15_000, `worker start (${w.output.join('').slice(-500)})`);
  await new Promise((r) => setTimeout(r, 300));
  expect(w.child.exitCode, 'the worker stays up').to.equal(null);
}

for (const engine of ENGINES) {
  describe(`forwarding worker process (${engine}${engine === 'mysql' && process.env.TEST_REDIS_URL ? ' + BullMQ' : ', in-process'})`, function () {
    this.timeout(45_000);
    let receiver: HttpsReceiver;
    let app: TestApp;
    const workers: Worker[] = [];

    before(async () => {
      receiver = await HttpsReceiver.start();
      // The app's own runtime is not started: only the spawned workers deliver.
      app = await startApp(engine, { env: forwardingEnv(receiver) });
    });

    after(async () => {
      for (const w of workers) if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGKILL');
      if (app) {
        await app.close();
        await dropQueueKeys(app);
      }
      await receiver?.close();
    });

    it('delivers an event whose worker was killed mid-delivery once a new worker starts (at-least-once)', async () => {
      const org = await createOrg(app);
      const p = `/crash/${engine}`;
      const secret = fakeCredential();
      receiver.script(p, { hold: true });
      const res = await app.api('POST', `/api/orgs/${org.org_id}/forwarding-destinations`, {
        token: ADMIN_KEY,
        body: { url: receiver.url(p), auth_header_name: 'Authorization', auth_header_value: secret },
      });
      expect(res.status, res.text).to.equal(201);
      const record = await insertRecord(app.rt, org.org_id);

      const first = spawnWorker(app, receiver);
      workers.push(first);
      await started(first);
      const [held] = await receiver.waitFor(p, 1, 10_000);
      expect(JSON.parse(held.body).event.id).to.equal(record.id);
      first.child.kill('SIGKILL');
      await first.exited;
      const [row] = await deliveriesOf(app, res.body.destination_id);
      expect(row.state, 'nothing recorded by the killed worker').to.equal('queued');

      const second = spawnWorker(app, receiver);
      workers.push(second);
      await started(second);
      const reqs = await receiver.waitFor(p, 2, 15_000).catch(async (err) => {
        const rows = await deliveriesOf(app, res.body.destination_id);
        throw new Error(`${err.message}\n${JSON.stringify(rows)} now=${Date.now()}\n${second.output.join('').slice(-3000)}`);
      });
      expect(reqs[1].body).to.equal(held.body);
      expect(reqs[1].headers.authorization).to.equal(secret);
      const done = await eventually(async () => {
        const [r] = await deliveriesOf(app, res.body.destination_id);
        return r?.state === 'delivered' && r;
      }, 8000, 'delivered');
      expect(done.attempts).to.equal(1);

      second.child.kill('SIGTERM');
      expect(await second.exited).to.equal(0);
      const logs = [...first.output, ...second.output].join('');
      expect(logs).to.include('"msg":"event delivered"');
      expect(logs).not.to.include(secret.slice(7));
    });

    it('delivers, from a worker started later, an event whose hand-off to the queue was lost', async () => {
      const org = await createOrg(app);
      const p = `/late/${engine}`;
      const res = await app.api('POST', `/api/orgs/${org.org_id}/forwarding-destinations`, { token: ADMIN_KEY, body: { url: receiver.url(p) } });
      const record = await insertRecord(app.rt, org.org_id, {}, { crashBeforeHandOff: true });
      // Lost hand-off: the outbox row is pending and no driver has it (no BullMQ job; no process polls yet).
      const [lost] = await deliveriesOf(app, res.body.destination_id);
      expect(lost.state).to.equal('queued');
      for (const queue of app.rt.services.forwarding.queues()) expect(await queue.getJobState(lost.id)).to.equal('unknown');
      const w = spawnWorker(app, receiver);
      workers.push(w);
      await started(w);
      const [got] = await receiver.waitFor(p, 1, 10_000);
      expect(JSON.parse(got.body).event.id).to.equal(record.id);
      await eventually(async () => (await deliveriesOf(app, res.body.destination_id))[0]?.state === 'delivered');
      w.child.kill('SIGTERM');
      expect(await w.exited).to.equal(0);
    });

    it('finishes the delivery in flight before exiting on SIGTERM', async () => {
      const org = await createOrg(app);
      const p = `/graceful/${engine}`;
      receiver.script(p, { hold: true });
      const res = await app.api('POST', `/api/orgs/${org.org_id}/forwarding-destinations`, { token: ADMIN_KEY, body: { url: receiver.url(p) } });
      const w = spawnWorker(app, receiver);
      workers.push(w);
      await started(w);
      await insertRecord(app.rt, org.org_id);
      await receiver.waitFor(p, 1, 10_000);
      w.child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 300));
      expect(w.child.exitCode, 'still finishing').to.equal(null);
      receiver.releaseHeld(200);
      expect(await w.exited).to.equal(0);
      const [row] = await deliveriesOf(app, res.body.destination_id);
      expect(row.state).to.equal('delivered');
      expect(receiver.requests(p)).to.have.length(1);
    });
  });
}
