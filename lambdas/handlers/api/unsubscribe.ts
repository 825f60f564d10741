import { API } from '../../../shared/routes.ts';
import { unsubscribeByToken } from '../../features/account/unsubscribe.ts';
import { route } from '../../features/account/route.ts';

/** One-click unsubscribe (RFC 8058): the signed token in the query is the only credential. */
export const handler = route(API.unsubscribe, async ({ query }) => {
  await unsubscribeByToken(query.token);
  return { unsubscribed: true as const };
});
