import { API } from '../../../shared/routes.ts';
import { sendTestEmail } from '../../features/admin/testEmail.ts';
import { route } from '../../features/account/route.ts';

/** 'Send test reminder email to me': a real reminder mail, to the admin's own address only. */
export const handler = route(API.adminTestEmail, ({ caller }) => sendTestEmail(caller));
