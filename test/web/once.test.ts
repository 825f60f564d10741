import { describe, expect, it, vi } from 'vitest';
import { onceUntilFailed } from '../../web/src/utils/once.ts';

describe('onceUntilFailed', () => {
  it('runs the load once, its answer shared by every call', async () => {
    const load = vi.fn(async () => 'config');
    const get = onceUntilFailed(load);
    expect(await Promise.all([get(), get()])).toEqual(['config', 'config']);
    expect(await get()).toBe('config');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failure: the next call loads again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('config');
    const get = onceUntilFailed(load);
    await expect(get()).rejects.toThrow('offline');
    expect(await get()).toBe('config');
    expect(await get()).toBe('config');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
