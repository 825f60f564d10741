/**
 * What each route's function is given beyond the common environment and its table reads: extra
 * rights, memory and environment, by route name. Read by the route stacks (lib/routeStack.ts), which
 * build the functions, and by the infra tests.
 */
import { groupRoutePath } from '../shared/contract.ts';
import { ROUTES, type RouteDef, type RouteName } from '../shared/routes.ts';
import { keys, RATE_LIMIT_NAMES } from '../shared/table.ts';

/** Rights a route's handler needs beyond its table access. */
export type RoutePermission =
  /** ses:SendEmail through the configuration set (test mails). */
  | 'ses:send'
  /** ses:GetAccount and the identity's status (the self-check handshake). */
  | 'ses:status'
  /** cognito-idp:AdminUpdateUserAttributes (settings mirrored to the user's attributes). */
  | 'cognito:updateUser'
  /** cognito-idp:AdminUserGlobalSignOut and AdminDeleteUser (account deletion signs out everywhere first). */
  | 'cognito:deleteUser'
  /** cognito-idp:AdminUserGlobalSignOut ('Sign out everywhere' revokes every refresh token). */
  | 'cognito:signOut'
  /** cognito-idp:DescribeUserPool (the admin health check reaches the pool). */
  | 'cognito:describePool'
  /** lambda:InvokeFunction on the reminder job (the admin "Run Cron", real mode), and its name (JOB_FUNCTION_NAME). */
  | 'job:invoke'
  /** secretsmanager:GetSecretValue on the unsubscribe key, and its ARN in the environment. */
  | 'unsubscribe:key'
  /** Table writes for a GET route that records something as it answers. */
  | 'table:write'
  /** secretsmanager:GetSecretValue on the seed of the stage's VAPID keys, and its ARN in the environment. */
  | 'push:key'
  /** secretsmanager:GetSecretValue on the DVLA's API key (when the stage has one), and its ARN in the environment. */
  | 'dvla:key'
  /** secretsmanager:GetSecretValue on the Telegram bot's token (when the stage has a bot), its name and the bot's. */
  | 'telegram:token';

/**
 * Extra rights per route, by route name. Least privilege: a route gets table reads (GET) or reads and
 * writes (other methods) and nothing else unless it is listed here; TABLE_ACTIONS in lib/data.ts. Add an entry when a handler needs more.
 */
export const ROUTE_PERMISSIONS: Partial<Record<RouteName, readonly RoutePermission[]>> = {
  // Settings are mirrored to the Cognito attributes (given_name, custom:country, …).
  updateMe: ['cognito:updateUser'],
  // Account deletion removes the Cognito user too, and first leaves the household, mailing its members.
  deleteMe: ['cognito:deleteUser', 'ses:send', 'unsubscribe:key'],
  // 'Sign out everywhere' revokes the user's refresh tokens before ending their access tokens.
  signOutEverywhere: ['cognito:signOut'],
  // The household group (one function): the invitation and the members' notes are mailed; the
  // address's keyed hash (the invitation's mail key, the suppression check) needs the key.
  inviteToHousehold: ['ses:send', 'unsubscribe:key'],
  joinHousehold: ['ses:send', 'unsubscribe:key'],
  leaveHousehold: ['ses:send', 'unsubscribe:key'],
  removeHouseholdMember: ['ses:send', 'unsubscribe:key'],
  // Verifies the signed token of an unsubscribe link.
  unsubscribe: ['unsubscribe:key'],
  unsubscribeDetails: ['unsubscribe:key'],
  // Calendar addresses are derived from the same key (decision 0020); a mailed event link is signed with it.
  // The first view of the link issues the feed token (a write).
  getCalendarLink: ['unsubscribe:key', 'table:write'],

  resetCalendarLink: ['unsubscribe:key'],
  // Its token is sealed with a key derived from this one (lambdas/runtime/eventLink.ts).
  getReminderEvent: ['unsubscribe:key'],
  // The SES handshake: GetAccount and the identity's status.
  adminHandshake: ['ses:status'],
  // Table, user pool, SES handshake, last run, schedule.
  adminHealth: ['ses:status', 'cognito:describePool'],
  adminSystemTest: ['ses:status', 'cognito:describePool'],
  // A real reminder mail to the admin, with its signed unsubscribe link.
  adminTestEmail: ['ses:send', 'unsubscribe:key'],
  // Real mode invokes the job; simulate runs the planner in-process, which checks the owners'
  // addresses against the suppression list: their keyed hashes need the key.
  adminRunCron: ['job:invoke', 'unsubscribe:key'],
  // The VAPID keys: the public one for the browser to subscribe with, the pair to sign pushes.
  listPushDevices: ['push:key'],
  sendTestPush: ['push:key'],
  // 'Look up MOT and tax dates' asks the DVLA with the stage's key.
  lookUpVehicle: ['dvla:key'],
  // The channels group (one function): whether the site has a bot, its connect link, a test in the
  // chat. The bot's webhook checks Telegram's secret header, derived from the token.
  getChannels: ['telegram:token'],
  connectTelegram: ['telegram:token'],
  testChannel: ['telegram:token'],
  telegramWebhook: ['telegram:token'],
};

/** A table write action (lib/data.ts TABLE_ACTIONS.write). */
export type TableWrite =
  | 'dynamodb:PutItem'
  | 'dynamodb:UpdateItem'
  | 'dynamodb:DeleteItem'
  | 'dynamodb:BatchWriteItem'
  | 'dynamodb:ConditionCheckItem';

/** A route's table rights when its handler needs less than the method's default (Data.grantItems). */
export interface TableAccess {
  /** The item reads (GetItem, BatchGetItem, Query), anywhere in the table. */
  reads: boolean;
  /** The writes its handler makes, only in partitions whose key matches one of `partitions` (dynamodb:LeadingKeys). */
  writes?: { actions: readonly TableWrite[]; partitions: readonly string[] };
}

/** UpdateItem on the per-token counters of a rate limit, `{name}:{token hash}`, and nothing else. */
const rateLimitWrites = (name: string): TableAccess['writes'] => ({
  actions: ['dynamodb:UpdateItem'],
  partitions: [keys.rateLimit(`${name}:*`, '*')],
});

/**
 * Least privilege for the routes anyone may call without signing in that write: only the calls
 * their handler makes, only on the partitions it makes them in. Other routes get reads (GET) or
 * reads and writes, as ROUTE_PERMISSIONS says.
 */
export const ROUTE_TABLE_ACCESS: Partial<Record<RouteName, TableAccess>> = {
  // Counts reports in its own rate-limit item (lambdas/features/admin/notFoundReport.ts), reads nothing.
  reportNotFound: {
    reads: false,
    writes: {
      actions: ['dynamodb:UpdateItem'],
      partitions: [keys.rateLimit(RATE_LIMIT_NAMES.notFoundReports, '*')],
    },
  },
  // Turns the profile's reminder e-mails off, or records that an invitee wants no more invitations
  // (lambdas/features/account/unsubscribe.ts); the signed token names whom, and it reads nothing.
  unsubscribe: {
    reads: false,
    writes: {
      actions: ['dynamodb:UpdateItem', 'dynamodb:PutItem'],
      partitions: [keys.user('*'), keys.noInvitations('*', '*')],
    },
  },
  // Whose invitation a token is: reads the invitation and the inviter's name, writes nothing.
  invitationInviter: { reads: true },
  // The calendar files read the owner's reminders and count requests per token in their own
  // rate-limit items (lambdas/store/rateLimits/): a read-only role would answer AccessDenied.
  getCalendarFeed: { reads: true, writes: rateLimitWrites(RATE_LIMIT_NAMES.calendarFeed) },
  getReminderEvent: { reads: true, writes: rateLimitWrites(RATE_LIMIT_NAMES.calendarEvent) },
  // The bot's webhook (Telegram's secret header is its credential): binds a chat (puts the channel
  // and the chat's lookup, marks the link used, names the channel on the profile) and ends one
  // (/stop: updates). It never deletes (lambdas/store/channels/telegram.ts).
  telegramWebhook: {
    reads: true,
    writes: {
      actions: ['dynamodb:PutItem', 'dynamodb:UpdateItem'],
      partitions: [keys.user('*'), keys.telegramLinkLookup('*'), keys.telegramChat('*')],
    },
  },
};

/**
 * Memory (MB) of the route functions that need more than the default 256; Lambda's CPU share grows
 * with it (1,769 MB is one vCPU). The admin Simulate plans and records every mail due on a date
 * within the function's timeout: for 5,000 mails about 2.5 s of CPU on a full core (profiled on
 * the local stack, `npm run bench:simulate`), which 256 MB would stretch to some 17 s. It runs
 * only when an admin asks.
 */
export const ROUTE_MEMORY_MB: Partial<Record<RouteName, number>> = {
  adminRunCron: 1769,
  // Reads an uploaded PDF (PDF.js) or photo (OCR in WebAssembly) within the reading's 20 s deadline.
  uploadToInbox: 2048,
};

/**
 * Timeouts (seconds) of the route functions that need more than API_FUNCTION_TIMEOUT (10 s). API
 * Gateway answers 503 after 30 s, so none goes past 28.
 */
export const ROUTE_TIMEOUT_SECONDS: Partial<Record<RouteName, number>> = {
  // The reading's own deadline is 20 s (lambdas/features/inbox/document.ts), a cold start of OCR about 2 s more.
  uploadToInbox: 28,
};

/** A route function's description: its routes (one, or a group's) and their access. */
/** Lambda's limit on a function's description. */
export const DESCRIPTION_MAX = 256;

/**
 * A route function's description: its routes ('POST /api/household/join, …'), or for a group whose
 * list would pass Lambda's limit, the group's one route and how many it serves.
 */
export function functionDescription(routes: readonly RouteDef[]): string {
  const access = `(${routes[0]?.access ?? 'user'})`;
  const listed = `${routes.map((route) => `${route.method} ${route.path}`).join(', ')} ${access}`;
  const group = routes[0]?.group;
  if (listed.length <= DESCRIPTION_MAX || !group) return listed;
  return `ANY ${groupRoutePath(group)}: the ${routes.length} routes of the ${group} group ${access}`;
}

/** The routes served by the same function as `route`: itself, or its group's (decision 0036). */
export const routesSharingFunction = (route: RouteDef, routes: readonly RouteDef[] = ROUTES) =>
  route.group ? routes.filter((other) => other.group === route.group) : [route];

/** Environment a route's handler reads beyond the common one (lambdas/runtime/env.ts), by route name. */
export type RouteEnvironment = 'API_URL' | 'SCHEDULE_NAME' | 'DVLA_API_URL' | 'INBOX_DOMAIN';
export const ROUTE_ENVIRONMENT: Partial<Record<RouteName, readonly RouteEnvironment[]>> = {
  adminConfig: ['API_URL'],
  // The DVLA's address where the stage has a key: the look-up asks it, the SPA's config says the button shows.
  lookUpVehicle: ['DVLA_API_URL'],
  getConfig: ['DVLA_API_URL'],
  adminHealth: ['SCHEDULE_NAME'],
  adminSystemTest: ['SCHEDULE_NAME'],
  // The users' inbox addresses are {token}@INBOX_DOMAIN; without it (no domain) the address is null.
  getInbox: ['INBOX_DOMAIN'],
  resetInboxAddress: ['INBOX_DOMAIN'],
  uploadToInbox: ['INBOX_DOMAIN'],
};
