import { API } from '../../../shared/routes.ts';
import { route } from '../../features/account/route.ts';
import { listSavings } from '../../store/reminders/index.ts';

export const handler = route(API.listSavings, ({ caller }) => listSavings(caller.userId));
