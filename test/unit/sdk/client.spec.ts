import { expect } from 'chai';
import {
  Preflight,
  PreflightAPIError,
  PreflightAuthenticationError,
  PreflightBlockedError,
  PreflightConnectionError,
  PreflightPolicyError,
  PreflightRateLimitError,
  PreflightTimeoutError,
  PreflightValidationError,
  type PolicyObject,
} from '@preflight/sdk';
import { checkLocal, resolvePolicy } from '@preflight/sdk/local';
import { scan } from '../../../src/detection';
import { recognizers as builtinRecognizers } from '../../../src/detection/recognizers';
import { decide } from '../../../src/policy/outcome';
import type { Rule } from '../../../src/policy/types';
import { EMAIL, OTHER_EMAIL, visaNumber } from '../../fixtures/values';
import { POLICY, cloudResult, fakeFetch, fakeToken, signer, type Answer } from './fixtures';

const TEXT = '/api/preflight/text';
const EVENTS = '/api/preflight/events';
const VALIDATE = '/v1/license/validate';
const JWKS = '/.well-known/jwks.json';
const throwingFetch = (() => {
  throw new Error('local mode must not touch the network');
}) as unknown as typeof fetch;

/** Records the waits between retries instead of waiting. */
function sleeps() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

async function rejection(p: Promise<unknown>): Promise<any> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error('expected a rejection');
}

describe('sdk: local mode', () => {
  it('decides in process with zero network calls: masks personal data, blocks secrets', async () => {
    const pf = new Preflight({ mode: 'local', policy: POLICY, fetch: throwingFetch });
    const r = await pf.checkText(`Write to ${EMAIL} and ${OTHER_EMAIL}, again ${EMAIL}.`, { destination: 'AI_TOOL' });
    expect(r).to.include({ decision: 'ALLOWED_WITH_MASKING', mode_used: 'local', degraded: false, policy_version: '7', policy_id: POLICY.policy_id });
    expect(r.masked_content).to.equal('Write to [EMAIL_1] and [EMAIL_2], again [EMAIL_1].');
    expect(r.detected).to.deep.equal([{ type: 'EMAIL', count: 3, sample: 'j***@northwind-mail.com' }]);
    expect(r.preflight_id).to.match(/^pfc_[0-9a-f]{24}$/);
    expect(r.summary).to.equal('Allowed with masking: found 3 × E-mail address; masked by rule "Mask personal data".');

    const blocked = await pf.checkText(`token ${fakeToken()}`, { destination: 'AI_TOOL' });
    expect(blocked.decision).to.equal('BLOCKED');
    expect(blocked.masked_content).to.equal(null);
    expect(pf.queuedDecisions).to.equal(0);
    await pf.flush(); // nothing to send, and no transport at all
  });

  it('the @preflight/sdk/local entry decides exactly as the service code does on the local pass', () => {
    const text = `Pay ${visaNumber()} for ${EMAIL}, token ${fakeToken()}, and ${OTHER_EMAIL}`;
    const r = checkLocal(text, resolvePolicy(POLICY), { destination: 'VENDOR' });
    const service = decide(text, scan(text, { pass: 'local' }), POLICY.rules as Rule[], { destination: 'VENDOR' });
    expect(r.decision).to.equal('BLOCKED');
    expect({ decision: r.decision, summary: r.summary, detected: r.detected, masked: r.masked_content }).to.deep.equal({
      decision: service.decision,
      summary: service.summary,
      detected: service.detected,
      masked: service.masked,
    });
  });

  it('the bundled engine (no pattern names, positions as recognizer ids, labels of local types only) finds, masks and summarises as the service does on every recognizer sample', () => {
    // Every local recognizer's positive and negative samples in one text: overlaps between
    // recognizers are resolved by their order, which the bundle must keep.
    const text = builtinRecognizers
      .filter((r) => r.pass === 'local')
      .flatMap((r) => [...r.samples.positive.map((s) => s.text), ...r.samples.negative])
      .join('\n\n');
    const maskAll: Rule[] = [{ id: 'all', name: 'mask all', enabled: true, dataTypes: ['ALL'], destinations: ['VENDOR'], action: 'MASK', conditions: [] }];
    const r = checkLocal(text, resolvePolicy({ ...POLICY, rules: maskAll } as PolicyObject), { destination: 'VENDOR' });
    const service = decide(text, scan(text, { pass: 'local' }), maskAll, { destination: 'VENDOR' });
    expect(r.detected.length).to.be.greaterThan(50);
    // The summary names every type found by its label (the bundle keeps only the labels of types recognizers report).
    expect(new Set(r.detected.map((d) => d.type)).size).to.equal(new Set(builtinRecognizers.filter((x) => x.pass === 'local').map((x) => x.type)).size);
    expect({ detected: r.detected, masked: r.masked_content, spans: r.spans, summary: r.summary }).to.deep.equal({
      detected: service.detected,
      masked: service.masked,
      spans: service.spans,
      summary: service.summary,
    });
  });

  it('auto without an API key is local; with one it is cloud_with_fallback', () => {
    expect(new Preflight({ policy: POLICY }).mode).to.equal('local');
    expect(new Preflight({ apiKey: 'k', baseUrl: 'http://127.0.0.1:1' }).mode).to.equal('cloud_with_fallback');
  });

  it('applies conditions and custom patterns from the policy', async () => {
    const policy: PolicyObject = {
      ...POLICY,
      rules: [{ id: 'r', name: 'EU only', enabled: true, dataTypes: ['PII'], destinations: ['VENDOR'], action: 'BLOCK', conditions: ['non_eu_destination'] }],
      custom_patterns: [{ name: 'Project code', regex: 'PRJ-[0-9]{4}' }],
    };
    const pf = new Preflight({ mode: 'local', policy, fetch: throwingFetch });
    expect((await pf.checkText(`to ${EMAIL}`, { destination: 'VENDOR', destinationRegion: 'US' })).decision).to.equal('BLOCKED');
    expect((await pf.checkText(`to ${EMAIL}`, { destination: 'VENDOR', destinationRegion: 'EU' })).decision).to.equal('ALLOWED');
    const custom = await pf.checkText('see PRJ-1234', { destination: 'AI_TOOL' });
    expect(custom.detected).to.deep.equal([{ type: 'PROJECT_CODE', count: 1, sample: 'P*****34' }]);
  });

  it('checks text files locally and refuses binary ones', async () => {
    const pf = new Preflight({ mode: 'local', policy: POLICY, fetch: throwingFetch });
    const r = await pf.checkFile(new TextEncoder().encode(`name,email\nJane,${EMAIL}\n`), { filename: 'a.csv', destination: 'VENDOR' });
    expect(r).to.include({ input_type: 'file', decision: 'ALLOWED_WITH_MASKING', masked_content: 'name,email\nJane,[EMAIL_1]\n' });
    const err = await rejection(pf.checkFile(new Uint8Array([0xff, 0xfe, 0x00, 0x81]), { filename: 'x.pdf', destination: 'VENDOR' }));
    expect(err.code).to.equal('unsupported_file');
  });

  it('needs a policy', async () => {
    const err = await rejection(new Preflight({ mode: 'local', fetch: throwingFetch }).checkText('x', { destination: 'AI_TOOL' }));
    expect(err).to.be.instanceOf(PreflightPolicyError);
    expect(err.code).to.equal('policy_missing');
  });
});

describe('sdk: signed policy bundles', () => {
  it('uses a bundle verified against a pinned key; refuses tampered, expired, mistyped and foreign ones', async () => {
    const s = await signer();
    const other = await signer();
    const payload = { org_id: 'org_1', policy_version: 'cfg-1', default_policy_group: 'default', policies: [POLICY] };
    const good = await s.sign(payload);
    const ok = await new Preflight({ mode: 'local', policy: good, publicKey: s.jwk, fetch: throwingFetch }).checkText(`to ${EMAIL}`, { destination: 'AI_TOOL' });
    expect(ok).to.include({ decision: 'ALLOWED_WITH_MASKING', org_id: 'org_1', policy_version: '7' });

    const [h, p, sig] = good.split('.');
    const lenient = Buffer.from(JSON.stringify({ ...payload, policies: [{ ...POLICY, rules: [] }] })).toString('base64url');
    const cases: Array<[string, string]> = [
      ['tampered', `${h}.${lenient}.${sig}`],
      ['expired', await s.sign(payload, { expSeconds: -60 })],
      ['license token', await s.sign(payload, { typ: 'JWT' })],
      ['foreign key', await other.sign(payload)],
      ['not a JWS', 'hello'],
    ];
    expect(p).to.be.a('string');
    for (const [what, bundle] of cases) {
      const pf = new Preflight({ mode: 'local', policy: bundle, publicKey: s.jwk, fetch: throwingFetch });
      const err = await rejection(pf.checkText(`to ${EMAIL}`, { destination: 'AI_TOOL' }));
      expect(err, what).to.be.instanceOf(PreflightPolicyError);
      expect(err.code, what).to.equal(what === 'expired' ? 'policy_expired' : 'policy_invalid');
    }
  });
});

describe('sdk: cloud mode', () => {
  const cloud = (routes: Record<string, Answer[]>, extra: Record<string, unknown> = {}) => {
    const f = fakeFetch(routes);
    const s = sleeps();
    const pf = new Preflight({ mode: 'cloud', apiKey: 'pk_test', baseUrl: 'http://svc.test/', fetch: f.fetch, sleep: s.sleep, ...extra });
    return { pf, ...f, ...s };
  };

  it('posts the check with the policy key and returns the service result marked cloud', async () => {
    const { pf, calls } = cloud({ [TEXT]: [{ status: 200, body: cloudResult() }] });
    const r = await pf.checkText('hello', { destination: 'AI_TOOL', destinationRegion: 'EU', sccVerified: true, actorId: 'u-1' });
    expect(r).to.include({ mode_used: 'cloud', degraded: false, decision: 'ALLOWED' });
    expect(calls).to.have.length(1);
    expect(calls[0].url).to.equal('http://svc.test/api/preflight/text');
    expect(calls[0].headers['x-service-api-key']).to.equal('pk_test');
    expect(calls[0].body).to.deep.equal({ text: 'hello', destination: 'AI_TOOL', destination_region: 'EU', destination_scc_verified: true, actor_id: 'u-1', source_type: 'sdk' });
  });

  it('retries 5xx and connection errors with exponential backoff and jitter', async () => {
    const { pf, count, waits } = cloud({ [TEXT]: [{ status: 503 }, 'refuse', { status: 200, body: cloudResult() }] });
    expect((await pf.checkText('hello', { destination: 'AI_TOOL' })).mode_used).to.equal('cloud');
    expect(count(TEXT)).to.equal(3);
    expect(waits).to.have.length(2);
    expect(waits[0]).to.be.within(250, 500);
    expect(waits[1]).to.be.within(500, 1000);
  });

  it('honours Retry-After on 429 and 503', async () => {
    const { pf, waits } = cloud({
      [TEXT]: [{ status: 429, headers: { 'retry-after': '2' }, body: { error: { code: 'rate_limited', message: 'slow down' } } }, { status: 503, headers: { 'retry-after': '1' } }, { status: 200, body: cloudResult() }],
    });
    await pf.checkText('hello', { destination: 'AI_TOOL' });
    expect(waits).to.deep.equal([2000, 1000]);
  });

  it('gives up after maxRetries with a typed error', async () => {
    const limited = cloud({ [TEXT]: [{ status: 429, headers: { 'retry-after': '3' }, body: { error: { code: 'quota_exceeded', message: 'Allowance used' } } }] }, { maxRetries: 1 });
    const err = await rejection(limited.pf.checkText('hello', { destination: 'AI_TOOL' }));
    expect(err).to.be.instanceOf(PreflightRateLimitError);
    expect(err).to.include({ status: 429, code: 'quota_exceeded', retryAfter: 3 });
    expect(limited.count(TEXT)).to.equal(2);

    const down = cloud({ [TEXT]: ['refuse'] }, { maxRetries: 3 });
    expect(await rejection(down.pf.checkText('hello', { destination: 'AI_TOOL' }))).to.be.instanceOf(PreflightConnectionError);
    expect(down.count(TEXT)).to.equal(4);
  });

  it('times out each attempt after timeoutMs', async () => {
    const { pf, count } = cloud({ [TEXT]: ['hang'] }, { timeoutMs: 30, maxRetries: 1 });
    const err = await rejection(pf.checkText('hello', { destination: 'AI_TOOL' }));
    expect(err).to.be.instanceOf(PreflightTimeoutError);
    expect(count(TEXT)).to.equal(2);
  });

  it('never retries other 4xx: 401/403 authentication, 422 validation with details, 404', async () => {
    const cases: Array<[number, Function, Record<string, unknown>]> = [
      [401, PreflightAuthenticationError, { code: 'unauthenticated', message: 'Missing key' }],
      [403, PreflightAuthenticationError, { code: 'forbidden', message: 'Not yours' }],
      [422, PreflightValidationError, { code: 'validation_failed', message: 'Validation failed', details: [{ field: 'destination', problem: 'must be one of AI_TOOL, VENDOR, CUSTOMER' }] }],
      [404, PreflightAPIError, { code: 'not_found', message: 'Policy not found' }],
    ];
    for (const [status, type, error] of cases) {
      const { pf, count } = cloud({ [TEXT]: [{ status, body: { error }, headers: { 'x-request-id': 'req-1' } }] });
      const err = await rejection(pf.checkText('hello', { destination: 'AI_TOOL' }));
      expect(err, String(status)).to.be.instanceOf(type);
      expect(err).to.include({ status, code: error.code, requestId: 'req-1', message: error.message });
      if (status === 422) expect(err.details).to.deep.equal(error.details);
      expect(count(TEXT), String(status)).to.equal(1);
    }
  });

  it('protect() asks for spans and restores values the service masked', async () => {
    const text = `Mail ${EMAIL} now`;
    const start = text.indexOf(EMAIL);
    const { pf, calls } = cloud({
      [TEXT]: [{ status: 200, body: cloudResult({ decision: 'ALLOWED_WITH_MASKING', masked_content: 'Mail [EMAIL_1] now', spans: [{ type: 'EMAIL', start, end: start + EMAIL.length, token: '[EMAIL_1]' }] }) }],
    });
    const p = await pf.protect(text, { destination: 'AI_TOOL' });
    expect(calls[0].body.include_spans).to.equal(true);
    expect(p.masked_content).to.equal('Mail [EMAIL_1] now');
    expect(p.restore('I wrote to [EMAIL_1] and [EMAIL_2].')).to.equal(`I wrote to ${EMAIL} and [EMAIL_2].`);
  });

  it('protect() throws PreflightBlockedError when blocked', async () => {
    const { pf } = cloud({ [TEXT]: [{ status: 200, body: cloudResult({ decision: 'BLOCKED', masked_content: null, summary: 'Blocked: found 1 × GitHub token; blocked by rule "Block secrets".' }) }] });
    const err = await rejection(pf.protect('x', { destination: 'AI_TOOL' }));
    expect(err).to.be.instanceOf(PreflightBlockedError);
    expect(err.name).to.equal('PreflightBlockedError');
    expect(err.result.decision).to.equal('BLOCKED');
  });
});

describe('sdk: cloud_with_fallback mode', () => {
  async function setup(textAnswers: Answer[], extra: Record<string, unknown> = {}, eventAnswers: Answer[] = [{ status: 200, body: { recorded: 1, duplicates: 0 } }]) {
    const s = await signer();
    const bundle = await s.sign({ org_id: 'org_1', policy_version: 'cfg-1', default_policy_group: 'default', policies: [POLICY] });
    const f = fakeFetch({
      [TEXT]: textAnswers,
      [VALIDATE]: [{ status: 200, body: { valid: true, policy_bundle: bundle } }],
      [JWKS]: [{ status: 200, body: { keys: [s.jwk] } }],
      [EVENTS]: eventAnswers,
    });
    const pf = new Preflight({ mode: 'cloud_with_fallback', apiKey: 'pk', licenseKey: 'lic', baseUrl: 'http://svc.test', fetch: f.fetch, sleep: async () => {}, maxRetries: 1, timeoutMs: 30, ...extra });
    return { pf, ...f };
  }

  for (const [what, answer] of [['a 503', { status: 503 }], ['a refused connection', 'refuse'], ['a time-out', 'hang']] as Array<[string, Answer]>) {
    it(`falls back to the verified bundle on ${what}, marked local and degraded`, async () => {
      const { pf, count } = await setup([{ status: 200, body: cloudResult() }, answer]);
      expect((await pf.checkText('hello', { destination: 'AI_TOOL' })).mode_used).to.equal('cloud');
      const r = await pf.checkText(`to ${EMAIL}`, { destination: 'AI_TOOL' });
      expect(r).to.include({ mode_used: 'local', degraded: true, decision: 'ALLOWED_WITH_MASKING', masked_content: 'to [EMAIL_1]', policy_id: POLICY.policy_id });
      expect(count(VALIDATE)).to.equal(1);
      expect(count(JWKS)).to.equal(1);
      expect(pf.queuedDecisions).to.equal(1);
    });
  }

  for (const [status, type] of [[401, PreflightAuthenticationError], [403, PreflightAuthenticationError], [422, PreflightValidationError], [429, PreflightRateLimitError]] as const) {
    it(`never falls back on ${status}`, async () => {
      const { pf } = await setup([{ status, body: { error: { code: 'x', message: 'no' } } }]);
      expect(await rejection(pf.checkText(`to ${EMAIL}`, { destination: 'AI_TOOL' }))).to.be.instanceOf(type);
      expect(pf.queuedDecisions).to.equal(0);
    });
  }

  it('without a verified policy the original error is thrown', async () => {
    const f = fakeFetch({ [TEXT]: ['refuse'] });
    const pf = new Preflight({ mode: 'cloud_with_fallback', apiKey: 'pk', baseUrl: 'http://svc.test', fetch: f.fetch, sleep: async () => {}, maxRetries: 0 });
    expect(await rejection(pf.checkText('x', { destination: 'AI_TOOL' }))).to.be.instanceOf(PreflightConnectionError);
  });

  it('queues fallback decisions (counts only) and sends them when the service answers again', async () => {
    const { pf, calls } = await setup([{ status: 200, body: cloudResult() }, 'refuse', 'refuse', 'refuse', 'refuse', { status: 200, body: cloudResult() }]);
    await pf.checkText('hello', { destination: 'AI_TOOL' });
    const local = await pf.checkText(`to ${EMAIL} and ${OTHER_EMAIL}`, { destination: 'VENDOR', actorId: 'user-42' });
    await pf.checkText('nothing here', { destination: 'AI_TOOL', actorId: 'has spaces, so not an id' });
    expect(pf.queuedDecisions).to.equal(2);
    await pf.checkText('back', { destination: 'AI_TOOL' });
    await pf.flush();
    const sent = calls.filter((c) => c.url.endsWith(EVENTS));
    expect(sent).to.have.length(1);
    expect(sent[0].headers['x-service-api-key']).to.equal('pk');
    const [first, second] = sent[0].body.decisions;
    expect(first).to.deep.equal({
      preflight_id: local.preflight_id,
      created_at: local.created_at,
      decision: 'ALLOWED_WITH_MASKING',
      destination: 'VENDOR',
      policy_version: '7',
      finding_counts_by_type: { EMAIL: 2 },
      input_type: 'text',
      input_size_bytes: new TextEncoder().encode(`to ${EMAIL} and ${OTHER_EMAIL}`).length,
      source_type: 'sdk',
      actor_id: 'user-42',
    });
    expect(second).not.to.have.property('actor_id');
    expect(JSON.stringify(sent[0].body)).not.to.include(EMAIL);
    expect(pf.queuedDecisions).to.equal(0);
  });

  it('bounds the queue: the oldest decisions are dropped and counted', async () => {
    const { pf } = await setup([{ status: 200, body: cloudResult() }, 'refuse'], { maxQueuedDecisions: 2, maxRetries: 0 });
    await pf.checkText('hello', { destination: 'AI_TOOL' });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await pf.checkText(`n ${i}`, { destination: 'AI_TOOL' })).preflight_id);
    expect(pf.queuedDecisions).to.equal(2);
    expect(pf.droppedDecisions).to.equal(3);
  });

  it('flush() keeps the queue when the service is still away', async () => {
    const { pf, count } = await setup([{ status: 200, body: cloudResult() }, 'refuse'], { maxRetries: 0 }, [{ status: 503 }]);
    await pf.checkText('hello', { destination: 'AI_TOOL' });
    await pf.checkText('x', { destination: 'AI_TOOL' });
    expect(await rejection(pf.flush())).to.be.instanceOf(PreflightAPIError);
    expect(count(EVENTS)).to.equal(1);
    expect(pf.queuedDecisions).to.equal(1);
  });
});

describe('sdk: restoring masked replies', () => {
  it('restoreStream restores tokens split at every position of every chunk boundary', async () => {
    const pf = new Preflight({ mode: 'local', policy: POLICY, fetch: throwingFetch });
    const p = await pf.protect(`Ask ${EMAIL} and ${OTHER_EMAIL}`, { destination: 'AI_TOOL' });
    expect(p.masked_content).to.equal('Ask [EMAIL_1] and [EMAIL_2]');
    const reply = 'Dear [EMAIL_1], cc [EMAIL_2]; [NOT_A_TOKEN] [ x [EMAIL_9] end[';
    const expected = `Dear ${EMAIL}, cc ${OTHER_EMAIL}; [NOT_A_TOKEN] [ x [EMAIL_9] end[`;
    expect(p.restore(reply)).to.equal(expected);
    for (let i = 0; i <= reply.length; i++) {
      for (let j = i; j <= reply.length; j++) {
        const chunks = [reply.slice(0, i), reply.slice(i, j), reply.slice(j)];
        let out = '';
        for await (const c of p.restoreStream((async function* () { yield* chunks; })())) out += c;
        expect(out, `split at ${i},${j}`).to.equal(expected);
      }
    }
    let single = '';
    for await (const c of p.restoreStream(reply.split(''))) single += c;
    expect(single).to.equal(expected);
  });

  it('guardMessages masks a conversation with one numbering and restores the reply', async () => {
    const pf = new Preflight({ mode: 'local', policy: POLICY, fetch: throwingFetch });
    const g = await pf.guardMessages(
      [
        { role: 'system', content: 'You are helpful.' },
        { role: 'user', content: `Email ${EMAIL}` },
        { role: 'user', content: [{ type: 'text', text: `and ${OTHER_EMAIL}, again ${EMAIL}` }, { type: 'image_url', image_url: { url: 'x' } }] },
      ],
      { destination: 'AI_TOOL' },
    );
    expect(g.messages[0].content).to.equal('You are helpful.');
    expect(g.messages[1].content).to.equal('Email [EMAIL_1]');
    expect(g.messages[2].content).to.deep.equal([{ type: 'text', text: 'and [EMAIL_2], again [EMAIL_1]' }, { type: 'image_url', image_url: { url: 'x' } }]);
    expect(g.restore('ok [EMAIL_2]')).to.equal(`ok ${OTHER_EMAIL}`);
    const blocked = await rejection(pf.guardMessages([{ role: 'user', content: fakeToken() }], { destination: 'AI_TOOL' }));
    expect(blocked).to.be.instanceOf(PreflightBlockedError);
  });
});
