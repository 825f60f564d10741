import { sesHandshake } from '../admin/checks.ts';
import { json, route } from '../runtime/http.ts';

export const handler = route('admin', async () => json(200, await sesHandshake()));
