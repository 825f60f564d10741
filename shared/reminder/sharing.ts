/**
 * Shared reminders (decision 0044): the rules both sides need. A shared reminder lives in the
 * household's partition; people in it are named by membership id, never by user id, so a departed
 * member's id names no one ('A former member').
 */
import * as z from 'zod';
import type { Category } from './categories.ts';

export const SHARED_LABEL = 'Shared with household';
export const DEALS_WITH_LABEL = 'Who deals with it?';
export const SHARED_BADGE = 'Shared';
export const FORMER_MEMBER = 'A former member';

/** The household contracts: the dialog ticks 'Shared with household' for these by default. */
export const SHARED_BY_DEFAULT: readonly Category[] = [
  'mortgage',
  'utilities_energy',
  'broadband_mobile',
  'insurance',
  'car_tax_mot',
];
export const sharedByDefault = (category: Category) => SHARED_BY_DEFAULT.includes(category);

/** Settings' 'Remind me about shared renewals'. */
export const SHARED_MAIL_LABEL = 'Remind me about shared renewals';
export const SHARED_MAIL_CHOICES = ['all', 'mine', 'none'] as const;
export type SharedMailChoice = (typeof SHARED_MAIL_CHOICES)[number];
export const SHARED_MAIL_LABELS: Record<SharedMailChoice, string> = {
  all: 'All of them',
  mine: 'Only the ones I deal with',
  none: 'None',
};

/** Whether a member whose setting is `choice` is mailed about a shared reminder `dealsWith` deals with. */
export function remindsMember(
  choice: SharedMailChoice,
  dealsWith: string | null,
  membershipId: string,
): boolean {
  if (choice === 'all') return true;
  return choice === 'mine' && dealsWith === membershipId;
}

/** The dashboard's filters. 'Mine': my own reminders and the shared ones I deal with. */
export const REMINDER_FILTERS = ['all', 'mine', 'shared'] as const;
export type ReminderFilter = (typeof REMINDER_FILTERS)[number];
export const REMINDER_FILTER_LABELS: Record<ReminderFilter, string> = {
  all: 'All',
  mine: 'Mine',
  shared: 'Shared',
};

export function matchesFilter(
  reminder: { shared: boolean; deals_with: string | null },
  filter: ReminderFilter,
  myMembershipId: string | null,
): boolean {
  if (filter === 'all') return true;
  if (filter === 'shared') return reminder.shared;
  return !reminder.shared || (myMembershipId !== null && reminder.deals_with === myMembershipId);
}

/** Who a membership id is, as the household's items show it: a member's first name, or no one now. */
export function memberName(
  membershipId: string | null,
  members: readonly { membership_id: string; first_name: string; is_you?: boolean }[],
): string | null {
  if (membershipId === null) return null;
  const member = members.find((m) => m.membership_id === membershipId);
  if (!member) return FORMER_MEMBER;
  return member.is_you ? 'You' : member.first_name;
}

/** The messages of a shared reminder's refusals. */
/** 'Share these with your household?': at most this many reminders in one request. */
export const SHARE_AT_ONCE_MAX = 100;

/** The reminders to share, by id: at least one, each once. */
export const shareRemindersSchema = z.object({
  ids: z
    .array(z.uuid('Invalid reminder id'))
    .min(1, 'Choose at least one reminder to share')
    .max(SHARE_AT_ONCE_MAX, `At most ${SHARE_AT_ONCE_MAX} reminders can be shared at once`)
    .transform((ids) => [...new Set(ids)]),
});

/** What sharing several at once did: how many moved, and how many were not the caller's to share. */
export interface SharedAtOnce {
  shared: number;
  skipped: number;
}

export const SHARING_MESSAGES = {
  dealsWithNotShared: 'Only a shared reminder has someone who deals with it',
  dealsWithNotMember: 'Choose who deals with it from your household',
  onlyItsSharerTakesBack:
    'Only the member who shared this reminder can take it back. To stop seeing it, leave it instead.',
  notShared: 'Only a shared reminder can be left.',
} as const;

/** A shared reminder's 'Leave this reminder': the member stops seeing it; the others keep it. */
export const LEAVE_SHARED_LABEL = 'Leave this reminder';

/**
 * Who may take a shared reminder back into their own list: the member who shared it, and nobody
 * else. The others may leave it (stop seeing it), which changes nothing for anyone else.
 */
export const mayTakeBack = (reminder: { shared: boolean; created_by: string | null }, membershipId: string) =>
  reminder.shared && reminder.created_by === membershipId;

/**
 * The dialog's words where 'Shared with household' would be, for a member who did not share the
 * reminder: who can take it back, and what they can do instead.
 */
export function takeBackHint(sharerName: string | null): string {
  const who =
    sharerName && sharerName !== FORMER_MEMBER
      ? `Only ${sharerName}, who shared it, can take it back.`
      : 'Only the member who shared it can take it back.';
  return `${who} To stop seeing it, use '${LEAVE_SHARED_LABEL}' on its page.`;
}

/** Whether a member who left these reminders (their membership's list) sees this one. */
export const hasLeft = (left: readonly string[] | undefined, reminderId: string) =>
  left?.includes(reminderId) ?? false;
