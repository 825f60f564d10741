import { API } from '../../../shared/routes.ts';
import { saveNtfy } from '../../features/channels/settings.ts';
import { route } from '../../features/account/route.ts';

/** ntfy's topic and access token. */
export const handler = route(API.saveNtfyChannel, ({ caller, body }) =>
  saveNtfy(caller.userId, body, new Date()),
);
