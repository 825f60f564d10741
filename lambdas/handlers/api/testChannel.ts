import { API } from '../../../shared/routes.ts';
import { testChannel } from '../../features/channels/settings.ts';
import { route } from '../../features/account/route.ts';

/** 'Send a test'. */
export const handler = route(API.testChannel, ({ caller, params }) =>
  testChannel(caller.userId, params.kind, new Date()),
);
