/**
 * The contract integration files (contracts, contracts-roll) share this kit: one stack per file,
 * each test on later dates than the one before, a reminder's API calls as its owner makes them, and
 * the mails a user gets from a moment on.
 */
import { expect } from 'vitest';
import type { OutcomeRecorded, Reminder, ReminderDetails, SavingsSummary } from '../../shared/api.ts';
import { aDraft } from './builders.ts';
import { useTestStack } from './fixtures.ts';
import { api, mailsTo, type TestUser } from './stack.ts';

/** The same day a year on (31 January to 31 January, whatever the leap years). */
export const yearAfter = (date: string) => `${Number(date.slice(0, 4)) + 1}${date.slice(4)}`;

/** Home insurance with Aviva at £480, renewing on `renewalDate` (`extra` adds or overrides fields). */
export const insurance = (renewalDate: string, extra: Record<string, unknown> = {}) => ({
  ...aDraft({ title: 'Home insurance', provider: 'Aviva', renewal_date: renewalDate }),
  ...extra,
});

/** The file's stack and the helpers that read it. */
export function useContractsStack() {
  const stack = useTestStack({ maxSendRate: 200 });

  /**
   * Each test works on later dates than the one before: a run for a date also settles and rolls what
   * earlier tests left behind, never what a later test has yet to look at.
   */
  let era = 0;
  const nextEra = () => `${2040 + 4 * ++era}-01-31`;

  function client(user: TestUser) {
    const call = api(stack, user.accessToken);
    return {
      call,
      details: async (id: string) => {
        const response = await call('GET', `/api/reminders/${id}`);
        expect(response.status).toBe(200);
        return response.json as unknown as ReminderDetails;
      },
      list: async () => ((await call('GET', '/api/reminders')).json as { reminders: Reminder[] }).reminders,
      savings: async () => (await call('GET', '/api/savings')).json as unknown as SavingsSummary,
      outcome: async (id: string, body: Record<string, unknown>) => {
        const response = await call('POST', `/api/reminders/${id}/savings`, body);
        expect(response.status, response.text).toBe(201);
        return response.json as unknown as OutcomeRecorded;
      },
    };
  }

  /** The mails `user` gets from now on (the confirmation and welcome mails are already there). */
  async function mailsSeen(user: TestUser) {
    const before = (await mailsTo(stack, user.email)).length;
    return {
      since: async () => (await mailsTo(stack, user.email)).slice(before),
      subjects: async () => (await mailsTo(stack, user.email)).slice(before).map((m) => m.subject),
    };
  }

  return { stack, nextEra, client, mailsSeen };
}
