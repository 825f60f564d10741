/**
 * Fuzzing every route in the manifest over real HTTP (so the local adapter's parsing is exercised
 * too) as anonymous, owner, another user and admin, with hostile bodies, path parameters and query
 * strings. Two properties: no answer is ever a 5xx, and a rejected request (4xx) changes nothing
 * anywhere in the table.
 * The routes come from ROUTES and each needs an entry in FUZZ (typed by RouteName), so a new route
 * cannot escape the suite.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { unsubscribeToken } from '../../lambdas/runtime/signingKey.ts';
import { eventToken, feedToken } from '../support/calendar.ts';
import { ROUTES, type RouteDef, type RouteName } from '../../shared/routes.ts';
import { useTestStack } from '../support/fixtures.ts';
import { rawBody, mutated, idParam, queryString, contentType } from '../support/hostile.ts';
import { browserSubscription, stackPushService } from '../support/push.ts';
import { snapshotDifference, tableSnapshot } from '../support/table.ts';
import { addReminder, createUser, type TestUser } from '../support/stack.ts';

const stack = useTestStack();

type Who = 'anonymous' | 'owner' | 'other' | 'admin';
const WHO: readonly Who[] = ['anonymous', 'owner', 'other', 'admin'];

const reminderBody = {
  title: 'Home insurance',
  category: 'insurance',
  provider: 'Aviva',
  renewal_date: '2028-06-30',
  amount: 310.5,
  notes: 'Call before renewing',
  // Mutated like the rest: the owner is in no household, so a shared one is a 400 that writes nothing.
  shared: false,
  deals_with: null,
  who_pays: null,
};

interface Fuzz {
  /**
   * A valid body, mutated one field at a time; absent for routes that take none. A function when it
   * needs the running stack.
   */
  body?: Record<string, unknown> | (() => Record<string, unknown>);
  /** A valid query string, given the owner's id (hostile ones are generated around it). */
  query?: (ownerId: string) => Promise<string>;
  /** Generated requests per run (slow or mail-sending routes get fewer). */
  runs: number;
  /** Every authenticated call ends the caller's account: each run uses a fresh throwaway user. */
  consumesCaller?: boolean;
  /** Keeps a generated body within what the suite can afford to run (see adminRunCron). */
  bound?: (body: unknown) => unknown;
  /** A valid {token} of the path, given the owner's id (hostile segments are generated instead too). */
  token?: (ownerId: string) => Promise<string>;
}

/**
 * All runs scaled at once. At 1, some 750 requests over the 62 routes took 40 s of a suite past its
 * 6 minutes; at 0.5 each route still gets 2 to 15 hostile requests a run, and as fast-check draws a
 * new seed each run (printed on a failure, to replay it), every CI run tries other ones.
 */
const RUN_SCALE = 0.5;

const FUZZ: Record<RouteName, Fuzz> = {
  getConfig: { runs: 12 },
  getPromotion: { runs: 12 },
  reportNotFound: { body: { path: '/no-such-page' }, runs: 30 },
  unsubscribeDetails: {
    runs: 16,
    query: async (ownerId) => `?token=${encodeURIComponent(await unsubscribeToken(ownerId))}`,
  },
  unsubscribe: {
    runs: 30,
    query: async (ownerId) => `?token=${encodeURIComponent(await unsubscribeToken(ownerId))}`,
  },
  getCalendarFeed: { runs: 20, token: feedToken },
  getMe: { runs: 16 },
  getCalendarLink: { runs: 8 },
  getReminderEvent: { runs: 16, token: eventToken },
  downloadMyData: { runs: 8 },
  resetCalendarLink: { runs: 8 },
  updateMe: {
    body: {
      first_name: 'Sam',
      last_name: 'Jones',
      country: 'GB',
      timezone: 'Europe/London',
      marketing_consent: false,
    },
    runs: 50,
  },
  // DELETE /api/me answers 204 to any authenticated caller (it takes no input), so each run signs up
  // a throwaway user of the caller's role and deletes that one, never the suite's owner or admin.
  deleteMe: { runs: 8, consumesCaller: true },
  listSavings: { runs: 16 },
  listReminders: { runs: 16 },
  createReminder: { body: reminderBody, runs: 50 },
  importReminders: {
    body: { reminders: [reminderBody, { ...reminderBody, title: 'Car insurance' }] },
    runs: 30,
  },
  getReminder: { runs: 30 },
  updateReminder: { body: reminderBody, runs: 50 },
  deleteReminder: { runs: 30 },
  snoozeReminder: { runs: 20 },
  markActionDone: { body: { kind: 'best_quotes' }, runs: 20 },
  // The owner's insurance renewal has a renewal notice to ask about.
  answerNotice: { body: { answer: 'yes', renewal_date: reminderBody.renewal_date }, runs: 20 },
  recordSavings: { body: { outcome: 'saved', saved_amount: '25.50' }, runs: 40 },
  addQuote: {
    body: { provider: 'Sky', price: 25.5, quoted_on: '2028-05-01', notes: 'Online price' },
    runs: 30,
  },
  // {quoteId} takes the same generated segments as {id}: a quote of no one's, or hostile text.
  removeQuote: { runs: 16 },
  // The DVLA stand-in's full record; past 20 a day the owner gets 429s, which is fine here.
  lookUpVehicle: { body: { registration: 'AB12CDE' }, runs: 20 },
  listPushDevices: { runs: 8 },
  // A subscription on the stack's fake push service, the only plain-http one the local stage takes.
  addPushDevice: { body: () => browserSubscription(stackPushService(stack).origin).input, runs: 30 },
  removePushDevice: { runs: 20 },
  sendTestPush: { runs: 4 },
  updatePushSettings: { body: { push_reminders: false }, runs: 12 },
  getHousehold: { runs: 8 },
  // Mails per success, one an address a day: past the first, the same address is a 409.
  inviteToHousehold: { body: { email: 'fuzz.friend@example.com', name: 'Sam' }, runs: 20 },
  cancelInvitation: { runs: 12 },
  // A well-formed token of no invitation: 404 with its message.
  previewInvitation: { body: { token: 'A'.repeat(43) }, runs: 16 },
  invitationInviter: { body: { token: 'A'.repeat(43) }, runs: 16 },
  joinHousehold: { body: { token: 'A'.repeat(43) }, runs: 16 },
  leaveHousehold: { runs: 8 },
  shareReminders: { body: { ids: ['6a1f7c2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b'] }, runs: 16 },
  removeHouseholdMember: { runs: 12 },
  // The owner's reminder is their own: leaving it is refused (400); any other id is a 404.
  leaveSharedReminder: { runs: 16 },
  // Ends every session of the caller's account: each run a throwaway user of the caller's role.
  signOutEverywhere: { runs: 6, consumesCaller: true },
  dismissHouseholdNote: { runs: 12 },
  getInbox: { runs: 8 },
  resetInboxAddress: { runs: 8 },
  uploadToInbox: {
    body: { kind: 'text', text: 'Your plan renews on 1 March 2031 at £30.00 a month.' },
    runs: 20,
  },
  dismissInboxItem: { runs: 12 },
  applyInboxItem: {
    body: {
      reminder_id: '6a1f7c2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b',
      renewal_date: '2031-03-01',
      renewal_price: 30,
      previous_amount: null,
    },
    runs: 16,
  },
  getChannels: { runs: 8 },
  connectTelegram: { runs: 8 },
  // The stack's own stand-ins: the only plain-http channel addresses the local stage takes.
  saveNtfyChannel: { body: () => ({ topic_url: `${stack.ntfy.url}/fuzz`, token: 'tk_fuzz' }), runs: 24 },
  saveWebhookChannel: { body: () => ({ url: `${stack.webhooks.url}/hooks/fuzz` }), runs: 24 },
  rotateWebhookSecret: { runs: 8 },
  // Calls the channel's service per success: few runs ({kind} is one of the list, or hostile).
  testChannel: { runs: 12 },
  removeChannel: { runs: 12 },
  // Public; without Telegram's secret header every generated update is a 401 that writes nothing.
  telegramWebhook: {
    body: { update_id: 1, message: { chat: { id: 1, type: 'private' }, text: '/stop' } },
    runs: 20,
  },
  adminStats: { runs: 12 },
  adminConfig: { runs: 12 },
  adminHandshake: { runs: 8 },
  adminHealth: { runs: 8 },
  adminEmailSends: { runs: 20, query: async () => '?limit=10' },
  adminEmailLogs: { runs: 20, query: async () => '?limit=10' },
  adminCronRuns: { runs: 20, query: async () => '?limit=10' },
  adminAudit: { runs: 20, query: async () => '?limit=10' },
  // A real run (simulate: false) is the reminder job for today: generated bodies are simulations only,
  // so the suite's work stays bounded; the real run is covered by test/e2e/admin-tools.test.ts.
  adminRunCron: {
    body: { simulate: true, date: '2031-01-01' },
    runs: 16,
    bound: (body) => (isObject(body) && body.simulate === false ? { ...body, simulate: true } : body),
  },
  // Sends a real mail to the admin's own address per success: few runs.
  adminTestEmail: { runs: 8 },
  // Sends mail and reads every stand-in per success: few runs.
  adminSystemTest: { body: {}, runs: 8 },
};

const validBody = (fuzz: Fuzz) => (typeof fuzz.body === 'function' ? fuzz.body() : (fuzz.body ?? {}));

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// ---------------------------------------------------------------------------------------------
// Sending and snapshots
// ---------------------------------------------------------------------------------------------

let sent = 0;

async function send(
  method: string,
  path: string,
  token: string | undefined,
  body: string | undefined,
  type: string | undefined,
): Promise<{ status: number; text: string }> {
  sent += 1;
  const response = await fetch(`${stack.appUrl}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(type ? { 'content-type': type } : {}),
    },
    // GET and HEAD cannot carry a body in fetch.
    body: method === 'GET' ? undefined : body,
  });
  return { status: response.status, text: await response.text() };
}

/**
 * What a rejected request must leave as it was: every item of the table (every partition a route
 * may write: the users', the counters', the logs', the calendar and suppression lookups), except
 * the rate-limit windows, which count refused requests by design (that is how a burst meets its 429).
 */
const snapshot = tableSnapshot;

const users = {} as Record<Exclude<Who, 'anonymous'>, TestUser>;

beforeAll(async () => {
  [users.owner, users.other, users.admin] = await Promise.all([
    createUser(stack, { label: 'fuzz-owner' }),
    createUser(stack, { label: 'fuzz-other' }),
    createUser(stack, { label: 'fuzz-admin', admin: true }),
  ]);
});

afterAll(() => {
  console.log(`fuzz: ${sent} generated requests sent to ${ROUTES.length} routes`);
});

describe('fuzzing every route', () => {
  it('has fuzz settings for every route in the manifest', () => {
    for (const route of ROUTES) expect(FUZZ[route.name as RouteName], route.name).toBeDefined();
  });

  it.each(ROUTES.map((route) => [`${route.method} ${route.path}`, route as RouteDef] as const))(
    '%s: never a 5xx, and a refused request changes nothing',
    async (_name, route) => {
      const fuzz = FUZZ[route.name as RouteName];
      const body: fc.Arbitrary<string | undefined> = fuzz.body
        ? fc.oneof({ weight: 6, arbitrary: mutated(validBody(fuzz)) }, rawBody, fc.constant(undefined))
        : fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, rawBody);
      const query = fuzz.query
        ? fc.oneof({ weight: 2, arbitrary: fc.constant('VALID') }, queryString)
        : fc.oneof({ weight: 3, arbitrary: fc.constant('') }, queryString);
      const shared: { reminder?: string } = {};
      const request = fc.record({
        who: fc.constantFrom(...WHO),
        id:
          route.path.includes('{id}') || route.path.includes('{token}') || route.path.includes('{kind}')
            ? idParam
            : fc.constant(''),
        query,
        body,
        type: contentType,
      });

      await fc.assert(
        fc.asyncProperty(request, async ({ who, id, query, body, type }) => {
          // A successful DELETE consumes the reminder: that route gets a fresh one per run; the others
          // share one, so the owner's partition (read twice per request) stays small.
          const reminderId =
            id !== 'OWNER_REMINDER'
              ? id
              : route.method === 'DELETE'
                ? await addReminder(stack, users.owner, reminderBody)
                : (shared.reminder ??= await addReminder(stack, users.owner, reminderBody));
          const token = id === 'OWNER_REMINDER' && fuzz.token ? await fuzz.token(users.owner.sub) : id;
          const path = route.path
            .replace('{id}', reminderId)
            .replace('{quoteId}', id === 'OWNER_REMINDER' ? crypto.randomUUID() : id)
            .replace('{token}', token)
            // A channel's kind: one of the list for the owner's 'valid' draw, else the hostile segment.
            .replace('{kind}', id === 'OWNER_REMINDER' ? 'ntfy' : id);
          const search = query === 'VALID' ? await fuzz.query!(users.owner.sub) : query;
          const bounded = fuzz.bound && body !== undefined ? bound(body, fuzz.bound) : body;

          let caller = who === 'anonymous' ? undefined : users[who];
          if (fuzz.consumesCaller && caller) {
            caller = await createUser(stack, { label: `fuzz-throwaway-${who}`, admin: who === 'admin' });
          }

          const before = await snapshot();
          const response = await send(route.method, path + search, caller?.accessToken, bounded, type);
          const what = `${route.method} ${path.slice(0, 120)}${search.slice(0, 120)} as ${who}: ${response.status} ${response.text.slice(0, 200)}`;
          expect(response.status, what).toBeLessThan(500);
          if (response.status >= 400) {
            expect(snapshotDifference(before, await snapshot()), what).toEqual({ added: [], removed: [] });
          }
        }),
        { numRuns: Math.round(fuzz.runs * RUN_SCALE) },
      );
    },
  );
});

/**
 * The free-text fields of the routes that store text to show (names, titles, providers, notes, an
 * invitee's name), each with the route's valid body: every hidden character the one rule covers
 * (shared/visibleText.ts) is a 400 there, and nothing is written.
 */
const TEXT_FIELDS: readonly { route: RouteName; fields: readonly string[] }[] = [
  { route: 'updateMe', fields: ['first_name', 'last_name'] },
  { route: 'createReminder', fields: ['title', 'provider', 'notes'] },
  { route: 'updateReminder', fields: ['title', 'provider', 'notes'] },
  { route: 'addQuote', fields: ['provider', 'notes'] },
  { route: 'inviteToHousehold', fields: ['name'] },
];
const HIDDEN_SAMPLES = [
  `Sam${'\u{E0100}'.repeat(30)}`,
  `Sam${'\uFE0F'.repeat(3)}`,
  'Sam\u{E0053}\u{E0061}\u{E006D}',
  'Sam\u2800',
  'Sam\u{1D173}',
  'Sam\u200D',
];

describe('hidden characters in every free-text field', () => {
  it.each(TEXT_FIELDS.map((entry) => [entry.route, entry] as const))(
    '%s: refused with a 400 that writes nothing',
    async (_name, { route: name, fields }) => {
      const route = ROUTES.find((r) => r.name === name)!;
      const reminderId = await addReminder(stack, users.owner, reminderBody);
      const path = route.path.replace('{id}', reminderId);
      for (const field of fields) {
        for (const hidden of HIDDEN_SAMPLES) {
          const body = JSON.stringify({ ...validBody(FUZZ[name]), [field]: hidden });
          const before = await snapshot();
          const response = await send(route.method, path, users.owner.accessToken, body, 'application/json');
          const what = `${name}.${field} = ${JSON.stringify(hidden)}: ${response.status} ${response.text}`;
          expect(response.status, what).toBe(400);
          expect(response.text, what).toContain('invisible');
          expect(snapshotDifference(before, await snapshot()), what).toEqual({ added: [], removed: [] });
        }
      }
    },
  );
});

/** Applies a route's bound to a JSON body (raw text that is not JSON passes as it is). */
function bound(body: string, limit: (body: unknown) => unknown): string {
  try {
    const parsed: unknown = JSON.parse(body);
    const limited = limit(parsed);
    return limited === parsed ? body : JSON.stringify(limited);
  } catch {
    return body;
  }
}
