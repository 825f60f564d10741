import { API } from '../../../shared/routes.ts';
import { endSessions } from '../../features/account/endSessions.ts';
import { route } from '../../features/account/route.ts';

/** 'Sign out everywhere': every session of the caller's account ends, this one included. */
export const handler = route(API.signOutEverywhere, async ({ caller }) => {
  await endSessions({ userId: caller.userId, username: caller.username });
  return undefined;
});
