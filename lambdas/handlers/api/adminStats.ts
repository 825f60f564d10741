import { API } from '../../../shared/routes.ts';
import { env } from '../../runtime/env.ts';
import { route } from '../../features/account/route.ts';
import { adminStatistics } from '../../store/admin/index.ts';

/** Admin statistics: counters and per-date counts, no scan. */
export const handler = route(API.adminStats, async () => ({
  ...(await adminStatistics()),
  email_provider: env().EMAIL_PROVIDER,
}));
