/**
 * Whether this browser holds a session, without Amplify: the key Amplify writes
 * (`CognitoIdentityServiceProvider.<clientId>.LastAuthUser`). No React either, as the landing page's
 * scripts use it (./islands.ts).
 */
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

/** The middle part of a JWT, decoded; null when it is not one. */
function jwtPayload(token: string | null): Record<string, unknown> | null {
  const part = token?.split('.')[1];
  if (!part) return null;
  try {
    const bytes = Uint8Array.from(atob(part.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The user of the session this browser holds, read from the ID token Amplify stored, without Amplify:
 * enough to show that user's own kept data while Amplify loads and checks the session. Not a proof of
 * anything (the token is not verified, and may have expired): every API call still sends the token
 * Amplify hands out, and the session is dropped if Amplify finds none.
 */
export function storedSession(): { userId: string; email: string | undefined } | null {
  try {
    const storage = window.localStorage;
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (!key?.startsWith('CognitoIdentityServiceProvider.') || !key.endsWith('.LastAuthUser')) continue;
      const prefix = key.slice(0, -'LastAuthUser'.length);
      const username = storage.getItem(key);
      if (!username || storage.getItem(`${prefix}${username}.refreshToken`) === null) return null;
      const claims = jwtPayload(storage.getItem(`${prefix}${username}.idToken`));
      if (typeof claims?.sub !== 'string' || !claims.sub) return null;
      return { userId: claims.sub, email: typeof claims.email === 'string' ? claims.email : undefined };
    }
  } catch {
    // Storage unavailable: no session to show.
  }
  return null;
}
