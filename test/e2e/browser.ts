import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium (installed by .ci/run with apt); a browser is never downloaded. */
export const CHROMIUM = process.env.PREFLIGHT_E2E_CHROMIUM ?? '/usr/bin/chromium';

const FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  page: Page;
  /** Requests to any host but this machine: aborted and listed here (the console works air-gapped). */
  outside: string[];
  close(): Promise<void>;
}

/** A fresh profile in a temporary folder; every request leaving localhost is aborted and recorded. */
export async function openBrowser(width = 1280, height = 860): Promise<Browser> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'preflight-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    viewport: { width, height },
    // Lets axe-core be injected under the console's Content-Security-Policy.
    bypassCSP: true,
  });
  const outside: string[] = [];
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    const local = url.protocol === 'data:' || url.protocol === 'blob:' || ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
    if (local) return route.continue();
    outside.push(url.origin);
    return route.abort();
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(15_000);
  return {
    context,
    page,
    outside,
    async close() {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

const AXE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core in the page: the serious and critical violations, as "rule: target" lines. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE });
  const violations = await page.evaluate(async () => {
    const r = await (globalThis as unknown as { axe: { run(): Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: unknown; html: string }> }> }> } }).axe.run();
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => `${JSON.stringify(n.target)} ${n.html.slice(0, 120)}`) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.targets.slice(0, 3).join(', ')}`);
}

/**
 * Where the e2e run writes its page screenshots: the README's docs/screenshots when
 * PREFLIGHT_E2E_SCREENSHOTS=1 (to refresh the tour), else a temporary folder, so a test run leaves
 * the working tree clean.
 */
export const SCREENSHOTS =
  process.env.PREFLIGHT_E2E_SCREENSHOTS === '1'
    ? path.resolve(__dirname, '../../../docs/screenshots')
    : fs.mkdtempSync(path.join(os.tmpdir(), 'preflight-e2e-'));
