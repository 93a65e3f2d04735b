import { expect } from 'chai';
import type { ApiResponse, TestApp } from '../support/app';

/** Asserts the error body of docs/api-contract.md#errors: {"error": {code, message, details?}} with the given status and code. */
export function expectError(res: ApiResponse, status: number, code: string): void {
  expect(res.status, `status of ${res.text}`).to.equal(status);
  expect(res.body, res.text).to.be.an('object');
  expect(res.body.error, res.text).to.be.an('object');
  expect(res.body.error.code, res.text).to.equal(code);
  expect(res.body.error.message).to.be.a('string').and.not.equal('');
}

/** A 422 whose details name `field` (exactly, or as a prefix such as `rules.0`). */
export function expectInvalid(res: ApiResponse, field: string): void {
  expectError(res, 422, 'validation_failed');
  const details = res.body.error.details as Array<{ field: string; problem: string }>;
  expect(details, res.text).to.be.an('array').that.is.not.empty;
  for (const d of details) {
    expect(d.field).to.be.a('string');
    expect(d.problem).to.be.a('string').and.not.equal('');
  }
  expect(
    details.some((d) => d.field === field || d.field.startsWith(`${field}.`)),
    `expected a detail for ${field}, got ${JSON.stringify(details)}`,
  ).to.equal(true);
}

/** The GraphQL error codes of a response (empty when it has none). */
export function gqlCodes(res: ApiResponse<{ errors?: any[] }>): string[] {
  return (res.body.errors ?? []).map((e: any) => e.extensions?.code);
}

/** Asserts a GraphQL response failed with exactly this code in extensions.code. */
export function expectGqlError(res: ApiResponse<{ data?: any; errors?: any[] }>, code: string): void {
  expect(res.body.errors, res.text).to.be.an('array').that.is.not.empty;
  expect(gqlCodes(res), res.text).to.include(code);
}

/** Asserts none of the given secrets occurs in the app's captured log lines. */
export function expectLogsFreeOf(app: TestApp, secrets: string[]): void {
  const text = app.logs.text();
  expect(app.logs.lines.length, 'the app should have logged something').to.be.greaterThan(0);
  for (const s of secrets) expect(text.includes(s), 'a secret reached the logs').to.equal(false);
}

/** A clock tests can move forward and back: pass `clock.now` to startApp. */
export function movableClock() {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms: number) {
      offset += ms;
    },
    reset() {
      offset = 0;
    },
  };
}

export const DAY_MS = 86_400_000;

export const RULES = [
  { name: 'Block secrets', dataTypes: ['SECRETS'], destinations: ['AI_TOOL', 'VENDOR', 'CUSTOMER'], action: 'BLOCK' },
  { id: 'mask-pii', name: 'Mask personal data', dataTypes: ['PII'], destinations: ['AI_TOOL'], action: 'MASK', conditions: ['non_eu_destination', '!scc_verified'] },
];
