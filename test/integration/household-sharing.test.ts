/**
 * Shared reminders on the local stand-ins (decision 0044): a shared reminder is mailed to each
 * member at 08:00 in their own zone, once, in their own digest; 'Only the ones I deal with' and
 * 'None'; one outcome ends the follow-ups for everyone and its saving counts once, for the
 * household; a member who leaves keeps nothing of it and nothing in it names them; the last
 * member's deletion deletes the household's data. (What each member's mail says:
 * household-mails.test.ts; sharing and taking back: household-take-back.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import type { Reminder, SavingsSummary } from '../../shared/api.ts';
import { formatLongUkDate } from '../../shared/dates.ts';
import { addDays } from '../../shared/reminder/schedule.ts';
import { membershipOf } from '../../lambdas/store/households/index.ts';
import { myData } from '../../lambdas/store/wholeAccount/index.ts';
import { adminStatistics } from '../../lambdas/store/admin/index.ts';
import { runJob } from '../support/job.ts';
import { api, mailsTo, type TestUser } from '../support/stack.ts';
import { scanTable } from '../support/table.ts';
import { useSharingStack } from '../support/household-sharing.ts';

const { stack, freshRenewal, person, household, membershipId, add, renewalMails, subjects, titlesOf } =
  useSharingStack();

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
