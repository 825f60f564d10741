import { API } from '../../../shared/routes.ts';
import { rotateWebhookSecret } from '../../features/channels/settings.ts';
import { route } from '../../features/account/route.ts';

/** 'Rotate secret'. */
export const handler = route(API.rotateWebhookSecret, ({ caller }) =>
  rotateWebhookSecret(caller.userId, new Date()),
);
