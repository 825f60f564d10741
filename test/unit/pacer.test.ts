import { describe, expect, it } from 'vitest';
import { Pacer } from '../../lambdas/engine/pacer.ts';
import { forEachConcurrent } from '../../lambdas/runtime/concurrency.ts';

describe('Pacer', () => {
  it('never lets more than the rate start in any one-second window, even with many lanes', async () => {
    const rate = 40;
    const pacer = new Pacer(rate);
    const starts: number[] = [];
    await forEachConcurrent(Array.from({ length: 100 }), 16, async () => {
      await pacer.wait();
      starts.push(performance.now());
    });
    starts.sort((a, b) => a - b);
    for (let i = 0; i + rate < starts.length; i++) {
      // The (rate+1)-th start after any start is at least one second later.
      expect(starts[i + rate]! - starts[i]!).toBeGreaterThanOrEqual(1000 - 1);
    }
  });

  it('stops starting new items once a worker throws', async () => {
    const started: number[] = [];
    await expect(
      forEachConcurrent(
        Array.from({ length: 50 }, (_, i) => i),
        2,
        async (i) => {
          started.push(i);
          await new Promise((r) => setTimeout(r, 1));
          if (i === 5) throw new Error('crash');
        },
      ),
    ).rejects.toThrow('crash');
    expect(started.length).toBeLessThan(10);
  });
});

describe('Pacer pace', () => {
  it('spreads starts evenly at the pace, without bursts, and catches up without bunching', async () => {
    const pacer = new Pacer(20, 0.95);
    const starts: number[] = [];
    for (let i = 0; i < 30; i++) {
      await pacer.wait();
      starts.push(performance.now());
      // A stall part-way: the slots missed are not released as a burst afterwards.
      if (i === 10) await new Promise((r) => setTimeout(r, 300));
    }
    // The slots missed during the stall are dropped, not released at once: in the 100 ms after
    // it, at most the two starts the pace allows (three with a late timer).
    const resumed = starts[11]!;
    expect(starts.filter((t) => t >= resumed && t < resumed + 100).length).toBeLessThanOrEqual(3);
    // And the steady pace is about 19 per second, not the limit's 20.
    const steady = (starts[29]! - starts[11]!) / 18;
    expect(steady).toBeGreaterThan(1000 / 20);
  });
});
