import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { ensureProfile } from '../../lambdas/store/account/index.ts';
import { ADMIN_GROUP, userAttributeList } from '../../shared/identity.ts';
import { DEFAULT_COUNTRY } from '../../shared/locales.ts';

/** The local stack's admin: local only, never in a deployed stage. */
export const LOCAL_ADMIN = { email: 'admin@example.com', password: 'Admin-local-1' } as const;

/** Creates the local admin on the first start (confirmed, in the admin group, with a profile). */
export async function ensureLocalAdmin(endpoint: string, userPoolId: string): Promise<'created' | 'exists'> {
  const cognito = new CognitoIdentityProviderClient({
    region: 'eu-west-2',
    endpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: LOCAL_ADMIN.email }));
    return 'exists';
  } catch (error) {
    if (!(error instanceof UserNotFoundException) && (error as Error).name !== 'UserNotFoundException')
      throw error;
  }
  const created = await cognito.send(
    new AdminCreateUserCommand({
      UserPoolId: userPoolId,
      Username: LOCAL_ADMIN.email,
      MessageAction: 'SUPPRESS',
      UserAttributes: userAttributeList({
        email: LOCAL_ADMIN.email,
        emailVerified: 'true',
        firstName: 'Admin',
        country: DEFAULT_COUNTRY,
        marketingConsent: 'false',
      }),
    }),
  );
  await cognito.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: userPoolId,
      Username: LOCAL_ADMIN.email,
      Password: LOCAL_ADMIN.password,
      Permanent: true,
    }),
  );
  await cognito.send(
    new AdminAddUserToGroupCommand({
      UserPoolId: userPoolId,
      Username: LOCAL_ADMIN.email,
      GroupName: ADMIN_GROUP,
    }),
  );
  const sub = created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value;
  if (sub) {
    await ensureProfile({
      userId: sub,
      email: LOCAL_ADMIN.email,
      firstName: 'Admin',
      lastName: null,
      country: DEFAULT_COUNTRY,
      marketingConsent: false,
    });
  }
  cognito.destroy();
  return 'created';
}
