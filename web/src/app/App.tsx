import { Suspense, useEffect, type ReactNode } from 'react';
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

/**
 * The app inside a router: the browser's here, a static one when the build prerenders a page
 * (web/src/prerender.tsx). Both render the same tree, so the browser hydrates the page's HTML.
 */
export function AppIn({ router: Router }: { router: (props: { children: ReactNode }) => ReactNode }) {
  return (
    <ErrorBoundary>
      <Router>
        <ScrollToTop />
        <Suspense fallback={<FullPageSpinner />}>
          <AppRoutes />
        </Suspense>
      </Router>
    </ErrorBoundary>
  );
}

export function App() {
  return <AppIn router={BrowserRouter} />;
}
