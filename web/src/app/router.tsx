import { lazy, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { ADMIN_SCREENS, ROUTES, type Access, type AdminScreenId, type RouteKey } from '../config/routes.ts';
import { CATEGORY_LINKS, categoryPath } from '../features/public/content/category-links.ts';
import LandingPage from '../features/public/pages/LandingPage.tsx';
import NotFoundPage from '../features/public/pages/NotFoundPage.tsx';
import { hasSavedQueries } from '../api/saved-queries.ts';
import { loadWebConfig } from '../features/auth/web-config.ts';
import { preloadable } from '../components/preloadable.tsx';
import { preloadPageAt, type PublicRouteKey } from './session-pages.ts';

// The landing page and the 404 are in the first bundle; the other public pages are small lazy chunks.
const PUBLIC_PAGES: Record<PublicRouteKey, ComponentType> = {
  home: LandingPage,
  privacy: lazy(() => import('../features/public/pages/PrivacyPage.tsx')),
  terms: lazy(() => import('../features/public/pages/TermsPage.tsx')),
  docs: lazy(() => import('../features/public/pages/DocsPage.tsx')),
  unsubscribe: lazy(() => import('../features/public/pages/UnsubscribePage.tsx')),
  notFound: NotFoundPage,
};
const CategoryPage = lazy(() => import('../features/public/pages/CategoryPage.tsx'));

// Everything that needs TanStack Query or the toaster (session, guards, signed-in pages) is one
// lazy chunk, off the public pages (Amplify is a chunk of its own, loaded by the session).
const session = () => import('./session-routes.tsx');
const gate = preloadable(() => session().then((m) => m.Gate));
const sessionPage = preloadable(() => session().then((m) => m.SessionPage));
const Gate = gate.Component;
const SessionPage = sessionPage.Component;

/**
 * The app shell (a signed-in route): loads the session's chunk and the page's at `pathname`, so the
 * first render has them and shows the page (a kept list at once) with no fallback in between.
 */
export async function preloadSessionRoutes(pathname: string): Promise<void> {
  // With nothing kept to show, the first list waits for the session, which reads /config.json and
  // Amplify first thing: both start now, beside the page's code (not awaited; a failure is the
  // session's to retry and report). A kept list shows first: they would only hold it back.
  if (!hasSavedQueries()) {
    void loadWebConfig().catch(() => undefined);
    void import('../features/auth/amplify.ts').then((m) => m.ensureAmplify()).catch(() => undefined);
  }
  await Promise.all([gate.preload(), sessionPage.preload(), preloadPageAt(pathname)]);
}

const pageRoutes = Object.entries(ROUTES) as [RouteKey, (typeof ROUTES)[RouteKey]][];
const adminScreens = Object.entries(ADMIN_SCREENS) as [
  AdminScreenId,
  (typeof ADMIN_SCREENS)[AdminScreenId],
][];

/** Inside the session, the access levels that have a guard of their own. */
const GUARDED = ['guest', 'signedIn', 'admin'] as const;

/** The routes of one access level: the table's pages, and the admin screens that it guards. */
function routesFor(access: Access) {
  const pages = pageRoutes
    .filter(([, r]) => r.access === access)
    .map(([key, r]) => {
      const Page = PUBLIC_PAGES[key as PublicRouteKey];
      const element = Page ? <Page /> : <SessionPage page={key as Exclude<RouteKey, PublicRouteKey>} />;
      return <Route key={r.path} path={r.path} element={element} />;
    });
  // Screens with Access Denied need only sign-in here: the admin page itself shows non-admins the denial.
  const screens = adminScreens
    .filter(([, s]) => ('denied' in s ? 'signedIn' : 'admin') === access)
    .map(([id, s]) => <Route key={s.path} path={s.path} element={<SessionPage screen={id} />} />);
  return [...pages, ...screens];
}

export function AppRoutes() {
  return (
    <Routes>
      {routesFor('public')}
      {CATEGORY_LINKS.map((c) => (
        <Route key={c.slug} path={categoryPath(c.slug)} element={<CategoryPage slug={c.slug} />} />
      ))}
      <Route element={<Gate access="session" />}>
        {routesFor('session')}
        {GUARDED.map((access) => (
          <Route key={access} element={<Gate access={access} />}>
            {routesFor(access)}
          </Route>
        ))}
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
