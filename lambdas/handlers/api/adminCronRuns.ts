import { API } from '../../../shared/routes.ts';
import { route } from '../../features/account/route.ts';
import { latestCronRuns } from '../../store/sending/index.ts';

export const handler = route(API.adminCronRuns, async ({ query }) => ({
  runs: await latestCronRuns(query.limit),
}));
