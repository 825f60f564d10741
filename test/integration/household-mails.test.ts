/**
 * A shared reminder's mails on the local stand-ins (decision 0044): each member's mail speaks to
 * them (who added it, who deals with it, who gave its price), no digest shows an item twice, and
 * the send queue's household hint is read only for a household the recipient is in now.
 */
import { describe, expect, it } from 'vitest';
import type { Reminder } from '../../shared/api.ts';
import { formatLongUkDate } from '../../shared/dates.ts';
import { addDays } from '../../shared/reminder/schedule.ts';
import { membershipOf } from '../../lambdas/store/households/index.ts';
import { runJob } from '../support/job.ts';
import { enqueue } from '../../lambdas/features/engine/queue.ts';
import { api, type TestUser } from '../support/stack.ts';
import { aRun, leadOneDayBefore, useSharingStack } from '../support/household-sharing.ts';

const { stack, freshRenewal, person, household, membershipId, add, renewalMails, subjects } =
  useSharingStack();

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
    const lead = (reminderId: string) => leadOneDayBefore(owner.sub, reminderId, renewal);
    const run = aRun();
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

describe("the send queue's household hint", () => {
  it('reads only the household the recipient is in now, whatever a message names', async () => {
    const renewal = freshRenewal();
    const [pat, quin, rae] = [await person('Pat'), await person('Quin'), await person('Rae')];
    await household(pat, await person('Sam'));
    await household(quin, rae);
    const theirs = await add(quin, 'Their broadband', renewal, { shared: true });
    const patsHousehold = (await membershipOf(pat.sub))!.household_id;
    const quinsHousehold = (await membershipOf(quin.sub))!.household_id;
    const mail = (user: TestUser) => leadOneDayBefore(user.sub, theirs.id, renewal);
    const run = aRun();
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
