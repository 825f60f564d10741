import { runSystemTest } from '../../features/admin/systemTest.ts';
import { API } from '../../../shared/routes.ts';
import { route } from '../../features/account/route.ts';
import { audit } from '../../store/admin/index.ts';

export const handler = route(API.adminSystemTest, async ({ caller, body, context }) => {
  await audit(caller, 'system_test', `email ${body.email ? 'given' : 'default'}`);
  return runSystemTest(caller, context, body.email);
});
