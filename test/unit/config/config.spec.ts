import path from 'node:path';
import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../../src/config';

describe('config', () => {
  /** The record writer's SQLite synchronous mode by default (README: Throughput and durability), and the other one. */
  const DEFAULT_SYNCHRONOUS = 'NORMAL';
  const OTHER_SYNCHRONOUS = 'FULL';
  it('has working defaults with an empty environment', () => {
    const c = loadConfig({});
    expect(c.port).to.equal(4000);
    expect(c.host).to.equal('127.0.0.1');
    expect(c.dataDir).to.equal(path.resolve('./data'));
    expect(c.databaseUrl).to.equal(undefined);
    expect(c.redisUrl).to.equal(undefined);
    expect(c.adminKey).to.equal(undefined);
    expect(c.maxBodyBytes).to.equal(10 * 1024 * 1024);
    expect(c.trial).to.deep.equal({ days: 30, maxChecksPerMonth: 10_000 });
    expect(c.forwarding.maxAttempts).to.equal(3);
    expect(c.forwarding.backoffMs).to.deep.equal([60_000, 120_000, 240_000]);
    expect(c.forwarding.intervalMs).to.equal(10_000);
    expect(c.forwarding.testTimeoutMs).to.equal(10_000);
    expect(c.forwarding.allowPrivate).to.equal(false);
    expect(c.forwarding.allowInsecure).to.equal(false);
    expect(c.queuePrefix).to.equal('preflight');
    expect(c.sqliteSynchronous).to.equal(DEFAULT_SYNCHRONOUS);
  });

  it('reads and coerces every kind of variable', () => {
    const c = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      PREFLIGHT_DATA_DIR: '/tmp/pf-data',
      DATABASE_URL: 'mysql://u:p@db:3306/pf',
      REDIS_URL: 'rediss://cache:6380',
      PREFLIGHT_ADMIN_KEY: 'a'.repeat(32),
      PREFLIGHT_MAX_BODY_BYTES: '1024',
      PREFLIGHT_PUBLIC_URL: 'https://pf.example.com///',
      PREFLIGHT_FORWARD_BACKOFF_MS: '10,20,40',
      PREFLIGHT_FORWARD_MAX_ATTEMPTS: '5',
      PREFLIGHT_ALLOW_PRIVATE_DESTINATIONS: 'true',
      PREFLIGHT_ALLOW_INSECURE_DESTINATIONS: '1',
      PREFLIGHT_RUN_WORKER: 'no',
      PREFLIGHT_TRIAL_DAYS: '14',
      PREFLIGHT_SQLITE_SYNCHRONOUS: OTHER_SYNCHRONOUS.toLowerCase(),
    });
    expect(c.port).to.equal(8080);
    expect(c.host).to.equal('0.0.0.0');
    expect(c.dataDir).to.equal('/tmp/pf-data');
    expect(c.databaseUrl).to.equal('mysql://u:p@db:3306/pf');
    expect(c.redisUrl).to.equal('rediss://cache:6380');
    expect(c.maxBodyBytes).to.equal(1024);
    expect(c.publicUrl).to.equal('https://pf.example.com');
    expect(c.forwarding.backoffMs).to.deep.equal([10, 20, 40]);
    expect(c.forwarding.maxAttempts).to.equal(5);
    expect(c.forwarding.allowPrivate).to.equal(true);
    expect(c.forwarding.allowInsecure).to.equal(true);
    expect(c.forwarding.runWorker).to.equal(false);
    expect(c.trial.days).to.equal(14);
    expect(c.sqliteSynchronous).to.equal(OTHER_SYNCHRONOUS);
  });

  it('treats empty strings as unset', () => {
    const c = loadConfig({ PORT: '', DATABASE_URL: '', PREFLIGHT_ADMIN_KEY: '' });
    expect(c.port).to.equal(4000);
    expect(c.databaseUrl).to.equal(undefined);
    expect(c.adminKey).to.equal(undefined);
  });

  it('is frozen, nested objects included', () => {
    const c = loadConfig({});
    expect(Object.isFrozen(c)).to.equal(true);
    expect(Object.isFrozen(c.forwarding)).to.equal(true);
    expect(Object.isFrozen(c.forwarding.backoffMs)).to.equal(true);
    expect(() => {
      (c as { port: number }).port = 1;
    }).to.throw(TypeError);
  });

  const invalid: Array<[string, string]> = [
    ['PORT', '70000'],
    ['PORT', 'http'],
    ['DATABASE_URL', 'postgres://u:hunter2@db/pf'],
    ['REDIS_URL', 'http://cache'],
    ['PREFLIGHT_ADMIN_KEY', 'short'],
    ['PREFLIGHT_ADMIN_KEY', ' '.repeat(24)],
    ['PREFLIGHT_ADMIN_KEY', 'abc def ghi jkl mno'],
    ['PREFLIGHT_ADMIN_KEY', ' padded-operator-key-0123 '],
    ['PREFLIGHT_LOG_LEVEL', 'verbose'],
    ['PREFLIGHT_MAX_BODY_BYTES', '-1'],
    ['PREFLIGHT_PUBLIC_URL', 'not a url'],
    ['PREFLIGHT_FORWARD_BACKOFF_MS', '60s,120s'],
    ['PREFLIGHT_FORWARD_MAX_ATTEMPTS', '0'],
    ['PREFLIGHT_ALLOW_PRIVATE_DESTINATIONS', 'maybe'],
    ['PREFLIGHT_QUEUE_PREFIX', 'Has Spaces'],
    ['PREFLIGHT_SQLITE_SYNCHRONOUS', 'off'],
  ];
  for (const [name, value] of invalid) {
    it(`rejects ${name}=${JSON.stringify(value)} naming the variable`, () => {
      let err: unknown;
      try {
        loadConfig({ [name]: value });
      } catch (e) {
        err = e;
      }
      expect(err).to.be.instanceOf(ConfigError);
      expect((err as Error).message).to.include(name);
    });
  }

  it('never echoes a rejected value (it may be a secret)', () => {
    for (const [name, value] of [
      ['DATABASE_URL', 'postgres://admin:hunter2-secret@db/pf'],
      ['PREFLIGHT_ADMIN_KEY', 'tooShortSecret'],
      ['REDIS_URL', 'http://:s3cr3t-pass@cache'],
    ]) {
      try {
        loadConfig({ [name]: value });
        expect.fail(`${name} should be rejected`);
      } catch (e) {
        expect(e).to.be.instanceOf(ConfigError);
        expect((e as Error).message).to.not.include(value);
      }
    }
  });

  it('lists every invalid variable at once', () => {
    try {
      loadConfig({ PORT: 'x', PREFLIGHT_LOG_LEVEL: 'loud' });
      expect.fail('should throw');
    } catch (e) {
      expect((e as Error).message).to.include('PORT').and.include('PREFLIGHT_LOG_LEVEL');
    }
  });
});
