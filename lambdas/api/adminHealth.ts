import { API } from '../../shared/routes.ts';
import { healthChecks } from '../admin/checks.ts';
import { route } from '../runtime/http.ts';

export const handler = route(API.adminHealth, async () => ({ checks: await healthChecks() }));
