// Before anything that parses with zod: the CSP allows no eval.
import './csp.ts';
// The shared styles first: every feature's own stylesheet builds on them.
import './styles/tokens.css';
import './styles/base.css';
import './styles/buttons.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { preloadSessionRoutes } from './app/router.tsx';
// Chromium offers installing once, early: caught from the first script for 'Install app'.
import './features/notifications/install-prompt.ts';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// A transition makes the first render interruptible: React yields to the browser every few
// milliseconds instead of blocking the main thread for the whole page (lower Total Blocking Time).
// A prerendered page (the build wrote its HTML into #root) is hydrated; the app shell is rendered.
// The app shell (a signed-in route) first loads the code of the session and the page, so the first
// render shows the page itself: a fallback first would hold its reveal back (React throttles it).
if (root.hasChildNodes()) startTransition(() => void hydrateRoot(root, app));
else
  void preloadSessionRoutes(window.location.pathname)
    .catch(() => undefined) // the lazy components try again, and report a failure
    .finally(() => startTransition(() => createRoot(root).render(app)));
