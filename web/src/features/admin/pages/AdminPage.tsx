import { useEffect, type ComponentType } from 'react';
import { Navigate } from 'react-router';
import { useMe } from '../../../api/get-me.ts';
import { FullPageSpinner } from '../../../components/Spinner.tsx';
import { ADMIN_SCREENS, ROUTES, type AdminScreen, type AdminScreenId } from '../../../config/routes.ts';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle.ts';
import { AccessDenied } from '../components/AccessDenied.tsx';
import { AdminLayout } from '../components/AdminLayout.tsx';
import { AdminDashboard } from '../screens/AdminDashboard.tsx';
import { CronLogScreen } from '../screens/CronLogScreen.tsx';
import { EmailLogScreen } from '../screens/EmailLogScreen.tsx';
import { EmailSandboxScreen } from '../screens/EmailSandboxScreen.tsx';
import { EmailTestScreen } from '../screens/EmailTestScreen.tsx';
import { RunCronScreen } from '../screens/RunCronScreen.tsx';
import { SelfCheckScreen } from '../screens/SelfCheckScreen.tsx';
import { SystemTestScreen } from '../screens/SystemTestScreen.tsx';
import '../admin.css';

/** The body of each admin screen of the route table. */
const SCREENS: Record<AdminScreenId, ComponentType> = {
  dashboard: AdminDashboard,
  selfCheck: SelfCheckScreen,
  emailSandbox: EmailSandboxScreen,
  runCron: RunCronScreen,
  cronLog: CronLogScreen,
  emailLog: EmailLogScreen,
  emailTest: EmailTestScreen,
  systemTest: SystemTestScreen,
};

/**
 * One admin screen: the admin check, the admin header, and the screen. The server enforces admin
 * access on every admin API call; this check keeps a screen from ever rendering for a non-admin, who
 * gets Access Denied where the table says so and /404 everywhere else.
 */
export default function AdminPage({ screen }: { screen: AdminScreenId }) {
  const meta: AdminScreen = ADMIN_SCREENS[screen];
  useDocumentTitle(meta.title);
  const me = useMe();

  useEffect(() => {
    // An admin check that fails is only logged, and counts as not admin.
    if (me.isError) console.error('Admin check failed', me.error);
  }, [me.isError, me.error]);

  if (me.isPending) return <FullPageSpinner label="Checking access" />;
  if (me.data?.isAdmin !== true || me.data.profile.is_admin !== true) {
    return meta.denied ? (
      <AccessDenied action={meta.denied} />
    ) : (
      <Navigate to={ROUTES.notFound.path} replace />
    );
  }
  const Screen = SCREENS[screen];
  return (
    <AdminLayout screen={meta}>
      <Screen />
    </AdminLayout>
  );
}
