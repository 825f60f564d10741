/**
 * What the bot does with an update Telegram posts to its webhook. Every update is hostile until
 * read: only a private chat's text message is looked at, and only '/start {token}' (bind the chat
 * to the link's account, once), '/start' alone and '/stop' (end it) are handled; anything else is
 * ignored. The answer carries the bot's reply to the chat as a Bot API method, so the webhook needs
 * no call of its own to Telegram.
 */
import * as z from 'zod';
import {
  TELEGRAM_REPLIES,
  TELEGRAM_TOKEN_PATTERN,
  type TelegramWebhookAnswer,
} from '../../../shared/channels/telegram.ts';
import { redeemTelegramLink, sha256, stopTelegramChat } from '../../store/channels/index.ts';

const updateSchema = z.object({
  update_id: z.number().int(),
  message: z
    .object({
      chat: z.object({ id: z.number().int().refine(Number.isSafeInteger), type: z.string().max(32) }),
      from: z
        .object({
          first_name: z.string().max(256).optional(),
          username: z.string().max(64).optional(),
        })
        .optional(),
      text: z.string().max(4096).optional(),
    })
    .optional(),
});

/** '/start', '/start@Bot' or '/stop', with what follows. */
const COMMAND = /^\/(start|stop)(?:@[A-Za-z0-9_]{1,64})?(?:\s+(\S+))?\s*$/;

const IGNORED: TelegramWebhookAnswer = { ok: true };

/** A name to show: '@username', else the first name, without control characters, at most 64. */
function chatName(from: { first_name?: string; username?: string } | undefined): string | null {
  const name = from?.username ? `@${from.username}` : from?.first_name;
  // Control and format characters (bidi marks, zero-width joiners among them) go.
  const clean = name?.replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, '').trim();
  return clean ? clean.slice(0, 64) : null;
}

export async function handleTelegramUpdate(raw: unknown, now: Date): Promise<TelegramWebhookAnswer> {
  const parsed = updateSchema.safeParse(raw);
  const message = parsed.success ? parsed.data.message : undefined;
  if (!message || message.chat.type !== 'private' || message.text === undefined) return IGNORED;
  const command = COMMAND.exec(message.text.trim());
  if (!command) return IGNORED;
  const reply = (text: string): TelegramWebhookAnswer => ({
    method: 'sendMessage',
    chat_id: message.chat.id,
    text,
  });
  const [, verb, argument] = command;
  if (verb === 'stop') {
    await stopTelegramChat(message.chat.id, now);
    return reply(TELEGRAM_REPLIES.stopped);
  }
  if (argument === undefined) return reply(TELEGRAM_REPLIES.help);
  if (!TELEGRAM_TOKEN_PATTERN.test(argument)) return reply(TELEGRAM_REPLIES.linkUsed);
  const redeemed = await redeemTelegramLink(
    sha256(argument),
    { id: message.chat.id, name: chatName(message.from) },
    now,
  );
  return reply(redeemed.connected ? TELEGRAM_REPLIES.connected : TELEGRAM_REPLIES.linkUsed);
}
