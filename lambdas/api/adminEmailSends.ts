import { API } from '../../shared/routes.ts';
import { route } from '../runtime/http.ts';
import { latestSends } from '../store/sends.ts';

export const handler = route(API.adminEmailSends, async ({ query }) => ({
  sends: await latestSends(query.limit),
}));
