import { API } from '../../../shared/routes.ts';
import { route } from '../../features/account/route.ts';
import { latestAudit } from '../../store/admin/index.ts';

/** The admin audit log: admins only (the route wrapper refuses everyone else with 403). */
export const handler = route(API.adminAudit, async ({ query }) => ({
  entries: await latestAudit(query.limit),
}));
