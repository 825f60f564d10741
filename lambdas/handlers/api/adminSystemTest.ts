import { runSystemTest } from '../../features/admin/systemTest.ts';
import { API } from '../../../shared/routes.ts';
import { route } from '../../features/account/route.ts';
import { audit } from '../../store/admin/index.ts';
import { handler as adminAudit } from './adminAudit.ts';
import { handler as listReminders } from './listReminders.ts';

export const handler = route(API.adminSystemTest, async ({ caller, body, context }) => {
  await audit(caller, 'system_test', `email ${body.email ? 'given' : 'default'}`);
  // The security checks go through these two routes' real handlers.
  return runSystemTest({ listReminders, adminAudit }, caller, context, body.email);
});
