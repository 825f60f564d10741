import { API } from '../../shared/routes.ts';
import { sesHandshake } from '../admin/checks.ts';
import { route } from '../account/route.ts';

export const handler = route(API.adminHandshake, () => sesHandshake());
