/**
 * The alert channels on the test stack: a member's channel set up the way the card does it (the
 * same use cases), each pointed at the stack's own stand-in, and what each stand-in received for
 * them (the reminder job with the channels' fault seams is runJob, test/support/job.ts).
 */
import { connectTelegram, saveNtfy, saveWebhook } from '../../lambdas/features/channels/settings.ts';
import type { LocalStack } from '../../lib/local/stack.ts';
import type { ChannelKind } from '../../shared/channels/kinds.ts';

/** A member's channel of `kind`, on the stack's stand-in; `name` picks the topic, path or chat. */
export interface SetUpChannel {
  kind: ChannelKind;
  /** What the stand-in received for this channel, oldest first, as text. */
  received(): string[];
  /** The webhook's signing secret (webhook only). */
  secret?: string;
  /** The Telegram chat (Telegram only). */
  chatId?: number;
}

/**
 * Sets up a channel for `userId`. `answer` makes its service answer so: 'gone' (410, or Telegram's
 * blocked bot), 'fail' (500) or 'ok'.
 */
export async function setUpChannel(
  stack: LocalStack,
  userId: string,
  kind: ChannelKind,
  answer: 'ok' | 'gone' | 'fail' = 'ok',
): Promise<SetUpChannel> {
  const name = `${answer === 'ok' ? 'topic' : answer}-${userId.slice(0, 8)}`;
  if (kind === 'ntfy') {
    const topicUrl = `${stack.ntfy.url}/${name}`;
    await saveNtfy(userId, { topic_url: topicUrl }, new Date());
    return {
      kind,
      received: () =>
        stack.ntfy.messages.filter((m) => m.topic === name).map((m) => `${m.title}\n${m.message}`),
    };
  }
  if (kind === 'webhook') {
    // The receiver answers /status/{code} with that code; the query tells members apart.
    const path = `${answer === 'ok' ? '/hooks' : `/status/${answer === 'gone' ? 410 : 500}`}?for=${name}`;
    const { secret } = await saveWebhook(userId, `${stack.webhooks.url}${path}`, new Date());
    return {
      kind,
      secret: secret ?? undefined,
      received: () => stack.webhooks.deliveries.filter((d) => d.path === path).map((d) => d.body),
    };
  }
  const { link } = await connectTelegram(userId, new Date());
  const token = new URL(link).searchParams.get('start')!;
  const pressed = await stack.telegram.pressStart({ token, firstName: name });
  if (pressed.status !== 200) throw new Error(`Start answered ${pressed.status}`);
  const chatId = pressed.chat_id;
  if (answer === 'gone') stack.telegram.chats.get(chatId)!.blocked = true;
  if (answer === 'fail')
    stack.telegram.answerFor = (id) =>
      id === chatId ? { status: 500, description: 'Internal Server Error' } : undefined;
  const connectedReply = stack.telegram.messages.filter((m) => m.chat_id === chatId).length;
  return {
    kind,
    chatId,
    received: () =>
      stack.telegram.messages
        .filter((m) => m.chat_id === chatId)
        .slice(connectedReply)
        .map((m) => m.text),
  };
}
