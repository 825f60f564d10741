/**
 * Every page of the app, written once: its path, its title, who may open it and its menu labels. The
 * router, the admin screen switch and every menu read this table, and so do the build's prerender, the
 * local server and the CloudFront function (./sitePaths.ts). Data only, as it ships with the pages.
 */

/**
 * public: anyone, without loading the session; guest: signed-out visitors only (a signed-in one goes
 * on); session: anyone, with the session loaded; signedIn: signed-in users (others sign in first);
 * admin: admins (a signed-in non-admin gets /404, or Access Denied where a screen's `denied` says so).
 */
export type Access = 'public' | 'guest' | 'session' | 'signedIn' | 'admin';

export interface AppRoute {
  path: string;
  /** The document title; pages whose title depends on their content set their own. */
  title?: string;
  access: Access;
}

export const ROUTES = {
  home: { path: '/', access: 'public' },
  privacy: { path: '/privacy', title: 'Privacy Policy', access: 'public' },
  terms: { path: '/terms', title: 'Terms of Service', access: 'public' },
  docs: { path: '/docs', title: 'Documentation', access: 'public' },
  unsubscribe: { path: '/unsubscribe', title: 'Unsubscribe', access: 'public' },
  notFound: { path: '/404', title: 'Page not found', access: 'public' },
  auth: { path: '/auth', access: 'guest' },
  authCallback: { path: '/auth/callback', title: 'Completing sign in', access: 'session' },
  dashboard: { path: '/dashboard', title: 'Dashboard', access: 'signedIn' },
  settings: { path: '/settings', title: 'Settings', access: 'signedIn' },
  // The id is optional so that /savings/ alone reaches the page, which sends it to the dashboard.
  savings: { path: '/savings/:reminderId?', title: 'How did you do?', access: 'signedIn' },
  // Titled by the page: the reminder's own title.
  reminder: { path: '/reminders/:reminderId', access: 'signedIn' },
  // An invitation's link (?token=…): signed out, sign in or up first and come back; opening changes nothing.
  householdJoin: { path: '/household/join', title: 'Join a household', access: 'signedIn' },
} as const satisfies Record<string, AppRoute>;

export type RouteKey = keyof typeof ROUTES;

/** /auth on one of its tabs (its ?tab=): every sign-up button opens Sign Up, a sign-in link Sign In. */
export const authTabPath = (tab: 'signin' | 'signup') => `${ROUTES.auth.path}?tab=${tab}`;

/** The outcome page's query parameter naming the renewal it asks about (the end of the term). */
export const SAVINGS_RENEWAL_PARAM = 'renewal';
/**
 * The outcome page of a reminder, for the term ending at `renewalDate`: a link kept in a mail or an
 * open tab then asks about that term only, whatever has been answered since.
 */
export const savingsPath = (reminderId: string, renewalDate?: string) =>
  `/savings/${encodeURIComponent(reminderId)}${
    renewalDate ? `?${SAVINGS_RENEWAL_PARAM}=${encodeURIComponent(renewalDate)}` : ''
  }`;
export const reminderPath = (reminderId: string) => `/reminders/${encodeURIComponent(reminderId)}`;

/** Settings with 'Upload a letter' of 'Your renewal inbox' open: where 'Yes, and here it is' leads. */
export const INBOX_UPLOAD_PARAM = 'upload';
export const inboxUploadPath = `${ROUTES.settings.path}?${INBOX_UPLOAD_PARAM}=letter`;

/** An admin screen: every one needs an admin, so its access is not repeated. */
export interface AdminScreen {
  path: string;
  title: string;
  /** A signed-in non-admin sees Access Denied with Go Home or Go Back here, instead of /404. */
  denied?: 'home' | 'back';
  /** In the admin header's menu under its title, unless this gives another label or false (not in it). */
  menu?: string | false;
  /** Label in the public pages' Admin dropdown (absent: not in it). */
  publicMenu?: string;
  /** Also in the admin strip of the public footer, with the `publicMenu` label. */
  footer?: boolean;
  /** A button on the admin dashboard: its label and place (1 first, shown as the primary one). */
  tool?: { label: string; order: number };
}

/** The admin console's screens, in menu order. */
export const ADMIN_SCREENS = {
  dashboard: {
    path: '/admin',
    title: 'Admin Dashboard',
    menu: 'Dashboard',
    publicMenu: 'Dashboard',
  },
  selfCheck: {
    path: '/admin/self-check',
    title: 'Self Check',
    denied: 'home',
    publicMenu: 'Self-Check',
    footer: true,
  },
  emailSandbox: { path: '/admin/email-sandbox', title: 'Email Sandbox' },
  runCron: {
    path: '/admin/run-cron',
    title: 'Run Cron',
    tool: { label: 'Run Cron Job', order: 3 },
  },
  cronLog: {
    path: '/admin/cron-log',
    title: 'Cron Logs',
    tool: { label: 'View Logs', order: 4 },
  },
  emailLog: { path: '/admin/email-log', title: 'Email Logs' },
  emailTest: {
    path: '/admin/email-test',
    title: 'Email Test',
    denied: 'back',
    publicMenu: 'Email Test',
    footer: true,
    tool: { label: 'Test Email', order: 2 },
  },
  systemTest: {
    path: '/admin/system-test',
    title: 'System Test',
    menu: false,
    publicMenu: 'System Test',
    tool: { label: 'Run System Test', order: 1 },
  },
} as const satisfies Record<string, AdminScreen>;

export type AdminScreenId = keyof typeof ADMIN_SCREENS;

export interface NavItem {
  to: string;
  label: string;
}

/** A menu's links, in table order: the admin screens that have a label for it. */
export function adminMenu(label: (screen: AdminScreen) => string | undefined | false): NavItem[] {
  return Object.values<AdminScreen>(ADMIN_SCREENS).flatMap((s) => {
    const text = label(s);
    return text ? [{ to: s.path, label: text }] : [];
  });
}

/** The five category pages, each at /{slug}; their copy is the web app's. */
export const CATEGORY_SLUGS = [
  'car-insurance',
  'broadband-mobile',
  'energy',
  'subscriptions',
  'mortgages',
] as const;

export type CategorySlug = (typeof CATEGORY_SLUGS)[number];

/** A category page lives at /{slug}. */
export const categoryPath = (slug: CategorySlug) => `/${slug}` as const;
