/**
 * An amount with its period ('£10.99/month') never breaks across lines: wherever one is shown, it
 * sits in a `.nowrap` element (white-space: nowrap, base.css), as a browser may otherwise break the
 * line after the slash.
 */
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ReminderDetails, RenewalOutcome } from '#shared/api.ts';
import { setApiAuth } from '../../web/src/api/client.ts';
import { AmountText } from '../../web/src/components/AmountText.tsx';
import { ReminderCards, ReminderTable } from '../../web/src/features/reminders/components/ReminderList.tsx';
import { QuoteSuggestion } from '../../web/src/features/savings/components/QuoteSuggestion.tsx';
import { SavingsLedger } from '../../web/src/features/savings/components/SavingsLedger.tsx';
import { aReminder } from '../support/builders.ts';
import { openReminderPage } from './reminder-page.tsx';

setApiAuth({ accessToken: async () => 'test-token', accountGone: async () => undefined });

const NETFLIX = aReminder({
  title: 'Netflix',
  amount: 10.99,
  repeats: 'monthly',
  billing: 'monthly',
  date_kind: 'next_payment',
  renewal_date: '2030-03-14',
});

/** Every place `text` shows is inside a no-wrap element, and it shows at least once. */
function keptTogether(text: string) {
  const shown = screen.getAllByText(
    (_, element) => element?.textContent === text && element.children.length === 0,
  );
  for (const element of shown) expect(element.closest('.nowrap'), text).not.toBeNull();
}

const noop = () => undefined;

describe('amounts with their period stay on one line', () => {
  it('in the dashboard, as cards and as a table', () => {
    const list = { reminders: [NETFLIX], onEdit: noop, onDelete: noop, needsAnswer: false, members: null };
    const { unmount } = render(
      <MemoryRouter>
        <ReminderCards {...list} />
      </MemoryRouter>,
    );
    keptTogether('£10.99/month');
    keptTogether('£131.88/yr');
    unmount();
    render(
      <MemoryRouter>
        <ReminderTable {...list} />
      </MemoryRouter>,
    );
    keptTogether('£10.99/month');
    keptTogether('£131.88/yr');
  });

  it("on the reminder's page", async () => {
    const details: ReminderDetails = {
      reminder: NETFLIX,
      next_mail: null,
      history: [],
      snoozes: [],
      quotes: [],
    };
    openReminderPage(details);
    await screen.findByRole('heading', { name: 'Netflix', level: 1 });
    keptTogether('£10.99/month');
    keptTogether('£131.88/yr');
  });

  it('in the cheapest quote and the savings ledger', () => {
    const quote = {
      id: 'q1',
      reminder_id: NETFLIX.id,
      renewal_date: NETFLIX.renewal_date,
      provider: 'Disney+',
      price: 7.99,
      quoted_on: '2030-03-01',
      notes: null,
      renewal_offer: false,
      created_at: '2030-03-01T00:00:00.000Z',
    };
    const { unmount } = render(<QuoteSuggestion reminder={NETFLIX} quotes={[quote]} onUse={noop} />);
    keptTogether('£7.99/month');
    keptTogether('£3.00/month');
    unmount();
    const record: RenewalOutcome = {
      id: 'o1',
      reminder_id: NETFLIX.id,
      user_id: 'u1',
      title: 'Netflix',
      category: 'subscriptions',
      provider: 'Netflix',
      term_from: '2030-02-14',
      term_to: '2030-03-14',
      price: 10.99,
      new_price: 7.99,
      offer_price: null,
      notice_answer: null,
      result: 'switched',
      saved_amount: 3,
      billing: 'monthly',
      shared: false,
      recorded_by: null,
      created_at: '2030-03-15T00:00:00.000Z',
      updated_at: '2030-03-15T00:00:00.000Z',
    };
    render(
      <MemoryRouter>
        <SavingsLedger records={[record]} />
      </MemoryRouter>,
    );
    keptTogether('£3.00/month');
  });

  it('in running text, leaving the words around them free to wrap', () => {
    const { container } = render(
      <AmountText text="Saved £3.00/month, £36.00 a year (£1,200.00/yr in all)" />,
    );
    expect([...container.querySelectorAll('.nowrap')].map((e) => e.textContent)).toEqual([
      '£3.00/month',
      '£1,200.00/yr',
    ]);
    expect(container.textContent).toBe('Saved £3.00/month, £36.00 a year (£1,200.00/yr in all)');
  });

  it('leaves an amount with a period in words free to wrap, as a phone needs', () => {
    const { container, unmount } = render(<AmountText text="£1,250.50 every 5 years" />);
    expect(container.querySelectorAll('.nowrap')).toHaveLength(0);
    unmount();
    render(
      <MemoryRouter>
        <ReminderCards
          reminders={[aReminder({ title: 'Mortgage', amount: 1250.5, billing: 'five_yearly' })]}
          onEdit={noop}
          onDelete={noop}
          needsAnswer={false}
          members={null}
        />
      </MemoryRouter>,
    );
    expect(screen.getByText(/£1,250.50 every 5 years/).closest('.nowrap')).toBeNull();
  });
});
