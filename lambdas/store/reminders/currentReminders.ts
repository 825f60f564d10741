/**
 * A recipient's message as it is when the sender takes it: their profile and the message's
 * reminders, read fresh in one BatchGet of their own partition, then, for reminders not there, of
 * their household's (decision 0044). The household is the one their own membership item names now:
 * the message names none, so a member who left meanwhile gets none of its mails.
 */
import type { Profile } from '../../../shared/api.ts';
import { hasLeft, remindsMember } from '../../../shared/reminder/sharing.ts';
import { keys, TABLE_KEYS } from '../../../shared/table.ts';
import { getItems } from '../db.ts';
import { parseProfile } from '../items.ts';
import { parseIndexedReminder, type IndexedReminder } from './nextMail.ts';
import { parseMembership } from '../households/index.ts';
import { earliestOf } from './householdNextMail.ts';

type Item = Record<string, unknown>;

/** A shared reminder's household, and the recipient's membership id in it. */
export interface SharedBy {
  id: string;
  membershipId: string;
}

/** A reminder as the sender reads it: in its owner's zone, and for a shared one the members' next moments. */
export interface CurrentReminder {
  reminder: IndexedReminder;
  /** A shared reminder's parts: each member's next moment, by membership id (absent on an own reminder). */
  memberNext: Record<string, string | null> | undefined;
  /** For a shared one, the household and the recipient's membership in it. */
  household: SharedBy | null;
}

export interface CurrentReminders {
  profile: Profile | undefined;
  /** By reminder id (a shared one with the recipient's id on it). */
  reminders: Map<string, CurrentReminder>;
  /** Shared reminders the recipient's 'Remind me about shared renewals' now leaves out. */
  unwanted: Set<string>;
}

const memberNextOf = (item: Item) =>
  item.member_next && typeof item.member_next === 'object'
    ? (item.member_next as Record<string, string | null>)
    : undefined;

export async function currentReminders(
  userId: string,
  reminderIds: readonly string[],
  /** The household the planner saw: its items are read in the same call, and used only if it is still theirs. */
  householdHint?: string,
): Promise<CurrentReminders> {
  const pk = keys.user(userId);
  const ids = [...new Set(reminderIds)];
  const key = (item: Item) => `${String(item[TABLE_KEYS.partitionKey])}|${String(item[TABLE_KEYS.sortKey])}`;
  const hinted = householdHint ? keys.household(householdHint) : undefined;
  const read = new Map(
    (
      await getItems([
        { pk, sk: keys.profile() },
        { pk, sk: keys.householdOfUser() },
        ...ids.map((id) => ({ pk, sk: keys.reminder(id) })),
        ...(hinted ? ids.map((id) => ({ pk: hinted, sk: keys.reminder(id) })) : []),
      ])
    ).map((item) => [key(item), item]),
  );
  const own = new Map(
    [...read.entries()]
      .filter(([k]) => k.startsWith(`${pk}|`))
      .map(([k, item]) => [k.slice(pk.length + 1), item]),
  );
  const profileItem = own.get(keys.profile());
  const reminders = new Map<string, CurrentReminder>();
  const unwanted = new Set<string>();
  if (!profileItem) return { profile: undefined, reminders, unwanted };
  const profile = parseProfile(profileItem);
  const current = (item: Item, household: SharedBy | null): CurrentReminder => ({
    reminder: parseIndexedReminder(item, profile.timezone),
    memberNext: memberNextOf(item),
    household,
  });
  for (const id of ids) {
    const item = own.get(keys.reminder(id));
    if (item) reminders.set(id, current(item, null));
  }
  const membershipItem = own.get(keys.householdOfUser());
  const missing = ids.filter((id) => !reminders.has(id));
  if (!membershipItem || missing.length === 0) return { profile, reminders, unwanted };
  const membership = parseMembership(membershipItem);
  const household = keys.household(membership.household_id);
  const choice = profile.shared_reminder_mails;
  // Read with the recipient's own items when the hint names their household still; else now.
  const sharedItems =
    household === hinted
      ? missing.flatMap((id): Item[] => {
          const item = read.get(`${household}|${keys.reminder(id)}`);
          return item ? [item] : [];
        })
      : await getItems(missing.map((id) => ({ pk: household, sk: keys.reminder(id) })));
  for (const item of sharedItems) {
    const id = String(item.id);
    const dealsWith = typeof item.deals_with === 'string' ? item.deals_with : null;
    // A shared reminder the member left, or one their setting leaves out: none of its mails.
    if (hasLeft(membership.left_reminders, id) || !remindsMember(choice, dealsWith, membership.membership_id))
      unwanted.add(id);
    else
      reminders.set(
        id,
        current(
          { ...item, user_id: userId },
          { id: membership.household_id, membershipId: membership.membership_id },
        ),
      );
  }
  return { profile, reminders, unwanted };
}

/**
 * A shared reminder's move after this member's mail: their part becomes `nextAt`, and the reminder
 * goes to the earliest part, from the parts on the item as read. Without a part for this member
 * (an item the job rolled in one zone), every member's records are read again after the send.
 */
export function memberMove(
  memberNext: Record<string, string | null> | undefined,
  household: SharedBy,
  nextAt: string | null,
) {
  if (!memberNext || !(household.membershipId in memberNext))
    return { ...household, part: nextAt, placeAt: null, whole: true };
  const parts = { ...memberNext, [household.membershipId]: nextAt };
  return { ...household, part: nextAt, placeAt: earliestOf(parts), whole: false };
}
