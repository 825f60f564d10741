/**
 * Notes in a person's Household card (lambdas/store/households/householdNotes.ts): what another member did that
 * took something from them, what a password reset did, and, after a reset, the household steps the
 * account took since it was created. Apart from shared/household.ts, whose rules the sign-in pages
 * load: only the Household card needs these, and the dates they show.
 */
import * as z from 'zod';
import { formatUkDate } from './dates.ts';

/** How long a notice of another member's change stays in the Household card (then TTL removes it). */
export const HOUSEHOLD_NOTICE_DAYS = 30;

/**
 * A note in the Household card. `taken_back`: the member who shared a reminder took it back into
 * their own list, so the others no longer see it; `who` is that member's first name as the
 * household knows them now ('A former member' once they have left).
 */
export interface TakenBackNote {
  id: string;
  kind: 'taken_back';
  at: string;
  who: string;
  title: string;
}
/**
 * `left_at_reset`: the account's first password reset took it out of the household it was in, since
 * whoever used the account before the reset may have joined it (decision 0050).
 */
export interface LeftAtResetNote {
  id: string;
  kind: 'left_at_reset';
  at: string;
}
export type HouseholdNote = TakenBackNote | LeftAtResetNote;

const ukDay = (at: string) => formatUkDate(at.slice(0, 10));

/** What the Household card says of a note. */
export function householdNoteText(note: HouseholdNote): string {
  if (note.kind === 'left_at_reset')
    return `When you reset your password on ${ukDay(note.at)}, your account left the household it was in: anyone who used your account before the reset could have joined it. To share again, ask a member to invite you.`;
  return `${note.who} took back '${note.title}' on ${ukDay(note.at)}: it is no longer shared with you.`;
}

/** A household step the account took: kept from its creation, listed after a password reset. */
export const HOUSEHOLD_ACTIVITY_KINDS = ['started', 'joined', 'invited'] as const;
export type HouseholdActivityKind = (typeof HOUSEHOLD_ACTIVITY_KINDS)[number];
export interface HouseholdActivity {
  id: string;
  kind: HouseholdActivityKind;
  at: string;
  /** Who was invited, masked (`s•••@example.com`); null for the other kinds. */
  masked_email: string | null;
}

/** After a password reset: when it was, and every household step since the account was created. */
export interface HouseholdRecord {
  reset_at: string;
  activity: HouseholdActivity[];
}

export const HOUSEHOLD_RECORD_HEADING = 'Since your account was created';

/** The Household card's words above the record. */
export const householdRecordIntro = (resetAt: string) =>
  `You reset your password on ${ukDay(resetAt)}. These are the household joins and invitations made with your account since it was created. If one of them was not you, leave the household.`;

/** One step of the record. */
export function householdActivityText(entry: HouseholdActivity): string {
  const on = ukDay(entry.at);
  if (entry.kind === 'started') return `Started a household on ${on}`;
  if (entry.kind === 'joined') return `Joined a household on ${on}`;
  return `Invited ${entry.masked_email ?? 'someone'} on ${on}`;
}

export const householdNoteParamSchema = z.object({ id: z.uuid('Invalid note id') });
