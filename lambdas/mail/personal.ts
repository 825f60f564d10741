/**
 * What a reminder mail says to its recipient in particular: the cheapest quote they noted for this
 * renewal and what it saves, and for a reminder shared in a household (decisions 0044 and 0046) who
 * added it, who deals with it and who gave its price, said to the member reading it. Pure: the
 * sender reads the facts (lambdas/features/engine/mailContext.ts), these put them in words.
 */
import type { Reminder } from '../../shared/api.ts';
import { formatPounds } from '../../shared/dates.ts';
import { amountWithPeriod } from '../../shared/reminder/money.ts';
import { savingPerTerm } from '../../shared/reminder/quotes.ts';
import { FORMER_MEMBER } from '../../shared/reminder/sharing.ts';
import type { Repeats } from '../../shared/reminder/terms.ts';

/** The cheapest quote noted for the reminder's current renewal (shared/reminder/quotes.ts cheapestQuote). */
export interface MailQuote {
  provider: string;
  /** Per payment, as the reminder's own amount. */
  price: number;
}

/** The member a shared reminder's mail goes to, and the first names of the household's members. */
export interface MailMember {
  membershipId: string;
  /** First name by membership id: every member now in the household. */
  names: Readonly<Record<string, string>>;
}

/** What one recipient's mail says beyond the reminder: their cheapest quote, and who they are in its household. */
export interface Personal {
  /** The cheapest quote noted for the current renewal, if any. */
  quote?: MailQuote | null;
  /** For a shared reminder: the member the mail goes to, and the household's first names. */
  member?: MailMember | null;
}

/** Sentences joined with a space, or null when there is none. */
export const sentences = (...parts: (string | null)[]): string | null => {
  const said = parts.filter((part): part is string => part !== null);
  return said.length > 0 ? said.join(' ') : null;
};

/** What a mail says of a reminder's people: shared or not, and its members by membership id. */
export type PeopleOf = Partial<
  Pick<Reminder, 'shared' | 'created_by' | 'updated_by' | 'deals_with' | 'amount' | 'billing'>
>;

/**
 * 'Your cheapest quote so far: Admiral at £412.00/yr, £68.00 less than your renewal.', the saving
 * left out when the renewal price is unknown or the quote is no lower. A reminder without its
 * payments' period (older callers) shows the bare price.
 */
export function quoteSentence(
  quote: MailQuote,
  renewalPrice: number | null,
  billing: Repeats | undefined,
): string {
  const price = billing ? amountWithPeriod(quote.price, billing) : formatPounds(quote.price);
  const saving = savingPerTerm(renewalPrice, quote.price);
  const less = saving === null ? '' : `, ${formatPounds(saving)} less than your renewal`;
  return `Your cheapest quote so far: ${quote.provider} at ${price}${less}.`;
}

/**
 * A membership id as the member reading it knows the person: 'You', a first name, or a former member
 * (an id that resolves to no one now), each as a sentence starts.
 */
function who(membershipId: string | null | undefined, member: MailMember): string {
  if (membershipId === member.membershipId) return 'You';
  const name = nameOf(membershipId, member);
  return name === undefined ? FORMER_MEMBER : name || ANOTHER_MEMBER;
}

/** A member who gave no first name (an account from before it was asked). */
const ANOTHER_MEMBER = 'Another member';

const nameOf = (membershipId: string | null | undefined, member: MailMember) =>
  membershipId && Object.hasOwn(member.names, membershipId) ? member.names[membershipId] : undefined;

/** The same in the middle of a sentence: a name keeps its capital, the others do not. */
const whoWithin = (membershipId: string, member: MailMember) => {
  const name = who(membershipId, member);
  return [FORMER_MEMBER, ANOTHER_MEMBER, 'You'].includes(name) ? name.toLowerCase() : name;
};

/**
 * 'Alice added this; you deal with it.', 'Alice added this; Bob deals with it.', 'You added this;
 * nobody in particular deals with it.': a shared reminder's people, said to one member. Null for a
 * reminder of the recipient's own.
 */
export function peopleSentence(reminder: PeopleOf, member: MailMember | null | undefined): string | null {
  if (!reminder.shared || !member) return null;
  const dealer = reminder.deals_with ?? null;
  const deals =
    dealer === null
      ? 'nobody in particular deals with it'
      : dealer === member.membershipId
        ? 'you deal with it'
        : `${whoWithin(dealer, member)} deals with it`;
  return `${who(reminder.created_by, member)} added this; ${deals}.`;
}

/**
 * Who gave the price, said to the member reading it: 'You told us it costs £400.00/yr.' only to whoever
 * alone wrote the reminder (its owner; of a shared one, the member who added it and made every
 * change since), 'Alice noted it costs …' when Alice alone did, else 'It costs …'. Null when the
 * price is unknown.
 */
export function costSentence(
  reminder: PeopleOf & Pick<Reminder, 'amount'>,
  member: MailMember | null | undefined,
): string | null {
  if (reminder.amount === null) return null;
  const amount = reminder.billing
    ? amountWithPeriod(reminder.amount, reminder.billing)
    : formatPounds(reminder.amount);
  if (!reminder.shared) return `You told us it costs ${amount}.`;
  const writers = new Set([reminder.created_by ?? null, reminder.updated_by ?? reminder.created_by ?? null]);
  const [only] = writers;
  if (!member || writers.size !== 1 || !only) return `It costs ${amount}.`;
  if (only === member.membershipId) return `You told us it costs ${amount}.`;
  const name = nameOf(only, member);
  return name ? `${name} noted it costs ${amount}.` : `It costs ${amount}.`;
}
