/**
 * Shared reminders on the local stand-ins (decision 0044): a shared reminder is mailed to each
 * member at 08:00 in their own zone, once, in their own digest; 'Only the ones I deal with' and
 * 'None'; one outcome ends the follow-ups for everyone and its saving counts once, for the
 * household; a member who leaves keeps nothing of it and nothing in it names them; the last
 * member's deletion deletes the household's data. Each member's mail speaks to them: who added it,
 * who deals with it, who gave its price; and no digest shows an item twice.
 */
import { describe, expect, it } from 'vitest';
import type { Reminder, SavingsSummary } from '../../shared/api.ts';
import { formatLongUkDate, formatUkDate } from '../../shared/dates.ts';
import { addDays } from '../../shared/reminder/schedule.ts';
import { SHARING_MESSAGES, type SharedMailChoice } from '../../shared/reminder/sharing.ts';
import { householdNoteText, type HouseholdNote } from '../../shared/householdNotes.ts';
import { membershipOf } from '../../lambdas/store/households/index.ts';
import { myData } from '../../lambdas/store/wholeAccount/index.ts';
import { adminStatistics } from '../../lambdas/store/admin/index.ts';
import { useTestStack } from '../support/fixtures.ts';
import { inviteAndJoin } from '../support/household.ts';
import { runJob } from '../support/job.ts';
import { enqueue } from '../../lambdas/engine/queue.ts';
import { api, createUser, mailsTo, type TestUser } from '../support/stack.ts';
import { scanTable } from '../support/table.ts';

const stack = useTestStack({ maxSendRate: 200 });

/** Each test on its own far-future dates, so no test sees another's reminders. */
let counter = 0;
const freshRenewal = () => addDays('2052-01-05', ++counter * 400);

async function person(label: string, timezone = 'Europe/London', shared: SharedMailChoice = 'all') {
  const user = await createUser(stack, { label });
  const response = await api(stack, user.accessToken)('PUT', '/api/me', {
    first_name: label,
    last_name: '',
    country: 'GB',
    timezone,
    marketing_consent: false,
    shared_reminder_mails: shared,
  });
  if (response.status !== 200) throw new Error(`PUT /api/me: ${response.status} ${response.text}`);
  return user;
}

const household = async (owner: TestUser, ...others: TestUser[]) => {
  for (const other of others)
    await inviteAndJoin(stack, { userId: owner.sub }, { userId: other.sub, email: other.email });
};
const membershipId = async (user: TestUser) => (await membershipOf(user.sub))!.membership_id;

async function add(user: TestUser, title: string, renewal: string, extra: Record<string, unknown> = {}) {
  const response = await api(stack, user.accessToken)('POST', '/api/reminders', {
    title,
    category: 'insurance',
    provider: 'Aviva',
    renewal_date: renewal,
    amount: 400,
    notes: null,
    repeats: 'yearly',
    // One lead, no windows: each test's first run is the reminder's first mail.
    lead_days: [7, 1],
    action_windows: false,
    ...extra,
  });
  if (response.status !== 201) throw new Error(`POST /api/reminders: ${response.status} ${response.text}`);
  return (response.json as { reminder: Reminder }).reminder;
}

/** The reminder mails a person got (not the account's and the household's own mails). */
const renewalMails = async (user: TestUser) =>
  (await mailsTo(stack, user.email)).filter((m) => !/Renewal Reminders|household/.test(m.subject));
const subjects = async (user: TestUser) => (await renewalMails(user)).map((m) => m.subject);
const titlesOf = async (user: TestUser) =>
  (
    (await api(stack, user.accessToken)('GET', '/api/reminders')).json as { reminders: Reminder[] }
  ).reminders.map((r) => r.title);

describe('shared reminders', () => {
  it('mails each member once, at 08:00 in their own zone, in their own digest', async () => {
    const renewal = freshRenewal();
    const ann = await person('Ann');
    const bo = await person('Bo', 'America/New_York');
    await household(ann, bo);
    const shared = await add(ann, 'Home insurance', renewal, {
      shared: true,
      deals_with: await membershipId(bo),
    });
    expect(shared).toMatchObject({ shared: true, created_by: await membershipId(ann) });
    await add(bo, 'Bo phone', renewal, { category: 'broadband_mobile' });
    // Both see it, marked shared; only Bo sees his own.
    expect(await titlesOf(ann)).toEqual(['Home insurance']);
    expect(await titlesOf(bo)).toEqual(['Bo phone', 'Home insurance']);

    const day = addDays(renewal, -7);
    const at = (time: string) => runJob(stack, { now: () => new Date(`${day}T${time}Z`), trigger: 'cli' });
    const sentTo = (result: Awaited<ReturnType<typeof at>>, user: TestUser) =>
      result.mails.filter((m) => m.userId === user.sub && m.status === 'sent').length;
    // 08:30 in London is 03:30 in New York: Ann's mail goes, Bo's waits for his morning.
    const londonMorning = await at('08:30:00');
    expect(londonMorning.errors).toEqual([]);
    expect([sentTo(londonMorning, ann), sentTo(londonMorning, bo)]).toEqual([1, 0]);
    expect([sentTo(await at('08:45:00'), ann), (await subjects(bo)).length]).toEqual([0, 0]);
    const newYorkMorning = await at('13:30:00');
    expect([sentTo(newYorkMorning, ann), sentTo(newYorkMorning, bo)]).toEqual([0, 2]);
    expect(sentTo(await at('14:30:00'), bo)).toBe(0);
    expect(await subjects(ann)).toEqual([
      `Your Home insurance with Aviva renews in 7 days (${formatLongUkDate(renewal)})`,
    ]);
    // Bo's two renewals of the day come in one digest.
    const [digest, ...more] = await renewalMails(bo);
    expect(more).toEqual([]);
    expect(digest?.body.text).toContain('Home insurance');
    expect(digest?.body.text).toContain('Bo phone');
  });

  it("'Only the ones I deal with' and 'None' leave the others out", async () => {
    const renewal = freshRenewal();
    const cy = await person('Cy');
    const dee = await person('Dee', 'Europe/London', 'mine');
    const eli = await person('Eli', 'Europe/London', 'none');
    await household(cy, dee, eli);
    await add(cy, 'Cy deals', renewal, { shared: true, deals_with: await membershipId(cy) });
    await add(cy, 'Dee deals', renewal, { shared: true, deals_with: await membershipId(dee) });
    await add(cy, 'Anyone deals', renewal, { shared: true });
    const result = await runJob(stack, { date: addDays(renewal, -1), trigger: 'cli' });
    expect(result.errors).toEqual([]);
    const texts = async (user: TestUser) => (await renewalMails(user)).map((m) => m.body.text);
    const cyMail = await texts(cy);
    expect(cyMail).toHaveLength(1);
    for (const title of ['Cy deals', 'Dee deals', 'Anyone deals']) expect(cyMail[0]).toContain(title);
    const [deeMail, ...deeMore] = await texts(dee);
    expect(deeMore).toEqual([]);
    expect(deeMail).toContain('Dee deals');
    expect(deeMail).not.toContain('Cy deals');
    expect(deeMail).not.toContain('Anyone deals');
    expect(await texts(eli)).toEqual([]);
  });

  it('one outcome ends the follow-ups for everyone, and its saving counts once, for the household', async () => {
    const renewal = freshRenewal();
    const fay = await person('Fay');
    const gil = await person('Gil');
    await household(fay, gil);
    const answered = await add(fay, 'Answered', renewal, { shared: true });
    await add(fay, 'Unanswered', renewal, { shared: true });
    const before = await adminStatistics();
    const outcome = await api(stack, gil.accessToken)('POST', `/api/reminders/${answered.id}/savings`, {
      outcome: 'saved',
      saved_amount: '50',
      next_renewal_date: addDays(renewal, 365),
    });
    expect(outcome.status).toBe(201);
    const result = await runJob(stack, { date: addDays(renewal, 1), trigger: 'cli' });
    expect(result.errors).toEqual([]);
    for (const user of [fay, gil]) {
      const followUps = (await mailsTo(stack, user.email))
        .map((m) => m.subject)
        .filter((s) => /nswered/.test(s));
      expect(followUps).toHaveLength(1);
      expect(followUps[0]).toContain('Unanswered');
      const savings = (await api(stack, user.accessToken)('GET', '/api/savings'))
        .json as unknown as SavingsSummary;
      expect([savings.total, savings.household_total]).toEqual([0, 50]);
      expect(savings.records.map((r) => [r.title, r.shared, r.recorded_by])).toEqual([
        ['Answered', true, await membershipId(gil)],
      ]);
    }
    const after = await adminStatistics();
    expect(after.total_savings - before.total_savings).toBeCloseTo(50);
  });

  it('who leaves, is removed or deletes their account keeps nothing, and nothing names them', async () => {
    const renewal = freshRenewal();
    const hal = await person('Hal');
    const ivy = await person('Ivy');
    const max = await person('Max');
    const noa = await person('Noa');
    await household(hal, ivy, max, noa);
    const departed = [
      [max, await membershipId(max)],
      [noa, await membershipId(noa)],
    ] as const;
    const ivyMember = await membershipId(ivy);
    const householdId = (await membershipOf(hal.sub))!.household_id;
    const ivys = await add(ivy, 'Ivy added', renewal, { shared: true, deals_with: ivyMember });
    await api(stack, ivy.accessToken)('POST', `/api/reminders/${ivys.id}/snooze`);
    // 'Download my data' holds the household's shared items, apart and marked, while a member.
    const copy = async () => (await myData(ivy.sub)).household_shared;
    expect((await copy())?.reminders.map((r) => [r.title, r.shared])).toEqual([['Ivy added', true]]);
    expect((await api(stack, ivy.accessToken)('POST', '/api/household/leave')).status).toBe(204);
    expect(await titlesOf(ivy)).toEqual([]);
    expect(await copy()).toBeNull();
    expect((await api(stack, ivy.accessToken)('GET', `/api/reminders/${ivys.id}`)).status).toBe(404);
    const kept = (await api(stack, hal.accessToken)('GET', `/api/reminders/${ivys.id}`)).json as {
      reminder: Reminder;
      snoozes: { by?: string }[];
    };
    expect(kept.reminder).toMatchObject({ title: 'Ivy added', deals_with: null, created_by: 'former' });
    expect(kept.snoozes.map((s) => s.by)).toEqual(['former']);
    const inHousehold = async () =>
      JSON.stringify((await scanTable()).filter((i) => String(i.pk) === `HOUSEHOLD#${householdId}`));
    expect(JSON.parse(await inHousehold()).length).toBeGreaterThan(0);

    // Max records an outcome and is removed; Noa snoozes and deletes their account.
    const answered = await add(max, 'Max answered', renewal, { shared: true });
    const outcome = { outcome: 'saved', saved_amount: '10', next_renewal_date: addDays(renewal, 365) };
    expect(
      (await api(stack, max.accessToken)('POST', `/api/reminders/${answered.id}/savings`, outcome)).status,
    ).toBe(201);
    expect(
      (await api(stack, hal.accessToken)('DELETE', `/api/household/members/${departed[0][1]}`)).status,
    ).toBe(204);
    expect((await api(stack, noa.accessToken)('POST', `/api/reminders/${answered.id}/snooze`)).status).toBe(
      200,
    );
    expect((await api(stack, noa.accessToken)('DELETE', '/api/me')).status).toBe(204);
    expect(await titlesOf(max)).toEqual([]);
    const history = (await api(stack, hal.accessToken)('GET', `/api/reminders/${answered.id}`)).json as {
      history: { recorded_by: string | null }[];
      snoozes: { by?: string }[];
    };
    expect([history.history.map((h) => h.recorded_by), history.snoozes.map((s) => s.by)]).toEqual([
      ['former'],
      ['former'],
    ]);
    const text = await inHousehold();
    for (const trace of [ivy.sub, ivy.email, ivyMember, ...departed.flatMap(([u, m]) => [u.sub, u.email, m])])
      expect(text.includes(trace)).toBe(false);

    expect((await api(stack, hal.accessToken)('DELETE', '/api/me')).status).toBe(204);
    expect(await inHousehold()).toBe('[]');
  });
});

describe("a shared reminder's mail, to each member", () => {
  it('says who added it and who deals with it, and tells only the one who gave the price that they did', async () => {
    const renewal = freshRenewal();
    const [alice, bob, cy] = [await person('Alice'), await person('Bob'), await person('Cy')];
    await household(alice, bob, cy);
    const home = await add(alice, 'Home insurance', renewal, {
      shared: true,
      deals_with: await membershipId(bob),
      billing: 'yearly',
    });
    // Bob's quote, in the household's notebook, is named in every member's mail.
    const quote = { provider: 'Admiral', price: 352, quoted_on: '2052-01-01', notes: null };
    expect(
      (await api(stack, bob.accessToken)('POST', `/api/reminders/${home.id}/quotes`, quote)).status,
    ).toBe(201);
    const result = await runJob(stack, { date: addDays(renewal, -7), trigger: 'cli' });
    expect(result.errors).toEqual([]);
    const textOf = async (user: TestUser) => {
      const [mail, ...more] = await renewalMails(user);
      expect(more).toEqual([]);
      return mail!.body.text;
    };
    const dated = `Home insurance with Aviva renews on ${formatLongUkDate(renewal)}.`;
    const cheapest = 'Your cheapest quote so far: Admiral at £352.00/yr, £48.00 less than your renewal.';
    const aliceMail = await textOf(alice);
    expect(aliceMail).toContain(
      `${dated} You added this; Bob deals with it. You told us it costs £400.00/yr.`,
    );
    const bobMail = await textOf(bob);
    expect(bobMail).toContain(
      `${dated} Alice added this; you deal with it. Alice noted it costs £400.00/yr.`,
    );
    const cyMail = await textOf(cy);
    expect(cyMail).toContain(
      `${dated} Alice added this; Bob deals with it. Alice noted it costs £400.00/yr.`,
    );
    for (const text of [aliceMail, bobMail, cyMail]) expect(text).toContain(cheapest);
    for (const text of [bobMail, cyMail]) {
      expect(text).not.toContain('You told us');
      expect(text).toContain('You get this because your household shares this renewal on Renewal Reminders.');
    }
  });

  it("a member's answer with a new price makes them its last changer: nobody is told they gave it", async () => {
    const renewal = freshRenewal();
    const [dot, eve] = [await person('Dot'), await person('Eve')];
    await household(dot, eve);
    const shared = await add(dot, 'Car insurance', renewal, { shared: true, billing: 'yearly' });
    const next = addDays(renewal, 365);
    const answer = await api(stack, eve.accessToken)('POST', `/api/reminders/${shared.id}/savings`, {
      outcome: 'saved',
      saved_amount: '50',
      next_renewal_date: next,
      new_provider: 'Admiral',
      new_price: 350,
    });
    expect(answer.status).toBe(201);
    const seen = (await api(stack, dot.accessToken)('GET', `/api/reminders/${shared.id}`)).json as {
      reminder: Reminder;
    };
    expect([seen.reminder.created_by, seen.reminder.updated_by]).toEqual([
      await membershipId(dot),
      await membershipId(eve),
    ]);
    expect((await runJob(stack, { date: addDays(next, -7), trigger: 'cli' })).errors).toEqual([]);
    for (const user of [dot, eve]) {
      const text = (await renewalMails(user)).map((m) => m.body.text).join('\n');
      expect(text).toContain('It costs £350.00/yr.');
      expect(text).not.toContain('You told us');
    }
  });

  it('never shows an item twice in a digest, though its message holds it twice', async () => {
    const renewal = freshRenewal();
    const [owner, member] = [await person('Olga'), await person('Pip')];
    await household(owner, member);
    const sharedOne = await add(owner, 'Shared energy', renewal, {
      shared: true,
      category: 'utilities_energy',
    });
    const ownOne = await add(owner, 'Own gym', renewal, { category: 'subscriptions' });
    const lead = (reminderId: string) => ({
      mail: {
        type: 'reminder' as const,
        userId: owner.sub,
        reminderId,
        renewalDate: renewal,
        daysBefore: 1,
        actBy: null,
      },
      daysLeft: 1,
      late: false,
    });
    const run = { id: crypto.randomUUID(), ranAt: new Date().toISOString() };
    // The owner's message as a run that found the shared reminder twice would queue it.
    await enqueue([
      {
        v: 2,
        run,
        userId: owner.sub,
        mails: [lead(sharedOne.id), lead(ownOne.id), lead(sharedOne.id)],
        household: (await membershipOf(owner.sub))!.household_id,
      },
    ]);
    await stack.sendPoller.idle();
    const [digest, ...more] = await renewalMails(owner);
    expect(more).toEqual([]);
    expect(digest!.subject).toBe('2 renewals to review: Shared energy and 1 more');
    const headings = (digest!.body.text ?? '').match(/^YOUR .* (RENEWS|ENDS) .*$/gm) ?? [];
    expect(headings).toHaveLength(2);
    expect(new Set(headings).size).toBe(headings.length);
  }, 60_000);
});

describe('sharing and taking back', () => {
  it('moves the reminder and its quotes between the two partitions; refuses what cannot be shared', async () => {
    const renewal = freshRenewal();
    const jo = await person('Jo');
    const kit = await person('Kit');
    const outsider = await person('Lee');
    const call = api(stack, jo.accessToken);
    // Not in a household yet: sharing is refused, and nothing is written.
    const body = { title: 'Broadband', category: 'broadband_mobile', provider: 'BT', renewal_date: renewal };
    const refused = await call('POST', '/api/reminders', { ...body, shared: true });
    expect([refused.status, refused.json]).toMatchObject([400, { message: 'You are not in a household.' }]);
    const own = await add(jo, 'Broadband', renewal, { category: 'broadband_mobile' });
    await household(jo, kit);
    const quote = { provider: 'Sky', price: 25, quoted_on: '2052-01-01', notes: null };
    expect((await call('POST', `/api/reminders/${own.id}/quotes`, quote)).status).toBe(201);
    // 'Who deals with it?' must be someone in the household.
    const stranger = await call('PUT', `/api/reminders/${own.id}`, {
      ...body,
      shared: true,
      deals_with: '6a1f7c2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b',
    });
    expect([stranger.status, stranger.json]).toMatchObject([
      400,
      { message: 'Choose who deals with it from your household' },
    ]);
    expect((await api(stack, outsider.accessToken)('GET', `/api/reminders/${own.id}`)).status).toBe(404);

    const shared = await call('PUT', `/api/reminders/${own.id}`, { ...body, shared: true });
    expect(shared.status).toBe(200);
    const seenByKit = (await api(stack, kit.accessToken)('GET', `/api/reminders/${own.id}`)).json as {
      reminder: Reminder;
      quotes: unknown[];
    };
    expect([seenByKit.reminder.shared, seenByKit.quotes.length]).toEqual([true, 1]);
    // Kit did not share it: Kit cannot take it back into their own list, and nothing moves.
    const grabbed = await api(stack, kit.accessToken)('PUT', `/api/reminders/${own.id}`, {
      ...body,
      shared: false,
    });
    expect([grabbed.status, grabbed.json]).toMatchObject([
      403,
      { message: SHARING_MESSAGES.onlyItsSharerTakesBack },
    ]);
    expect(await titlesOf(jo)).toEqual(['Broadband']);
    expect(await titlesOf(kit)).toEqual(['Broadband']);
    // Jo, who shared it, takes it back: it leaves the household, with its quote.
    const taken = await call('PUT', `/api/reminders/${own.id}`, { ...body, shared: false });
    expect(taken.status).toBe(200);
    expect(await titlesOf(kit)).toEqual([]);
    expect(await titlesOf(jo)).toEqual(['Broadband']);
    const josNow = (await call('GET', `/api/reminders/${own.id}`)).json as {
      reminder: Reminder;
      quotes: unknown[];
    };
    expect([josNow.reminder.shared, josNow.reminder.user_id, josNow.quotes.length]).toEqual([
      false,
      jo.sub,
      1,
    ]);
  });

  it('tells the others, in their Household card, who took a reminder back and when', async () => {
    const renewal = freshRenewal();
    const mo = await person('Mo');
    const ned = await person('Ned');
    const oz = await person('Oz');
    await household(mo, ned, oz);
    const shared = await add(mo, 'Mortgage', renewal, { shared: true });
    const before = Date.now();
    const body = { title: 'Mortgage', category: 'insurance', provider: 'Aviva', renewal_date: renewal };
    expect((await api(stack, mo.accessToken)('PUT', `/api/reminders/${shared.id}`, body)).status).toBe(200);
    const notesOf = async (user: TestUser) =>
      ((await api(stack, user.accessToken)('GET', '/api/household/me')).json as { notes: HouseholdNote[] })
        .notes;
    for (const other of [ned, oz]) {
      const [note, ...more] = await notesOf(other);
      expect(more).toEqual([]);
      expect(note).toMatchObject({ kind: 'taken_back', who: 'Mo', title: 'Mortgage' });
      expect(Date.parse(note!.at)).toBeGreaterThanOrEqual(before - 1000);
      expect(householdNoteText(note!)).toBe(
        `Mo took back 'Mortgage' on ${formatUkDate(note!.at.slice(0, 10))}: it is no longer shared with you.`,
      );
    }
    // Not the one who took it; and a note is dismissed by its reader only.
    expect(await notesOf(mo)).toEqual([]);
    const [nedsNote] = await notesOf(ned);
    expect((await api(stack, oz.accessToken)('DELETE', `/api/household/notes/${nedsNote!.id}`)).status).toBe(
      404,
    );
    expect((await api(stack, ned.accessToken)('DELETE', `/api/household/notes/${nedsNote!.id}`)).status).toBe(
      204,
    );
    expect(await notesOf(ned)).toEqual([]);
    expect(await notesOf(oz)).toHaveLength(1);
  });

  it('a member may leave a shared reminder: they stop seeing it and its mails; the others keep it', async () => {
    const renewal = freshRenewal();
    const pat = await person('Pat');
    const quin = await person('Quin');
    await household(pat, quin);
    const energy = await add(pat, 'Energy', renewal, { shared: true });
    const leave = (user: TestUser, id: string) =>
      api(stack, user.accessToken)('POST', `/api/reminders/${id}/leave`);
    expect((await leave(quin, energy.id)).status).toBe(204);
    expect(await titlesOf(quin)).toEqual([]);
    expect((await api(stack, quin.accessToken)('GET', `/api/reminders/${energy.id}`)).status).toBe(404);
    expect((await leave(quin, energy.id)).status).toBe(404);
    expect(await titlesOf(pat)).toEqual(['Energy']);
    expect(JSON.stringify((await myData(quin.sub)).household_shared)).not.toContain(energy.id);
    // An own reminder is not left: it is deleted, or kept.
    const own = await add(quin, 'Phone', renewal);
    expect((await leave(quin, own.id)).status).toBe(400);
    // Its mails go to Pat only.
    const result = await runJob(stack, { date: addDays(renewal, -7), trigger: 'cli' });
    expect(result.errors).toEqual([]);
    expect((await subjects(pat)).filter((s) => s.includes('Energy'))).toHaveLength(1);
    expect((await subjects(quin)).filter((s) => s.includes('Energy'))).toEqual([]);
  });
});

describe("the send queue's household hint", () => {
  it('reads only the household the recipient is in now, whatever a message names', async () => {
    const renewal = freshRenewal();
    const [pat, quin, rae] = [await person('Pat'), await person('Quin'), await person('Rae')];
    await household(pat, await person('Sam'));
    await household(quin, rae);
    const theirs = await add(quin, 'Their broadband', renewal, { shared: true });
    const patsHousehold = (await membershipOf(pat.sub))!.household_id;
    const quinsHousehold = (await membershipOf(quin.sub))!.household_id;
    const mail = (user: TestUser) => ({
      mail: {
        type: 'reminder' as const,
        userId: user.sub,
        reminderId: theirs.id,
        renewalDate: renewal,
        daysBefore: 1,
        actBy: null,
      },
      daysLeft: 1,
      late: false,
    });
    const run = { id: crypto.randomUUID(), ranAt: new Date().toISOString() };
    // Pat's message names Quin's household: Pat is not in it, so nothing of it is read for Pat.
    // Rae's names Pat's: Rae is in Quin's, which the sender reads instead.
    await enqueue([
      { v: 2, run, userId: pat.sub, mails: [mail(pat)], household: quinsHousehold },
      { v: 2, run, userId: rae.sub, mails: [mail(rae)], household: patsHousehold },
    ]);
    await stack.sendPoller.idle();
    expect(await subjects(pat)).toEqual([]);
    expect(await subjects(rae)).toEqual([
      `Your Their broadband with Aviva renews in 1 day (${formatLongUkDate(renewal)})`,
    ]);
  });
});
