import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { ADMIN_KEY, startApp, type TestApp } from '../support/app';
import { HttpsReceiver } from '../support/https-receiver';
import { forwardingEnv } from '../integration/forwarding-helpers';
import { CHROMIUM, openBrowser, SCREENSHOTS, seriousA11yViolations, type Browser } from './browser';

/**
 * The console in a real browser (Debian's Chromium driven by playwright-core) against a real
 * service on SQLite: every page's main flow, an accessibility check per page, and no request
 * leaving this machine.
 */
describe('console (browser)', function () {
  this.timeout(180_000);
  let app: TestApp;
  let receiver: HttpsReceiver;
  let browser: Browser;
  let page: Page;
  let orgId: string;
  let policyKey = '';

  before(async function () {
    // .ci/run installs Debian's chromium; a developer machine without it cannot run these.
    if (!fs.existsSync(CHROMIUM)) this.skip();
    receiver = await HttpsReceiver.start();
    app = await startApp('sqlite', {
      env: { ...forwardingEnv(receiver), ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {}) },
    });
    await app.rt.start(); // delivery drivers, so forwarded events reach the receiver
    const org = await app.api('POST', '/api/orgs', { token: ADMIN_KEY, body: { name: 'Acme Security' } });
    expect(org.status).to.equal(201);
    orgId = org.body.org_id;
    browser = await openBrowser();
    page = browser.page;
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
  });

  after(async () => {
    await browser?.close();
    await app?.close();
    await receiver?.close();
  });

  afterEach(function () {
    if (browser) expect(browser.outside, 'requests that left this machine').to.deep.equal([]);
  });

  const nav = (link: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link, exact: true }).click();

  /** Opens a page by its navigation link, waits for its heading, checks accessibility, takes its screenshot. */
  async function visit(link: string, heading: string, shot: string) {
    await nav(link);
    await page.getByRole('heading', { name: heading, level: 2 }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.getByRole('status').waitFor({ state: 'detached' }).catch(() => undefined);
    expect(await seriousA11yViolations(page), `axe on ${heading}`).to.deep.equal([]);
    await page.screenshot({ path: path.join(SCREENSHOTS, `${shot}.png`), fullPage: true });
  }

  async function signIn(key: string) {
    await page.goto(app.url);
    await page.getByLabel('API key').fill(key);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
  }

  async function check(text: string, destination = 'AI_TOOL') {
    const res = await app.api('POST', '/api/preflight/text', { headers: { 'x-service-api-key': policyKey }, body: { text, destination } });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return res.body;
  }

  /** Reloads the forwarding page until the destination shows `status` (and, if asked, its last error). */
  async function waitForStatus(status: string, withLastError = false) {
    for (let i = 0; i < 60; i++) {
      await page.reload();
      const badge = page.getByTestId('destination-status').first();
      await badge.waitFor();
      const lastError = await page.getByTestId('last-error').count();
      if ((await badge.textContent()) === status && (!withLastError || lastError > 0)) return;
      // Deliveries run in the service; polling the page as a user would, a quarter-second apart.
      await page.waitForTimeout(250);
    }
    throw new Error(`destination never showed ${status}`);
  }

  it('signs in with the operator key into an HttpOnly, SameSite=Strict session, and out again', async () => {
    await page.goto(app.url);
    expect(await seriousA11yViolations(page), 'axe on sign-in').to.deep.equal([]);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'sign-in.png') });
    await page.getByLabel('API key').fill('not-a-key-at-all-1234');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'invalid' }).waitFor();

    await signIn(ADMIN_KEY);
    const cookies = await browser.context.cookies(app.url);
    const session = cookies.find((c) => c.name === 'preflight_session')!;
    expect(session.httpOnly).to.equal(true);
    expect(session.sameSite).to.equal('Strict');
    expect(session.expires).to.be.greaterThan(Date.now() / 1000);
    expect(await page.evaluate<string>('document.cookie')).not.to.contain('preflight_session');
    expect(await page.evaluate<string>('JSON.stringify(localStorage) + JSON.stringify(sessionStorage)')).not.to.contain(ADMIN_KEY);
    // The cookie alone cannot change anything: state-changing requests need the CSRF header.
    const forged = await page.evaluate(async () => (await fetch('/api/orgs', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"x"}' })).status);
    expect(forged).to.equal(403);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('API key').waitFor();
    const after = await page.evaluate(async () => (await fetch('/api/orgs')).status);
    expect(after).to.equal(401);
    await signIn(ADMIN_KEY);
  });

  it('lets the operator list organizations and switch to one', async () => {
    await nav('Organizations');
    await page.getByRole('button', { name: 'Switch to Acme Security' }).click();
    await page.getByText('Current').waitFor();
    await visit('Organizations', 'Organizations', 'organizations');
  });

  it('pages a long list of organizations, with the page kept in the URL', async () => {
    const names = Array.from({ length: 27 }, (_, i) => `Paged Org ${String(i + 1).padStart(2, '0')}`);
    for (const name of names) expect((await app.api('POST', '/api/orgs', { token: ADMIN_KEY, body: { name } })).status).to.equal(201);
    // Created behind the console's back: a fresh load, not its cached list.
    await page.goto(`${app.url}/organizations`);
    const range = page.getByTestId('organizations-range');
    await range.filter({ hasText: '1–25 of 28 organizations' }).waitFor();
    expect(await page.getByRole('cell', { name: 'Paged Org 27' }).count()).to.equal(0);
    await page.getByRole('button', { name: 'Page 2 of organizations' }).click();
    await range.filter({ hasText: '26–28 of 28 organizations' }).waitFor();
    await page.getByRole('cell', { name: 'Paged Org 27', exact: true }).waitFor();
    expect(page.url()).to.contain('page=2');
    expect(await seriousA11yViolations(page), 'axe on a paged list').to.deep.equal([]);
    await page.goBack();
    await range.filter({ hasText: '1–25 of 28 organizations' }).waitFor();
  });

  it('creates a policy with a custom pattern (server validation shown at the field) and tries it', async () => {
    await nav('Policies');
    await page.getByText('No policies yet').waitFor();
    await page.getByRole('button', { name: 'New policy' }).click();
    await page.getByRole('textbox', { name: /^Name/ }).fill('Engineering');
    // Click the field's empty right-hand side (its left holds the PII pill and its remove button).
    const dataTypes = page.locator('.mantine-MultiSelect-input').first();
    const box = (await dataTypes.boundingBox())!;
    await dataTypes.click({ position: { x: box.width - 24, y: box.height / 2 } });
    await page.getByRole('option', { name: 'CUSTOM', exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Add custom pattern' }).click();
    await page.getByLabel('Pattern name').fill('Project code');
    await page.getByLabel('Regular expression').fill('PRJ-(\\d{4}');
    await page.getByRole('button', { name: 'Save policy' }).click();
    await page.getByRole('alert').filter({ hasText: 'Validation failed' }).waitFor();
    const regexError = await page.locator('[id$="-error"]').allTextContents();
    expect(regexError.join(' ')).to.match(/regex|expression|parenthes/i);

    await page.getByLabel('Regular expression').fill('PRJ-\\d{4}');
    await page.getByRole('button', { name: 'Save policy' }).click();
    policyKey = (await page.getByTestId('secret-once').textContent())!.trim();
    expect(policyKey).to.match(/^pfp_/);
    await page.getByRole('button', { name: 'Done' }).click();

    await page.getByLabel('Text to check').fill('Ship PRJ-1234 to jane.doe@acme-corp.io today');
    await page.getByRole('button', { name: 'Run check' }).click();
    const result = page.getByTestId('try-result');
    await result.waitFor();
    expect(await result.textContent()).to.contain('ALLOWED_WITH_MASKING');
    const marked = await page.getByTestId('masked-text').locator('mark').evaluateAll((ms) => ms.map((m) => (m as unknown as { dataset: Record<string, string> }).dataset.type));
    expect(marked).to.include.members(['PROJECT_CODE', 'EMAIL']);
    expect(await page.getByTestId('masked-text').textContent()).not.to.contain('jane.doe');
    expect(await seriousA11yViolations(page), 'axe on policies with Try it').to.deep.equal([]);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'policies.png'), fullPage: true });
    // Trying records nothing: the audit log is still empty.
    const audit = await app.api('GET', '/api/audit', { token: ADMIN_KEY });
    expect(audit.body.total).to.equal(0);
  });

  it('saves and tests a destination disabled, enables it on request, then shows Active and Failing', async () => {
    await nav('Forwarding');
    await page.getByText('No destinations').waitFor();
    await page.getByLabel('Ingest URL').fill(receiver.url('/ingest'));
    await page.getByLabel('Auth header name').fill('Authorization');
    await page.getByLabel('Auth header value').fill('Splunk test-token');
    await page.getByRole('button', { name: 'Save and test' }).click();
    await page.getByText('Test delivered').waitFor();
    expect(await page.getByTestId('destination-status').textContent()).to.equal('Disabled');
    expect(receiver.requests('/ingest')).to.have.length(1);
    await page.getByRole('button', { name: 'Enable destination' }).click();
    await page.getByText('Saved disabled').waitFor({ state: 'detached' });

    await check('mail jane.doe@acme-corp.io');
    await waitForStatus('Active');
    await visit('Forwarding', 'Forwarding', 'forwarding');

    receiver.handle('/ingest', () => ({ status: 500 }));
    await page.getByRole('button', { name: 'Send test' }).click();
    const failed = page.getByTestId('test-result').filter({ hasText: 'Test failed' });
    await failed.waitFor();
    expect(await failed.textContent()).to.contain('HTTP 500').and.to.contain('check its health and logs');
    await check('mail john.roe@acme-corp.io');
    await waitForStatus('Failing', true);
    expect(await page.getByTestId('last-error').textContent()).to.contain('500');
  });

  it('filters the audit log by decision with the filters kept in the URL, and shows a record', async () => {
    await check('nothing to see here', 'VENDOR');
    await visit('Audit log', 'Audit log', 'audit-log');
    expect(await page.getByTestId('audit-total').textContent()).to.equal('3 records');
    await page.getByRole('combobox', { name: 'Decision' }).click();
    await page.getByRole('option', { name: 'Allowed', exact: true }).click();
    // The two e-mail checks were masked for AI_TOOL; the VENDOR check had no rule and was allowed.
    await page.getByTestId('audit-total').filter({ hasText: '1 records' }).waitFor();
    expect((await app.api('GET', '/api/audit?decision=ALLOWED', { token: ADMIN_KEY })).body.total).to.equal(1);
    expect(page.url()).to.contain('decision=ALLOWED');
    // The shared URL reproduces the view.
    await page.goto(`${app.url}/audit?destination=AI_TOOL`);
    await page.getByTestId('audit-total').filter({ hasText: '2 records' }).waitFor();
    await page.locator('button[title^="Details of pf_"]').first().click();
    const drawer = page.getByRole('dialog', { name: 'Audit record' });
    await drawer.waitFor();
    expect(await drawer.textContent()).to.contain('Engineering').and.to.contain('EMAIL: 1').and.not.contain('acme-corp');
    await page.keyboard.press('Escape');
  });

  it('creates, rotates and revokes an API key; the old key is refused', async () => {
    await visit('Settings', 'Settings', 'settings');
    await page.getByLabel('Key name').fill('ci-console');
    await page.getByRole('button', { name: 'Create key' }).click();
    const first = (await page.getByTestId('secret-once').textContent())!.trim();
    await page.getByRole('button', { name: 'Done' }).click();
    expect((await app.api('GET', `/api/orgs/${orgId}/policies`, { token: first })).status).to.equal(200);

    await page.getByRole('button', { name: 'Rotate ci-console' }).click();
    const second = (await page.getByTestId('secret-once').textContent())!.trim();
    await page.getByRole('button', { name: 'Done' }).click();
    expect(second).not.to.equal(first);
    expect((await app.api('GET', `/api/orgs/${orgId}/policies`, { token: first })).status).to.equal(401);
    expect((await app.api('GET', `/api/orgs/${orgId}/policies`, { token: second })).status).to.equal(200);

    await page.getByRole('button', { name: 'Revoke ci-console' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('No API keys').waitFor();
    expect((await app.api('GET', `/api/orgs/${orgId}/policies`, { token: second })).status).to.equal(401);
  });

  it('shows the overview with the numbers the API gives', async () => {
    await visit('Overview', 'Overview', 'overview');
    const api = await app.api('GET', `/api/orgs/${orgId}/analytics?period=30d`, { token: ADMIN_KEY });
    expect(await page.getByTestId('stat-Total checks').textContent()).to.contain(String(api.body.total_checks));
    expect(await page.getByTestId('stat-Blocked').textContent()).to.contain(String(api.body.blocked));
  });

  it('opens the queue board with the operator session, and refuses it without one', async () => {
    await page.goto(`${app.url}/admin/queues`);
    if (app.rt.config.redisUrl) {
      await page.getByText('Preflight queues').first().waitFor();
    } else {
      // Without Redis there is no board, but the session got past authentication.
      expect(await page.textContent('body')).to.contain('REDIS_URL');
    }
    const anonymous = await fetch(`${app.url}/admin/queues`);
    expect(anonymous.status).to.equal(401);
    await page.goto(app.url);
  });

  it('works for an organization key: no Organizations link, and a revoked key ends the session', async () => {
    const key = await app.api('POST', `/api/orgs/${orgId}/api-keys`, { token: ADMIN_KEY, body: { name: 'console-user' } });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await signIn(key.body.key);
    expect(await page.getByTestId('whoami').textContent()).to.equal('Acme Security');
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Organizations' }).count()).to.equal(0);
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await app.api('DELETE', `/api/orgs/${orgId}/api-keys/${key.body.key_id}`, { token: ADMIN_KEY });
    await nav('Policies');
    await page.getByLabel('API key').waitFor();
  });

  it('is usable in a narrow window through the navigation toggle', async () => {
    await signIn(ADMIN_KEY);
    await page.setViewportSize({ width: 390, height: 800 });
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await nav('Policies');
    await page.getByRole('heading', { name: 'Policies' }).waitFor();
    expect(await seriousA11yViolations(page), 'axe at 390 px').to.deep.equal([]);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'narrow.png') });
    await page.setViewportSize({ width: 1280, height: 860 });
  });
});
