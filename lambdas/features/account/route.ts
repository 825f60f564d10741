/**
 * route() as every API handler uses it (lambdas/runtime/http.ts): the route's contract, with the
 * account's session check, whose read of the caller's profile is the store's account room's.
 */
import { routeReadingProfiles } from '../../runtime/http.ts';
import { readSessionProfile } from '../../store/account/index.ts';

export const route = routeReadingProfiles(readSessionProfile);
