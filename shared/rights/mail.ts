/**
 * One line of a reminder's rights in its mails, on the days that matter: a category's action-window
 * day (the quote day, the day exit fees stop, the day an end-of-contract notice is due, the day a
 * mortgage deal can be locked in), and for a category with no window (a card's promotion, a
 * subscription) its reminder mails. The line is a rule of rights/rules.ts said with who sets it, so
 * the page and the mail never say it two ways. Pure.
 */
import type { Category } from '../reminder/categories.ts';
import type { WindowKind } from '../reminder/windows.ts';
import {
  BROADBAND_ONE_TOUCH_SWITCH,
  CARD_BALANCE_TRANSFER,
  ENERGY_END_OF_FIX,
  INSURANCE_RENEWAL_PRICE,
  MORTGAGE_CHARTER_SWITCH,
  SUBSCRIPTION_CARD_PAYMENTS,
  withWho,
  type RightsRule,
} from './rules.ts';

/** Which mail: a lead day's reminder mail, or a window mail by its window. */
export type RightsMailKind = 'reminder' | WindowKind;

/** The rule each category's mails quote, and on which of them. A car's MOT day already says its rule. */
const MAIL_RULES: Partial<Record<Category, { on: RightsMailKind; rule: RightsRule }>> = {
  insurance: { on: 'best_quotes', rule: INSURANCE_RENEWAL_PRICE },
  broadband_mobile: { on: 'end_of_contract_notice', rule: BROADBAND_ONE_TOUCH_SWITCH },
  utilities_energy: { on: 'no_exit_fees', rule: ENERGY_END_OF_FIX },
  mortgage: { on: 'lock_in_deal', rule: MORTGAGE_CHARTER_SWITCH },
  credit_cards: { on: 'reminder', rule: CARD_BALANCE_TRANSFER },
  subscriptions: { on: 'reminder', rule: SUBSCRIPTION_CARD_PAYMENTS },
};

/** The rights line of a reminder's mail of this kind, or null on a day it has none. */
export function rightsLine(reminder: { category: Category }, mailKind: RightsMailKind): string | null {
  const line = MAIL_RULES[reminder.category];
  return line && line.on === mailKind ? withWho(line.rule) : null;
}
