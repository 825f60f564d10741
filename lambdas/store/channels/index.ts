/**
 * The channels room: a user's alert channels beside e-mail and the day's message on each. Writes the
 * items `channel` (and the profile's list of those on), `channel_send`, `telegram_link`,
 * `telegram_link_lookup` and `telegram_chat`. The only module outside this folder may import from it;
 * it builds on the sending room and the store's base.
 */

export {
  claimChannelSends,
  recordChannelFailed,
  recordChannelGone,
  recordChannelsSent,
} from './channelSends.ts';
export { deleteChannel, putChannel, setWebhookSecret } from './channelWrites.ts';
export {
  channelItem,
  getChannel,
  listChannels,
  parseChannel,
  previousSecret,
  publicChannel,
  recordWebhookDelivery,
  type StoredChannel,
  type StoredOf,
  turnChannelOff,
} from './channels.ts';
export {
  deleteTelegramLookups,
  keepTelegramLink,
  redeemTelegramLink,
  removeTelegram,
  sha256,
  stopTelegramChat,
} from './telegram.ts';
export { chatHashOf, releaseChat } from './telegramChat.ts';
