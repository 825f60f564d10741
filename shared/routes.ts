/**
 * The API contract: every route, declared once, with its access level, request schemas and response
 * type. The CDK api construct creates one Lambda and one HTTP API route per entry, the local adapter
 * dispatches with it, the Lambda `route()` wrapper validates with its schemas and types the handler's
 * answer, the SPA's client types its calls from it, and the authorization matrix test generates its
 * cases from it, so a route or a shape cannot differ between them.
 */
import type {
  CalendarLink,
  ImportResult,
  MeResponse,
  MyData,
  OutcomeRecorded,
  PromotionStatus,
  PublicConfig,
  Quote,
  Reminder,
  ReminderDetails,
  SavingsSummary,
  UnsubscribeDetails,
} from './api.ts';
import type { PushDevice, PushDevices, TestPushResult } from './push.ts';
import { defineRoutes, returns, type FileBody, type NoContent } from './contract.ts';
import { profileUpdateSchema } from './schemas/account.ts';
import { reminderInputSchema } from './schemas/reminder.ts';
import {
  calendarTokenParamSchema,
  eventTokenParamSchema,
  idParamSchema,
  notFoundReportSchema,
  unsubscribeQuerySchema,
} from './schemas/params.ts';
import { IMPORT_BODY_MAX_BYTES, importRemindersSchema } from './importRequest.ts';
import { savingsInputSchema } from './savingsSchemas.ts';
import type { Snooze } from './reminder/snooze.ts';
import { actionDoneSchema } from './reminder/actions.ts';
import { noticeAnswerInputSchema } from './reminder/noticeSchemas.ts';
import type { NoticeAnswer } from './reminder/noticeWatch.ts';
import { quoteInputSchema, quoteParamSchema } from './quotes.ts';
import { ADMIN_ROUTES } from './adminRoutes.ts';
import { invitationTokenSchema, type InvitationInviter } from './household.ts';
import { HOUSEHOLD_ROUTES } from './householdRoutes.ts';
import { INBOX_ROUTES } from './inboxRoutes.ts';
import { CHANNEL_ROUTES } from './channelRoutes.ts';
import { vehicleLookupSchema, type VehicleDates } from './vehicles.ts';
import {
  pushDeviceParamSchema,
  pushSettingsSchema,
  pushSubscriptionSchema,
  type PushSettings,
} from './push.ts';

export { matchPath, type Access, type HttpMethod, type RouteDef } from './contract.ts';

/**
 * How long a calendar client, and CloudFront for everyone (keyed by the token in the path), may keep
 * a calendar file (feed or event) before asking again.
 */
export const FEED_CACHE_SECONDS = 3600;

/** The paths of the calendar files (feed and event links), which CloudFront caches. */
export const CALENDAR_PATH_PATTERN = '/api/calendar/*';

const reminderById = { params: idParamSchema, ownerScoped: true } as const;

export const API = defineRoutes({
  getConfig: { method: 'GET', path: '/api/config', access: 'public', response: returns<PublicConfig>() },
  getPromotion: {
    method: 'GET',
    path: '/api/promotion',
    access: 'public',
    response: returns<PromotionStatus>(),
  },
  reportNotFound: {
    method: 'POST',
    path: '/api/not-found',
    access: 'public',
    status: 202,
    body: notFoundReportSchema,
    response: returns<{ logged: true }>(),
  },
  /** Read-only: whose e-mails the link turns off (masked). A GET never changes anything. */
  unsubscribeDetails: {
    method: 'GET',
    path: '/api/unsubscribe',
    access: 'public',
    query: unsubscribeQuerySchema,
    response: returns<UnsubscribeDetails>(),
  },
  unsubscribe: {
    method: 'POST',
    path: '/api/unsubscribe',
    access: 'public',
    query: unsubscribeQuerySchema,
    response: returns<{ unsubscribed: true }>(),
  },
  /**
   * The private calendar feed: public, its secret token is the only credential (a token that is not
   * live answers 404); rate-limited per token; text/calendar, cached by calendar clients for an hour.
   */
  getCalendarFeed: {
    method: 'GET',
    path: '/api/calendar/{token}',
    access: 'public',
    params: calendarTokenParamSchema,
    file: true,
    response: returns<FileBody>(),
  },
  /** A mailed 'Add to calendar' link: one renewal's events as an .ics file; its signed token is the credential. */
  getReminderEvent: {
    method: 'GET',
    path: '/api/calendar/event/{token}',
    access: 'public',
    params: eventTokenParamSchema,
    file: true,
    response: returns<FileBody>(),
  },
  /**
   * Whose invitation a token is, for the sign-up page a signed-out invitee lands on: the inviter's
   * first name while the invitation works, else null (unknown, used, cancelled and expired alike).
   * The token (256 random bits, mailed to the invitee) is the only credential; no address is asked
   * or told. Outside the household group, whose routes all need sign-in.
   */
  invitationInviter: {
    method: 'POST',
    path: '/api/invitations/inviter',
    access: 'public',
    body: invitationTokenSchema,
    response: returns<InvitationInviter>(),
  },
  getMe: { method: 'GET', path: '/api/me', access: 'user', response: returns<MeResponse>() },
  /** 'Download my data': everything held about the caller, as one JSON document. */
  downloadMyData: { method: 'GET', path: '/api/me/data', access: 'user', response: returns<MyData>() },
  /** The caller's calendar feed address (made on first use). */
  getCalendarLink: {
    method: 'GET',
    path: '/api/me/calendar',
    access: 'user',
    response: returns<{ link: CalendarLink }>(),
  },
  /** 'Reset link': a new address; the old one answers 404 at once. */
  resetCalendarLink: {
    method: 'POST',
    path: '/api/me/calendar',
    access: 'user',
    response: returns<{ link: CalendarLink }>(),
  },
  updateMe: {
    method: 'PUT',
    path: '/api/me',
    access: 'user',
    body: profileUpdateSchema,
    response: returns<MeResponse>(),
  },
  deleteMe: {
    method: 'DELETE',
    path: '/api/me',
    access: 'user',
    status: 204,
    response: returns<NoContent>(),
  },
  /**
   * 'Sign out everywhere' (and, from the SPA, after a password change and at the first sign-in of
   * the browser that confirmed a sign-up started elsewhere): every session of the account ends, the
   * caller's included; answers once a new sign-in's token will be taken (decision 0050).
   */
  signOutEverywhere: {
    method: 'POST',
    path: '/api/me/sign-out-everywhere',
    access: 'user',
    status: 204,
    response: returns<NoContent>(),
  },
  /** The caller's notification devices, and the stage's VAPID public key to subscribe with. */
  listPushDevices: {
    group: 'push',
    method: 'GET',
    path: '/api/push/devices',
    access: 'user',
    response: returns<PushDevices>(),
  },
  /** 'Turn on notifications on this device': the browser's push subscription (the same one again replaces it). */
  addPushDevice: {
    group: 'push',
    method: 'POST',
    path: '/api/push/devices',
    access: 'user',
    status: 201,
    body: pushSubscriptionSchema,
    response: returns<{ device: PushDevice }>(),
  },
  /** 'Remove' (and 'Turn off', and sign-out for this device): another user's device id answers 404. */
  removePushDevice: {
    group: 'push',
    method: 'DELETE',
    path: '/api/push/devices/{id}',
    access: 'user',
    params: pushDeviceParamSchema,
    ownerScoped: true,
    status: 204,
    response: returns<NoContent>(),
  },
  /** 'Send a test notification': one push to each of the caller's devices. */
  sendTestPush: {
    group: 'push',
    method: 'POST',
    path: '/api/push/test',
    access: 'user',
    response: returns<TestPushResult>(),
  },
  /** 'Send my reminders as notifications': the daily push's own switch (e-mails left as they are). */
  updatePushSettings: {
    group: 'push',
    method: 'PUT',
    path: '/api/push/settings',
    access: 'user',
    body: pushSettingsSchema,
    response: returns<PushSettings>(),
  },
  listSavings: { method: 'GET', path: '/api/savings', access: 'user', response: returns<SavingsSummary>() },
  listReminders: {
    method: 'GET',
    path: '/api/reminders',
    access: 'user',
    response: returns<{ reminders: Reminder[] }>(),
  },
  createReminder: {
    method: 'POST',
    path: '/api/reminders',
    access: 'user',
    status: 201,
    body: reminderInputSchema,
    response: returns<{ reminder: Reminder }>(),
  },
  /** 'Import N reminders': a file's valid rows in one request, saved all or nothing; duplicates skipped. */
  importReminders: {
    method: 'POST',
    path: '/api/reminders/import',
    access: 'user',
    body: importRemindersSchema,
    maxBodyBytes: IMPORT_BODY_MAX_BYTES,
    response: returns<ImportResult>(),
  },
  getReminder: {
    method: 'GET',
    path: '/api/reminders/{id}',
    access: 'user',
    ...reminderById,
    response: returns<ReminderDetails>(),
  },
  updateReminder: {
    method: 'PUT',
    path: '/api/reminders/{id}',
    access: 'user',
    ...reminderById,
    body: reminderInputSchema,
    response: returns<{ reminder: Reminder }>(),
  },
  deleteReminder: {
    method: 'DELETE',
    path: '/api/reminders/{id}',
    access: 'user',
    ...reminderById,
    status: 204,
    response: returns<NoContent>(),
  },
  /**
   * 'Snooze 3 days' (a push's action, and the reminder page's button): the reminder's next mail and
   * push go three days later; once a day. In the reminders group, behind its one route: a route of its
   * own would cost 8 CloudFormation resources (decision 0042).
   */
  snoozeReminder: {
    group: 'reminders',
    method: 'POST',
    path: '/api/reminders/{id}/snooze',
    access: 'user',
    ...reminderById,
    response: returns<Snooze>(),
  },
  /**
   * 'Done' on a 'This week' action: the window of that kind is marked done for the reminder's current
   * renewal. In the reminders group, as the snooze is.
   */
  markActionDone: {
    group: 'reminders',
    method: 'POST',
    path: '/api/reminders/{id}/actions',
    access: 'user',
    ...reminderById,
    body: actionDoneSchema,
    response: returns<{ actions_done: string[] }>(),
  },
  /**
   * 'Did {provider} send your end-of-contract notice?': the answer for the renewal named, kept on the
   * reminder for that renewal (any member of a household may give or change it). In the reminders
   * group, as the snooze is.
   */
  answerNotice: {
    group: 'reminders',
    method: 'POST',
    path: '/api/reminders/{id}/notice',
    access: 'user',
    ...reminderById,
    body: noticeAnswerInputSchema,
    response: returns<{ notice_answer: NoticeAnswer }>(),
  },
  /**
   * 'Leave this reminder' on a shared reminder: the caller stops seeing it (list, page, mails, feed);
   * the others keep it. In the reminders group, as the snooze is.
   */
  leaveSharedReminder: {
    group: 'reminders',
    method: 'POST',
    path: '/api/reminders/{id}/leave',
    access: 'user',
    ...reminderById,
    status: 204,
    response: returns<NoContent>(),
  },
  recordSavings: {
    method: 'POST',
    path: '/api/reminders/{id}/savings',
    access: 'user',
    ...reminderById,
    status: 201,
    body: savingsInputSchema,
    response: returns<OutcomeRecorded>(),
  },
  /** 'Add a quote': one more quote for the reminder's current renewal (at most QUOTE_LIMIT). */
  addQuote: {
    group: 'reminders',
    method: 'POST',
    path: '/api/reminders/{id}/quotes',
    access: 'user',
    ...reminderById,
    status: 201,
    body: quoteInputSchema,
    response: returns<{ quote: Quote }>(),
  },
  /**
   * 'Look up MOT and tax dates': the DVLA's dates for a registration number, at most
   * VEHICLE_LOOKUPS_PER_DAY a user a day. Nothing is stored.
   */
  lookUpVehicle: {
    method: 'POST',
    path: '/api/vehicles/lookup',
    access: 'user',
    body: vehicleLookupSchema,
    response: returns<VehicleDates>(),
  },
  /** 'Remove' beside a quote. */
  removeQuote: {
    group: 'reminders',
    method: 'DELETE',
    path: '/api/reminders/{id}/quotes/{quoteId}',
    access: 'user',
    params: quoteParamSchema,
    ownerScoped: true,
    status: 204,
    response: returns<NoContent>(),
  },
  ...HOUSEHOLD_ROUTES,
  ...INBOX_ROUTES,
  ...CHANNEL_ROUTES,
  ...ADMIN_ROUTES,
});

export type Api = typeof API;
export type RouteName = keyof Api;
export type AnyRoute = Api[RouteName];

/** Every route, in declaration order. */
export const ROUTES = Object.values(API) as readonly AnyRoute[];
