import { API } from '../../../shared/routes.ts';
import { route } from '../../features/account/route.ts';
import { latestSends } from '../../store/sends.ts';

export const handler = route(API.adminEmailSends, async ({ query }) => ({
  sends: await latestSends(query.limit),
}));
