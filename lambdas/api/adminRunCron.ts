import { API } from '../../shared/routes.ts';
import { runCron } from '../admin/runCron.ts';
import { route } from '../account/route.ts';

/** The admin 'Run Cron': a simulation for a chosen date or the real job now. */
export const handler = route(API.adminRunCron, ({ caller, body }) => runCron(caller, body));
