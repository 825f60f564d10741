/**
 * 'Your renewal inbox received a letter': to the account when the renewal inbox has read a letter
 * forwarded to it and filled in a renewal, so the user knows it waits on the dashboard to be
 * checked and confirmed (nothing changes until they do). Filled into the template compiled at build
 * time (templates/inboxLetter.tsx is the React Email source, plans/inboxLetter.ts its plans).
 */
import { formatLongUkDate } from '../../shared/dates.ts';
import { prebuiltTemplate } from './fill.ts';
import { greetingName } from './greeting.ts';
import plans from './plans/inboxLetter.ts';

export const inboxLetterSubject = 'Your renewal inbox received a letter';

export interface InboxLetterProps {
  firstName: string;
  /** What was read: the provider (null when the letter did not name one) and the renewal date. */
  provider: string | null;
  renewalDate: string;
  /** The reminder the letter matched, which 'Update' on the dashboard changes; null: none did. */
  reminderTitle: string | null;
  dashboardUrl: string;
  unsubscribeUrl: string;
}

export type InboxLetterView = {
  preview: string;
  fields: { firstName: string; renewal: string; next: string; dashboardUrl: string; unsubscribeUrl: string };
};

export function inboxLetterView(props: InboxLetterProps): InboxLetterView {
  const date = formatLongUkDate(props.renewalDate);
  return {
    preview: 'Check what we read and confirm it: nothing changes until you do',
    fields: {
      firstName: greetingName(props.firstName),
      renewal: props.provider ? `${props.provider}, renewing on ${date}` : `a renewal on ${date}`,
      next:
        props.reminderTitle === null
          ? 'Check what we read on your dashboard and add it as a reminder.'
          : `It looks like your ${props.reminderTitle} reminder: check what we read on your dashboard and update it.`,
      dashboardUrl: props.dashboardUrl,
      unsubscribeUrl: props.unsubscribeUrl,
    },
  };
}

const template = prebuiltTemplate<InboxLetterView>(plans);

export async function renderInboxLetter(props: InboxLetterProps) {
  return { subject: inboxLetterSubject, ...(await template.render(inboxLetterView(props))) };
}
