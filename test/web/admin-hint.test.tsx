/**
 * The public pages' admin check: no stored session, no request; a stored session asks the API once
 * and remembers the answer for five minutes, for that user only.
 */
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAdminHint, storedAuthUser, usePublicIsAdmin } from '../../web/src/features/auth/admin-hint.ts';
import { fetchIsAdmin } from '../../web/src/features/auth/admin-status.ts';

vi.mock('../../web/src/features/auth/admin-status.ts', () => ({ fetchIsAdmin: vi.fn() }));
const isAdmin = vi.mocked(fetchIsAdmin);

const signIn = (user: string) =>
  localStorage.setItem(`CognitoIdentityServiceProvider.client123.LastAuthUser`, user);

beforeEach(() => {
  clearAdminHint();
  isAdmin.mockReset().mockResolvedValue(true);
});
afterEach(() => vi.useRealTimers());

describe('storedAuthUser', () => {
  it('reads the user Amplify last signed in, and nothing else', () => {
    expect(storedAuthUser()).toBeNull();
    localStorage.setItem('CognitoIdentityServiceProvider.client123.someone.idToken', 'x');
    expect(storedAuthUser()).toBeNull();
    signIn('user-1');
    expect(storedAuthUser()).toBe('user-1');
  });
});

describe('usePublicIsAdmin', () => {
  it('is false without asking when no session is stored', async () => {
    const { result } = renderHook(() => usePublicIsAdmin());
    await act(async () => undefined);
    expect(result.current).toBe(false);
    expect(isAdmin).not.toHaveBeenCalled();
  });

  it('asks the API when a session is stored, and follows its answer', async () => {
    signIn('user-1');
    const { result } = renderHook(() => usePublicIsAdmin());
    expect(result.current).toBe(false);
    await waitFor(() => expect(result.current).toBe(true));
    expect(isAdmin).toHaveBeenCalledTimes(1);
  });

  it('stays false for a signed-in user who is not an admin', async () => {
    isAdmin.mockResolvedValue(false);
    signIn('user-1');
    const { result } = renderHook(() => usePublicIsAdmin());
    await waitFor(() => expect(isAdmin).toHaveBeenCalledTimes(1));
    await act(async () => undefined);
    expect(result.current).toBe(false);
  });

  it('remembers the answer for five minutes, for the same user only', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn('user-1');
    const first = renderHook(() => usePublicIsAdmin());
    await waitFor(() => expect(first.result.current).toBe(true));

    // Within five minutes: true from the first render, no new request.
    vi.advanceTimersByTime(4 * 60_000);
    const second = renderHook(() => usePublicIsAdmin());
    expect(second.result.current).toBe(true);
    await act(async () => undefined);
    expect(isAdmin).toHaveBeenCalledTimes(1);

    // Another user on this browser: asked again.
    isAdmin.mockResolvedValue(false);
    signIn('user-2');
    const third = renderHook(() => usePublicIsAdmin());
    expect(third.result.current).toBe(false);
    await waitFor(() => expect(isAdmin).toHaveBeenCalledTimes(2));

    // After five minutes the cached answer has expired: asked again.
    signIn('user-1');
    vi.advanceTimersByTime(5 * 60_000 + 1);
    isAdmin.mockResolvedValue(true);
    const fourth = renderHook(() => usePublicIsAdmin());
    expect(fourth.result.current).toBe(false);
    await waitFor(() => expect(fourth.result.current).toBe(true));
    expect(isAdmin).toHaveBeenCalledTimes(3);
  });

  it('forgets the answer when cleared (sign-in, sign-out)', async () => {
    signIn('user-1');
    const first = renderHook(() => usePublicIsAdmin());
    await waitFor(() => expect(first.result.current).toBe(true));
    clearAdminHint();
    const second = renderHook(() => usePublicIsAdmin());
    expect(second.result.current).toBe(false);
    await waitFor(() => expect(isAdmin).toHaveBeenCalledTimes(2));
  });
});
