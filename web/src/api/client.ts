/**
 * Signed-in calls to the API: the user's access token is attached, and the request and response
 * types come from the route's entry in shared/routes.ts (see ./request.ts).
 */
import type { ResponseOf, RouteDef } from '#shared/contract.ts';
import { getAccessToken } from '../features/auth/amplify.ts';
import { forgetDeletedAccount } from '../features/auth/session.ts';
import { ApiRequestError, asRequest, requestApi, type RequestArgs } from './request.ts';

export { ApiRequestError } from './request.ts';

/** The API's answer to a token whose account was deleted (API_MESSAGES.accountGone). */
export const ACCOUNT_GONE_STATUS = 410;

export async function callApi<R extends RouteDef>(route: R, ...args: RequestArgs<R>): Promise<ResponseOf<R>> {
  const token = await getAccessToken();
  if (!token) throw new ApiRequestError(401, 'Not signed in');
  try {
    return await requestApi(route, asRequest(args[0]), { token });
  } catch (error) {
    // The account is gone (deleted in another tab or device): this browser's session must go too.
    if (error instanceof ApiRequestError && error.status === ACCOUNT_GONE_STATUS)
      await forgetDeletedAccount();
    throw error;
  }
}
