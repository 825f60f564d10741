import { API } from '../../../shared/routes.ts';
import { sesHandshake } from '../../features/admin/checks.ts';
import { route } from '../../features/account/route.ts';

export const handler = route(API.adminHandshake, () => sesHandshake());
