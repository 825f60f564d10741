/**
 * The shared-reminder integration files (household-sharing, household-mails, household-take-back)
 * share this kit: one stack per file, people in a household on far-future dates (so no test sees
 * another's reminders), reminders added through the API, and the mails each person got.
 */
import type { Reminder } from '../../shared/api.ts';
import { addDays } from '../../shared/reminder/schedule.ts';
import type { SharedMailChoice } from '../../shared/reminder/sharing.ts';
import { useTestStack } from './fixtures.ts';
import { household, membershipId } from './household.ts';
import { api, mailsTo, type TestUser } from './stack.ts';
import { person, postReminder } from './users.ts';

/** A lead mail a day before `renewal` as a run queues it for `userId` (the send queue's message item). */
export const leadOneDayBefore = (userId: string, reminderId: string, renewal: string) => ({
  mail: {
    type: 'reminder' as const,
    userId,
    reminderId,
    renewalDate: renewal,
    daysBefore: 1,
    actBy: null,
  },
  daysLeft: 1,
  late: false,
});

/** A run's identity as the planner gives it, for a message queued by hand. */
export const aRun = () => ({ id: crypto.randomUUID(), ranAt: new Date().toISOString() });

/** The file's stack and the helpers that seed and read it. */
export function useSharingStack() {
  const stack = useTestStack({ maxSendRate: 200 });

  /** Each test on its own far-future dates, so no test sees another's reminders. */
  let counter = 0;
  const freshRenewal = () => addDays('2052-01-05', ++counter * 400);

  /** Reminder mails as they choose (`shared`: 'Remind me about shared renewals'). */
  const named = (label: string, timezone = 'Europe/London', shared: SharedMailChoice = 'all') =>
    person(stack, label, { timezone, shared_reminder_mails: shared });

  /** Insurance with Aviva at £400 a year, two leads (7 and 1 days) and no windows: each test's first run is the reminder's first mail. */
  const add = (user: TestUser, title: string, renewal: string, extra: Record<string, unknown> = {}) =>
    postReminder(stack, user, {
      title,
      provider: 'Aviva',
      renewal_date: renewal,
      amount: 400,
      repeats: 'yearly',
      lead_days: [7, 1],
      action_windows: false,
      ...extra,
    });

  /** The reminder mails a person got (not the account's and the household's own mails). */
  const renewalMails = async (user: TestUser) =>
    (await mailsTo(stack, user.email)).filter((m) => !/Renewal Reminders|household/.test(m.subject));
  const subjects = async (user: TestUser) => (await renewalMails(user)).map((m) => m.subject);
  const titlesOf = async (user: TestUser) =>
    (
      (await api(stack, user.accessToken)('GET', '/api/reminders')).json as { reminders: Reminder[] }
    ).reminders.map((r) => r.title);

  return {
    stack,
    freshRenewal,
    person: named,
    household: (owner: TestUser, ...others: TestUser[]) => household(stack, owner, ...others),
    membershipId,
    add,
    renewalMails,
    subjects,
    titlesOf,
  };
}
