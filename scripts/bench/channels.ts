/**
 * `BENCH_CHANNELS=1 npm run bench:job`: every seeded owner with all three alert channels on, each at
 * the stack's stand-in (a Telegram chat that pressed Start, an ntfy topic, a webhook path of their
 * own), written straight into the table as the settings would write them.
 */
import type { LocalStack } from '../../lib/local/stack.ts';
import { channelItem, chatHashOf } from '../../lambdas/store/channels/index.ts';
import { ENTITY } from '../../shared/table.ts';

const NOW = new Date('2030-01-01T00:00:00.000Z');

export function withBenchChannels(
  stack: LocalStack,
  items: Record<string, unknown>[],
): {
  items: Record<string, unknown>[];
  count(): { received: number; doubled: number; first: number; last: number };
} {
  let chatId = 9_000_000;
  const out: Record<string, unknown>[] = [];
  for (const item of items) {
    if (item.entity !== ENTITY.profile) {
      out.push(item);
      continue;
    }
    const userId = String(item.user_id);
    const chat = ++chatId;
    stack.telegram.chats.set(chat, { chat_id: chat, first_name: 'Bench', blocked: false });
    out.push(
      { ...item, alert_channels: new Set(['telegram', 'ntfy', 'webhook']) },
      channelItem<'telegram'>(
        userId,
        { kind: 'telegram', chat_id: chat, chat_hash: chatHashOf(chat), chat_name: 'Bench' },
        NOW,
      ),
      channelItem<'ntfy'>(
        userId,
        { kind: 'ntfy', topic_url: `${stack.ntfy.url}/bench-${userId}`, token: null },
        NOW,
      ),
      channelItem<'webhook'>(
        userId,
        {
          kind: 'webhook',
          url: `${stack.webhooks.url}/hooks/${userId}`,
          secret: `whsec_bench${userId.replaceAll('-', '')}`,
          previous_secret: null,
          previous_secret_until: null,
          deliveries: [],
          delivery_writes: 0,
        },
        NOW,
      ),
    );
  }
  return {
    items: out,
    count() {
      const targets = [
        ...stack.telegram.messages.map((m) => `telegram ${m.chat_id}`),
        ...stack.ntfy.messages.map((m) => `ntfy ${m.topic}`),
        ...stack.webhooks.deliveries.map((d) => `webhook ${d.path}`),
      ];
      const seen = new Map<string, number>();
      for (const target of targets) seen.set(target, (seen.get(target) ?? 0) + 1);
      // When the stand-ins took the first and the last message (ms).
      const times = [
        ...stack.telegram.messages.map((m) => Date.parse(m.at)),
        ...stack.webhooks.deliveries.map((d) => Date.parse(d.at)),
      ].sort((a, b) => a - b);
      return {
        received: targets.length,
        doubled: [...seen.values()].filter((n) => n > 1).length,
        first: times[0] ?? 0,
        last: times.at(-1) ?? 0,
      };
    },
  };
}
