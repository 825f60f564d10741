import { API } from '../../../shared/routes.ts';
import { unsubscribeDetails } from '../../features/account/unsubscribe.ts';
import { route } from '../../features/account/route.ts';

/** The unsubscribe page's read before the press: the masked address; never changes anything. */
export const handler = route(API.unsubscribeDetails, async ({ query }) => unsubscribeDetails(query.token));
