/**
 * The part of the app that needs the session, loaded lazily as one chunk: the session layout, the
 * route guards, and the pages behind them (each a lazy chunk of its own).
 */
import { lazy, type ComponentType } from 'react';
import { matchPath } from 'react-router';
import { ROUTES, type Access, type AdminScreenId, type RouteKey } from '../config/routes.ts';
import { RedirectIfSignedIn, RequireAdmin, RequireAuth } from '../features/auth/guards.tsx';
import { AuthLayout } from './AuthLayout.tsx';
import { preloadable } from './preloadable.tsx';
import type { PublicRouteKey } from './router.tsx';

/** What wraps the routes of each access level: the session itself, then the guard of the level. */
const GATES: Record<Exclude<Access, 'public'>, ComponentType> = {
  session: AuthLayout,
  guest: RedirectIfSignedIn,
  signedIn: RequireAuth,
  admin: RequireAdmin,
};

export function Gate({ access }: { access: Exclude<Access, 'public'> }) {
  const Wrapper = GATES[access];
  return <Wrapper />;
}

const AdminPage = lazy(() => import('../features/admin/pages/AdminPage.tsx'));

type SessionRouteKey = Exclude<RouteKey, PublicRouteKey>;
const page = (load: () => Promise<{ default: ComponentType }>) =>
  preloadable(() => load().then((m) => m.default));

const PAGES: Record<SessionRouteKey, ReturnType<typeof page>> = {
  auth: page(() => import('../features/auth/pages/AuthPage.tsx')),
  authCallback: page(() => import('../features/auth/pages/AuthCallbackPage.tsx')),
  dashboard: page(() => import('../features/reminders/pages/DashboardPage.tsx')),
  settings: page(() => import('../features/settings/pages/SettingsPage.tsx')),
  savings: page(() => import('../features/savings/pages/SavingsPage.tsx')),
  reminder: page(() => import('../features/reminders/pages/ReminderPage.tsx')),
};

/** Loads the code of the page at `pathname`, if it is one of these (see preloadSessionRoutes). */
export async function preloadPageAt(pathname: string): Promise<void> {
  const keys = Object.keys(PAGES) as SessionRouteKey[];
  const key = keys.find((k) => matchPath(ROUTES[k].path, pathname));
  if (key) await PAGES[key].preload();
}

/** The page of a route that needs the session, or an admin screen. */
export function SessionPage(props: { page: Exclude<RouteKey, PublicRouteKey> } | { screen: AdminScreenId }) {
  if ('screen' in props) return <AdminPage key={props.screen} screen={props.screen} />;
  const Page = PAGES[props.page].Component;
  return <Page />;
}
