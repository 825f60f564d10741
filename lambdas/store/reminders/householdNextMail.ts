/**
 * A shared reminder's place in the next-mail index: one entry for the household, at the earliest
 * moment any member has something due (each member's mails at 08:00 in their own zone, from their
 * own send records), or its roll forward. The job then works out each member's mails on their own
 * (engine/due.ts), so a member further west is simply not due yet when the entry is first found.
 */
import type { Profile } from '../../../shared/api.ts';
import { hasLeft, remindsMember } from '../../../shared/reminder/sharing.ts';
import { reminderSchedule } from '../../../shared/reminder/schedule.ts';
import { keys } from '../../../shared/table.ts';
import { getItem, queryAll } from '../db.ts';
import { membersOf, type Member } from '../households/index.ts';
import {
  indexEntryOf,
  inZone,
  nextMailAt,
  placeInIndex,
  type IndexEntry,
  type IndexedReminder,
} from './nextMail.ts';
import { getProfiles } from '../account/index.ts';
import { settledAmong } from '../sends.ts';

/** A member as the job and the index see them: who, in which zone, and whether they take its mails. */
export interface Recipient {
  member: Member;
  profile: Profile;
  /** Their 'Remind me about shared renewals' lets this reminder's mails through. */
  mailed: boolean;
}

/**
 * The household's members with their profiles; a member whose profile is gone is left out. A member
 * who left this reminder takes none of its mails (they count for its roll forward only).
 */
export async function recipientsOf(
  householdId: string,
  reminder: { id: string; deals_with: string | null },
  known?: Known,
): Promise<Recipient[]> {
  const members = known?.members ?? (await membersOf(householdId));
  const profiles = known?.profiles ?? (await getProfiles(members.map((m) => m.user_id)));
  return members.flatMap((member) => {
    const profile = profiles.get(member.user_id);
    if (!profile) return [];
    return [
      {
        member,
        profile,
        mailed:
          !hasLeft(member.left_reminders, reminder.id) &&
          remindsMember(profile.shared_reminder_mails, reminder.deals_with, member.membership_id),
      },
    ];
  });
}

/** The reminder as one member's mails are planned: their id on it, its dates in their zone. */
export function asRecipient(entry: IndexEntry, recipient: Recipient): IndexedReminder {
  return inZone(entry, recipient.member.user_id, recipient.profile.timezone);
}

/** Each member's next moment (ISO UTC) of a shared reminder, by membership id, and the earliest. */
export interface HouseholdPlace {
  nextAt: string | null;
  memberNext: Record<string, string | null>;
}

/** The earliest of the members' next moments, or null when none has one. */
export const earliestOf = (memberNext: Record<string, string | null>): string | null =>
  Object.values(memberNext)
    .filter((moment): moment is string => moment !== null)
    .sort()[0] ?? null;

/**
 * Each member's next moment of this reminder (a mail still to go for them, or its roll forward) and
 * the earliest of them: the reminder's place in the index. A member who takes none of its mails
 * counts for the roll only.
 */
export async function householdPlace(
  item: Record<string, unknown>,
  recipients: readonly Recipient[],
): Promise<HouseholdPlace> {
  const entry = indexEntryOf(item);
  const moments = await Promise.all(
    recipients.map(async (recipient) => {
      const reminder = asRecipient(entry, recipient);
      const schedule = reminderSchedule(reminder);
      const zone = recipient.profile.timezone;
      // Not mailed: every mail counts as settled for them, which leaves the roll forward.
      if (!recipient.mailed) return nextMailAt(reminder, zone, new Set(schedule.map((m) => m.dedupeKey)));
      const userId = recipient.member.user_id;
      const settled = await settledAmong(
        schedule.map(({ dedupeKey }) => ({ userId, dedupeKey })),
        1,
      );
      return nextMailAt(reminder, zone, settled);
    }),
  );
  const memberNext = Object.fromEntries(
    recipients.map((r, i) => [r.member.membership_id, moments[i] ?? null]),
  );
  return { nextAt: earliestOf(memberNext), memberNext };
}

/** Places one shared reminder item again, from its members' records. */
async function placeAgain(householdId: string, item: Record<string, unknown>, known?: Known): Promise<void> {
  const reminder = inZone(indexEntryOf(item), '', 'UTC');
  // Mails stop with the reminder's own conditions (cancelled, none left); the item keeps its not_before.
  const recipients = await recipientsOf(householdId, reminder, known);
  const place = await householdPlace(item, recipients);
  await placeInIndex(keys.household(householdId), reminder, place.nextAt, place.memberNext);
}

type Known = { members: Member[]; profiles: Map<string, Profile> };

/** Recomputes a shared reminder's place from every member's records. */
export async function refreshHouseholdNextMail(householdId: string, reminderId: string): Promise<void> {
  const item = await getItem(keys.household(householdId), keys.reminder(reminderId), { consistent: true });
  if (item) await placeAgain(householdId, item);
}

/**
 * Every shared reminder of the household placed again: a member joined or left, or changed their
 * zone or 'Remind me about shared renewals'.
 */
export async function refreshHouseholdNextMails(householdId: string): Promise<void> {
  const pk = keys.household(householdId);
  const items = await queryAll({ pk, sk: { beginsWith: keys.reminderPrefix } });
  if (items.length === 0) return;
  const members = await membersOf(householdId);
  const known = { members, profiles: await getProfiles(members.map((m) => m.user_id)) };
  for (const item of items) await placeAgain(householdId, item, known);
}
