import { API } from '../../shared/routes.ts';
import { healthChecks } from '../admin/checks.ts';
import { route } from '../account/route.ts';

export const handler = route(API.adminHealth, async () => ({ checks: await healthChecks() }));
