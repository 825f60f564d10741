/**
 * What a day's mails for one member come to, in few words: the push (lambdas/features/push/daily.ts) and the
 * alert channels' message (lambdas/features/channels/message.ts) each say it their own way. The items are in
 * the digest's order, each in its mail's own words (the registry's `pushLine`), a long list cut to
 * `maxLines` and 'and N more', under the push's title.
 */
import { dailyPushTitle } from '../../shared/push.ts';
import { REMINDER_MAILS, soonestFirst, type ReminderMailInput } from './registry.ts';

export interface DaySummary {
  title: string;
  /** The items in the digest's order. */
  ordered: ReminderMailInput[];
  /** Each ordered item's line, all of them. */
  lines: string[];
  /** The lines to show: at most `maxLines`, then 'and N more' (never 'and 1 more': that line shows). */
  shown: string[];
  /** Where one renewal's mail links (its own page, the mail's button's); several have none. */
  link: string | undefined;
}

/** The summary of `items` (the mails a run has for one member): pure, but for the site's address. */
export function daySummary(items: readonly ReminderMailInput[], maxLines: number): DaySummary {
  const ordered = soonestFirst(items);
  const lines = ordered.map((item) => REMINDER_MAILS[item.type].pushLine(item));
  const shown = lines.length > maxLines + 1 ? lines.slice(0, maxLines) : lines;
  const more = lines.length - shown.length;
  const renewals = new Set(items.map((item) => item.reminder.id));
  const [only] = ordered;
  return {
    title: dailyPushTitle(renewals.size),
    ordered,
    lines,
    shown: [...shown, ...(more > 0 ? [`and ${more} more`] : [])],
    link: renewals.size === 1 && only ? REMINDER_MAILS[only.type].link(only) : undefined,
  };
}
