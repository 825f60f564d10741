/**
 * The rights line of the mails (shared/rights/mail.ts): a rule of the reminder page's kit, with who
 * sets it, on a category's days that matter (its action-window days, and the reminder mails of a
 * category without windows) and on no other; single and in a digest, filled as React Email renders
 * it.
 */
import { describe, expect, it } from 'vitest';
import { directFallbacks } from '../../lambdas/mail/compile.ts';
import { renderDigestMail, type DigestItem } from '../../lambdas/mail/digest.ts';
import { renderReminderMail, type ReminderMailProps } from '../../lambdas/mail/reminder.ts';
import { renderReminderMailDirect } from '../../lambdas/mail/templates/reminder.tsx';
import { renderWindowMailDirect } from '../../lambdas/mail/templates/window.tsx';
import { renderWindowMail, type WindowMailProps } from '../../lambdas/mail/window.ts';
import { CATEGORY_VALUES, type Category } from '../../shared/reminder/categories.ts';
import { DEFAULT_CONTRACT } from '../../shared/reminder/contract.ts';
import { actionWindows, WINDOW_KINDS } from '../../shared/reminder/windows.ts';
import { rightsLine } from '../../shared/rights/mail.ts';
import { RIGHTS, withWho } from '../../shared/rights/rules.ts';

const reminder = (category: Category) => ({
  id: 'r1',
  title: 'Renewal',
  provider: 'Acme',
  category,
  renewal_date: '2030-06-30',
  amount: 40,
  vehicle_date: 'mot' as const,
  ...DEFAULT_CONTRACT[category],
});
const url = 'https://example.test/r';
const lead = (category: Category): ReminderMailProps => ({
  firstName: 'Ann',
  reminder: reminder(category),
  daysLeft: 7,
  dashboardUrl: url,
  calendarUrl: url,
  unsubscribeUrl: url,
});
const windowMails = (category: Category): WindowMailProps[] =>
  actionWindows(reminder(category)).map((window) => ({
    firstName: 'Ann',
    reminder: reminder(category),
    window,
    late: false,
    url,
    unsubscribeUrl: url,
  }));

/** The line each category's mails carry, and on which mail. */
const EXPECTED: Partial<Record<Category, [string, string]>> = {
  insurance: ['best_quotes', 'insurance-renewal-price'],
  broadband_mobile: ['end_of_contract_notice', 'broadband-one-touch-switch'],
  utilities_energy: ['no_exit_fees', 'energy-end-of-fix'],
  mortgage: ['lock_in_deal', 'mortgage-charter-switch'],
  credit_cards: ['reminder', 'card-balance-transfer'],
  subscriptions: ['reminder', 'subscription-card-payments'],
};

describe('rightsLine', () => {
  it.each(CATEGORY_VALUES)('%s: one rule of its kit, with who sets it, on its day only', (category) => {
    const expected = EXPECTED[category];
    for (const kind of ['reminder', ...WINDOW_KINDS] as const) {
      const line = rightsLine({ category }, kind);
      if (expected && kind === expected[0]) {
        const rule = RIGHTS[category].find((r) => r.id === expected[1])!;
        expect(line).toBe(withWho(rule));
      } else expect(line, kind).toBeNull();
    }
  });
});

/** Every rights line any mail can carry. */
const LINES = CATEGORY_VALUES.flatMap((category) =>
  (['reminder', ...WINDOW_KINDS] as const).map((kind) => rightsLine({ category }, kind)),
).filter((line) => line !== null);
/** The rights lines a mail's text says. */
const linesIn = (text: string) => LINES.filter((line) => text.replace(/\s+/g, ' ').includes(line));

describe('the mails', () => {
  it('carry the line on the days that matter and none on the others, filled as rendered', async () => {
    const before = directFallbacks();
    for (const category of CATEGORY_VALUES) {
      const mail = await renderReminderMail(lead(category));
      expect(mail).toStrictEqual(await renderReminderMailDirect(lead(category)));
      const leadLine = rightsLine({ category }, 'reminder');
      expect(linesIn(mail.text), category).toStrictEqual(leadLine ? [leadLine] : []);
      for (const props of windowMails(category)) {
        const window = await renderWindowMail(props);
        expect(window).toStrictEqual(await renderWindowMailDirect(props));
        const windowLine = rightsLine({ category }, props.window.kind);
        expect(linesIn(window.text), props.window.kind).toStrictEqual(windowLine ? [windowLine] : []);
      }
    }
    expect(directFallbacks()).toBe(before);
  });

  it('the quote day says the FCA rule under its tip; an insurance lead mail does not', async () => {
    const [quoteDay] = windowMails('insurance');
    const { text } = await renderWindowMail(quoteDay!);
    expect(text.replace(/\s+/g, ' ')).toContain('as a new customer buying through the same channel');
    expect((await renderReminderMail(lead('insurance'))).text).not.toContain('same channel');
    expect((await renderReminderMail(lead('subscriptions'))).text.replace(/\s+/g, ' ')).toContain(
      'your bank or card issuer',
    );
  });

  it('in a digest, each item says its own', async () => {
    const items: DigestItem[] = [
      {
        kind: 'reminder',
        reminder: { ...reminder('credit_cards'), id: 'c1' },
        daysLeft: 7,
        url,
        calendarUrl: url,
      },
      {
        kind: 'reminder',
        reminder: { ...reminder('car_tax_mot'), id: 'm1' },
        daysLeft: 7,
        url,
        calendarUrl: url,
      },
    ];
    const { text } = await renderDigestMail({ firstName: 'Ann', items, unsubscribeUrl: url });
    expect(text.replace(/\s+/g, ' ')).toContain(rightsLine({ category: 'credit_cards' }, 'reminder')!);
    expect(text).not.toContain('card issuer');
  });
});
