/**
 * The history of a reminder's terms and the savings ledger: one outcome per renewal, in the owner's
 * partition (keys.outcome). Recording an outcome, rolling a reminder forward and cancelling it each
 * happen in one transaction with the reminder's own write, conditional on the version read, so a
 * retry, a second tab or the reminder job can never record a renewal twice or roll a reminder twice.
 */
import { endedTerm, resultOf, rolled } from '../../shared/reminder/outcome.ts';
import { overVersionRead } from './overVersion.ts';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DateTime } from 'luxon';
import type { Reminder, RenewalOutcome, SavingsSummary } from '../../shared/api.ts';
import { savingsTotalPence, yearlySavingPence } from '../../shared/reminder/money.ts';
import { rollOf } from '../../shared/reminder/roll.ts';
import { todayIn } from '../../shared/dates.ts';
import { MESSAGES } from '../../shared/schemas.ts';
import { type SavingsInput } from '../../shared/savingsSchemas.ts';
import { COUNTERS, ENTITY, keys } from '../../shared/table.ts';
import { DomainError } from '../runtime/errors.ts';
import { getItem, ITEM_ABSENT, itemKey, queryAll } from './db.ts';
import { parseOutcome, parseReminder } from './items.ts';
import { AccountGoneError, writeWhileAccountExists, type LiveWrite } from './liveAccount.ts';
import { nextMailAt, notBeforeOf } from './nextMail.ts';
import { getProfile } from './profiles.ts';
import { moveCounters, toItem } from './reminders.ts';
import {
  findReminder,
  householdHome,
  householdHomeOf,
  ownHome,
  reminderAt,
  writeAt,
  type Home,
} from './reminderHome.ts';
import { freshPlacementAt } from './sharing.ts';
import { ConditionsFailed, transact } from './transact.ts';
import { applyCounters, globalShard, reminderCounters } from './stats.ts';

/**
 * What an outcome adds to the global counters (`sign` -1 takes it away): a report, unless the job
 * rolled the reminder forward with no word from the user, and the amount saved in a year, in pence
 * so totals kept by atomic ADD never drift the way float pounds would.
 */
export function outcomeCounters(outcome: RenewalOutcome, sign: 1 | -1): Record<string, number> {
  return {
    [COUNTERS.savingsReports]: outcome.result === 'rolled_forward' ? 0 : sign,
    [COUNTERS.savingsTotalPence]: sign * yearlySavingPence(outcome.saved_amount, outcome.billing),
  };
}

/** An outcome's item in `pk`: a household's holds no user id (its members are membership ids). */
function outcomeItem(outcome: RenewalOutcome, pk: string) {
  const { user_id: userId, ...rest } = outcome;
  return {
    ...itemKey(pk, keys.outcome(outcome.reminder_id, outcome.term_to!)),
    entity: ENTITY.saving,
    ...(outcome.shared ? rest : { ...rest, user_id: userId }),
  };
}

/** The home of an item the job read from the index: a household's partition, or its owner's. */
function homeOfItem(item: Record<string, unknown>, reminder: Reminder): Home {
  const pk = String(item.pk);
  const householdId = pk.startsWith(keys.household('')) ? pk.slice(keys.household('').length) : null;
  return householdId ? householdHomeOf(reminder.user_id, householdId, '') : ownHome(reminder.user_id);
}

/** The reminder's write in a transaction: only over the version read. */
function reminderWrite(
  home: Home,
  reminder: Reminder,
  read: Reminder,
  placement: { notBefore: string; nextAt: string | null },
) {
  return {
    Put: {
      Item: toItem(reminder, placement, home),
      ConditionExpression: 'updated_at = :read',
      ExpressionAttributeValues: { ':read': read.updated_at },
    },
  } satisfies LiveWrite;
}

/** The outcome's write: new (no outcome for this renewal yet), or over the one read. */
function outcomeWrite(pk: string, outcome: RenewalOutcome, existing: RenewalOutcome | undefined): LiveWrite {
  return existing
    ? {
        Put: {
          Item: outcomeItem(outcome, pk),
          ConditionExpression: 'updated_at = :read',
          ExpressionAttributeValues: { ':read': existing.updated_at },
        },
      }
    : { Put: { Item: outcomeItem(outcome, pk), ConditionExpression: ITEM_ABSENT } };
}

export class NextRenewalNotAfterError extends DomainError {
  constructor() {
    super('invalid', MESSAGES.nextRenewalNotAfter, { next_renewal_date: [MESSAGES.nextRenewalNotAfter] });
  }
}

/**
 * Records the outcome of the owner's reminder's current renewal (replacing an earlier answer for the
 * same renewal), then rolls it forward to the next renewal date given, or archives it when cancelled.
 * Undefined when the reminder is not the owner's.
 */
export async function recordOutcome(
  userId: string,
  reminderId: string,
  input: SavingsInput,
  now = new Date(),
): Promise<{ savings: RenewalOutcome; reminder: Reminder } | undefined> {
  const profile = await getProfile(userId);
  // A deleted account's still-valid token: gone, not 'not found'.
  if (!profile) throw new AccountGoneError();
  const zone = profile.timezone;
  return overVersionRead('its outcome was recorded', async () => {
    const found = await findReminder(userId, reminderId);
    if (!found) return undefined;
    const { home, item } = found;
    const reminder = reminderAt(home, item);
    const archived = reminder.archived_at !== null;
    const nextDate = archived || input.cancelled ? null : input.next_renewal_date;
    if (nextDate !== null && nextDate <= reminder.renewal_date) throw new NextRenewalNotAfterError();

    const existingItem = await getItem(home.pk, keys.outcome(reminderId, reminder.renewal_date));
    const existing = existingItem ? parseOutcome({ user_id: userId, ...existingItem }) : undefined;
    const ended = endedTerm(
      reminder,
      {
        // A cancelled reminder's renewal stays cancelled: only the amount can be corrected.
        result: archived ? 'cancelled' : resultOf(reminder, input),
        saved_amount: input.saved_amount,
        // A cancelled contract has no next price.
        new_price: input.cancelled ? null : input.new_price,
      },
      existing,
      now,
    );
    // A shared renewal's outcome is the household's, and says which member answered.
    const outcome = home.household ? { ...ended, recorded_by: home.household.membershipId } : ended;

    let after = reminder;
    // A shared reminder changed by an answer was last changed by the member who gave it (its new
    // price, say: a mail to another member must not say they told us it).
    const by = home.household ? { updated_by: home.household.membershipId } : {};
    const writes: LiveWrite[] = [outcomeWrite(home.pk, outcome, existing)];
    if (!archived && input.cancelled) {
      after = { ...reminder, ...by, archived_at: now.toISOString(), updated_at: now.toISOString() };
      writes.push(reminderWrite(home, after, reminder, { notBefore: notBeforeOf(item, zone), nextAt: null }));
    } else if (nextDate !== null) {
      after = {
        ...rolled(
          reminder,
          { renewal_date: nextDate, provider: input.new_provider, amount: input.new_price, reanchor: true },
          now,
        ),
        ...by,
      };
      writes.push(reminderWrite(home, after, reminder, await freshPlacementAt(home, after, zone, now)));
    } else {
      writes.push({
        ConditionCheck: {
          Key: itemKey(home.pk, keys.reminder(reminderId)),
          ConditionExpression: 'updated_at = :read',
          ExpressionAttributeValues: { ':read': reminder.updated_at },
        },
      });
    }
    // Changed meanwhile (an edit, the job's roll forward, another tab's answer): read again.
    await writeAt(home, writes);
    const shard = globalShard();
    const deltas = outcomeCounters(outcome, 1);
    if (existing) {
      const before = outcomeCounters(existing, -1);
      for (const [name, delta] of Object.entries(before)) deltas[name] = (deltas[name] ?? 0) + delta;
    }
    await applyCounters('outcome recorded', [{ key: shard, deltas }]);
    if (after.archived_at !== null && !archived) {
      await applyCounters('reminder cancelled', reminderCounters(reminder, -1, shard));
    } else {
      await moveCounters(reminder, after);
    }
    return { savings: outcome, reminder: after };
  });
}

/**
 * The reminder job's roll forward of a repeating reminder whose renewal passed rollAfterDays ago
 * with no outcome, as `rollOf` decides it, with 'Rolled forward automatically' in its history. When
 * the user had answered for that renewal without giving a next date, their answer stays and the
 * reminder still moves on. Returns the rolled reminder's item, so the same run can plan its overdue
 * mails; null when there was nothing to do (it does not repeat, was cancelled, or has moved on
 * meanwhile: a re-run, a retry or a user's edit).
 */
export async function rollForward(
  item: Record<string, unknown>,
  zone: string,
  now: Date,
  moveTo: string | null = null,
): Promise<Record<string, unknown> | null> {
  const reminder = parseReminder(item);
  const today = todayIn(zone, DateTime.fromJSDate(now));
  const roll = rollOf(reminder, today);
  if (!roll) return null;
  // `moveTo`: the DVLA's newer date of a kept registration, still ahead, which the terms then count from.
  const moved = moveTo !== null && moveTo > reminder.renewal_date && moveTo >= today;
  const after = rolled(
    reminder,
    { renewal_date: moved ? moveTo : roll.renewalDate, provider: null, amount: null, reanchor: moved },
    now,
  );
  const placement = {
    notBefore: roll.notBefore,
    nextAt: nextMailAt({ ...after, not_before: roll.notBefore }, zone, new Set()),
  };

  const home = homeOfItem(item, reminder);
  const answered = await getItem(home.pk, keys.outcome(reminder.id, reminder.renewal_date));
  const writes: LiveWrite[] = [reminderWrite(home, after, reminder, placement)];
  if (!answered) {
    const outcome = endedTerm(
      reminder,
      { result: 'rolled_forward', saved_amount: 0, new_price: null },
      undefined,
      now,
    );
    writes.push(outcomeWrite(home.pk, outcome, undefined));
  }
  try {
    // The job's roll of a shared reminder is the household's: no member's account is its condition.
    if (home.household) await transact(writes);
    else await writeWhileAccountExists(reminder.user_id, writes);
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException || error instanceof ConditionsFailed) return null;
    throw error;
  }
  await moveCounters(reminder, after);
  return { ...toItem(after, placement, home), ...(home.household ? { user_id: reminder.user_id } : {}) };
}

/** The ledger: every outcome of the user's renewals, the latest renewal first, and the total saved. */
export async function listSavings(userId: string): Promise<SavingsSummary> {
  const [outcomeItems, reminderItems, home] = await Promise.all([
    queryAll({ pk: keys.user(userId), sk: { beginsWith: keys.savingPrefix } }),
    queryAll({ pk: keys.user(userId), sk: { beginsWith: keys.reminderPrefix } }),
    householdHome(userId),
  ]);
  const reminders = new Map(reminderItems.map(parseReminder).map((r) => [r.id, r]));
  const own = outcomeItems.map(parseOutcome).map((record) => {
    // Older outcomes kept no title or category: the reminder's own, while it exists.
    const reminder = reminders.get(record.reminder_id);
    return record.title === '' && reminder
      ? { ...record, title: reminder.title, category: reminder.category, provider: reminder.provider }
      : record;
  });
  // The household's shared outcomes count once, for the household, apart from the caller's own.
  const shared = home
    ? (await queryAll({ pk: home.pk, sk: { beginsWith: keys.savingPrefix } })).map((item) =>
        parseOutcome({ ...item, user_id: userId, shared: true }),
      )
    : [];
  return {
    total: savingsTotalPence(own) / 100,
    household_total: home ? savingsTotalPence(shared) / 100 : null,
    records: [...own, ...shared].sort(latestFirst),
  };
}

const termDate = (r: RenewalOutcome) => r.term_to ?? r.created_at.slice(0, 10);
const latestFirst = (a: RenewalOutcome, b: RenewalOutcome) =>
  termDate(b).localeCompare(termDate(a)) || b.created_at.localeCompare(a.created_at);

/** One reminder's finished terms, the latest first. */
export async function reminderHistory(home: Home, reminder: Reminder): Promise<RenewalOutcome[]> {
  const items = await queryAll({ pk: home.pk, sk: { beginsWith: keys.savingPrefix } });
  return items
    .map((item) => parseOutcome({ user_id: home.userId, ...item }))
    .filter((r) => r.reminder_id === reminder.id)
    .map((r) => (r.title === '' ? { ...r, title: reminder.title, category: reminder.category } : r))
    .sort(latestFirst);
}
