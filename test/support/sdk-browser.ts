import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium; never downloaded. Browser tests and benchmarks skip (saying so) without it. */
export const CHROMIUM = '/usr/bin/chromium';
export const hasChromium = (): boolean => fs.existsSync(CHROMIUM);

const root = path.resolve(__dirname, '../../..');
const FILES: Record<string, string> = {
  '/sdk/': path.join(root, 'sdk/dist/'),
  '/re2js/': path.join(root, 'node_modules/re2js/build/'),
  '/jose/': path.join(root, 'node_modules/jose/dist/webapi/'),
};

/** A page that loads the SDK's ESM bundle the way an app does: an import map for its two dependencies. */
const PAGE = `<!doctype html><html><head><meta charset="utf-8">
<script type="importmap">{"imports":{"re2js":"/re2js/index.js","jose":"/jose/index.js"}}</script>
<script type="module">
  import * as sdk from '/sdk/index.js';
  import * as local from '/sdk/local.js';
  window.sdk = sdk; window.sdkLocal = local; window.sdkReady = true;
</script></head><body>Preflight SDK</body></html>`;

/** Serves the page and the bundles on 127.0.0.1 (random port); records every request it gets. */
export async function servePage(): Promise<{ url: string; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    requests.push(url);
    if (url === '/') return void res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
    const prefix = Object.keys(FILES).find((p) => url.startsWith(p));
    const file = prefix && path.normalize(path.join(FILES[prefix], url.slice(prefix.length)));
    if (!file || !file.startsWith(FILES[prefix!]) || !fs.existsSync(file)) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': file.endsWith('.map') ? 'application/json' : 'text/javascript' }).end(fs.readFileSync(file));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    requests,
    close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}

/** Headless Chromium with a fresh profile and no background traffic of its own. */
export async function launchChromium(): Promise<{ context: BrowserContext; page: Page; close(): Promise<void> }> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'preflight-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async close() {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}
