/**
 * Which file of the web build answers a path, derived from the route table (./pages.ts). The build
 * prerenders PRERENDERED_PATHS; the local server answers with resolveSitePath; the CloudFront function
 * (lib/webEdge.ts) is generated from the same lists at synth time, and a test holds it to this one.
 */
import { ADMIN_SCREENS, CATEGORY_SLUGS, categoryPath, ROUTES } from './pages.ts';

/** The signed-in app's shell: every client-side route that is not prerendered (marked noindex). */
/** The app shell's spinner shown until its code runs, outside #root (nothing to hydrate). */
export const APP_LOADING_ID = 'app-loading';
export const APP_SHELL_FILE = 'app.html';
/** The not-found page, sent with a 404 status for any path that is no page. */
export const NOT_FOUND_FILE = '404.html';

/** The pages rendered to HTML at build time: the public routes (the 404 page has its own file) and the category pages. */
export const PRERENDERED_PATHS: readonly string[] = [
  ...Object.values<{ path: string; access: string }>(ROUTES)
    .filter((r) => r.access === 'public' && r.path !== ROUTES.notFound.path)
    .map((r) => r.path),
  ...CATEGORY_SLUGS.map(categoryPath),
];

/** The file a prerendered path is written to: / is index.html, /privacy is privacy.html. */
export const pageFile = (path: string) => (path === '/' ? 'index.html' : `${path.slice(1)}.html`);

/** A React Router path ('/savings/:reminderId?') as an anchored regular expression's source. */
export function routePattern(path: string): string {
  const segments = path
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (segment.startsWith(':')) return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    });
  return `^${segments.join('')}$`;
}

/** The client-side routes the app shell answers: the routes that need the session, and the admin screens. */
export const APP_ROUTE_PATTERNS: readonly string[] = [
  ...Object.values<{ path: string; access: string }>(ROUTES)
    .filter((r) => r.access !== 'public')
    .map((r) => routePattern(r.path)),
  ...Object.values(ADMIN_SCREENS).map((s) => routePattern(s.path)),
];

/** What answers a request: a file of the build with its status, or the path as it is (a file such as /assets/x.js). */
export type SiteAnswer = { file: string; status: 200 | 404 } | 'asIs';

/**
 * The answer for a request's path: a prerendered page's file, the app shell for a client-side route,
 * the path itself when its last segment names a file, else the not-found page with a 404 (/404
 * too: where the app sends non-admins, and a status a crawler understands). One trailing slash is
 * ignored (/privacy/ is /privacy).
 */
export function resolveSitePath(uri: string): SiteAnswer {
  const path = uri.length > 1 && uri.endsWith('/') ? uri.slice(0, -1) : uri;
  if (PRERENDERED_PATHS.includes(path)) return { file: pageFile(path), status: 200 };
  if (APP_ROUTE_PATTERNS.some((pattern) => new RegExp(pattern).test(path)))
    return { file: APP_SHELL_FILE, status: 200 };
  if (path.slice(path.lastIndexOf('/') + 1).includes('.')) return 'asIs';
  return { file: NOT_FOUND_FILE, status: 404 };
}

/**
 * Stands for the site's origin (https://host) in the build's canonical links, sitemap and robots.txt:
 * the build does not know where it will be served. The deploy writes the stage's site URL in its place,
 * the local server its own origin.
 */
export const SITE_ORIGIN_MARKER = '__SITE_ORIGIN__';

/** The build's files that hold SITE_ORIGIN_MARKER: every HTML page, the sitemap and robots.txt. */
export const holdsSiteOrigin = (file: string) => /\.(html|xml)$/.test(file) || file === 'robots.txt';
