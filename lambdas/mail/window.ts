/**
 * The action window mail: the best day to act on a renewal (shared/reminder/windows.ts), as strings
 * filled into the template compiled at build time (templates/window.tsx is the React Email source,
 * plans/window.ts its plans). Its subject says the action: 'Car insurance with Admiral: today is the
 * best day to get quotes'; a mail sent after the day says so.
 */
import { formatUkDate } from '../../shared/dates.ts';
import type { Reminder } from '../../shared/api.ts';
import type { ActionWindow } from '../../shared/reminder/windows.ts';
import { prebuiltTemplate } from './fill.ts';
import { greetingName } from './greeting.ts';
import { withProvider } from './naming.ts';
import plans from './plans/window.ts';

export type WindowedReminder = Pick<Reminder, 'title' | 'provider' | 'renewal_date'>;

export interface WindowMailProps {
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

/** One window as the strings it shows (the single mail and a digest section share it). */
export type WindowText = {
  /** 'Today is the best day to get quotes', or its late form. */
  headline: string;
  /** 'Car insurance with Admiral renews on 01/04/2027.' */
  renewal: string;
  /** Said only when the mail goes after the window's day, else null. */
  lateNote: string | null;
  tip: string | null;
  /** 'Good days: 04/03/2027 to 14/03/2027.' when the source names a range, else null. */
  range: string | null;
  sourceName: string;
  sourceUrl: string;
  url: string;
};

export function windowText(
  reminder: WindowedReminder,
  window: ActionWindow,
  late: boolean,
  url: string,
): WindowText {
  return {
    headline: capitalised(late ? window.lateAction : window.action),
    renewal: `${named(reminder)} renews on ${formatUkDate(reminder.renewal_date)}.`,
    lateNote: late ? `This e-mail is late: the day was ${formatUkDate(window.date)}.` : null,
    tip: window.tip,
    range: window.range
      ? `Good days: ${formatUkDate(window.range.from)} to ${formatUkDate(window.range.to)}.`
      : null,
    sourceName: window.source.name,
    sourceUrl: window.source.url,
    url,
  };
}

export type WindowView = {
  preview: string;
  fields: WindowText & { firstName: string; unsubscribeUrl: string };
};

export function windowView(props: WindowMailProps): WindowView {
  return {
    preview: windowSubject(props),
    fields: {
      ...windowText(props.reminder, props.window, props.late, props.url),
      firstName: greetingName(props.firstName),
      unsubscribeUrl: props.unsubscribeUrl,
    },
  };
}

const template = prebuiltTemplate<WindowView>(plans);

/** The window mail, filled into the template compiled for its shape. */
export async function renderWindowMail(props: WindowMailProps) {
  return { subject: windowSubject(props), ...(await template.render(windowView(props))) };
}
