/**
 * Signed-in calls to the API: the user's access token is attached, and the request and response
 * types come from the route's entry in shared/routes.ts (see ./request.ts).
 */
import type { ResponseOf, RouteDef } from '#shared/contract.ts';
import { getAccessToken } from '../features/auth/amplify.ts';
import { ApiRequestError, asRequest, requestApi, type RequestArgs } from './request.ts';

export { ApiRequestError } from './request.ts';

export async function callApi<R extends RouteDef>(route: R, ...args: RequestArgs<R>): Promise<ResponseOf<R>> {
  const token = await getAccessToken();
  if (!token) throw new ApiRequestError(401, 'Not signed in');
  return requestApi(route, asRequest(args[0]), { token });
}
