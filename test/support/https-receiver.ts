import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** One request as the receiver saw it. */
export interface ReceivedRequest {
  method: string;
  path: string;
  /** Header names in the order and case they arrived. */
  headerNames: string[];
  /** Lower-cased name -> value. */
  headers: Record<string, string>;
  body: string;
  /** Receipt time (ms since epoch). */
  at: number;
}

/** What the receiver does with one request: answer with a status, or hold it until released or the client gives up. */
export type Behaviour = { status: number } | { hold: true };

/** A self-signed certificate for localhost and 127.0.0.1, made by openssl at test time. */
export function makeCertificate(dir = fs.mkdtempSync(path.join(os.tmpdir(), 'preflight-tls-'))): { dir: string; keyFile: string; certFile: string } {
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
      '-keyout', keyFile, '-out', certFile, '-days', '2', '-subj', '/CN=localhost',
      '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-addext', 'basicConstraints=critical,CA:TRUE',
    ],
    { stdio: 'ignore' },
  );
  return { dir, keyFile, certFile };
}

/** A port nothing listens on (for "connection refused"). */
export async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

/**
 * A real local HTTPS receiver: records every request (names, values, raw body) per path and
 * answers per a script (status codes in order, then 200) or a handler; can hold requests open.
 */
export class HttpsReceiver {
  private readonly received: ReceivedRequest[] = [];
  private readonly scripts = new Map<string, Behaviour[]>();
  private readonly handlers = new Map<string, (r: ReceivedRequest) => Behaviour>();
  private readonly held = new Set<ServerResponse>();
  private readonly waiters = new Set<() => void>();

  private constructor(
    private readonly server: https.Server,
    readonly port: number,
    readonly caFile: string,
    private readonly certDir: string,
  ) {}

  static async start(cert = makeCertificate()): Promise<HttpsReceiver> {
    const server = https.createServer({ key: fs.readFileSync(cert.keyFile), cert: fs.readFileSync(cert.certFile), keepAliveTimeout: 30_000 });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const rcv = new HttpsReceiver(server, (server.address() as net.AddressInfo).port, cert.certFile, cert.dir);
    server.on('request', (req, res) => rcv.onRequest(req, res));
    return rcv;
  }

  /** https://localhost:<port><path> */
  url(p: string): string {
    return `https://localhost:${this.port}${p}`;
  }

  /** The next requests to `p` get these behaviours in order (a number is a status); after them, 200. */
  script(p: string, ...steps: Array<number | Behaviour>): void {
    this.scripts.set(p, steps.map((s) => (typeof s === 'number' ? { status: s } : s)));
  }

  /** Every request to `p` gets what `fn` says (after any script). */
  handle(p: string, fn: (r: ReceivedRequest) => Behaviour): void {
    this.handlers.set(p, fn);
  }

  requests(p?: string): ReceivedRequest[] {
    return p === undefined ? [...this.received] : this.received.filter((r) => r.path === p);
  }

  /** Resolves once `n` requests to `p` have arrived; rejects after `timeoutMs`. */
  async waitFor(p: string, n: number, timeoutMs = 10_000): Promise<ReceivedRequest[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.requests(p).length < n) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`receiver: ${this.requests(p).length} of ${n} requests to ${p} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(done, Math.min(left, 250));
        function done() {
          clearTimeout(t);
          resolve();
        }
        this.waiters.add(done);
      });
    }
    return this.requests(p);
  }

  /** Answers every held request with `status`. */
  releaseHeld(status = 200): void {
    for (const res of this.held) if (!res.writableEnded) res.writeHead(status).end();
    this.held.clear();
  }

  private onRequest(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const p = req.url ?? '/';
      const names: string[] = [];
      const headers: Record<string, string> = {};
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        names.push(req.rawHeaders[i]);
        headers[req.rawHeaders[i].toLowerCase()] = req.rawHeaders[i + 1];
      }
      const r: ReceivedRequest = { method: req.method ?? '', path: p, headerNames: names, headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
      this.received.push(r);
      const script = this.scripts.get(p);
      const b: Behaviour = script?.length ? script.shift()! : (this.handlers.get(p)?.(r) ?? { status: 200 });
      if ('hold' in b) {
        this.held.add(res);
        res.on('close', () => this.held.delete(res));
      } else {
        res.writeHead(b.status, { 'content-type': 'application/json' }).end(JSON.stringify({ received: true }));
      }
      for (const w of [...this.waiters]) {
        this.waiters.delete(w);
        w();
      }
    });
  }

  async close(): Promise<void> {
    this.releaseHeld(503);
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server.close(() => r()));
    fs.rmSync(this.certDir, { recursive: true, force: true });
  }
}
