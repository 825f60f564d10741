import { useNavigate } from 'react-router';
import { AppHeader } from '../components/AppHeader.tsx';
import { ArrowLeftIcon } from '../components/Icons.tsx';
import { useDocumentTitle } from '../lib/useDocumentTitle.ts';

/** Placeholder: the profile form and account deletion arrive in a later slice. */
export default function SettingsPage() {
  useDocumentTitle('Settings');
  const navigate = useNavigate();
  return (
    <div className="app-shell">
      <AppHeader />
      <main className="container page page-narrow" id="main">
        <button type="button" className="btn btn-ghost btn-sm back-button" onClick={() => navigate(-1)}>
          <ArrowLeftIcon />
          Back
        </button>
        <section className="card">
          <h1 className="card-title">Profile Settings</h1>
          <p className="muted">Update your personal information and preferences</p>
          <p>Profile editing is coming soon.</p>
        </section>
      </main>
    </div>
  );
}
