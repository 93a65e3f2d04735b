import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import nodeHttp, { type Server } from 'node:http';
import { Writable } from 'node:stream';
import mysql from 'mysql2/promise';
import { loadConfig } from '../../src/config';
import { createRuntime, Runtime } from '../../src/runtime';
import { createHttpApp, HttpApp } from '../../src/http/app';
import { createLogger } from '../../src/lib/logger';
import { deleteRedisKeys } from './redis';

/** The storage/queue combinations integration suites run on. */
export type Engine = 'sqlite' | 'mysql';

/** SQLite always; MySQL/MariaDB (with Redis when TEST_REDIS_URL is set) when TEST_DATABASE_URL is set. */
export const ENGINES: Engine[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'mysql'] : ['sqlite'];

export const ADMIN_KEY = 'test-operator-key-0123456789';

/** A fresh, empty MySQL database on the TEST_DATABASE_URL server (or `server`); dropped by the returned function. */
export async function freshMysqlDatabase(server = process.env.TEST_DATABASE_URL!): Promise<{ url: string; drop(): Promise<void> }> {
  const base = new URL(server);
  const name = `pf_test_${crypto.randomBytes(5).toString('hex')}`;
  const admin = await mysql.createConnection({ host: base.hostname, port: Number(base.port || 3306), user: decodeURIComponent(base.username), password: decodeURIComponent(base.password) });
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.end();
  const url = new URL(base.toString());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = await mysql.createConnection({ host: base.hostname, port: Number(base.port || 3306), user: decodeURIComponent(base.username), password: decodeURIComponent(base.password) });
      await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await c.end();
    },
  };
}

/** Captures every log line a test app writes, so tests can assert secrets never reach a log. */
export class LogCapture extends Writable {
  readonly lines: string[] = [];
  override _write(chunk: Buffer, _enc: string, cb: () => void): void {
    this.lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    cb();
  }
  text(): string {
    return this.lines.join('\n');
  }
}

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

export interface TestApp {
  engine: Engine;
  url: string;
  rt: Runtime;
  http: HttpApp;
  logs: LogCapture;
  dataDir: string;
  /** JSON request helper; `token` goes in Authorization: Bearer. */
  api<T = any>(method: string, p: string, opts?: { token?: string; body?: unknown; headers?: Record<string, string>; raw?: RequestInit["body"] }): Promise<ApiResponse<T>>;
  /** GraphQL request helper. */
  gql<T = any>(query: string, variables?: Record<string, unknown>, opts?: { token?: string; headers?: Record<string, string> }): Promise<ApiResponse<{ data?: T; errors?: any[] }>>;
  close(): Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string>;
  now?: () => Date;
  /** Use Redis (TEST_REDIS_URL) with the mysql engine; default true when TEST_REDIS_URL is set. */
  redis?: boolean;
}

/** Starts the whole service on a random port, on a fresh database of the given engine. */
export async function startApp(engine: Engine, opts: StartOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'preflight-test-'));
  const env: Record<string, string> = {
    PREFLIGHT_DATA_DIR: dataDir,
    PREFLIGHT_ADMIN_KEY: ADMIN_KEY,
    PREFLIGHT_LOG_LEVEL: 'info',
    PREFLIGHT_QUEUE_PREFIX: `pft${crypto.randomBytes(4).toString('hex')}`,
    ...opts.env,
  };
  let dropDb: (() => Promise<void>) | undefined;
  if (engine === 'mysql') {
    const db = await freshMysqlDatabase();
    env.DATABASE_URL = db.url;
    dropDb = db.drop;
    if (process.env.TEST_REDIS_URL && opts.redis !== false) env.REDIS_URL = process.env.TEST_REDIS_URL;
  }
  const logs = new LogCapture();
  const config = loadConfig(env);
  const rt = await createRuntime(config, { logger: createLogger('debug', logs), now: opts.now });
  const http = await createHttpApp(rt);
  const server: Server = await new Promise((resolve) => {
    const s = nodeHttp.createServer(http.handler).listen(0, '127.0.0.1', () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function api(method: string, p: string, o: { token?: string; body?: unknown; headers?: Record<string, string>; raw?: RequestInit["body"] } = {}) {
    const headers: Record<string, string> = { ...(o.headers ?? {}) };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    let body: RequestInit["body"] | undefined = o.raw;
    if (o.body !== undefined) {
      body = JSON.stringify(o.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(url + p, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, body: parsed as any, headers: res.headers, text };
  }

  return {
    engine,
    url,
    rt,
    http,
    logs,
    dataDir,
    api,
    gql: (query, variables, o = {}) => api('POST', '/graphql', { token: o.token, headers: o.headers, body: { query, variables } }),
    async close() {
      await new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      });
      await http.stop();
      await rt.close();
      await dropDb?.();
      if (env.REDIS_URL) await deleteRedisKeys(env.REDIS_URL, [`${env.PREFLIGHT_QUEUE_PREFIX}:*`]);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Builders for the data most tests need. */
export async function createOrg(app: TestApp, body: Record<string, unknown> = {}) {
  const res = await app.api('POST', '/api/orgs', { token: ADMIN_KEY, body: { name: `Org ${crypto.randomBytes(3).toString('hex')}`, ...body } });
  if (res.status !== 201) throw new Error(`createOrg failed: ${res.status} ${res.text}`);
  return res.body as { org_id: string; slug: string; license_id: string; license_key: string };
}

export async function createOrgKey(app: TestApp, orgId: string, name = 'ci') {
  const res = await app.api('POST', `/api/orgs/${orgId}/api-keys`, { token: ADMIN_KEY, body: { name } });
  if (res.status !== 201) throw new Error(`createOrgKey failed: ${res.status} ${res.text}`);
  return res.body as { key_id: string; key: string };
}

export async function createPolicy(app: TestApp, orgId: string, body: Record<string, unknown> = {}) {
  const res = await app.api('POST', `/api/orgs/${orgId}/policies`, {
    token: ADMIN_KEY,
    body: {
      name: 'Default',
      rules: [
        { name: 'Block secrets', dataTypes: ['SECRETS'], destinations: ['AI_TOOL', 'VENDOR', 'CUSTOMER'], action: 'BLOCK' },
        { name: 'Mask personal data', dataTypes: ['PII', 'FINANCIAL'], destinations: ['AI_TOOL', 'VENDOR', 'CUSTOMER'], action: 'MASK' },
      ],
      ...body,
    },
  });
  if (res.status !== 201) throw new Error(`createPolicy failed: ${res.status} ${res.text}`);
  return res.body as { policy_id: string; api_key: string; version: string };
}
