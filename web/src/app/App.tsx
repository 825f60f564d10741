import { Suspense, useEffect } from 'react';
import { BrowserRouter, useLocation } from 'react-router';
import { FullPageSpinner } from '../components/Spinner.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { AppRoutes } from './router.tsx';

/** A new page starts at the top, unless the address points into it (#fragment). */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!window.location.hash) window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

export function App() {
  return (
    <ErrorBoundary>
      <BrowserRouter>
        <ScrollToTop />
        <Suspense fallback={<FullPageSpinner />}>
          <AppRoutes />
        </Suspense>
      </BrowserRouter>
    </ErrorBoundary>
  );
}
