/** Identity facts both sides use: the Cognito group that grants the admin console, and attribute names. */
export const ADMIN_GROUP = 'admin';

/** The Cognito user attributes a profile is mirrored onto. */
export const USER_ATTRIBUTES = {
  email: 'email',
  firstName: 'given_name',
  lastName: 'family_name',
  country: 'custom:country',
  marketingConsent: 'custom:marketing_consent',
  timezone: 'zoneinfo',
} as const;

/** The custom attributes the user pool declares (their names without the `custom:` prefix). */
export const CUSTOM_ATTRIBUTES = ['country', 'marketing_consent'] as const;
