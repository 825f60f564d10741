/**
 * Shared reminders' store (decision 0044): what it reads to place a reminder for 'Shared with
 * household' (the use case's rule decides where it goes), where its mails are placed, and the one
 * transaction that moves a reminder between the caller's own partition and the household's.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DateTime } from 'luxon';
import type { Reminder } from '../../../shared/api.ts';
import { todayIn } from '../../../shared/dates.ts';
import { membersNamed } from '../../../shared/reminder/split.ts';
import type { ReminderInput } from '../../../shared/schemas/reminder.ts';
import { keys } from '../../../shared/table.ts';
import { ITEM_ABSENT, itemKey } from '../db.ts';
import { memberOf, membersOf } from '../households/index.ts';
import { householdPlace, recipientsOf, refreshHouseholdNextMail } from './householdNextMail.ts';
import { tellTakenBack } from '../households/index.ts';
import { AccountGoneError, ReminderLimitError, type LiveWrite } from '../liveAccount.ts';
import { nextMailAt } from './nextMail.ts';
import { quoteMoves } from './quotes.ts';
import {
  findReminder,
  householdHome,
  NoLongerMemberError,
  ownHome,
  movingGuards,
  type Home,
} from './reminderHome.ts';
import { freshPlacement, toItem, type Placement } from './reminderItem.ts';
import { settledKeys } from '../sends.ts';
import { ConditionsFailed, transact } from '../transact.ts';

/**
 * What the store read to place a reminder the dialog saved, for the use case's rule (who may share,
 * who may deal with it or pay, who may take it back): the facts, never the decision.
 */
export interface PlacingRead {
  /** 'Shared with household' is ticked. */
  shared: boolean;
  /** The caller is in a household (read only when shared is ticked). */
  inHousehold: boolean;
  /** 'Who deals with it?': a membership id, or null. */
  dealsWith: string | null;
  /** The membership ids 'Who pays?' names. */
  payers: readonly string[];
  /** Of the ids named, those that are members of the caller's household (read only when shared). */
  members: ReadonlySet<string>;
  /** An edit of a shared reminder: it as read, and the caller's membership id. */
  sharedBefore: { reminder: Reminder; membershipId: string } | null;
}

/** The use case's rule on a PlacingRead: the caller's own list or their household's (else it throws). */
export type PlacingDecide = (read: PlacingRead) => 'own' | 'household';

/**
 * Where the caller's reminder with this input lives, as `decide` says on what was read: their own
 * partition, or their household's. `current`: where an edited reminder is now, and it as read.
 */
export async function homeFor(
  userId: string,
  input: ReminderInput,
  decide: PlacingDecide,
  current?: { home: Home; existing: Reminder },
): Promise<Home> {
  const from = current?.home.household ? current.home : undefined;
  const household = input.shared ? (from ?? (await householdHome(userId))) : undefined;
  const payers = membersNamed(input.who_pays);
  const members = new Set<string>();
  if (household?.household) {
    // Each id named read once (at most one per member).
    const named = new Set([...(input.deals_with === null ? [] : [input.deals_with]), ...payers]);
    for (const id of named) if (await memberOf(household.household.id, id)) members.add(id);
  }
  const where = decide({
    shared: input.shared,
    inHousehold: Boolean(household?.household),
    dealsWith: input.deals_with,
    payers,
    members,
    sharedBefore: from?.household
      ? { reminder: current!.existing, membershipId: from.household.membershipId }
      : null,
  });
  return where === 'household' && household ? household : ownHome(userId);
}

/** The reminder as `home` keeps it: a shared one names its members by membership id, an own one no one. */
export function asKeptAt(home: Home, reminder: Reminder, before?: Reminder): Reminder {
  if (!home.household)
    return {
      ...reminder,
      user_id: home.userId,
      shared: false,
      deals_with: null,
      who_pays: null,
      // Kept, but naming no member: an own reminder's answers are its owner's.
      notice_answer: reminder.notice_answer && { ...reminder.notice_answer, answered_by: null },
      created_by: null,
      updated_by: null,
    };
  const by = home.household.membershipId;
  return {
    ...reminder,
    shared: true,
    created_by: before?.shared ? before.created_by : by,
    updated_by: by,
  };
}

/**
 * The reminder's place in the next-mail index at `home`, its mails starting from `notBefore`: the
 * owner's next mail in their zone, or for a shared one the earliest of any member's in theirs.
 */
export async function placementAt(
  home: Home,
  reminder: Reminder,
  notBefore: string,
  zone: string,
): Promise<Placement> {
  if (!home.household) {
    const settled = await settledKeys(home.userId, reminder.id, reminder.renewal_date);
    return { notBefore, nextAt: nextMailAt({ ...reminder, not_before: notBefore }, zone, settled) };
  }
  const item = toItem(reminder, { notBefore, nextAt: null }, home);
  const recipients = await recipientsOf(home.household.id, reminder);
  return { notBefore, ...(await householdPlace(item, recipients)) };
}

/**
 * Where a new (or rolled-on) reminder starts at `home`: its mails from the caller's today. An own one
 * has no send records for its new renewal yet, so nothing is read; a shared one reads the members'.
 */
export async function freshPlacementAt(
  home: Home,
  reminder: Reminder,
  zone: string,
  now: Date,
): Promise<Placement> {
  if (!home.household) return freshPlacement(reminder, zone, now);
  return placementAt(home, reminder, todayOf(zone, now), zone);
}

/** The caller's today, where a new or rescheduled reminder's mails start. */
export const todayOf = (zone: string, now: Date) => todayIn(zone, DateTime.fromJSDate(now));

/**
 * Moves a reminder between the caller's partition and the household's, with its quotes: one
 * transaction, over the version read, while the caller is still a member, each side's count moved
 * within REMINDER_LIMIT. The current renewal's quotes go with it (at most QUOTE_LIMIT, so the
 * transaction stays within its 100 items); its sends stay where they are (the caller's own), so
 * nothing is mailed twice, and its past outcomes stay with whoever recorded them.
 */
export async function moveReminder(
  from: Home,
  to: Home,
  read: Reminder,
  moved: Reminder,
  placement: Placement,
): Promise<void> {
  const household = (from.household ?? to.household)!;
  const writes: LiveWrite[] = [
    ...movingGuards(from.userId, household.id, to.household !== null),
    {
      Delete: {
        Key: itemKey(from.pk, keys.reminder(read.id)),
        ConditionExpression: 'updated_at = :read',
        ExpressionAttributeValues: { ':read': read.updated_at },
      },
    },
    { Put: { Item: toItem(moved, placement, to), ConditionExpression: ITEM_ABSENT } },
    ...(await quoteMoves(from.pk, to.pk, read.id, read.renewal_date)),
  ];
  try {
    await transact(writes);
  } catch (error) {
    if (!(error instanceof ConditionsFailed)) throw error;
    const [member, profile, count] = error.failed;
    if (member) throw new NoLongerMemberError();
    if (profile && to.household) throw new AccountGoneError();
    if (profile || count) throw new ReminderLimitError();
    // Changed meanwhile: the caller reads again.
    throw new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });
  }
}

/** After its sharer took it back: each other member who still saw it gets a note saying so. */
export async function afterTakeBack(from: Home, existing: Reminder, now: Date): Promise<void> {
  if (!from.household) return;
  const members = (await membersOf(from.household.id)).filter(
    (member) => !member.left_reminders.includes(existing.id),
  );
  await tellTakenBack(from.household.id, members, from.household.membershipId, existing.title, now);
}

/**
 * 'Leave this reminder': the member stops seeing a shared reminder (their list, its page, its mails,
 * the calendar feed, 'Download my data'), and the others keep it as it is. One transaction adds it
 * to the list on both their membership item and their MEMBER item, while they are still that
 * member; its place in the index is then worked out again without their mails. False when the
 * caller sees no such reminder (it was never theirs to see, or they left it already).
 */
export async function leaveSharedReminder(
  userId: string,
  id: string,
  /** The use case's rule: only a shared reminder is left (else it throws). */
  decide: (read: { shared: boolean }) => 'leave',
): Promise<boolean> {
  const found = await findReminder(userId, id);
  if (!found) return false;
  const { household } = found.home;
  decide({ shared: household !== null });
  // An own reminder was refused above; this only tells the compiler.
  if (!household) return false;
  const addTo = (pk: string, sk: string): LiveWrite => ({
    Update: {
      Key: itemKey(pk, sk),
      ConditionExpression:
        'membership_id = :mid AND (attribute_not_exists(left_reminders) OR NOT contains(left_reminders, :id))',
      UpdateExpression: 'SET left_reminders = list_append(if_not_exists(left_reminders, :none), :ids)',
      ExpressionAttributeValues: { ':mid': household.membershipId, ':id': id, ':none': [], ':ids': [id] },
    },
  });
  try {
    await transact([
      addTo(keys.user(userId), keys.householdOfUser()),
      addTo(keys.household(household.id), keys.member(household.membershipId)),
    ]);
  } catch (error) {
    if (!(error instanceof ConditionsFailed)) throw error;
    // Left meanwhile (the household, or this reminder in another tab): nothing of it is seen now.
    return false;
  }
  await refreshHouseholdNextMail(household.id, id);
  return true;
}
