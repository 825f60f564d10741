/**
 * The settings' writes of the alert channels (lambdas/store/channels/channels.ts says how they are kept):
 * saving one on, removing one, a webhook's new secret. Each checks the profile exists.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { ChannelKind } from '../../../shared/channels/kinds.ts';
import { keys } from '../../../shared/table.ts';
import { dynamo } from '../../runtime/clients.ts';
import { ITEM_EXISTS, itemKey, tableName } from '../db.ts';
import { getChannel, parseChannel, profileChannels, type StoredChannel, type StoredOf } from './channels.ts';
import { AccountGoneError, type LiveWrite } from '../liveAccount.ts';
import { ConditionsFailed, transact } from '../transact.ts';

/**
 * Writes a channel (on) and names it on the profile, in one transaction; `more` adds writes of the
 * caller's (Telegram's lookups). AccountGoneError when the profile is gone.
 */
export async function putChannel(
  userId: string,
  item: Record<string, unknown>,
  more: LiveWrite[] = [],
): Promise<StoredChannel> {
  const kind = item.kind as ChannelKind;
  try {
    await transact([profileChannels(userId, kind, true), { Put: { Item: item } }, ...more]);
  } catch (error) {
    if (error instanceof ConditionsFailed && error.failed[0]) throw new AccountGoneError();
    throw error;
  }
  return parseChannel(item);
}

/**
 * Removes a channel and takes it off the profile, in one write. Undefined when there is none (a
 * 404); else the channel removed (Telegram's chat lookup goes after it).
 */
export async function deleteChannel(userId: string, kind: ChannelKind): Promise<StoredChannel | undefined> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const existing = await getChannel(userId, kind);
    if (!existing) return undefined;
    try {
      await transact([
        profileChannels(userId, kind, false),
        {
          Delete: {
            Key: itemKey(keys.user(userId), keys.channel(kind)),
            ConditionExpression: 'version = :version',
            ExpressionAttributeValues: { ':version': existing.version },
          },
        },
      ]);
      return existing;
    } catch (error) {
      if (!(error instanceof ConditionsFailed)) throw error;
      if (error.failed[0]) throw new AccountGoneError();
      // Saved again or removed meanwhile: once more with what is there now.
    }
  }
  throw new Error('The channel kept changing while it was removed');
}

/**
 * Another signing secret for the user's webhook (its deliveries and address kept); the one it
 * replaces is kept as the previous secret, which signs too until `previousUntil`. Undefined: none.
 */
export async function setWebhookSecret(
  userId: string,
  secret: string,
  previousUntil: Date,
): Promise<StoredOf<'webhook'> | undefined> {
  try {
    const { Attributes } = await dynamo().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: itemKey(keys.user(userId), keys.channel('webhook')),
        ConditionExpression: ITEM_EXISTS,
        UpdateExpression: 'SET previous_secret = secret, previous_secret_until = :until, secret = :secret',
        ExpressionAttributeValues: { ':secret': secret, ':until': previousUntil.toISOString() },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? (parseChannel(Attributes) as StoredOf<'webhook'>) : undefined;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return undefined;
    throw error;
  }
}
