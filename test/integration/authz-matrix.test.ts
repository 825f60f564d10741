/**
 * The authorization matrix, generated from the route manifest: every route × anonymous, owner,
 * another user, admin. A route added to the manifest without a sample request fails this test.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { unsubscribeToken } from '../../lambdas/runtime/signingKey.ts';
import { eventToken, feedToken } from '../support/calendar.ts';
import { ROUTES, type RouteDef, type RouteName } from '../../shared/routes.ts';
import { authzFixtures, quoteBody, reminderBody, type Sample } from '../support/authz-fixtures.ts';
import { useTestStack } from '../support/fixtures.ts';
import { browserSubscription, stackPushService, type FakePushService } from '../support/push.ts';
import { addReminder, api, createUser, uniqueEmail, type TestUser } from '../support/stack.ts';
import { invite } from '../../lambdas/features/household/invite.ts';
import { join } from '../../lambdas/features/household/members.ts';
import { membershipOf } from '../../lambdas/store/households/index.ts';
import { latestToken } from '../support/household.ts';

const stack = useTestStack();
let pushService: FakePushService;
/** What each route's sample needs first (test/support/authz-fixtures.ts). */
const given = authzFixtures(stack);

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
  // Public, the token is the credential: whoever holds a live invitation's link learns whose it is.
  invitationInviter: { body: given.freshToken, success: 200 },
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
  markActionDone: { body: { kind: 'best_quotes' }, success: 200 },
  // For the reminder's own renewal: a broadband contract has an end-of-contract notice to ask about.
  answerNotice: { body: { answer: 'no', renewal_date: reminderBody.renewal_date }, success: 200 },
  recordSavings: { body: { outcome: 'saved', saved_amount: '25.50' }, success: 201 },
  addQuote: { body: quoteBody, success: 201 },
  removeQuote: { success: 204, quoteId: given.ownerQuote },
  // The DVLA stand-in's full record (lib/local/dvla.ts).
  lookUpVehicle: { body: { registration: 'AB12 CDE' }, success: 200 },
  listPushDevices: { success: 200 },
  // A fresh subscription per case: the same one again would also be a 201 (it replaces itself).
  addPushDevice: { body: () => browserSubscription(pushService.origin).input, success: 201 },
  removePushDevice: { success: 204, id: given.ownerDevice },
  sendTestPush: { success: 200 },
  updatePushSettings: { body: { push_reminders: true }, success: 200 },
  getHousehold: { success: 200 },
  // A fresh caller each: an invitation makes a household of whoever sends it.
  inviteToHousehold: { body: () => ({ email: uniqueEmail('invitee') }), success: 201, consumesCaller: true },
  cancelInvitation: { success: 204, id: given.ownerInvitation },
  previewInvitation: { body: given.freshToken, success: 200 },
  joinHousehold: { body: given.freshToken, success: 200, consumesCaller: true },
  leaveHousehold: { success: 204, consumesCaller: true, prepare: given.intoAHousehold },
  removeHouseholdMember: { success: 204, id: given.ownerHouseholdMember },
  leaveSharedReminder: { success: 204, id: given.ownerSharedReminder },
  // Ends every session of the caller's account: a fresh caller each.
  signOutEverywhere: { success: 204, consumesCaller: true },
  dismissHouseholdNote: { success: 204, id: given.ownerNote },
  getInbox: { success: 200 },
  resetInboxAddress: { success: 200 },
  uploadToInbox: { body: { kind: 'text', text: 'Your plan renews on 1 March 2031.' }, success: 201 },
  dismissInboxItem: { success: 204, id: given.ownerInboxItem },
  // 'Update' names the reminder the item matched (the owner's, found as the item is made).
  applyInboxItem: {
    id: given.ownerInboxItem,
    body: () => ({
      reminder_id: given.matchedReminder(),
      renewal_date: '2031-03-01',
      renewal_price: 30,
      previous_amount: null,
    }),
    success: 200,
  },
  // In a household of their own first; an id of no one's is skipped, never an error.
  shareReminders: {
    body: () => ({ ids: [crypto.randomUUID()] }),
    success: 200,
    consumesCaller: true,
    prepare: given.intoAHousehold,
  },
  getChannels: { success: 200 },
  connectTelegram: { success: 200 },
  // The stack's ntfy stand-in: the one plain-http topic server the local stage takes.
  saveNtfyChannel: { body: () => ({ topic_url: `${stack.ntfy.url}/authz` }), success: 200 },
  saveWebhookChannel: { body: () => ({ url: `${stack.webhooks.url}/hooks/authz` }), success: 200 },
  // Each caller's own channel: set up first, then tested or removed (another user's is never named).
  rotateWebhookSecret: { success: 200, prepare: given.withWebhook },
  testChannel: { kind: 'webhook', success: 200, prepare: given.withWebhook },
  removeChannel: { kind: 'webhook', success: 204, prepare: given.withWebhook },
  // Public: the secret header Telegram sends is the credential, and no caller here has it.
  telegramWebhook: { body: { update_id: 1 }, success: 401 },
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

const users = {} as Record<Exclude<Who, 'anonymous'>, TestUser>;

beforeAll(async () => {
  pushService = stackPushService(stack);
  [users.owner, users.other, users.admin] = await Promise.all([
    createUser(stack, { label: 'owner' }),
    createUser(stack, { label: 'other' }),
    createUser(stack, { label: 'admin', admin: true }),
  ]);
  await given.setUpHousehold(users.owner);
});

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
          .replace('{token}', (await sample.token?.(users.owner.sub)) ?? '')
          .replace('{kind}', sample.kind ?? '') + ((await sample.query?.(users.owner.sub)) ?? '');
      let caller = who === 'anonymous' ? undefined : users[who];
      if (sample.consumesCaller && who !== 'anonymous') {
        caller = await createUser(stack, { label: `fresh-${who}`, admin: who === 'admin' });
      }
      if (caller) await sample.prepare?.(caller);
      const token = caller?.accessToken;
      const body = typeof sample.body === 'function' ? await (sample.body as () => unknown)() : sample.body;
      const response = await api(stack, token)(route.method, path, body);
      expect(response.status).toBe(expected(route, who));
    },
  );

  it("a member of another household and a former member get 404 for the owner's household's ids", async () => {
    const elsewhere = await createUser(stack, { label: 'elsewhere' });
    expect(
      (
        await api(stack, elsewhere.accessToken)('POST', '/api/household/invitations', {
          email: uniqueEmail('x'),
        })
      ).status,
    ).toBe(201);
    const owner = api(stack, users.owner.accessToken);
    const created = await owner('POST', '/api/reminders', { ...reminderBody, shared: true });
    expect(created.status).toBe(201);
    const shared = (created.json as { reminder: { id: string } }).reminder.id;
    const quote = await given.ownerQuote(users.owner, shared);
    const former = await createUser(stack, { label: 'former' });
    await invite(users.owner.sub, { email: former.email });
    await join(former.sub, await latestToken(stack, former.email));
    const formerId = (await membershipOf(former.sub))!.membership_id;
    // While a member, they see the shared reminder; once gone, nothing of it.
    expect((await api(stack, former.accessToken)('GET', `/api/reminders/${shared}`)).status).toBe(200);
    expect((await api(stack, former.accessToken)('POST', '/api/household/leave')).status).toBe(204);
    for (const caller of [elsewhere, former]) {
      const call = api(stack, caller.accessToken);
      const invitation = await given.ownerInvitation(users.owner);
      const member = await given.ownerHouseholdMember(users.owner);
      expect((await call('DELETE', `/api/household/invitations/${invitation}`)).status).toBe(404);
      expect((await call('DELETE', `/api/household/members/${member}`)).status).toBe(404);
      expect((await call('DELETE', `/api/household/members/${formerId}`)).status).toBe(404);
      const seen = JSON.stringify((await call('GET', '/api/household/me')).json);
      expect(seen.includes(member) || seen.includes(invitation)).toBe(false);
      // Every route of a shared reminder: 404, and the list does not name it.
      const reminderPath = `/api/reminders/${shared}`;
      for (const [method, path, body] of [
        ['GET', reminderPath, undefined],
        ['PUT', reminderPath, reminderBody],
        ['PUT', reminderPath, { ...reminderBody, shared: true }],
        ['DELETE', reminderPath, undefined],
        ['POST', `${reminderPath}/savings`, { outcome: 'no_saving', cancelled: true }],
        ['POST', `/api/reminders/${shared}/snooze`, undefined],
        ['POST', `${reminderPath}/leave`, undefined],
        ['POST', `${reminderPath}/quotes`, quoteBody],
        ['DELETE', `${reminderPath}/quotes/${quote}`, undefined],
      ] as const)
        expect([method, path, (await call(method, path, body)).status]).toEqual([method, path, 404]);
      expect(JSON.stringify((await call('GET', '/api/reminders')).json)).not.toContain(shared);
    }
    const kept = await owner('GET', `/api/reminders/${shared}`);
    expect((kept.json as { quotes: unknown[] }).quotes).toHaveLength(1);
    expect((await api(stack, former.accessToken)('GET', '/api/household/me')).json).toEqual({
      household: null,
      notes: [],
      record: null,
    });
  });

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
