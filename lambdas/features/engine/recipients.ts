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
import { asRecipient, recipientsOf } from '../../store/reminders/index.ts';
import { householdIdOf, parseIndexedReminder, type IndexedReminder } from '../../store/nextMail.ts';
import { getProfiles } from '../../store/account/index.ts';

/** Household partitions read at once while finding the members of the due shared reminders. */
const HOUSEHOLD_READS = 8;

/** One reminder's mails for one recipient, as the run plans them. */
export interface DueEntry {
  /** The stored item, with the recipient's user id on a shared one. */
  item: Record<string, unknown>;
  reminder: IndexedReminder;
  profile: Profile;
  moment: DateTime;
  /** Set for a shared reminder: its household, and whether this member takes its mails. */
  household: { id: string; mailed: boolean } | null;
}

/**
 * The entries of the index items due by the run's moment for each recipient (`asOf` their zone):
 * the owners' and members' profiles in batches, one query per household for its members.
 */
export async function dueEntries(
  items: readonly Record<string, unknown>[],
  asOf: (zone: string) => DateTime,
): Promise<DueEntry[]> {
  const householdIds = [...new Set(items.map(householdIdOf).filter((id): id is string => id !== null))];
  const members = new Map<string, Member[]>();
  await forEachConcurrent(householdIds, HOUSEHOLD_READS, async (id) => {
    members.set(id, await membersOf(id));
  });
  const profiles = await getProfiles([
    ...items.filter((item) => householdIdOf(item) === null).map((item) => String(item.user_id)),
    ...[...members.values()].flat().map((member) => member.user_id),
  ]);
  const entries: DueEntry[] = [];
  const dueFor = (profile: Profile, item: Record<string, unknown>) => {
    const moment = asOf(profile.timezone);
    return String(item.next_at) <= moment.toUTC().toISO()! ? moment : undefined;
  };
  for (const item of items) {
    const householdId = householdIdOf(item);
    if (householdId === null) {
      const profile = profiles.get(String(item.user_id));
      // The owner is gone (account deleted mid-run): nothing to send or keep.
      const moment = profile && dueFor(profile, item);
      if (profile && moment)
        entries.push({
          item,
          reminder: parseIndexedReminder(item, profile.timezone),
          profile,
          moment,
          household: null,
        });
      continue;
    }
    const dealsWith = typeof item.deals_with === 'string' ? item.deals_with : null;
    const known = { members: members.get(householdId) ?? [], profiles };
    for (const recipient of await recipientsOf(
      householdId,
      { id: String(item.id), deals_with: dealsWith },
      known,
    )) {
      const moment = dueFor(recipient.profile, item);
      if (!moment) continue;
      entries.push({
        item: { ...item, user_id: recipient.member.user_id },
        reminder: asRecipient(item, recipient),
        profile: recipient.profile,
        moment,
        household: { id: householdId, mailed: recipient.mailed },
      });
    }
  }
  return entries;
}
