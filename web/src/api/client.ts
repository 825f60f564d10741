/**
 * Signed-in calls to the API: the user's access token is attached, and the request and response
 * types come from the route's entry in shared/routes.ts (see ./request.ts). The client knows no
 * feature: the auth feature hands it the token and the sign-out for a deleted account (setApiAuth).
 */
import type { ResponseOf, RouteDef } from '#shared/contract.ts';
import { ApiRequestError, asRequest, requestApi, type RequestArgs, type RouteTarget } from './request.ts';

export { ApiRequestError } from './request.ts';

/** The API's answer to a token whose account was deleted (API_MESSAGES.accountGone). */
export const ACCOUNT_GONE_STATUS = 410;

/** What signed-in calls need from the session; the auth feature provides it (features/auth/session.ts). */
export interface ApiAuth {
  /** The current access token (refreshed when it has expired), or null when signed out. */
  accessToken(): Promise<string | null>;
  /** The API said the account is gone (deleted in another tab or device): forget this browser's session. */
  accountGone(): Promise<void>;
  /**
   * The API refused the token (401): the account's sessions were ended elsewhere (a password reset,
   * 'Sign out everywhere'), so forget this browser's session.
   */
  sessionEnded?(): Promise<void>;
}

/** Until the auth feature connects, nobody is signed in. */
let auth: ApiAuth = { accessToken: async () => null, accountGone: async () => undefined };

/** The API's answer to a token it no longer takes. */
export const SESSION_ENDED_STATUS = 401;

export function setApiAuth(next: ApiAuth): void {
  auth = next;
}

/**
 * Calls a signed-in route. Code on the way to the dashboard's first paint passes `{ method, path }`
 * with the route as a type argument (`callApi<typeof API.x>`), as callPublic's callers do: the
 * contract's schemas (and zod) then stay out of its chunks, and the literals are still checked.
 */
export async function callApi<R extends RouteDef>(
  route: R | RouteTarget<R>,
  ...args: RequestArgs<R>
): Promise<ResponseOf<R>> {
  const token = await auth.accessToken();
  if (!token) throw new ApiRequestError(401, 'Not signed in');
  try {
    return await requestApi(route, asRequest(args[0]), { token });
  } catch (error) {
    // The account is gone (deleted in another tab or device): this browser's session must go too.
    if (error instanceof ApiRequestError && error.status === ACCOUNT_GONE_STATUS) await auth.accountGone();
    // Its sessions were ended elsewhere: so is this one.
    if (error instanceof ApiRequestError && error.status === SESSION_ENDED_STATUS)
      await auth.sessionEnded?.();
    throw error;
  }
}
