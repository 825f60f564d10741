import { Link } from 'react-router';
import { AppHeader } from '../components/AppHeader.tsx';
import { useDocumentTitle } from '../lib/useDocumentTitle.ts';

/** Placeholder: the savings outcome form arrives in a later slice. */
export default function SavingsPage() {
  useDocumentTitle('How did you do?');
  return (
    <div className="app-shell">
      <AppHeader />
      <main className="container page page-narrow" id="main">
        <section className="card">
          <h1 className="card-title">How did you do?</h1>
          <p className="muted">Recording your savings is coming soon.</p>
          <Link to="/dashboard" className="btn btn-outline">
            Back to Dashboard
          </Link>
        </section>
      </main>
    </div>
  );
}
