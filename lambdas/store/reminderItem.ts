/** A reminder as it is made and stored: a new one from validated input, its item, its index place. */
import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import type { Reminder } from '../../shared/api.ts';
import type { ReminderInput } from '../../shared/schemas.ts';
import { todayIn } from '../../shared/dates.ts';
import { ENTITY, keys } from '../../shared/table.ts';
import { itemKey } from './db.ts';
import { nextMailAt, nextMailAttributes } from './nextMail.ts';

/** A new reminder of `userId`: a fresh id, its first term anchored on its own renewal date. */
export function newReminder(userId: string, input: ReminderInput, now: Date): Reminder {
  const timestamp = now.toISOString();
  return {
    id: randomUUID(),
    user_id: userId,
    ...input,
    term_anchor: input.renewal_date,
    term_started: null,
    last_term_amount: null,
    archived_at: null,
    created_by: null,
    updated_by: null,
    created_at: timestamp,
    updated_at: timestamp,
  };
}

/**
 * The stored item of a reminder, with its keys and its place in the next-mail index (also used by
 * seeding scripts). `notBefore`: the owner's local date its mails start from.
 */
export function toItem(
  reminder: Reminder,
  placement: { notBefore: string; nextAt: string | null },
): Record<string, unknown> {
  return {
    ...reminder,
    ...itemKey(keys.user(reminder.user_id), keys.reminder(reminder.id)),
    not_before: placement.notBefore,
    ...nextMailAttributes(reminder.id, placement.nextAt),
    entity: ENTITY.reminder,
  };
}

/** Where a reminder starts in the index (new, or rolled forward): mails from the owner's today on. */
export function freshPlacement(reminder: Reminder, zone: string, now: Date) {
  const notBefore = todayIn(zone, DateTime.fromJSDate(now));
  return { notBefore, nextAt: nextMailAt({ ...reminder, not_before: notBefore }, zone, new Set()) };
}
