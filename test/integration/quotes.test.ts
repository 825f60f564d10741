/**
 * The quote notebook over real HTTP on the local stand-ins: adding (validated as hostile input),
 * listing with the reminder, Remove, another user's reminder or quote answering 404 with nothing
 * changed, the per-renewal cap under concurrent adds, a quote for the current renewal only, and the
 * quotes going with their reminder, in 'Download my data' and with the account; the next reminder
 * mail naming the cheapest quote and its saving, and the quote day's mail linking comparison sites.
 */
import { describe, expect, it } from 'vitest';
import type { MyData, Quote, ReminderDetails } from '../../shared/api.ts';
import { QUOTE_LIMIT, QUOTE_MESSAGES } from '../../shared/quotes.ts';
import { MESSAGES } from '../../shared/schemas/fields.ts';
import { keys } from '../../shared/table.ts';
import { putItem, queryAll } from '../../lambdas/store/db.ts';
import { QUOTE_SITES } from '../../shared/reminder/windows.ts';
import { addDays } from '../../shared/reminder/schedule.ts';
import { expectFieldErrors, useTestStack } from '../support/fixtures.ts';
import { runJob } from '../support/job.ts';
import { addReminder, api, createUser, mailsTo, type TestUser } from '../support/stack.ts';

const stack = useTestStack();

const reminderBody = {
  title: 'Car insurance',
  category: 'insurance',
  provider: 'Admiral',
  renewal_date: '2027-06-30',
  amount: 420,
  repeats: 'yearly',
};
const quote = { provider: 'Direct Line', price: 365.5, quoted_on: '2027-06-01', notes: 'Online only' };

const quotesPath = (reminderId: string) => `/api/reminders/${reminderId}/quotes`;

async function details(user: TestUser, reminderId: string): Promise<ReminderDetails> {
  const response = await api(stack, user.accessToken)('GET', `/api/reminders/${reminderId}`);
  expect(response.status).toBe(200);
  return response.json as unknown as ReminderDetails;
}

const storedQuotes = (user: TestUser) =>
  queryAll({ pk: keys.user(user.sub), sk: { beginsWith: 'QUOTE#' } }, { consistent: true });

describe('quote notebook', () => {
  it('adds, lists with the reminder, and removes', async () => {
    const user = await createUser(stack, { label: 'quotes' });
    const call = api(stack, user.accessToken);
    const reminderId = await addReminder(stack, user, reminderBody);

    const added = await call('POST', quotesPath(reminderId), quote);
    expect(added.status).toBe(201);
    const saved = (added.json as { quote: Quote }).quote;
    expect(saved).toMatchObject({ ...quote, reminder_id: reminderId, renewal_date: '2027-06-30' });
    const second = await call('POST', quotesPath(reminderId), { ...quote, provider: 'Aviva', notes: '' });
    expect((second.json as { quote: Quote }).quote.notes).toBeNull();

    expect((await details(user, reminderId)).quotes.map((q) => q.provider)).toEqual(['Direct Line', 'Aviva']);

    expect((await call('DELETE', `${quotesPath(reminderId)}/${saved.id}`)).status).toBe(204);
    expect((await call('DELETE', `${quotesPath(reminderId)}/${saved.id}`)).status).toBe(404);
    expect((await details(user, reminderId)).quotes.map((q) => q.provider)).toEqual(['Aviva']);
  });

  it('refuses hostile input with the shared messages, storing nothing', async () => {
    const user = await createUser(stack);
    const call = api(stack, user.accessToken);
    const reminderId = await addReminder(stack, user, reminderBody);
    const post = (body: unknown) => call('POST', quotesPath(reminderId), body);

    expectFieldErrors(await post({ ...quote, provider: ' ' }), { provider: [MESSAGES.providerRequired] });
    expectFieldErrors(await post({ ...quote, provider: 'Evil\u202Eco' }), { provider: [expect.any(String)] });
    expectFieldErrors(await post({ ...quote, price: -1 }), { price: [MESSAGES.amountNegative] });
    expectFieldErrors(await post({ ...quote, price: 10.005 }), { price: [QUOTE_MESSAGES.priceDecimals] });
    expectFieldErrors(await post({ ...quote, price: '10' }), { price: [QUOTE_MESSAGES.priceRequired] });
    expectFieldErrors(await post({ ...quote, quoted_on: '2027-02-30' }), {
      quoted_on: [QUOTE_MESSAGES.dateInvalid],
    });
    expectFieldErrors(await post({ ...quote, notes: 'x'.repeat(501) }), { notes: [QUOTE_MESSAGES.notesMax] });
    expect((await post({ ...quote, pk: 'USER#someone-else' })).status).toBe(400);
    expect(await storedQuotes(user)).toEqual([]);
  });

  it("another user's reminder and quote answer 404, and nothing changes", async () => {
    const [owner, other] = await Promise.all([createUser(stack), createUser(stack)]);
    const reminderId = await addReminder(stack, owner, reminderBody);
    const added = await api(stack, owner.accessToken)('POST', quotesPath(reminderId), quote);
    const quoteId = (added.json as { quote: Quote }).quote.id;

    const intruder = api(stack, other.accessToken);
    expect((await intruder('POST', quotesPath(reminderId), quote)).status).toBe(404);
    expect((await intruder('DELETE', `${quotesPath(reminderId)}/${quoteId}`)).status).toBe(404);
    expect(await storedQuotes(other)).toEqual([]);
    expect(await storedQuotes(owner)).toHaveLength(1);
  });

  it(`keeps at most ${QUOTE_LIMIT} quotes a renewal, even when they are added at once`, async () => {
    const user = await createUser(stack);
    const call = api(stack, user.accessToken);
    const reminderId = await addReminder(stack, user, reminderBody);
    const answers = await Promise.all(
      Array.from({ length: QUOTE_LIMIT + 4 }, (_, i) =>
        call('POST', quotesPath(reminderId), { ...quote, price: 300 + i }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([...Array(QUOTE_LIMIT).fill(201), 409, 409, 409, 409]);
    expect(await storedQuotes(user)).toHaveLength(QUOTE_LIMIT);
    const full = await call('POST', quotesPath(reminderId), quote);
    expect(full.status).toBe(409);
    expect(full.json?.message).toBe(QUOTE_MESSAGES.limit);
  });

  it('keeps quotes per renewal, lists them in my data, and removes them with the reminder and the account', async () => {
    const user = await createUser(stack);
    const call = api(stack, user.accessToken);
    const reminderId = await addReminder(stack, user, reminderBody);
    const other = await addReminder(stack, user, { ...reminderBody, title: 'Home insurance' });
    for (const id of [reminderId, other])
      expect((await call('POST', quotesPath(id), quote)).status).toBe(201);

    // The outcome rolls the reminder on: the next renewal starts with an empty notebook.
    const outcome = await call('POST', `/api/reminders/${reminderId}/savings`, {
      outcome: 'saved',
      saved_amount: '54.50',
      next_renewal_date: '2028-06-30',
      new_provider: 'Direct Line',
      new_price: 365.5,
    });
    expect(outcome.status).toBe(201);
    expect((await details(user, reminderId)).quotes).toEqual([]);

    const data = (await call('GET', '/api/me/data')).json as unknown as MyData;
    expect(data.quotes.map((q) => [q.reminder_id, q.renewal_date])).toEqual(
      expect.arrayContaining([
        [reminderId, '2027-06-30'],
        [other, '2027-06-30'],
      ]),
    );

    expect((await call('DELETE', `/api/reminders/${reminderId}`)).status).toBe(204);
    expect((await storedQuotes(user)).map((q) => q.reminder_id)).toEqual([other]);

    expect((await call('DELETE', '/api/me')).status).toBe(204);
    expect(await queryAll({ pk: keys.user(user.sub) }, { consistent: true })).toEqual([]);
  });
});

describe('the renewal offer kept on the reminder', () => {
  it('is the latest quote marked as the offer, falls back when removed, and stays with the term it was for', async () => {
    const user = await createUser(stack, { label: 'offer' });
    const call = api(stack, user.accessToken);
    const reminderId = await addReminder(stack, user, {
      ...reminderBody,
      renewal_date: '2027-07-31',
      amount: 498.1,
    });
    const offerOf = async () => (await details(user, reminderId)).reminder.renewal_offer;
    const add = async (body: Record<string, unknown>) =>
      ((await call('POST', quotesPath(reminderId), body)).json as { quote: Quote }).quote;

    await add(quote);
    expect(await offerOf()).toBeNull();
    const first = await add({ ...quote, provider: 'Admiral', price: 640, renewal_offer: true });
    const revised = await add({ ...quote, provider: 'Admiral', price: 612.34, renewal_offer: true });
    expect(await offerOf()).toEqual({ price: 612.34, quote_id: revised.id, renewal_date: '2027-07-31' });
    // The list has it too, without reading quotes.
    const listed = (await call('GET', '/api/reminders')).json as {
      reminders: { id: string; renewal_offer: unknown }[];
    };
    expect(listed.reminders.find((r) => r.id === reminderId)?.renewal_offer).toMatchObject({ price: 612.34 });

    expect((await call('DELETE', `${quotesPath(reminderId)}/${revised.id}`)).status).toBe(204);
    expect(await offerOf()).toEqual({ price: 640, quote_id: first.id, renewal_date: '2027-07-31' });

    // Renewed as offered: the term keeps the offer, and the next renewal starts with none.
    const answered = await call('POST', `/api/reminders/${reminderId}/savings`, {
      outcome: 'no_saving',
      saved_amount: '0',
      next_renewal_date: '2028-07-31',
      new_price: 640,
      renewal_date: '2027-07-31',
    });
    expect(answered.status).toBe(201);
    const after = await details(user, reminderId);
    expect(after.reminder.renewal_offer).toBeNull();
    expect(after.history[0]).toMatchObject({ price: 498.1, offer_price: 640, new_price: 640 });
  });
});

describe('the mails after quotes are noted', () => {
  /** A reminder of its own far-future renewal (no other test's run mails it), one lead, `extra` added. */
  /** The reminder mails a user got (not the account's own mails). */
  const reminderMails = async (user: TestUser) =>
    (await mailsTo(stack, user.email)).filter((m) => !m.subject.includes('Renewal Reminders'));
  const renewing = (renewal: string, extra: Record<string, unknown> = {}) => ({
    ...reminderBody,
    renewal_date: renewal,
    amount: 480,
    billing: 'yearly',
    lead_days: [7],
    action_windows: false,
    ...extra,
  });

  it('keeps the renewal offer when the reminder is edited', async () => {
    const user = await createUser(stack, { label: 'offeredit' });
    const call = api(stack, user.accessToken);
    const reminderId = await addReminder(stack, user, reminderBody);
    await call('POST', quotesPath(reminderId), {
      ...quote,
      provider: 'Admiral',
      price: 612.34,
      renewal_offer: true,
    });
    const edited = await call('PUT', `/api/reminders/${reminderId}`, { ...reminderBody, title: 'Car cover' });
    expect(edited.status).toBe(200);
    const after = await details(user, reminderId);
    expect(after.reminder.title).toBe('Car cover');
    expect(after.reminder.renewal_offer).toMatchObject({ price: 612.34 });
  });

  it('the next lead mail names the cheapest quote of this renewal and what it saves', async () => {
    const user = await createUser(stack, { label: 'quoted' });
    const call = api(stack, user.accessToken);
    const renewal = '2047-03-20';
    const quoted = await addReminder(stack, user, renewing(renewal));
    await addReminder(stack, user, renewing(renewal, { title: 'Van insurance' }));
    for (const [provider, price] of [
      ['Direct Line', 455.5],
      ['Admiral', 412],
      ['Aviva', 430],
    ] as const)
      expect((await call('POST', quotesPath(quoted), { ...quote, provider, price })).status).toBe(201);

    const result = await runJob(stack, { date: addDays(renewal, -7), trigger: 'cli' });
    expect(result.errors).toEqual([]);
    const [digest, ...more] = await reminderMails(user);
    expect(more).toEqual([]);
    const said = 'Your cheapest quote so far: Admiral at £412.00/yr, £68.00 less than your renewal.';
    // Once, in the section of the reminder it was noted for; the other reminder has none.
    const text = digest!.body.text ?? '';
    expect(text.split(said)).toHaveLength(2);
    const sections = text.split('-'.repeat(40));
    const section = (heading: string) => sections.find((s) => s.includes(heading)) ?? '';
    expect(section('YOUR CAR INSURANCE RENEWS IN 7 DAYS')).toContain(said);
    expect(section('YOUR VAN INSURANCE RENEWS IN 7 DAYS')).not.toContain('cheapest quote');
  });

  it('the lead mail and the push line say the renewal offer and its rise on last year', async () => {
    const user = await createUser(stack, { label: 'offered' });
    const renewal = '2048-04-20';
    const reminderId = await addReminder(stack, user, renewing(renewal));
    const offer = { ...quote, provider: 'Admiral', price: 612.34, renewal_offer: true };
    expect((await api(stack, user.accessToken)('POST', quotesPath(reminderId), offer)).status).toBe(201);
    expect((await runJob(stack, { date: addDays(renewal, -7), trigger: 'cli' })).errors).toEqual([]);
    const [mail] = await reminderMails(user);
    expect(mail?.body.text).toContain("Renewal offer £612.34/yr, up 28% on last year's £480.00/yr.");
  });

  it('a notebook the sender cannot read holds no mail up: it goes without the quote', async () => {
    const user = await createUser(stack, { label: 'unreadable' });
    const renewal = '2049-05-10';
    const reminderId = await addReminder(stack, user, renewing(renewal));
    // An item no add writes (a price that is not a number), in the renewal's first slot.
    await putItem({
      pk: keys.user(user.sub),
      sk: keys.quote(reminderId, renewal, 0),
      id: crypto.randomUUID(),
      reminder_id: reminderId,
      renewal_date: renewal,
      provider: 'Broken',
      price: 'free',
    });
    const result = await runJob(stack, { date: addDays(renewal, -7), trigger: 'cli' });
    expect(result.errors).toEqual([]);
    const [mail, ...more] = await reminderMails(user);
    expect(more).toEqual([]);
    expect(mail!.subject).toContain('renews in 7 days');
    expect(mail!.body.text).not.toContain('cheapest quote');
  }, 60_000);

  it("the quote day's mail links the comparison sites' car and home insurance pages", async () => {
    const user = await createUser(stack, { label: 'quoteday' });
    const renewal = '2048-04-01';
    const reminderId = await addReminder(
      stack,
      user,
      renewing(renewal, { lead_days: [1], action_windows: true }),
    );
    expect(
      (await api(stack, user.accessToken)('POST', quotesPath(reminderId), { ...quote, price: 500 })).status,
    ).toBe(201);
    const result = await runJob(stack, { date: addDays(renewal, -26), trigger: 'cli' });
    expect(result.errors).toEqual([]);
    const [mail, ...more] = await reminderMails(user);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Car insurance with Admiral: today is the best day to get quotes');
    for (const site of [...QUOTE_SITES.car, ...QUOTE_SITES.home])
      expect(mail!.body.html).toContain(`href="${site.url}"`);
    // A quote dearer than the renewal price is named without a saving.
    expect(mail!.body.text).toContain('Your cheapest quote so far: Direct Line at £500.00/yr.');
  });
});
