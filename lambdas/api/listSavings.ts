import { json, route } from '../runtime/http.ts';
import { listSavings } from '../store/savings.ts';

export const handler = route('user', async (_event, caller) => json(200, await listSavings(caller.userId)));
