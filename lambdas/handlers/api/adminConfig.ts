import { API } from '../../../shared/routes.ts';
import { adminConfig } from '../../features/admin/config.ts';
import { route } from '../../features/account/route.ts';

/** Read-only configuration for the self-check page. No secrets. */
export const handler = route(API.adminConfig, async () => adminConfig());
