import { API } from '../../shared/routes.ts';
import { logNotFound } from '../public/notFoundReport.ts';
import { route } from '../account/route.ts';

/** The SPA reports an unknown path; only the cleaned path is logged, at a limited rate. */
export const handler = route(API.reportNotFound, async ({ body }) => {
  await logNotFound(body.path);
  return { logged: true as const };
});
