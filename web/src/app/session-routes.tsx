/**
 * The part of the app that needs the session, loaded lazily as one chunk: the session layout, the
 * route guards, and the pages behind them (each a lazy chunk of its own).
 */
import { lazy, type ComponentType } from 'react';
import type { Access, AdminScreenId, RouteKey } from '../config/routes.ts';
import { RedirectIfSignedIn, RequireAdmin, RequireAuth } from '../features/auth/guards.tsx';
import { AuthLayout } from './AuthLayout.tsx';
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

const PAGES: Record<Exclude<RouteKey, PublicRouteKey>, ComponentType> = {
  auth: lazy(() => import('../features/auth/pages/AuthPage.tsx')),
  authCallback: lazy(() => import('../features/auth/pages/AuthCallbackPage.tsx')),
  dashboard: lazy(() => import('../features/reminders/pages/DashboardPage.tsx')),
  settings: lazy(() => import('../features/settings/pages/SettingsPage.tsx')),
  savings: lazy(() => import('../features/savings/pages/SavingsPage.tsx')),
  reminder: lazy(() => import('../features/reminders/pages/ReminderPage.tsx')),
  householdJoin: lazy(() => import('../features/household/pages/JoinHouseholdPage.tsx')),
};

/** The page of a route that needs the session, or an admin screen. */
export function SessionPage(props: { page: Exclude<RouteKey, PublicRouteKey> } | { screen: AdminScreenId }) {
  if ('screen' in props) return <AdminPage key={props.screen} screen={props.screen} />;
  const Page = PAGES[props.page];
  return <Page />;
}
