import { ROUTES } from '../config/routes.ts';

const AUTH = ROUTES.auth.path;

/** Only same-origin paths are followed after sign-in: never '//evil.example' or an absolute URL. */
export function safeRedirect(
  value: string | null | undefined,
  fallback: string = ROUTES.dashboard.path,
): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if (value === AUTH || value.startsWith(`${AUTH}?`) || value.startsWith(`${AUTH}/`)) return fallback;
  return value;
}

export function authPathFor(returnTo: string): string {
  return `${AUTH}?redirect=${encodeURIComponent(returnTo)}`;
}
