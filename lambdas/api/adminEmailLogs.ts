import { limitQuerySchema } from '../../shared/schemas.ts';
import { json, parseQuery, route } from '../runtime/http.ts';
import { latestEmailLogs } from '../store/sends.ts';

export const handler = route('admin', async (event) => {
  const { limit } = parseQuery(event, limitQuerySchema(50));
  return json(200, { logs: await latestEmailLogs(limit) });
});
