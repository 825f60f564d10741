/**
 * What the day's message says on a channel, from the mails a run has for one member: the digest's
 * items in the digest's order, each in its mail's own words, under the push's title (the day's
 * summary, lambdas/mail/daySummary.ts), with a link to the reminder (one renewal) or the dashboard
 * (several). A webhook gets the same as data (shared/channels/webhook.ts).
 */
import type { WebhookRenewal } from '../../../shared/channels/webhook.ts';
import { daySummary } from '../../mail/daySummary.ts';
import { REMINDER_MAILS, type ReminderMailInput } from '../../mail/registry.ts';
import { siteLink } from '../../mail/compose.ts';

/** Lines a chat message lists before 'and N more' (Telegram and ntfy show long messages whole). */
export const MAX_LINES = 20;

export interface DayMessage {
  title: string;
  lines: string[];
  /** The absolute link the message opens. */
  url: string;
  /** The same renewals as data, for the webhook. */
  renewals: WebhookRenewal[];
}

/** The day's message for `items` (pure, but for the site's address). */
export function dayMessage(items: readonly ReminderMailInput[]): DayMessage {
  const { title, ordered, lines, shown, link } = daySummary(items, MAX_LINES);
  return {
    title,
    lines: shown,
    url: link ?? siteLink('/dashboard'),
    renewals: ordered.map((item, i) => ({
      reminder_id: item.reminder.id,
      name: item.reminder.title,
      category: item.reminder.category,
      provider: item.reminder.provider,
      kind: item.type,
      renewal_date: item.reminder.renewal_date,
      act_by: item.reminder.act_by,
      days_left: item.daysLeft,
      amount_pence: item.reminder.amount === null ? null : Math.round(item.reminder.amount * 100),
      message: lines[i]!,
      link: REMINDER_MAILS[item.type].link(item),
    })),
  };
}

/** The message as chat text: the title, a line per renewal, the link. */
export const chatText = (message: Pick<DayMessage, 'title' | 'lines' | 'url'>) =>
  [message.title, '', ...message.lines.map((line) => `• ${line}`), '', message.url].join('\n');
