import { healthChecks } from '../admin/checks.ts';
import { json, route } from '../runtime/http.ts';

export const handler = route('admin', async () => json(200, { checks: await healthChecks() }));
