import { SignJWT, exportJWK, generateKeyPair, type JWK } from 'jose';
import type { PolicyObject } from '@preflight/sdk';

/** A policy as the service serves it: mask personal data, block secrets (every destination). */
export const POLICY: PolicyObject & { policy_id: string } = {
  policy_id: 'pol_sdk_test',
  name: 'SDK test',
  version: '7',
  policy_group: 'default',
  rules: [
    { id: 'r1', name: 'Block secrets', enabled: true, dataTypes: ['SECRETS'], destinations: ['AI_TOOL', 'VENDOR', 'CUSTOMER'], action: 'BLOCK', conditions: [] },
    { id: 'r2', name: 'Mask personal data', enabled: true, dataTypes: ['PII', 'FINANCIAL'], destinations: ['AI_TOOL', 'VENDOR', 'CUSTOMER'], action: 'MASK', conditions: [] },
  ],
  custom_patterns: [],
};

/** A GitHub-style token the local pass blocks (random, never real). */
export function fakeToken(): string {
  const abc = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let s = 'ghp_';
  for (let i = 0; i < 36; i++) s += abc[Math.floor(Math.random() * abc.length)];
  return s;
}

/** A signing key pair like the service's (RS256), with its public JWK. */
export async function signer() {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'test-kid', alg: 'RS256', use: 'sig' };
  const sign = (payload: Record<string, unknown>, opts: { expSeconds?: number; typ?: string } = {}) =>
    new SignJWT(payload)
      .setProtectedHeader({ alg: 'RS256', kid: 'test-kid', typ: opts.typ ?? 'preflight-policy+jwt' })
      .setIssuer('preflight')
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + (opts.expSeconds ?? 3600))
      .sign(privateKey);
  return { jwk, sign };
}

/** One scripted answer of the fake service. */
export type Answer = { status: number; body?: unknown; headers?: Record<string, string> } | 'refuse' | 'hang';

export interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: any;
}

/**
 * A fetch standing in for the service: answers by path from scripts (in order, the last one
 * repeating), records every call; 'refuse' throws like a refused connection, 'hang' waits for
 * the abort signal.
 */
export function fakeFetch(routes: Record<string, Answer[]>) {
  const calls: Call[] = [];
  const fetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = String(input);
    const path = new URL(url).pathname;
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    calls.push({ url, method: init.method ?? 'GET', headers: { ...(init.headers as Record<string, string>) }, body });
    const script = routes[path];
    if (!script) throw new Error(`unexpected request to ${path}`);
    const answer = script.length > 1 ? script.shift()! : script[0];
    if (answer === 'refuse') throw new TypeError('fetch failed');
    if (answer === 'hang') {
      return new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    }
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  };
  return { fetch: fetch as typeof globalThis.fetch, calls, count: (p: string) => calls.filter((c) => new URL(c.url).pathname === p).length };
}

/** A cloud answer for a text check. */
export function cloudResult(over: Record<string, unknown> = {}) {
  return {
    preflight_id: 'pf_000000000000000000000001',
    decision: 'ALLOWED',
    summary: 'No sensitive data found.',
    detected: [],
    masked_content: 'hello',
    policy_version: '7',
    policy_id: POLICY.policy_id,
    org_id: 'org_1',
    destination: 'AI_TOOL',
    source_type: 'sdk',
    input_type: 'text',
    created_at: new Date().toISOString(),
    ...over,
  };
}
