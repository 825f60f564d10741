import { describe, expect, it } from 'vitest';
import { serviceWorkerSource } from '../../web/build/service-worker.ts';
import { APP_ROUTE_PATTERNS } from '../../shared/sitePaths.ts';

/** The object the build writes in place of the worker's placeholder. */
function buildOf(source: string): { version: string; assets: string[]; appRoutes: string[] } {
  const json = /const BUILD = (\{.*\});/.exec(source)?.[1];
  if (!json) throw new Error('no BUILD in the worker');
  return JSON.parse(json) as { version: string; assets: string[]; appRoutes: string[] };
}

describe('the service worker of a build', () => {
  it('lists the hashed assets and the app routes, and changes version with any asset', () => {
    const one = buildOf(serviceWorkerSource(['assets/index-aaa.js', 'assets/index-aaa.css']));
    expect(one.assets).toEqual(['/assets/index-aaa.css', '/assets/index-aaa.js']);
    expect(one.appRoutes).toEqual(APP_ROUTE_PATTERNS);
    expect(one.appRoutes.some((r) => new RegExp(r).test('/dashboard'))).toBe(true);
    const same = buildOf(serviceWorkerSource(['assets/index-aaa.css', 'assets/index-aaa.js']));
    const next = buildOf(serviceWorkerSource(['assets/index-bbb.js', 'assets/index-aaa.css']));
    expect(same.version).toBe(one.version);
    expect(next.version).not.toBe(one.version);
  });

  it('caches nothing for the dev server', () => {
    expect(buildOf(serviceWorkerSource([]))).toMatchObject({ version: 'dev', assets: [] });
  });
});
