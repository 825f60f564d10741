import { describe, expect, it } from 'vitest';
import { forEachConcurrent, Pacer } from '../../lambdas/engine/pacer.ts';

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
