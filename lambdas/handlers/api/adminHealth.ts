import { API } from '../../../shared/routes.ts';
import { healthChecks } from '../../features/admin/checks.ts';
import { route } from '../../features/account/route.ts';

export const handler = route(API.adminHealth, async () => ({ checks: await healthChecks() }));
