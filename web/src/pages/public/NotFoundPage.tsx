import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';

export default function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <main className="full-page-center">
      <div className="not-found">
        <h1>404</h1>
        <p>Oops! Page not found</p>
        <Link to="/" className="btn btn-primary">
          Return to Home
        </Link>
      </div>
    </main>
  );
}
