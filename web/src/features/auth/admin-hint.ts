/**
 * The public pages' cheap "maybe signed in" test, and their admin check, remembered for five minutes
 * per user. This module is in the landing bundle, so it must never import Amplify: it reads the key
 * Amplify writes (`CognitoIdentityServiceProvider.<clientId>.LastAuthUser`) and, only when it is there,
 * lazily loads the auth chunk to ask the API.
 */
import { useEffect, useState } from 'react';
import { cachedAdmin, rememberAdmin } from './admin-cache.ts';

export { clearAdminHint } from './admin-cache.ts';

/** The username Amplify last signed in on this browser, or null. No network, no Amplify. */
export function storedAuthUser(): string | null {
  try {
    const storage = window.localStorage;
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith('CognitoIdentityServiceProvider.') && key.endsWith('.LastAuthUser')) {
        return storage.getItem(key);
      }
    }
  } catch {
    // Storage unavailable: treat as signed out.
  }
  return null;
}

/**
 * True when this browser holds a signed-in user, read once on the first render (storage is
 * synchronous, so the header never changes after painting).
 */
export function usePublicSignedIn(): boolean {
  const [signedIn] = useState(() => storedAuthUser() !== null);
  return signedIn;
}

/** True only for a signed-in admin; everyone else (and every signed-out visitor) gets false. */
export function usePublicIsAdmin(): boolean {
  const [isAdmin, setIsAdmin] = useState(() => cachedAdmin(storedAuthUser()) === true);
  useEffect(() => {
    const user = storedAuthUser();
    if (!user) return;
    const known = cachedAdmin(user);
    if (known !== null) {
      setIsAdmin(known);
      return;
    }
    let live = true;
    import('./admin-status.ts')
      .then((m) => m.fetchIsAdmin())
      .then(
        (value) => {
          rememberAdmin(user, value);
          if (live) setIsAdmin(value);
        },
        (error: unknown) => console.error('Admin check failed', error),
      );
    return () => {
      live = false;
    };
  }, []);
  return isAdmin;
}
