/** How often the session is checked, and how much access-token life left triggers a refresh. */
export const REFRESH_CHECK_MS = 30_000;
export const REFRESH_WHEN_LEFT_MS = 90_000;

/**
 * Keeps the session fresh before it expires, so a request never starts with a token about to lapse:
 * every 30 s, a token with 90 s or less left is refreshed. Amplify also refreshes on demand; this
 * makes it happen ahead of time. Returns a function that stops it.
 */
export function keepSessionFresh(): () => void {
  const timer = setInterval(() => {
    void (async () => {
      try {
        // Amplify's chunk, loaded by then (the session started it); imported here so as not to be in the first one.
        const [{ ensureAmplify }, { fetchAuthSession }] = await Promise.all([
          import('./amplify.ts'),
          import('aws-amplify/auth'),
        ]);
        await ensureAmplify();
        const session = await fetchAuthSession();
        const exp = session.tokens?.accessToken?.payload.exp;
        if (exp && exp * 1000 - Date.now() <= REFRESH_WHEN_LEFT_MS)
          await fetchAuthSession({ forceRefresh: true });
      } catch {
        // Signed out or offline: the next API call reports it.
      }
    })();
  }, REFRESH_CHECK_MS);
  return () => clearInterval(timer);
}
