/**
 * The caller's profile, read once per request. route() reads it (consistently, through the store's
 * account room) to check the access token against the account's ended sessions (shared/sessions.ts);
 * the first read of that same profile in the request (lambdas/store/account/profiles.ts getProfile)
 * takes this copy instead of reading again, so a route whose handler reads the profile costs no
 * extra read. Only the first: anything the request writes afterwards is read fresh. Nothing else is
 * kept between requests. The read itself is the store's: the runtime knows no key of the table.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export type ProfileItem = Record<string, unknown>;
/** Reads the profile item of `userId` (consistently: a reset that just ended the sessions is seen). */
export type ProfileRead = (userId: string) => Promise<ProfileItem | undefined>;

interface Slot {
  userId: string;
  item: ProfileItem | undefined;
  taken: boolean;
}

const slot = new AsyncLocalStorage<Slot>();

/** Runs `work` with the caller's profile as route() read it. */
export function withCallerProfile<T>(userId: string, item: ProfileItem | undefined, work: () => Promise<T>) {
  return slot.run({ userId, item, taken: false }, work);
}

/**
 * The caller's profile item as route() read it, the first time it is asked for in the request (and
 * only for the caller); afterwards, or for anyone else, undefined: read it.
 */
export function takeCallerProfile(userId: string): { item: ProfileItem | undefined } | undefined {
  const current = slot.getStore();
  if (!current || current.taken || current.userId !== userId) return undefined;
  current.taken = true;
  return { item: current.item };
}
