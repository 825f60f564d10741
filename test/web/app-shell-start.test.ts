/**
 * The app shell's start: with nothing kept in this browser, /config.json (and Amplify) start beside
 * the page's code, since the first list waits for them; with a kept list they wait for the session,
 * so they do not hold back the list that shows at once.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SAVED_QUERIES_KEY } from '../../web/src/api/saved-queries-key.ts';
import { preloadSessionRoutes } from '../../web/src/app/router.tsx';

const CONFIG = { userPoolId: 'eu-west-2_local', userPoolClientId: 'client', siteUrl: 'http://localhost' };

function stubConfig() {
  const fetchMock = vi.fn(
    async (_input: RequestInfo | URL) =>
      new Response(JSON.stringify(CONFIG), { headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const configAsked = (fetchMock: ReturnType<typeof stubConfig>) =>
  fetchMock.mock.calls.filter(([input]) => String(input) === '/config.json').length;

afterEach(() => vi.unstubAllGlobals());

describe('the app shell starts', () => {
  // First: the configuration is fetched once per page, so the other case must not have run yet.
  it('with a kept list: asks nothing of the network before the session does', async () => {
    localStorage.setItem(SAVED_QUERIES_KEY, '{}');
    const fetchMock = stubConfig();
    await preloadSessionRoutes('/no-such-page');
    expect(configAsked(fetchMock)).toBe(0);
  });

  it('with nothing kept: asks for /config.json at once, not waiting for the page code', async () => {
    const fetchMock = stubConfig();
    const started = preloadSessionRoutes('/no-such-page');
    expect(configAsked(fetchMock)).toBe(1);
    await started;
  });
});
