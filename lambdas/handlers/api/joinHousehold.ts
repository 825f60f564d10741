import { API } from '../../../shared/routes.ts';
import { join } from '../../features/household/members.ts';
import { route } from '../../features/account/route.ts';

/** 'Join household': the one request that uses an invitation. */
export const handler = route(API.joinHousehold, ({ caller, body }) => join(caller.userId, body.token));
