/**
 * A Telegram chat's lookup (which account it is bound to, keyed by the hash of its id): what the
 * senders need of it, apart from lambdas/store/channels/telegram.ts, whose account writes they do not.
 */
import { createHash } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../../shared/table.ts';
import { dynamo } from '../../runtime/clients.ts';
import { itemKey, tableName } from '../db.ts';

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** The chat's key: the hash of its id, so no key is built from what arrived. */
export const chatHashOf = (chatId: number) => sha256(`telegram-chat:${chatId}`);

export const chatLookupKey = (chatHash: string) =>
  itemKey(keys.telegramChat(chatHash), keys.telegramChatEntry());

/**
 * The chat's lookup forgets the account, only while it still names it (a chat moved on stays). An
 * update, not a delete: the bot's public webhook calls this too.
 */
export async function releaseChat(userId: string, chatHash: string): Promise<void> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: chatLookupKey(chatHash),
        ConditionExpression: 'user_id = :owner',
        UpdateExpression: 'REMOVE user_id',
        ExpressionAttributeValues: { ':owner': userId },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}
