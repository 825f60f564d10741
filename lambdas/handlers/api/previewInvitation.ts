import { API } from '../../../shared/routes.ts';
import { preview } from '../../features/household/members.ts';
import { route } from '../../features/account/route.ts';

/** What the join page shows for a token (signed in): whose household, and whether it still works. */
export const handler = route(API.previewInvitation, ({ caller, body }) => preview(caller.userId, body.token));
