/**
 * Notes about a person's household life, in their own partition (keys.householdNote): what another
 * member did that took something from them (a reminder taken back), what their first password reset
 * did (it took them out of their household), and the household steps the account took (started a
 * household, joined one, invited someone), kept from its creation and listed after a reset. A note
 * names people only by membership id, resolved to a first name when it is read (never copied), so a
 * member who has left reads as 'A former member'. Notices of others' changes expire after
 * HOUSEHOLD_NOTICE_DAYS; the account's own steps stay with the account.
 */
import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import {
  HOUSEHOLD_ACTIVITY_KINDS,
  HOUSEHOLD_NOTICE_DAYS,
  type HouseholdActivity,
  type HouseholdActivityKind,
  type HouseholdNote,
} from '../../../shared/householdNotes.ts';
import { FORMER_MEMBER } from '../../../shared/reminder/sharing.ts';
import { ENTITY, keys, TTL_ATTRIBUTE } from '../../../shared/table.ts';
import { dynamo } from '../../runtime/clients.ts';
import { logger } from '../../runtime/logger.ts';
import { ITEM_EXISTS, itemKey, putItem, queryAll, tableName } from '../db.ts';
import { memberNames, membershipOf, type Member } from './households.ts';
import type { LiveWrite } from '../liveAccount.ts';

const noteItem = z.discriminatedUnion('kind', [
  z.object({
    id: z.string(),
    kind: z.literal('taken_back'),
    at: z.string(),
    household_id: z.string(),
    by: z.string(),
    title: z.string(),
  }),
  z.object({ id: z.string(), kind: z.literal('left_at_reset'), at: z.string() }),
  z.object({
    id: z.string(),
    kind: z.enum(HOUSEHOLD_ACTIVITY_KINDS),
    at: z.string(),
    masked_email: z.string().nullable().default(null),
  }),
]);

const noteKey = (userId: string, id: string) => itemKey(keys.user(userId), keys.householdNote(id));

/** A new note's item in `userId`'s partition. */
function noteFields(userId: string, fields: { kind: string; at: string } & Record<string, unknown>) {
  const id = randomUUID();
  return { ...noteKey(userId, id), entity: ENTITY.householdNote, id, ...fields };
}

/**
 * A household step of the account, written in the step's own transaction (the join, the
 * invitation), so the record never misses one that happened.
 */
export function activityPut(
  userId: string,
  kind: HouseholdActivityKind,
  now: Date,
  maskedEmail: string | null = null,
): LiveWrite {
  return {
    Put: { Item: noteFields(userId, { kind, at: now.toISOString(), masked_email: maskedEmail }) },
  };
}

/** What the first reset did: the account left its household (written with the reset's record). */
export const leftAtResetPut = (userId: string, now: Date): LiveWrite => ({
  Put: { Item: noteFields(userId, { kind: 'left_at_reset', at: now.toISOString() }) },
});

/**
 * Tells each member but the one who took it that a shared reminder went back into its sharer's own
 * list: one note in each member's partition. After the move, so a failure is logged and the move
 * stands (as a household's mails are).
 */
export async function tellTakenBack(
  householdId: string,
  members: readonly Member[],
  by: string,
  title: string,
  now: Date,
): Promise<void> {
  const expires = Math.floor(now.getTime() / 1000) + HOUSEHOLD_NOTICE_DAYS * 86_400;
  for (const member of members) {
    if (member.membership_id === by) continue;
    try {
      await putItem(
        noteFields(member.user_id, {
          kind: 'taken_back',
          at: now.toISOString(),
          household_id: householdId,
          by,
          title,
          [TTL_ATTRIBUTE]: expires,
        }),
      );
    } catch (error) {
      logger.error('A household note was not written', { error: error as Error });
    }
  }
}

/**
 * The user's notes (newest first, each who named from the household they are in now: a note of
 * another household, or of a member who left, reads 'A former member') and the account's household
 * steps (oldest first). Expired notes are left out (TTL deletes late).
 */
export async function householdNotes(
  userId: string,
  now = new Date(),
): Promise<{ notes: HouseholdNote[]; activity: HouseholdActivity[] }> {
  const items = (
    await queryAll({ pk: keys.user(userId), sk: { beginsWith: keys.householdNotePrefix } })
  ).filter((item) => typeof item[TTL_ATTRIBUTE] !== 'number' || item[TTL_ATTRIBUTE] * 1000 > now.getTime());
  const parsed = items.map((item) => noteItem.parse(item));
  const activity: HouseholdActivity[] = [];
  const notes: HouseholdNote[] = [];
  const takenBack = parsed.filter((note) => note.kind === 'taken_back');
  const membership = takenBack.length > 0 ? await membershipOf(userId) : undefined;
  const names = membership ? await memberNames(membership.household_id) : {};
  for (const note of parsed) {
    if (note.kind === 'taken_back') {
      const here = note.household_id === membership?.household_id;
      const who = (here && names[note.by]) || FORMER_MEMBER;
      notes.push({ id: note.id, kind: note.kind, at: note.at, who, title: note.title });
    } else if (note.kind === 'left_at_reset') notes.push(note);
    else activity.push(note);
  }
  notes.sort((a, b) => b.at.localeCompare(a.at));
  // Made in one step (a household started by its first invitation): started, then invited.
  const order = (kind: string) => HOUSEHOLD_ACTIVITY_KINDS.indexOf(kind as HouseholdActivityKind);
  activity.sort((a, b) => a.at.localeCompare(b.at) || order(a.kind) - order(b.kind));
  return { notes, activity };
}

/** 'Dismiss': the caller's note goes. False when they have no such note (gone, or never theirs). */
export async function dismissNote(userId: string, noteId: string): Promise<boolean> {
  try {
    await dynamo().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: noteKey(userId, noteId),
        // A notice only: the account's household steps stay as its record.
        ConditionExpression: `${ITEM_EXISTS} AND #kind IN (:takenBack, :left)`,
        ExpressionAttributeNames: { '#kind': 'kind' },
        ExpressionAttributeValues: { ':takenBack': 'taken_back', ':left': 'left_at_reset' },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
