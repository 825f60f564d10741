/**
 * The authorization matrix, generated from the route manifest: every route × anonymous, owner,
 * another user, admin. A route added to the manifest without a sample request fails this test.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { unsubscribeToken } from '../../lambdas/runtime/signingKey.ts';
import { eventToken, feedToken } from '../support/calendar.ts';
import { ROUTES, type RouteDef, type RouteName } from '../../shared/routes.ts';
import { pushDeviceId } from '../../shared/push.ts';
import { useTestStack } from '../support/fixtures.ts';
import { browserSubscription, stackPushService, type FakePushService } from '../support/push.ts';
import { addReminder, api, createUser, uniqueEmail, type TestUser } from '../support/stack.ts';
import { invite } from '../../lambdas/features/household/invite.ts';
import { join, remove } from '../../lambdas/features/household/members.ts';
import {
  householdView,
  membershipOf,
  householdNotes,
  tellTakenBack,
} from '../../lambdas/store/households/index.ts';
import { latestToken } from '../support/household.ts';
import { seedUser } from '../support/seed.ts';

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
  /** Run for the (fresh) caller before the request: puts them where the route can succeed. */
  prepare?: (caller: TestUser) => Promise<void>;
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
  /** The {kind} of the path (an alert channel). */
  kind?: string;
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

/**
 * The owner's household: the owner and a member (who invites for the removal cases, so that neither
 * reaches the daily limit); each case's invitation or member is fresh, the ones before it cleared.
 */
const household = {} as { member: { userId: string; email: string } };

/** A fresh pending invitation of the owner's household (the others cancelled first), and its id. */
async function ownerInvitation(owner: TestUser): Promise<string> {
  const call = api(stack, owner.accessToken);
  for (const old of (await householdView(owner.sub))?.invitations ?? [])
    await call('DELETE', `/api/household/invitations/${old.id}`);
  const { invitation } = await invite(owner.sub, { email: uniqueEmail('invitee') });
  return invitation.id;
}

/** A fresh member of the owner's household (the other extra ones removed first), and their membership id. */
async function ownerHouseholdMember(owner: TestUser): Promise<string> {
  for (const extra of (await householdView(owner.sub))?.members.slice(2) ?? [])
    await remove(owner.sub, extra.membership_id);
  const joiner = await seedUser('joiner');
  await invite(household.member.userId, { email: joiner.email });
  await join(joiner.userId, await latestToken(stack, joiner.email));
  return (await membershipOf(joiner.userId))!.membership_id;
}

/** A live invitation's token, from someone else's new household. */
async function freshToken(): Promise<{ token: string }> {
  const host = await seedUser('host');
  const email = uniqueEmail('guest');
  await invite(host.userId, { email });
  return { token: await latestToken(stack, email) };
}

/** A new shared reminder of the owner's household (the owner shared it), for the owner to leave. */
async function ownerSharedReminder(owner: TestUser): Promise<string> {
  const created = await api(stack, owner.accessToken)('POST', '/api/reminders', {
    ...reminderBody,
    shared: true,
  });
  if (created.status !== 201) throw new Error(`POST /api/reminders: ${created.status} ${created.text}`);
  return (created.json as { reminder: { id: string } }).reminder.id;
}

/** A note in the owner's Household card (another member took a reminder back), and its id. */
async function ownerNote(owner: TestUser): Promise<string> {
  const membership = (await membershipOf(owner.sub))!;
  await tellTakenBack(
    membership.household_id,
    [{ ...membership, user_id: owner.sub }],
    'another-member',
    'Broadband',
    new Date(),
  );
  return (await householdNotes(owner.sub)).notes[0]!.id;
}

/** An inbox item of the owner's, read from an upload about their Sky reminder (which it matches), and its id. */
let matchedReminder = '';
async function ownerInboxItem(owner: TestUser): Promise<string> {
  const call = api(stack, owner.accessToken);
  const list = await call('GET', '/api/reminders');
  matchedReminder = (list.json as { reminders: { id: string; provider: string }[] }).reminders.find(
    (r) => r.provider === reminderBody.provider,
  )!.id;
  const text = `${reminderBody.provider}: your contract renews on 1 March 2031 at £30.00 a month.`;
  const response = await call('POST', '/api/inbox-uploads', { kind: 'text', text });
  if (response.status !== 201)
    throw new Error(`POST /api/inbox-uploads: ${response.status} ${response.text}`);
  return (response.json as { item: { id: string } }).item.id;
}

/** Puts the caller in a household (someone's new one), so that they can leave it. */
async function intoAHousehold(caller: TestUser): Promise<void> {
  const host = await seedUser('host');
  await invite(host.userId, { email: caller.email });
  await join(caller.sub, await latestToken(stack, caller.email));
}

/** The caller's own webhook, on the stack's receiver. */
async function withWebhook(caller: TestUser): Promise<void> {
  const response = await api(stack, caller.accessToken)('PUT', '/api/channels/webhook', {
    url: `${stack.webhooks.url}/hooks/authz`,
  });
  if (response.status !== 200)
    throw new Error(`PUT /api/channels/webhook: ${response.status} ${response.text}`);
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
  // Public, the token is the credential: whoever holds a live invitation's link learns whose it is.
  invitationInviter: { body: freshToken, success: 200 },
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
  removeQuote: { success: 204, quoteId: ownerQuote },
  // The DVLA stand-in's full record (lib/local/dvla.ts).
  lookUpVehicle: { body: { registration: 'AB12 CDE' }, success: 200 },
  listPushDevices: { success: 200 },
  // A fresh subscription per case: the same one again would also be a 201 (it replaces itself).
  addPushDevice: { body: () => browserSubscription(pushService.origin).input, success: 201 },
  removePushDevice: { success: 204, id: ownerDevice },
  sendTestPush: { success: 200 },
  updatePushSettings: { body: { push_reminders: true }, success: 200 },
  getHousehold: { success: 200 },
  // A fresh caller each: an invitation makes a household of whoever sends it.
  inviteToHousehold: { body: () => ({ email: uniqueEmail('invitee') }), success: 201, consumesCaller: true },
  cancelInvitation: { success: 204, id: ownerInvitation },
  previewInvitation: { body: freshToken, success: 200 },
  joinHousehold: { body: freshToken, success: 200, consumesCaller: true },
  leaveHousehold: { success: 204, consumesCaller: true, prepare: intoAHousehold },
  removeHouseholdMember: { success: 204, id: ownerHouseholdMember },
  leaveSharedReminder: { success: 204, id: ownerSharedReminder },
  // Ends every session of the caller's account: a fresh caller each.
  signOutEverywhere: { success: 204, consumesCaller: true },
  dismissHouseholdNote: { success: 204, id: ownerNote },
  getInbox: { success: 200 },
  resetInboxAddress: { success: 200 },
  uploadToInbox: { body: { kind: 'text', text: 'Your plan renews on 1 March 2031.' }, success: 201 },
  dismissInboxItem: { success: 204, id: ownerInboxItem },
  // 'Update' names the reminder the item matched (the owner's, found as the item is made).
  applyInboxItem: {
    id: ownerInboxItem,
    body: () => ({
      reminder_id: matchedReminder,
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
    prepare: intoAHousehold,
  },
  getChannels: { success: 200 },
  connectTelegram: { success: 200 },
  // The stack's ntfy stand-in: the one plain-http topic server the local stage takes.
  saveNtfyChannel: { body: () => ({ topic_url: `${stack.ntfy.url}/authz` }), success: 200 },
  saveWebhookChannel: { body: () => ({ url: `${stack.webhooks.url}/hooks/authz` }), success: 200 },
  // Each caller's own channel: set up first, then tested or removed (another user's is never named).
  rotateWebhookSecret: { success: 200, prepare: withWebhook },
  testChannel: { kind: 'webhook', success: 200, prepare: withWebhook },
  removeChannel: { kind: 'webhook', success: 204, prepare: withWebhook },
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

const stack = useTestStack();
const users = {} as Record<Exclude<Who, 'anonymous'>, TestUser>;

beforeAll(async () => {
  pushService = stackPushService(stack);
  [users.owner, users.other, users.admin] = await Promise.all([
    createUser(stack, { label: 'owner' }),
    createUser(stack, { label: 'other' }),
    createUser(stack, { label: 'admin', admin: true }),
  ]);
  household.member = await seedUser('member');
  await invite(users.owner.sub, { email: household.member.email });
  await join(household.member.userId, await latestToken(stack, household.member.email));
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
    const quote = await ownerQuote(users.owner, shared);
    const former = await createUser(stack, { label: 'former' });
    await invite(users.owner.sub, { email: former.email });
    await join(former.sub, await latestToken(stack, former.email));
    const formerId = (await membershipOf(former.sub))!.membership_id;
    // While a member, they see the shared reminder; once gone, nothing of it.
    expect((await api(stack, former.accessToken)('GET', `/api/reminders/${shared}`)).status).toBe(200);
    expect((await api(stack, former.accessToken)('POST', '/api/household/leave')).status).toBe(204);
    for (const caller of [elsewhere, former]) {
      const call = api(stack, caller.accessToken);
      const invitation = await ownerInvitation(users.owner);
      const member = await ownerHouseholdMember(users.owner);
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
