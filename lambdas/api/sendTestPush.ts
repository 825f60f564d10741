import { API } from '../../shared/routes.ts';
import { sendTestPush } from '../push/testPush.ts';
import { route } from '../runtime/http.ts';

export const handler = route(API.sendTestPush, async ({ caller }) => sendTestPush(caller.userId));
