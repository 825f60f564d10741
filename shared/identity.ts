/** Identity facts both sides use: the Cognito group that grants the admin console, and attribute names. */
export const ADMIN_GROUP = 'admin';

/**
 * The scope every API call's token must hold: Cognito puts it in access tokens only (the HTTP API's
 * authorizer requires it on AWS, the local adapter does the same).
 */
export const ACCESS_TOKEN_SCOPE = 'aws.cognito.signin.user.admin';

/**
 * The header CloudFront adds to every request it forwards to the API, with a per-stage secret; the
 * API refuses requests without it, so the API's own address cannot be used to skip the web ACL.
 */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

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

/**
 * An address as the unsubscribe page shows it: the first character of the local part, three dots,
 * and the whole domain (jane@example.com → j•••@example.com), so its owner recognises it and a
 * stranger holding the link learns little.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}
