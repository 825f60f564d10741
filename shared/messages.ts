/** Messages both sides show, written once (the SPA renders them; the Lambdas return or record them). */
export const NOTICES = {
  emailDisabled: 'Email sending disabled (EMAIL_PROVIDER=disabled)',
  noUserEmail: 'No user email available',
} as const;
