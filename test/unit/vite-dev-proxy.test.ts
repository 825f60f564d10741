/**
 * `npm run dev`: Vite's dev server sends /api, /config.json and /_cognito to the backend on the
 * port `npm start` uses, PORT when it is set.
 */
import { afterEach, expect, it, vi } from 'vitest';
import type { UserConfig } from 'vite';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

async function proxyTargets(): Promise<string[]> {
  const { default: config } = (await import('../../web/vite.config.ts')) as { default: UserConfig };
  const proxy = config.server?.proxy ?? {};
  return Object.values(proxy).map((entry) => (typeof entry === 'string' ? entry : String(entry.target)));
}

it('proxies to the backend on 3000 by default', async () => {
  vi.stubEnv('PORT', undefined);
  expect(await proxyTargets()).toEqual(Array(3).fill('http://127.0.0.1:3000'));
});

it('proxies to the backend on PORT when it is set', async () => {
  vi.stubEnv('PORT', '3100');
  expect(await proxyTargets()).toEqual(Array(3).fill('http://127.0.0.1:3100'));
});
