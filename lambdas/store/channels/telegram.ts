/**
 * Telegram's binding of a chat to an account. 'Connect Telegram' keeps the link's token hashed: in
 * the user's partition (one link at a time: a new one replaces it) and in a lookup of its own,
 * keyed by the hash, which the bot's webhook reads when '/start {token}' arrives. The link works
 * once, within TELEGRAM_LINK_MINUTES: its redemption marks both used on condition that it has not
 * expired and was not used, in the same transaction that binds the chat (DynamoDB's TTL removes
 * them later). The chat's own lookup (by the hash of its id) lets '/stop' find the account.
 *
 * What the bot's public webhook writes never deletes (the public routes may not: lib/routeRights.ts):
 * a used link is marked, a chat's lookup forgets its account, and a chat that sends /stop (or moves
 * to another account) turns the Telegram channel off with the reason, as a gone chat does.
 */
import { ENTITY, keys, TTL_ATTRIBUTE } from '../../../shared/table.ts';
import { getItem, ITEM_EXISTS, itemKey } from '../db.ts';
import { chatHashOf, chatLookupKey, releaseChat } from './telegramChat.ts';
import { TELEGRAM_OFF_REASONS } from '../../../shared/channels/kinds.ts';
import { channelItem, getChannel, profileChannels, turnChannelOff } from './channels.ts';
import { deleteChannel } from './channelWrites.ts';
import { AccountGoneError, type LiveWrite } from '../liveAccount.ts';
import { ConditionsFailed, transact } from '../transact.ts';

export { chatHashOf, releaseChat, sha256 } from './telegramChat.ts';

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

const linkLookupKey = (tokenHash: string) =>
  itemKey(keys.telegramLinkLookup(tokenHash), keys.telegramLinkEntry());

/** Keeps a new connect link's hash for the user until `expiresAt`; the user's earlier link stops working. */
export async function keepTelegramLink(userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
  const pending = await getItem(keys.user(userId), keys.telegramLink());
  const earlier = typeof pending?.token_hash === 'string' ? pending.token_hash : undefined;
  const expires = epochSeconds(expiresAt);
  try {
    await transact([
      {
        ConditionCheck: { Key: itemKey(keys.user(userId), keys.profile()), ConditionExpression: ITEM_EXISTS },
      },
      {
        Put: {
          Item: {
            ...itemKey(keys.user(userId), keys.telegramLink()),
            entity: ENTITY.telegramLink,
            token_hash: tokenHash,
            [TTL_ATTRIBUTE]: expires,
          },
        },
      },
      {
        Put: {
          Item: {
            ...linkLookupKey(tokenHash),
            entity: ENTITY.telegramLinkLookup,
            user_id: userId,
            [TTL_ATTRIBUTE]: expires,
          },
        },
      },
      ...(earlier && earlier !== tokenHash ? [{ Delete: { Key: linkLookupKey(earlier) } }] : []),
    ]);
  } catch (error) {
    if (error instanceof ConditionsFailed && error.failed[0]) throw new AccountGoneError();
    throw error;
  }
}

export type Redeemed = { connected: true; userId: string } | { connected: false };

/**
 * '/start {token}' from a chat: binds the chat to the link's account if the link is live (not used,
 * not replaced, not expired), once. A chat bound to another account before moves to this one (the
 * other account's Telegram channel goes).
 */
export async function redeemTelegramLink(
  tokenHash: string,
  chat: { id: number; name: string | null },
  now: Date,
): Promise<Redeemed> {
  const lookup = await getItem(keys.telegramLinkLookup(tokenHash), keys.telegramLinkEntry(), {
    consistent: true,
  });
  const userId = typeof lookup?.user_id === 'string' ? lookup.user_id : undefined;
  if (!userId || lookup?.used_at || Number(lookup?.[TTL_ATTRIBUTE]) <= epochSeconds(now))
    return { connected: false };
  const chatHash = chatHashOf(chat.id);
  const [previous, chatOwner] = await Promise.all([
    getChannel(userId, 'telegram'),
    getItem(keys.telegramChat(chatHash), keys.telegramChatEntry()),
  ]);
  const item = channelItem<'telegram'>(
    userId,
    { kind: 'telegram', chat_id: chat.id, chat_hash: chatHash, chat_name: chat.name },
    now,
  );
  const writes: LiveWrite[] = [
    profileChannels(userId, 'telegram', true),
    {
      Update: {
        Key: linkLookupKey(tokenHash),
        ConditionExpression: `${ITEM_EXISTS} AND user_id = :user AND ${TTL_ATTRIBUTE} > :now AND attribute_not_exists(used_at)`,
        // Used: it names no one from now on (TTL removes it).
        UpdateExpression: 'SET used_at = :used REMOVE user_id',
        ExpressionAttributeValues: { ':user': userId, ':now': epochSeconds(now), ':used': now.toISOString() },
      },
    },
    {
      Update: {
        Key: itemKey(keys.user(userId), keys.telegramLink()),
        ConditionExpression: 'token_hash = :hash',
        UpdateExpression: 'REMOVE token_hash',
        ExpressionAttributeValues: { ':hash': tokenHash },
      },
    },
    { Put: { Item: item } },
    {
      Put: {
        Item: { ...chatLookupKey(chatHash), entity: ENTITY.telegramChat, user_id: userId },
      },
    },
  ];
  try {
    await transact(writes);
  } catch (error) {
    // Used, replaced or expired in the meantime, or the account is gone.
    if (error instanceof ConditionsFailed) return { connected: false };
    throw error;
  }
  // The account's earlier chat no longer finds it.
  if (previous && previous.chat_hash !== chatHash) await releaseChat(userId, previous.chat_hash);
  const formerOwner = typeof chatOwner?.user_id === 'string' ? chatOwner.user_id : undefined;
  if (formerOwner && formerOwner !== userId) {
    // That account's Telegram channel was this chat: it is this account's now.
    const former = await getChannel(formerOwner, 'telegram');
    if (former?.chat_hash === chatHash)
      await turnChannelOff(formerOwner, former, TELEGRAM_OFF_REASONS.moved, now);
  }
  return { connected: true, userId };
}

/** The account a chat is bound to, if any. */
export async function chatOwner(chatId: number): Promise<string | undefined> {
  const item = await getItem(keys.telegramChat(chatHashOf(chatId)), keys.telegramChatEntry());
  return typeof item?.user_id === 'string' ? item.user_id : undefined;
}

/** Ends the user's Telegram channel and its chat lookup; false when there was none. */
export async function removeTelegram(userId: string): Promise<boolean> {
  const removed = await deleteChannel(userId, 'telegram');
  if (removed?.kind === 'telegram') await releaseChat(userId, removed.chat_hash);
  return removed !== undefined;
}

/** '/stop' from a chat: the account it is bound to stops getting messages there (its channel off, with why). */
export async function stopTelegramChat(chatId: number, now: Date): Promise<boolean> {
  const userId = await chatOwner(chatId);
  if (!userId) return false;
  const channel = await getChannel(userId, 'telegram');
  if (!channel || channel.chat_id !== chatId) return false;
  const stopped = await turnChannelOff(userId, channel, TELEGRAM_OFF_REASONS.stopped, now);
  await releaseChat(userId, channel.chat_hash);
  return stopped;
}

/**
 * Account deletion: the lookups outside the partition that name the account (a pending link's, the
 * chat's) go, so neither finds it again.
 */
export async function deleteTelegramLookups(userId: string): Promise<void> {
  const [pending, channel] = await Promise.all([
    getItem(keys.user(userId), keys.telegramLink(), { consistent: true }),
    getChannel(userId, 'telegram'),
  ]);
  if (typeof pending?.token_hash === 'string')
    await transact([{ Delete: { Key: linkLookupKey(pending.token_hash) } }]);
  if (!channel) return;
  try {
    await transact([
      {
        Delete: {
          Key: chatLookupKey(channel.chat_hash),
          ConditionExpression: 'user_id = :owner',
          ExpressionAttributeValues: { ':owner': userId },
        },
      },
    ]);
  } catch (error) {
    // The chat is another account's now, or forgot this one already.
    if (!(error instanceof ConditionsFailed)) throw error;
  }
}
