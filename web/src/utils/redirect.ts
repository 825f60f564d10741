/** Only same-origin paths are followed after sign-in: never '//evil.example' or an absolute URL. */
export function safeRedirect(value: string | null | undefined, fallback = '/dashboard'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if (value === '/auth' || value.startsWith('/auth?') || value.startsWith('/auth/')) return fallback;
  return value;
}

export function authPathFor(returnTo: string): string {
  return `/auth?redirect=${encodeURIComponent(returnTo)}`;
}
