import { useEffect, type ComponentType } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useMe } from '../../api/queries.ts';
import { FullPageSpinner } from '../../components/Spinner.tsx';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { AccessDenied, AdminLayout } from './AdminLayout.tsx';
import { AdminDashboard } from './AdminDashboard.tsx';
import { CronLogScreen } from './CronLogScreen.tsx';
import { EmailLogScreen } from './EmailLogScreen.tsx';
import { EmailSandboxScreen } from './EmailSandboxScreen.tsx';
import { EmailTestScreen } from './EmailTestScreen.tsx';
import { RunCronScreen } from './RunCronScreen.tsx';
import { SelfCheckScreen } from './SelfCheckScreen.tsx';
import { SystemTestScreen } from './SystemTestScreen.tsx';

const SCREENS: Record<string, ComponentType> = {
  '/admin': AdminDashboard,
  '/admin/self-check': SelfCheckScreen,
  '/admin/email-sandbox': EmailSandboxScreen,
  '/admin/run-cron': RunCronScreen,
  '/admin/cron-log': CronLogScreen,
  '/admin/email-log': EmailLogScreen,
  '/admin/email-test': EmailTestScreen,
  '/admin/system-test': SystemTestScreen,
};

/**
 * Spec sections 2 and 6: non-admins on the self check see Access Denied with Go Home, on the e-mail
 * test Access Denied with Go Back; on every other admin page they go to /404. App.tsx routes these two
 * pages through RequireAuth only (signed-out visitors still go to /auth) and the rest through
 * RequireAdmin; this component checks again, so a page never renders for a non-admin.
 */
const ACCESS_DENIED: Record<string, 'home' | 'back'> = {
  '/admin/self-check': 'home',
  '/admin/email-test': 'back',
};

/** One admin screen: the admin check, the admin header, and the screen for the current path. */
export default function AdminPage({ title }: { title: string }) {
  useDocumentTitle(title);
  const { pathname } = useLocation();
  const path = pathname.replace(/\/+$/, '') || '/';
  const me = useMe();

  useEffect(() => {
    // Spec section 8: an admin-check failure is only logged (and treated as not admin).
    if (me.isError) console.error('Admin check failed', me.error);
  }, [me.isError, me.error]);

  if (me.isPending) return <FullPageSpinner label="Checking access" />;
  if (me.data?.isAdmin !== true || me.data.profile.is_admin !== true) {
    const denied = ACCESS_DENIED[path];
    return denied ? <AccessDenied action={denied} /> : <Navigate to="/404" replace />;
  }
  const Screen = SCREENS[path];
  if (!Screen) return <Navigate to="/404" replace />;
  return (
    <AdminLayout title={title}>
      <Screen />
    </AdminLayout>
  );
}
