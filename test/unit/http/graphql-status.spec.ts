import { expect } from 'chai';
import { DomainError } from '../../../src/errors';
import { httpAnswerFor } from '../../../src/http/graphql';

describe('GraphQL answers with the HTTP status REST would send', () => {
  it('answers 503 with Retry-After when the scanning pool is full (service_busy)', () => {
    const answer = httpAnswerFor([{ originalError: new DomainError('service_busy', 'busy') }]);
    expect(answer?.status).to.equal(503);
    expect(Number(answer?.headers['Retry-After'])).to.be.greaterThan(0);
  });

  it('answers 429 with Retry-After and X-RateLimit-* when rate limited', () => {
    const rateLimit = { retryAfterSeconds: 7, limit: 10, remaining: 0, resetAtUnix: 1_800_000_000 };
    const answer = httpAnswerFor([{ originalError: new Error('other') }, { originalError: new DomainError('rate_limited', 'slow down', undefined, rateLimit) }]);
    expect(answer).to.deep.equal({
      status: 429,
      headers: { 'Retry-After': '7', 'X-RateLimit-Limit': '10', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': '1800000000' },
    });
  });

  it('leaves other errors to the usual GraphQL answer', () => {
    expect(httpAnswerFor([{ originalError: new DomainError('not_found', 'no such thing') }])).to.equal(undefined);
    expect(httpAnswerFor(undefined)).to.equal(undefined);
  });
});
