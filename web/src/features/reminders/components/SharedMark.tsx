import type { Reminder } from '#shared/api.ts';
import type { HouseholdMember } from '#shared/household.ts';
import { amountWithPeriod } from '#shared/reminder/money.ts';
import { FORMER_MEMBER, SHARED_BADGE, memberName } from '#shared/reminder/sharing.ts';
import { myPaymentPence, whoPaysText } from '#shared/reminder/split.ts';
import { Badge } from '../../../components/Badge.tsx';
import './SharedMark.css';

export const dealsWithText = (name: string) => `Deals with it: ${name}`;

/**
 * A shared reminder's 'Shared' badge and who deals with it ('Deals with it: Sam', 'You', 'A former
 * member'); nothing for the caller's own. Without the members (not read) the badge stands alone.
 */
export function SharedMark({
  reminder,
  members,
}: {
  reminder: Pick<Reminder, 'shared' | 'deals_with'>;
  members: readonly HouseholdMember[] | null;
}) {
  if (!reminder.shared) return null;
  const name = members ? memberName(reminder.deals_with, members) : null;
  return (
    <p className="shared-mark">
      <Badge variant="secondary">{SHARED_BADGE}</Badge>
      {name !== null && <span className="shared-mark-who">{dealsWithText(name)}</span>}
    </p>
  );
}

/** A shared reminder's 'Added by Sam · Last changed by You' (the latter once it has been changed). */
export function SharedAuthors({
  reminder,
  members,
}: {
  reminder: Pick<Reminder, 'shared' | 'created_by' | 'updated_by' | 'created_at' | 'updated_at'>;
  members: readonly HouseholdMember[] | null;
}) {
  if (!reminder.shared || members === null) return null;
  const added = memberName(reminder.created_by, members);
  const changed =
    reminder.updated_at !== reminder.created_at ? memberName(reminder.updated_by, members) : null;
  const parts = [added && `Added by ${added}`, changed && `Last changed by ${changed}`].filter(Boolean);
  if (parts.length === 0) return null;
  return <p className="shared-mark">{parts.join(' · ')}</p>;
}

/** ', by Sam' after a shared reminder's snooze or outcome, when it says who; '' otherwise. */
export function byWhom(
  membershipId: string | null | undefined,
  members: readonly HouseholdMember[] | null,
  verb = 'by',
): string {
  const name = members && membershipId ? memberName(membershipId, members) : null;
  return name ? `, ${verb} ${name}` : '';
}

/**
 * A shared reminder's 'Who pays' and, with its amount known, the reader's part of each payment
 * ('Your share': '£575.00/month'), as the reminder page lists its facts; none for an own reminder,
 * or while the members are not known.
 */
export function payFacts(
  reminder: Pick<Reminder, 'shared' | 'who_pays' | 'amount' | 'billing'>,
  members: readonly HouseholdMember[] | null,
): [string, string][] {
  if (!reminder.shared || members === null) return [];
  const nameOf = (id: string) => memberName(id, members) ?? FORMER_MEMBER;
  const facts: [string, string][] = [['Who pays', whoPaysText(reminder.who_pays, nameOf)]];
  const me = members.find((m) => m.is_you)?.membership_id ?? null;
  const ids = members.map((m) => m.membership_id);
  if (reminder.amount !== null)
    facts.push(['Your share', amountWithPeriod(myPaymentPence(reminder, me, ids) / 100, reminder.billing)]);
  return facts;
}
