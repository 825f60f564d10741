/**
 * Accounts and reminders seeded straight into the table, for tests of the reminder job (no sign-up,
 * no login), on far-future dates so no test sees another's reminders.
 */
import { randomUUID } from 'node:crypto';
import { ensureProfile } from '../../lambdas/store/account/index.ts';
import { createReminder } from '../../lambdas/features/reminders/create.ts';
import { addDays } from '../../shared/reminder/schedule.ts';
import type { ReminderDraft } from '../../shared/schemas/reminder.ts';
import { aDraft } from './builders.ts';

/** A London profile that takes reminder e-mails, at a unique address starting with `label`. */
export async function seedUser(label: string): Promise<{ userId: string; email: string }> {
  const userId = randomUUID();
  const email = `${label}.${userId.slice(0, 8)}@example.com`;
  await ensureProfile({
    userId,
    email,
    firstName: label,
    lastName: null,
    country: 'GB',
    marketingConsent: false,
  });
  return { userId, email };
}

/** Dates from `start` on, `step` days apart, a new one each call: each test on its own renewal date. */
export function farFutureDates(start: string, step = 200): () => string {
  let count = 0;
  return () => addDays(start, ++count * step);
}

/**
 * A reminder as its owner would add it (aDraft's fields and `draft`), straight into the store;
 * `createdOn` (a London date) sets the day its mails start from.
 */
export function seedReminder(userId: string, draft: Partial<ReminderDraft>, createdOn?: string) {
  return createReminder(userId, aDraft(draft), createdOn ? new Date(`${createdOn}T12:00:00Z`) : undefined);
}

/**
 * An insurance reminder with Aviva at £250 (`amount`), with its lead days only: action windows off,
 * as they are mails of their own (window-mails.test.ts).
 */
export const seedLeadsOnly = (userId: string, title: string, renewal: string, amount = 250) =>
  seedReminder(userId, { title, provider: 'Aviva', renewal_date: renewal, amount, action_windows: false });
