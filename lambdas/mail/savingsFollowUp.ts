/**
 * The savings follow-up ("how did you do?"), filled into the template compiled at build time
 * (templates/savingsFollowUp.tsx is the React Email source, plans/savingsFollowUp.ts its plan).
 */
import { formatUkDate } from '../../shared/dates.ts';
import type { Reminder } from '../../shared/api.ts';
import type { OutcomeChoice } from '../../shared/reminder/outcome.ts';
import { prebuiltTemplate } from './fill.ts';
import { greetingName } from './greeting.ts';
import { withProvider } from './naming.ts';
import plans from './plans/savingsFollowUp.ts';

export interface SavingsFollowUpProps {
  firstName: string;
  reminder: Pick<Reminder, 'title' | 'provider' | 'renewal_date'>;
  savingsUrl: string;
  unsubscribeUrl: string;
}

export const savingsSubject = (title: string) => `How did you do with ${title}?`;

/** One renewal's follow-up as the strings it shows (the single mail and a digest section share it). */
export type SavingsText = {
  title: string;
  /** 'Home insurance with Aviva': the provider left out when it is the title itself. */
  named: string;
  renewalDate: string;
  /** The outcome page; each answer's link pre-selects it there (only a press on the page saves). */
  url: string;
  switchedUrl: string;
  haggledUrl: string;
  renewedUrl: string;
  cancelledUrl: string;
};

/** The outcome page with one of the four answers pre-selected. */
const withChoice = (url: string, choice: OutcomeChoice) =>
  `${url}${url.includes('?') ? '&' : '?'}choice=${choice}`;

export function savingsText(reminder: SavingsFollowUpProps['reminder'], url: string): SavingsText {
  return {
    title: reminder.title,
    named: `${reminder.title}${withProvider(reminder.title, reminder.provider)}`,
    renewalDate: formatUkDate(reminder.renewal_date),
    url,
    switchedUrl: withChoice(url, 'switched'),
    haggledUrl: withChoice(url, 'haggled'),
    renewedUrl: withChoice(url, 'renewed'),
    cancelledUrl: withChoice(url, 'cancelled'),
  };
}

export type SavingsView = { fields: SavingsText & { firstName: string; unsubscribeUrl: string } };

export function savingsView(props: SavingsFollowUpProps): SavingsView {
  return {
    fields: {
      ...savingsText(props.reminder, props.savingsUrl),
      firstName: greetingName(props.firstName),
      unsubscribeUrl: props.unsubscribeUrl,
    },
  };
}

const template = prebuiltTemplate<SavingsView>(plans);

/** The follow-up mail, filled into its compiled template. */
export async function renderSavingsFollowUp(props: SavingsFollowUpProps) {
  return { subject: savingsSubject(props.reminder.title), ...(await template.render(savingsView(props))) };
}
