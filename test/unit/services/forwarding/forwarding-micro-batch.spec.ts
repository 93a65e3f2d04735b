import { expect } from 'chai';
import { MicroBatch } from '../../../../src/services/forwarding/micro-batch';

describe('forwarding: micro-batched reads', () => {
  it('serves loads asked for within the window with one call, duplicates included', async () => {
    const calls: string[][] = [];
    const b = new MicroBatch<string, number>(5, 100, async (keys) => {
      calls.push(keys);
      return new Map(keys.filter((k) => k !== 'missing').map((k) => [k, k.length]));
    });
    const got = await Promise.all([b.load('a'), b.load('bbb'), b.load('a'), b.load('missing')]);
    expect(got).to.deep.equal([1, 3, 1, undefined]);
    expect(calls).to.deep.equal([['a', 'bbb', 'missing']]);
  });

  it('flushes at once when the batch is full', async () => {
    const calls: number[][] = [];
    const b = new MicroBatch<number, number>(10_000, 2, async (keys) => {
      calls.push(keys);
      return new Map(keys.map((k) => [k, k * 2]));
    });
    expect(await Promise.all([b.load(1), b.load(2)])).to.deep.equal([2, 4]);
    expect(calls).to.deep.equal([[1, 2]]);
  });

  it('rejects every waiter of a failed batch, and the next batch starts clean', async () => {
    let fail = true;
    const b = new MicroBatch<string, string>(1, 10, async (keys) => {
      if (fail) throw new Error('db down');
      return new Map(keys.map((k) => [k, k]));
    });
    const results = await Promise.allSettled([b.load('x'), b.load('y')]);
    expect(results.map((r) => r.status)).to.deep.equal(['rejected', 'rejected']);
    fail = false;
    expect(await b.load('z')).to.equal('z');
  });
});
