/**
 * The reminders room: reminders, own or shared with a household, and everything kept on them or
 * beside them. Writes the items `reminder` (with its place in the next-mail index, nextMail.ts,
 * its snoozes, notice answers and marks), `saving` (an outcome of a renewal), `quote`, `import_batch` and
 * `import_lock`, and on a departure deletes a household's shared ones. The only module outside this
 * folder may import from it; it builds on the households and account rooms and the store's base.
 */

export { markActionDone } from './actionsDone.ts';
export { afterDeparture } from './householdData.ts';
export {
  asRecipient,
  earliestOf,
  recipientsOf,
  refreshHouseholdNextMail,
  refreshHouseholdNextMails,
} from './householdNextMail.ts';
export { IMPORT_BUDGET_MS, IMPORT_MARGIN_MS, importReminders, uncommittedIn } from './imports.ts';
export { answerNotice } from './noticeAnswers.ts';
export { currentReminders, memberMove, type CurrentReminders, type SharedBy } from './currentReminders.ts';
export { addQuote, parseQuote, removeQuote, removeQuotesOf, currentRenewalQuotes } from './quotes.ts';
export {
  ImportBusyError,
  ImportTooSlowError,
  NextRenewalNotAfterError,
  NoticeRefusal,
  QuoteRefusal,
  SharingRefusal,
  TermAnsweredError,
  type SharingReason,
} from './refusals.ts';
export { getReminderDetails } from './reminderDetails.ts';
export { householdHome, reminderAt } from './reminderHome.ts';
export { freshPlacement, newReminder, toItem } from './reminderItem.ts';
export {
  createReminder,
  deleteReminder,
  getReminder,
  listReminders,
  oneOffContract,
  updateReminder,
} from './reminders.ts';
export {
  indexEntryOf,
  inZone,
  nextMailAt,
  nextMailAttributes,
  parseIndexedReminder,
  refreshNextMail,
  refreshUserNextMails,
  remindersWithMailDue,
  type IndexEntry,
  type IndexedReminder,
} from './nextMail.ts';
export {
  listSavings,
  outcomeCounters,
  plannedRoll,
  recordOutcome,
  rollForward,
  type OutcomeChange,
  type OutcomeFacts,
  type OutcomeRead,
  type RollTarget,
} from './savings.ts';
export { shareReminders } from './shareAtOnce.ts';
export { leaveSharedReminder, type PlacingDecide, type PlacingRead } from './sharing.ts';
export { snoozeReminder } from './snoozes.ts';
