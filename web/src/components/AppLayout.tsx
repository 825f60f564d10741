/**
 * The frame of every signed-in page: the skip link, the header (the brand, the Admin button for
 * admins, the account menu) and the page's main content. Features wrap their pages in it; ending
 * the session is the app shell's to say (EndSessionContext, provided by app/AuthLayout.tsx), so
 * this frame imports no feature.
 */
import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { meQueryKey, useMe } from '../api/get-me.ts';
import { AccountMenu } from './AccountMenu.tsx';
import { Brand } from './Brand.tsx';
import { ShieldIcon } from './Icons.tsx';
import { SkipLink } from './SkipLink.tsx';
import { ADMIN_SCREENS, ROUTES } from '../config/routes.ts';
import { forgetQueries } from '../api/persisted-queries.ts';
import './AppLayout.css';

/**
 * Ends this browser's session for 'Sign out': the app shell provides it around every signed-in page.
 * Without it, 'Sign out' fails loudly rather than leaving a session behind.
 */
export const EndSessionContext = createContext<() => Promise<void>>(() =>
  Promise.reject(new Error('Sign out needs the session: render signed-in pages inside app/AuthLayout.tsx')),
);

/** The signed-in pages' header: the brand, the Admin button for admins, and the account menu. */
export function AppHeader() {
  const me = useMe();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const endSession = useContext(EndSessionContext);

  useEffect(() => {
    if (me.isError) console.error('Failed to load profile', me.error);
  }, [me.isError, me.error]);

  const initial = me.data?.profile.first_name.trim().charAt(0).toUpperCase() || 'U';

  const signOut = async () => {
    // Sign-out order: the cached profile (and its admin flag), then the session everywhere, then home.
    queryClient.removeQueries({ queryKey: meQueryKey });
    await endSession();
    forgetQueries(queryClient);
    navigate(ROUTES.home.path, { replace: true });
  };

  return (
    <header className="top-bar app-header">
      <div className="container top-bar-inner">
        <Brand to={ROUTES.dashboard.path} />
        <div className="app-header-actions">
          {me.data?.isAdmin === true && (
            <Link to={ADMIN_SCREENS.dashboard.path} className="btn btn-outline btn-sm">
              <ShieldIcon />
              <span className="admin-button-label">Admin</span>
            </Link>
          )}
          <AccountMenu
            initial={initial}
            items={[
              { label: ROUTES.settings.title, onSelect: () => navigate(ROUTES.settings.path) },
              { label: 'Sign out', onSelect: () => void signOut() },
            ]}
          />
        </div>
      </div>
    </header>
  );
}

/** A signed-in page: the app header, an optional sub-header, then the page's main content. */
export function AppLayout({
  narrow = false,
  className,
  subHeader,
  children,
}: {
  narrow?: boolean;
  className?: string;
  subHeader?: ReactNode;
  children: ReactNode;
}) {
  const classes = ['container', 'page', narrow && 'page-narrow', className].filter(Boolean).join(' ');
  return (
    <div className="app-shell">
      <SkipLink />
      <AppHeader />
      {subHeader}
      <main className={classes} id="main">
        {children}
      </main>
    </div>
  );
}
