/** Messages both sides show, written once (the SPA renders them; the Lambdas return or record them). */
import {
  HOUSEHOLD_INVITES_PER_DAY,
  HOUSEHOLD_MEMBER_LIMIT,
  HOUSEHOLD_PENDING_LIMIT,
  REMINDER_LIMIT,
} from './limits.ts';

export const NOTICES = {
  emailDisabled: 'Email sending disabled (EMAIL_PROVIDER=disabled)',
  noUserEmail: 'No user email available',
} as const;

/** Messages the Lambdas answer with or record in more than one place, written once. */
export const API_MESSAGES = {
  reminderNotFound: 'Reminder not found',
  /** 410 to a still-unexpired token of a deleted account; the SPA signs out on it. */
  accountGone: 'This account has been deleted',
  noTestReminder: 'Skipped: no test reminder',
  /** 409 to an import while another of the same account is running. */
  importBusy: 'An import is already running for your account. Try again in a minute.',
  /** 503 when a request ran out of time before anything was saved. */
  tooSlow: 'That took too long and nothing was saved. Please try again.',
  /** 409 to a reminder (or an import) beyond the account's REMINDER_LIMIT. */
  reminderLimit: (limit: number) =>
    `You have reached ${limit.toLocaleString('en-GB')} reminders, the most one account can keep. Delete the ones you no longer need to add more.`,
} as const;

/** The limits the messages name (shared/limits.ts), for the modules that show both. */
export { HOUSEHOLD_INVITES_PER_DAY, HOUSEHOLD_MEMBER_LIMIT, HOUSEHOLD_PENDING_LIMIT, REMINDER_LIMIT };

/**
 * What the account screens (sign-in, password reset, password change, resend confirmation) say, written
 * once: the SPA shows them, and the tests check them against the local stand-ins.
 */
export const ACCOUNT_MESSAGES = {
  /** Wrong password and unknown address alike, so a sign-in never tells which addresses have accounts. */
  incorrectCredentials: 'Incorrect email or password.',
  loginErrorTitle: 'Login Error',
  emailNotConfirmed: 'Your e-mail address is not confirmed yet. Open the link in the confirmation e-mail.',
  resendConfirmation: 'Resend confirmation e-mail',
  confirmationSent: 'Confirmation e-mail sent',
  confirmationSentDescription: 'Open the link in the new e-mail to confirm your address.',
  resetCodeSent: 'If an account uses that address, we have e-mailed it a code to reset the password.',
  passwordUpdated: 'Password updated',
  passwordUpdatedDescription: 'Sign in with your new password.',
  passwordChangedDescription:
    'Every other device and browser was signed out. Use your new password next time you sign in.',
  wrongCurrentPassword: 'That is not your current password.',
  wrongCode: 'That code is not valid. Check the e-mail, or ask for a new code.',
  expiredCode: 'That code has expired. Ask for a new code.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  /** A confirmation link whose code a resend replaced (Cognito keeps only the latest). */
  linkReplaced: 'This link was replaced by a newer one. Use the latest e-mail, or sign in.',
  linkExpired: 'This link has expired. Sign in, and we will offer to send a new one.',
  linkFailed: 'We could not confirm your address with this link. Use the latest e-mail, or sign in.',
  checkEmail: 'Check your email',
  checkEmailText: "We've sent you a confirmation link.",
  haveCode: 'I already have a code',
} as const;

/** How long an invitation's link works. */
export const INVITATION_DAYS = 7;

/** What the household routes answer with, written once (the SPA shows them as they come). */
export const HOUSEHOLD_MESSAGES = {
  full: `Your household has ${HOUSEHOLD_MEMBER_LIMIT} members, the most a household can have.`,
  fullToJoin: (name: string) =>
    `${name}'s household has ${HOUSEHOLD_MEMBER_LIMIT} members, the most a household can have.`,
  alreadyInHousehold:
    'You are already in a household. Leave it first to join another: one household per person.',
  pendingLimit: `Your household has ${HOUSEHOLD_PENDING_LIMIT} invitations waiting, the most at once. Cancel one to invite someone else.`,
  tooManyInvites: `You have sent ${HOUSEHOLD_INVITES_PER_DAY} invitations today, the most a day. Try again tomorrow.`,
  invitedToday: 'You have already invited that address today. It is listed under pending invitations.',
  inviteYourself: 'That is your own address: invite someone else.',
  alreadyMember: 'That person is already in your household.',
  notInHousehold: 'You are not in a household.',
  householdChanged: 'Your household changed meanwhile. Reload the page and try again.',
  memberNotFound: 'Member not found',
  invitationNotFound: 'Invitation not found',
  noteNotFound: 'Note not found',
  onlyOwnerRemoves: 'Only the owner can remove members.',
  removeYourself: 'To leave, use Leave household.',
  expired: 'This invitation has expired. Ask for a new one.',
  used: 'This invitation has already been used.',
  cancelled: 'This invitation was cancelled.',
  unknown: 'This invitation link is not valid. Check that you opened the whole link from the e-mail.',
} as const;
