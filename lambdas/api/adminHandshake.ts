import { API } from '../../shared/routes.ts';
import { sesHandshake } from '../admin/checks.ts';
import { route } from '../runtime/http.ts';

export const handler = route(API.adminHandshake, () => sesHandshake());
