/**
 * Notes about a person's household life, in their own partition (keys.householdNote): what another
 * member did that took something from them, such as taking back a reminder they had shared. A note
 * names people only by membership id, resolved to a first name when it is read (never copied), so
 * a member who has left reads as 'A former member'. Notices expire after HOUSEHOLD_NOTICE_DAYS.
 */
import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { HOUSEHOLD_NOTICE_DAYS, type HouseholdNote } from '../../shared/householdNotes.ts';
import { FORMER_MEMBER } from '../../shared/reminder/sharing.ts';
import { ENTITY, keys, TTL_ATTRIBUTE } from '../../shared/table.ts';
import { dynamo } from '../runtime/clients.ts';
import { logger } from '../runtime/logger.ts';
import { ITEM_EXISTS, itemKey, putItem, queryAll, tableName } from './db.ts';
import { memberNames, membershipOf, type Member } from './households.ts';

const takenBackItem = z.object({
  id: z.string(),
  kind: z.literal('taken_back'),
  at: z.string(),
  household_id: z.string(),
  by: z.string(),
  title: z.string(),
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
    const id = randomUUID();
    try {
      await putItem({
        ...itemKey(keys.user(member.user_id), keys.householdNote(id)),
        entity: ENTITY.householdNote,
        id,
        kind: 'taken_back',
        at: now.toISOString(),
        household_id: householdId,
        by,
        title,
        [TTL_ATTRIBUTE]: expires,
      });
    } catch (error) {
      logger.error('A household note was not written', { error: error as Error });
    }
  }
}

/**
 * The user's notes, newest first, each who named from the household they are in now (a note of
 * another household, or of a member who left, reads 'A former member'). Expired ones are left out
 * (TTL deletes late).
 */
export async function householdNotes(userId: string, now = new Date()): Promise<HouseholdNote[]> {
  const items = await queryAll({ pk: keys.user(userId), sk: { beginsWith: keys.householdNotePrefix } });
  const live = items.filter(
    (item) => typeof item[TTL_ATTRIBUTE] !== 'number' || item[TTL_ATTRIBUTE] * 1000 > now.getTime(),
  );
  if (live.length === 0) return [];
  const membership = await membershipOf(userId);
  const names = membership ? await memberNames(membership.household_id) : {};
  return live
    .map((item) => takenBackItem.parse(item))
    .map((note): HouseholdNote => {
      const here = note.household_id === membership?.household_id;
      return {
        id: note.id,
        kind: note.kind,
        at: note.at,
        who: (here && names[note.by]) || FORMER_MEMBER,
        title: note.title,
      };
    })
    .sort((a, b) => b.at.localeCompare(a.at));
}

/** 'Dismiss': the caller's note goes. False when they have no such note (gone, or never theirs). */
export async function dismissNote(userId: string, noteId: string): Promise<boolean> {
  try {
    await dynamo().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: itemKey(keys.user(userId), keys.householdNote(noteId)),
        ConditionExpression: ITEM_EXISTS,
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
