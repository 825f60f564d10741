import { API } from '../../../shared/routes.ts';
import { route } from '../../features/account/route.ts';
import { resetInboxAddress } from '../../store/account/index.ts';

/** 'Reset address': mail to the old address finds no one from now on. */
export const handler = route(API.resetInboxAddress, async ({ caller }) => ({
  address: await resetInboxAddress(caller.userId),
}));
