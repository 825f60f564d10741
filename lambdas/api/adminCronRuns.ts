import { limitQuerySchema } from '../../shared/schemas.ts';
import { json, parseQuery, route } from '../runtime/http.ts';
import { latestCronRuns } from '../store/cronRuns.ts';

export const handler = route('admin', async (event) => {
  const { limit } = parseQuery(event, limitQuerySchema(14));
  return json(200, { runs: await latestCronRuns(limit) });
});
