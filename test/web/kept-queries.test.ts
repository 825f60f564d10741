import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { meQueryKey } from '../../web/src/api/get-me.ts';
import { remindersQueryKey } from '../../web/src/api/get-reminders.ts';
import { SAVED_QUERIES_KEY } from '../../web/src/api/saved-queries.ts';
import {
  dropRestoredQueries,
  forgetQueries,
  keepQueries,
  restoreQueries,
} from '../../web/src/api/persisted-queries.ts';
import { clearStoredAuth } from '../../web/src/features/auth/storage.ts';
import { storedSession } from '../../web/src/features/auth/stored-user.ts';

const list = [{ id: 'r1', title: 'Car insurance' }];
const saved = () =>
  JSON.parse(window.localStorage.getItem(SAVED_QUERIES_KEY) ?? 'null') as {
    owner: string;
    queries: { key: string[] }[];
  } | null;

/** A client that kept `owner`'s list, as a previous visit would have. */
async function visitAs(owner: string) {
  const client = new QueryClient();
  restoreQueries(client, owner);
  const stop = keepQueries(client, owner, () => true);
  await client.fetchQuery({ queryKey: remindersQueryKey, queryFn: () => list });
  await client.fetchQuery({ queryKey: ['public-config'], queryFn: () => ({ flags: {} }) });
  stop();
  return client;
}

afterEach(() => {
  forgetQueries(new QueryClient());
  window.localStorage.clear();
});

describe('the dashboard data kept between visits', () => {
  it('keeps only the list, savings and profile, and gives them back to the same user, stale', async () => {
    await visitAs('user-a');
    expect(saved()?.owner).toBe('user-a');
    expect(saved()?.queries.map((q) => q.key)).toEqual([remindersQueryKey]);

    const kept = window.localStorage.getItem(SAVED_QUERIES_KEY)!;
    forgetQueries(new QueryClient()); // the page is closed: the module starts afresh
    window.localStorage.setItem(SAVED_QUERIES_KEY, kept);
    const next = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    restoreQueries(next, 'user-a');
    expect(next.getQueryData(remindersQueryKey)).toEqual(list);
    // Kept with its fetch time: shown at once, and refetched as soon as the page mounts it.
    expect(next.getQueryCache().find({ queryKey: remindersQueryKey })?.isStale()).toBe(true);
    expect(next.getQueryData(meQueryKey)).toBeUndefined();
  });

  it("never gives one user another's data, and forgets it", async () => {
    await visitAs('user-a');
    const kept = window.localStorage.getItem(SAVED_QUERIES_KEY)!;
    forgetQueries(new QueryClient());
    window.localStorage.setItem(SAVED_QUERIES_KEY, kept);
    const other = new QueryClient();
    restoreQueries(other, 'user-b');
    expect(other.getQueryData(remindersQueryKey)).toBeUndefined();
    expect(saved()).toBeNull();
  });

  it('does not keep a fetch that lands after the user changed', async () => {
    const client = new QueryClient();
    restoreQueries(client, 'user-a');
    const stop = keepQueries(client, 'user-a', () => false);
    await client.fetchQuery({ queryKey: remindersQueryKey, queryFn: () => list });
    stop();
    expect(saved()).toBeNull();
  });

  it('ignores a copy older than a week or of another shape', async () => {
    await visitAs('user-a');
    const kept = saved()!;
    forgetQueries(new QueryClient());
    window.localStorage.setItem(
      SAVED_QUERIES_KEY,
      JSON.stringify({ ...kept, savedAt: Date.now() - 8 * 86_400_000 }),
    );
    const late = new QueryClient();
    restoreQueries(late, 'user-a');
    expect(late.getQueryData(remindersQueryKey)).toBeUndefined();

    const odd = [
      { owner: 'user-a', queries: 'nope' },
      { ...kept, version: 2 },
      { ...kept, owner: '' },
      { ...kept, savedAt: String(Date.now()) },
      { ...kept, queries: [{ key: [1], data: [], updatedAt: 1 }] },
      { ...kept, queries: [...kept.queries, { key: ['reminders'], data: [] }] },
      null,
      42,
    ];
    for (const copy of odd) {
      forgetQueries(new QueryClient());
      window.localStorage.setItem(SAVED_QUERIES_KEY, JSON.stringify(copy));
      const client = new QueryClient();
      restoreQueries(client, 'user-a');
      expect(client.getQueryData(remindersQueryKey)).toBeUndefined();
    }
  });

  it('is forgotten at every sign-in, sign-out and deletion (with the stored tokens)', async () => {
    await visitAs('user-a');
    clearStoredAuth();
    expect(saved()).toBeNull();
  });

  it("forgets in this tab a user's data when the session is dropped or another user restores", async () => {
    await visitAs('user-a');
    const kept = window.localStorage.getItem(SAVED_QUERIES_KEY)!;
    forgetQueries(new QueryClient());
    window.localStorage.setItem(SAVED_QUERIES_KEY, kept);
    const client = new QueryClient();
    restoreQueries(client, 'user-a');
    expect(client.getQueryData(remindersQueryKey)).toEqual(list);

    // Amplify could not renew the stored session: the tab forgets, the browser's copy stays A's.
    dropRestoredQueries(client);
    expect(client.getQueryData(remindersQueryKey)).toBeUndefined();
    expect(saved()?.owner).toBe('user-a');

    restoreQueries(client, 'user-a');
    expect(client.getQueryData(remindersQueryKey)).toEqual(list);
    // Another user in the same tab (signed in after): nothing of A's is left to show.
    restoreQueries(client, 'user-b');
    expect(client.getQueryData(remindersQueryKey)).toBeUndefined();
    expect(saved()).toBeNull();
  });
});

/** What Amplify stores for a signed-in user (its key names), with an ID token of `claims`. */
function storeSession(claims: Record<string, unknown>, options: { refreshToken?: boolean } = {}) {
  const prefix = 'CognitoIdentityServiceProvider.client-1';
  const part = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  window.localStorage.setItem(`${prefix}.LastAuthUser`, 'user-name');
  window.localStorage.setItem(`${prefix}.user-name.idToken`, `${part({ alg: 'RS256' })}.${part(claims)}.sig`);
  if (options.refreshToken !== false) window.localStorage.setItem(`${prefix}.user-name.refreshToken`, 'r');
}

describe('the session stored in this browser, read without Amplify', () => {
  it("names the ID token's user, whose kept data may show while Amplify loads", () => {
    storeSession({ sub: 'user-a', email: 'a@example.com' });
    expect(storedSession()).toEqual({ userId: 'user-a', email: 'a@example.com' });
  });

  it('is none when signed out, without a refresh token, or with a token that is not one', () => {
    expect(storedSession()).toBeNull();
    storeSession({ sub: 'user-a' }, { refreshToken: false });
    expect(storedSession()).toBeNull();
    window.localStorage.clear();
    storeSession({ email: 'a@example.com' });
    expect(storedSession()).toBeNull();
    window.localStorage.setItem('CognitoIdentityServiceProvider.client-1.user-name.idToken', 'not-a-jwt');
    expect(storedSession()).toBeNull();
  });
});
