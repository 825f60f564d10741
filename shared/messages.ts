/** Messages both sides show, written once (the SPA renders them; the Lambdas return or record them). */
export const NOTICES = {
  emailDisabled: 'Email sending disabled (EMAIL_PROVIDER=disabled)',
  noUserEmail: 'No user email available',
} as const;

/** Messages the Lambdas answer with or record in more than one place, written once. */
export const API_MESSAGES = {
  reminderNotFound: 'Reminder not found',
  profileNotFound: 'Profile not found',
  noTestReminder: 'Skipped: no test reminder',
} as const;
