import { API } from '../../shared/routes.ts';
import { unsubscribeByToken } from '../public/unsubscribe.ts';
import { route } from '../account/route.ts';

/** One-click unsubscribe (RFC 8058): the signed token in the query is the only credential. */
export const handler = route(API.unsubscribe, async ({ query }) => {
  await unsubscribeByToken(query.token);
  return { unsubscribed: true as const };
});
