import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AppLayout } from '../../../app/AppLayout.tsx';
import { ArrowLeftIcon } from '../../../components/Icons.tsx';
import { NavDisclosure, NavLinks } from '../../../components/NavDisclosure.tsx';
import { ADMIN_SCREENS, ROUTES, type AdminScreen } from '../../../config/routes.ts';
import { ADMIN_MENU } from '../menus.ts';
import { useMediaQuery } from '../../../hooks/useMediaQuery.ts';
import './AdminLayout.css';

/**
 * The admin header's back button names where it goes: from the admin dashboard 'Back to Dashboard'
 * (the user dashboard), from an admin tool 'Back to Admin' (the admin dashboard), anywhere else a
 * plain 'Back' through the history.
 */
export function backTarget(pathname: string): { label: string; to: string | null } {
  const path = pathname.replace(/\/+$/, '') || '/';
  const admin = ADMIN_SCREENS.dashboard.path;
  if (path === admin) return { label: 'Back to Dashboard', to: ROUTES.dashboard.path };
  if (path.startsWith(`${admin}/`)) return { label: 'Back to Admin', to: admin };
  return { label: 'Back', to: null };
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
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const back = backTarget(pathname);

  return (
    <AppLayout
      className="admin-page"
      subHeader={
        <div className="admin-header">
          <div className="container admin-header-inner">
            <button
              type="button"
              className="btn btn-ghost btn-sm back-button"
              onClick={() => (back.to ? navigate(back.to) : navigate(-1))}
            >
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
