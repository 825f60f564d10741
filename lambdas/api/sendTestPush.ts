import { API } from '../../shared/routes.ts';
import { sendTestPush } from '../push/testPush.ts';
import { route } from '../account/route.ts';

export const handler = route(API.sendTestPush, async ({ caller }) => sendTestPush(caller.userId));
