import { matchPath } from 'react-router';
import { ADMIN_SCREENS, ROUTES } from '../config/routes.ts';

const AUTH = ROUTES.auth.path;

/** Where a sign-in may send the user on: the app's own pages, the sign-in page itself excluded. */
const DESTINATIONS = [...Object.values(ROUTES), ...Object.values(ADMIN_SCREENS)]
  .map((route) => route.path)
  .filter((path) => path !== AUTH && !path.startsWith(`${AUTH}/`));

/** Tabs, line breaks and backslashes are dropped or rewritten by URL parsers: never follow them. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[\u0000-\u001F\u007F\\]/;

/**
 * Only a path of this site that names a known page is followed after sign-in. The target is parsed
 * as the browser will parse it, so `//evil.example`, `/%09/evil.example` or an absolute URL never
 * leaves the site.
 */
export function safeRedirect(
  value: string | null | undefined,
  fallback: string = ROUTES.dashboard.path,
): string {
  if (!value || !value.startsWith('/') || UNSAFE.test(value)) return fallback;
  const origin = window.location.origin;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== origin) return fallback;
  if (!DESTINATIONS.some((pattern) => matchPath(pattern, url.pathname))) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

export function authPathFor(returnTo: string): string {
  return `${AUTH}?redirect=${encodeURIComponent(returnTo)}`;
}
