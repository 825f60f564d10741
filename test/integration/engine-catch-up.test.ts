/**
 * The reminder engine never misses a mail: a day with no run is caught up once, late mails that a
 * nearer one supersedes are settled, and each owner's mails go at 08:00 in their own time zone.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import { DateTime } from 'luxon';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { addDays } from '../../shared/reminder/schedule.ts';
import { renewalAfter } from '../../shared/reminder/terms.ts';
import { sesClient, dynamo } from '../../lambdas/runtime/clients.ts';
import { createReminder } from '../../lambdas/features/reminders/create.ts';
import { deleteReminder } from '../../lambdas/store/reminders/index.ts';
import { keys } from '../../shared/table.ts';
import { seedUser } from '../support/seed.ts';
import { api, createUser } from '../support/stack.ts';
import { injectSesFaults, sesMiddlewareName, useEngineStack } from '../support/engine.ts';

const { stack, job, freshDate, seedReminder, mailsFor } = useEngineStack();

describe('the reminder job', () => {
  describe('never missed: catch-up, supersession, 08:00 in each owner’s zone', () => {
    /** Each send record of the user's (one renewal): its lead days (null: the follow-up) and status. */
    async function statusesOf(userId: string): Promise<Record<string, string>> {
      const { Items = [] } = await dynamo().send(
        new QueryCommand({
          TableName: stack.tableName,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :send)',
          ExpressionAttributeValues: { ':pk': keys.user(userId), ':send': keys.sendPrefix },
        }),
      );
      return Object.fromEntries(Items.map((i) => [String(i.days_before), String(i.status)]));
    }

    /** The subjects of the mails `user` received, oldest first. */
    const subjectsOf = async (user: { email: string }) =>
      (await mailsFor([user.email])).map((m) => m.subject);

    it('a day with no run: the next run sends that day’s mail once, late, with the true days left', async () => {
      const today = freshDate();
      const user = await seedUser('skipped');
      // Insurance renewing in 15 days, added today: the 14-day mail is due tomorrow.
      await seedReminder(user.userId, 'insurance', addDays(today, 15), 'Home cover', today);
      expect((await job({ date: today, trigger: 'cli' })).items_processed).toBe(0);
      // No run tomorrow; the day after, the 14-day mail goes, saying 13 days.
      const late = await job({ date: addDays(today, 2), trigger: 'cli' });
      expect(late).toMatchObject({ items_processed: 1, late: 1, superseded: 0 });
      expect(await subjectsOf(user)).toEqual([expect.stringContaining('in 13 days')]);
      // The runs after it send nothing more until the 7-day mail.
      for (const day of [3, 4, 5, 6, 7]) {
        expect((await job({ date: addDays(today, day), trigger: 'cli' })).items_processed).toBe(0);
      }
      expect((await job({ date: addDays(today, 8), trigger: 'cli' })).items_processed).toBe(1);
      expect(await subjectsOf(user)).toHaveLength(2);
    });

    it('three runs skipped in a row: only the most recent lead goes, the older ones are superseded', async () => {
      const today = freshDate();
      const user = await seedUser('gap');
      // Mortgage leads 90, 60, 30, 14, 7, 0 days before; added 95 days ahead of the renewal.
      const renewal = addDays(today, 95);
      const reminder = await seedReminder(user.userId, 'mortgage', renewal, 'Fixed rate', today);
      // Nothing runs until 25 days before the renewal: the 90-, 60- and 30-day mails were all due.
      const run = await job({ date: addDays(renewal, -25), trigger: 'cli' });
      expect(run).toMatchObject({ items_processed: 1, late: 1, superseded: 2 });
      expect(await subjectsOf(user)).toEqual([expect.stringContaining('in 25 days')]);
      expect(await statusesOf(user.userId)).toEqual({ 90: 'superseded', 60: 'superseded', 30: 'sent' });
      expect(reminder.id).toBeTruthy();
    });

    /** A quarterly subscription renewing tomorrow, added today, its first term mailed and unanswered. */
    async function quarterlyFirstTermMailed(label: string) {
      const today = freshDate();
      const user = await seedUser(label);
      const renewal = addDays(today, 1);
      const reminder = await createReminder(
        user.userId,
        {
          title: 'Spotify',
          category: 'subscriptions',
          provider: 'Spotify',
          renewal_date: renewal,
          amount: 11.99,
          notes: null,
          repeats: 'quarterly',
        },
        new Date(`${today}T12:00:00Z`),
      );
      // 'renews in 1 day', 'renews today', then 'How did you do?', left unanswered.
      for (const day of [0, 1, 2]) await job({ date: addDays(today, day), trigger: 'cli' });
      expect(await subjectsOf(user)).toHaveLength(3);
      // It would roll on for ever, into the later tests' runs: deleted when the test ends.
      onTestFinished(() => deleteReminder(user.userId, reminder.id).then(() => undefined));
      return { user, renewal };
    }

    it('a roll forward after a gap keeps the catch-up rule for the new term', async () => {
      const { user, renewal } = await quarterlyFirstTermMailed('rollgap');
      const next = renewalAfter(renewal, 'quarterly', 1)!;
      // No run until 5 days before the next renewal: the roll is due, and so are the new term's
      // 14- and 7-day mails. The 7-day one goes late, the 14-day one is recorded superseded.
      const run = await job({ date: addDays(next, -5), trigger: 'cli' });
      expect(run).toMatchObject({ rolled: 1, items_processed: 1, late: 1, superseded: 1, missed: 0 });
      expect((await subjectsOf(user)).at(-1)).toContain('in 5 days');
      expect(await statusesOf(user.userId)).toMatchObject({ 14: 'superseded', 7: 'sent' });
    });

    it('after a longer gap the roll skips the renewal nobody was reminded of: no “How did you do?” about it', async () => {
      const { user, renewal } = await quarterlyFirstTermMailed('rolllong');
      const next = renewalAfter(renewal, 'quarterly', 1)!;
      // The next run comes 3 days after the next renewal: it rolls on to the one after.
      const run = await job({ date: addDays(next, 3), trigger: 'cli' });
      expect(run).toMatchObject({ rolled: 1, items_processed: 0 });
      expect(await subjectsOf(user)).toHaveLength(3);
      const [item] = (
        await dynamo().send(
          new QueryCommand({
            TableName: stack.tableName,
            KeyConditionExpression: 'pk = :pk AND begins_with(sk, :r)',
            ExpressionAttributeValues: { ':pk': keys.user(user.userId), ':r': keys.reminderPrefix },
          }),
        )
      ).Items!;
      expect(item!.renewal_date).toBe(renewalAfter(renewal, 'quarterly', 2));
    });

    it('SES refuses a mail on one day and accepts it the next: one mail, sent the next day', async () => {
      const today = freshDate();
      const user = await seedUser('refused');
      await seedReminder(user.userId, 'subscriptions', addDays(today, 7), 'Spotify', today);
      await injectSesFaults(() =>
        Object.assign(new Error('Service unavailable'), { name: 'MessageRejected' }),
      );
      const refused = await job({ date: today, trigger: 'cli' });
      expect(refused.items_processed).toBe(0);
      expect(refused.errors).toHaveLength(1);
      (await sesClient()).middlewareStack.remove(sesMiddlewareName);

      const next = await job({ date: addDays(today, 1), trigger: 'cli' });
      expect(next).toMatchObject({ items_processed: 1, late: 1 });
      expect(await subjectsOf(user)).toEqual([expect.stringContaining('in 6 days')]);
      expect((await job({ date: addDays(today, 2), trigger: 'cli' })).items_processed).toBe(0);
    });

    it('SES refuses a mail on three runs: it is failed for good then, and no later run tries it', async () => {
      const today = freshDate();
      const user = await seedUser('refusedthrice');
      await seedReminder(user.userId, 'subscriptions', addDays(today, 7), 'Gym', today);
      await injectSesFaults(() =>
        Object.assign(new Error('Address blacklisted'), { name: 'MessageRejected' }),
      );
      const statuses: string[] = [];
      for (let day = 0; day < 4; day++) {
        const run = await job({ date: addDays(today, day), trigger: 'cli' });
        statuses.push(...run.mails.filter((m) => m.userId === user.userId).map((m) => m.status));
      }
      // Two refusals a later run retries, the third final; the fourth run has nothing to send.
      expect(statuses).toEqual(['failed', 'failed', 'failed for good']);
      expect(await subjectsOf(user)).toEqual([]);
    });

    it('a renewal that passed unmailed is recorded as missed, and its follow-up still goes', async () => {
      const today = freshDate();
      const user = await seedUser('missed');
      await seedReminder(user.userId, 'car_tax_mot', addDays(today, 3), 'MOT', today);
      // No run at all until two days after the renewal.
      const run = await job({ date: addDays(today, 5), trigger: 'cli' });
      expect(run.items_processed).toBe(1);
      expect(await subjectsOf(user)).toEqual(['How did you do with MOT?']);
      expect(await statusesOf(user.userId)).toEqual({ 0: 'missed', null: 'sent' });
      // Well past the follow-up's fortnight, a fresh reminder's follow-up is missed too.
      const late = await seedUser('toolate');
      await seedReminder(late.userId, 'car_tax_mot', addDays(today, 3), 'Tax', addDays(today, 3));
      await job({ date: addDays(today, 30), trigger: 'cli' });
      expect(await mailsFor([late.email])).toHaveLength(0);
      expect(await statusesOf(late.userId)).toEqual({ 0: 'missed', null: 'missed' });
    });

    it('goes at the first run at or after 08:00 in the owner’s own zone, and follows a change of zone', async () => {
      const today = freshDate();
      const account = await createUser(stack, { label: 'mover' });
      const user = { userId: account.sub, email: account.email };
      await seedReminder(user.userId, 'subscriptions', addDays(today, 14), 'Gym', today);
      const run = (iso: string) => job({ trigger: 'cli', now: () => new Date(iso) });
      // London in winter or summer: 08:00 local is 08:00 or 07:00 UTC. Hourly runs before it send nothing.
      const eightLondon = DateTime.fromISO(`${today}T08:00`, { zone: 'Europe/London' }).toUTC();
      expect((await run(eightLondon.minus({ hours: 1 }).toISO()!)).items_processed).toBe(0);
      expect((await run(eightLondon.toISO()!)).items_processed).toBe(1);

      // Moving to Los Angeles: the 7-day mail now goes at 08:00 there, eight hours after 08:00 London.
      const moved = await api(stack, account.accessToken)('PUT', '/api/me', {
        first_name: 'Mover',
        last_name: '',
        country: 'GB',
        timezone: 'America/Los_Angeles',
        marketing_consent: false,
      });
      expect(moved.status).toBe(200);
      const eightLa = DateTime.fromISO(`${addDays(today, 7)}T08:00`, { zone: 'America/Los_Angeles' }).toUTC();
      expect((await run(eightLa.minus({ minutes: 1 }).toISO()!)).items_processed).toBe(0);
      expect((await run(eightLa.toISO()!)).items_processed).toBe(1);
      // (The account's own sign-up mails aside.)
      expect((await subjectsOf(user)).filter((subject) => subject.includes('Gym'))).toEqual([
        expect.stringContaining('in 14 days'),
        expect.stringContaining('in 7 days'),
      ]);
    });
  });
});
