/** What other features may use of auth (loaded with the lazily loaded session chunk, Amplify included). */
export { changePasswordError } from './account-errors.ts';
export { changePassword, forgetDeletedAccount, signOutOfEverySession } from './session.ts';
