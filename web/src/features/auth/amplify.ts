/**
 * Runtime configuration and Amplify setup. Only the lazily loaded auth chunk imports this module,
 * so the public pages never download Amplify.
 */
import { Amplify } from 'aws-amplify';
import { fetchAuthSession } from 'aws-amplify/auth';
import type { WebConfig } from '#shared/api.ts';
import { onceUntilFailed } from '../../utils/once.ts';
import { loadWebConfig } from './web-config.ts';

async function loadAndConfigure(): Promise<WebConfig> {
  const config = await loadWebConfig();
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        // Locally a path on this page's origin; Amplify needs it as a full URL.
        ...(config.userPoolEndpoint
          ? { userPoolEndpoint: new URL(config.userPoolEndpoint, window.location.origin).href }
          : {}),
        loginWith: { email: true },
      },
    },
  });
  return config;
}

/** Fetches /config.json and configures Amplify, once; a failure is retried on the next call. */
export const ensureAmplify = onceUntilFailed(loadAndConfigure);

/** The current access token (Amplify refreshes it when it has expired), or null when signed out. */
export async function getAccessToken(): Promise<string | null> {
  await ensureAmplify();
  const session = await fetchAuthSession();
  return session.tokens?.accessToken?.toString() ?? null;
}
