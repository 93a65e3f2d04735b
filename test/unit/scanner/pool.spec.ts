import { expect } from 'chai';
import { closePool, configureScanPool, INLINE_SCAN_LIMIT, analyzeText } from '../../../src/scanner/pool';
import { DEFAULT_PARSE_LIMITS } from '../../../src/extract';
import { analyze, type AnalysisInput } from '../../../src/services/preflight/analysis';
import type { Rule } from '../../../src/policy/types';

describe('scanner pool', () => {
  after(() => closePool());

  const unit = 'Mail ana@example.org, card 4111 1111 1111 1111, IBAN DE89 3704 0044 0532 0130 00, ticket PRJ-12345. ';
  const large = unit.repeat(Math.ceil((INLINE_SCAN_LIMIT * 3) / unit.length));
  const rules: Rule[] = [{ id: 'r1', name: 'mask all', enabled: true, action: 'MASK', dataTypes: ['PII', 'FINANCIAL', 'CUSTOM'], destinations: ['AI_TOOL'], conditions: [] }];
  const input = (text: string): AnalysisInput => ({
    text,
    scan: { pass: 'full', customPatterns: [{ name: 'project', regex: 'PRJ-\\d{5}' }] },
    rules,
    context: { destination: 'AI_TOOL' },
  });

  it('analyzes a large input in a worker thread: the event loop keeps ticking and the result equals the inline analysis', async () => {
    const expected = analyze(input(large));
    let ticks = 0;
    const timer = setInterval(() => ticks++, 2);
    try {
      const found = await analyzeText(input(large));
      expect(found).to.deep.equal(expected);
      expect(found.detected.find((d) => d.type === 'PROJECT')?.count).to.equal(Math.ceil((INLINE_SCAN_LIMIT * 3) / unit.length));
      expect(found.masked).to.include('[PROJECT_1]').and.not.include('PRJ-12345');
    } finally {
      clearInterval(timer);
    }
    // An inline analysis would block the loop for its whole duration: no tick could run.
    expect(ticks).to.be.at.least(2);
  });

  it('analyzes a small input the same inline (no custom patterns) and in a thread (custom patterns)', async () => {
    const small = unit.repeat(3);
    expect(small.length).to.be.lessThan(INLINE_SCAN_LIMIT);
    const plain = { ...input(small), scan: { pass: 'full' as const } };
    expect(await analyzeText(plain)).to.deep.equal(analyze(plain));
    expect(await analyzeText(input(small))).to.deep.equal(analyze(input(small)));
  });

  /** Whether the analysis settled before the event loop turned (inline) or after (a thread's answer). */
  async function settledInline(a: AnalysisInput): Promise<boolean> {
    let turned = false;
    setImmediate(() => (turned = true));
    await analyzeText(a);
    return !turned;
  }

  it('scans a small input in a thread while the threads have room, inline past it, and never refuses one', async () => {
    const plain = { ...input(unit.repeat(3)), scan: { pass: 'full' as const } };
    try {
      configureScanPool({ maxQueue: 0, parseTimeoutMs: 10_000, heapMb: 256, parseLimits: DEFAULT_PARSE_LIMITS });
      await analyzeText(plain); // starts the pool
      expect(await settledInline(plain)).to.equal(false);
      // Far more at once than the threads and the queue hold: the excess runs inline, none is refused (503).
      const results = await Promise.all(Array.from({ length: 40 }, () => analyzeText(plain)));
      for (const r of results) expect(r).to.deep.equal(analyze(plain));
      configureScanPool({ maxQueue: 2, parseTimeoutMs: 10_000, heapMb: 256, parseLimits: DEFAULT_PARSE_LIMITS, smallScansInThreads: false });
      expect(await settledInline(plain)).to.equal(true);
    } finally {
      configureScanPool({ maxQueue: 16, parseTimeoutMs: 10_000, heapMb: 1024, parseLimits: DEFAULT_PARSE_LIMITS });
    }
  });

  it('fails the small scans of a small-scan thread that stops, and starts a new thread for the next', async () => {
    const plain = { ...input(unit.repeat(3)), scan: { pass: 'full' as const } };
    await analyzeText(plain); // starts the thread
    const pending = analyzeText(plain).then(
      () => 'answered',
      (e: Error) => e.message,
    );
    await closePool(); // stops the thread with the scan handed to it
    expect(await pending).to.equal('the small-scan thread stopped');
    expect(await settledInline(plain)).to.equal(false);
    expect(await analyzeText(plain)).to.deep.equal(analyze(plain));
  });

  it('counts findings in a file name in the decision, and never masks the name into the text', async () => {
    const result = await analyzeText({ ...input('nothing to see'), name: 'ana@example.org.txt' });
    expect(result.detected.map((d) => d.type)).to.include('EMAIL');
    expect(result.decision).to.equal('ALLOWED_WITH_MASKING');
    expect(result.masked).to.equal('nothing to see');
  });
});
