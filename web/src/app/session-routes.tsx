/**
 * The part of the app that needs the session, loaded lazily as one chunk: the session layout, the
 * route guards, and the pages behind them (each a lazy chunk of its own, ./session-pages.ts).
 */
import { lazy, type ComponentType } from 'react';
import type { Access, AdminScreenId } from '../config/routes.ts';
import { RedirectIfSignedIn, RequireAdmin, RequireAuth } from '../features/auth/guards.tsx';
import { AuthLayout } from './AuthLayout.tsx';
import { SESSION_PAGES, type SessionRouteKey } from './session-pages.ts';

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

/** The page of a route that needs the session, or an admin screen. */
export function SessionPage(props: { page: SessionRouteKey } | { screen: AdminScreenId }) {
  if ('screen' in props) return <AdminPage key={props.screen} screen={props.screen} />;
  const Page = SESSION_PAGES[props.page].Component;
  return <Page />;
}
