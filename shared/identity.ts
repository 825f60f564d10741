/** Identity facts both sides use: the Cognito group that grants the admin console, and attribute names. */
export const ADMIN_GROUP = 'admin';

/**
 * The scope every API call's token must hold: Cognito puts it in access tokens only (the HTTP API's
 * authorizer requires it on AWS, the local adapter does the same).
 */
export const ACCESS_TOKEN_SCOPE = 'aws.cognito.signin.user.admin';

/** The custom attributes the user pool declares (their names without the `custom:` prefix). */
export const CUSTOM_ATTRIBUTES = { country: 'country', marketingConsent: 'marketing_consent' } as const;

/** The Cognito user attributes a profile is mirrored onto. */
export const USER_ATTRIBUTES = {
  email: 'email',
  emailVerified: 'email_verified',
  firstName: 'given_name',
  lastName: 'family_name',
  country: `custom:${CUSTOM_ATTRIBUTES.country}`,
  marketingConsent: `custom:${CUSTOM_ATTRIBUTES.marketingConsent}`,
  timezone: 'zoneinfo',
} as const;

export type UserAttributeName = keyof typeof USER_ATTRIBUTES;

/** Cognito's attribute list ({ Name, Value }) from values named by USER_ATTRIBUTES' keys. */
export function userAttributeList(
  values: Partial<Record<UserAttributeName, string>>,
): { Name: string; Value: string }[] {
  return Object.entries(values).map(([name, value]) => ({
    Name: USER_ATTRIBUTES[name as UserAttributeName],
    Value: value ?? '',
  }));
}
