/**
 * The pages behind the session, each a lazy chunk of its own. Kept out of the session's chunk (in
 * the first bundle, a few lines) so the app shell can start loading the page's code beside the
 * session's, not after it (preloadSessionRoutes in ./router.tsx).
 */
import type { ComponentType } from 'react';
import { matchPath } from 'react-router';
import { ROUTES, type RouteKey } from '../config/routes.ts';
import { preloadable } from '../components/preloadable.tsx';

/** The routes anyone may open without the session. */
export type PublicRouteKey = {
  [K in RouteKey]: (typeof ROUTES)[K]['access'] extends 'public' ? K : never;
}[RouteKey];

export type SessionRouteKey = Exclude<RouteKey, PublicRouteKey>;

const page = (load: () => Promise<{ default: ComponentType }>) =>
  preloadable(() => load().then((m) => m.default));

export const SESSION_PAGES: Record<SessionRouteKey, ReturnType<typeof page>> = {
  auth: page(() => import('../features/auth/pages/AuthPage.tsx')),
  authCallback: page(() => import('../features/auth/pages/AuthCallbackPage.tsx')),
  dashboard: page(() => import('../features/reminders/pages/DashboardPage.tsx')),
  settings: page(() => import('../features/settings/pages/SettingsPage.tsx')),
  savings: page(() => import('../features/savings/pages/SavingsPage.tsx')),
  reminder: page(() => import('../features/reminders/pages/ReminderPage.tsx')),
  householdJoin: page(() => import('../features/household/pages/JoinHouseholdPage.tsx')),
};

/** Loads the code of the page at `pathname`, if it is one of these. */
export async function preloadPageAt(pathname: string): Promise<void> {
  const keys = Object.keys(SESSION_PAGES) as SessionRouteKey[];
  const key = keys.find((k) => matchPath(ROUTES[k].path, pathname));
  if (key) await SESSION_PAGES[key].preload();
}
