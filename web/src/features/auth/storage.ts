/** Stored auth data: Amplify keeps Cognito tokens under these key prefixes. No Amplify import here. */
import { forgetSavedQueries } from '../../api/saved-queries.ts';

const AUTH_KEY_PREFIXES = ['CognitoIdentityServiceProvider', 'amplify', 'Amplify', 'aws-amplify'];

function clearFrom(storage: Storage): void {
  const doomed: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key && AUTH_KEY_PREFIXES.some((prefix) => key.startsWith(prefix))) doomed.push(key);
  }
  for (const key of doomed) storage.removeItem(key);
}

/** Every sign-in, sign-out and deletion: the tokens, and the last user's kept dashboard data. */
export function clearStoredAuth(): void {
  forgetSavedQueries();
  try {
    clearFrom(window.localStorage);
    clearFrom(window.sessionStorage);
  } catch {
    // Storage may be unavailable (private mode, disabled cookies): nothing to clear.
  }
}
