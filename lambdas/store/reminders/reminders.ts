import { editOf } from '../../../shared/reminder/edit.ts';
import { overVersionRead } from '../overVersion.ts';
import type { Reminder } from '../../../shared/api.ts';
import { reminderInputSchema, type ReminderDraft } from '../../../shared/schemas/reminder.ts';
import { DEFAULT_TIMEZONE } from '../../../shared/locales.ts';
import { keys } from '../../../shared/table.ts';
import { getItem, ITEM_ABSENT, ITEM_EXISTS, itemKey, queryAll } from '../db.ts';
import { resolvePending } from './imports.ts';
import { parseProfile } from '../items.ts';
import { reminderCountOf } from './reminderCount.ts';
import { AccountGoneError } from '../liveAccount.ts';
import { notBeforeOf } from './nextMail.ts';
import {
  findReminder,
  householdHome,
  ownHome,
  reminderAt,
  seesAt,
  writeAt,
  type Home,
} from './reminderHome.ts';
import {
  afterTakeBack,
  asKeptAt,
  freshPlacementAt,
  homeFor,
  moveReminder,
  placementAt,
  todayOf,
  type PlacingDecide,
} from './sharing.ts';
import { freshPlacement, newReminder, toItem } from './reminderItem.ts';
import { getProfile } from '../account/index.ts';
import { applyCounters, globalShard, reminderCounters } from '../counters.ts';

export { freshPlacement, toItem };

/**
 * The contract fields of a reminder that does not repeat, as reminders stored before contracts read
 * (items.ts): for seeds and tests that build a Reminder by hand.
 */
export const oneOffContract = (renewalDate: string) =>
  ({
    repeats: 'none',
    billing: 'none',
    date_kind: 'deal_end',
    ask_deal_end: false,
    auto_renew: false,
    act_by: null,
    lead_days: null,
    action_windows: true,
    lender: null,
    kept_vehicle: null,
    vehicle_date: null,
    term_anchor: renewalDate,
    term_started: null,
    last_term_amount: null,
    archived_at: null,
    actions_done: [],
    shared: false,
    deals_with: null,
    who_pays: null,
    renewal_offer: null,
    notice_answer: null,
    price_rise: null,
    created_by: null,
    updated_by: null,
  }) satisfies Partial<Reminder>;

/** The owner's time zone, which places the reminder's mails at 08:00 local. */
async function zoneOf(userId: string): Promise<string> {
  return (await getProfile(userId))?.timezone ?? DEFAULT_TIMEZONE;
}

const byDateThenTitle = (a: Reminder, b: Reminder) =>
  a.renewal_date.localeCompare(b.renewal_date) || a.title.localeCompare(b.title);

/**
 * A user's reminders in the list (cancelled ones left out): their own and their household's shared
 * ones, renewal date ascending, then title.
 */
export async function listReminders(userId: string): Promise<Reminder[]> {
  const [ownItems, home] = await Promise.all([
    queryAll({ pk: keys.user(userId), sk: { beginsWith: keys.reminderPrefix } }).then((items) =>
      resolvePending(userId, items),
    ),
    householdHome(userId),
  ]);
  const sharedItems = home ? await queryAll({ pk: home.pk, sk: { beginsWith: keys.reminderPrefix } }) : [];
  return [
    ...ownItems.map((item) => reminderAt(ownHome(userId), item)),
    ...(home ? sharedItems.filter((item) => seesAt(home, item)).map((item) => reminderAt(home, item)) : []),
  ]
    .filter((r) => r.archived_at === null)
    .sort(byDateThenTitle);
}

export async function getReminder(userId: string, id: string): Promise<Reminder | undefined> {
  const found = await findReminder(userId, id);
  return found ? reminderAt(found.home, found.item) : undefined;
}

export async function createReminder(
  userId: string,
  draft: ReminderDraft,
  decide: PlacingDecide,
  now = new Date(),
): Promise<Reminder> {
  const input = reminderInputSchema.parse(draft);
  const home = await homeFor(userId, input, decide);
  const reminder = asKeptAt(home, newReminder(userId, input, now));
  // One read of the profile: its zone places the mails, its count is checked against the limit.
  const profile = await getItem(keys.user(userId), keys.profile());
  if (!profile) throw new AccountGoneError();
  const zone = parseProfile(profile).timezone;
  const placement = await freshPlacementAt(home, reminder, zone, now);
  if (!home.household) await reminderCountOf(userId, profile);
  await writeAt(
    home,
    [{ Put: { Item: toItem(reminder, placement, home), ConditionExpression: ITEM_ABSENT } }],
    1,
  );
  await applyCounters('reminder created', reminderCounters(reminder, 1));
  return reminder;
}

/**
 * Replaces the caller's reminder (their own or their household's); returns undefined when they have
 * no such reminder (or it was cancelled: a cancelled reminder's history is kept, but it is no longer
 * edited). Ticking or unticking 'Shared with household' moves it between the two partitions.
 */
export async function updateReminder(
  userId: string,
  id: string,
  draft: ReminderDraft,
  decide: PlacingDecide,
  now = new Date(),
): Promise<Reminder | undefined> {
  const input = reminderInputSchema.parse(draft);
  const zone = await zoneOf(userId);
  // Written only over the version just read, so a roll forward by the job (or another edit) in
  // between is never undone: then the edit is made again on what is there now.
  return overVersionRead('update', async () => {
    const found = await findReminder(userId, id);
    if (!found) return absentFor(userId);
    const { home: from, item } = found;
    const existing = reminderAt(from, item);
    if (existing.archived_at !== null) return undefined;
    const to = await homeFor(userId, input, decide, { home: from, existing });
    const { updated: edited, reschedules } = editOf(existing, input, now);
    const updated = asKeptAt(to, edited, existing);
    const notBefore = reschedules || to.pk !== from.pk ? todayOf(zone, now) : notBeforeOf(item, zone);
    const placement = await placementAt(to, updated, notBefore, zone);
    if (to.pk !== from.pk) {
      await moveReminder(from, to, existing, updated, placement);
      await afterTakeBack(from, existing, now);
    } else {
      await writeAt(to, [
        {
          Put: {
            Item: toItem(updated, placement, to),
            ConditionExpression: `${ITEM_EXISTS} AND updated_at = :read`,
            ExpressionAttributeValues: { ':read': existing.updated_at },
          },
        },
      ]);
    }
    await moveCounters(existing, updated);
    return updated;
  });
}

/** Keeps the category and due-day counters true when a reminder moves (an edit or a roll forward). */
export async function moveCounters(from: Reminder, to: Reminder): Promise<void> {
  if (from.category === to.category && from.renewal_date === to.renewal_date) return;
  // One shard for both halves, so a category move is one ADD on one item.
  const shard = globalShard();
  await applyCounters('reminder moved', [
    ...reminderCounters(from, -1, shard),
    ...reminderCounters(to, 1, shard),
  ]);
}

/** A reminder that is not there: for a deleted account that is AccountGoneError, else undefined. */
async function absentFor(userId: string): Promise<undefined> {
  if (!(await getProfile(userId))) throw new AccountGoneError();
  return undefined;
}

/**
 * Deletes the caller's reminder (their own, or their household's); undefined when they have no such
 * reminder, else the partition it was in (its quotes go next). The delete holds only over the version
 * just read, so the counters move by what was really removed, once: an edit, a roll forward or a
 * cancellation in between (each moves the counters itself) makes it read again.
 */
export async function deleteReminder(userId: string, id: string): Promise<Home | undefined> {
  return overVersionRead('delete', async () => {
    const found = await findReminder(userId, id);
    if (!found) return absentFor(userId);
    const { home } = found;
    const existing = reminderAt(home, found.item);
    if (!home.household) await reminderCountOf(userId);
    await writeAt(
      home,
      [
        {
          Delete: {
            Key: itemKey(home.pk, keys.reminder(id)),
            ConditionExpression: `${ITEM_EXISTS} AND updated_at = :read`,
            ExpressionAttributeValues: { ':read': existing.updated_at },
          },
        },
      ],
      -1,
    );
    // A cancelled reminder left the counters when it was cancelled.
    if (existing.archived_at === null)
      await applyCounters('reminder deleted', reminderCounters(existing, -1));
    return home;
  });
}
