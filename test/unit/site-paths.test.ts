/** Which file answers a path (shared/sitePaths.ts): the local server's rule, and the CloudFront function's. */
import { describe, expect, it } from 'vitest';
import { ADMIN_SCREENS, ROUTES } from '../../shared/pages.ts';
import { PRERENDERED_PATHS, pageFile, resolveSitePath, routePattern } from '../../shared/sitePaths.ts';

describe('site paths', () => {
  it('prerenders the public routes and the five category pages, read from the route table', () => {
    expect(PRERENDERED_PATHS).toEqual([
      '/',
      '/privacy',
      '/terms',
      '/docs',
      '/unsubscribe',
      '/car-insurance',
      '/broadband-mobile',
      '/energy',
      '/subscriptions',
      '/mortgages',
    ]);
    expect(pageFile('/')).toBe('index.html');
    expect(pageFile('/energy')).toBe('energy.html');
  });

  it('turns a route path into an anchored pattern, optional parameters included', () => {
    expect(routePattern('/savings/:reminderId?')).toBe('^/savings(?:/[^/]+)?$');
    expect(routePattern('/reminders/:reminderId')).toBe('^/reminders/[^/]+$');
    expect(routePattern('/')).toBe('^$');
  });

  it('answers pages, the app shell, files and the 404 page', () => {
    expect(resolveSitePath('/')).toEqual({ file: 'index.html', status: 200 });
    expect(resolveSitePath('/privacy/')).toEqual({ file: 'privacy.html', status: 200 });
    for (const route of Object.values(ROUTES).filter((r) => r.access !== 'public')) {
      const path = route.path.replace(/:\w+\??/, 'abc');
      expect(resolveSitePath(path), path).toEqual({ file: 'app.html', status: 200 });
    }
    for (const screen of Object.values(ADMIN_SCREENS)) {
      expect(resolveSitePath(screen.path)).toEqual({ file: 'app.html', status: 200 });
    }
    expect(resolveSitePath('/savings/')).toEqual({ file: 'app.html', status: 200 });
    expect(resolveSitePath('/assets/index-abc.js')).toBe('asIs');
    expect(resolveSitePath('/robots.txt')).toBe('asIs');
    for (const path of ['/404', '/nope', '/privacy/more', '/reminders', '/reminders/a/b', '/admin/nope']) {
      expect(resolveSitePath(path), path).toEqual({ file: '404.html', status: 404 });
    }
  });
});
