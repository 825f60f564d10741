import { API } from '../../shared/routes.ts';
import { rotateWebhookSecret } from '../channels/settings.ts';
import { route } from '../account/route.ts';

/** 'Rotate secret'. */
export const handler = route(API.rotateWebhookSecret, ({ caller }) =>
  rotateWebhookSecret(caller.userId, new Date()),
);
