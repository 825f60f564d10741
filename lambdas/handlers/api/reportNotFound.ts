import { API } from '../../../shared/routes.ts';
import { logNotFound } from '../../features/admin/notFoundReport.ts';
import { route } from '../../features/account/route.ts';

/** The SPA reports an unknown path; only the cleaned path is logged, at a limited rate. */
export const handler = route(API.reportNotFound, async ({ body }) => {
  await logNotFound(body.path);
  return { logged: true as const };
});
