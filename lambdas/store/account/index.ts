/**
 * The account room: what a user's account keeps of its own, apart from reminders and households.
 * Writes the items `profile` (the account's root: settings, founding place, session marks, calendar
 * generation), `calendar_feed` (the feed's lookup), `link_sign_in`, `inbox_item`, `inbox_address`,
 * `inbox_lookup` and `inbox_day`. The only module outside this folder may import from it; it builds
 * on the store's base (../*.ts) alone.
 */

export {
  calendarLink,
  calendarOwner,
  deleteCalendarLookup,
  resetCalendarLink,
  tokenHash,
} from './calendar.ts';
export {
  deleteInboxLookup,
  getInboxItem,
  inboxAddress,
  inboxOwner,
  listInboxItems,
  removeInboxItem,
  resetInboxAddress,
  storeInboxItem,
  type StoreOutcome,
} from './inbox.ts';
export { offerLinkSignIn, redeemLinkSignIn } from './linkSignIns.ts';
export {
  ensureProfile,
  foundingPlacesLeft,
  getProfile,
  getProfileNow,
  getProfiles,
  LIFETIME_FREE_PLACES,
  readSessionProfile,
  setPushReminders,
  setReminderEmails,
  updateProfile,
} from './profiles.ts';
export { recordPasswordReset, recordResetEnd, recordSessionsEnded } from './sessions.ts';
