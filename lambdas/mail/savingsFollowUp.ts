/**
 * The savings follow-up ("how did you do?"), filled into the template compiled at build time
 * (templates/savingsFollowUp.tsx is the React Email source, plans/savingsFollowUp.ts its plan).
 */
import { formatLongUkDate } from '../../shared/dates.ts';
import type { Reminder } from '../../shared/api.ts';
import type { OutcomeChoice } from '../../shared/reminder/outcome.ts';
import { prebuiltTemplate } from './fill.ts';
import { renewalFooter } from './footer.ts';
import { greetingName } from './greeting.ts';
import { withProvider } from './naming.ts';
import { peopleSentence, type MailMember, type PeopleOf } from './personal.ts';
import plans from './plans/savingsFollowUp.ts';

export interface SavingsFollowUpProps {
  firstName: string;
  reminder: Pick<Reminder, 'title' | 'provider' | 'renewal_date'> & PeopleOf;
  /** For a shared reminder: the member the mail goes to, and the household's first names. */
  member?: MailMember | null;
  savingsUrl: string;
  unsubscribeUrl: string;
}

export const savingsSubject = (title: string) => `How did you do with ${title}?`;

/** One renewal's follow-up as the strings it shows (the single mail and a digest section share it). */
export type SavingsText = {
  title: string;
  /** 'Home insurance with Aviva': the provider left out when it is the title itself. */
  named: string;
  /** In words: 'Thursday 7 January 2027'. */
  renewalDate: string;
  /** A shared reminder's people ('Alice added this; you deal with it.'), or null for one's own. */
  people: string | null;
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

export function savingsText(
  reminder: SavingsFollowUpProps['reminder'],
  url: string,
  member?: MailMember | null,
): SavingsText {
  return {
    title: reminder.title,
    named: `${reminder.title}${withProvider(reminder.title, reminder.provider)}`,
    renewalDate: formatLongUkDate(reminder.renewal_date),
    people: peopleSentence(reminder, member),
    url,
    switchedUrl: withChoice(url, 'switched'),
    haggledUrl: withChoice(url, 'haggled'),
    renewedUrl: withChoice(url, 'renewed'),
    cancelledUrl: withChoice(url, 'cancelled'),
  };
}

export type SavingsView = {
  fields: SavingsText & { firstName: string; unsubscribeUrl: string; footer: string };
};

export function savingsView(props: SavingsFollowUpProps): SavingsView {
  return {
    fields: {
      ...savingsText(props.reminder, props.savingsUrl, props.member),
      firstName: greetingName(props.firstName),
      unsubscribeUrl: props.unsubscribeUrl,
      footer: renewalFooter(props.reminder),
    },
  };
}

const template = prebuiltTemplate<SavingsView>(plans);

/** The follow-up mail, filled into its compiled template. */
export async function renderSavingsFollowUp(props: SavingsFollowUpProps) {
  return { subject: savingsSubject(props.reminder.title), ...(await template.render(savingsView(props))) };
}
