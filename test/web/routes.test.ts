/** The route table's menus: each menu's links and labels, in order, from the one table. */
import { describe, expect, it } from 'vitest';
import { ADMIN_SCREENS, adminMenu, ROUTES } from '../../web/src/config/routes.ts';
import { ADMIN_MENU, ADMIN_TOOLS } from '../../web/src/features/admin/menus.ts';
import { safeRedirect } from '../../web/src/utils/redirect.ts';

describe('route table', () => {
  it.each([
    // The admin header's menu: every screen but the system test, under its title.
    [
      'admin header',
      ADMIN_MENU,
      'Dashboard /admin; Self Check /admin/self-check; Email Sandbox /admin/email-sandbox; Run Cron /admin/run-cron; Cron Logs /admin/cron-log; Email Logs /admin/email-log; Email Test /admin/email-test',
    ],
    // The public pages' Admin dropdown and footer strip, with their own labels.
    [
      'public Admin dropdown',
      adminMenu((s) => s.publicMenu),
      'Dashboard /admin; Self-Check /admin/self-check; Email Test /admin/email-test; System Test /admin/system-test',
    ],
    [
      'footer strip',
      adminMenu((s) => s.footer === true && s.publicMenu),
      'Self-Check /admin/self-check; Email Test /admin/email-test',
    ],
    // The admin dashboard's tools, in their own order.
    [
      'admin dashboard tools',
      ADMIN_TOOLS,
      'Run System Test /admin/system-test; Test Email /admin/email-test; Run Cron Job /admin/run-cron; View Logs /admin/cron-log',
    ],
  ])('lists the %s links', (_menu, items, expected) => {
    expect(items.map((i) => `${i.label} ${i.to}`).join('; ')).toBe(expected);
  });

  it('shows Access Denied only on the self check (Go Home) and the e-mail test (Go Back)', () => {
    const denied = Object.values(ADMIN_SCREENS).flatMap((s) =>
      'denied' in s ? [`${s.path} ${s.denied}`] : [],
    );
    expect(denied).toEqual(['/admin/self-check home', '/admin/email-test back']);
  });

  it('never sends a signed-in user back to /auth or off the site', () => {
    expect(safeRedirect('/settings')).toBe('/settings');
    expect(safeRedirect(ROUTES.auth.path)).toBe(ROUTES.dashboard.path);
    expect(safeRedirect('/auth?tab=signup')).toBe(ROUTES.dashboard.path);
    expect(safeRedirect('//evil.example')).toBe(ROUTES.dashboard.path);
    expect(safeRedirect('https://evil.example')).toBe(ROUTES.dashboard.path);
    expect(safeRedirect('/auth/callback?code=1')).toBe(ROUTES.dashboard.path);
  });

  it('parses the target as the browser will: tabs, backslashes and unknown paths go nowhere', () => {
    const decoded = new URLSearchParams('redirect=/%09/evil.example').get('redirect');
    expect(safeRedirect(decoded)).toBe(ROUTES.dashboard.path);
    for (const bad of [
      '/\\evil.example',
      '/\n/evil.example',
      '/%2F/evil.example',
      '/nowhere',
      '/settings/../../x',
    ]) {
      expect(safeRedirect(bad), bad).toBe(ROUTES.dashboard.path);
    }
    expect(safeRedirect('/savings/5b0c?from=mail#top')).toBe('/savings/5b0c?from=mail#top');
    expect(safeRedirect('/admin/run-cron')).toBe('/admin/run-cron');
  });
});

describe("the admin header's back button", () => {
  it("reads 'Back to Admin' on /admin, 'Back to Dashboard' on /dashboard, 'Back' elsewhere", async () => {
    const { backTarget } = await import('../../web/src/features/admin/components/AdminLayout.tsx');
    expect(backTarget('/admin')).toEqual({ label: 'Back to Admin', fallback: '/dashboard' });
    expect(backTarget('/admin/')).toEqual({ label: 'Back to Admin', fallback: '/dashboard' });
    expect(backTarget('/dashboard')).toEqual({ label: 'Back to Dashboard', fallback: '/dashboard' });
    expect(backTarget('/admin/cron-log')).toEqual({ label: 'Back', fallback: '/admin' });
  });
});
