import { limitQuerySchema } from '../../shared/schemas.ts';
import { json, parseQuery, route } from '../runtime/http.ts';
import { latestSends } from '../store/sends.ts';

export const handler = route('admin', async (event) => {
  const { limit } = parseQuery(event, limitQuerySchema(100));
  return json(200, { sends: await latestSends(limit) });
});
