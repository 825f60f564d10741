/**
 * Sharing a reminder and taking it back, on the local stand-ins (decision 0044): the reminder and
 * its quotes move between the two partitions, the others are told who took it back and when, and
 * a member may leave a shared reminder while the others keep it.
 */
import { describe, expect, it } from 'vitest';
import type { Reminder } from '../../shared/api.ts';
import { formatUkDate } from '../../shared/dates.ts';
import { addDays } from '../../shared/reminder/schedule.ts';
import { SHARING_MESSAGES } from '../../shared/reminder/sharing.ts';
import { householdNoteText, type HouseholdNote } from '../../shared/householdNotes.ts';
import { myData } from '../../lambdas/store/wholeAccount/index.ts';
import { runJob } from '../support/job.ts';
import { api, type TestUser } from '../support/stack.ts';
import { useSharingStack } from '../support/household-sharing.ts';

const { stack, freshRenewal, person, household, add, subjects, titlesOf } = useSharingStack();

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
