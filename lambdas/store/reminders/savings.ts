/**
 * The history of a reminder's terms and the savings ledger: one outcome per renewal, in the owner's
 * partition (keys.outcome). Recording an outcome, rolling a reminder forward and cancelling it each
 * happen in one transaction with the reminder's own write, conditional on the version read, so a
 * retry, a second tab or the reminder job can never record a renewal twice or roll a reminder twice.
 */
import { endedTerm, rolled } from '../../../shared/reminder/outcome.ts';
import { isAnswer } from '../../../shared/reminder/termAnswer.ts';
import { overVersionRead } from '../overVersion.ts';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DateTime } from 'luxon';
import type { Reminder, RenewalOutcome, SavingsSummary } from '../../../shared/api.ts';
import { savingsTotalPence, yearlySavingPence } from '../../../shared/reminder/money.ts';
import { rollOf } from '../../../shared/reminder/roll.ts';
import { todayIn } from '../../../shared/dates.ts';
import { COUNTERS, ENTITY, keys } from '../../../shared/table.ts';
import { getItem, ITEM_ABSENT, itemKey, queryAll } from '../db.ts';
import { memberOf } from '../households/index.ts';
import { parseOutcome, parseReminder } from '../items.ts';
import { AccountGoneError, writeWhileAccountExists, type LiveWrite } from '../liveAccount.ts';
import { indexEntryOf, inZone, nextMailAt, notBeforeOf, type IndexedReminder } from './nextMail.ts';
import { getProfile } from '../account/index.ts';
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
import { ConditionsFailed, transact } from '../transact.ts';
import { applyCounters, globalShard, reminderCounters } from '../counters.ts';

/**
 * What an outcome adds to the global counters (`sign` -1 takes it away): a report, unless the job
 * rolled the reminder forward with no word from the user, and the amount saved in a year, in pence
 * so totals kept by atomic ADD never drift the way float pounds would.
 */
export function outcomeCounters(outcome: RenewalOutcome, sign: 1 | -1): Record<string, number> {
  return {
    [COUNTERS.savingsReports]: isAnswer(outcome) ? sign : 0,
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

/**
 * A reminder the job may roll forward: as planned for the member whose run found it (their id on a
 * shared one), and its household when it is shared. Its `updated_at` and `renewal_date` are the
 * version the roll's write is conditional on.
 */
export interface RollTarget {
  reminder: IndexedReminder;
  householdId: string | null;
}

/** Where the job's roll writes: the household's partition, or the owner's. */
const homeOfTarget = ({ reminder, householdId }: RollTarget): Home =>
  householdId ? householdHomeOf(reminder.user_id, householdId, '') : ownHome(reminder.user_id);

/**
 * The condition of a write over the reminder as read: the same version, still on the same renewal,
 * so whatever ends a term (an answer, the job's roll) ends only the term it was decided for.
 */
const overRead = (read: Reminder) => ({
  ConditionExpression: 'updated_at = :read AND renewal_date = :term',
  ExpressionAttributeValues: { ':read': read.updated_at, ':term': read.renewal_date },
});

/** The reminder's write in a transaction: only over the version read. */
function reminderWrite(
  home: Home,
  reminder: Reminder,
  read: Reminder,
  placement: { notBefore: string; nextAt: string | null },
) {
  return { Put: { Item: toItem(reminder, placement, home), ...overRead(read) } } satisfies LiveWrite;
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

/**
 * The outcome recorded for the term ending at `term`, if any. The key is built from the reminder's
 * own renewal date only; an earlier term the request names is found among the reminder's outcomes.
 */
async function outcomeOfTerm(home: Home, reminder: Reminder, term: string) {
  const items =
    term === reminder.renewal_date
      ? [await getItem(home.pk, keys.outcome(reminder.id, reminder.renewal_date))]
      : await queryAll({ pk: home.pk, sk: { beginsWith: keys.outcome(reminder.id, '') } });
  return items
    .filter((item) => item !== undefined)
    .map((item) => parseOutcome({ user_id: home.userId, ...item }))
    .find((outcome) => outcome.term_to === term);
}

/** The first name of the member who logged a shared outcome, read only for a refusal. */
async function loggerNames(home: Home, outcome: RenewalOutcome) {
  const membershipId = outcome.recorded_by;
  if (!home.household || membershipId === null) return [];
  if (membershipId === home.household.membershipId)
    return [{ membership_id: membershipId, first_name: '', is_you: true }];
  const member = await memberOf(home.household.id, membershipId);
  const profile = member && (await getProfile(member.user_id));
  return profile ? [{ membership_id: membershipId, first_name: profile.first_name }] : [];
}

/** What the store read for an outcome: the reminder, the term answered and its outcome so far. */
export interface OutcomeRead {
  reminder: Reminder;
  /** The renewal the answer is for (the one the caller was shown, else the reminder's). */
  term: string;
  existing: RenewalOutcome | undefined;
  /** The caller's membership id on a shared reminder; null on their own. */
  membershipId: string | null;
}

/**
 * What to write for an outcome: the outcome, and the reminder after it (`move`: rolled on to its
 * next renewal, cancelled, or kept as it was, only checked not to have changed meanwhile).
 */
export interface OutcomeChange {
  outcome: RenewalOutcome;
  after: Reminder;
  move: 'roll' | 'cancel' | 'keep';
}

/** What a refusal's message may need beyond the read: the caller's zone, who logged an outcome. */
export interface OutcomeFacts {
  zone: string;
  loggerNames: (outcome: RenewalOutcome) => ReturnType<typeof loggerNames>;
}

/**
 * Records an outcome of the reminder's renewal as the use case's `decide` says on what was read (or
 * stops on its refusal), then rolls the reminder on, cancels it or keeps it as the change says: one
 * transaction over the version read, read and decided again when it changed meanwhile. `term` is
 * the renewal the caller was shown (else the one read first). Undefined when the caller cannot see
 * the reminder.
 */
export async function recordOutcome(
  userId: string,
  reminderId: string,
  shown: string | null,
  decide: (read: OutcomeRead, facts: OutcomeFacts) => Promise<OutcomeChange>,
  now = new Date(),
): Promise<{ savings: RenewalOutcome; reminder: Reminder } | undefined> {
  const profile = await getProfile(userId);
  // A deleted account's still-valid token: gone, not 'not found'.
  if (!profile) throw new AccountGoneError();
  const zone = profile.timezone;
  // Pinned before the first read: a retry after another member's answer rolled the reminder on must
  // find its term over, never answer the next one.
  let term = shown;
  return overVersionRead('record_outcome', async () => {
    const found = await findReminder(userId, reminderId);
    if (!found) return undefined;
    const { home, item } = found;
    const reminder = reminderAt(home, item);
    term ??= reminder.renewal_date;
    const existing = await outcomeOfTerm(home, reminder, term);
    const membershipId = home.household?.membershipId ?? null;
    const { outcome, after, move } = await decide(
      { reminder, term, existing, membershipId },
      { zone, loggerNames: (logged) => loggerNames(home, logged) },
    );
    const writes: LiveWrite[] = [outcomeWrite(home.pk, outcome, existing)];
    if (move === 'cancel') {
      writes.push(reminderWrite(home, after, reminder, { notBefore: notBeforeOf(item, zone), nextAt: null }));
    } else if (move === 'roll') {
      writes.push(reminderWrite(home, after, reminder, await freshPlacementAt(home, after, zone, now)));
    } else {
      writes.push({
        ConditionCheck: { Key: itemKey(home.pk, keys.reminder(reminderId)), ...overRead(reminder) },
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
    if (move === 'cancel') {
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
  target: RollTarget,
  zone: string,
  now: Date,
  moveTo: string | null = null,
): Promise<IndexedReminder | null> {
  const planned = plannedRoll(target, zone, now, moveTo);
  if (!planned) return null;
  const { reminder, after, placement, home } = planned;
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
  return planned.next;
}

/**
 * The roll forward `rollOf` decides for the item on the owner's date of `now`, as the reminder and
 * the item it would become; null when it does not roll. Nothing is read or written: rollForward
 * writes it, a dry run of the job only shows it.
 */
export function plannedRoll(target: RollTarget, zone: string, now: Date, moveTo: string | null = null) {
  // The reminder as stored: the index's own facts are written anew below.
  const { not_before: _notBefore, snoozed_until: _snoozedUntil, ...reminder } = target.reminder;
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
  const home = homeOfTarget(target);
  // The rolled reminder as the same run plans its new term, parsed as the store reads it back.
  const next = inZone(indexEntryOf(toItem(after, placement, home)), reminder.user_id, zone);
  return { reminder, after, placement, home, next };
}

/**
 * The ledger: every answer about the user's renewals and their household's shared ones, the latest
 * renewal first, and the totals saved. A term the job rolled on with no answer is no outcome: it
 * stays in its reminder's history, never in the savings.
 */
export async function listSavings(userId: string): Promise<SavingsSummary> {
  const [outcomeItems, reminderItems, home] = await Promise.all([
    queryAll({ pk: keys.user(userId), sk: { beginsWith: keys.savingPrefix } }),
    queryAll({ pk: keys.user(userId), sk: { beginsWith: keys.reminderPrefix } }),
    householdHome(userId),
  ]);
  const reminders = new Map(reminderItems.map(parseReminder).map((r) => [r.id, r]));
  const own = outcomeItems
    .map(parseOutcome)
    .filter(isAnswer)
    .map((record) => {
      // Older outcomes kept no title or category: the reminder's own, while it exists.
      const reminder = reminders.get(record.reminder_id);
      return record.title === '' && reminder
        ? { ...record, title: reminder.title, category: reminder.category, provider: reminder.provider }
        : record;
    });
  // The household's shared outcomes count once, for the household, apart from the caller's own.
  const shared = home
    ? (await queryAll({ pk: home.pk, sk: { beginsWith: keys.savingPrefix } }))
        .map((item) => parseOutcome({ ...item, user_id: userId, shared: true }))
        .filter(isAnswer)
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
