import { API } from '../../../shared/routes.ts';
import { cancel } from '../../features/household/cancel.ts';
import { route } from '../../features/account/route.ts';

/** 'Cancel invitation': only a pending one of the caller's own household; any other id is a 404. */
export const handler = route(API.cancelInvitation, async ({ caller, params }) => {
  await cancel(caller.userId, params.id);
  return undefined;
});
