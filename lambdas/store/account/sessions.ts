/**
 * Ending an account's sessions (decision 0050), as the profile records it: the first second whose
 * access tokens the API takes (`sessions_valid_after`, shared/sessions.ts), and after a password
 * reset also the reset itself and every link made before it: the calendar feed moves to a new
 * address (the old lookup deleted) and a new calendar generation revokes every mailed 'Add to
 * calendar' link. Each is one write over the profile as read, so a 'Reset link' in another tab
 * meanwhile is read again, never undone.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { Profile } from '../../../shared/api.ts';
import { keys } from '../../../shared/table.ts';
import { generationOf } from '../../runtime/eventLink.ts';
import { dynamo } from '../../runtime/clients.ts';
import { getItem, ITEM_EXISTS, itemKey, tableName } from '../db.ts';
import { parseProfile } from '../items.ts';
import { AccountGoneError, type LiveWrite } from '../liveAccount.ts';
import { ConditionsFailed, transact } from '../transact.ts';

const profileKey = (userId: string) => itemKey(keys.user(userId), keys.profile());

/** Never moves back: a later end wins over an earlier one that lands after it. */
const NOT_LATER_YET = '(attribute_not_exists(sessions_valid_after) OR sessions_valid_after <= :after)';

/** 'Sign out everywhere', a password change, a first sign-in: tokens before `validAfter` are refused. */
export async function recordSessionsEnded(userId: string, validAfter: number): Promise<void> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: profileKey(userId),
        ConditionExpression: `${ITEM_EXISTS} AND ${NOT_LATER_YET}`,
        UpdateExpression: 'SET sessions_valid_after = :after',
        ExpressionAttributeValues: { ':after': validAfter },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
    // Ended at this second or later already; or the account is gone, and with it every session.
  }
}

/**
 * A password reset: tokens before `validAfter` refused, and every link made before it revoked (a
 * new feed address, a new calendar generation), in one transaction over the profile as read.
 */
export async function recordResetEnd(userId: string, validAfter: number): Promise<Profile> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const item = await getItem(keys.user(userId), keys.profile(), { consistent: true });
    if (!item) throw new AccountGoneError();
    const profile = parseProfile(item);
    const writes: LiveWrite[] = [
      {
        Update: {
          Key: profileKey(userId),
          ConditionExpression: `${ITEM_EXISTS} AND ${NOT_LATER_YET} AND (attribute_not_exists(calendar_version) OR calendar_version = :read)`,
          UpdateExpression:
            'SET sessions_valid_after = :after, calendar_version = :next, calendar_feed_hash = :none',
          ExpressionAttributeValues: {
            ':after': validAfter,
            ':read': profile.calendar_version,
            ':next': generationOf(profile.calendar_version) + 1,
            ':none': null,
          },
        },
      },
      ...(profile.calendar_feed_hash
        ? [
            {
              Delete: {
                Key: itemKey(keys.calendarFeed(profile.calendar_feed_hash), keys.calendarFeedEntry()),
              },
            },
          ]
        : []),
    ];
    try {
      await transact(writes);
      return profile;
    } catch (error) {
      if (!(error instanceof ConditionsFailed)) throw error;
      // The feed was reset (or shown) meanwhile, or a later end was recorded: read again.
    }
  }
  throw new Error('The profile kept changing while the sessions were being ended');
}

/** The reset is recorded (after the household's part), so the account's next reset is not its first. */
export async function recordPasswordReset(userId: string, at: Date, writes: LiveWrite[] = []): Promise<void> {
  try {
    await transact([
      {
        Update: {
          Key: profileKey(userId),
          ConditionExpression: ITEM_EXISTS,
          UpdateExpression: 'SET password_reset_at = :at',
          ExpressionAttributeValues: { ':at': at.toISOString() },
        },
      },
      ...writes,
    ]);
  } catch (error) {
    if (error instanceof ConditionsFailed) throw new AccountGoneError();
    throw error;
  }
}
