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
