import { API } from '../../../shared/routes.ts';
import { sendTestPush } from '../../features/push/testPush.ts';
import { route } from '../../features/account/route.ts';

export const handler = route(API.sendTestPush, async ({ caller }) => sendTestPush(caller.userId));
