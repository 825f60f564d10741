/**
 * The alert channels of a user: one item per kind (a closed list) in the user's partition, so
 * account deletion takes them with the rest. This module reads them and makes the senders' writes
 * (off, a webhook's delivery); the settings' writes are in ./channelWrites.ts. The profile's `alert_channels` names the kinds that
 * are on, changed in the same transaction as each channel's own write, so the reminder job knows
 * whom to read channels for without reading anyone else's; each write checks the profile exists.
 * An address is a value of its item, never part of a key.
 */
import { randomUUID } from 'node:crypto';
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import * as z from 'zod';
import {
  DELIVERY_STATES,
  WEBHOOK_DELIVERIES_KEPT,
  type Channel,
  type ChannelKind,
  type WebhookDelivery,
} from '../../../shared/channels/kinds.ts';
import { WEBHOOK_EVENTS, WEBHOOK_SECRET_HINT_LENGTH } from '../../../shared/channels/webhook.ts';
import { ENTITY, keys } from '../../../shared/table.ts';
import { dynamo } from '../../runtime/clients.ts';
import { getItem, ITEM_EXISTS, itemKey, queryAll, tableName } from '../db.ts';
import type { LiveWrite } from '../liveAccount.ts';

const common = {
  user_id: z.string(),
  status: z.enum(['on', 'off']),
  off_reason: z.string().nullable().default(null),
  off_at: z.string().nullable().default(null),
  created_at: z.string(),
  /** A new value with each save: turning a channel off names the version it saw, so a save since stands. */
  version: z.string(),
};

const deliverySchema = z.object({
  id: z.string(),
  at: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  outcome: z.enum(DELIVERY_STATES),
  http_status: z.number().nullable(),
  summary: z.string(),
  attempt: z.number(),
});

const storedChannel = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('telegram'),
    ...common,
    chat_id: z.number(),
    chat_hash: z.string(),
    chat_name: z.string().nullable().default(null),
  }),
  z.object({
    kind: z.literal('ntfy'),
    ...common,
    topic_url: z.string(),
    token: z.string().nullable().default(null),
  }),
  z.object({
    kind: z.literal('webhook'),
    ...common,
    url: z.string(),
    secret: z.string(),
    /** The secret before the last rotation, which signs too until `previous_secret_until`. */
    previous_secret: z.string().nullable().default(null),
    previous_secret_until: z.string().nullable().default(null),
    deliveries: z.array(deliverySchema).default([]),
    /** Counts the writes of `deliveries`: each write names the count it read (no lost entry, no growth). */
    delivery_writes: z.number().default(0),
  }),
]);
/** A channel as stored: with what only the sender reads (the chat, the token, the secret). */
export type StoredChannel = z.infer<typeof storedChannel>;
export type StoredOf<K extends ChannelKind> = Extract<StoredChannel, { kind: K }>;

export const parseChannel = (item: Record<string, unknown>) => storedChannel.parse(item);

/** What the API shows of a channel: never the token, the secret or the chat's id. */
export function publicChannel(channel: StoredChannel, now: Date): Channel {
  const base = {
    status: channel.status,
    off_reason: channel.off_reason,
    off_at: channel.off_at,
    created_at: channel.created_at,
  };
  switch (channel.kind) {
    case 'telegram':
      return { kind: 'telegram', ...base, chat_name: channel.chat_name };
    case 'ntfy':
      return { kind: 'ntfy', ...base, topic_url: channel.topic_url, has_token: channel.token !== null };
    case 'webhook':
      return {
        kind: 'webhook',
        ...base,
        url: channel.url,
        secret_hint: `${channel.secret.slice(0, WEBHOOK_SECRET_HINT_LENGTH)}…`,
        previous_secret_until: previousSecret(channel, now) ? channel.previous_secret_until : null,
        deliveries: channel.deliveries,
      };
  }
}

/** The secret before the last rotation while it still signs (beside the current one), else null. */
export function previousSecret(
  webhook: Pick<StoredOf<'webhook'>, 'previous_secret' | 'previous_secret_until'>,
  now: Date,
): string | null {
  const until = webhook.previous_secret_until;
  return webhook.previous_secret && until && now.toISOString() < until ? webhook.previous_secret : null;
}

/** The user's channels, by kind (one Query of a handful of small items). */
export async function listChannels(userId: string): Promise<Map<ChannelKind, StoredChannel>> {
  const items = await queryAll({ pk: keys.user(userId), sk: { beginsWith: keys.channelPrefix } });
  return new Map(items.map((item) => parseChannel(item)).map((channel) => [channel.kind, channel]));
}

export async function getChannel<K extends ChannelKind>(
  userId: string,
  kind: K,
): Promise<StoredOf<K> | undefined> {
  const item = await getItem(keys.user(userId), keys.channel(kind));
  return item ? (parseChannel(item) as StoredOf<K>) : undefined;
}

const profileKey = (userId: string) => itemKey(keys.user(userId), keys.profile());

/** The profile's part of a channel's write: it exists, and names the kind as on (or no longer). */
export function profileChannels(userId: string, kind: ChannelKind, on: boolean): LiveWrite {
  return {
    Update: {
      Key: profileKey(userId),
      ConditionExpression: ITEM_EXISTS,
      UpdateExpression: `${on ? 'ADD' : 'DELETE'} alert_channels :kind`,
      ExpressionAttributeValues: { ':kind': new Set([kind]) },
    },
  };
}

/** The item of a channel turned on now, with its kind's own fields. */
export function channelItem<K extends ChannelKind>(
  userId: string,
  fields: Omit<StoredOf<K>, 'user_id' | 'status' | 'off_reason' | 'off_at' | 'created_at' | 'version'>,
  now: Date,
): Record<string, unknown> {
  return {
    ...itemKey(keys.user(userId), keys.channel(fields.kind)),
    entity: ENTITY.channel,
    ...fields,
    user_id: userId,
    status: 'on',
    off_reason: null,
    off_at: null,
    created_at: now.toISOString(),
    version: randomUUID(),
  };
}

/**
 * The service said the channel is gone: it turns off (kept, with the reason, so the card can say
 * why) and leaves the profile's list, in one write, only if it is still the version the sender
 * read (a save since then stands). True when this call turned it off.
 */
export async function turnChannelOff(
  userId: string,
  channel: Pick<StoredChannel, 'kind' | 'version'>,
  reason: string,
  now: Date,
): Promise<boolean> {
  // One TransactWriteItems of its own (not store/transact.ts): the senders call this, and their
  // bundle has no room for the account-write helpers that module brings.
  const profile = profileChannels(userId, channel.kind, false) as { Update: Record<string, unknown> };
  try {
    await dynamo().send(
      new TransactWriteCommand({
        TransactItems: [
          { Update: { ...profile.Update, TableName: tableName() } as never },
          {
            Update: {
              TableName: tableName(),
              Key: itemKey(keys.user(userId), keys.channel(channel.kind)),
              ConditionExpression: 'version = :version AND #status = :on',
              UpdateExpression: 'SET #status = :off, off_reason = :reason, off_at = :at',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: {
                ':version': channel.version,
                ':on': 'on',
                ':off': 'off',
                ':reason': reason,
                ':at': now.toISOString(),
              },
            },
          },
        ],
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof TransactionCanceledException) return false;
    throw error;
  }
}

/**
 * Adds a delivery to the webhook's list, newest first, keeping WEBHOOK_DELIVERIES_KEPT: a capped
 * list on the channel's own item. Each write names the count of writes it read, so two at once
 * (the day's and a test) both land, one after reading the other's. Nothing when the webhook went.
 */
export async function recordWebhookDelivery(
  userId: string,
  delivery: WebhookDelivery,
  /** The webhook as the caller read it: the first write goes over it, with no read of its own. */
  seen?: StoredOf<'webhook'>,
): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const channel = attempt === 0 && seen ? seen : await getChannel(userId, 'webhook');
    if (!channel) return;
    const deliveries = [delivery, ...channel.deliveries].slice(0, WEBHOOK_DELIVERIES_KEPT);
    try {
      await dynamo().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: itemKey(keys.user(userId), keys.channel('webhook')),
          ConditionExpression: `${ITEM_EXISTS} AND (attribute_not_exists(delivery_writes) OR delivery_writes = :seen)`,
          UpdateExpression: 'SET deliveries = :deliveries, delivery_writes = :next',
          ExpressionAttributeValues: {
            ':deliveries': deliveries,
            ':seen': channel.delivery_writes,
            ':next': channel.delivery_writes + 1,
          },
        }),
      );
      return;
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }
  throw new Error('The webhook’s deliveries kept changing: this one was not recorded');
}
