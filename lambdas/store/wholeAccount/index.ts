/**
 * The whole-account room: an account across every other room, for the two things that take it all,
 * the 'My data' export and the account's deletion. Deletion removes every item of the user's
 * partition (`profile`, `reminder`, `saving`, `quote`, `channel` and the rest), anonymises what is
 * kept (`email_log`, `email_send`, `audit` through `log_ref`) and leaves the household. The only
 * module outside this folder may import from it; it builds on every room above but admin.
 */

export { ANONYMISED_EMAIL, ANONYMISED_USER, anonymiseLog, deleteAccount } from './account.ts';
export { myData } from './myData.ts';
