/**
 * The digest: one mail for a user's several due mails, each renewal a section of what its own mail
 * would have said, filled into the template compiled at build time (templates/digest.tsx is the React
 * Email source, plans/digest.ts its plans).
 */
import type { Reminder } from '../../shared/api.ts';
import { prebuiltTemplate } from './fill.ts';
import { greetingName } from './greeting.ts';
import plans from './plans/digest.ts';
import { reminderText, type MailedReminder, type ReminderText } from './reminder.ts';
import { savingsText, type SavingsText } from './savingsFollowUp.ts';

/** One renewal in a digest: what its single reminder or follow-up mail would have said. */
export type DigestItem =
  | {
      kind: 'reminder';
      reminder: MailedReminder & Pick<Reminder, 'id'>;
      daysLeft: number;
      url: string;
      calendarUrl: string;
    }
  | { kind: 'savings'; reminder: Pick<Reminder, 'id' | 'title' | 'provider' | 'renewal_date'>; url: string };

export interface DigestMailProps {
  firstName: string;
  items: readonly DigestItem[];
  unsubscribeUrl: string;
}

/** A digest covers two or more renewals; one renewal goes as its own mail. */
export function digestSubject(items: readonly DigestItem[]): string {
  const [first] = items;
  if (!first || items.length < 2) throw new RangeError('A digest covers two or more renewals');
  return `${items.length} renewals to review: ${first.reminder.title} and ${items.length - 1} more`;
}

export type DigestSection =
  { kind: 'reminder'; fields: ReminderText } | { kind: 'savings'; fields: SavingsText };

export type DigestView = {
  preview: string;
  fields: { firstName: string; unsubscribeUrl: string };
  items: readonly DigestSection[];
};

export function digestSection(item: DigestItem): DigestSection {
  return item.kind === 'reminder'
    ? { kind: 'reminder', fields: reminderText(item.reminder, item.daysLeft, item.url, item.calendarUrl) }
    : { kind: 'savings', fields: savingsText(item.reminder, item.url) };
}

export function digestView({ firstName, items, unsubscribeUrl }: DigestMailProps): DigestView {
  return {
    preview: digestSubject(items),
    fields: { firstName: greetingName(firstName), unsubscribeUrl },
    items: items.map(digestSection),
  };
}

const template = prebuiltTemplate<DigestView>(plans);

/** One mail for a user's several due mails: the frame and each item's section filled from compiled parts. */
export async function renderDigestMail(props: DigestMailProps) {
  const view = digestView(props);
  return { subject: view.preview, ...(await template.render(view)) };
}
