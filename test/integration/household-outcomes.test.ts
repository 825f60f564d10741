/**
 * A shared renewal's outcome is one per term, on the local stand-ins: the follow-up mail names the
 * term it asks about; two members answering at once record one outcome and roll the reminder once,
 * the other told who answered (409); a member answering from an old link after another has
 * answered changes nothing; the savings list, its totals and the admin statistics agree.
 */
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import type { Reminder, RenewalOutcome, SavingsSummary } from '../../shared/api.ts';
import { formatUkDate } from '../../shared/dates.ts';
import { addDays } from '../../shared/reminder/schedule.ts';
import { keys } from '../../shared/table.ts';
import { queryAll } from '../../lambdas/store/db.ts';
import { membershipOf } from '../../lambdas/store/households/index.ts';
import { adminStatistics } from '../../lambdas/store/admin/index.ts';
import { expectFieldErrors, useTestStack } from '../support/fixtures.ts';
import { sharedHousehold } from '../support/household.ts';
import { runJob } from '../support/job.ts';
import { api, mailsTo, type TestUser } from '../support/stack.ts';

const stack = useTestStack({ maxSendRate: 200 });

/** Each test on its own far-future dates, so no test sees another's reminders. */
let counter = 0;
const freshRenewal = () => addDays('2061-03-05', ++counter * 400);

/** Alice and Bob in one household, with a shared yearly reminder renewing on `renewal`. */
async function sharedReminder(renewal: string, bobZone = 'Europe/London') {
  const { alice, bob, reminder } = await sharedHousehold(stack, renewal, { bobZone });
  const householdPk = keys.household((await membershipOf(alice.sub))!.household_id);
  return { alice, bob, reminder, householdPk };
}

const answer = (user: TestUser, id: string, body: Record<string, unknown>) =>
  api(stack, user.accessToken)('POST', `/api/reminders/${id}/savings`, body);

/** 'I switched' to Octopus at £335.80 for the term ending `renewal`, £64.20 saved. */
const switched = (renewal: string) => ({
  renewal_date: renewal,
  outcome: 'saved',
  saved_amount: '64.20',
  next_renewal_date: addDays(renewal, 365),
  new_provider: 'Octopus',
  new_price: 335.8,
});

/** Bob's answer for the same term: a switch to EDF on a two-year deal. */
const twoYears = (renewal: string) => ({
  ...switched(renewal),
  new_provider: 'EDF',
  next_renewal_date: addDays(renewal, 730),
});

/** The reminder's outcome items in the household's partition. */
const outcomesOf = async (householdPk: string, reminderId: string) =>
  queryAll({ pk: householdPk, sk: { beginsWith: `${keys.savingPrefix}${reminderId}#` } });

const details = async (user: TestUser, id: string) =>
  (await api(stack, user.accessToken)('GET', `/api/reminders/${id}`)).json as unknown as {
    reminder: Reminder;
    history: RenewalOutcome[];
  };

/** The day an outcome was logged, as someone in `zone` reads it. */
const loggedOn = (outcome: RenewalOutcome, zone: string) =>
  DateTime.fromISO(outcome.updated_at).setZone(zone).toFormat('dd/MM/yyyy');

describe("a shared renewal's outcome", () => {
  it("the follow-up's link names the term it asks about", async () => {
    const renewal = freshRenewal();
    const { bob, reminder } = await sharedReminder(renewal);
    const run = await runJob(stack, { date: addDays(renewal, 1), trigger: 'cli' });
    expect(run.errors).toEqual([]);
    const followUp = (await mailsTo(stack, bob.email)).find((m) => m.subject.startsWith('How did you do'));
    expect(followUp?.body.text).toContain(`/savings/${reminder.id}?renewal=${renewal}&choice=switched`);
  });

  it('two members answering at once: one outcome, one roll; the other is told who answered', async () => {
    const renewal = freshRenewal();
    const { alice, bob, reminder, householdPk } = await sharedReminder(renewal);
    const before = await adminStatistics();

    const [fromAlice, fromBob] = await Promise.all([
      answer(alice, reminder.id, switched(renewal)),
      // Bob's deal is for two years: on the next term, a later date than Alice's would still be taken.
      answer(bob, reminder.id, { ...twoYears(renewal), saved_amount: '10' }),
    ]);

    expect([fromAlice.status, fromBob.status].sort()).toEqual([201, 409]);
    const [won, lost, winner] =
      fromAlice.status === 201 ? [fromAlice, fromBob, 'Alice'] : [fromBob, fromAlice, 'Bob'];
    const recorded = (won.json as { savings: RenewalOutcome }).savings;
    expect(lost.json?.message).toBe(
      `${winner} logged this on ${loggedOn(recorded, 'Europe/London')}: switched, ` +
        `£${recorded.saved_amount.toFixed(2)} saved. Your answer was not recorded.`,
    );
    const outcomes = await outcomesOf(householdPk, reminder.id);
    expect(outcomes.map((o) => o.term_to)).toEqual([renewal]);
    // Rolled once, to the winner's next term (whoever's request was first); the one outcome and the
    // one term in the history show the other answer was never applied on top.
    const now = await details(alice, reminder.id);
    const winnersNext = winner === 'Alice' ? switched(renewal) : twoYears(renewal);
    expect(now.reminder.renewal_date).toBe(winnersNext.next_renewal_date);
    expect(now.history.map((h) => h.term_to)).toEqual([renewal]);
    const after = await adminStatistics();
    expect(after.total_savings - before.total_savings).toBeCloseTo(recorded.saved_amount);
  });

  it("an old link answered after another member's answer changes nothing (409 naming them)", async () => {
    const renewal = freshRenewal();
    const bobZone = 'Australia/Sydney';
    const { alice, bob, reminder, householdPk } = await sharedReminder(renewal, bobZone);
    const first = await answer(alice, reminder.id, switched(renewal));
    expect(first.status).toBe(201);
    const recorded = (first.json as { savings: RenewalOutcome }).savings;
    const before = await details(bob, reminder.id);
    const statsBefore = await adminStatistics();

    const late = await answer(bob, reminder.id, twoYears(renewal));
    expect(late.status).toBe(409);
    expect(late.json?.message).toBe(
      `Alice logged this on ${loggedOn(recorded, bobZone)}: switched, £64.20 saved. ` +
        'Your answer was not recorded.',
    );
    // The same from Alice's own second tab: her own words.
    const again = await answer(alice, reminder.id, switched(renewal));
    expect(again.status).toBe(409);
    expect(again.json?.message).toMatch(/^You logged this on \d\d\/\d\d\/\d{4}: switched, £64\.20 saved\./);

    // A renewal it never had is over, and one that is no date is refused as such.
    const never = await answer(bob, reminder.id, {
      ...switched(renewal),
      renewal_date: addDays(renewal, -365),
    });
    expect([never.status, never.json?.message]).toEqual([
      409,
      `This renewal is over: the reminder now renews on ${formatUkDate(addDays(renewal, 365))}. ` +
        'Your answer was not recorded.',
    ]);
    expectFieldErrors(await answer(bob, reminder.id, { ...switched(renewal), renewal_date: '2061-02-30' }), {
      renewal_date: ['Renewal date must be a valid date (YYYY-MM-DD)'],
    });

    expect(await details(bob, reminder.id)).toEqual(before);
    expect((await outcomesOf(householdPk, reminder.id)).map((o) => o.term_to)).toEqual([renewal]);
    expect((await adminStatistics()).total_savings).toBeCloseTo(statsBefore.total_savings);
  });
});

describe('savings say the same everywhere', () => {
  it("a shared saving is in both members' savings, marked with who logged it; a roll on is no outcome", async () => {
    const renewal = freshRenewal();
    const { alice, bob, reminder } = await sharedReminder(renewal);
    const unanswered = await api(stack, alice.accessToken)('POST', '/api/reminders', {
      title: 'Broadband',
      category: 'broadband_mobile',
      provider: 'BT',
      renewal_date: renewal,
      amount: 300,
      notes: null,
      repeats: 'yearly',
      lead_days: [7],
      action_windows: false,
    });
    expect(unanswered.status).toBe(201);
    const before = await adminStatistics();
    expect((await answer(alice, reminder.id, switched(renewal))).status).toBe(201);
    // Alice's own broadband rolls on with no answer, 14 days after its renewal.
    const run = await runJob(stack, { date: addDays(renewal, 14), trigger: 'cli' });
    expect(run.errors).toEqual([]);

    const aliceMember = (await membershipOf(alice.sub))!.membership_id;
    for (const user of [alice, bob]) {
      const savings = (await api(stack, user.accessToken)('GET', '/api/savings'))
        .json as unknown as SavingsSummary;
      expect([savings.total, savings.household_total]).toEqual([0, 64.2]);
      expect(savings.records.map((r) => [r.title, r.result, r.shared, r.recorded_by])).toEqual([
        ['Home insurance', 'switched', true, aliceMember],
      ]);
    }
    const after = await adminStatistics();
    expect(after.total_savings - before.total_savings).toBeCloseTo(64.2);
  });
});
