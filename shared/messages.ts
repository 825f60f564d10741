/** Messages both sides show, written once (the SPA renders them; the Lambdas return or record them). */
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
} as const;
