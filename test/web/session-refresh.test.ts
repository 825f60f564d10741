/** Keeping the session fresh: checked every 30 s, refreshed when 90 s or less of the access token remain. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchAuthSession } from 'aws-amplify/auth';
import { ensureAmplify } from '../../web/src/features/auth/amplify.ts';
import {
  keepSessionFresh,
  REFRESH_CHECK_MS,
  REFRESH_WHEN_LEFT_MS,
} from '../../web/src/features/auth/session-refresh.ts';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn() }));
vi.mock('../../web/src/features/auth/amplify.ts', () => ({ ensureAmplify: vi.fn() }));

const fetchSession = vi.mocked(fetchAuthSession);
const START = Date.UTC(2026, 5, 1, 12, 0, 0);

/** The access token expires `seconds` after the start. */
function tokenExpiringAfter(seconds: number) {
  const exp = START / 1000 + seconds;
  fetchSession.mockResolvedValue({ tokens: { accessToken: { payload: { exp } } } } as never);
}

const refreshes = () => fetchSession.mock.calls.filter(([options]) => options?.forceRefresh === true).length;
const checks = () => fetchSession.mock.calls.filter(([options]) => options === undefined).length;

let stop: () => void = () => undefined;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START);
  fetchSession.mockReset();
  vi.mocked(ensureAmplify)
    .mockReset()
    .mockResolvedValue({} as never);
});
afterEach(() => {
  stop();
  vi.useRealTimers();
});

describe('keepSessionFresh', () => {
  it('checks every 30 s and refreshes once 90 s or less are left', async () => {
    expect(REFRESH_CHECK_MS).toBe(30_000);
    expect(REFRESH_WHEN_LEFT_MS).toBe(90_000);
    tokenExpiringAfter(200);
    stop = keepSessionFresh();

    await vi.advanceTimersByTimeAsync(29_999);
    expect(checks()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(checks()).toBe(1); // 170 s left
    expect(refreshes()).toBe(0);

    await vi.advanceTimersByTimeAsync(60_000); // 60 s and 90 s: 140 s and 110 s left
    expect(checks()).toBe(3);
    expect(refreshes()).toBe(0);

    await vi.advanceTimersByTimeAsync(30_000); // 120 s: 80 s left
    expect(checks()).toBe(4);
    expect(refreshes()).toBe(1);
  });

  it('refreshes with exactly 90 s left, but not with 91 s', async () => {
    tokenExpiringAfter(121);
    stop = keepSessionFresh();
    await vi.advanceTimersByTimeAsync(30_000); // 91 s left
    expect(refreshes()).toBe(0);

    stop();
    fetchSession.mockClear();
    vi.setSystemTime(START);
    tokenExpiringAfter(120);
    stop = keepSessionFresh();
    await vi.advanceTimersByTimeAsync(30_000); // 90 s left
    expect(refreshes()).toBe(1);
  });

  it('does nothing when signed out, and survives failures', async () => {
    fetchSession.mockResolvedValue({ tokens: undefined } as never);
    stop = keepSessionFresh();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(checks()).toBe(1);
    expect(refreshes()).toBe(0);

    vi.mocked(ensureAmplify).mockRejectedValue(new Error('offline'));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(checks()).toBe(1);

    vi.mocked(ensureAmplify).mockResolvedValue({} as never);
    tokenExpiringAfter(0);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(refreshes()).toBe(1);
  });

  it('stops checking when stopped', async () => {
    tokenExpiringAfter(10);
    stop = keepSessionFresh();
    stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetchSession).not.toHaveBeenCalled();
  });
});
