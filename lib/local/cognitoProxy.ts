import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from './requests.ts';

const CONTENT_TYPE = 'application/x-amz-json-1.1';
const TARGET_PREFIX = 'AWSCognitoIdentityProviderService';

/**
 * The Cognito operations the web app calls, and nothing else reaches cognito-local through
 * /_cognito. On AWS these are the public (unsigned) operations of the user pool API; every other one
 * (Admin*, ListUsers, CreateGroup…) needs IAM credentials the browser never has. cognito-local checks
 * no credentials at all, so without this list anyone could call AdminAddUserToGroup through the app's
 * own origin and make themselves admin.
 */
export const WEB_COGNITO_OPERATIONS = [
  // Amplify's sign-in (USER_PASSWORD_AUTH, and CUSTOM_AUTH with its CUSTOM_CHALLENGE for the
  // confirmation link's one sign-in, decision 0023), sign-up and session.
  'InitiateAuth',
  'RespondToAuthChallenge',
  'SignUp',
  'ConfirmSignUp',
  'ResendConfirmationCode',
  'GetUser',
  'GlobalSignOut',
  'RevokeToken',
  'GetTokensFromRefreshToken',
  // Account flows: forgotten password, password change.
  'ForgotPassword',
  'ConfirmForgotPassword',
  'ChangePassword',
] as const;
type WebOperation = (typeof WEB_COGNITO_OPERATIONS)[number];

const isWebOperation = (operation: string): operation is WebOperation =>
  (WEB_COGNITO_OPERATIONS as readonly string[]).includes(operation);

/** A Cognito error as the SDKs and Amplify read it: `__type` and `message`. */
function cognitoError(res: ServerResponse, status: number, type: string, message: string): number {
  res.writeHead(status, { 'content-type': CONTENT_TYPE });
  res.end(JSON.stringify({ __type: type, message }));
  return status;
}

/** The request's JSON object, or undefined when the body is not one. */
function parseRequest(body: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(body || '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Amplify talks to Cognito through the adapter's /_cognito: the web app's operations go on to
 * cognito-local (two it lacks are answered or translated), anything else is refused here.
 */
export function cognitoProxy(cognitoUrl: string, userPoolId: string) {
  const call = (target: string, body: string) =>
    fetch(cognitoUrl, {
      method: 'POST',
      headers: { 'content-type': CONTENT_TYPE, 'x-amz-target': target },
      body,
    });

  /** The proxy's own look-up, straight to cognito-local; never reachable from /_cognito. */
  async function alreadyConfirmed(username: unknown): Promise<boolean> {
    const response = await call(
      `${TARGET_PREFIX}.AdminGetUser`,
      JSON.stringify({ UserPoolId: userPoolId, Username: username }),
    );
    if (!response.ok) return false;
    const user = (await response.json()) as { UserStatus?: string };
    return user.UserStatus === 'CONFIRMED';
  }

  return async function handleCognito(req: IncomingMessage, res: ServerResponse): Promise<number> {
    const body = (await readBody(req)).toString('utf8');
    const target = String(req.headers['x-amz-target'] ?? '');
    const [service, operation = ''] = target.split('.');
    if (service !== TARGET_PREFIX || !isWebOperation(operation)) {
      // What the public Cognito endpoint answers a call without IAM credentials.
      return cognitoError(
        res,
        400,
        'MissingAuthenticationTokenException',
        `${operation || 'This operation'} is not open to the web app (it needs IAM credentials)`,
      );
    }
    const request = parseRequest(body);
    if (!request)
      return cognitoError(res, 400, 'SerializationException', 'The request body is not a JSON object');

    let forwardTarget = target;
    let forwardBody = body;
    if (operation === 'GetTokensFromRefreshToken') {
      forwardTarget = `${TARGET_PREFIX}.InitiateAuth`;
      forwardBody = JSON.stringify({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: request.ClientId,
        AuthParameters: { REFRESH_TOKEN: request.RefreshToken },
      });
    }
    const upstream = await call(forwardTarget, forwardBody);
    let text = await upstream.text();
    const status = upstream.status;
    if (operation === 'ConfirmSignUp' && status === 400 && (await alreadyConfirmed(request.Username))) {
      // Real Cognito says this when a confirmation link is opened twice; cognito-local says the code expired.
      text = JSON.stringify({
        __type: 'NotAuthorizedException',
        message: 'User cannot be confirmed. Current status is CONFIRMED',
      });
    }
    res.writeHead(status, { 'content-type': CONTENT_TYPE });
    res.end(text);
    return status;
  };
}
