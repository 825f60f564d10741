/** A deleted account's token: the API answers 410 and this browser signs out (reason 'deleted'). */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { signOut } from 'aws-amplify/auth';
import { API_MESSAGES } from '../../shared/messages.ts';
import { API } from '../../shared/routes.ts';
import { ApiRequestError, callApi } from '../../web/src/api/client.ts';
import { connectApi, getAuthState } from '../../web/src/features/auth/session.ts';

vi.mock('aws-amplify/auth', () => ({ signOut: vi.fn(async () => undefined) }));
vi.mock('../../web/src/features/auth/amplify.ts', () => ({
  ensureAmplify: vi.fn(async () => ({})),
  getAccessToken: vi.fn(async () => 'still-valid-token'),
}));

function answer(status: number, body: unknown) {
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

beforeEach(() => {
  vi.mocked(signOut).mockClear();
  connectApi();
});

describe('callApi', () => {
  it('signs this browser out when the API says the account was deleted', async () => {
    answer(410, { message: API_MESSAGES.accountGone });
    const call = callApi(API.createReminder, {
      body: {
        title: 'After deletion',
        category: 'insurance',
        provider: 'Aviva',
        renewal_date: '2031-01-01',
        amount: null,
        notes: null,
      },
    });
    await expect(call).rejects.toThrow(ApiRequestError);
    await expect(call).rejects.toMatchObject({ status: 410, message: API_MESSAGES.accountGone });
    expect(signOut).toHaveBeenCalled();
    expect(getAuthState()).toEqual({ status: 'signedOut', reason: 'deleted' });
  });

  it('keeps the session on any other error', async () => {
    answer(404, { message: 'Reminder not found' });
    await expect(
      callApi(API.getReminder, { params: { id: '00000000-0000-4000-8000-000000000000' } }),
    ).rejects.toMatchObject({ status: 404 });
    expect(signOut).not.toHaveBeenCalled();
  });
});
