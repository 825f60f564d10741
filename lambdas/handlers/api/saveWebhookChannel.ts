import { API } from '../../../shared/routes.ts';
import { saveWebhook } from '../../features/channels/settings.ts';
import { route } from '../../features/account/route.ts';

/** The webhook's address (and, for a new one, its secret). */
export const handler = route(API.saveWebhookChannel, ({ caller, body }) =>
  saveWebhook(caller.userId, body.url, new Date()),
);
