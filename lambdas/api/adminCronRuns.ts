import { API } from '../../shared/routes.ts';
import { route } from '../runtime/http.ts';
import { latestCronRuns } from '../store/sending/index.ts';

export const handler = route(API.adminCronRuns, async ({ query }) => ({
  runs: await latestCronRuns(query.limit),
}));
