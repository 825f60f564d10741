/**
 * The action window mail: the best day to act on a renewal (shared/reminder/windows.ts), as strings
 * filled into the template compiled at build time (templates/window.tsx is the React Email source,
 * plans/window.ts its plans). Its subject says the action: 'Car insurance with Admiral: today is the
 * best day to get quotes'; a mail sent after the day says so.
 */
import { formatLongUkDate } from '../../shared/dates.ts';
import type { Reminder } from '../../shared/api.ts';
import type { ActionWindow } from '../../shared/reminder/windows.ts';
import { rightsLine } from '../../shared/rights/mail.ts';
import { prebuiltTemplate } from './fill.ts';
import { renewalFooter } from './footer.ts';
import { greetingName } from './greeting.ts';
import { withProvider } from './naming.ts';
import { peopleSentence, quoteSentence, sentences, type PeopleOf, type Personal } from './personal.ts';
import plans from './plans/window.ts';

export type WindowedReminder = Pick<Reminder, 'title' | 'provider' | 'renewal_date' | 'category'> &
  Partial<Pick<Reminder, 'amount'>> &
  PeopleOf;

export interface WindowMailProps extends Personal {
  firstName: string;
  reminder: WindowedReminder;
  window: ActionWindow;
  /** Sent after the window's day (a missed run caught up). */
  late: boolean;
  url: string;
  unsubscribeUrl: string;
}

const named = (reminder: WindowedReminder) =>
  `${reminder.title}${withProvider(reminder.title, reminder.provider)}`;
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function windowSubject({
  reminder,
  window,
  late,
}: Pick<WindowMailProps, 'reminder' | 'window' | 'late'>) {
  return `${named(reminder)}: ${late ? window.lateAction : window.action}`;
}

/** More sentences after a first one: ' ' and them, or '' when there is none. */
const after = (...parts: (string | null)[]) => {
  const more = sentences(...parts);
  return more === null ? '' : ` ${more}`;
};

/** The line above the comparison sites' links (templates/window.tsx lists QUOTE_SITES under it). */
export const COMPARE_QUOTES = 'Compare quotes today:';

/** One window as the strings it shows (the single mail and a digest section share it). */
export type WindowText = {
  /** 'Today is the best day to get quotes', or its late form. */
  headline: string;
  /**
   * 'Car insurance with Admiral renews on Thursday 1 April 2027.', then, when the mail goes after
   * the window's day, 'This e-mail is late: the day was …', and a shared reminder's people. One field,
   * so the template has one shape for any of them.
   */
  renewal: string;
  /**
   * 'Good days: … to ….' when the source names a range, the tip, and the category's rights line when
   * this window's day has one (shared/rights/mail.ts), or null when none: one field, as a block of
   * its own would double the compiled shapes.
   */
  advice: string | null;
  /** The cheapest quote noted for this renewal and its saving, or null when none is noted. */
  quote: string | null;
  /** COMPARE_QUOTES on the day to get quotes (with the comparison sites' links), else null. */
  compare: string | null;
  sourceName: string;
  sourceUrl: string;
  url: string;
};

export function windowText(
  reminder: WindowedReminder,
  window: ActionWindow,
  late: boolean,
  url: string,
  { quote, member }: Personal = {},
): WindowText {
  return {
    headline: capitalised(late ? window.lateAction : window.action),
    renewal: `${named(reminder)} renews on ${formatLongUkDate(reminder.renewal_date)}.${after(
      late ? `This e-mail is late: the day was ${formatLongUkDate(window.date)}.` : null,
      peopleSentence(reminder, member),
    )}`,
    advice: sentences(
      window.range
        ? `Good days: ${formatLongUkDate(window.range.from)} to ${formatLongUkDate(window.range.to)}.`
        : null,
      window.tip,
      rightsLine(reminder, window.kind),
    ),
    quote: quote ? quoteSentence(quote, reminder.amount ?? null, reminder.billing) : null,
    compare: window.compareQuotes ? COMPARE_QUOTES : null,
    sourceName: window.source.name,
    sourceUrl: window.source.url,
    url,
  };
}

export type WindowView = {
  preview: string;
  fields: WindowText & { firstName: string; unsubscribeUrl: string; footer: string };
};

export function windowView(props: WindowMailProps): WindowView {
  return {
    preview: windowSubject(props),
    fields: {
      ...windowText(props.reminder, props.window, props.late, props.url, props),
      firstName: greetingName(props.firstName),
      unsubscribeUrl: props.unsubscribeUrl,
      footer: renewalFooter(props.reminder),
    },
  };
}

const template = prebuiltTemplate<WindowView>(plans);

/** The window mail, filled into the template compiled for its shape. */
export async function renderWindowMail(props: WindowMailProps) {
  return { subject: windowSubject(props), ...(await template.render(windowView(props))) };
}
