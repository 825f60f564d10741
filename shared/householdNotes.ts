/**
 * Notes in a person's Household card (lambdas/store/householdNotes.ts): what another member did that
 * took something from them. Apart from shared/household.ts, whose rules the sign-in pages load: only
 * the Household card needs these, and the dates they show.
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
export type HouseholdNote = TakenBackNote;

/** What the Household card says of a note. */
export function householdNoteText(note: HouseholdNote): string {
  return `${note.who} took back '${note.title}' on ${formatUkDate(note.at.slice(0, 10))}: it is no longer shared with you.`;
}

export const householdNoteParamSchema = z.object({ id: z.uuid('Invalid note id') });
