/**
 * The route manifest: every API route, declared once. The CDK api construct creates one Lambda and
 * one HTTP API route per entry, the local adapter dispatches with it, and the authorization matrix
 * test generates its cases from it, so a new route cannot escape any of the three.
 *
 * access: 'public' needs no token; 'user' needs a valid access token; 'admin' also needs the
 * `admin` Cognito group in the verified token.
 */
export type Access = 'public' | 'user' | 'admin';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteDef {
  /** Stable name: the Lambda's logical id and the handler file lambdas/api/{name}.ts. */
  name: string;
  method: HttpMethod;
  /** API Gateway path syntax: /api/reminders/{id} */
  path: string;
  access: Access;
  /** Owner-scoped routes: another user's id must give 404 (the authorization matrix checks it). */
  ownerScoped?: boolean;
}

export const ROUTES = [
  { name: 'getConfig', method: 'GET', path: '/api/config', access: 'public' },
  { name: 'getPromotion', method: 'GET', path: '/api/promotion', access: 'public' },
  { name: 'reportNotFound', method: 'POST', path: '/api/not-found', access: 'public' },
  { name: 'unsubscribe', method: 'POST', path: '/api/unsubscribe', access: 'public' },
  { name: 'getMe', method: 'GET', path: '/api/me', access: 'user' },
  { name: 'updateMe', method: 'PUT', path: '/api/me', access: 'user' },
  { name: 'deleteMe', method: 'DELETE', path: '/api/me', access: 'user' },
  { name: 'listSavings', method: 'GET', path: '/api/savings', access: 'user' },
  { name: 'listReminders', method: 'GET', path: '/api/reminders', access: 'user' },
  { name: 'createReminder', method: 'POST', path: '/api/reminders', access: 'user' },
  { name: 'getReminder', method: 'GET', path: '/api/reminders/{id}', access: 'user', ownerScoped: true },
  { name: 'updateReminder', method: 'PUT', path: '/api/reminders/{id}', access: 'user', ownerScoped: true },
  {
    name: 'deleteReminder',
    method: 'DELETE',
    path: '/api/reminders/{id}',
    access: 'user',
    ownerScoped: true,
  },
  {
    name: 'recordSavings',
    method: 'POST',
    path: '/api/reminders/{id}/savings',
    access: 'user',
    ownerScoped: true,
  },
  { name: 'adminStats', method: 'GET', path: '/api/admin/stats', access: 'admin' },
  { name: 'adminConfig', method: 'GET', path: '/api/admin/config', access: 'admin' },
  { name: 'adminHandshake', method: 'GET', path: '/api/admin/handshake', access: 'admin' },
  { name: 'adminHealth', method: 'GET', path: '/api/admin/health', access: 'admin' },
  { name: 'adminEmailSends', method: 'GET', path: '/api/admin/email-sends', access: 'admin' },
  { name: 'adminEmailLogs', method: 'GET', path: '/api/admin/email-logs', access: 'admin' },
  { name: 'adminCronRuns', method: 'GET', path: '/api/admin/cron-runs', access: 'admin' },
  { name: 'adminAudit', method: 'GET', path: '/api/admin/audit', access: 'admin' },
  { name: 'adminRunCron', method: 'POST', path: '/api/admin/run-cron', access: 'admin' },
  { name: 'adminTestEmail', method: 'POST', path: '/api/admin/test-email', access: 'admin' },
  { name: 'adminSystemTest', method: 'POST', path: '/api/admin/system-test', access: 'admin' },
] as const satisfies readonly RouteDef[];

export type RouteName = (typeof ROUTES)[number]['name'];

/** Match a concrete path against a manifest path; returns the path parameters or null. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const patternParts = pattern.split('/');
  const pathParts = path.split('/');
  if (patternParts.length !== pathParts.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < patternParts.length; i++) {
    const p = patternParts[i]!;
    const actual = pathParts[i]!;
    if (p.startsWith('{') && p.endsWith('}')) {
      if (actual === '') return null;
      params[p.slice(1, -1)] = decodeURIComponent(actual);
    } else if (p !== actual) {
      return null;
    }
  }
  return params;
}
