/**
 * The Pacer on fake timers: the clock only moves when the test moves it, so the window and pace
 * properties are checked exactly and the file takes milliseconds, not seconds of real waiting.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CATCH_UP_MS, Pacer } from '../../lambdas/features/engine/pacer.ts';
import { forEachConcurrent } from '../../lambdas/runtime/concurrency.ts';

/** The fake clock: Date.now() moves with vi.advanceTimersByTime and the timers vitest fires. */
const clock = () => Date.now();

/** Runs `work` to completion, firing every timer it sets along the way. */
async function settle<T>(work: Promise<T>): Promise<T> {
  // Caught now and rethrown by the await below: no unhandled rejection while the timers run.
  work.catch(() => undefined);
  await vi.runAllTimersAsync();
  return work;
}

/** The (rate+1)-th start after any start is at least one second later. */
function expectWindowsWithinRate(starts: number[], rate: number) {
  const sorted = [...starts].sort((a, b) => a - b);
  for (let i = 0; i + rate < sorted.length; i++) {
    expect(sorted[i + rate]! - sorted[i]!).toBeGreaterThanOrEqual(1000);
  }
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('Pacer', () => {
  it('never lets more than the rate start in any one-second window, even with many lanes', async () => {
    const rate = 40;
    const pacer = new Pacer(rate, 1, clock);
    const starts: number[] = [];
    await settle(
      forEachConcurrent(Array.from({ length: 100 }), 16, async () => {
        await pacer.wait();
        starts.push(clock());
      }),
    );
    expect(starts).toHaveLength(100);
    expectWindowsWithinRate(starts, rate);
    // And a steady stream reaches the rate: 100 starts at 40 a second take about 2.5 s, not more.
    expect(starts.at(-1)! - starts[0]!).toBeLessThanOrEqual((100 / rate) * 1000);
  });

  it('keeps every window within the rate when the work takes uneven, long and short times', async () => {
    const rate = 10;
    const pacer = new Pacer(rate, 1, clock);
    const starts: number[] = [];
    // Work of varied lengths (some longer than a second) bunches the lanes' returns to the pacer.
    const durations = Array.from({ length: 60 }, (_, i) => [0, 3, 250, 1200, 40, 999][i % 6]!);
    await settle(
      forEachConcurrent(durations, 8, async (ms) => {
        await pacer.wait();
        starts.push(clock());
        await new Promise((r) => setTimeout(r, ms));
      }),
    );
    expect(starts).toHaveLength(60);
    expectWindowsWithinRate(starts, rate);
  });

  it('stops starting new items once a worker throws', async () => {
    const started: number[] = [];
    await expect(
      settle(
        forEachConcurrent(
          Array.from({ length: 50 }, (_, i) => i),
          2,
          async (i) => {
            started.push(i);
            await new Promise((r) => setTimeout(r, 1));
            if (i === 5) throw new Error('crash');
          },
        ),
      ),
    ).rejects.toThrow('crash');
    expect(started.length).toBeLessThan(10);
  });
});

describe('Pacer pace', () => {
  it('spreads starts evenly at the pace, makes up a short stall, and drops the rest of a long one', async () => {
    const pacer = new Pacer(20, 0.95, clock);
    const spacing = 1000 / 19;
    const starts: number[] = [];
    await settle(
      (async () => {
        for (let i = 0; i < 40; i++) {
          await pacer.wait();
          starts.push(clock());
          // A gap shorter than the catch-up (a batch's deletes and next receive), then a long stall.
          if (i === 10) await new Promise((r) => setTimeout(r, 200));
          if (i === 25) await new Promise((r) => setTimeout(r, 1500));
        }
      })(),
    );
    expectWindowsWithinRate(starts, 20);
    // No burst before the gap: starts are a slot apart.
    for (let i = 1; i <= 10; i++) {
      expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(Math.floor(spacing));
    }
    // The short gap is made up: its missed slots start at once, and the grid is where it was, as if
    // there had been no gap.
    expect(starts[11]! - starts[10]!).toBe(200);
    expect(starts[25]! - starts[0]!).toBeLessThanOrEqual(Math.ceil(25 * spacing));
    // After the long stall only CATCH_UP_MS of slots go at once; the older ones are dropped.
    const resumed = starts[26]!;
    const atOnce = starts.filter((t) => t === resumed).length;
    expect(atOnce).toBeGreaterThanOrEqual(Math.floor(CATCH_UP_MS / spacing));
    expect(atOnce).toBeLessThanOrEqual(Math.ceil(CATCH_UP_MS / spacing) + 1);
    // And the steady pace after it is about 19 per second, not the limit's 20.
    const steady = (starts[39]! - starts[26 + atOnce]!) / (39 - 26 - atOnce);
    expect(steady).toBeGreaterThan(1000 / 20);
    expect(steady).toBeLessThan(spacing + 1);
  });
});
