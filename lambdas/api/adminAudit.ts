import { limitQuerySchema } from '../../shared/schemas.ts';
import { json, parseQuery, route } from '../runtime/http.ts';
import { latestAudit } from '../store/audit.ts';

/** The admin audit log: admins only (the route wrapper refuses everyone else with 403). */
export const handler = route('admin', async (event) => {
  const { limit } = parseQuery(event, limitQuerySchema(50));
  return json(200, { entries: await latestAudit(limit) });
});
