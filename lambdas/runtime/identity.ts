/**
 * The product's calls to the Cognito user pool, in one place: the stores and the admin checks ask
 * here, and the pool's id comes from the environment. The Cognito SDK loads on the first call
 * (lambdas/runtime/clients.ts): the profile routes reach this module, and most never call Cognito.
 */
import { userAttributeList } from '../../shared/identity.ts';
import { cognitoClient } from './clients.ts';
import { env } from './env.ts';

/** The profile fields the user's Cognito attributes mirror. */
export interface MirroredFields {
  first_name: string;
  last_name: string | null;
  country: string;
  timezone: string;
  marketing_consent: boolean;
}

const cognitoSdk = () => import('@aws-sdk/client-cognito-identity-provider');

export async function mirrorProfileAttributes(username: string, fields: MirroredFields): Promise<void> {
  const { AdminUpdateUserAttributesCommand } = await cognitoSdk();
  await (
    await cognitoClient()
  ).send(
    new AdminUpdateUserAttributesCommand({
      UserPoolId: env().USER_POOL_ID,
      Username: username,
      UserAttributes: userAttributeList({
        firstName: fields.first_name,
        lastName: fields.last_name ?? '',
        country: fields.country,
        marketingConsent: String(fields.marketing_consent),
        timezone: fields.timezone,
      }),
    }),
  );
}

/**
 * Signs the user out on every device: refresh tokens are revoked, so no new access token is issued.
 * Access tokens already issued stay valid until they expire (an hour), which is why every write
 * also checks that the account exists (lambdas/store/liveAccount.ts). A user already gone is fine.
 * A Cognito trigger names its pool from the event (`userPoolId`): the pool cannot be in its
 * environment, as the pool refers to the trigger.
 */
export async function signOutEverywhere(username: string, userPoolId = env().USER_POOL_ID): Promise<void> {
  const { AdminUserGlobalSignOutCommand, UserNotFoundException } = await cognitoSdk();
  try {
    await (
      await cognitoClient()
    ).send(new AdminUserGlobalSignOutCommand({ UserPoolId: userPoolId, Username: username }));
  } catch (error) {
    if (!(error instanceof UserNotFoundException)) throw error;
  }
}

/** Deletes the login; a user already gone counts as deleted, so a retry succeeds. */
export async function deleteLogin(username: string): Promise<void> {
  const { AdminDeleteUserCommand, UserNotFoundException } = await cognitoSdk();
  try {
    await (
      await cognitoClient()
    ).send(new AdminDeleteUserCommand({ UserPoolId: env().USER_POOL_ID, Username: username }));
  } catch (error) {
    if (!(error instanceof UserNotFoundException)) throw error;
  }
}

/** The user pool's id as the pool reports it: proof that the pool answers. */
export async function describeUserPool(): Promise<string | undefined> {
  const { DescribeUserPoolCommand } = await cognitoSdk();
  const pool = await (
    await cognitoClient()
  ).send(new DescribeUserPoolCommand({ UserPoolId: env().USER_POOL_ID }));
  return pool.UserPool?.Id;
}
