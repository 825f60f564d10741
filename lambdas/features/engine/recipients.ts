/**
 * Who a run's due reminders mail: an own reminder its owner; a shared one (decision 0044) each
 * member of its household, in their own zone, from their own send records, as if it were theirs
 * (their user id on it, so its mails are claimed and settled in their own partition). A member whose
 * 'Remind me about shared renewals' leaves it out still counts for its roll forward.
 */
import type { DateTime } from 'luxon';
import type { Profile } from '../../../shared/api.ts';
import { forEachConcurrent } from '../../runtime/concurrency.ts';
import { membersOf, type Member } from '../../store/households/index.ts';
import {
  asRecipient,
  inZone,
  recipientsOf,
  type IndexedReminder,
  type IndexEntry,
} from '../../store/reminders/index.ts';
import { getProfiles } from '../../store/account/index.ts';

/** Household partitions read at once while finding the members of the due shared reminders. */
const HOUSEHOLD_READS = 8;

/** One reminder's mails for one recipient, as the run plans them. */
export interface DueEntry {
  /** The reminder as this recipient's mails are planned: their user id on a shared one, their zone. */
  reminder: IndexedReminder;
  profile: Profile;
  moment: DateTime;
  /** Set for a shared reminder: its household, and whether this member takes its mails. */
  household: { id: string; mailed: boolean } | null;
}

/**
 * The entries of the index's reminders due by the run's moment for each recipient (`asOf` their
 * zone): the owners' and members' profiles in batches, one query per household for its members.
 */
export async function dueEntries(
  indexed: readonly IndexEntry[],
  asOf: (zone: string) => DateTime,
): Promise<DueEntry[]> {
  const householdIds = [
    ...new Set(indexed.map((entry) => entry.householdId).filter((id): id is string => id !== null)),
  ];
  const members = new Map<string, Member[]>();
  await forEachConcurrent(householdIds, HOUSEHOLD_READS, async (id) => {
    members.set(id, await membersOf(id));
  });
  const profiles = await getProfiles([
    ...indexed.filter((entry) => entry.householdId === null).map((entry) => entry.reminder.user_id),
    ...[...members.values()].flat().map((member) => member.user_id),
  ]);
  const entries: DueEntry[] = [];
  const dueFor = (profile: Profile, { nextAt }: IndexEntry) => {
    const moment = asOf(profile.timezone);
    return nextAt !== null && nextAt <= moment.toUTC().toISO()! ? moment : undefined;
  };
  for (const entry of indexed) {
    const { householdId, reminder } = entry;
    if (householdId === null) {
      const profile = profiles.get(reminder.user_id);
      // The owner is gone (account deleted mid-run): nothing to send or keep.
      const moment = profile && dueFor(profile, entry);
      if (profile && moment)
        entries.push({
          reminder: inZone(entry, reminder.user_id, profile.timezone),
          profile,
          moment,
          household: null,
        });
      continue;
    }
    const known = { members: members.get(householdId) ?? [], profiles };
    for (const recipient of await recipientsOf(householdId, reminder, known)) {
      const moment = dueFor(recipient.profile, entry);
      if (!moment) continue;
      entries.push({
        reminder: asRecipient(entry, recipient),
        profile: recipient.profile,
        moment,
        household: { id: householdId, mailed: recipient.mailed },
      });
    }
  }
  return entries;
}
