import { API } from '../../shared/routes.ts';
import { join } from '../household/members.ts';
import { route } from '../account/route.ts';

/** 'Join household': the one request that uses an invitation. */
export const handler = route(API.joinHousehold, ({ caller, body }) => join(caller.userId, body.token));
