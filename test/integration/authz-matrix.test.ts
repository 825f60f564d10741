/**
 * The authorization matrix, generated from the route manifest: every route × anonymous, owner,
 * another user, admin. A route added to the manifest without a sample request fails this test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsubscribeToken } from '../../lambdas/runtime/signingKey.ts';
import { eventToken, feedToken } from '../support/calendar.ts';
import { ROUTES, type RouteDef, type RouteName } from '../../shared/routes.ts';
import { pushDeviceId } from '../../shared/push.ts';
import { useTestStack } from '../support/fixtures.ts';
import { browserSubscription, startFakePushService, type FakePushService } from '../support/push.ts';
import { addReminder, api, createUser, type TestUser } from '../support/stack.ts';

const reminderBody = {
  title: 'Broadband',
  category: 'broadband_mobile',
  provider: 'BT',
  renewal_date: '2027-04-01',
  amount: 30,
  notes: null,
};

interface Sample {
  /** The request body, or a function making a new one per case. */
  body?: unknown;
  success: number;
  /** The call ends the caller's account: each case gets a fresh user of its role. */
  consumesCaller?: boolean;
  /** Query string for the request, given the owner's user id. */
  query?: (ownerId: string) => Promise<string>;
  /** The {token} of the path, given the owner's user id. */
  token?: (ownerId: string) => Promise<string>;
  /** The {id} of the path, given the owner (a reminder of theirs when absent). */
  id?: (owner: TestUser) => Promise<string>;
  /** The {quoteId} of the path, given the owner and the reminder of the {id}. */
  quoteId?: (owner: TestUser, reminderId: string) => Promise<string>;
}

let pushService: FakePushService;

/** A push device of the owner's (on the fake push service), and its id. */
async function ownerDevice(owner: TestUser): Promise<string> {
  const { input } = browserSubscription(pushService.origin);
  const response = await api(stack, owner.accessToken)('POST', '/api/push/devices', input);
  if (response.status !== 201) throw new Error(`POST /api/push/devices: ${response.status} ${response.text}`);
  return pushDeviceId(input.endpoint);
}

const quoteBody = { provider: 'Sky', price: 25, quoted_on: '2027-03-01', notes: null };

/** A quote in the notebook of the owner's reminder, and its id. */
async function ownerQuote(owner: TestUser, reminderId: string): Promise<string> {
  const response = await api(stack, owner.accessToken)(
    'POST',
    `/api/reminders/${reminderId}/quotes`,
    quoteBody,
  );
  if (response.status !== 201) throw new Error(`POST quotes: ${response.status} ${response.text}`);
  return (response.json as { quote: { id: string } }).quote.id;
}

/** A valid request for each route; {id} is filled with a reminder the owner created. */
const SAMPLES: Record<RouteName, Sample> = {
  getConfig: { success: 200 },
  getPromotion: { success: 200 },
  reportNotFound: { body: { path: '/no-such-page' }, success: 202 },
  unsubscribeDetails: {
    success: 200,
    query: async (ownerId) => `?token=${encodeURIComponent(await unsubscribeToken(ownerId))}`,
  },
  unsubscribe: {
    success: 200,
    query: async (ownerId) => `?token=${encodeURIComponent(await unsubscribeToken(ownerId))}`,
  },
  // Public, the token is the credential: whoever holds the owner's live token gets the feed.
  getCalendarFeed: { success: 200, token: feedToken },
  getMe: { success: 200 },
  getCalendarLink: { success: 200 },
  getReminderEvent: { success: 200, token: eventToken },
  downloadMyData: { success: 200 },
  resetCalendarLink: { success: 200 },
  updateMe: {
    body: {
      first_name: 'Sam',
      last_name: '',
      country: 'GB',
      timezone: 'Europe/London',
      marketing_consent: false,
    },
    success: 200,
  },
  deleteMe: { success: 204, consumesCaller: true },
  listSavings: { success: 200 },
  listReminders: { success: 200 },
  createReminder: { body: reminderBody, success: 201 },
  importReminders: { body: { reminders: [reminderBody] }, success: 200 },
  getReminder: { success: 200 },
  updateReminder: { body: reminderBody, success: 200 },
  deleteReminder: { success: 204 },
  snoozeReminder: { success: 200 },
  recordSavings: { body: { outcome: 'saved', saved_amount: '25.50' }, success: 201 },
  addQuote: { body: quoteBody, success: 201 },
  removeQuote: { success: 204, quoteId: ownerQuote },
  // The DVLA stand-in's full record (lib/local/dvla.ts).
  lookUpVehicle: { body: { registration: 'AB12 CDE' }, success: 200 },
  listPushDevices: { success: 200 },
  // A fresh subscription per case: the same one again would also be a 201 (it replaces itself).
  addPushDevice: { body: () => browserSubscription(pushService.origin).input, success: 201 },
  removePushDevice: { success: 204, id: ownerDevice },
  sendTestPush: { success: 200 },
  updatePushSettings: { body: { push_reminders: true }, success: 200 },
  adminStats: { success: 200 },
  adminConfig: { success: 200 },
  adminHandshake: { success: 200 },
  adminHealth: { success: 200 },
  adminEmailSends: { success: 200 },
  adminEmailLogs: { success: 200 },
  adminCronRuns: { success: 200 },
  adminAudit: { success: 200 },
  adminRunCron: { body: { simulate: true, date: '2031-01-01' }, success: 200 },
  adminTestEmail: { success: 200 },
  adminSystemTest: { body: {}, success: 200 },
};

type Who = 'anonymous' | 'owner' | 'other' | 'admin';

function expected(route: RouteDef, who: Who): number {
  const success = SAMPLES[route.name as RouteName].success;
  if (route.access === 'public') return success;
  if (who === 'anonymous') return 401;
  if (route.access === 'admin') return who === 'admin' ? success : 403;
  if (route.ownerScoped && who !== 'owner') return 404;
  return success;
}

const stack = useTestStack();
const users = {} as Record<Exclude<Who, 'anonymous'>, TestUser>;

beforeAll(async () => {
  pushService = await startFakePushService();
  [users.owner, users.other, users.admin] = await Promise.all([
    createUser(stack, { label: 'owner' }),
    createUser(stack, { label: 'other' }),
    createUser(stack, { label: 'admin', admin: true }),
  ]);
});

afterAll(() => pushService.close());

describe('authorization matrix', () => {
  it('has a sample request for every route in the manifest', () => {
    for (const route of ROUTES) expect(SAMPLES[route.name], route.name).toBeDefined();
  });

  const cases = ROUTES.flatMap((route) =>
    (['anonymous', 'owner', 'other', 'admin'] as const).map((who) => ({ route: route as RouteDef, who })),
  );

  it.each(cases.map((c) => [`${c.route.method} ${c.route.path} as ${c.who}`, c] as const))(
    '%s',
    async (_name, { route, who }) => {
      // A fresh reminder per case, so a DELETE by one caller cannot change what the next one sees.
      const reminderId = await addReminder(stack, users.owner, reminderBody);
      const sample = SAMPLES[route.name as RouteName];
      const id = sample.id ? await sample.id(users.owner) : reminderId;
      const path =
        route.path
          .replace('{id}', id)
          .replace('{quoteId}', (await sample.quoteId?.(users.owner, id)) ?? '')
          .replace('{token}', (await sample.token?.(users.owner.sub)) ?? '') +
        ((await sample.query?.(users.owner.sub)) ?? '');
      let token = who === 'anonymous' ? undefined : users[who].accessToken;
      if (sample.consumesCaller && who !== 'anonymous') {
        token = (await createUser(stack, { label: `fresh-${who}`, admin: who === 'admin' })).accessToken;
      }
      const body = typeof sample.body === 'function' ? (sample.body as () => unknown)() : sample.body;
      const response = await api(stack, token)(route.method, path, body);
      expect(response.status).toBe(expected(route, who));
    },
  );

  it('refuses tampered, foreign and missing tokens', async () => {
    const [header, payload, signature] = users.owner.accessToken.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, 'cognito:groups': ['admin'] })).toString(
      'base64url',
    );
    const call = (token: string) => api(stack, token)('GET', '/api/reminders');
    expect((await call(`${header}.${forged}.${signature}`)).status).toBe(401);
    expect((await call('not-a-token')).status).toBe(401);
    expect((await call('')).status).toBe(401);
  });
});
