import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from './requests.ts';

const CONTENT_TYPE = 'application/x-amz-json-1.1';
const TARGET_PREFIX = 'AWSCognitoIdentityProviderService';

/**
 * Amplify talks to Cognito through the adapter's /_cognito: requests go on to cognito-local, and two
 * calls cognito-local lacks are answered or translated.
 */
export function cognitoProxy(cognitoUrl: string, userPoolId: string) {
  const call = (target: string, body: string) =>
    fetch(cognitoUrl, {
      method: 'POST',
      headers: { 'content-type': CONTENT_TYPE, 'x-amz-target': target },
      body,
    });

  async function alreadyConfirmed(confirmBody: string): Promise<boolean> {
    const { Username } = JSON.parse(confirmBody || '{}') as { Username?: string };
    const response = await call(
      `${TARGET_PREFIX}.AdminGetUser`,
      JSON.stringify({ UserPoolId: userPoolId, Username }),
    );
    if (!response.ok) return false;
    const user = (await response.json()) as { UserStatus?: string };
    return user.UserStatus === 'CONFIRMED';
  }

  return async function handleCognito(req: IncomingMessage, res: ServerResponse): Promise<number> {
    const body = await readBody(req);
    const target = String(req.headers['x-amz-target'] ?? '');
    const operation = target.split('.')[1] ?? '';
    if (operation === 'GlobalSignOut') {
      // cognito-local keeps no sessions to revoke; Amplify only needs the call to succeed.
      res.writeHead(200, { 'content-type': CONTENT_TYPE });
      res.end('{}');
      return 200;
    }
    let forwardTarget = target;
    let forwardBody: string = body.toString('utf8');
    if (operation === 'GetTokensFromRefreshToken') {
      const request = JSON.parse(forwardBody || '{}') as { ClientId?: string; RefreshToken?: string };
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
    if (operation === 'ConfirmSignUp' && status === 400 && (await alreadyConfirmed(forwardBody))) {
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
