import { expect } from 'chai';
import { scan } from '../../../src/detection';
import { closePool, INLINE_SCAN_LIMIT, scanText } from '../../../src/scanner/pool';

describe('scanner pool', () => {
  after(() => closePool());

  const unit = 'Mail ana@example.org, card 4111 1111 1111 1111, IBAN DE89 3704 0044 0532 0130 00, ticket PRJ-12345. ';
  const large = unit.repeat(Math.ceil((INLINE_SCAN_LIMIT * 3) / unit.length));

  it('scans a large input in a worker thread: the event loop keeps ticking and the findings equal the inline scan', async () => {
    const opts = { pass: 'full' as const, customPatterns: [{ name: 'project', regex: 'PRJ-\\d{5}' }] };
    const expected = scan(large, opts);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 2);
    try {
      const found = await scanText(large, opts);
      expect(found).to.deep.equal(expected);
      expect(found.filter((f) => f.type === 'PROJECT').length).to.equal(Math.ceil((INLINE_SCAN_LIMIT * 3) / unit.length));
    } finally {
      clearInterval(timer);
    }
    // An inline scan would block the loop for its whole duration: no tick could run.
    expect(ticks).to.be.at.least(2);
  });

  it('scans a small input inline, with the same findings', async () => {
    const small = unit.repeat(3);
    expect(small.length).to.be.lessThan(INLINE_SCAN_LIMIT);
    expect(await scanText(small, { pass: 'local' })).to.deep.equal(scan(small, { pass: 'local' }));
  });
});
