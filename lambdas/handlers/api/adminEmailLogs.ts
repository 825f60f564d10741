import { API } from '../../../shared/routes.ts';
import { route } from '../../features/account/route.ts';
import { latestEmailLogs } from '../../store/sending/index.ts';

export const handler = route(API.adminEmailLogs, async ({ query }) => ({
  logs: await latestEmailLogs(query.limit),
}));
