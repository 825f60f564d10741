import { API } from '../../../shared/routes.ts';
import { runCron } from '../../features/admin/runCron.ts';
import { route } from '../../features/account/route.ts';

/** The admin 'Run Cron': a simulation for a chosen date or the real job now. */
export const handler = route(API.adminRunCron, ({ caller, body }) => runCron(caller, body));
