import { useNavigate } from 'react-router';
import { ROUTES } from '../../../config/routes.ts';
import { useGoBack } from '../../../hooks/useGoBack.ts';
import './AccessDenied.css';

/** What a signed-in non-admin sees on the admin screens that say so: a denial and a way out. */
export function AccessDenied({ action }: { action: 'home' | 'back' }) {
  const navigate = useNavigate();
  const goBack = useGoBack(ROUTES.dashboard.path);
  const [label, go] = action === 'home' ? ['Go Home', () => navigate(ROUTES.home.path)] : ['Go Back', goBack];
  return (
    <main className="full-page-center" id="main">
      <div className="card message-card admin-denied">
        <h1>Access Denied</h1>
        <p className="muted">
          You don&apos;t have permission to access this page. This area is restricted to administrators only.
        </p>
        <button type="button" className="btn btn-primary" onClick={go}>
          {label}
        </button>
      </div>
    </main>
  );
}
