/** A reminder as it is made and stored: a new one from validated input, its item, its index place. */
import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import type { Reminder } from '../../../shared/api.ts';
import type { ReminderInput } from '../../../shared/schemas/reminder.ts';
import { todayIn } from '../../../shared/dates.ts';
import { ENTITY, keys } from '../../../shared/table.ts';
import { itemKey } from '../db.ts';
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
    renewal_offer: null,
    notice_answer: null,
    archived_at: null,
    actions_done: [],
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
/**
 * Where a reminder sits in the next-mail index: the local date its mails start from, its next
 * moment, and for a shared one each member's next moment (store/reminders/householdNextMail.ts).
 */
export interface Placement {
  notBefore: string;
  nextAt: string | null;
  memberNext?: Record<string, string | null>;
}

export function toItem(reminder: Reminder, placement: Placement, home?: ItemHome): Record<string, unknown> {
  return {
    ...(home ? homeAttributes(home, reminder) : reminder),
    ...itemKey(home?.pk ?? keys.user(reminder.user_id), keys.reminder(reminder.id)),
    not_before: placement.notBefore,
    ...(placement.memberNext ? { member_next: placement.memberNext } : {}),
    ...nextMailAttributes(reminder.id, placement.nextAt),
    entity: ENTITY.reminder,
  };
}

/** Where an item is kept: a partition, and whether it is a household's (reminderHome.ts's Home fits). */
export interface ItemHome {
  pk: string;
  household: object | null;
}

/**
 * A reminder's attributes as `home` keeps them: a household's item holds no user id (nothing in it
 * names a person but by membership id). Which fields a shared or an own reminder has is decided
 * once, in sharing.ts `asKeptAt`.
 */
export function homeAttributes(
  home: Pick<ItemHome, 'household'>,
  reminder: Reminder,
): Record<string, unknown> {
  if (!home.household) return { ...reminder };
  const { user_id: _userId, ...rest } = reminder;
  return rest;
}

/** Where a reminder starts in the index (new, or rolled forward): mails from the owner's today on. */
export function freshPlacement(reminder: Reminder, zone: string, now: Date) {
  const notBefore = todayIn(zone, DateTime.fromJSDate(now));
  return { notBefore, nextAt: nextMailAt({ ...reminder, not_before: notBefore }, zone, new Set()) };
}
