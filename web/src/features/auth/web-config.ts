/**
 * The runtime configuration (/config.json: the stage's user pool), fetched once. A few lines of the
 * first bundle, so the app shell can ask for it before the session's and Amplify's code have arrived:
 * on a cold start it is on the way to the list, and over HTTP/1.1 a late request queues behind them.
 */
import type { WebConfig } from '#shared/api.ts';
import { onceUntilFailed } from '../../utils/once.ts';

async function fetchWebConfig(): Promise<WebConfig> {
  const response = await fetch('/config.json', {
    cache: 'no-store',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`Could not load /config.json (HTTP ${response.status})`);
  const config = (await response.json()) as WebConfig;
  if (!config.userPoolId || !config.userPoolClientId) throw new Error('/config.json has no user pool');
  return config;
}

/** /config.json, fetched on the first call; a failure is retried on the next call. */
export const loadWebConfig = onceUntilFailed(fetchWebConfig);
