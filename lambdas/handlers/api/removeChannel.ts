import { API } from '../../../shared/routes.ts';
import { removeChannel } from '../../features/channels/settings.ts';
import { route } from '../../features/account/route.ts';

/** 'Disconnect' / 'Remove'. */
export const handler = route(API.removeChannel, async ({ caller, params }) => {
  await removeChannel(caller.userId, params.kind);
  return undefined;
});
