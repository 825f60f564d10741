/** Items the job benchmarks seed straight into the local table: profiles and indexed reminders. */
import { randomUUID } from 'node:crypto';
import { batchWriteAll } from '../../lambdas/runtime/batch.ts';
import { nextMailAt, oneOffContract, toItem } from '../../lambdas/store/reminders/index.ts';
import type { Reminder } from '../../shared/api.ts';
import type { Category } from '../../shared/reminder/categories.ts';
import { DEFAULT_COUNTRY, DEFAULT_TIMEZONE } from '../../shared/locales.ts';
import { ENTITY, keys } from '../../shared/table.ts';

/** Four writers in parallel; dynalite is single-threaded, more would only queue. */
export async function batchWrite(items: Record<string, unknown>[]): Promise<void> {
  const quarter = Math.ceil(items.length / 4);
  await Promise.all(
    [0, 1, 2, 3].map((k) =>
      batchWriteAll(items.slice(k * quarter, (k + 1) * quarter).map((Item) => ({ PutRequest: { Item } }))),
    ),
  );
}

/** A London profile that takes reminder e-mails (one digest per run, the default). */
export function benchProfile(userId: string, label = 'bench'): Record<string, unknown> {
  return {
    pk: keys.user(userId),
    sk: keys.profile(),
    entity: ENTITY.profile,
    id: userId,
    user_id: userId,
    email: `${label}.${userId}@example.com`,
    first_name: 'Bench',
    last_name: null,
    country: DEFAULT_COUNTRY,
    timezone: DEFAULT_TIMEZONE,
    marketing_consent: false,
    is_admin: false,
    lifetime_free: false,
    reminder_emails: true,
    email_per_renewal: false,
    push_reminders: true,
    push_devices: 0,
    calendar_version: 0,
    calendar_feed_hash: null,
    sessions_valid_after: 0,
    password_reset_at: null,
    created_at: '2030-01-01T00:00:00.000Z',
  };
}

export function benchReminder(userId: string, category: Category, renewalDate: string, n: number): Reminder {
  return {
    id: randomUUID(),
    user_id: userId,
    title: `Renewal ${n}`,
    category,
    provider: 'Bench Provider',
    renewal_date: renewalDate,
    ...oneOffContract(renewalDate),
    amount: 100 + (n % 900),
    notes: null,
    created_at: '2030-01-01T00:00:00.000Z',
    updated_at: '2030-01-01T00:00:00.000Z',
  };
}

/**
 * A reminder's item, placed in the next-mail index as if created on `notBefore` with nothing sent:
 * its mails dated before that day are not open.
 */
export function placed(reminder: Reminder, notBefore: string): Record<string, unknown> {
  return toItem(reminder, {
    notBefore,
    nextAt: nextMailAt({ ...reminder, not_before: notBefore }, DEFAULT_TIMEZONE, new Set()),
  });
}

/**
 * A household of `members` London members, with one shared reminder (due as `placed` says): the
 * household item, each member's MEMBER and membership items and profile, and the reminder in the
 * household's partition (decision 0046).
 */
export function benchHousehold(
  members: number,
  category: Category,
  renewalDate: string,
  notBefore: string,
  n: number,
): Record<string, unknown>[] {
  const householdId = randomUUID();
  const pk = keys.household(householdId);
  const people = Array.from({ length: members }, (_, i) => ({
    userId: randomUUID(),
    membershipId: randomUUID(),
    role: i === 0 ? 'owner' : 'member',
  }));
  const joinedAt = '2030-01-01T00:00:00.000Z';
  const reminder = { ...benchReminder(people[0]!.userId, category, renewalDate, n), shared: true };
  const home = { pk, household: { id: householdId, membershipId: people[0]!.membershipId } };
  const nextAt = nextMailAt({ ...reminder, not_before: notBefore }, DEFAULT_TIMEZONE, new Set());
  return [
    {
      pk,
      sk: keys.householdEntry(),
      entity: ENTITY.household,
      id: householdId,
      member_count: members,
      reminder_count: 1,
      created_at: joinedAt,
    },
    ...people.flatMap(({ userId, membershipId, role }) => [
      benchProfile(userId, 'household'),
      {
        pk,
        sk: keys.member(membershipId),
        entity: ENTITY.householdMember,
        membership_id: membershipId,
        user_id: userId,
        role,
        joined_at: joinedAt,
      },
      {
        pk: keys.user(userId),
        sk: keys.householdOfUser(),
        entity: ENTITY.membership,
        household_id: householdId,
        membership_id: membershipId,
        role,
        joined_at: joinedAt,
      },
    ]),
    // Every member in London with nothing sent: each member's next moment is the same, as a create places it.
    toItem(
      reminder,
      { notBefore, nextAt, memberNext: Object.fromEntries(people.map((p) => [p.membershipId, nextAt])) },
      home,
    ),
  ];
}
