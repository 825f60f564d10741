/**
 * The security headers of every response of the site and the API, defined once. Plain data with no
 * CDK import: the CloudFront response headers policy (lib/webEdge.ts) maps it to CDK types, and the
 * local server (lib/local/) sends the same headers, so the end-to-end tests run under the real CSP.
 */

/** Where the SPA's Cognito calls go: the region's public endpoint on AWS, the page's own origin locally. */
export type CognitoEndpoint = { region: string } | 'same-origin';

/**
 * The SPA's Content-Security-Policy. Scripts only from the site itself. Styles also allow inline
 * `<style>`: the build inlines the first stylesheet and the brand colour into index.html (first paint
 * without a second request) and sonner adds its stylesheet at run time; neither carries user input.
 * The service worker (push notifications, the app shell) is a script of the site itself; `worker-src`
 * says so outright rather than leaving it to fall back through `script-src`.
 */
export function contentSecurityPolicy(cognito: CognitoEndpoint): string {
  const connect =
    cognito === 'same-origin' ? "'self'" : `'self' https://cognito-idp.${cognito.region}.amazonaws.com`;
  return [
    "default-src 'self'",
    `connect-src ${connect}`,
    "img-src 'self' data:",
    "style-src 'self' 'unsafe-inline'",
    "script-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** The other headers, as CloudFront's security headers behaviour and a custom header express them. */
export const SECURITY_HEADERS = {
  /** Two years, subdomains included, preload-ready. */
  hstsMaxAgeSeconds: 2 * 365 * 24 * 60 * 60,
  hstsIncludeSubdomains: true,
  hstsPreload: true,
  frameOptions: 'DENY',
  referrerPolicy: 'strict-origin-when-cross-origin',
  /** The SPA uses none of these browser features; nothing it embeds may either. */
  permissionsPolicy: 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
} as const;

/** The headers as sent on the wire (the local server adds these to every response). */
export function securityHeaderValues(cognito: CognitoEndpoint): Record<string, string> {
  const hsts = [
    `max-age=${SECURITY_HEADERS.hstsMaxAgeSeconds}`,
    ...(SECURITY_HEADERS.hstsIncludeSubdomains ? ['includeSubDomains'] : []),
    ...(SECURITY_HEADERS.hstsPreload ? ['preload'] : []),
  ].join('; ');
  return {
    'content-security-policy': contentSecurityPolicy(cognito),
    'strict-transport-security': hsts,
    'x-frame-options': SECURITY_HEADERS.frameOptions,
    'x-content-type-options': 'nosniff',
    'referrer-policy': SECURITY_HEADERS.referrerPolicy,
    'permissions-policy': SECURITY_HEADERS.permissionsPolicy,
  };
}
