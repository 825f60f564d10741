import { API } from '../../shared/routes.ts';
import { testChannel } from '../channels/settings.ts';
import { route } from '../account/route.ts';

/** 'Send a test'. */
export const handler = route(API.testChannel, ({ caller, params }) =>
  testChannel(caller.userId, params.kind, new Date()),
);
