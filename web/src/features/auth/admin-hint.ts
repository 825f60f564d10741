/**
 * The public pages' cheap "maybe signed in" test, and their admin check, remembered for five minutes
 * per user. This module is in the landing bundle, so it must never import Amplify: it reads the key
 * Amplify writes (`CognitoIdentityServiceProvider.<clientId>.LastAuthUser`) and, only when it is there,
 * lazily loads the auth chunk to ask the API.
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { cachedAdmin, rememberAdmin } from './admin-cache.ts';
import { storedAuthUser } from './stored-user.ts';

export { clearAdminHint } from './admin-cache.ts';
export { storedAuthUser } from './stored-user.ts';

/** Storage has no change event within a tab: the snapshot is read on each render, never subscribed to. */
const noSubscription = () => () => undefined;

/**
 * True when this browser holds a signed-in user. Storage is synchronous, so a page the browser renders
 * knows at once; a prerendered page is hydrated as signed out (as the build rendered it), then updated.
 */
export function usePublicSignedIn(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => storedAuthUser() !== null,
    () => false,
  );
}

/** True only for a signed-in admin; everyone else (and every signed-out visitor) gets false. */
export function usePublicIsAdmin(): boolean {
  const cached = useSyncExternalStore(
    noSubscription,
    () => cachedAdmin(storedAuthUser()) === true,
    () => false,
  );
  const [fetched, setFetched] = useState<boolean | null>(null);
  useEffect(() => {
    const user = storedAuthUser();
    if (!user || cachedAdmin(user) !== null) return;
    let live = true;
    import('./admin-status.ts')
      .then((m) => m.fetchIsAdmin())
      .then(
        (value) => {
          rememberAdmin(user, value);
          if (live) setFetched(value);
        },
        (error: unknown) => console.error('Admin check failed', error),
      );
    return () => {
      live = false;
    };
  }, []);
  return fetched ?? cached;
}
