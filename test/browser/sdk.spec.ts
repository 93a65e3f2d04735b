import { expect } from 'chai';
import { hasChromium, launchChromium, servePage } from '../support/sdk-browser';
import { EMAIL } from '../fixtures/values';
import { POLICY, fakeToken } from '../unit/sdk/fixtures';

describe('sdk in a browser (headless Chromium)', function () {
  this.timeout(60_000);
  let page: Awaited<ReturnType<typeof servePage>>;
  let browser: Awaited<ReturnType<typeof launchChromium>>;

  before(async function () {
    // CI installs Debian's chromium; a developer machine without it cannot run this suite.
    if (!hasChromium()) this.skip();
    page = await servePage();
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    await page?.close();
  });

  it('loads the ESM bundle, decides in local mode, and makes no network request while checking', async () => {
    const seen: string[] = [];
    browser.page.on('request', (r) => seen.push(r.url()));
    await browser.page.goto(page.url);
    await browser.page.waitForFunction(() => (globalThis as any).sdkReady === true);
    const loaded = seen.length;
    const served = page.requests.length;
    expect(page.requests).to.include('/sdk/index.js');

    const out = await browser.page.evaluate(
      async ({ policy, email, token }) => {
        const { Preflight, PreflightBlockedError } = (globalThis as any).sdk;
        const pf = new Preflight({ mode: 'local', policy });
        const r = await pf.checkText(`Write to ${email}`, { destination: 'AI_TOOL' });
        const p = await pf.protect(`Ask ${email}`, { destination: 'AI_TOOL' });
        let blocked = '';
        try {
          await pf.protect(`key ${token}`, { destination: 'AI_TOOL' });
        } catch (e) {
          blocked = e instanceof PreflightBlockedError ? (e as Error).name : 'other';
        }
        const { checkLocal, resolvePolicy } = (globalThis as any).sdkLocal;
        const l = checkLocal(`Write to ${email}`, resolvePolicy(policy), { destination: 'AI_TOOL' });
        return { decision: r.decision, masked: r.masked_content, mode: r.mode_used, restored: p.restore('hi [EMAIL_1]'), blocked, localEntry: l.decision };
      },
      { policy: POLICY, email: EMAIL, token: fakeToken() },
    );
    expect(out).to.deep.equal({
      decision: 'ALLOWED_WITH_MASKING',
      masked: 'Write to [EMAIL_1]',
      mode: 'local',
      restored: `hi ${EMAIL}`,
      blocked: 'PreflightBlockedError',
      localEntry: 'ALLOWED_WITH_MASKING',
    });
    expect(seen.slice(loaded), 'requests made by the page while checking').to.deep.equal([]);
    expect(page.requests.length).to.equal(served);
  });
});
