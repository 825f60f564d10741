import { API } from '../../../shared/routes.ts';
import { inviterOf } from '../../features/household/members.ts';
import { route } from '../../features/account/route.ts';

/** Public: whose invitation a token is, for a signed-out invitee's sign-up page; changes nothing. */
export const handler = route(API.invitationInviter, ({ body }) => inviterOf(body.token));
