import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { AppLayout } from '../../../components/AppLayout.tsx';
import { ArrowLeftIcon } from '../../../components/Icons.tsx';
import { NavDisclosure, NavLinks } from '../../../components/NavDisclosure.tsx';
import { ADMIN_SCREENS, ROUTES, type AdminScreen } from '../../../config/routes.ts';
import { ADMIN_MENU } from '../menus.ts';
import { useGoBack } from '../../../hooks/useGoBack.ts';
import { useMediaQuery } from '../../../hooks/useMediaQuery.ts';
import './AdminLayout.css';

/**
 * The admin header's back button, as the product has always labelled it: 'Back to Admin' on /admin,
 * 'Back to Dashboard' on /dashboard, 'Back' anywhere else. It goes back through this tab's history;
 * opened directly, from /admin to the user dashboard and from an admin tool to /admin.
 */
export function backTarget(pathname: string): { label: string; fallback: string } {
  const path = pathname.replace(/\/+$/, '') || '/';
  const admin = ADMIN_SCREENS.dashboard.path;
  if (path === admin) return { label: 'Back to Admin', fallback: ROUTES.dashboard.path };
  if (path === ROUTES.dashboard.path) return { label: 'Back to Dashboard', fallback: ROUTES.dashboard.path };
  return { label: 'Back', fallback: admin };
}

/** The admin menu: a row of links, or below 768 px a disclosure dropdown naming the current page. */
function AdminNav({ current }: { current: string }) {
  const small = useMediaQuery('(max-width: 767px)');
  return (
    <nav aria-label="Admin" className="admin-nav">
      {small ? (
        <NavDisclosure
          label={
            <>
              Admin menu<span className="visually-hidden">, current page {current}</span>
            </>
          }
          items={ADMIN_MENU}
          className="admin-nav-dropdown"
          buttonClassName="btn btn-outline btn-sm admin-nav-toggle"
          listClassName="nav-disclosure-list admin-nav-menu"
          linkClassName="admin-nav-link"
        />
      ) : (
        <ul className="admin-nav-list">
          <NavLinks items={ADMIN_MENU} className="admin-nav-link" />
        </ul>
      )}
    </nav>
  );
}

/** An admin screen: the app header, the admin header (back button, menu), the title and the body. */
export function AdminLayout({ screen, children }: { screen: AdminScreen; children: ReactNode }) {
  const { pathname } = useLocation();
  const back = backTarget(pathname);
  const goBack = useGoBack(back.fallback);

  return (
    <AppLayout
      className="admin-page"
      subHeader={
        <div className="admin-header">
          <div className="container admin-header-inner">
            <button type="button" className="btn btn-ghost btn-sm back-button" onClick={goBack}>
              <ArrowLeftIcon />
              {back.label}
            </button>
            <AdminNav current={screen.menu || screen.title} />
          </div>
        </div>
      }
    >
      <h1 className="admin-title">{screen.title}</h1>
      {children}
    </AppLayout>
  );
}
