/**
 * cognito-local's router, brought closer to our AWS pool (lib/local/cognito.ts assembles the rest):
 * the calls it lacks, the answers that must not tell an unknown name from a known one, AWS's own
 * errors, and our custom auth flow and guards in front.
 */
import type { CognitoServiceFactoryImpl } from 'cognito-local/lib/services/cognitoService.js';
import type { DateClock, MessagesService } from 'cognito-local/lib/services/index.js';
import type { TokenGenerator } from 'cognito-local/lib/services/tokenGenerator.js';
import { attributeValue } from 'cognito-local/lib/services/userPoolService.js';
import type { Route } from 'cognito-local/lib/server/Router.js';
import {
  InvalidParameterError,
  InvalidPasswordError,
  NotAuthorizedError,
  UserNotFoundError,
} from 'cognito-local/lib/errors.js';
import { customAuthRoutes, type ChallengeTriggers } from './cognitoCustomAuth.ts';
import { cognitoGuards } from './cognitoGuards.ts';
import type { LocalTokenKey } from './tokenKey.ts';

export type Services = {
  clock: DateClock;
  cognito: Awaited<ReturnType<CognitoServiceFactoryImpl['create']>>;
  messages: MessagesService;
  otp: () => string;
  tokenGenerator: TokenGenerator;
};
interface CodeRequest {
  ClientId: string;
  Username: string;
  ClientMetadata?: Record<string, string>;
}

/** AWS's answer to a wrong password (sign-in, password change); cognito-local says "Invalid password". */
const wrongPassword = (route: Route): Route =>
  async function (ctx, req) {
    try {
      return (await route(ctx, req)) as unknown;
    } catch (error) {
      if (error instanceof InvalidPasswordError)
        throw new NotAuthorizedError('Incorrect username or password.');
      throw error;
    }
  };

/**
 * A password sign-in with a name the pool does not know: with PreventUserExistenceErrors on, AWS
 * answers it as a wrong password; cognito-local says "User not authorized".
 */
const unknownUserAsWrongPassword = (route: Route): Route =>
  async function (ctx, req: { AuthFlow?: string }) {
    try {
      return (await route(ctx, req)) as unknown;
    } catch (error) {
      if (req.AuthFlow === 'USER_PASSWORD_AUTH' && error instanceof NotAuthorizedError)
        throw new NotAuthorizedError('Incorrect username or password.');
      throw error;
    }
  };

/**
 * Where a code went, as Cognito says it: the address masked (first letter, then the domain's), so
 * an answer about a real account and a simulated one about an unknown name read alike.
 */
export function codeDelivery(address: string) {
  const [local = '', domain = ''] = address.split('@');
  return {
    AttributeName: 'email',
    DeliveryMedium: 'EMAIL',
    Destination: `${local.slice(0, 1)}***@${domain.slice(0, 1)}***`,
  };
}

/**
 * cognito-local's router, with the calls the SPA and account deletion make behaving as our AWS pool
 * does:
 * - AdminUserGlobalSignOut, which cognito-local lacks;
 * - ResendConfirmationCode, which cognito-local lacks: a fresh code, mailed through the CustomMessage
 *   trigger (CustomMessage_ResendCode) like the sign-up mail;
 * - ForgotPassword refuses an account whose address is not confirmed (AWS: InvalidParameterException),
 *   where cognito-local would mail a code, and confirming it would confirm the account behind the
 *   PostConfirmation trigger's back;
 * - as our AWS client's PreventUserExistenceErrors does, nothing tells an unknown name from a known
 *   one: ForgotPassword and ResendConfirmationCode answer it with a simulated delivery (and a real one
 *   with the address masked alike), sign-in with the wrong password's NotAuthorizedException
 *   "Incorrect username or password." (cognito-local: UserNotFoundException, and another message);
 * - a wrong password at sign-in or password change is NotAuthorizedException, as on AWS;
 * - the custom auth flow (InitiateAuth CUSTOM_AUTH, RespondToAuthChallenge CUSTOM_CHALLENGE), which
 *   cognito-local refuses, runs our challenge triggers (cognitoCustomAuth.ts);
 * - and in front of every route, the limits and checks Cognito has and cognito-local lacks
 *   (cognitoGuards.ts).
 */
export function awsLikeRouter(
  router: (target: string) => Route,
  services: Services,
  triggers: ChallengeTriggers,
  tokenKey: LocalTokenKey,
) {
  const { cognito, clock, messages, otp: newCode } = services;
  const customAuth = customAuthRoutes(services, triggers);
  const guard = cognitoGuards(services, tokenKey);
  const resendConfirmationCode: Route = async (ctx, req: CodeRequest) => {
    const userPool = await cognito.getUserPoolForClientId(ctx, req.ClientId);
    const user = await userPool.getUserByUsername(ctx, req.Username);
    // PreventUserExistenceErrors: an unknown name gets a simulated delivery, never UserNotFound.
    if (!user) return { CodeDeliveryDetails: codeDelivery(req.Username) };
    if (user.UserStatus !== 'UNCONFIRMED') throw new InvalidParameterError('User is already confirmed.');
    const address = attributeValue('email', user.Attributes) ?? '';
    // The mail goes to the address; the answer names it masked, as Cognito's does.
    const details = { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: address };
    const code = newCode();
    await messages.deliver(
      ctx,
      'ResendCode',
      req.ClientId,
      userPool.options.Id,
      user,
      code,
      req.ClientMetadata,
      details as never,
    );
    await userPool.saveUser(ctx, { ...user, UserLastModifiedDate: clock.get(), ConfirmationCode: code });
    return { CodeDeliveryDetails: codeDelivery(address) };
  };
  const forgotPassword =
    (route: Route): Route =>
    async (ctx, req: CodeRequest) => {
      const userPool = await cognito.getUserPoolForClientId(ctx, req.ClientId);
      const user = await userPool.getUserByUsername(ctx, req.Username);
      // PreventUserExistenceErrors: an unknown name gets a simulated delivery, never UserNotFound.
      if (!user) return { CodeDeliveryDetails: codeDelivery(req.Username) };
      if (user.UserStatus === 'UNCONFIRMED') {
        throw new InvalidParameterError(
          'Cannot reset password for the user as there is no registered/verified email or phone_number',
        );
      }
      await route(ctx, req);
      return { CodeDeliveryDetails: codeDelivery(attributeValue('email', user.Attributes) ?? '') };
    };
  // cognito-local lacks AdminUserGlobalSignOut (account deletion signs the user out everywhere
  // first). As in Cognito, it revokes the user's refresh tokens: no new access token can be had.
  const adminUserGlobalSignOut: Route = async (ctx, req: { UserPoolId: string; Username: string }) => {
    const pool = await cognito.getUserPool(ctx, req.UserPoolId);
    const user = await pool.getUserByUsername(ctx, req.Username);
    if (!user) throw new UserNotFoundError('User does not exist');
    await pool.saveUser(ctx, { ...user, RefreshTokens: [] });
    return {};
  };
  return (target: string): Route => guard(target, awsLike(target));
  function awsLike(target: string): Route {
    if (target === 'AdminUserGlobalSignOut') return adminUserGlobalSignOut;
    if (target === 'ResendConfirmationCode') return resendConfirmationCode;
    if (target === 'ForgotPassword') return forgotPassword(router(target));
    if (target === 'InitiateAuth') {
      const initiate = unknownUserAsWrongPassword(wrongPassword(router(target)));
      return (ctx, req: { AuthFlow?: string }) =>
        req.AuthFlow === 'CUSTOM_AUTH' ? customAuth.initiate(ctx, req) : initiate(ctx, req);
    }
    if (target === 'RespondToAuthChallenge') {
      const respond = router(target);
      return (ctx, req: { ChallengeName?: string }) =>
        req.ChallengeName === 'CUSTOM_CHALLENGE' ? customAuth.respond(ctx, req) : respond(ctx, req);
    }
    if (target === 'ChangePassword') return wrongPassword(router(target));
    return router(target);
  }
}
